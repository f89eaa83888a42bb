// A credit sale to a new wholesale buyer, through the API: refused on credit, the customer is still
// registered; sent for authorisation with a requested limit it is held (the customer exists, its
// units reserved); admin or administración see it and approve it (the customer gets the limit, the
// nota de entrega takes the units) or refuse it with a reason (the units go back, never below zero).
// And «Nuevo cliente» with its limit.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitoVerificadorRif } from '#domain/identidad.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let ccs: number;
let article: string;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  [{ id: ccs }] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas WHERE code = 'CCS'`);
  const [picked] = await rows<{ code: string; model: string }>(
    t,
    sql`SELECT a.code, m.code AS model FROM articulos a JOIN modelos m ON m.code = a.model_code WHERE m.active ORDER BY a.code LIMIT 1`,
  );
  article = picked.code;
  await t.database.db.execute(sql`UPDATE modelos SET price = '100.00', promotion = '0' WHERE code = ${picked.model}`);
  await t.database.db.execute(sql`UPDATE descuentos SET active = false WHERE aplicacion = 'automatico'`);
  const counted = await api.call('inventario', 'POST', '/api/almacen/movimientos', {
    kind: 'conteo',
    articleCode: article,
    tiendaId: ccs,
    counted: 10,
  });
  expect(counted.statusCode, counted.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

function post(url: string, body: object, role = 'vendedor-admin', key: string = randomUUID()) {
  return api
    .tokenOf(role)
    .then((token) =>
      t.app.inject(asBearer(token, { method: 'POST', url, headers: { 'idempotency-key': key }, payload: body, remoteAddress: nextIp() })),
    );
}

async function stock() {
  const [row] = await rows<{ quantity: number; held: number }>(
    t,
    sql`SELECT quantity, held FROM inventario WHERE article_code = ${article} AND tienda_id = ${ccs}`,
  );
  return row;
}

async function clienteDb(dni: string) {
  return (
    await rows<{ id: number; credit_limit: string; credit_days: number }>(
      t,
      sql`SELECT id, credit_limit::text, credit_days FROM clientes WHERE dni = ${dni}`,
    )
  )[0];
}

let n = 41_000_000;
/** A new wholesale buyer's RIF with SENIAT's check digit, in its stored form (J-41000001-3). */
const nuevoMayorista = () => ({ dni: `J-${++n}-${digitoVerificadorRif('J', String(n))}`, name: 'Distribuidora El Mayorista' });

const venta = (cliente: { dni: string; name: string }, quantity = 3) => ({
  cliente,
  tiendaId: ccs,
  lines: [{ articleCode: article, quantity }],
});

describe('crédito para un mayorista nuevo', () => {
  it('la venta a crédito rechazada deja registrado al cliente nuevo', async () => {
    const cliente = nuevoMayorista();
    const refused = await post('/api/ventas/registrar', { ...venta(cliente), condition: 'credito' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain('límite');
    expect(await clienteDb(cliente.dni)).toMatchObject({ credit_limit: '0.00' });
    expect((await rows(t, sql`SELECT 1 FROM ventas v JOIN clientes c ON c.id = v.cliente_id WHERE c.dni = ${cliente.dni}`)).length).toBe(0);
  });

  it('retenida: el cliente existe, la existencia queda reservada; admin la aprueba y la nota toma las unidades con el límite pedido', async () => {
    const cliente = nuevoMayorista();
    const before = await stock();
    const held = await post('/api/ventas/retenidas', { ...venta(cliente), creditLimit: '1500.00', creditDays: 45, note: 'Primer pedido' });
    expect(held.statusCode, held.body).toBe(201);
    const retenida = held.json().data;
    expect(retenida).toMatchObject({
      status: 'pendiente',
      total: '348.00',
      requestedLimit: '1500.00',
      requestedDays: 45,
      ventaNumber: null,
    });
    expect(retenida.cliente).toMatchObject({ name: cliente.name, creditLimit: '0.00' });
    expect(await stock()).toEqual({ quantity: before.quantity, held: before.held + 3 });

    // administración sees it among the pending ones; the seller sees their own.
    const pending = await api.call('administracion', 'GET', '/api/ventas/retenidas');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.map((r: { id: number }) => r.id)).toContain(retenida.id);
    expect((await api.call('vendedor-admin', 'GET', '/api/ventas/retenidas')).json().data.map((r: { id: number }) => r.id)).toContain(
      retenida.id,
    );
    // A seller cannot decide it.
    expect((await post('/api/ventas/retenidas/aprobar', { id: retenida.id })).statusCode).toBe(403);

    const approved = await post('/api/ventas/retenidas/aprobar', { id: retenida.id }, 'admin');
    expect(approved.statusCode, approved.body).toBe(200);
    const { documento, retenida: decided } = approved.json().data;
    expect(documento).toMatchObject({ kind: 'nota-entrega', total: '348.00', outstandingBalance: '348.00' });
    expect(documento.authorizedBy).not.toBeNull();
    expect(decided).toMatchObject({ status: 'aprobada', ventaNumber: documento.number });
    expect(decided.decidedBy).toEqual(expect.any(String));
    const c = await clienteDb(documento.cliente.dni);
    expect(c).toMatchObject({ credit_limit: '1500.00', credit_days: 45 });
    // The held units became the sale's: on hand −3, nothing held any more.
    expect(await stock()).toEqual({ quantity: before.quantity - 3, held: before.held });
    // Once.
    expect((await post('/api/ventas/retenidas/aprobar', { id: retenida.id }, 'admin')).statusCode).toBe(409);
    expect((await post('/api/ventas/retenidas/rechazar', { id: retenida.id, motivo: 'Demasiado tarde' }, 'admin')).statusCode).toBe(409);
  });

  it('rechazada con su motivo: las unidades vuelven, el cliente queda; sin motivo no se rechaza', async () => {
    const cliente = nuevoMayorista();
    const before = await stock();
    const held = await post('/api/ventas/retenidas', { ...venta(cliente, 2), creditLimit: '500' });
    expect(held.statusCode, held.body).toBe(201);
    const id = held.json().data.id;
    expect((await stock()).held).toBe(before.held + 2);

    const sinMotivo = await post('/api/ventas/retenidas/rechazar', { id, motivo: '' }, 'administracion');
    expect(sinMotivo.statusCode).toBe(422);
    expect((await stock()).held).toBe(before.held + 2);

    const refused = await post('/api/ventas/retenidas/rechazar', { id, motivo: 'Sin referencias comerciales' }, 'administracion');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data).toMatchObject({ status: 'rechazada', reason: 'Sin referencias comerciales', ventaNumber: null });
    expect(await stock()).toEqual(before);
    const c = await clienteDb(refused.json().data.cliente.dni);
    expect(c).toMatchObject({ credit_limit: '0.00' });
    expect((await api.call('administracion', 'GET', '/api/ventas/retenidas?status=rechazada')).json().data[0]).toMatchObject({ id });
  });

  it('no se retiene más de lo que hay libre, y una repetición con la misma clave devuelve la misma', async () => {
    const free = await stock();
    const tooMuch = await post('/api/ventas/retenidas', { ...venta(nuevoMayorista(), free.quantity - free.held + 1), creditLimit: '100' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('No hay existencia libre suficiente');
    expect(await stock()).toEqual(free);

    const key = randomUUID();
    const body = { ...venta(nuevoMayorista(), 1), creditLimit: '100' };
    const first = await post('/api/ventas/retenidas', body, 'vendedor-admin', key);
    const again = await post('/api/ventas/retenidas', body, 'vendedor-admin', key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await stock()).held).toBe(free.held + 1);
    expect((await post('/api/ventas/retenidas', { ...body, creditLimit: '0' })).statusCode).toBe(422);
  });
});

describe('«Nuevo cliente» en Clientes y crédito', () => {
  it('administración registra un cliente con su límite; otra vez la misma cédula es 409; un vendedor no puede', async () => {
    const body = { dni: 'V-22333444', name: 'Zapatería La Nueva', phone: '0414-555-0101', creditLimit: '2000.00', creditDays: 30 };
    const created = await post('/api/ventas/clientes', body, 'administracion');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      dni: 'V-22333444',
      name: 'Zapatería La Nueva',
      creditLimit: '2000.00',
      creditDays: 30,
      owed: '0.00',
    });
    expect((await post('/api/ventas/clientes', body, 'admin')).statusCode).toBe(409);
    expect((await post('/api/ventas/clientes', { ...body, dni: 'V-22333445' }, 'vendedor-admin')).statusCode).toBe(403);
    expect((await post('/api/ventas/clientes', { ...body, dni: 'V-22333446', name: '' }, 'admin')).statusCode).toBe(422);
  });
});
