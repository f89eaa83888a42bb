// The providers' webhooks under load on a real PostgreSQL server: for PayPal and for the card
// (Stripe), 200 deliveries at once for 50 orders whose return never came (each order's event twice,
// and a second event of the same payment twice). PayPal already captured; Stripe only authorized, so
// each delivery may ask Stripe to capture. Every order ends charged and paid exactly once: one
// capture, one payment, one sale. And staff refunding one payment from many screens at once refund it once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { BUYER, orderBody, otroComprador, stockedArticle } from '#test/ordenes.ts';
import { type PaypalFalso, startPaypalFalso } from '#test/paypal-falso.ts';
import { nextIp } from '#test/sessions.ts';
import { type StripeFalso, startStripeFalso } from '#test/stripe-falso.ts';

const ORDERS = 50;
let paypal: PaypalFalso;
let stripe: StripeFalso;
let t: TestApp;

beforeAll(async () => {
  paypal = await startPaypalFalso();
  stripe = await startStripeFalso();
  t = await buildTestApp({
    PUBLIC_URL: 'http://tienda.test',
    ...paypal.env,
    ...stripe.env,
  });
});

afterAll(async () => {
  await t?.close();
  await paypal?.close();
  await stripe?.close();
});

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

type Delivery = { headers: Record<string, string>; body: string };

/** Per provider: the buyer paid at the provider and the return was lost; two signed events of it. */
const PROVIDERS = {
  paypal: {
    paidWithoutReturn(id: string): [Delivery, Delivery] {
      paypal.approve(id);
      paypal.captureDirectly(id);
      return [paypal.sign(paypal.captureCompletedEvent(id)), paypal.sign(paypal.captureCompletedEvent(id))];
    },
    resend: (d: Delivery) => paypal.sign(JSON.parse(d.body)),
    chargedOnce: (id: string) => paypal.orders.get(id)?.capture?.status === 'COMPLETED',
  },
  tarjeta: {
    paidWithoutReturn(id: string): [Delivery, Delivery] {
      stripe.authorize(id);
      return [stripe.sign(stripe.sessionCompletedEvent(id)), stripe.sign(stripe.sessionCompletedEvent(id))];
    },
    resend: (d: Delivery) => stripe.sign(JSON.parse(d.body)),
    chargedOnce: (id: string) => {
      const intent = stripe.sessions.get(id)?.intent;
      return intent?.status === 'succeeded' && intent.amountReceived === intent.amount;
    },
  },
} as const;

describe.each(['paypal', 'tarjeta'] as const)('avisos de %s a la vez (PostgreSQL)', (method) => {
  const provider = PROVIDERS[method];

  it('200 entregas simultáneas para 50 órdenes: cada orden queda cobrada y pagada exactamente una vez', async () => {
    const stocked = await stockedArticle(t, ORDERS * 2);
    const driver = ordenesDriver(t);
    const deliveries: Delivery[] = [];
    const codes: string[] = [];
    const providerIds: string[] = [];
    for (let n = 1; n <= ORDERS; n++) {
      const body = orderBody(stocked, { buyer: { ...BUYER, ...otroComprador(n) }, payment: { method } });
      const { code, token } = await driver.registrarOrden(body, `pg-${method}-${n}`);
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/pagos/${method}/iniciar`,
        payload: { code, t: token },
        remoteAddress: nextIp(),
      });
      expect(started.statusCode, started.body).toBe(200);
      const { providerOrderId } = started.json().data;
      const [first, second] = provider.paidWithoutReturn(providerOrderId);
      // Each event delivered twice (a retry is signed anew).
      deliveries.push(first, provider.resend(first), second, provider.resend(second));
      codes.push(code);
      providerIds.push(providerOrderId);
    }
    expect(deliveries).toHaveLength(200);

    const answers = await Promise.all(
      shuffle(deliveries).map((d) =>
        t.app.inject({ method: 'POST', url: `/api/pagos/${method}/webhook`, headers: d.headers, payload: d.body }),
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
    expect(providerIds.filter((id) => !provider.chargedOnce(id))).toEqual([]);
  }, 180_000);
});

describe('reembolsos a la vez (PostgreSQL)', () => {
  it('20 pedidos del total con claves distintas y 20 repeticiones de una misma clave: PayPal reembolsa una vez', async () => {
    const stocked = await stockedArticle(t, 2);
    const driver = ordenesDriver(t);
    const body = orderBody(stocked, { buyer: { ...BUYER, ...otroComprador(ORDERS + 1) }, payment: { method: 'paypal' } });
    const { code, token } = await driver.registrarOrden(body, 'pg-reembolso-1');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/pagos/paypal/iniciar',
      payload: { code, t: token },
      remoteAddress: nextIp(),
    });
    const { providerOrderId } = started.json().data;
    paypal.approve(providerOrderId);
    paypal.captureDirectly(providerOrderId);
    const delivery = paypal.sign(paypal.captureCompletedEvent(providerOrderId));
    const captured = await t.app.inject({
      method: 'POST',
      url: '/api/pagos/paypal/webhook',
      headers: delivery.headers,
      payload: delivery.body,
    });
    expect(captured.statusCode, captured.body).toBe(200);

    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, n) => driver.reembolsar('admin', code, {}, `pg-reembolso-clave-${n}`)),
      ...Array.from({ length: 20 }, () => driver.reembolsar('administracion', code, {}, 'pg-reembolso-la-misma')),
    ]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // The others: what is left is already refunded or being refunded, or the same key is still being written.
    expect(answers.filter((a) => ![200, 400, 409].includes(a.statusCode)).map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    const captureId = paypal.orders.get(providerOrderId)?.capture?.id;
    expect(paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    const saved = await rows<{ status: string; n: number }>(
      t,
      sql`SELECT r.status, count(*)::int AS n FROM pagos_en_linea_reembolsos r JOIN pagos_en_linea p ON p.id = r.pago_id
          WHERE p.provider_order_id = ${providerOrderId} GROUP BY r.status`,
    );
    expect(saved).toEqual([{ status: 'hecho', n: 1 }]);
  }, 120_000);
});
