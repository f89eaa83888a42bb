// What the tests of the online payments (pagos-en-linea.test.ts for PayPal, tarjeta.test.ts for the
// card) do the same way: a guest's order paid online, starting its payment, the browser's return to
// the store, a webhook delivery, and the order's state as the database has it.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OnlineMethod } from '#domain/contracts/orden-compra.ts';
import type { TestApp } from './build-test-app.ts';
import { ordenesDriver } from './driver.ts';
import { rows } from './inject.ts';
import { BUYER, orderBody, otroComprador, type StockedArticle } from './ordenes.ts';
import { nextIp } from './sessions.ts';

export const PUBLIC_URL = 'http://tienda.test';

export type OrdenEnLinea = { code: string; token: string; total: string; commission: string };

/** `app`: the test app and its stocked article, read when a helper runs (they are built in beforeAll). */
export function pagosEnLineaDriver(method: OnlineMethod, app: () => { t: TestApp; stocked: StockedArticle }) {
  let buyers = 0;

  /** Another guest each time: the limits of unpaid orders count per contact. */
  function otroBuyer() {
    buyers += 1;
    return { ...BUYER, ...otroComprador(buyers) };
  }

  /** A guest's order paid online (no reference), pending until the provider is paid. */
  async function orden(payment: Record<string, unknown> = { method }): Promise<OrdenEnLinea> {
    const { t, stocked } = app();
    const body = orderBody(stocked, { buyer: otroBuyer(), payment });
    const response = await ordenesDriver(t).registrar(body, `${method}-${buyers}-${Date.now()}`);
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data.step).toBe('pendiente');
    return { code: data.orderCode, token: data.token, total: data.total, commission: data.commission };
  }

  function iniciar(o: OrdenEnLinea, extra: object = {}) {
    return app().t.app.inject({
      method: 'POST',
      url: `/api/pagos/${method}/iniciar`,
      payload: { code: o.code, t: o.token, ...extra },
      remoteAddress: nextIp(),
    });
  }

  async function iniciado(o: OrdenEnLinea) {
    const response = await iniciar(o);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { approvalUrl: string; providerOrderId: string; amount: string; currency: string };
  }

  /** The browser arrives back at the store's return URL. */
  function volver(returnUrl: URL) {
    expect(returnUrl.origin).toBe(PUBLIC_URL);
    return app().t.app.inject({ method: 'GET', url: `${returnUrl.pathname}${returnUrl.search}`, remoteAddress: nextIp() });
  }

  function webhook(delivery: { headers: Record<string, string>; body: string }) {
    return app().t.app.inject({ method: 'POST', url: `/api/pagos/${method}/webhook`, headers: delivery.headers, payload: delivery.body });
  }

  async function estadoDe(code: string) {
    const { t } = app();
    const [order] = await rows<{ id: number; step: string; total: string; expires_at: Date | null }>(
      t,
      sql`SELECT id, step, total, expires_at FROM ordenes_compra WHERE code = ${code}`,
    );
    const pagos = await rows<{ method: string; reference: string; amount: string; status: string }>(
      t,
      sql`SELECT method, reference, amount, status FROM orden_pagos WHERE order_id = ${order.id} ORDER BY id`,
    );
    const enLinea = await rows<{
      provider: string;
      status: string;
      capture_id: string | null;
      captured_amount: string | null;
      payer_email: string | null;
      note: string;
    }>(
      t,
      sql`SELECT provider, status, capture_id, captured_amount, payer_email, note FROM pagos_en_linea WHERE order_id = ${order.id} ORDER BY id`,
    );
    const ventas = await rows<{ id: number }>(t, sql`SELECT id FROM ventas WHERE order_id = ${order.id}`);
    const historial = await rows<{ from_step: string | null; to_step: string; note: string }>(
      t,
      sql`SELECT from_step, to_step, note FROM orden_historial WHERE order_id = ${order.id} ORDER BY id`,
    );
    return { order, pagos, enLinea, ventas, historial };
  }

  return { otroBuyer, orden, iniciar, iniciado, volver, webhook, estadoDe };
}
