// Test helpers for web orders: an article with stock in one store, an order body for it, and
// registering that order through the API.
import { sql } from 'drizzle-orm';
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
