// A payment that differs from what the order asks for (issue 22): it is booked at what was
// received, in its currency; a short one leaves the order waiting for the rest unless staff write
// the difference off with a reason within the store's tolerance; an excess is the customer's credit.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents, toCents } from '#domain/money.ts';
import { runJobs } from '#server/jobs/jobs.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, type StockedArticle, sinIgtf, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ ORDENES_IMPAGAS_POR_CONTACTO: '50' });
  // Figures without the IGTF of paying in divisas: igtf-en-la-orden.test.ts tests it.
  await sinIgtf(t);
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 40);
});

afterAll(async () => {
  await t?.close();
});

const zelle = (reference: string, amount: string) => ({ method: 'zelle', reference, amount, date: '2026-11-20' });

async function orden(reference: string, amount: (total: number) => string) {
  // The order's total first (pago pendiente), then the payment reported against it.
  const { code, token } = await api.registrarOrden(orderBody(stocked), `distinto-${++seq}`);
  const total = toCents((await api.detalle(code)).json().data.order.total);
  const reported = await api.registrarPago(code, zelle(reference, amount(total)), { email: 'pedro@correo.com' });
  expect(reported.statusCode, reported.body).toBe(200);
  return { code, total, token };
}

function aprobar(code: string, castigo = '', excedente?: 'vuelto' | 'saldo-a-favor') {
  return api.call('administracion', 'PATCH', '/api/orden-compra/confirmar-pago', { code, approve: true, note: '', castigo, excedente });
}

/** «Pagos recibidos» searched by an order's code or a document's number, over all dates. */
async function recibidos(search: string) {
  const response = await api.call('admin', 'GET', `/api/ventas/pagos?search=${search}&filter_advance[date_from]=2000-01-01`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function venta(code: string) {
  const [doc] = await rows<{
    id: number;
    total: string;
    discount: string;
    balance_paid: string;
    outstanding_balance: string;
    credit_in_favor: string;
    payment_status: string;
    note: string;
  }>(
    t,
    sql`SELECT v.id, v.total::text, v.discount::text, v.balance_paid::text, v.outstanding_balance::text, v.credit_in_favor::text, v.payment_status, v.note
          FROM ventas v JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
  );
  if (!doc) return null;
  const pagos = await rows<{ amount: string; amount_usd: string }>(
    t,
    sql`SELECT amount::text, amount_usd::text FROM venta_pagos WHERE venta_id = ${doc.id} ORDER BY id`,
  );
  const [{ change }] = await rows<{ change: string }>(
    t,
    sql`SELECT coalesce(sum(change), 0)::text AS change FROM venta_pagos WHERE venta_id = ${doc.id}`,
  );
  return { ...doc, pagos, change: fromCents(toCents(change)) };
}

describe('un pago corto', () => {
  it('se aprueba por lo recibido y la orden espera el resto; el segundo pago la completa por la suma de ambos', async () => {
    const { code, total, token } = await orden('ZCORTO001', (total) => fromCents(total - 94));
    const approved = await aprobar(code);
    expect(approved.statusCode, approved.body).toBe(200);
    const detail = (await api.detalle(code)).json().data;
    expect(detail.order.step).toBe('pendiente');
    expect(detail.payments.map((p: { status: string }) => p.status)).toEqual(['aprobado']);
    expect(detail.history.at(-1).note).toContain('Falta $ 0,94');
    expect(detail.history.at(-1).note).toContain('Bs.');
    expect(await venta(code)).toBeNull();
    // What the buyer sees: the amount still missing, in both currencies.
    expect(detail.paymentBalance).toMatchObject({ received: fromCents(total - 94), missing: '0.94' });
    const publico = (await api.estado(code, token)).json().data;
    expect(publico.paymentBalance).toMatchObject({ received: fromCents(total - 94), missing: '0.94' });

    // And by mail: what is missing, in $ and Bs.
    const [mail] = await rows<{ text: string }>(
      t,
      sql`SELECT text FROM correos WHERE kind = 'orden-pendiente' AND subject LIKE ${`%${code}%`} ORDER BY id DESC LIMIT 1`,
    );
    expect(mail?.text).toContain('Falta $ 0,94 (Bs.');
    // The money received is in the books now, as the order's anticipo, not when the order completes.
    const anticipos = await recibidos(code);
    expect(anticipos.data.map((p: { origen: string; number: string; amount: string }) => [p.origen, p.number, p.amount])).toEqual([
      ['anticipo', code, fromCents(total - 94)],
    ]);
    expect(anticipos.resumen.map((r: { method: string; amountUsd: string }) => [r.method, r.amountUsd])).toEqual([
      ['zelle', fromCents(total - 94)],
    ]);
    const [{ received }] = await rows<{ received: Date }>(
      t,
      sql`SELECT created_at AS received FROM venta_anticipos a WHERE a.order_code = ${code}`,
    );

    const rest = await api.registrarPago(code, zelle('ZCORTO002', '0.94'), { email: 'pedro@correo.com' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await aprobar(code)).statusCode).toBe(200);
    expect((await api.detalle(code)).json().data.order.step).toBe('pago-confirmado');
    const doc = await venta(code);
    expect(doc).toMatchObject({
      balance_paid: fromCents(total),
      outstanding_balance: '0.00',
      payment_status: 'pagada',
      credit_in_favor: '0.00',
    });
    expect(doc?.pagos).toEqual([
      { amount: fromCents(total - 94), amount_usd: fromCents(total - 94) },
      { amount: '0.94', amount_usd: '0.94' },
    ]);
    // Now both are the factura's payments, the first on the day it was received; no anticipo is left.
    const [{ number }] = await rows<{ number: string }>(t, sql`SELECT number FROM ventas WHERE id = ${doc?.id}`);
    const booked = await recibidos(number);
    expect(booked.data.map((p: { origen: string; amount: string }) => [p.origen, p.amount]).sort()).toEqual([
      ['venta', '0.94'],
      ['venta', fromCents(total - 94)],
    ]);
    expect((await recibidos(code)).data).toEqual([]);
    const [first] = await rows<{ created_at: Date }>(
      t,
      sql`SELECT created_at FROM venta_pagos WHERE venta_id = ${doc?.id} AND reference = 'ZCORTO001'`,
    );
    expect(new Date(first.created_at).getTime()).toBe(new Date(received).getTime());
  });

  it('castigar la diferencia con un motivo, dentro de la tolerancia: la factura asienta lo recibido y la diferencia como descuento', async () => {
    const { code, total } = await orden('ZCASTIGO01', (total) => fromCents(total - 94));
    const approved = await aprobar(code, 'Comisión del banco del cliente');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await api.detalle(code)).json().data.order.step).toBe('pago-confirmado');
    const doc = await venta(code);
    expect(doc).toMatchObject({
      total: fromCents(total),
      discount: '0.94',
      balance_paid: fromCents(total - 94),
      outstanding_balance: '0.00',
      payment_status: 'pagada',
    });
    expect(doc?.note).toContain('Comisión del banco del cliente');
    expect(doc?.pagos).toEqual([{ amount: fromCents(total - 94), amount_usd: fromCents(total - 94) }]);
    const history = (await api.detalle(code)).json().data.history;
    expect(history.at(-1).note).toContain('Diferencia castigada: $ 0,94');
    expect(history.at(-1).by).toBeTruthy();
  });

  it('más allá de la tolerancia el castigo se rechaza sin cambios; la tolerancia es de la tienda', async () => {
    const { code } = await orden('ZCASTIGO02', (total) => fromCents(total - 500));
    const refused = await aprobar(code, 'El cliente no tiene más');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('supera la tolerancia');
    const detail = (await api.detalle(code)).json().data;
    expect(detail.order.step).toBe('pago-por-confirmar');
    expect(detail.payments.map((p: { status: string }) => p.status)).toEqual(['reportado']);
    const set = await api.call('admin', 'PATCH', '/api/config/tolerancia-castigo', { tolerancia: '5,00' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ tolerancia: '5.00' });
    expect((await aprobar(code, 'El cliente no tiene más')).statusCode).toBe(200);
    expect(await venta(code)).toMatchObject({ discount: '5.00' });
    await api.call('admin', 'PATCH', '/api/config/tolerancia-castigo', { tolerancia: '1' });
  });
});

describe('un pago de más', () => {
  it('la orden queda pagada y lo que sobra es saldo a favor del cliente, no absorbido', async () => {
    const { code, total } = await orden('ZDEMAS001', (total) => fromCents(total + 500));
    expect((await aprobar(code)).statusCode).toBe(200);
    const doc = await venta(code);
    expect(doc).toMatchObject({ balance_paid: fromCents(total), credit_in_favor: '5.00', payment_status: 'pagada' });
    expect(doc?.pagos).toEqual([{ amount: fromCents(total + 500), amount_usd: fromCents(total + 500) }]);
    expect((await api.detalle(code)).json().data.history.at(-1).note).toContain('saldo a favor');
  });
});

describe('lo que sobra, como vuelto por devolver', () => {
  it('el personal elige vuelto: la factura queda pagada sin saldo a favor, el pago guarda su vuelto y el reporte cuenta lo que se queda', async () => {
    const { code, total } = await orden('ZVUELTO01', (total) => fromCents(total + 500));
    const approved = await aprobar(code, '', 'vuelto');
    expect(approved.statusCode, approved.body).toBe(200);
    const doc = await venta(code);
    expect(doc).toMatchObject({ balance_paid: fromCents(total), credit_in_favor: '0.00', payment_status: 'pagada', change: '5.00' });
    expect(doc?.pagos).toEqual([{ amount: fromCents(total + 500), amount_usd: fromCents(total) }]);
    const history = (await api.detalle(code)).json().data.history;
    expect(history.at(-1).note).toContain('Vuelto por devolver al cliente: $ 5,00 (Bs.');
    // «Pagos recibidos» counts what the store keeps, not what came in and went back.
    const report = await api.call('admin', 'GET', `/api/ventas/pagos?search=ZVUELTO01`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.map((p: { amount: string }) => p.amount)).toEqual([fromCents(total)]);
  });

  it('sin exceso no hay vuelto: 400 en español y la orden sigue esperando la revisión', async () => {
    const { code } = await orden('ZVUELTO02', (total) => fromCents(total));
    const refused = await aprobar(code, '', 'vuelto');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('El pago no supera lo debido: no hay vuelto que devolver.');
    const detail = (await api.detalle(code)).json().data;
    expect(detail.order.step).toBe('pago-por-confirmar');
    expect(detail.payments.map((p: { status: string }) => p.status)).toEqual(['reportado']);
    const bad = await api.call('administracion', 'PATCH', '/api/orden-compra/confirmar-pago', {
      code,
      approve: true,
      note: '',
      excedente: 'propina',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('saldo a favor o como vuelto');
  });
});

describe('una orden con dinero aprobado', () => {
  it('no vence sola ni la anula el lote de impagas; anulada a mano, su historial dice lo que hay que devolver', async () => {
    const { code, total } = await orden('ZRETENIDO1', (total) => fromCents(total - 300));
    expect((await aprobar(code)).statusCode).toBe(200);
    expect((await api.detalle(code)).json().data.order.step).toBe('pendiente');
    const quiet = { info: () => {}, error: () => {} } as unknown as Parameters<typeof runJobs>[1];
    await runJobs(api.context(), quiet, new Date(Date.now() + 30 * 24 * 3_600_000));
    expect((await api.detalle(code)).json().data.order.step).toBe('pendiente');

    const bulk = await api.call('administracion', 'PATCH', '/api/orden-compra/anular-impagas', { codes: [code], note: 'Limpieza' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data.anuladas).toEqual([]);
    expect(bulk.json().data.omitidas[0].motivo).toContain('ya tiene pagos aprobados ($ ');

    const cancelled = await api.call('administracion', 'PATCH', '/api/orden-compra/anular', { code });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const last = (await api.detalle(code)).json().data.history.at(-1);
    expect(last.to).toBe('anulada');
    expect(last.note).toContain(`Dinero recibido por devolver al cliente: $ ${fromCents(total - 300).replace('.', ',')}`);
    // The money came in: it stays in «Pagos recibidos» as the cancelled order's anticipo.
    expect((await recibidos(code)).data.map((p: { origen: string }) => p.origen)).toEqual(['anticipo']);
  });
});
