// Stores and warehouses through the API: the staff list, creating and editing one, the public
// list of /nuestras-tiendas, and a store that stops selling on the web leaving the storefront.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { BUYER, DELIVERY } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
});

afterAll(async () => {
  await t?.close();
});

const NUEVA = {
  code: 'alm1',
  name: 'Almacén Central',
  kind: 'almacen',
  state: 'miranda',
  city: 'Guarenas',
  address: 'Zona Industrial El Marqués, galpón 4',
  phone: '0212-555-0190',
  hours: 'Lunes a viernes, 8:00 a 17:00',
  mapUrl: 'https://maps.app.goo.gl/abc123',
  ships: true,
  sellsWeb: false,
};

describe('tiendas y almacenes', () => {
  it('la lista del personal se pagina (meta), busca, filtra y ordena por nombre', async () => {
    const page = await api.call('inventario', 'GET', '/api/almacen?per_page=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ current_page: 1, per_page: 2, total: 5, from: 1, to: 2, last_page: 3 });
    expect(page.json().data.map((s: { name: string }) => s.name)).toEqual(['Vitrina Barquisimeto', 'Vitrina Lechería']);
    expect(page.json().data[0]).toMatchObject({ code: 'BQT', kind: 'tienda', state: 'Lara', sellsWeb: true, active: true });
    expect(page.json().data[0].mapUrl).toMatch(/^https:\/\//);

    const found = await api.call('admin', 'GET', '/api/almacen?search=carabobo');
    expect(found.json().data.map((s: { code: string }) => s.code)).toEqual(['VAL']);
    const byCode = await api.call('admin', 'GET', '/api/almacen?sort_by=code&sort_desc=true&per_page=1');
    expect(byCode.json().data[0].code).toBe('VAL');
    const inactive = await api.call('admin', 'GET', '/api/almacen?filter=inactivas');
    expect(inactive.json().meta.total).toBe(0);

    const bad = await api.call('admin', 'GET', '/api/almacen?sort_by=precio&filter=todas&page=0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      sort_by: ['No se puede ordenar por ese campo'],
      filter: ['Filtro desconocido'],
      page: ['El parámetro page debe ser mayor o igual a 1'],
    });
  });

  it('solo admin e inventario ven y cambian las tiendas', async () => {
    for (const role of ['cliente', 'vendedor-admin', 'administracion', 'despacho']) {
      expect((await api.call(role, 'GET', '/api/almacen')).statusCode, role).toBe(403);
      expect((await api.call(role, 'POST', '/api/almacen', NUEVA)).statusCode, role).toBe(403);
      expect((await api.call(role, 'PATCH', '/api/configuracion/almacen', { id: 1, hours: 'x' })).statusCode, role).toBe(403);
    }
    expect((await api.call('anonimo', 'GET', '/api/almacen')).statusCode).toBe(401);
    expect((await api.call('anonimo', 'PATCH', '/api/configuracion/almacen', { id: 1, hours: 'x' })).statusCode).toBe(401);
  });

  it('registrar un almacén normaliza el código y el estado; el código no se repite', async () => {
    const created = await api.call('inventario', 'POST', '/api/almacen', NUEVA);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ ...NUEVA, code: 'ALM1', state: 'Miranda', active: true });
    const again = await api.call('admin', 'POST', '/api/almacen', { ...NUEVA, code: 'ccs' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Ya existe una tienda con el código CCS.');
  });

  it('rechaza datos inválidos con un mensaje en español por campo (422)', async () => {
    const response = await api.call('admin', 'POST', '/api/almacen', {
      code: 'A',
      name: '',
      kind: 'bodega',
      state: 'Texas',
      city: 'Houston',
      address: 'x',
      phone: '12',
      mapUrl: 'http://maps.google.com/?q=1',
      ships: 'si',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      code: ['El código debe tener de 2 a 10 letras, números o guiones (ejemplo: CCS)'],
      name: ['El nombre debe tener al menos 3 caracteres'],
      kind: ['Elija si es una tienda o un almacén'],
      state: ['Elija un estado de Venezuela'],
      address: ['La dirección debe tener al menos 5 caracteres'],
      phone: ['El teléfono no es válido: un número venezolano tiene 11 dígitos (ejemplo: 0414-555-0101)'],
      mapUrl: ['El enlace del mapa debe ser una dirección https:// (ejemplo: https://maps.app.goo.gl/…)'],
      ships: ['Despacha debe ser verdadero o falso'],
    });
    for (const mapUrl of ['javascript:alert(1)', 'https://usuario:clave@maps.example.com/x', 'https://localhost/x', 'no es url']) {
      const bad = await api.call('admin', 'POST', '/api/almacen', { ...NUEVA, code: 'X1', mapUrl });
      expect(bad.statusCode, mapUrl).toBe(422);
      expect(Object.keys(bad.json().errors), mapUrl).toEqual(['mapUrl']);
    }
  });

  it('editar cambia solo lo enviado; otra tienda con el mismo código, un id desconocido o nada que cambiar no pasan', async () => {
    const [store] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas WHERE code = 'VAL'`);
    const edited = await api.call('inventario', 'PATCH', '/api/configuracion/almacen', {
      id: String(store.id),
      hours: 'Lunes a domingo, 9:00 a 21:00',
      mapUrl: 'https://maps.app.goo.gl/valencia',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ code: 'VAL', name: 'Vitrina Valencia', hours: 'Lunes a domingo, 9:00 a 21:00' });

    const taken = await api.call('admin', 'PATCH', '/api/configuracion/almacen', { id: store.id, code: 'CCS' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Ya existe una tienda con el código CCS.');
    const unknown = await api.call('admin', 'PATCH', '/api/configuracion/almacen', { id: 999999, hours: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('La tienda no existe.');
    const nothing = await api.call('admin', 'PATCH', '/api/configuracion/almacen', { id: store.id });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors._).toEqual(['Indique qué desea cambiar de la tienda']);
    const badId = await api.call('admin', 'PATCH', '/api/configuracion/almacen', { id: 'abc', hours: 'x' });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors.id).toEqual(['La tienda debe ser un número']);
  });

  it('/nuestras-tiendas (público) muestra las tiendas activas con su mapa, sin almacenes ni tiendas inactivas', async () => {
    const [lec] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas WHERE code = 'LEC'`);
    await api.call('admin', 'PATCH', '/api/configuracion/almacen', { id: lec.id, active: false });
    try {
      const response = await t.app.inject({ url: '/api/almacen/nuestras-tiendas', remoteAddress: nextIp() });
      expect(response.statusCode).toBe(200);
      const stores = response.json().data as { code: string; mapUrl: string }[];
      expect(stores.map((s) => s.code)).toEqual(['BQT', 'MCB', 'CCS', 'VAL']);
      expect(stores.find((s) => s.code === 'VAL')?.mapUrl).toBe('https://maps.app.goo.gl/valencia');
      expect(Object.keys(stores[0]).sort()).toEqual([
        'address',
        'city',
        'code',
        'hours',
        'id',
        'mapUrl',
        'name',
        'phone',
        'ships',
        'state',
      ]);
    } finally {
      await api.call('admin', 'PATCH', '/api/configuracion/almacen', { id: lec.id, active: true });
    }
  });
});

describe('una tienda que no vende en la web', () => {
  it('su existencia sale de la disponibilidad, del carrito y del checkout; al volver a vender, regresa', async () => {
    const [row] = await rows<{ article: string; store: number }>(
      t,
      sql`SELECT i.article_code AS article, i.tienda_id AS store
            FROM inventario i JOIN tiendas s ON s.id = i.tienda_id AND s.active
            JOIN articulos a ON a.code = i.article_code JOIN modelos m ON m.code = a.model_code AND m.active
           WHERE i.quantity - i.held >= 2 ORDER BY i.article_code LIMIT 1`,
    );
    const lookup = async () =>
      (await t.app.inject({ url: `/api/carrito/buscar/item/tiendas?articleCode=${row.article}`, remoteAddress: nextIp() })).json().data;
    const shipping = async () => (await t.app.inject({ url: '/api/carrito/shipping_stores' })).json().data as { id: number }[];
    const order = {
      user: BUYER,
      delivery: DELIVERY,
      items: [{ articleCode: row.article, stores: [{ tiendaId: row.store, quantity: 1 }] }],
      payment: { method: 'pago-pendiente' },
    };
    const addToCart = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/carrito/guardar/item',
        remoteAddress: nextIp(),
        payload: { articleCode: row.article, stores: [{ tiendaId: row.store, quantity: 1 }] },
      });
    const held = async () =>
      (
        await rows<{ held: number }>(t, sql`SELECT held FROM inventario WHERE article_code = ${row.article} AND tienda_id = ${row.store}`)
      )[0].held;
    const heldBefore = await held();
    expect((await lookup()).stores.map((s: { id: number }) => s.id)).toContain(row.store);

    expect((await api.call('inventario', 'PATCH', '/api/configuracion/almacen', { id: row.store, sellsWeb: false })).statusCode).toBe(200);
    try {
      const after = await lookup();
      expect(after.stores.map((s: { id: number }) => s.id)).not.toContain(row.store);
      expect((await shipping()).map((s) => s.id)).not.toContain(row.store);
      const cart = await addToCart();
      expect(cart.statusCode).toBe(400);
      expect(cart.json().message).toContain(row.article);
      const refused = await api.registrar(order, 'tienda-sin-web-1');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('No hay existencia suficiente');
      expect(await held()).toBe(heldBefore);
    } finally {
      await api.call('inventario', 'PATCH', '/api/configuracion/almacen', { id: row.store, sellsWeb: true });
    }
    expect((await lookup()).stores.map((s: { id: number }) => s.id)).toContain(row.store);
    expect((await shipping()).map((s) => s.id)).toContain(row.store);
    expect((await addToCart()).statusCode).toBe(200);
    expect((await api.registrar(order, 'tienda-con-web-1')).statusCode).toBe(201);
  });
});
