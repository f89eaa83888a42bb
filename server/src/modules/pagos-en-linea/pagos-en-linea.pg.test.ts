// PayPal's webhook under load on a real PostgreSQL server: 200 deliveries at once for 50 orders
// captured at PayPal whose return never came (each order's event twice, and a second event of the
// same capture twice). Every order ends paid exactly once: one payment, one sale, one capture.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { BUYER, orderBody, otroComprador, stockedArticle } from '#test/ordenes.ts';
import { type PaypalFalso, startPaypalFalso } from '#test/paypal-falso.ts';
import { nextIp } from '#test/sessions.ts';

const ORDERS = 50;
let fake: PaypalFalso;
let t: TestApp;

beforeAll(async () => {
  fake = await startPaypalFalso();
  t = await buildTestApp({
    PUBLIC_URL: 'http://tienda.test',
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_SECRET: fake.secret,
    PAYPAL_API_URL: fake.url,
    PAYPAL_WEBHOOK_ID: fake.webhookId,
  });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

describe('avisos de PayPal a la vez (PostgreSQL)', () => {
  it('200 entregas simultáneas para 50 órdenes: cada orden queda pagada exactamente una vez', async () => {
    const stocked = await stockedArticle(t, ORDERS * 2);
    const driver = ordenesDriver(t);
    const deliveries: { headers: Record<string, string>; body: string }[] = [];
    const codes: string[] = [];
    for (let n = 1; n <= ORDERS; n++) {
      const body = orderBody(stocked, { buyer: { ...BUYER, ...otroComprador(n) }, payment: { method: 'paypal' } });
      const { code, token } = await driver.registrarOrden(body, `pg-paypal-${n}`);
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/pagos/paypal/iniciar',
        payload: { code, t: token },
        remoteAddress: nextIp(),
      });
      expect(started.statusCode, started.body).toBe(200);
      const { providerOrderId } = started.json().data;
      fake.approve(providerOrderId);
      fake.captureDirectly(providerOrderId);
      const first = fake.captureCompletedEvent(providerOrderId);
      const second = fake.captureCompletedEvent(providerOrderId);
      deliveries.push(fake.sign(first), fake.sign(first), fake.sign(second), fake.sign(second));
      codes.push(code);
    }
    expect(deliveries).toHaveLength(200);

    const answers = await Promise.all(
      shuffle(deliveries).map((d) =>
        t.app.inject({ method: 'POST', url: '/api/pagos/paypal/webhook', headers: d.headers, payload: d.body }),
      ),
    );
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    const data = answers.map((a) => a.json().data as { duplicado: boolean; resultado: string });
    // Each event once: the second delivery of each is a repeat, whichever ran first.
    expect(data.filter((d) => d.duplicado)).toHaveLength(100);
    expect(data.filter((d) => !d.duplicado).every((d) => d.resultado === 'confirmado')).toBe(true);

    const paid = await rows<{ code: string; step: string; pagos: number; ventas: number; capturas: number }>(
      t,
      sql`SELECT o.code, o.step,
            (SELECT count(*)::int FROM orden_pagos p WHERE p.order_id = o.id) AS pagos,
            (SELECT count(*)::int FROM ventas v WHERE v.order_id = o.id) AS ventas,
            (SELECT count(*)::int FROM pagos_en_linea e WHERE e.order_id = o.id AND e.status = 'capturado') AS capturas
          FROM ordenes_compra o WHERE o.code IN (${sql.join(
            codes.map((c) => sql`${c}`),
            sql`, `,
          )}) ORDER BY o.code`,
    );
    expect(paid).toHaveLength(ORDERS);
    expect(paid.filter((o) => o.step !== 'pago-confirmado' || o.pagos !== 1 || o.ventas !== 1 || o.capturas !== 1)).toEqual([]);
    const [{ events }] = await rows<{ events: number }>(t, sql`SELECT count(*)::int AS events FROM pagos_en_linea_eventos`);
    expect(events).toBe(100);
  }, 180_000);
});
