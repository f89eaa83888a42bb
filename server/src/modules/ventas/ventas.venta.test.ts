// Staff selling through the API: a counter sale's exact totals with mixed payments and the IGTF,
// credit within the limit, refused over it or with overdue notes (nothing written), authorizations
// used once, idempotent retries, duplicate references, the stock ledger, articles for sale in every
// active store, and the option lists.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caracasIsoDate } from '#domain/dates.ts';
import { dueDateOf } from '#domain/venta-mostrador.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let ccs: number;
let val: number;
/** Articles of three models priced 100.00 with no promotion and no automatic discount. */
let articles: string[];

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  [{ id: ccs }, { id: val }] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas WHERE code IN ('CCS', 'VAL') ORDER BY code`);
  const picked = await rows<{ code: string; model: string }>(
    t,
    sql`SELECT DISTINCT ON (m.code) a.code, m.code AS model FROM articulos a JOIN modelos m ON m.code = a.model_code
         WHERE m.active ORDER BY m.code, a.code LIMIT 3`,
  );
  articles = picked.map((p) => p.code);
  await t.database.db.execute(sql`UPDATE modelos SET price = '100.00', promotion = '0' WHERE code IN ${picked.map((p) => p.model)}`);
  await t.database.db.execute(sql`UPDATE descuentos SET active = false WHERE aplicacion = 'automatico'`);
  // VAL sells only at its counter: its stock is still for sale by staff.
  await t.database.db.execute(sql`UPDATE tiendas SET sells_web = false WHERE id = ${val}`);
  const rate = await api.call('administracion', 'POST', '/api/general/tasa-del-dia', { amount: '40.00', note: '' });
  expect(rate.statusCode).toBeLessThan(300);
  for (const article of articles) await contar(article, ccs, 20);
  await contar(articles[2], val, 5);
});

afterAll(async () => {
  await t?.close();
});

async function contar(articleCode: string, tiendaId: number, counted: number) {
  const response = await api.call('inventario', 'POST', '/api/almacen/movimientos', { kind: 'conteo', articleCode, tiendaId, counted });
  if (response.statusCode !== 201) throw new Error(`conteo ${articleCode}: ${response.statusCode} ${response.body}`);
}

async function vender(body: object, key: string = randomUUID(), role = 'vendedor-admin') {
  const token = await api.tokenOf(role);
  return t.app.inject(
    asBearer(token, {
      method: 'POST',
      url: '/api/ventas/registrar',
      headers: { 'idempotency-key': key },
      payload: body,
      remoteAddress: nextIp(),
    }),
  );
}

let dniCounter = 30_000_000;
function cliente(name = 'Cliente de Mostrador') {
  dniCounter += 1;
  return { dni: `V-${dniCounter}`, name };
}

function venta(extra: Record<string, unknown> = {}) {
  return { cliente: cliente(), tiendaId: ccs, lines: [{ articleCode: articles[0], quantity: 1 }], condition: 'contado', ...extra };
}

async function onHand(articleCode: string, tiendaId = ccs) {
  const [row] = await rows<{ quantity: number; held: number }>(
    t,
    sql`SELECT quantity, held FROM inventario WHERE article_code = ${articleCode} AND tienda_id = ${tiendaId}`,
  );
  return row ?? { quantity: 0, held: 0 };
}

async function countOf(table: 'ventas' | 'venta_pagos' | 'referencias_pago' | 'movimientos_inventario') {
  const [{ n }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return n;
}

async function ledgerMismatches() {
  return rows<{ article_code: string }>(
    t,
    sql`WITH sums AS (SELECT article_code, tienda_id, sum(quantity)::int AS ledger FROM movimientos_inventario GROUP BY 1, 2)
        SELECT coalesce(i.article_code, s.article_code) AS article_code FROM inventario i
          FULL JOIN sums s ON s.article_code = i.article_code AND s.tienda_id = i.tienda_id
         WHERE coalesce(i.quantity, 0) <> coalesce(s.ledger, 0)`,
  );
}

async function fijarCredito(dni: string, creditLimit: string, creditDays = 15) {
  const [row] = await rows<{ id: number }>(t, sql`SELECT id FROM clientes WHERE dni = ${dni}`);
  const response = await api.call('administracion', 'PATCH', '/api/ventas/clientes/credito', {
    clienteId: row.id,
    creditLimit,
    creditDays,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('venta de contado', () => {
  it('con Zelle y pago móvil: IGTF del 3 % de las divisas, totales exactos en dólares y bolívares', async () => {
    const before = await onHand(articles[0]);
    // 2 × 100 = 200 + IVA 32 = 232; Zelle 100 lleva 3,00 de IGTF: total 235; faltan 135 = Bs. 5.400,00.
    const response = await vender(
      venta({
        lines: [{ articleCode: articles[0], quantity: 2 }],
        payments: [
          { method: 'zelle', amount: '100.00', reference: 'ZL-777001' },
          { method: 'pago-movil', amount: '5400.00', reference: '445566', bankCode: '0134' },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const doc = response.json().data;
    expect(doc).toMatchObject({
      number: 'F-CCS-000001',
      kind: 'factura',
      condition: 'contado',
      source: 'mostrador',
      rate: '40.0000',
      subtotal: '200.00',
      descuento: '0.00',
      baseImponible: '200.00',
      iva: '32.00',
      igtf: '3.00',
      total: '235.00',
      balancePaid: '235.00',
      outstandingBalance: '0.00',
      paymentStatus: 'pagada',
      change: '0.00',
      dueDate: null,
      ves: { baseImponible: '8000.00', iva: '1280.00', igtf: '120.00', total: '9400.00' },
      vendedor: { code: 'V01' },
    });
    expect(doc.payments).toEqual([
      expect.objectContaining({
        method: 'zelle',
        currency: 'USD',
        amount: '100.00',
        amountUsd: '100.00',
        igtf: '3.00',
        reference: 'ZL777001',
      }),
      expect.objectContaining({
        method: 'pago-movil',
        currency: 'VES',
        amount: '5400.00',
        amountUsd: '135.00',
        igtf: '0.00',
        bankCode: '0134',
      }),
    ]);
    expect(await onHand(articles[0])).toEqual({ quantity: before.quantity - 2, held: before.held });
    const ledger = await rows<{ kind: string; quantity: number; reference: string }>(
      t,
      sql`SELECT kind, quantity, reference FROM movimientos_inventario WHERE reference = 'F-CCS-000001'`,
    );
    expect(ledger).toEqual([{ kind: 'venta', quantity: -2, reference: 'F-CCS-000001' }]);
  });

  it('el efectivo de más queda como vuelto y el IGTF se cobra solo sobre lo que se queda', async () => {
    const response = await vender(venta({ payments: [{ method: 'efectivo', amount: '130.00' }] }));
    expect(response.statusCode, response.body).toBe(201);
    // 116 + IGTF: se quedan 119,59 (3 % = 3,59) y se devuelven 10,41.
    expect(response.json().data).toMatchObject({ igtf: '3.59', total: '119.59', change: '10.41', outstandingBalance: '0.00' });
    expect(response.json().data.payments[0]).toMatchObject({ amount: '130.00', change: '10.41', amountUsd: '119.59' });
  });

  it('si faltan o sobran pagos que no son efectivo responde 400 y no escribe nada', async () => {
    const [ventas, stock] = [await countOf('ventas'), await onHand(articles[0])];
    const short = await vender(venta({ payments: [{ method: 'zelle', amount: '50.00', reference: 'ZL-CORTO1' }] }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/faltan \$ 67,50/);
    const over = await vender(venta({ payments: [{ method: 'transferencia', amount: '9000.00', reference: '998877', bankCode: '0102' }] }));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/Solo el efectivo puede dar vuelto/);
    expect(await countOf('ventas')).toBe(ventas);
    expect(await onHand(articles[0])).toEqual(stock);
  });

  it('un cliente nuevo necesita su nombre; los precios son los del servidor', async () => {
    const nameless = await vender(venta({ cliente: { dni: 'V-45123999' }, payments: [{ method: 'efectivo', amount: '116.00' }] }));
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toMatch(/escriba su nombre/);
    const priced = await vender(venta({ payments: [{ method: 'efectivo-bs', amount: '4640.00' }], price: '1.00' }));
    expect(priced.statusCode).toBe(201);
    expect(priced.json().data).toMatchObject({ total: '116.00', igtf: '0.00' });
  });
});

describe('idempotencia y referencias', () => {
  it('la misma Idempotency-Key dos veces da un solo documento y toma la existencia una vez', async () => {
    const key = randomUUID();
    const body = venta({ payments: [{ method: 'efectivo', amount: '119.59' }] });
    const stock = await onHand(articles[0]);
    const [first, second] = [await vender(body, key), await vender(body, key)];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.number).toBe(first.json().data.number);
    expect(await onHand(articles[0])).toEqual({ ...stock, quantity: stock.quantity - 1 });
    const other = await vender({ ...body, note: 'otra' }, key);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/clave de idempotencia/);
  });

  it('reintentos simultáneos con la misma clave dejan un documento', async () => {
    const key = randomUUID();
    const body = venta({ payments: [{ method: 'efectivo', amount: '119.59' }] });
    const before = await countOf('ventas');
    const answers = await Promise.all(Array.from({ length: 5 }, () => vender(body, key)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data.number)).size).toBe(1);
    expect(await countOf('ventas')).toBe(before + 1);
  });

  it('una referencia ya usada (por otra venta o por una orden web) se rechaza con 400 y nada se escribe', async () => {
    const payments = [{ method: 'transferencia', amount: '4640.00', reference: '5550001', bankCode: '0105' }];
    expect((await vender(venta({ payments }))).statusCode).toBe(201);
    const [ventas, pagos, stock] = [await countOf('ventas'), await countOf('venta_pagos'), await onHand(articles[0])];
    const again = await vender(venta({ payments: [{ ...payments[0], reference: '555-0001' }] }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('La referencia 5550001 (Transferencia, banco 0105) ya fue usada.');
    expect([await countOf('ventas'), await countOf('venta_pagos'), await onHand(articles[0])]).toEqual([ventas, pagos, stock]);
    // Another bank: another payment.
    expect((await vender(venta({ payments: [{ ...payments[0], bankCode: '0102' }] }))).statusCode).toBe(201);
  });
});

describe('venta a crédito', () => {
  it('dentro del límite: nota de entrega con su saldo y su vencimiento', async () => {
    const buyer = cliente('Mayorista Uno');
    expect((await vender(venta({ cliente: buyer, payments: [{ method: 'efectivo', amount: '119.59' }] }))).statusCode).toBe(201);
    const settings = await fijarCredito(buyer.dni, '500.00', 15);
    expect(settings).toMatchObject({ creditLimit: '500.00', creditDays: 15, owed: '0.00', overdue: false });
    const response = await vender(
      venta({
        cliente: { dni: buyer.dni },
        condition: 'credito',
        lines: [{ articleCode: articles[1], quantity: 2 }],
        payments: [{ method: 'zelle', amount: '50.00', reference: 'ZL-INI-01' }],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    // 232 + IGTF 1,50 = 233,50; inicial 50: debe 183,50.
    expect(response.json().data).toMatchObject({
      number: 'NE-CCS-000001',
      kind: 'nota-entrega',
      condition: 'credito',
      total: '233.50',
      balancePaid: '50.00',
      outstandingBalance: '183.50',
      paymentStatus: 'abonada',
      dueDate: dueDateOf(caracasIsoDate(new Date()), 15),
      authorizedBy: null,
    });
  });

  it('por encima del límite o con notas vencidas: 400 y nada escrito; con una autorización, una sola venta', async () => {
    const buyer = cliente('Mayorista Dos');
    expect((await vender(venta({ cliente: buyer, payments: [{ method: 'efectivo', amount: '119.59' }] }))).statusCode).toBe(201);
    await fijarCredito(buyer.dni, '300.00', 30);
    const credito = (quantity: number) =>
      venta({ cliente: { dni: buyer.dni }, condition: 'credito', lines: [{ articleCode: articles[1], quantity }] });
    expect((await vender(credito(2))).statusCode).toBe(201); // debe 232
    const [ventas, stock, movimientos] = [await countOf('ventas'), await onHand(articles[1]), await countOf('movimientos_inventario')];
    const over = await vender(credito(1)); // 232 + 116 > 300
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/límite de crédito/);
    expect([await countOf('ventas'), await onHand(articles[1]), await countOf('movimientos_inventario')]).toEqual([
      ventas,
      stock,
      movimientos,
    ]);

    // Only admin and administración authorize.
    const autorizar = { dni: buyer.dni, maxAmount: '150.00', note: 'Cliente de confianza' };
    expect((await api.call('vendedor-admin', 'POST', '/api/mayor/cuentas/autorizar', autorizar)).statusCode).toBe(403);
    const given = await api.call('administracion', 'POST', '/api/mayor/cuentas/autorizar', autorizar);
    expect(given.statusCode, given.body).toBe(201);
    const autorizacion = given.json().data;
    expect(autorizacion).toMatchObject({ maxAmount: '150.00', authorizedBy: { nickname: expect.any(String) } });
    expect(new Date(autorizacion.expiresAt).getTime() - new Date(autorizacion.createdAt).getTime()).toBe(24 * 3_600_000);
    // It covers up to 150: a bigger sale still needs another.
    expect((await vender(credito(2))).statusCode).toBe(400);
    const allowed = await vender(credito(1));
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json().data.authorizedBy).toBe(autorizacion.authorizedBy.id);
    expect(allowed.json().data.authorizedAt).not.toBeNull();
    const [used] = await rows<{ venta_id: number }>(t, sql`SELECT venta_id FROM autorizaciones_credito WHERE id = ${autorizacion.id}`);
    expect(used.venta_id).toBe(allowed.json().data.id);
    const second = await vender(credito(1));
    expect(second.statusCode).toBe(400);
  });

  it('con una nota vencida se rechaza aunque haya límite', async () => {
    const buyer = cliente('Mayorista Tres');
    expect((await vender(venta({ cliente: buyer, payments: [{ method: 'efectivo', amount: '119.59' }] }))).statusCode).toBe(201);
    await fijarCredito(buyer.dni, '5000.00', 30);
    const first = await vender(venta({ cliente: { dni: buyer.dni }, condition: 'credito' }));
    expect(first.statusCode).toBe(201);
    await t.database.db.execute(sql`UPDATE ventas SET due_date = '2020-01-31' WHERE number = ${first.json().data.number}`);
    const ventas = await countOf('ventas');
    const refused = await vender(venta({ cliente: { dni: buyer.dni }, condition: 'credito' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/vencidas/);
    expect(await countOf('ventas')).toBe(ventas);
    const listed = await api.call('administracion', 'GET', `/api/ventas/clientes?search=${buyer.dni}`);
    expect(listed.json().data[0]).toMatchObject({ dni: buyer.dni, overdue: true, owed: '116.00' });
  });
});

describe('existencia', () => {
  it('solo vende lo libre: las unidades apartadas por una orden web no se venden', async () => {
    await contar(articles[2], ccs, 1);
    const web = await api.registrar(
      {
        user: {
          fullName: 'Ana Web',
          email: 'ana.web@correo.com',
          phone: '0414-555-0111',
          dni: 'V-17000111',
          state: 'Miranda',
          city: 'Los Teques',
          address: 'Calle 1, casa 2',
        },
        delivery: {
          contact: 'Ana Web',
          phone: '0414-555-0111',
          dni: 'V-17000111',
          state: 'Miranda',
          city: 'Los Teques',
          address: 'Calle 1, casa 2',
          agency: 'mrw',
        },
        items: [{ articleCode: articles[2], stores: [{ tiendaId: ccs, quantity: 1 }] }],
        payment: { method: 'pago-pendiente' },
      },
      randomUUID(),
    );
    expect(web.statusCode, web.body).toBe(201);
    const refused = await vender(
      venta({ lines: [{ articleCode: articles[2], quantity: 1 }], payments: [{ method: 'efectivo', amount: '119.59' }] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/No hay existencia libre suficiente/);
    expect(await onHand(articles[2])).toEqual({ quantity: 1, held: 1 });
  });

  it('una tienda que no vende en la web vende en su mostrador', async () => {
    const listed = await api.call('vendedor-admin', 'GET', `/api/venta/articulos/buscar-para-la-venta?search=${articles[2]}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [item] = listed.json().data;
    expect(item).toMatchObject({ articleCode: articles[2], price: '100.00', discount: '0.00', unitPrice: '100.00' });
    expect(item.stores).toContainEqual(expect.objectContaining({ tiendaId: val, sellsWeb: false, available: 5 }));
    const sold = await vender(
      venta({
        tiendaId: val,
        lines: [{ articleCode: articles[2], quantity: 2 }],
        payments: [{ method: 'efectivo-bs', amount: '9280.00' }],
      }),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data.number).toBe('F-VAL-000001');
    expect(await onHand(articles[2], val)).toEqual({ quantity: 3, held: 0 });
    const disponibilidad = await api.call(
      'vendedor-admin',
      'GET',
      `/api/venta/articulos/disponibilidad?codes=${articles[2]},${articles[0]}`,
    );
    expect(disponibilidad.json().data[0].stores).toContainEqual(expect.objectContaining({ tiendaId: val, available: 3 }));
  });

  it('el libro de movimientos sigue sumando lo que hay en mano', async () => {
    expect(await ledgerMismatches()).toEqual([]);
  });
});

describe('artículos a la venta y opciones', () => {
  it('5 por página, con el descuento automático de hoy', async () => {
    const page = await api.call('vendedor-admin', 'GET', '/api/venta/articulos');
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(5);
    expect(page.json().meta.per_page).toBe(5);
    const [model] = await rows<{ model_code: string }>(t, sql`SELECT model_code FROM articulos WHERE code = ${articles[0]}`);
    const created = await api.call('vendedor-admin', 'POST', '/api/descuento/registrar', {
      name: 'Diez por ciento',
      aplicacion: 'automatico',
      kind: 'porcentaje',
      value: '10',
      validFrom: '2020-01-01',
      validTo: null,
      active: true,
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const asignado = await api.call('vendedor-admin', 'PATCH', '/api/descuento/asignar', {
      id: created.json().data.id,
      lineas: [],
      sublineas: [],
      modelos: [model.model_code],
    });
    expect(asignado.statusCode, asignado.body).toBeLessThan(300);
    const found = await api.call('vendedor-admin', 'GET', `/api/venta/articulos?search=${articles[0]}`);
    expect(found.json().data[0]).toMatchObject({ discount: '10.00', unitPrice: '90.00' });
    // The sale takes the line's discount: 2 × 100 − 10 % = 180 + IVA 28,80.
    const sold = await vender(
      venta({ lines: [{ articleCode: articles[0], quantity: 2 }], payments: [{ method: 'efectivo-bs', amount: '8352.00' }] }),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data).toMatchObject({
      subtotal: '200.00',
      descuento: '20.00',
      baseImponible: '180.00',
      iva: '28.80',
      total: '208.80',
    });
  });

  it('opciones de vendedores, clientes y órdenes para los selectores', async () => {
    const vendedores = await api.call('administracion', 'GET', '/api/opciones/vendedor?search=V01');
    expect(vendedores.json().data[0]).toMatchObject({ code: 'V01', label: expect.stringContaining('V01') });
    // Customers carry phones, credit and debt: only for who sells and collects.
    for (const role of ['despacho', 'inventario'] as const) {
      expect((await api.call(role, 'GET', '/api/opciones/clientes?search=Mayorista')).statusCode).toBe(403);
    }
    const clientes = await api.call('administracion', 'GET', '/api/opciones/clientes?search=Mayorista');
    expect(clientes.json().data.length).toBeGreaterThanOrEqual(3);
    expect(clientes.json().data[0]).toMatchObject({ value: expect.any(Number), label: expect.stringContaining('Mayorista') });
    const ordenes = await api.call('inventario', 'GET', '/api/opciones/ordenes?search=Ana%20Web');
    expect(ordenes.json().data[0]).toMatchObject({ value: expect.stringMatching(/^OC-/), buyer: 'Ana Web' });
    expect((await api.call('cliente', 'GET', '/api/opciones/clientes')).statusCode).toBe(403);
  });
});
