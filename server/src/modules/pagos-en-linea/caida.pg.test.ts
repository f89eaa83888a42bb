// A crash between the provider's capture and our commit, on a real server process and PostgreSQL
// (only in `npm run test:pg`): PayPal (or Stripe, for a card) captures and the store's process is
// killed (SIGKILL) before it answers. Started again on the same database, the provider's webhook and
// a repeated return leave the order paid exactly once: one payment, one sale.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPostgresDatabase } from '#test/build-test-app.ts';
import { type PaypalFalso, startPaypalFalso } from '#test/paypal-falso.ts';
import { freePort, type ServerProcess, startServerProcess } from '#test/server-process.ts';
import { type StripeFalso, startStripeFalso } from '#test/stripe-falso.ts';

let fake: PaypalFalso;
let stripe: StripeFalso;
let database: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;
let dataDir = '';
let port = 0;
let server: ServerProcess | undefined;

async function startServer(): Promise<string> {
  server = await startServerProcess(port, {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...fake.env,
    ...stripe.env,
  });
  return server.url;
}

async function kill() {
  await server?.kill();
}

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('caida.pg.test.ts necesita DATABASE_URL');
  fake = await startPaypalFalso();
  stripe = await startStripeFalso();
  database = await createSeededPostgresDatabase(serverUrl);
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-caida-paypal-'));
  port = await freePort();
}, 120_000);

afterAll(async () => {
  await kill();
  await pool?.end();
  await database?.drop();
  await fake?.close();
  await stripe?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function estado(code: string) {
  const { rows } = await pool.query(
    `SELECT o.step,
       (SELECT count(*)::int FROM orden_pagos p WHERE p.order_id = o.id) AS pagos,
       (SELECT count(*)::int FROM ventas v WHERE v.order_id = o.id) AS ventas
     FROM ordenes_compra o WHERE o.code = $1`,
    [code],
  );
  return rows[0] as { step: string; pagos: number; ventas: number };
}

/** A guest's order paid online with `method`, started at its provider: its code and the provider's id. */
async function ordenEnLinea(url: string, method: 'paypal' | 'tarjeta', key: string) {
  const { rows } = await pool.query(
    `SELECT i.article_code, i.tienda_id FROM inventario i JOIN articulos a ON a.code = i.article_code
         JOIN modelos m ON m.code = a.model_code WHERE m.active AND i.quantity - i.held >= 2 ORDER BY i.article_code LIMIT 1`,
  );
  const buyer = {
    fullName: 'Marta Rojas',
    email: 'marta.rojas@correo.com',
    phone: '0414-555-0177',
    dni: 'V-17888999',
    state: 'Carabobo',
    city: 'Valencia',
    address: 'Av. Bolívar Norte, casa 12',
  };
  const registered = await fetch(`${url}/api/orden-compra/registrar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      user: buyer,
      delivery: { ...buyer, contact: buyer.fullName, agency: 'mrw' },
      items: [{ articleCode: rows[0].article_code, stores: [{ tiendaId: rows[0].tienda_id, quantity: 1 }] }],
      payment: { method },
    }),
  });
  expect(registered.status).toBe(201);
  const { orderCode: code, token } = (await registered.json()).data;
  const started = await fetch(`${url}/api/pagos/${method}/iniciar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, t: token }),
  });
  const { providerOrderId } = (await started.json()).data;
  return { code: code as string, providerOrderId: providerOrderId as string };
}

describe('caída entre la captura de PayPal y el commit', () => {
  it('el proceso muere esperando la captura; al volver, el aviso y el regreso la dejan pagada una vez', async () => {
    let url = await startServer();
    const { code, providerOrderId } = await ordenEnLinea(url, 'paypal', 'caida-paypal-1');
    fake.approve(providerOrderId);

    // PayPal captures; the store dies before its answer arrives.
    const captured = fake.stallCapture(providerOrderId);
    const back = fetch(`${url}/api/pagos/paypal/retorno?token=${providerOrderId}`, { redirect: 'manual' }).catch(() => null);
    await captured;
    await kill();
    expect(await back).toBeNull();
    expect(fake.orders.get(providerOrderId)?.status).toBe('COMPLETED');
    expect(await estado(code)).toEqual({ step: 'pendiente', pagos: 0, ventas: 0 });

    url = await startServer();
    const event = fake.captureCompletedEvent(providerOrderId);
    const deliver = () => {
      const signed = fake.sign(event);
      return fetch(`${url}/api/pagos/paypal/webhook`, { method: 'POST', headers: signed.headers, body: signed.body });
    };
    const [first, second] = await Promise.all([deliver(), deliver()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await fetch(`${url}/api/pagos/paypal/retorno?token=${providerOrderId}`, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('pago=confirmado');
    expect(await estado(code)).toEqual({ step: 'pago-confirmado', pagos: 1, ventas: 1 });
  }, 180_000);
});

describe('caída entre el cobro de la tarjeta y el commit', () => {
  it('el proceso muere esperando a Stripe; al volver, el aviso y el regreso la dejan cobrada y pagada una vez', async () => {
    // The previous journey's server is still up on the same port.
    await kill();
    let url = await startServer();
    const { code, providerOrderId } = await ordenEnLinea(url, 'tarjeta', 'caida-tarjeta-1');
    stripe.authorize(providerOrderId);

    const captured = stripe.stallCapture(providerOrderId);
    const back = fetch(`${url}/api/pagos/tarjeta/retorno?session_id=${providerOrderId}`, { redirect: 'manual' }).catch(() => null);
    await captured;
    await kill();
    expect(await back).toBeNull();
    expect(stripe.sessions.get(providerOrderId)?.intent?.status).toBe('succeeded');
    expect(await estado(code)).toEqual({ step: 'pendiente', pagos: 0, ventas: 0 });

    url = await startServer();
    const event = stripe.sessionCompletedEvent(providerOrderId);
    const deliver = () => {
      const signed = stripe.sign(event);
      return fetch(`${url}/api/pagos/tarjeta/webhook`, { method: 'POST', headers: signed.headers, body: signed.body });
    };
    const [first, second] = await Promise.all([deliver(), deliver()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await fetch(`${url}/api/pagos/tarjeta/retorno?session_id=${providerOrderId}`, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('pago=confirmado');
    expect(await estado(code)).toEqual({ step: 'pago-confirmado', pagos: 1, ventas: 1 });
    expect(stripe.calls.get('POST /v1/payment_intents/{id}/capture')).toBe(1);
  }, 180_000);
});
