// The IGTF of a web order (issue 22): paying in divisas (Zelle, PayPal, efectivo en dólares) adds the
// store's IGTF by the one rule of domain/igtf.ts, the same as the counter; it is part of what the
// buyer is asked for, stored on the order, on its factura and on each payment, and in the report.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caracasIsoDate } from '#domain/dates.ts';
import { igtfDePago, igtfParaCubrir } from '#domain/igtf.ts';
import { fromCents, toCents } from '#domain/money.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let buyer = 8100;
const IGTF = { charged: true, basisPoints: 300 };

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 40);
});

afterAll(async () => {
  await t?.close();
});

async function ordenPendiente() {
  const { code, token } = await api.registrarOrden(orderBody(stocked, { buyer: otroComprador(++buyer) }), randomUUID());
  const order = (await api.detalle(code)).json().data.order;
  expect(order.igtf).toBe('0.00');
  return { code, token, before: toCents(order.total) };
}

describe('IGTF de una orden web', () => {
  it('Zelle: el total pide el IGTF, la factura lo lleva y cada pago guarda el suyo (tasa × lo pagado en divisas)', async () => {
    const { code, before } = await ordenPendiente();
    const igtf = igtfParaCubrir(before, IGTF);
    expect(igtf).toBeGreaterThan(0);
    const amount = fromCents(before + igtf);
    const reported = await api.registrarPago(
      code,
      { method: 'zelle', reference: `ZIGTF${buyer}`, amount, date: '2026-11-20' },
      {
        email: otroComprador(buyer).email,
      },
    );
    expect(reported.statusCode, reported.body).toBe(200);
    const detail = (await api.detalle(code)).json().data;
    expect(detail.order).toMatchObject({ igtf: fromCents(igtf), igtfBasisPoints: 300, total: amount });
    expect(detail.payments[0]).toMatchObject({ expectedAmount: amount, amountDiffers: false });

    expect((await api.confirmarPago(code, true)).statusCode).toBe(200);
    const [doc] = await rows<{ id: number; igtf: string; igtf_basis_points: number; total: string; balance_paid: string }>(
      t,
      sql`SELECT v.id, v.igtf::text, v.igtf_basis_points, v.total::text, v.balance_paid::text FROM ventas v
            JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
    );
    expect(doc).toMatchObject({ igtf: fromCents(igtf), igtf_basis_points: 300, total: amount, balance_paid: amount });
    const pagos = await rows<{ igtf: string; amount_usd: string }>(
      t,
      sql`SELECT igtf::text, amount_usd::text FROM venta_pagos WHERE venta_id = ${doc.id}`,
    );
    expect(pagos).toEqual([{ igtf: fromCents(igtfDePago('USD', before + igtf, IGTF)), amount_usd: amount }]);
    expect(igtfDePago('USD', before + igtf, IGTF)).toBe(igtf);

    const today = caracasIsoDate(new Date());
    const report = await api.call(
      'admin',
      'GET',
      `/api/ventas/pagos?filter_advance[date_from]=${today}&filter_advance[date_to]=${today}&search=ZIGTF${buyer}`,
    );
    expect(report.statusCode, report.body).toBe(200);
    const zelle = report.json().resumen.find((r: { method: string }) => r.method === 'zelle');
    expect(zelle?.igtf).toBe(fromCents(igtf));
  });

  it('en bolívares no hay IGTF; cambiar de Zelle a Pago móvil al reportar lo quita del total', async () => {
    const { code, before } = await ordenPendiente();
    const reported = await api.registrarPago(
      code,
      { method: 'pago-movil', reference: `PMIGTF${buyer}`, bankCode: '0134', amount: '100.00', date: '2026-11-20' },
      { email: otroComprador(buyer).email },
    );
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await api.detalle(code)).json().data.order).toMatchObject({ igtf: '0.00', total: fromCents(before) });
  });

  it('el carrito muestra el IGTF de cada método en divisas antes de pagar', async () => {
    const cart = await api.call('anonimo', 'GET', '/api/carrito');
    expect(cart.statusCode, cart.body).toBe(200);
    const view = cart.json().data;
    expect(view.igtf).toEqual(IGTF);
    expect(view.paymentTotals.find((p: { method: string }) => p.method === 'pago-movil').igtf).toBe('0.00');
  });
});
