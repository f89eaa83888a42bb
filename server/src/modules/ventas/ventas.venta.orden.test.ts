// A web order becomes a sale document: confirming its payment writes one factura with the order's
// own figures (twice never writes two); approving it on credit writes a nota de entrega owing its
// total, and confirming that order's payment later pays the nota instead of writing a factura.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, reportadoExacto, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 50);
});

afterAll(async () => {
  await t?.close();
});

type Venta = {
  id: number;
  number: string;
  kind: string;
  source: string;
  total: string;
  iva: string;
  igtf: string;
  comision: string;
  base_imponible: string;
  balance_paid: string;
  outstanding_balance: string;
  payment_status: string;
  due_date: string | null;
  tienda_id: number;
};

async function ventasDe(code: string) {
  return rows<Venta>(
    t,
    sql`SELECT v.id, v.number, v.kind, v.source, v.total, v.iva, v.igtf, v.comision, v.base_imponible, v.balance_paid,
               v.outstanding_balance, v.payment_status, v.due_date::text, v.tienda_id
          FROM ventas v JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
  );
}

async function orden(code: string) {
  const [row] = await rows<{ total: string; iva: string; commission: string; subtotal: string; igtf: string }>(
    t,
    sql`SELECT total, iva, commission, subtotal, igtf FROM ordenes_compra WHERE code = ${code}`,
  );
  return row;
}

describe('una orden web pagada es una factura', () => {
  it('confirmar el pago escribe una sola factura con el total, el IVA y la comisión de la orden', async () => {
    const n = 1;
    const { code } = await api.registrarOrden(
      orderBody(stocked, {
        buyer: otroComprador(n),
        quantity: 2,
        payment: { method: 'paypal', reference: 'PP-ORDEN-01', amount: '1.00', date: '2026-11-20' },
      }),
      randomUUID(),
    );
    const stockBefore = await rows<{ quantity: number }>(
      t,
      sql`SELECT quantity FROM inventario WHERE article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`,
    );
    await reportadoExacto(t, code);
    expect((await api.confirmarPago(code, true)).statusCode).toBe(200);
    // A second confirmation is refused by the order's steps, and writes nothing.
    expect((await api.confirmarPago(code, true)).statusCode).toBe(400);
    const ventas = await ventasDe(code);
    expect(ventas).toHaveLength(1);
    const o = await orden(code);
    expect(Number(o.commission)).toBeGreaterThan(0);
    expect(Number(o.igtf)).toBeGreaterThan(0);
    expect(ventas[0]).toMatchObject({
      kind: 'factura',
      source: 'web',
      total: o.total,
      iva: o.iva,
      comision: o.commission,
      base_imponible: o.subtotal,
      // PayPal is paid in divisas: the order's IGTF (domain/igtf.ts) is the factura's.
      igtf: o.igtf,
      balance_paid: o.total,
      outstanding_balance: '0.00',
      payment_status: 'pagada',
      tienda_id: stocked.storeId,
    });
    const [{ paid, lines }] = await rows<{ paid: string; lines: number }>(
      t,
      sql`SELECT (SELECT sum(amount_usd) FROM venta_pagos WHERE venta_id = ${ventas[0].id})::text AS paid,
                 (SELECT count(*)::int FROM venta_lineas WHERE venta_id = ${ventas[0].id}) AS lines`,
    );
    expect([paid, lines]).toEqual([o.total, 1]);
    // The factura takes no stock: the order takes it at dispatch.
    const stockAfter = await rows<{ quantity: number }>(
      t,
      sql`SELECT quantity FROM inventario WHERE article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`,
    );
    expect(stockAfter).toEqual(stockBefore);
    const [cliente] = await rows<{ dni: string; name: string }>(
      t,
      sql`SELECT c.dni, c.name FROM clientes c JOIN ventas v ON v.cliente_id = c.id WHERE v.id = ${ventas[0].id}`,
    );
    expect(cliente).toEqual({ dni: otroComprador(n).dni, name: otroComprador(n).fullName });
  });

  it('un pago rechazado no escribe ninguna venta', async () => {
    const { code } = await api.registrarOrden(
      orderBody(stocked, {
        buyer: otroComprador(2),
        payment: { method: 'zelle', reference: 'ZL-RECHAZO-1', amount: '1.00', date: '2026-11-20' },
      }),
      randomUUID(),
    );
    expect((await api.confirmarPago(code, false)).statusCode).toBe(200);
    expect(await ventasDe(code)).toEqual([]);
  });
});

describe('una orden aprobada a crédito es una nota de entrega', () => {
  it('con su saldo; al confirmar su pago la nota queda pagada, sin una segunda venta', async () => {
    const { code, token } = await api.registrarOrden(orderBody(stocked, { buyer: otroComprador(3) }), randomUUID());
    const approved = await api.call('administracion', 'PATCH', '/api/orden-compra/a-credito', { code, note: 'Cliente al mayor' });
    expect(approved.statusCode, approved.body).toBe(200);
    const [nota] = await ventasDe(code);
    const o = await orden(code);
    expect(nota).toMatchObject({
      kind: 'nota-entrega',
      source: 'web',
      total: o.total,
      balance_paid: '0.00',
      outstanding_balance: o.total,
      payment_status: 'pendiente',
      due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(nota.number).toMatch(/^NE-/);

    const paid = await api.registrarPago(
      code,
      { method: 'zelle', reference: 'ZL-CREDITO-9', amount: o.total, date: '2026-11-20' },
      { token },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await api.confirmarPago(code, true)).statusCode).toBe(200);
    const after = await ventasDe(code);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: nota.id, balance_paid: o.total, outstanding_balance: '0.00', payment_status: 'pagada' });
    const abonos = await rows<{ step: string; total: string; reference: string }>(
      t,
      sql`SELECT step, total, reference FROM abonos WHERE venta_id = ${nota.id}`,
    );
    expect(abonos).toEqual([{ step: 'aprobado', total: o.total, reference: 'ZLCREDITO9' }]);
  });
});
