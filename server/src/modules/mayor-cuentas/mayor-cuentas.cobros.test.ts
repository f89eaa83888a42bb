// Receivables through the API: lists by type and age, a note with its abonos, the customer's
// statement, abonos registered, approved and rejected (docs/dominio.md §Cuentas por cobrar), discounts, returns through the
// stock ledger, one payment reference across orders and abonos, and races between staff.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { montoEnDivisasParaCubrir } from '#domain/abono.ts';
import type { BillWithAbonos, Receivable, ReceivableClient } from '#domain/contracts/mayor-cuentas.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { DEFAULT_IGTF } from '#domain/igtf.ts';
import { toCents, vesToUsdCents } from '#domain/money.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { registrarVenta, storedNote } from '#test/cobros.ts';
import { BUYERS_AT_ONCE, type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let dniCounter = 30_000_000;
const nextDni = () => `V-${++dniCounter}`;

beforeAll(async () => {
  t = await buildTestApp({ ORDENES_IMPAGAS_POR_CONTACTO: '100', ORDENES_IMPAGAS_POR_IP: '100' });
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 500);
  // The balance mechanics below count round dollars with the IGTF off; the last block turns it on
  // for the IGTF of abonos in divisas.
  expect((await api.call('admin', 'PATCH', '/api/config/igtf', { cobrar: false, tasa: '3' })).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

const BASE = '/api/mayor/cuentas';

/** A nota de entrega of `units` × $10 (+ IVA: $11.60 a unit), nothing paid. */
async function nota(units = 10, extra: { dni?: string; dueDate?: string | null; createdAt?: Date; paidCents?: number } = {}) {
  return registrarVenta(t, {
    dni: extra.dni ?? nextDni(),
    lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: units, priceCents: 1_000 }],
    dueDate: extra.dueDate,
    createdAt: extra.createdAt,
    paidCents: extra.paidCents,
  });
}

let refCounter = 100_000;
const nextRef = () => `ZL${++refCounter}`;

function abono(role: string, body: Record<string, unknown>) {
  return api.call(role, 'POST', `${BASE}/registrar-abono`, { method: 'zelle', reference: nextRef(), ...body });
}

async function abonoOk(role: string, body: Record<string, unknown>) {
  const response = await abono(role, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { abono: BillWithAbonos['abonos'][number]; bill: BillWithAbonos['bill'] };
}

/** Approves or rejects; a rejection carries its reason, as the API asks. */
function revisar(role: string, id: number, step: string, note = step.toLowerCase() === 'rechazado' ? 'No aparece en el banco' : undefined) {
  return api.call(role, 'PATCH', `${BASE}/aprobar-abono`, { id, step, ...(note === undefined ? {} : { note }) });
}

async function verAbonos(clienteId: number, number: string): Promise<BillWithAbonos> {
  const response = await api.call('administracion', 'GET', `${BASE}/ver-abonos/${clienteId}/${number}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('quién puede', () => {
  it('leer y registrar abonos: admin, administración y vendedor-admin; aprobar, descontar y devolver: solo admin y administración', async () => {
    const n = await nota();
    expect((await api.call('anonimo', 'GET', `${BASE}/listado/pendientes`)).statusCode).toBe(401);
    expect((await api.call('despacho', 'GET', `${BASE}/listado/pendientes`)).statusCode).toBe(403);
    expect((await api.call('inventario', 'POST', `${BASE}/registrar-abono`, {})).statusCode).toBe(403);
    expect((await api.call('vendedor-admin', 'GET', `${BASE}/listado/pendientes`)).statusCode).toBe(200);
    const { abono: a } = await abonoOk('vendedor-admin', { deliveryNote: n.number, amount: '10.00' });
    expect((await revisar('vendedor-admin', a.id, 'aprobado')).statusCode).toBe(403);
    expect(
      (await api.call('vendedor-admin', 'PATCH', `${BASE}/aplicar-descuento`, { deliveryNote: n.number, amount: '1' })).statusCode,
    ).toBe(403);
    expect(
      (
        await api.call('vendedor-admin', 'PATCH', `${BASE}/devoluciones`, {
          deliveryNote: n.number,
          lineId: n.lineIds[0],
          quantity: 1,
          note: 'Talla equivocada',
        })
      ).statusCode,
    ).toBe(403);
    expect((await revisar('administracion', a.id, 'aprobado')).statusCode).toBe(200);
  });
});

describe('registrar un abono', () => {
  it('baja el saldo al instante, queda pendiente y muestra quién lo registró', async () => {
    const n = await nota(10); // $116.00
    const { abono: a, bill } = await abonoOk('vendedor-admin', {
      deliveryNote: n.number.toLowerCase(),
      amount: '16,00',
      paidOn: caracasIsoDate(new Date()),
    });
    expect(a).toMatchObject({
      step: 'pendiente',
      total: '16.00',
      currency: 'USD',
      amount: '16.00',
      deliveryNote: n.number,
      updatedBy: null,
      athorizedBy: null,
    });
    expect(a.registeredBy).toBeTruthy();
    expect(bill).toMatchObject({ total: '116.00', balancePaid: '16.00', outstandingBalance: '100.00', paymentStatus: 'abonada' });
    expect(await storedNote(t, n.id)).toMatchObject({ balance_paid: '16.00', outstanding_balance: '100.00', payment_status: 'abonada' });
  });

  it('en bolívares guarda el monto, la moneda y la tasa del día; el total es lo que cuenta en dólares', async () => {
    const n = await nota(10);
    const [{ amount: rate }] = await rows<{ amount: string }>(
      t,
      sql`SELECT amount::text FROM tasas_cambio ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    const { abono: a, bill } = await abonoOk('administracion', {
      deliveryNote: n.number,
      method: 'pago-movil',
      bankCode: '0134',
      amount: '1000.00',
      reference: `PM ${nextRef()}`,
    });
    const usd = vesToUsdCents(100_000, rate);
    expect(a).toMatchObject({ currency: 'VES', amount: '1000.00', bankCode: '0134' });
    expect(toCents(a.rate)).toBe(toCents(rate));
    expect(toCents(a.total)).toBe(usd);
    expect(toCents(bill.outstandingBalance)).toBe(11_600 - usd);
    // A bolívar method cannot be paid in dollars.
    const wrong = await abono('administracion', {
      deliveryNote: n.number,
      method: 'pago-movil',
      bankCode: '0134',
      currency: 'USD',
      amount: '5',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.currency[0]).toContain('bolívares');
  });

  it('se rechaza (400) por encima del saldo, en una nota pagada, en una factura; 404 si la nota no existe; 422 si el dato es malo', async () => {
    const n = await nota(1); // $11.60
    const above = await abono('administracion', { deliveryNote: n.number, amount: '11.61' });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe('El monto ($ 11,61) supera el saldo pendiente ($ 11,60).');
    await abonoOk('administracion', { deliveryNote: n.number, amount: '11.60' });
    const paid = await abono('administracion', { deliveryNote: n.number, amount: '1' });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe('La nota de entrega no tiene saldo pendiente (está pagada o sus abonos por aprobar ya la cubren).');

    const factura = await registrarVenta(t, {
      dni: nextDni(),
      condition: 'contado',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 1, priceCents: 1_000 }],
    });
    const onFactura = await abono('administracion', { deliveryNote: factura.number, amount: '1' });
    expect(onFactura.statusCode).toBe(400);
    expect(onFactura.json().message).toContain('factura de contado');

    expect((await abono('administracion', { deliveryNote: 'NE-XXX-999999', amount: '1' })).statusCode).toBe(404);
    const bad = await abono('administracion', { deliveryNote: 'nota', amount: '-3', method: 'cheque', reference: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'deliveryNote', 'method', 'reference']);
    expect(bad.json().errors.deliveryNote[0]).toBe('La nota de entrega no es válida (ejemplo: NE-CCS-000045)');
    const noBank = await abono('administracion', { deliveryNote: n.number, method: 'transferencia', amount: '1' });
    expect(noBank.statusCode).toBe(422);
    expect(noBank.json().errors.bankCode).toEqual(['Elija el banco']);
    expect(await storedNote(t, n.id)).toMatchObject({ balance_paid: '11.60', outstanding_balance: '0.00', payment_status: 'pagada' });
  });
});

describe('aprobar y rechazar', () => {
  it('el rechazo devuelve su total al saldo y libera la referencia; solo un pendiente cambia, una vez', async () => {
    const n = await nota(10);
    const ref = nextRef();
    const first = await abonoOk('vendedor-admin', { deliveryNote: n.number, amount: '30.00', reference: ref });
    const second = await abonoOk('vendedor-admin', { deliveryNote: n.number, amount: '20.00' });
    expect(second.bill).toMatchObject({ balancePaid: '50.00', outstandingBalance: '66.00', pendingAbonos: 2 });

    const approved = await revisar('administracion', second.abono.id, 'aprobado');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.abono).toMatchObject({ step: 'aprobado' });
    expect(approved.json().data.abono.athorizedBy).toBeTruthy();
    expect(approved.json().data.abono.updatedBy).toBe(approved.json().data.abono.athorizedBy);
    expect(approved.json().data.bill).toMatchObject({ balancePaid: '50.00', outstandingBalance: '66.00' });

    const used = await api.call('administracion', 'GET', `${BASE}/vrificar-referencia?method=zelle&reference=${ref}`);
    expect(used.json().data.used).toBe(true);
    // Spec: compared in lower case.
    const rejected = await revisar('admin', first.abono.id, 'Rechazado');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.abono).toMatchObject({ step: 'rechazado', athorizedBy: null });
    expect(rejected.json().data.abono.updatedBy).toBeTruthy();
    expect(rejected.json().data.bill).toMatchObject({
      total: '116.00',
      balancePaid: '20.00',
      outstandingBalance: '96.00',
      paymentStatus: 'abonada',
    });
    expect(
      (await api.call('administracion', 'GET', `${BASE}/vrificar-referencia?method=zelle&reference=${ref.toLowerCase()}`)).json().data.used,
    ).toBe(false);

    for (const [id, step] of [
      [first.abono.id, 'aprobado'],
      [first.abono.id, 'rechazado'],
      [second.abono.id, 'rechazado'],
    ] as const) {
      const again = await revisar('administracion', id, step);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toMatch(/debe estar pendiente/);
    }
    expect((await revisar('administracion', first.abono.id, 'anulado')).statusCode).toBe(422);
    expect((await revisar('administracion', 99_999_999, 'aprobado')).statusCode).toBe(404);
    expect(await storedNote(t, n.id)).toMatchObject({ balance_paid: '20.00', outstanding_balance: '96.00' });

    const view = await verAbonos(n.clienteId, n.number);
    expect(view.abonos.map((a) => [a.id, a.step])).toEqual([
      [first.abono.id, 'rechazado'],
      [second.abono.id, 'aprobado'],
    ]);
    // Another customer's path does not open the note.
    expect((await api.call('administracion', 'GET', `${BASE}/ver-abonos/${n.clienteId + 100000}/${n.number}`)).statusCode).toBe(404);
  });

  it('la referencia «descuento» cuenta como descuento, y su rechazo lo quita del descuento', async () => {
    const n = await nota(10);
    const { abono: d, bill } = await abonoOk('vendedor-admin', {
      deliveryNote: n.number,
      method: 'efectivo',
      reference: 'Descuento',
      amount: '16',
    });
    expect(d.reference).toBe('descuento');
    expect(bill).toMatchObject({ discount: '16.00', balancePaid: '0.00', outstandingBalance: '100.00', paymentStatus: 'pendiente' });
    const rejected = await revisar('administracion', d.id, 'rechazado');
    expect(rejected.json().data.bill).toMatchObject({ discount: '0.00', balancePaid: '0.00', outstandingBalance: '116.00' });
  });

  it('aplicar-descuento sube el descuento con un abono «descuento» ya aprobado; no pasa del saldo', async () => {
    const n = await nota(10);
    const response = await api.call('administracion', 'PATCH', `${BASE}/aplicar-descuento`, {
      deliveryNote: n.number,
      amount: '6',
      note: 'Cliente fiel',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.abono).toMatchObject({ reference: 'descuento', method: 'descuento', step: 'aprobado', total: '6.00' });
    expect(response.json().data.bill).toMatchObject({ discount: '6.00', outstandingBalance: '110.00' });
    const above = await api.call('admin', 'PATCH', `${BASE}/aplicar-descuento`, { deliveryNote: n.number, amount: '110.01' });
    expect(above.statusCode).toBe(400);
    expect(await storedNote(t, n.id)).toMatchObject({ discount: '6.00', outstanding_balance: '110.00' });
  });
});

describe('una referencia, una vez (órdenes web, ventas y abonos)', () => {
  it('la misma referencia con guiones o minúsculas se rechaza en otro abono y en el pago de una orden web; liberada, vuelve a servir', async () => {
    const n = await nota(10);
    const ref = nextRef();
    await abonoOk('administracion', { deliveryNote: n.number, amount: '1', reference: ref });
    const twice = await abono('administracion', {
      deliveryNote: n.number,
      amount: '1',
      reference: `${ref.slice(0, 3)}-${ref.slice(3).toLowerCase()}`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Esa referencia de pago ya fue registrada para ese banco y método.');

    const orden = await api.registrar(
      orderBody(stocked, { payment: { method: 'zelle', reference: ref, amount: '10.00', date: caracasIsoDate(new Date()) } }),
      `ref-abono-${ref}`,
    );
    expect(orden.statusCode).toBe(400);
    expect(orden.json().message).toBe('Esa referencia de pago ya fue registrada para ese banco y método.');
    // The same check on both paths.
    const check = await api.call('administracion', 'GET', `/api/orden-compra/vrificar-referencia?method=zelle&reference=${ref}`);
    expect(check.json().data.used).toBe(true);

    // An order's payment takes its reference for abonos too, and its rejection frees it.
    const ref2 = nextRef();
    const registered = await api.registrarOrden(
      orderBody(stocked, { payment: { method: 'zelle', reference: ref2, amount: '10.00', date: caracasIsoDate(new Date()) } }),
      `ref-orden-${ref2}`,
    );
    const blocked = await abono('administracion', { deliveryNote: n.number, amount: '1', reference: ref2 });
    expect(blocked.statusCode).toBe(400);
    expect((await api.call('administracion', 'GET', `${BASE}/vrificar-referencia?method=zelle&reference=${ref2}`)).json().data.used).toBe(
      true,
    );
    const rejected = await api.call('administracion', 'PATCH', '/api/orden-compra/confirmar-pago', {
      code: registered.code,
      approve: false,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await abonoOk('administracion', { deliveryNote: n.number, amount: '1', reference: ref2 });
    expect(await storedNote(t, n.id)).toMatchObject({ balance_paid: '2.00' });
  });

  it('la misma referencia en otro banco es otra referencia', async () => {
    const n = await nota(10);
    const ref = `TR${nextRef()}`;
    await abonoOk('administracion', { deliveryNote: n.number, method: 'transferencia', bankCode: '0134', amount: '100', reference: ref });
    await abonoOk('administracion', { deliveryNote: n.number, method: 'transferencia', bankCode: '0102', amount: '100', reference: ref });
    const again = await abono('administracion', {
      deliveryNote: n.number,
      method: 'transferencia',
      bankCode: '0102',
      amount: '100',
      reference: ref,
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('devoluciones', () => {
  async function stock() {
    const [row] = await rows<{ quantity: number; ledger: number; last: number | null }>(
      t,
      sql`SELECT i.quantity,
                 (SELECT coalesce(sum(m.quantity), 0)::int FROM movimientos_inventario m WHERE m.article_code = i.article_code AND m.tienda_id = i.tienda_id) AS ledger,
                 (SELECT m.balance FROM movimientos_inventario m WHERE m.article_code = i.article_code AND m.tienda_id = i.tienda_id ORDER BY m.id DESC LIMIT 1) AS last
            FROM inventario i WHERE i.article_code = ${stocked.article} AND i.tienda_id = ${stocked.storeId}`,
    );
    return row;
  }

  function devolver(number: string, lineId: number, quantity: number, role = 'administracion') {
    return api.call(role, 'PATCH', `${BASE}/devoluciones`, { deliveryNote: number, lineId, quantity, note: 'Talla equivocada' });
  }

  it('las unidades vuelven a su tienda por el libro, el documento recalcula sus totales y baja primero el saldo', async () => {
    const n = await nota(10); // 10 × $10: base 100, IVA 16, total 116
    await abonoOk('administracion', { deliveryNote: n.number, amount: '50', reference: nextRef() }).then((r) =>
      revisar('administracion', r.abono.id, 'aprobado'),
    );
    const before = await stock();
    const response = await devolver(n.number, n.lineIds[0], 3);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.bill).toMatchObject({
      devoluciones: '30.00',
      baseImponible: '70.00',
      iva: '11.20',
      total: '81.20',
      balancePaid: '50.00',
      outstandingBalance: '31.20',
    });
    expect(data).toMatchObject({ fromOutstanding: '34.80', toCreditInFavor: '0.00', fromDiscount: '0.00' });
    expect(data.devolucion).toMatchObject({ quantity: 3, amount: '34.80', note: 'Talla equivocada' });
    const after = await stock();
    expect(after.quantity - before.quantity).toBe(3);
    const [ledger] = await rows<{ kind: string; quantity: number; reference: string }>(
      t,
      sql`SELECT kind, quantity, reference FROM movimientos_inventario WHERE reference = ${n.number} ORDER BY id DESC LIMIT 1`,
    );
    expect(ledger).toEqual({ kind: 'devolucion', quantity: 3, reference: n.number });
    expect(after.last).toBe(after.quantity);

    // What passes the balance leaves the abonado as credit in favour.
    const rest = await devolver(n.number, n.lineIds[0], 7);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.bill).toMatchObject({
      total: '0.00',
      balancePaid: '0.00',
      outstandingBalance: '0.00',
      creditInFavor: '50.00',
      paymentStatus: 'pagada',
    });
    expect(rest.json().data).toMatchObject({ fromOutstanding: '31.20', toCreditInFavor: '50.00' });
    const none = await devolver(n.number, n.lineIds[0], 1);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('Ya se devolvieron todas las unidades');
    expect((await stock()).quantity - before.quantity).toBe(10);
  });

  it('en una factura pagada toda la devolución queda a favor del cliente; no más unidades que las vendidas', async () => {
    const f = await registrarVenta(t, {
      dni: nextDni(),
      condition: 'contado',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 2, priceCents: 2_500 }],
    });
    const tooMany = await devolver(f.number, f.lineIds[0], 3);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`Solo se pueden devolver 2 de 2 unidades de Artículo ${stocked.article}.`);
    const response = await devolver(f.number, f.lineIds[0], 1);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.bill).toMatchObject({
      total: '29.00',
      balancePaid: '29.00',
      outstandingBalance: '0.00',
      creditInFavor: '29.00',
    });
    expect((await devolver(f.number, 99_999_999, 1)).statusCode).toBe(404);
    expect((await devolver(f.number, f.lineIds[0], 0)).statusCode).toBe(422);
  });

  it('con abonos pendientes no devuelve más de lo que se debe', async () => {
    const n = await nota(2); // $23.20
    await abonoOk('administracion', { deliveryNote: n.number, amount: '20', reference: nextRef() });
    const refused = await devolver(n.number, n.lineIds[0], 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('abonos pendientes');
    expect(await storedNote(t, n.id)).toMatchObject({ total: '23.20', balance_paid: '20.00', outstanding_balance: '3.20' });
  });
});

describe('listados, antigüedad y estado de cuenta', () => {
  it('por tipo, con búsqueda, filtros y totales en USD y Bs.; por cliente con la deuda repartida por antigüedad', async () => {
    // The notes are made at Bs. 40; today's rate is Bs. 318,7425: what is owed is shown in Bs. at today's rate.
    await t.database.db.execute(sql`INSERT INTO tasas_cambio (amount, note) VALUES ('318.7425', 'tasa de hoy')`);
    const dni = nextDni();
    const today = caracasIsoDate(new Date());
    const daysAgo = (n: number) => caracasIsoDate(new Date(Date.now() - n * 86_400_000));
    const alDia = await nota(1, { dni, dueDate: today });
    const d20 = await nota(2, { dni, dueDate: daysAgo(20) });
    const d45 = await nota(3, { dni, dueDate: daysAgo(45) });
    const d100 = await nota(4, { dni, dueDate: daysAgo(100) });
    const paid = await nota(1, { dni });
    await abonoOk('administracion', { deliveryNote: paid.number, amount: '11.60' });

    const list = async (type: string, query = '') => {
      const response = await api.call('administracion', 'GET', `${BASE}/listado/${type}?search=${dni}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Receivable[]; meta: { total: number }; totals: Record<string, string | number> };
    };
    const pendientes = await list('pendientes');
    expect(pendientes.data.map((r) => r.number)).toEqual([d100.number, d45.number, d20.number, alDia.number]);
    expect(pendientes.data.map((r) => r.aging)).toEqual(['mas-de-90', '31-60', '1-30', 'al-dia']);
    expect(pendientes.data[0].daysOverdue).toBe(100);
    expect(pendientes.totals).toMatchObject({
      documents: 4,
      totalAmount: '116.00',
      outstandingBalance: '116.00',
      balancePaid: '0.00',
      // 11,60 + 23,20 + 34,80 + 46,40 at 318,7425, each rounded: 3.697,41 + 7.394,83 + 11.092,24 + 14.789,65.
      outstandingBalanceVes: '36974.13',
      totalAmountVes: '4640.00',
    });
    expect(pendientes.data.find((r) => r.number === alDia.number)).toMatchObject({
      rate: '40.0000',
      totalVes: '464.00',
      outstandingBalanceVes: '3697.41',
    });
    const bill = await verAbonos(pendientes.data[0].client.id, d100.number);
    expect(bill.bill).toMatchObject({ totalVes: '1856.00', outstandingBalanceVes: '14789.65' });
    expect((await list('vencidas')).data.map((r) => r.number)).toEqual([d100.number, d45.number, d20.number]);
    expect((await list('pagadas')).data.map((r) => r.number)).toEqual([paid.number]);
    const todas = await list('todas');
    expect(todas.meta.total).toBe(5);
    expect(todas.totals).toMatchObject({ totalAmount: '127.60', balancePaid: '11.60', outstandingBalance: '116.00' });
    expect((await list('todas', '&sort_by=saldo&sort_desc=true')).data[0].number).toBe(d100.number);
    expect((await list('pendientes', `&filter_advance[store]=${stocked.storeId + 999}`)).data).toEqual([]);
    const badDates = await api.call(
      'administracion',
      'GET',
      `${BASE}/listado/pendientes?filter_advance[date_from]=2026-02-01&filter_advance[date_to]=2026-01-01`,
    );
    expect(badDates.statusCode).toBe(422);
    expect((await api.call('administracion', 'GET', `${BASE}/listado/otras`)).statusCode).toBe(422);
    // By number, too.
    const byNumber = await api.call('administracion', 'GET', `${BASE}/listado/todas?search=${d45.number.toLowerCase()}`);
    expect(byNumber.json().data.map((r: Receivable) => r.number)).toEqual([d45.number]);

    const clientes = await api.call('administracion', 'GET', `${BASE}/listado/clientes?search=${dni}`);
    expect(clientes.statusCode, clientes.body).toBe(200);
    const [row] = clientes.json().data as ReceivableClient[];
    expect(clientes.json().data).toHaveLength(1);
    expect(row).toMatchObject({
      documents: 4,
      outstandingBalance: '116.00',
      aging: { 'al-dia': '11.60', '1-30': '23.20', '31-60': '34.80', '61-90': '0.00', 'mas-de-90': '46.40' },
    });
    expect(clientes.json().totals.aging['mas-de-90']).toBe('46.40');
  });

  it('exporta el listado de un tipo y el de clientes en XLSX y CSV con los mismos filtros, orden y totales', async () => {
    const dni = nextDni();
    const daysAgo = (n: number) => caracasIsoDate(new Date(Date.now() - n * 86_400_000));
    const old = await nota(3, { dni, dueDate: daysAgo(40) });
    const recent = await nota(1, { dni, dueDate: daysAgo(5) });
    const partly = await nota(2, { dni });
    await abonoOk('administracion', { deliveryNote: partly.number, amount: '3.20' });
    await nota(5); // another customer: left out by the search

    const query = `search=${dni}&sort_by=saldo&sort_desc=true`;
    const list = (await api.call('vendedor-admin', 'GET', `${BASE}/listado/pendientes?${query}`)).json() as {
      data: Receivable[];
      totals: Record<string, string>;
    };
    expect(list.data.map((r) => r.number)).toEqual([old.number, partly.number, recent.number]);

    const xlsx = await api.call('vendedor-admin', 'GET', `${BASE}/listado/pendientes/exportar?${query}&formato=xlsx`);
    expect(xlsx.statusCode, xlsx.body.slice(0, 300)).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('cuentas-por-cobrar_pendientes_inicio_hoy.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(sheet.rowCount).toBe(list.data.length + 2);
    list.data.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(col('Número')).value).toBe(r.number);
      expect(row.getCell(col('Saldo $')).value).toBe(Number(r.outstandingBalance));
      expect(row.getCell(col('Saldo Bs. (tasa de hoy)')).value).toBe(Number(r.outstandingBalanceVes));
      expect(row.getCell(col('Tasa de hoy')).value).toBe(318.7425);
      expect(row.getCell(col('Vence')).value).toBeInstanceOf(Date);
    });
    expect(sheet.getRow(2).getCell(col('Antigüedad')).value).toBe('31 a 60 días');
    expect(sheet.getRow(2).getCell(col('Días vencida')).value).toBe(40);
    const totals = sheet.getRow(list.data.length + 2);
    expect(totals.getCell(1).value).toBe('Totales');
    expect(totals.getCell(col('Saldo $')).value).toBe(Number(list.totals.outstandingBalance));
    expect(totals.getCell(col('Abonado $')).value).toBe(Number(list.totals.balancePaid));

    const csv = await api.call('administracion', 'GET', `${BASE}/listado/pendientes/exportar?${query}&formato=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(list.data.length + 2);
    const csvHeader = lines[0].split(';');
    const cell = (line: string, name: string) => line.split(';')[csvHeader.indexOf(name)];
    expect(lines.slice(1, -1).map((l) => cell(l, 'Número'))).toEqual(list.data.map((r) => r.number));
    expect(cell(lines[1], 'Saldo $')).toBe(list.data[0].outstandingBalance.replace('.', ','));
    expect(cell(lines.at(-1) ?? '', 'Saldo $')).toBe(list.totals.outstandingBalance.replace('.', ','));

    const clientes = (await api.call('administracion', 'GET', `${BASE}/listado/clientes?search=${dni}`)).json() as {
      data: ReceivableClient[];
    };
    const porCliente = await api.call('administracion', 'GET', `${BASE}/listado/clientes/exportar?search=${dni}&formato=csv`);
    expect(porCliente.statusCode, porCliente.body).toBe(200);
    const clientLines = porCliente.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(clientLines).toHaveLength(3);
    const clientHeader = clientLines[0].split(';');
    const clientCell = (name: string) => clientLines[1].split(';')[clientHeader.indexOf(name)];
    expect(clientCell('Cédula/RIF')).toBe(dni);
    expect(clientCell('Debe $')).toBe(clientes.data[0].outstandingBalance.replace('.', ','));
    expect(clientCell('31 a 60 días $')).toBe(clientes.data[0].aging['31-60'].replace('.', ','));

    expect((await api.call('administracion', 'GET', `${BASE}/listado/pendientes/exportar?formato=pdf`)).statusCode).toBe(422);
    expect((await api.call('administracion', 'GET', `${BASE}/listado/otras/exportar?formato=csv`)).statusCode).toBe(422);
    expect((await api.call('despacho', 'GET', `${BASE}/listado/pendientes/exportar?formato=csv`)).statusCode).toBe(403);
    expect((await api.call('anonimo', 'GET', `${BASE}/listado/pendientes/exportar?formato=csv`)).statusCode).toBe(401);
  });

  it('el estado de cuenta lleva cada documento, abono, rechazo, descuento y devolución; termina en lo que debe menos su saldo a favor', async () => {
    const dni = nextDni();
    const a = await nota(10, { dni });
    const b = await nota(1, { dni });
    const first = await abonoOk('administracion', { deliveryNote: a.number, amount: '50' });
    const second = await abonoOk('administracion', { deliveryNote: a.number, amount: '20' });
    await revisar('administracion', first.abono.id, 'aprobado');
    await revisar('administracion', second.abono.id, 'rechazado');
    await api.call('administracion', 'PATCH', `${BASE}/aplicar-descuento`, { deliveryNote: a.number, amount: '6' });
    await api.call('administracion', 'PATCH', `${BASE}/devoluciones`, {
      deliveryNote: b.number,
      lineId: b.lineIds[0],
      quantity: 1,
      note: 'Talla equivocada',
    });
    const response = await api.call('vendedor-admin', 'GET', `${BASE}/factura-cliente/${a.clienteId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { statement, documents, totals } = response.json().data as {
      statement: { kind: string; debit: string; credit: string; balance: string }[];
      documents: Receivable[];
      totals: { outstandingBalance: string; creditInFavor: string };
    };
    expect(documents.map((d) => d.number)).toEqual([a.number, b.number]);
    expect(statement.map((s) => s.kind)).toEqual(['documento', 'documento', 'abono', 'abono', 'rechazo', 'descuento', 'devolucion']);
    const last = statement[statement.length - 1];
    expect(toCents(last.balance)).toBe(toCents(totals.outstandingBalance) - toCents(totals.creditInFavor));
    expect(last.balance).toBe('60.00');
    // The headline adds up: total − descuentos − abonado = por cobrar, in $ and in Bs.
    const sum = totals as unknown as Record<string, string>;
    expect(sum).toMatchObject({ discount: '6.00', balancePaid: '50.00', outstandingBalance: '60.00' });
    expect(toCents(sum.totalAmount) - toCents(sum.discount) - toCents(sum.balancePaid)).toBe(toCents(sum.outstandingBalance));
    // In Bs. the documents' total and payments are history at each one's rate, while what is owed is at
    // today's: the cards convert all four at today's rate (resumenInput, cobros-comun.tsx).
    expect((await api.call('administracion', 'GET', `${BASE}/factura-cliente/99999999`)).statusCode).toBe(404);
  });

  it('búsquedas pequeñas: nota, factura, ítem, cliente, vendedor y la tasa', async () => {
    const dni = nextDni();
    const n = await nota(2, { dni });
    const get = async (path: string) => {
      const response = await api.call('vendedor-admin', 'GET', `${BASE}/${path}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    expect((await get(`buscar-nota-entrega?search=${dni}`)).map((d: { number: string }) => d.number)).toEqual([n.number]);
    expect(await get(`buscar-facturas?search=${dni}`)).toEqual([]);
    expect(await get(`buscar-item?deliveryNote=${n.number}`)).toMatchObject([{ id: n.lineIds[0], quantity: 2, returnable: 2 }]);
    expect(await get(`buscar-item?deliveryNote=${n.number}&search=zzzz`)).toEqual([]);
    expect((await get(`buscar-cliente?search=${dni.slice(2)}`))[0]).toMatchObject({ dni, outstandingBalance: '23.20' });
    expect(Array.isArray(await get('buscar-vendedor?search='))).toBe(true);
    expect((await get('obtener-tasa')).amount).toMatch(/^\d+(\.\d+)?$/);
    expect((await api.call('vendedor-admin', 'GET', `${BASE}/buscar-item?deliveryNote=NE-XX-999999`)).statusCode).toBe(404);
  });
});

describe('concurrencia', () => {
  it('dos personas aprueban o rechazan el mismo abono a la vez: el saldo cambia una sola vez', async () => {
    for (let round = 0; round < 3; round += 1) {
      const n = await nota(10);
      const { abono: a } = await abonoOk('administracion', { deliveryNote: n.number, amount: '40' });
      const steps = ['rechazado', 'rechazado', 'aprobado', 'rechazado'];
      const answers = await Promise.all(steps.map((step, i) => revisar(i % 2 === 0 ? 'admin' : 'administracion', a.id, step)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 400)).toHaveLength(3);
      const winner = steps[codes.indexOf(200)];
      expect(await storedNote(t, n.id)).toMatchObject(
        winner === 'aprobado'
          ? { balance_paid: '40.00', outstanding_balance: '76.00' }
          : { balance_paid: '0.00', outstanding_balance: '116.00' },
      );
    }
  });

  it('la misma referencia registrada a la vez (abono contra abono, abono contra pago de una orden) se acepta una vez', async () => {
    const n = await nota(100); // $1160
    const ref = nextRef();
    const at = Math.max(4, Math.min(BUYERS_AT_ONCE, 40));
    const answers = await Promise.all(
      Array.from({ length: at }, () => abono('administracion', { deliveryNote: n.number, amount: '1', reference: ref })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(at - 1);
    expect(await storedNote(t, n.id)).toMatchObject({ balance_paid: '1.00' });

    const ref2 = nextRef();
    const payment = { method: 'zelle', reference: ref2, amount: '10.00', date: caracasIsoDate(new Date()) };
    const [fromAbono, fromOrder] = await Promise.all([
      abono('administracion', { deliveryNote: n.number, amount: '1', reference: ref2 }),
      api.registrar(orderBody(stocked, { payment }), `carrera-${ref2}`),
    ]);
    expect([fromAbono.statusCode, fromOrder.statusCode].sort()).toEqual([201, 400]);
    const [{ n: uses }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM referencias_pago WHERE reference = ${ref2} AND released_at IS NULL`,
    );
    expect(uses).toBe(1);

    // The payment reported later on an unpaid order (registrar-pago), against an abono, at once.
    const unpaid = await api.registrarOrden(orderBody(stocked, { payment: { method: 'efectivo' } }), `carrera-pendiente-${ref2}`);
    const ref3 = nextRef();
    const [report, fromAbono2] = await Promise.all([
      api.registrarPago(
        unpaid.code,
        { method: 'zelle', reference: ref3, amount: '10.00', date: caracasIsoDate(new Date()) },
        { token: unpaid.token },
      ),
      abono('administracion', { deliveryNote: n.number, amount: '1', reference: ref3 }),
    ]);
    const codes = [report.statusCode, fromAbono2.statusCode];
    expect(
      codes.filter((c) => c === 200 || c === 201),
      JSON.stringify(codes),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(1);
    const [{ n: uses3 }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM referencias_pago WHERE reference = ${ref3} AND released_at IS NULL`,
    );
    expect(uses3).toBe(1);
  });

  it('muchos abonos a la vez sobre la misma nota nunca pasan del total', async () => {
    const n = await nota(1); // $11.60
    const at = Math.max(4, Math.min(BUYERS_AT_ONCE, 40));
    const answers = await Promise.all(
      Array.from({ length: at }, () => abono('vendedor-admin', { deliveryNote: n.number, amount: '5.00' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
    expect(await storedNote(t, n.id)).toMatchObject({ balance_paid: '10.00', outstanding_balance: '1.60' });
  });

  it('devoluciones a la vez de la misma línea no devuelven más de lo vendido, y el libro lo cuenta una vez', async () => {
    const n = await nota(5);
    const [{ q: before }] = await rows<{ q: number }>(
      t,
      sql`SELECT quantity AS q FROM inventario WHERE article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call('admin', 'PATCH', `${BASE}/devoluciones`, { deliveryNote: n.number, lineId: n.lineIds[0], quantity: 2, note: 'Defecto' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const [{ q: after }] = await rows<{ q: number }>(
      t,
      sql`SELECT quantity AS q FROM inventario WHERE article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`,
    );
    expect(after - before).toBe(4);
    const [{ s }] = await rows<{ s: number }>(
      t,
      sql`SELECT coalesce(sum(quantity), 0)::int AS s FROM movimientos_inventario WHERE reference = ${n.number} AND kind = 'devolucion'`,
    );
    expect(s).toBe(4);
    expect(await storedNote(t, n.id)).toMatchObject({ total: '11.60', outstanding_balance: '11.60' });
  });
});

describe('rechazar y devolver piden el motivo y lo guardan', () => {
  it('rechazar sin motivo es 422 y nada cambia; con motivo queda en el abono y en el estado de cuenta', async () => {
    const n = await nota();
    const { abono: a } = await abonoOk('administracion', { deliveryNote: n.number, amount: '20.00' });
    const sinMotivo = await revisar('administracion', a.id, 'rechazado', '');
    expect(sinMotivo.statusCode).toBe(422);
    expect(sinMotivo.json().errors.note).toEqual(['Escriba el motivo del rechazo (al menos 3 caracteres)']);
    expect((await verAbonos(n.clienteId, n.number)).abonos[0].step).toBe('pendiente');
    const rechazado = await revisar('administracion', a.id, 'rechazado', 'La referencia no aparece en Zelle');
    expect(rechazado.statusCode, rechazado.body).toBe(200);
    const detalle = await verAbonos(n.clienteId, n.number);
    expect(detalle.abonos[0]).toMatchObject({ step: 'rechazado', reviewNote: 'La referencia no aparece en Zelle', note: '' });
    const [row] = await rows<{ review_note: string }>(t, sql`SELECT review_note FROM abonos WHERE id = ${a.id}`);
    expect(row.review_note).toBe('La referencia no aparece en Zelle');
    const estado = await api.call('administracion', 'GET', `${BASE}/factura-cliente/${n.clienteId}`);
    expect(estado.body).toContain('rechazado por');
    expect(estado.body).toContain(': La referencia no aparece en Zelle');
  });

  it('devolver sin motivo es 422 y la existencia no cambia; con motivo queda en la devolución', async () => {
    const n = await nota(3);
    const sinMotivo = await api.call('administracion', 'PATCH', `${BASE}/devoluciones`, {
      deliveryNote: n.number,
      lineId: n.lineIds[0],
      quantity: 1,
    });
    expect(sinMotivo.statusCode).toBe(422);
    expect(sinMotivo.json().errors.note).toEqual(['Escriba el motivo de la devolución']);
    expect((await verAbonos(n.clienteId, n.number)).lines[0].returnedQuantity).toBe(0);
    const devuelta = await api.call('administracion', 'PATCH', `${BASE}/devoluciones`, {
      deliveryNote: n.number,
      lineId: n.lineIds[0],
      quantity: 1,
      note: 'Talla equivocada',
    });
    expect(devuelta.statusCode, devuelta.body).toBe(200);
    const detalle = await verAbonos(n.clienteId, n.number);
    expect(detalle.lines[0].returnedQuantity).toBe(1);
    expect(detalle.devoluciones[0]).toMatchObject({ quantity: 1, note: 'Talla equivocada' });
  });
});

describe('IGTF de los abonos en divisas (docs/dominio.md §IGTF)', () => {
  it('un abono Zelle de $ 50,00 lleva $ 1,50 de IGTF aparte del saldo: abona $ 48,50; en Bs. no lleva; el rechazado no suma', async () => {
    expect((await api.call('admin', 'PATCH', '/api/config/igtf', { cobrar: true, tasa: '3' })).statusCode).toBe(200);
    const n = await nota(10); // $ 116,00
    const zelle = await abonoOk('administracion', { deliveryNote: n.number, amount: '50' });
    expect(zelle.abono).toMatchObject({ amount: '50.00', igtf: '1.50', total: '48.50' });
    expect(zelle.bill).toMatchObject({ balancePaid: '48.50', outstandingBalance: '67.50' });
    const [stored] = await rows<{ igtf: string }>(t, sql`SELECT igtf::text FROM abonos WHERE id = ${zelle.abono.id}`);
    expect(stored.igtf).toBe('1.50');
    // Bolívares never carry it.
    const { amount: rate } = (await api.call('administracion', 'GET', `${BASE}/obtener-tasa`)).json().data;
    const bs = await abonoOk('administracion', {
      deliveryNote: n.number,
      method: 'pago-movil',
      bankCode: '0134',
      amount: (Number(rate) * 10).toFixed(2),
    });
    expect(bs.abono.igtf).toBe('0.00');
    // The form shows the rule before registering: the rate and the settling amount.
    const tasa = (await api.call('administracion', 'GET', `${BASE}/obtener-tasa`)).json().data;
    expect(tasa.igtf).toEqual({ charged: true, basisPoints: 300 });
    // Paying more than settles the balance in divisas is refused, and says what settles it.
    const owed = toCents(bs.bill.outstandingBalance);
    const over = await abono('administracion', {
      deliveryNote: n.number,
      amount: ((montoEnDivisasParaCubrir(owed, DEFAULT_IGTF) + 5) / 100).toFixed(2),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/IGTF incluido/);
    // A rejected abono does not add to the note's IGTF, and its amount returns to the balance.
    await revisar('administracion', zelle.abono.id, 'rechazado');
    const detail = await verAbonos(n.clienteId, n.number);
    expect(toCents(detail.bill.outstandingBalance)).toBe(owed + 4_850);
    expect(detail.abonos.find((a) => a.id === zelle.abono.id)).toMatchObject({ step: 'rechazado', igtf: '1.50' });
    // The statement shows each abono's IGTF, apart from the balance.
    const statement = (await api.call('administracion', 'GET', `${BASE}/factura-cliente/${n.clienteId}`)).json().data.statement as {
      description: string;
      credit: string;
    }[];
    expect(statement.find((e) => e.description.includes(zelle.abono.reference))).toMatchObject({
      description: expect.stringContaining('IGTF $ 1,50 aparte del saldo'),
      credit: '48.50',
    });
    // Settling the rest in divisas: the smallest A with A − IGTF(A) ≥ the balance leaves the note paid.
    const rest = toCents(detail.bill.outstandingBalance);
    const amount = montoEnDivisasParaCubrir(rest, DEFAULT_IGTF);
    const last = await abonoOk('administracion', { deliveryNote: n.number, amount: (amount / 100).toFixed(2) });
    expect(toCents(last.abono.igtf)).toBe(amount - rest);
    expect(last.bill).toMatchObject({ outstandingBalance: '0.00', paymentStatus: 'pagada' });
  });
});
