// Property (issue 22): random sequences of web orders paid short, in full and over (in $ and Bs.),
// approved, written off, given change or rejected, of counter sales paid mixed (Bs. and cash in
// dollars with change), of orders paid online at PayPal (its fake, at the HTTP boundary) and
// refunded in part or whole, of credit sales with abonos approved and rejected, discounts, returns
// of notas and of web and counter facturas, and rate changes, through the real API and database. After each run: the money received
// by method, in its currency, is what «Pagos recibidos» reports and what the documents were paid
// with; every document's balance is total − discount − paid and never negative; and every payment
// in divisas carries IGTF = rate × its amount (domain/igtf.ts), an abono too, apart from the note's balance. Sibling of mayor-cuentas.cobros.propiedad.test.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedPayment } from '#domain/checkout.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { DEFAULT_IGTF, igtfDePago, igtfParaCubrir } from '#domain/igtf.ts';
import { fromCents, toCents, usdToVesCents, vesToUsdCents } from '#domain/money.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { registrarVenta } from '#test/cobros.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { PUBLIC_URL, pagosEnLineaDriver } from '#test/pagos-en-linea.ts';
import { type PaypalFalso, pagarEnPaypalFalso, startPaypalFalso } from '#test/paypal-falso.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let paypal: PaypalFalso;
const enLinea = pagosEnLineaDriver('paypal', () => ({ t, stocked }));

beforeAll(async () => {
  paypal = await startPaypalFalso();
  t = await buildTestApp({ ORDENES_IMPAGAS_POR_CONTACTO: '1000', ORDENES_IMPAGAS_POR_IP: '1000', PUBLIC_URL, ...paypal.env });
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 5_000);
  await api.call('admin', 'PATCH', '/api/config/tolerancia-castigo', { tolerancia: '2' });
});

afterAll(async () => {
  await t?.close();
  await paypal?.close();
});

const RUNS = process.env.DATABASE_URL ? 30 : 20;
const STEPS = 8;

type Command =
  | {
      kind: 'orden';
      method: 'zelle' | 'pago-movil' | 'paypal';
      share: number;
      next: 'aprobar' | 'castigar' | 'rechazar' | 'resto' | 'vuelto';
    }
  | { kind: 'mostrador'; units: number; bolivares: number; extraCash: number }
  | { kind: 'paypal'; refund: number; anular: boolean }
  | { kind: 'devolucion-factura'; from: 'web' | 'mostrador' }
  | { kind: 'nota'; units: number; abono: number; method: 'zelle' | 'paypal' | 'pago-movil'; next: 'aprobado' | 'rechazado' }
  | { kind: 'descuento'; fraction: number }
  | { kind: 'devolucion' }
  | { kind: 'tasa'; rate: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('orden' as const),
      method: fc.constantFrom('zelle' as const, 'pago-movil' as const, 'paypal' as const),
      // Short, a cent of rounding, exact, or over.
      share: fc.oneof(fc.double({ min: 0.3, max: 1.3, noNaN: true }), fc.constantFrom(1, 0.995, 1.02)),
      // Change is asked for both on payments over the total and on others (refused: nothing over to give back).
      next: fc.constantFrom(
        'aprobar' as const,
        'castigar' as const,
        'rechazar' as const,
        'resto' as const,
        'vuelto' as const,
        'vuelto' as const,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('mostrador' as const),
      units: fc.integer({ min: 1, max: 3 }),
      // The share paid by pago móvil in Bs. (0: all in cash dollars), and the cash over the rest (change).
      bolivares: fc.oneof(fc.constant(0), fc.double({ min: 0.1, max: 0.9, noNaN: true })),
      extraCash: fc.integer({ min: 0, max: 2_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('paypal' as const),
      // The share refunded (0: none), or the rest refunded with the order cancelled.
      refund: fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 1, noNaN: true })),
      anular: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('devolucion-factura' as const), from: fc.constantFrom('web' as const, 'mostrador' as const) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('nota' as const),
      units: fc.integer({ min: 1, max: 4 }),
      abono: fc.double({ min: 0.1, max: 1, noNaN: true }),
      method: fc.constantFrom('zelle' as const, 'paypal' as const, 'pago-movil' as const),
      next: fc.constantFrom('aprobado' as const, 'rechazado' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('descuento' as const), fraction: fc.double({ min: 0.05, max: 0.5, noNaN: true }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('devolucion' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tasa' as const), rate: fc.integer({ min: 300_000, max: 5_000_000 }) }) },
);

let buyer = 60_000;
let ref = 900_000;
let dni = 45_000_000;
const seen = {
  corto: 0,
  castigo: 0,
  exceso: 0,
  vuelto: 0,
  resto: 0,
  rechazo: 0,
  abono: 0,
  abonoDivisas: 0,
  descuento: 0,
  devolucion: 0,
  devolucionFactura: 0,
  mostrador: 0,
  mostradorMixto: 0,
  enLinea: 0,
  reembolso: 0,
  reembolsoAnula: 0,
  tasa: 0,
};

async function ok(response: { statusCode: number; body: string }, ...allowed: number[]) {
  expect([200, 201, ...allowed], response.body).toContain(response.statusCode);
  return response.statusCode < 300;
}

function paymentOf(method: string, amountCents: number) {
  const reference = `P${++ref}`;
  return method === 'pago-movil'
    ? { method, reference, bankCode: '0134', amount: fromCents(amountCents), date: '2026-11-20' }
    : { method, reference: method === 'efectivo' ? undefined : reference, amount: fromCents(amountCents), date: '2026-11-20' };
}

async function orderRow(code: string) {
  const [o] = await rows<{ total: string; commission: string; igtf: string; igtf_basis_points: number; rate: string; step: string }>(
    t,
    sql`SELECT total::text, commission::text, igtf::text, igtf_basis_points, rate::text, step FROM ordenes_compra WHERE code = ${code}`,
  );
  return { ...o, igtfBasisPoints: o.igtf_basis_points };
}

async function reportar(code: string, method: string, share: number, email: string) {
  const order = await orderRow(code);
  const expected = expectedPayment(order, method as 'zelle').cents;
  const amount = Math.max(1, Math.round(expected * share));
  return api.registrarPago(code, paymentOf(method, amount), { email });
}

async function run(c: Command, notas: { number: string; id: number }[]) {
  if (c.kind === 'tasa') {
    await t.database.db.execute(sql`INSERT INTO tasas_cambio (amount) VALUES (${(c.rate / 10_000).toFixed(4)})`);
    seen.tasa++;
  } else if (c.kind === 'orden') {
    const b = otroComprador(++buyer);
    const { code } = await api.registrarOrden(orderBody(stocked, { buyer: b, quantity: 1 + (buyer % 3) }), randomUUID());
    await ok(await reportar(code, c.method, c.share, b.email));
    if (c.next === 'rechazar') {
      await ok(await api.confirmarPago(code, false));
      seen.rechazo++;
      return;
    }
    const castigo = c.next === 'castigar' ? 'Diferencia del banco' : '';
    const approved = await api.call('administracion', 'PATCH', '/api/orden-compra/confirmar-pago', {
      code,
      approve: true,
      note: '',
      castigo,
      excedente: c.next === 'vuelto' ? 'vuelto' : 'saldo-a-favor',
    });
    // A write-off beyond the tolerance (or of nothing), or change of no excess, is refused, and the order waits as it was.
    if (approved.statusCode === 200 && c.next === 'vuelto') seen.vuelto++;
    if (!(await ok(approved, 400))) {
      expect((await orderRow(code)).step).toBe('pago-por-confirmar');
      await ok(await api.confirmarPago(code, true));
    } else if (castigo) seen.castigo++;
    const after = await orderRow(code);
    if (after.step === 'pendiente') {
      seen.corto++;
      if (c.next === 'resto') {
        // The buyer reports what is missing, and it completes the order.
        const detail = (await api.detalle(code)).json().data;
        const missing = toCents(detail.paymentBalance.missingDivisas);
        await ok(await api.registrarPago(code, paymentOf('zelle', missing), { email: b.email }));
        await ok(await api.confirmarPago(code, true));
        expect((await orderRow(code)).step).toBe('pago-confirmado');
        seen.resto++;
      }
    } else if (c.share > 1.01) seen.exceso++;
  } else if (c.kind === 'mostrador') {
    await venderEnMostrador(c);
  } else if (c.kind === 'paypal') {
    // Paid at PayPal and captured on the buyer's return: the order's factura, paid by PayPal.
    const orden = await enLinea.orden();
    const pago = await enLinea.iniciado(orden);
    const back = await enLinea.volver(await pagarEnPaypalFalso(paypal, pago.approvalUrl));
    expect(back.statusCode, back.body).toBeLessThan(400);
    seen.enLinea++;
    if (c.refund === 0) return;
    const cents = Math.max(1, Math.floor(toCents(orden.total) * c.refund));
    const refunded = await api.reembolsar(
      'administracion',
      orden.code,
      c.anular
        ? { anular: true, note: 'El cliente desistió' }
        : { amount: fromCents(Math.min(cents, toCents(orden.total))), note: 'Rebaja' },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    if (c.anular) seen.reembolsoAnula++;
    else seen.reembolso++;
  } else if (c.kind === 'devolucion-factura') {
    const [line] = await rows<{ id: number; number: string }>(
      t,
      sql`SELECT l.id, v.number FROM venta_lineas l JOIN ventas v ON v.id = l.venta_id
           WHERE v.kind = 'factura' AND v.source = ${c.from} AND v.voided_at IS NULL AND l.returned_quantity < l.quantity
           ORDER BY v.id DESC LIMIT 1`,
    );
    if (!line) return;
    const r = await api.call('administracion', 'PATCH', '/api/mayor/cuentas/devoluciones', {
      deliveryNote: line.number,
      lineId: line.id,
      quantity: 1,
      note: 'Cambio de talla',
    });
    if (await ok(r, 400)) seen.devolucionFactura++;
  } else if (c.kind === 'nota') {
    const nota = await registrarVenta(t, {
      dni: `V-${++dni}`,
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: c.units, priceCents: 1_000 }],
    });
    notas.push({ number: nota.number, id: nota.id });
    const rate = Number(
      await (async () => (await rows<{ rate: string }>(t, sql`SELECT rate::text FROM ventas WHERE id = ${nota.id}`))[0].rate)(),
    );
    const usd = Math.max(1, Math.floor(nota.totalCents * c.abono));
    const amount = c.method === 'pago-movil' ? fromCents(Math.floor(usd * rate)) : fromCents(usd);
    const abono = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: c.method,
      reference: `AB${++ref}`,
      ...(c.method === 'pago-movil' ? { bankCode: '0134' } : {}),
      amount,
    });
    if (!(await ok(abono, 400))) return;
    await ok(
      await api.call('administracion', 'PATCH', '/api/mayor/cuentas/aprobar-abono', {
        id: abono.json().data.abono.id,
        step: c.next,
        // A rejection says why (docs/dominio.md §Cuentas por cobrar).
        ...(c.next === 'rechazado' ? { note: 'La referencia no aparece en el banco' } : {}),
      }),
    );
    seen.abono++;
    if (c.method !== 'pago-movil' && c.next === 'aprobado') seen.abonoDivisas++;
  } else if (c.kind === 'descuento' && notas.length > 0) {
    const nota = notas[notas.length - 1];
    const [{ outstanding }] = await rows<{ outstanding: string }>(
      t,
      sql`SELECT outstanding_balance::text AS outstanding FROM ventas WHERE id = ${nota.id}`,
    );
    const amount = Math.floor(toCents(outstanding) * c.fraction);
    if (amount <= 0) return;
    await ok(
      await api.call('administracion', 'PATCH', '/api/mayor/cuentas/aplicar-descuento', {
        deliveryNote: nota.number,
        amount: fromCents(amount),
      }),
      400,
    );
    seen.descuento++;
  } else if (c.kind === 'devolucion' && notas.length > 0) {
    const nota = notas[0];
    const [line] = await rows<{ id: number }>(
      t,
      sql`SELECT id FROM venta_lineas WHERE venta_id = ${nota.id} AND returned_quantity < quantity LIMIT 1`,
    );
    if (!line) return;
    const r = await api.call('administracion', 'PATCH', '/api/mayor/cuentas/devoluciones', {
      deliveryNote: nota.number,
      lineId: line.id,
      quantity: 1,
      note: 'Prueba',
    });
    if (r.statusCode < 300) seen.devolucion++;
  }
}

/**
 * A counter sale paid at once: a share by pago móvil in Bs. (exact, at today's rate) and the rest in
 * cash dollars, given over by `extraCash` cents (the change), as a cashier takes it.
 */
async function venderEnMostrador(c: Extract<Command, { kind: 'mostrador' }>) {
  const body = (payments: object[]) => ({
    cliente: { dni: `V-${++dni}`, name: 'Cliente de Mostrador' },
    tiendaId: stocked.storeId,
    lines: [{ articleCode: stocked.article, quantity: c.units }],
    condition: 'contado',
    payments,
  });
  // What it costs first (a quote is the sale refused with what is missing, nothing written): all of it in Bs.
  const [{ rate }] = await rows<{ rate: string }>(t, sql`SELECT amount::text AS rate FROM tasas_cambio ORDER BY id DESC LIMIT 1`);
  const quote = await vender(body([{ method: 'efectivo-bs', amount: '100.00' }]));
  expect(quote.statusCode, quote.body).toBe(400);
  const total = /el total es \$ ([\d.]+,\d{2})/.exec(quote.json().message)?.[1];
  expect(total, quote.body).toBeTruthy();
  const dueCents = toCents(String(total).replace(/\./g, '').replace(',', '.'));
  const vesCents = Math.floor(usdToVesCents(dueCents, rate) * c.bolivares);
  const payments: object[] = [];
  if (vesCents > 0) payments.push({ method: 'pago-movil', amount: fromCents(vesCents), reference: `M${++ref}`, bankCode: '0134' });
  const restUsd = dueCents - vesToUsdCents(vesCents, rate);
  // Cash in dollars covers the rest and its IGTF (DEFAULT_IGTF), plus what comes back as change.
  payments.push({ method: 'efectivo', amount: fromCents(restUsd + igtfParaCubrir(restUsd, DEFAULT_IGTF) + 2 + c.extraCash) });
  const sale = await vender(body(payments));
  expect(sale.statusCode, sale.body).toBe(201);
  seen.mostrador++;
  if (vesCents > 0) seen.mostradorMixto++;
}

async function vender(body: object) {
  return api.call('vendedor-admin', 'POST', '/api/ventas/registrar', body, { 'idempotency-key': randomUUID() });
}

async function checkBooks() {
  // Money received by method, in its currency: the payments and approved abonos (not discounts) of the
  // documents that stand (a voided sale leaves the books with its money, given back) and the open anticipos…
  const received = await rows<{ method: string; currency: string; amount: string; usd: string; n: number }>(
    t,
    sql`SELECT method, currency, sum(amount)::text AS amount, sum(usd)::text AS usd, count(*)::int AS n FROM (
          SELECT p.method, p.currency, p.amount - p.change AS amount, p.amount_usd AS usd FROM venta_pagos p
           WHERE NOT EXISTS (SELECT 1 FROM ventas v WHERE v.id = p.venta_id AND v.voided_at IS NOT NULL)
          UNION ALL
          SELECT n.method, n.currency, n.amount, n.amount_usd FROM venta_anticipos n WHERE n.venta_id IS NULL
          UNION ALL
          SELECT a.method, a.currency, a.amount, a.total + a.igtf FROM abonos a WHERE a.step = 'aprobado' AND a.reference <> 'descuento'
             AND NOT EXISTS (SELECT 1 FROM ventas v WHERE v.id = a.venta_id AND v.voided_at IS NOT NULL)) x
        GROUP BY method, currency ORDER BY method, currency`,
  );
  // …is the approved money of the orders that became a sale, and what the report says.
  const today = caracasIsoDate(new Date());
  const report = await api.call('admin', 'GET', `/api/ventas/pagos?filter_advance[date_from]=2000-01-01&filter_advance[date_to]=${today}`);
  expect(report.statusCode, report.body).toBe(200);
  const resumen = (report.json().resumen as { method: string; currency: string; amount: string; amountUsd: string; pagos: number }[])
    .map((r) => ({ method: r.method, currency: r.currency, amount: r.amount, usd: r.amountUsd, n: r.pagos }))
    .sort((a, b) => `${a.method}/${a.currency}`.localeCompare(`${b.method}/${b.currency}`));
  expect(resumen).toEqual(received.map((r) => ({ ...r, amount: fromCents(toCents(r.amount)), usd: fromCents(toCents(r.usd)) })));
  // Refunds went out: on their own line, what the standing sales booked, and what PayPal refunded of them.
  const [refunds] = await rows<{ booked: string | null }>(
    t,
    sql`SELECT sum(r.amount_usd)::text AS booked FROM venta_reembolsos r JOIN ventas v ON v.id = r.venta_id WHERE v.voided_at IS NULL`,
  );
  expect(toCents(report.json().reembolsos.amountUsd)).toBe(toCents(refunds.booked ?? '0'));
  const [{ done }] = await rows<{ done: string | null }>(
    t,
    sql`SELECT sum(amount)::text AS done FROM pagos_en_linea_reembolsos WHERE status = 'hecho'`,
  );
  const [{ all }] = await rows<{ all: string | null }>(t, sql`SELECT sum(amount_usd)::text AS "all" FROM venta_reembolsos`);
  expect(toCents(all ?? '0')).toBe(toCents(done ?? '0'));
  const [orders] = await rows<{ approved: string | null; booked: string | null }>(
    t,
    sql`SELECT (SELECT sum(p.amount) FROM orden_pagos p JOIN ventas v ON v.order_id = p.order_id WHERE p.status = 'aprobado' AND v.kind = 'factura')::text AS approved,
               (SELECT sum(p.amount) FROM venta_pagos p JOIN ventas v ON v.id = p.venta_id WHERE v.source = 'web')::text AS booked`,
  );
  expect(toCents(orders.approved ?? '0')).toBe(toCents(orders.booked ?? '0'));
  // …and what was approved on orders that are not a sale yet (short, waiting or cancelled) is their open anticipos.
  const [pending] = await rows<{ approved: string | null; anticipos: string | null }>(
    t,
    sql`SELECT (SELECT sum(p.amount) FROM orden_pagos p WHERE p.status = 'aprobado'
                   AND NOT EXISTS (SELECT 1 FROM ventas v WHERE v.order_id = p.order_id))::text AS approved,
               (SELECT sum(n.amount) FROM venta_anticipos n WHERE n.venta_id IS NULL)::text AS anticipos`,
  );
  expect(toCents(pending.anticipos ?? '0')).toBe(toCents(pending.approved ?? '0'));
  // What the documents were paid with: paid + credit in favour = the money booked on them.
  const docs = await rows<{
    id: number;
    total: string;
    discount: string;
    paid: string;
    outstanding: string;
    credit: string;
    money: string;
    source: string;
    kind: string;
    returned: string;
    voided: boolean;
  }>(
    t,
    sql`SELECT v.id, v.total::text, v.discount::text, v.balance_paid::text AS paid, v.outstanding_balance::text AS outstanding,
               v.credit_in_favor::text AS credit, v.source, v.kind, v.devoluciones::text AS returned,
               (coalesce((SELECT sum(amount_usd) FROM venta_pagos WHERE venta_id = v.id), 0)
                + coalesce((SELECT sum(total) FROM abonos WHERE venta_id = v.id AND step = 'aprobado' AND reference <> 'descuento'), 0)
                - coalesce((SELECT sum(amount_usd) FROM venta_reembolsos WHERE venta_id = v.id), 0))::text AS money,
               v.voided_at IS NOT NULL AS voided
          FROM ventas v`,
  );
  for (const d of docs) {
    expect(toCents(d.outstanding)).toBe(toCents(d.total) - toCents(d.discount) - toCents(d.paid));
    expect(toCents(d.outstanding)).toBeGreaterThanOrEqual(0);
    // A factura, web or counter, that stands: every cent received (less the change given back and
    // what was refunded) is paid or the customer's credit (a return moves paid to credit).
    if (!d.voided && (d.source === 'web' || d.kind === 'factura'))
      expect(toCents(d.paid) + toCents(d.credit), `documento ${d.id}`).toBe(toCents(d.money));
  }
  // IGTF = the rate × each payment in divisas on what the store keeps of it (its amount less the
  // change given back), web or counter; the document's IGTF is the sum of its payments'.
  const igtf = await rows<{ currency: string; amount: string; igtf: string; bp: number | null; docIgtf: string; sumIgtf: string }>(
    t,
    sql`SELECT p.currency, (p.amount - p.change)::text AS amount, p.igtf::text, v.igtf_basis_points AS bp, v.igtf::text AS "docIgtf",
               (SELECT sum(q.igtf) FROM venta_pagos q WHERE q.venta_id = v.id)::text AS "sumIgtf"
          FROM venta_pagos p JOIN ventas v ON v.id = p.venta_id WHERE v.source = 'web' OR v.kind = 'factura'`,
  );
  for (const p of igtf) {
    const expected = igtfDePago(p.currency as 'USD', toCents(p.amount), { charged: Boolean(p.bp), basisPoints: p.bp ?? 0 });
    expect(toCents(p.igtf)).toBe(expected);
    expect(toCents(p.docIgtf)).toBe(toCents(p.sumIgtf));
  }
  // An abono in divisas carries IGTF = the store's rate × what was received, apart from the note: it
  // pays total to the note and amount = total + IGTF; in bolívares (or a discount), none.
  const abonoRows = await rows<{
    venta_id: number;
    step: string;
    currency: string;
    amount: string;
    total: string;
    igtf: string;
    reference: string;
  }>(t, sql`SELECT venta_id, step, currency, amount::text, total::text, igtf::text, reference FROM abonos`);
  const approvedIgtf = new Map<number, number>();
  for (const a of abonoRows) {
    const descuento = a.reference === 'descuento';
    const expected = descuento ? 0 : igtfDePago(a.currency as 'USD', toCents(a.currency === 'USD' ? a.amount : a.total), DEFAULT_IGTF);
    expect(toCents(a.igtf)).toBe(expected);
    if (a.currency === 'USD' && !descuento) expect(toCents(a.amount)).toBe(toCents(a.total) + toCents(a.igtf));
    if (a.step === 'aprobado') approvedIgtf.set(a.venta_id, (approvedIgtf.get(a.venta_id) ?? 0) + expected);
  }
  // The IGTF of a nota = the rate × its approved abonos in divisas, one payment at a time; a rejected abono adds none…
  const notaIgtf = await rows<{ id: number; igtf: string }>(
    t,
    sql`SELECT venta_id AS id, sum(igtf)::text AS igtf FROM abonos WHERE step = 'aprobado' GROUP BY venta_id`,
  );
  for (const n of notaIgtf) expect(toCents(n.igtf)).toBe(approvedIgtf.get(n.id) ?? 0);
  // …and it is never paid on the note: a counter nota's paid is what its standing abonos put on it.
  const counterNotes = await rows<{ id: number; paid: string; abonado: string }>(
    t,
    sql`SELECT v.id, v.balance_paid::text AS paid,
               coalesce((SELECT sum(total) FROM abonos WHERE venta_id = v.id AND step <> 'rechazado' AND reference <> 'descuento'), 0)::text AS abonado
          FROM ventas v WHERE v.kind = 'nota-entrega' AND v.source = 'mostrador'
            AND NOT EXISTS (SELECT 1 FROM venta_pagos p WHERE p.venta_id = v.id)
            AND NOT EXISTS (SELECT 1 FROM devoluciones d WHERE d.venta_id = v.id)`,
  );
  for (const n of counterNotes) expect(toCents(n.paid)).toBe(toCents(n.abonado));
}

describe('propiedad: el dinero recibido cuadra en cada canal', () => {
  it(`${RUNS} corridas de hasta ${STEPS} pasos: recibido por método = reporte = lo pagado de los documentos; saldos ≥ 0; IGTF = tasa × divisas (pagos y abonos aprobados, aparte del saldo)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: STEPS }), async (commands) => {
        const notas: { number: string; id: number }[] = [];
        for (const c of commands) await run(c, notas);
        await checkBooks();
      }),
      { numRuns: RUNS, seed: 22 },
    );
    // The runs went through the interesting cases.
    expect(seen.corto).toBeGreaterThan(0);
    expect(seen.abono).toBeGreaterThan(0);
    expect(seen.abonoDivisas).toBeGreaterThan(0);
    expect(seen.tasa).toBeGreaterThan(0);
    expect(seen.mostradorMixto).toBeGreaterThan(0);
    expect(seen.devolucionFactura).toBeGreaterThan(0);
    expect(seen.vuelto).toBeGreaterThan(0);
    expect(seen.enLinea).toBeGreaterThan(0);
    expect(seen.reembolso).toBeGreaterThan(0);
    expect(seen.reembolsoAnula).toBeGreaterThan(0);
  }, 600_000);
});
