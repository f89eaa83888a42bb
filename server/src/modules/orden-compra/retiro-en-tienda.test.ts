// «Retiro en tienda»: the buyer picks the order up at a store that ships, with no agency and no
// shipping; the order keeps the store, and the buyer's page and the staff's detail show it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let buyerNumber = 40;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 30);
});

afterAll(async () => {
  await t?.close();
});

const CONTACT = { contact: 'Rosa Linares', phone: '0424-555-1010', dni: 'V-15222333' };

function pickupBody(delivery: object) {
  return orderBody(stocked, { buyer: otroComprador(buyerNumber++), extra: { delivery } });
}

/** The demo stores all ship: the last one stops, for this file only. */
async function storeThatDoesNotShip() {
  const [store] = await rows<{ id: number }>(
    t,
    sql`UPDATE tiendas SET ships = false WHERE id = (SELECT max(id) FROM tiendas) RETURNING id`,
  );
  return store.id;
}

describe('retiro en tienda', () => {
  it('en una tienda que despacha: la orden guarda la tienda, sin agencia ni envío que pagar, y el comprador y el personal la ven', async () => {
    // The store the units come from (docs/dominio.md §Retiro en tienda).
    const [store] = await rows<{ id: number; name: string }>(t, sql`SELECT id, name FROM tiendas WHERE id = ${stocked.storeId}`);
    const order = await api.registrarOrden(
      pickupBody({ ...CONTACT, shipping: 'retiro-en-tienda', pickupTiendaId: store.id }),
      'retiro-1-xxxx',
    );

    const status = await api.estado(order.code, order.token);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ shipping: 'retiro-en-tienda', pickupStore: store.name, agency: '' });

    const detail = await api.detalle(order.code, 'despacho');
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.order.delivery).toMatchObject({
      ...CONTACT,
      shipping: 'retiro-en-tienda',
      pickupTiendaId: store.id,
      pickupStore: store.name,
      agency: '',
      payShipping: '',
    });
  });

  it('en una tienda que despacha pero no tiene las unidades: 422 con el motivo bajo su campo, y nada se aparta', async () => {
    const [other] = await rows<{ id: number; name: string }>(
      t,
      sql`SELECT id, name FROM tiendas WHERE ships AND id <> ${stocked.storeId} ORDER BY id LIMIT 1`,
    );
    const [before] = await rows<{ held: number }>(
      t,
      sql`SELECT coalesce(sum(held), 0)::int AS held FROM inventario WHERE article_code = ${stocked.article}`,
    );
    const response = await api.registrar(
      pickupBody({ ...CONTACT, shipping: 'retiro-en-tienda', pickupTiendaId: other.id }),
      'retiro-9-xxxx',
    );
    expect(response.statusCode, response.body).toBe(422);
    const message = `Para retirar en ${other.name}, todas las unidades deben salir de esa tienda. Elija sus unidades de esa tienda en el carrito, o un envío.`;
    expect(response.json().message).toBe(message);
    expect(response.json().errors['delivery.pickupTiendaId']).toEqual([message]);
    const [after] = await rows<{ held: number }>(
      t,
      sql`SELECT coalesce(sum(held), 0)::int AS held FROM inventario WHERE article_code = ${stocked.article}`,
    );
    expect(after.held).toBe(before.held);
  });

  it('sin tienda elegida es 422 con el mensaje bajo su campo; una tienda que no despacha o que no existe, 400', async () => {
    const missing = await api.registrar(pickupBody({ ...CONTACT, shipping: 'retiro-en-tienda' }), 'retiro-2-xxxx');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['delivery.pickupTiendaId']).toEqual(['Elija la tienda donde retirará']);

    for (const [i, id] of [await storeThatDoesNotShip(), 999_999].entries()) {
      const response = await api.registrar(
        pickupBody({ ...CONTACT, shipping: 'retiro-en-tienda', pickupTiendaId: id }),
        `retiro-3${i}-xxxx`,
      );
      expect(response.statusCode, String(id)).toBe(400);
      expect(response.json().message).toBe('Esa tienda no entrega pedidos. Elija una de las tiendas de la lista para retirar su compra.');
    }
    const [{ count }] = await rows<{ count: number }>(t, sql`SELECT count(*)::int AS count FROM ordenes_compra`);
    expect(count).toBe(1);
  });

  it('un envío sigue pidiendo agencia, estado, ciudad y dirección, con mensajes en español', async () => {
    const response = await api.registrar(pickupBody({ ...CONTACT, shipping: 'envio' }), 'retiro-4-xxxx');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      'delivery.agency': ['Elija una agencia de envío'],
      'delivery.state': ['Elija un estado de Venezuela'],
      'delivery.city': ['La ciudad es obligatoria'],
      'delivery.address': ['La dirección es obligatoria'],
    });
  });
});
