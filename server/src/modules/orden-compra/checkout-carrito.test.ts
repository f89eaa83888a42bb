// The cart and the order agree: the order charges what the cart showed, and empties the cart.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '#domain/contracts/carrito.ts';
import type { OrderStatus } from '#domain/contracts/orden-compra.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';

let t: TestApp;
let api: OrdenesDriver;
let lines: { articleCode: string; tiendaId: number }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  // Three articles with a price that makes per-line IVA rounding differ from IVA on the subtotal.
  lines = await rows<{ articleCode: string; tiendaId: number }>(
    t,
    sql`SELECT i.article_code AS "articleCode", i.tienda_id AS "tiendaId" FROM inventario i
        JOIN tiendas s ON s.id = i.tienda_id AND s.active WHERE i.quantity - i.held >= 3 ORDER BY i.article_code LIMIT 3`,
  );
  for (const l of lines) {
    await t.database.db.execute(
      sql`UPDATE modelos SET price = '10.03', promotion = '0' WHERE code = (SELECT model_code FROM articulos WHERE code = ${l.articleCode})`,
    );
  }
});

afterAll(async () => {
  await t?.close();
});

const buyer = {
  fullName: 'Luisa Márquez',
  email: 'luisa@correo.com',
  phone: '0424-555-0101',
  dni: 'V-20111222',
  state: 'Zulia',
  city: 'Maracaibo',
  address: 'Calle 72 con avenida 3E, casa 5',
};

describe('del carrito a la orden', () => {
  it('la orden cobra el total que mostró el carrito más el envío de su tarifa, y saca del carrito lo comprado', async () => {
    let cookie = '';
    for (const l of lines) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/v2/carrito/agregar-item',
        headers: cookie ? { cookie } : {},
        payload: { articleCode: l.articleCode, stores: [{ tiendaId: l.tiendaId, quantity: 1 }] },
      });
      expect(added.statusCode).toBe(200);
      const set = added.headers['set-cookie'];
      if (set) cookie = String(Array.isArray(set) ? set[0] : set).split(';')[0];
    }
    const cart = (await t.app.inject({ url: '/api/carrito', headers: { cookie } })).json().data as CartView;
    expect(cart.items).toHaveLength(3);
    // 3 × 10,03 = 30,09; IVA on the subtotal 4,81 (per line it would be 3 × 1,60 = 4,80).
    expect(cart.totals).toMatchObject({ subtotal: '30.09', iva: '4.81', total: '34.90' });

    const body = {
      user: buyer,
      delivery: { ...buyer, contact: buyer.fullName, agency: 'zoom' },
      items: cart.items.map((i) => ({
        articleCode: i.articleCode,
        stores: i.stores.map((s) => ({ tiendaId: s.id, quantity: s.quantity })),
      })),
      payment: { method: 'pago-pendiente' },
    };
    const { code, token } = await api.registrarOrden(body, 'carrito-a-orden-1', { cookie });

    const status = (await api.estado(code, token)).json().data as OrderStatus;
    // Zoom to Zulia: $ 7,50 in 3 to 5 days (the starting rates of migration 0024).
    expect(status).toMatchObject({
      paymentMethod: 'pago-pendiente',
      subtotal: '30.09',
      iva: '4.81',
      shippingCost: '7.50',
      shippingDays: { min: 3, max: 5 },
      total: '42.40',
      step: 'pendiente',
    });
    expect(status.expiresAt).not.toBeNull();
    expect(JSON.stringify(status)).not.toContain(buyer.email);

    const after = (await t.app.inject({ url: '/api/carrito', headers: { cookie } })).json().data as CartView;
    expect(after.items).toEqual([]);
  });
});
