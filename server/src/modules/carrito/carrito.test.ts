import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tienda } from '#domain/contracts/carrito.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { getJson, rows } from '#test/inject.ts';
import { stockedArticle } from '#test/ordenes.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Recheck = { articleCode: string; requested: number; available: number; ok: boolean; stores: { id: number; available: number }[] };

function recheck(articulos: unknown) {
  return t.app.inject({ method: 'PATCH', url: '/api/v2/inventario', payload: { articulos } });
}

async function availableOf(article: string): Promise<number> {
  const [{ total }] = await rows<{ total: number }>(
    t,
    sql`SELECT coalesce(sum(greatest(i.quantity - i.held, 0)), 0)::int AS total
        FROM inventario i JOIN tiendas st ON st.id = i.tienda_id AND st.active WHERE i.article_code = ${article}`,
  );
  return total;
}

describe('agencias de envío', () => {
  it('son exactamente las siete del spec, en su orden, con un id estable para guardar en la orden', async () => {
    const { status, body } = await getJson<{ id: string; name: string }[]>(t, '/api/carrito/shipping_agencies');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toEqual([
      { id: 'tealca', name: 'TEALCA' },
      { id: 'fedex', name: 'FedEx' },
      { id: 'domesa', name: 'DOMESA' },
      { id: 'mrw', name: 'MRW' },
      { id: 'dhl', name: 'DHL' },
      { id: 'zoom', name: 'Zoom' },
      { id: 'liberty', name: 'Liberty' },
    ]);
  });
});

describe('tiendas que despachan', () => {
  it('son las tiendas activas de la base, por nombre, con dirección, teléfono y horario', async () => {
    const { body } = await getJson<Tienda[]>(t, '/api/carrito/shipping_stores');
    const expected = await rows<{ id: number; code: string; name: string }>(
      t,
      sql`SELECT id, code, name FROM tiendas WHERE active ORDER BY name`,
    );
    expect(body.data.map((s) => [s.id, s.code, s.name])).toEqual(expected.map((s) => [s.id, s.code, s.name]));
    expect(body.data.map((s) => s.city).sort()).toEqual(['Barquisimeto', 'Caracas', 'Lechería', 'Maracaibo', 'Valencia']);
    for (const store of body.data) {
      expect(store.address.length, store.code).toBeGreaterThan(10);
      expect(store.phone).toMatch(/^0\d{3}-\d{3}-\d{4}$/);
      expect(store.hours.length).toBeGreaterThan(5);
      expect(store.state.length).toBeGreaterThan(2);
    }
  });
});

describe('revisión del carrito contra la existencia (PATCH v2/inventario)', () => {
  it('responde por cada línea lo disponible en tiendas activas y si alcanza, aceptando códigos en minúsculas', async () => {
    const [a, b] = await rows<{ code: string }>(
      t,
      sql`SELECT i.article_code AS code FROM inventario i GROUP BY i.article_code HAVING sum(i.quantity - i.held) > 2
          ORDER BY i.article_code LIMIT 2`,
    );
    const availableA = await availableOf(a.code);
    const availableB = await availableOf(b.code);
    const response = await recheck([
      { articleCode: a.code.toLowerCase(), quantity: availableA },
      { articleCode: b.code, quantity: availableB + 1 },
      { articleCode: 'ZZZZ999NEGRXS', quantity: 1 },
    ]);
    expect(response.statusCode).toBe(200);
    const lines = response.json().data as Recheck[];
    expect(lines.map((l) => [l.articleCode, l.requested, l.available, l.ok])).toEqual([
      [a.code, availableA, availableA, true],
      [b.code, availableB + 1, availableB, false],
      ['ZZZZ999NEGRXS', 1, 0, false],
    ]);
    for (const line of lines) expect(line.stores.reduce((n, s) => n + s.available, 0)).toBe(line.available);
  });

  it('una tienda desactivada no cuenta para la existencia del carrito', async () => {
    const [row] = await rows<{ code: string; store: number }>(
      t,
      sql`SELECT i.article_code AS code, i.tienda_id AS store FROM inventario i WHERE i.quantity - i.held > 0
          ORDER BY i.quantity DESC, i.article_code LIMIT 1`,
    );
    const before = await availableOf(row.code);
    await t.database.db.execute(sql`UPDATE tiendas SET active = false WHERE id = ${row.store}`);
    try {
      const after = await availableOf(row.code);
      expect(after).toBeLessThan(before);
      const [line] = (await recheck([{ articleCode: row.code, quantity: before }])).json().data as Recheck[];
      expect(line).toMatchObject({ available: after, ok: false });
      expect(line.stores.map((s) => s.id)).not.toContain(row.store);
      const stores = await getJson<Tienda[]>(t, '/api/carrito/shipping_stores');
      expect(stores.body.data.map((s) => s.id)).not.toContain(row.store);
      expect(stores.body.data).toHaveLength(4);
    } finally {
      await t.database.db.execute(sql`UPDATE tiendas SET active = true WHERE id = ${row.store}`);
    }
  });

  it('valida el cuerpo con mensajes en español por campo', async () => {
    const cases: [unknown, string, string][] = [
      [[], 'articulos', 'El carrito no tiene artículos'],
      [
        Array.from({ length: 51 }, () => ({ articleCode: 'A1', quantity: 1 })),
        'articulos',
        'El carrito no puede tener más de 50 artículos',
      ],
      [[{ articleCode: 'A1', quantity: 100 }], 'articulos.0.quantity', 'La cantidad máxima es 99'],
      [[{ articleCode: 'A1', quantity: 1.5 }], 'articulos.0.quantity', 'La cantidad debe ser un entero'],
      [[{ articleCode: 'A1', quantity: '2' }], 'articulos.0.quantity', 'La cantidad debe ser un número'],
      [[{ articleCode: "A1'; --", quantity: 1 }], 'articulos.0.articleCode', 'El artículo solo admite letras, números y guiones'],
      ['nada', 'articulos', 'Envíe la lista de artículos del carrito'],
    ];
    for (const [articulos, field, message] of cases) {
      const response = await recheck(articulos);
      expect(response.statusCode, field).toBe(422);
      expect(response.json()).toMatchObject({ success: false, message: 'Los datos enviados no son válidos.' });
      expect(response.json().errors[field], JSON.stringify(articulos).slice(0, 60)).toEqual([message]);
    }
  });
});

describe('agregar a la vez', () => {
  it('ocho agregados simultáneos de 1 unidad al mismo carrito suman 8, sin errores ni pérdidas', async () => {
    const [line] = await rows<{ articleCode: string; tiendaId: number }>(
      t,
      sql`SELECT i.article_code AS "articleCode", i.tienda_id AS "tiendaId" FROM inventario i
          JOIN tiendas s ON s.id = i.tienda_id AND s.active WHERE i.quantity - i.held >= 8 ORDER BY i.article_code DESC LIMIT 1`,
    );
    const item = { articleCode: line.articleCode, stores: [{ tiendaId: line.tiendaId, quantity: 1 }] };
    const first = await t.app.inject({ method: 'POST', url: '/api/v2/carrito/agregar-item', payload: item });
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    const responses = await Promise.all(
      Array.from({ length: 7 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v2/carrito/agregar-item', headers: { cookie }, payload: item }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
    const cart = (await t.app.inject({ url: '/api/carrito', headers: { cookie } })).json().data;
    expect(cart.items[0].quantity).toBe(8);
  });

  it('el carrito lleva hasta 10 unidades de un artículo, el tope de una orden: ni sumando agregados ni repartidas entre tiendas', async () => {
    const stocked = await stockedArticle(t, 20);
    const line = { articleCode: stocked.article, tiendaId: stocked.storeId };
    const add = (quantity: number, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/carrito/agregar-item',
        headers: cookie ? { cookie } : {},
        payload: { articleCode: line.articleCode, stores: [{ tiendaId: line.tiendaId, quantity }] },
      });
    const first = await add(6);
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    const tooMany = await add(5, cookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('hasta 10 unidades');
    expect((await add(4, cookie)).statusCode).toBe(200);
    const cart = (await t.app.inject({ url: '/api/carrito', headers: { cookie } })).json().data;
    expect(cart.items[0].quantity).toBe(10);
  });

  it('una tienda o un vendedor con un número fuera de rango es un 422, no un error del servidor', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/carrito/bloquear/item/tiendas',
      payload: { articleCode: 'DVES001NEGRXS', stores: [{ tiendaId: 3_000_000_000, quantity: 1 }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBeTypeOf('string');
  });
});

describe('reservas propias del carrito', () => {
  it('lo que el carrito apartó cuenta como libre para él, y quitar la línea devuelve lo apartado', async () => {
    const [line] = await rows<{ articleCode: string; tiendaId: number; free: number }>(
      t,
      sql`SELECT i.article_code AS "articleCode", i.tienda_id AS "tiendaId", (i.quantity - i.held)::int AS free FROM inventario i
          JOIN tiendas s ON s.id = i.tienda_id AND s.active WHERE i.quantity - i.held BETWEEN 2 AND 5 ORDER BY i.article_code LIMIT 1`,
    );
    const all = { articleCode: line.articleCode, stores: [{ tiendaId: line.tiendaId, quantity: line.free }] };
    const held = await t.app.inject({ method: 'POST', url: '/api/carrito/bloquear/item/tiendas', payload: all });
    expect(held.statusCode).toBe(200);
    const cookie = String(held.headers['set-cookie']).split(';')[0];
    const added = await t.app.inject({ method: 'POST', url: '/api/v2/carrito/agregar-item', headers: { cookie }, payload: all });
    expect(added.statusCode).toBe(200);
    // The cart does not call its own held units short.
    expect(added.json().data.items[0].stores[0].status).toBe('disponible');
    // Another visitor cannot take those units meanwhile.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v2/carrito/agregar-item',
      payload: { ...all, stores: [{ tiendaId: line.tiendaId, quantity: 1 }] },
    });
    expect(other.statusCode).toBe(400);
    const removed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/carrito/eliminar-item',
      headers: { cookie },
      payload: { articleCode: line.articleCode },
    });
    expect(removed.statusCode).toBe(200);
    const [{ free }] = await rows<{ free: number }>(
      t,
      sql`SELECT (quantity - held)::int AS free FROM inventario WHERE article_code = ${line.articleCode} AND tienda_id = ${line.tiendaId}`,
    );
    expect(free).toBe(line.free);
  });
});
