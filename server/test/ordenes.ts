// Test helpers for web orders: an article with stock in one store, an order body for it, and
// registering that order through the API.
import { sql } from 'drizzle-orm';
import { expectedPayment } from '#domain/checkout.ts';
import { fromCents } from '#domain/money.ts';
import { receivedCentsOf } from '#domain/pago-orden.ts';
import type { PaymentMethodId } from '#domain/store-constants.ts';
import type { TestApp } from './build-test-app.ts';
import { ordenesDriver } from './driver.ts';
import { rows } from './inject.ts';

export const BUYER = {
  fullName: 'Pedro Pérez',
  email: 'pedro@correo.com',
  phone: '0414-555-0199',
  dni: 'V-12345678',
  state: 'Carabobo',
  city: 'Valencia',
  address: 'Av. Bolívar Norte, casa 12',
};

export const DELIVERY = {
  contact: 'Pedro Pérez',
  phone: '0414-555-0199',
  dni: 'V-12345678',
  state: 'Carabobo',
  city: 'Valencia',
  address: 'Av. Bolívar Norte, casa 12',
  agency: 'mrw',
};

/**
 * Another buyer, the n-th: own e-mail, cédula and phone, so that a test placing many unpaid
 * orders does not meet the limit of open unpaid orders per buyer.
 */
export function otroComprador(n: number, name = `Comprador ${n}`) {
  return {
    fullName: name,
    email: `comprador.${n}@correo.com`,
    dni: `V-${20_000_000 + n}`,
    // As the store keeps it (0412-100-0007), so a test may compare what it sent with what it reads.
    phone: `0412-${String(1_000_000 + n)
      .slice(-7)
      .replace(/^(\d{3})/, '$1-')}`,
  };
}

export type StockedArticle = { article: string; storeId: number };

/** An active article of the demo catalogue with exactly `quantity` free units, all in the first store. */
export async function stockedArticle(t: TestApp, quantity = 50): Promise<StockedArticle> {
  const [row] = await rows<{ code: string }>(t, sql`SELECT a.code FROM articulos a WHERE a.code LIKE 'CFRA001%MD' LIMIT 1`);
  const [store] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas ORDER BY id LIMIT 1`);
  await t.database.db.execute(sql`UPDATE inventario SET quantity = 0, held = 0 WHERE article_code = ${row.code}`);
  await t.database.db.execute(sql`INSERT INTO inventario (article_code, tienda_id, quantity) VALUES (${row.code}, ${store.id}, ${quantity})
    ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = ${quantity}, held = 0`);
  return { article: row.code, storeId: store.id };
}

/** `count` active articles of the demo catalogue with exactly `quantity` free units each, all in the first store. */
export async function stockedArticles(t: TestApp, count: number, quantity: number): Promise<StockedArticle[]> {
  const articles = await rows<{ code: string }>(
    t,
    sql`SELECT a.code FROM articulos a JOIN modelos m ON m.code = a.model_code WHERE m.active ORDER BY a.code LIMIT ${count}`,
  );
  const [store] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas ORDER BY id LIMIT 1`);
  for (const { code } of articles) {
    await t.database.db.execute(sql`UPDATE inventario SET quantity = 0, held = 0 WHERE article_code = ${code}`);
    await t.database.db.execute(sql`INSERT INTO inventario (article_code, tienda_id, quantity) VALUES (${code}, ${store.id}, ${quantity})
      ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = ${quantity}, held = 0`);
  }
  return articles.map(({ code }) => ({ article: code, storeId: store.id }));
}

export type OrderBodyOptions = {
  buyer?: Partial<typeof BUYER>;
  quantity?: number;
  payment?: Record<string, unknown>;
  /** Other fields of the checkout form (comment, withSeller, salesman…). */
  extra?: Record<string, unknown>;
};

/** The checkout form for one article of `stocked`, by default "pago pendiente" and 1 unit. */
export function orderBody(stocked: StockedArticle, options: OrderBodyOptions = {}) {
  return {
    user: { ...BUYER, ...options.buyer },
    delivery: DELIVERY,
    items: [{ articleCode: stocked.article, stores: [{ tiendaId: stocked.storeId, quantity: options.quantity ?? 1 }] }],
    payment: options.payment ?? { method: 'pago-pendiente' },
    ...options.extra,
  };
}

/** Registers the order (as a guest, or with `token`) and returns its code; anything but 201 throws. */
export async function registrarOrden(t: TestApp, body: object, idempotencyKey: string, token?: string): Promise<string> {
  return (await ordenesDriver(t).registrarOrden(body, idempotencyKey, { token })).code;
}

/**
 * A test that walks an order past its payment reports it with the order (its total is not known
 * before it is registered): this makes each payment still to review exactly what the order asks
 * for with its method, as a buyer who paid the right amount would have reported it. Approving a
 * different amount books what was received (domain/pago-orden.ts, pago-distinto.test.ts).
 */
export async function reportadoExacto(t: TestApp, code: string): Promise<void> {
  const [order] = await rows<{ id: number; total: string; commission: string; igtf: string; igtfBasisPoints: number; rate: string }>(
    t,
    sql`SELECT id, total::text, commission::text, igtf::text, igtf_basis_points AS "igtfBasisPoints", rate::text
          FROM ordenes_compra WHERE code = ${code}`,
  );
  const payments = await rows<{ id: number; method: string }>(
    t,
    sql`SELECT id, method FROM orden_pagos WHERE order_id = ${order.id} AND status = 'reportado'`,
  );
  for (const p of payments) {
    const amount = fromCents(expectedPayment(order, p.method as PaymentMethodId).cents);
    await t.database.db.execute(sql`UPDATE orden_pagos SET amount = ${amount} WHERE id = ${p.id}`);
  }
}

/**
 * The other way round, for tests whose reported amounts are fixed by what they match (a bank
 * statement): the order is made to ask for exactly what its payments still to review are worth at
 * its rate, so confirming them pays it.
 */
export async function ordenPorLoReportado(t: TestApp, code: string): Promise<void> {
  const [order] = await rows<{ id: number; rate: string }>(t, sql`SELECT id, rate::text FROM ordenes_compra WHERE code = ${code}`);
  const payments = await rows<{ method: string; amount: string }>(
    t,
    sql`SELECT method, amount::text FROM orden_pagos WHERE order_id = ${order.id} AND status = 'reportado'`,
  );
  const total = fromCents(receivedCentsOf(payments, order.rate));
  await t.database.db.execute(sql`UPDATE ordenes_compra SET total = ${total}, commission = 0, igtf = 0 WHERE id = ${order.id}`);
}

/**
 * The store stops charging the IGTF: for tests whose figures are about something else (discounts,
 * shipping, amounts that differ). The IGTF of web orders is tested in igtf-en-la-orden.test.ts.
 */
export async function sinIgtf(t: TestApp): Promise<void> {
  const response = await ordenesDriver(t).call('admin', 'PATCH', '/api/config/igtf', { cobrar: false, tasa: '3' });
  if (response.statusCode !== 200) throw new Error(`sinIgtf: ${response.statusCode} ${response.body}`);
}
