import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STEPS } from '#domain/order-steps.ts';
import { PAYMENT_METHOD_IDS } from '#domain/store-constants.ts';
import * as personal from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { seedScaleOrders } from './escala-ordenes.ts';
import { seedScale } from './seed.ts';

const ORDERS = 140;
let t: TestApp;
let api: OrdenesDriver;
let before: number;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  [{ n: before }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ordenes_compra`);
  await seedScale(t.database.db, 30);
  expect(await seedScaleOrders(t.database.db, ORDERS)).toBe(ORDERS);
});

afterAll(async () => {
  await t?.close();
});

const buscar = (payload: object) => api.call('admin', 'POST', '/api/orden-compra/buscar-ordenes-compras', payload);

describe('órdenes de la semilla grande', () => {
  it('cada orden tiene una o dos líneas de artículos de la escala, su pago pasado «pendiente» y su historial', async () => {
    const [counts] = await rows<{ orders: number; lines: number; payments: number; unpaid: number; steps: number; methods: number }>(
      t,
      sql`SELECT count(*)::int AS orders,
                 (SELECT count(*)::int FROM orden_detalles d JOIN ordenes_compra o ON o.id = d.order_id
                   WHERE o.idempotency_key LIKE 'escala-%' AND d.article_code LIKE 'B%') AS lines,
                 (SELECT count(*)::int FROM orden_pagos p JOIN ordenes_compra o ON o.id = p.order_id WHERE o.idempotency_key LIKE 'escala-%') AS payments,
                 count(*) FILTER (WHERE step = 'pendiente')::int AS unpaid,
                 count(DISTINCT step)::int AS steps, count(DISTINCT payment_method)::int AS methods
          FROM ordenes_compra WHERE idempotency_key LIKE 'escala-%'`,
    );
    // Odd n: two lines; even n: one.
    expect(counts).toEqual({
      orders: ORDERS,
      lines: ORDERS + ORDERS / 2,
      payments: ORDERS - counts.unpaid,
      unpaid: ORDERS / 20,
      steps: ORDER_STEPS.length,
      methods: PAYMENT_METHOD_IDS.length,
    });
    // The history ends at the order's step, and every order's total is its lines plus IVA and shipping.
    const wrong = await rows<{ code: string }>(
      t,
      sql`SELECT o.code FROM ordenes_compra o
          WHERE o.idempotency_key LIKE 'escala-%'
            AND ((SELECT h.to_step FROM orden_historial h WHERE h.order_id = o.id ORDER BY h.at DESC, h.id DESC LIMIT 1) IS DISTINCT FROM o.step
              OR o.subtotal <> (SELECT sum(d.net) FROM orden_detalles d WHERE d.order_id = o.id)
              OR o.total <> o.subtotal + o.iva + o.shipping)`,
    );
    expect(wrong).toEqual([]);
    const [span] = await rows<{ days: number }>(
      t,
      sql`SELECT extract(day FROM max(created_at) - min(created_at))::int AS days FROM ordenes_compra WHERE idempotency_key LIKE 'escala-%'`,
    );
    expect(span.days).toBeGreaterThan(365);
  });

  it('la lista del personal las lee y cuenta por paso; el detalle de cada paso responde', async () => {
    const all = await buscar({ per_page: 15 });
    expect(all.statusCode).toBe(200);
    expect(all.json().meta.total).toBe(before + ORDERS);
    const steps = all.json().steps as Record<string, number>;
    expect(Object.values(steps).reduce((a, b) => a + b, 0)).toBe(before + ORDERS);

    const delivered = await buscar({ filter: 'entregada', filter_advance: { payment_method: 'zelle' } });
    expect(delivered.statusCode).toBe(200);
    const [expected] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM ordenes_compra WHERE step = 'entregada' AND payment_method = 'zelle'`,
    );
    expect(delivered.json().meta.total).toBe(expected.n);
    expect(expected.n).toBeGreaterThan(0);

    const byDni = await buscar({ search: 'V-10000007' });
    expect(byDni.json().data).toHaveLength(1);
    expect(byDni.json().data[0]).toMatchObject({ buyer: 'Comprador de prueba 7', email: 'comprador.7@correo.com' });
    expect(byDni.json().steps).toEqual({ [byDni.json().data[0].step]: 1 });
    expect(byDni.json().steps_are_estimates).toEqual([]);

    for (const step of ORDER_STEPS) {
      const [order] = await rows<{ code: string; lines: number; history: number }>(
        t,
        sql`SELECT o.code, (SELECT count(*)::int FROM orden_detalles d WHERE d.order_id = o.id) AS lines,
                   (SELECT count(*)::int FROM orden_historial h WHERE h.order_id = o.id) AS history
            FROM ordenes_compra o WHERE o.idempotency_key LIKE 'escala-%' AND o.step = ${step} ORDER BY o.id LIMIT 1`,
      );
      const detail = await api.call('admin', 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${order.code}`);
      expect(detail.statusCode, step).toBe(200);
      const body = detail.json().data;
      expect(body.order.step).toBe(step);
      expect(body.details).toHaveLength(order.lines);
      expect(body.details[0]).toMatchObject({ color: expect.any(String), size: expect.any(String), store: expect.any(String) });
      expect(body.history).toHaveLength(order.history);
      expect(body.payments).toHaveLength(step === 'pendiente' ? 0 : 1);
    }
  });

  it('la lista y los pasos cuentan hasta el límite y dicen «más de» pasado él (aquí 10 en lugar de 1.000)', async () => {
    const page = await personal.buscar(t.database.db, {}, 3, 15, { countLimit: 10 });
    expect(page.items).toHaveLength(15);
    expect(page.meta).toMatchObject({ total: 10, total_is_estimate: true, from: 31, to: 45 });
    expect(page.meta.last_page).toBeGreaterThan(3);
    const exact = await personal.buscar(t.database.db, { step: 'pendiente' }, 1, 15, { countLimit: 10 });
    expect(exact.meta.total).toBe(exact.items.length);
    expect(exact.meta.total_is_estimate).toBeUndefined();

    const { steps, estimates } = await personal.contarPorPaso(t.database.db, { method: 'zelle' }, { countLimit: 10 });
    const [exactCounts] = await rows<Record<string, number>>(
      t,
      sql`SELECT count(*) FILTER (WHERE step = 'entregada')::int AS entregada, count(*) FILTER (WHERE step = 'pendiente')::int AS pendiente
          FROM ordenes_compra WHERE payment_method = 'zelle'`,
    );
    expect(exactCounts.entregada).toBeGreaterThan(10);
    expect(steps.entregada).toBe(10);
    expect(estimates).toEqual(['entregada']);
    expect(steps.pendiente).toBe(exactCounts.pendiente);

    // A text search counts its first matches once: past the bound every step found says «más de».
    const searched = await personal.contarPorPaso(t.database.db, { search: 'Comprador de prueba' }, { countLimit: 10 });
    expect(Object.values(searched.steps).every((n) => n === 10)).toBe(true);
    expect(searched.estimates.length).toBe(Object.keys(searched.steps).length);
    const few = await personal.contarPorPaso(t.database.db, { search: 'Comprador de prueba 14' }, { countLimit: 10 });
    expect(few).toEqual({ steps: { entregada: 1, pendiente: 1 }, estimates: [] });
  });

  it('no se cargan dos veces', async () => {
    expect(await seedScaleOrders(t.database.db, ORDERS)).toBe(0);
  });
});
