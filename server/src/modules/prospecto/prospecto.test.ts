// Prospect requests through the API: who may, bad input, the quote priced from the catalogue, and
// processing once (also when two people process it at the same time), and processed as a sale.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProspectDetail } from '#domain/contracts/prospecto.ts';
import { toCents } from '#domain/money.ts';
import { saleTotals } from '#domain/ventas.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let articles: { code: string; model: string; price: string; promotion: string }[];
const tokens: { vendedor?: string } = {};

const BASE = '/api/prospecto';

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  articles = await rows(
    t,
    sql`SELECT a.code, m.code AS model, m.price::text AS price, m.promotion::text AS promotion
          FROM articulos a JOIN modelos m ON m.code = a.model_code
         WHERE m.active ORDER BY (m.promotion > 0) DESC, a.code LIMIT 3`,
  );
});

afterAll(async () => {
  await t?.close();
});

const solicitud = (body: object, role = 'vendedor-admin') => api.call(role, 'POST', `${BASE}/procesar/solicitud`, body);

async function registrar(extra: Record<string, unknown> = {}): Promise<ProspectDetail> {
  const response = await solicitud({
    accion: 'registrar',
    name: 'Boutique La Candelaria',
    dni: 'J-412345678',
    phone: '0212-555-0101',
    email: 'compras@candelaria.com',
    note: 'Quiere precios al mayor',
    items: [
      { articleCode: articles[0].code.toLowerCase(), quantity: 12 },
      { articleCode: articles[1].code, quantity: '6' },
    ],
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('quién puede', () => {
  it('admin y vendedor-admin; nadie más', async () => {
    expect((await api.call('anonimo', 'GET', `${BASE}/buscar/usuarios`)).statusCode).toBe(401);
    for (const role of ['administracion', 'despacho', 'inventario', 'cliente']) {
      expect((await api.call(role, 'GET', `${BASE}/buscar/usuarios`)).statusCode, role).toBe(403);
      expect((await solicitud({ accion: 'registrar' }, role)).statusCode, role).toBe(403);
    }
    expect((await api.call('admin', 'GET', `${BASE}/buscar/articulo?search=${articles[0].code}`)).statusCode).toBe(200);
    expect((await api.call('vendedor-admin', 'GET', `${BASE}/buscar/usuarios`)).json().meta.per_page).toBe(15);
  });
});

describe('datos inválidos', () => {
  it('422 con el mensaje de cada campo, 400 para un artículo que no se vende, 404 para una solicitud que no existe', async () => {
    const bad = await solicitud({ accion: 'registrar', name: '', phone: 'abc', dni: 'X-1', items: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: ['El nombre es obligatorio'],
      phone: ['El teléfono no es válido: un número venezolano tiene 11 dígitos (ejemplo: 0414-555-0101)'],
      dni: ['La cédula o RIF empieza con V, E, J, P, G o C (ejemplo: V-18456789 o J-50123456-6)'],
      items: ['Indique al menos un artículo'],
    });
    const lines = await solicitud({
      accion: 'registrar',
      name: 'Ana',
      phone: '0414-555-0101',
      items: [
        { articleCode: articles[0].code, quantity: 0 },
        { articleCode: articles[0].code, quantity: 2 },
      ],
    });
    expect(lines.json().errors).toMatchObject({
      'items.0.quantity': ['La cantidad debe ser al menos 1'],
      'items.1.articleCode': [`${articles[0].code} está repetido`],
    });
    // Only whole numbers, or digits as a form sends them: nothing else is read as a quantity.
    for (const quantity of ['0x10', '1e2', true, [5], '2.5', 3.5]) {
      const odd = await solicitud({
        accion: 'registrar',
        name: 'Ana',
        phone: '0414-555-0101',
        items: [{ articleCode: articles[0].code, quantity }],
      });
      expect(odd.statusCode).toBe(422);
      expect(odd.json().errors['items.0.quantity']).toEqual(['La cantidad debe ser un número entero']);
    }
    expect(
      (
        await solicitud({
          accion: 'registrar',
          name: 'Ana',
          phone: '0414-555-0101',
          items: [{ articleCode: articles[0].code, quantity: ' 3 ' }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await solicitud({ accion: 'otra' })).statusCode).toBe(422);
    expect((await solicitud({ accion: 'procesar', id: 1, resultado: 'vendida' })).statusCode).toBe(422);
    const unknown = await solicitud({
      accion: 'registrar',
      name: 'Ana',
      phone: '0414-555-0101',
      items: [{ articleCode: 'NOEXISTE01', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('El artículo NOEXISTE01 no está a la venta en el catálogo.');
    expect((await api.call('admin', 'GET', `${BASE}/buscar/usuario?id=abc`)).statusCode).toBe(422);
    expect((await api.call('admin', 'GET', `${BASE}/buscar/usuario?id=999999`)).statusCode).toBe(404);
    expect((await solicitud({ accion: 'cotizar', id: 999999, items: [{ articleCode: articles[0].code, quantity: 1 }] })).statusCode).toBe(
      404,
    );
    expect((await api.call('admin', 'GET', `${BASE}/buscar/articulo?search=a`)).statusCode).toBe(422);
    expect((await api.call('admin', 'GET', `${BASE}/buscar/usuarios?filter=otro`)).statusCode).toBe(422);
  });
});

describe('cotizar y procesar', () => {
  it('la cotización toma precio y promoción del catálogo y no cambia si el catálogo cambia después', async () => {
    const p = await registrar();
    expect(p).toMatchObject({ status: 'cotizada', name: 'Boutique La Candelaria', dni: 'J-41234567-8', units: 18, client: null });
    expect(p.lines.map((l) => [l.articleCode, l.quantity, l.price, l.promotion])).toEqual([
      [articles[0].code, 12, articles[0].price, articles[0].promotion],
      [articles[1].code, 6, articles[1].price, articles[1].promotion],
    ]);
    const expected = saleTotals([
      { priceCents: toCents(articles[0].price), promotionCents: toCents(articles[0].promotion), quantity: 12, discountCents: 0 },
      { priceCents: toCents(articles[1].price), promotionCents: toCents(articles[1].promotion), quantity: 6, discountCents: 0 },
    ]);
    expect(toCents(p.total)).toBe(expected.totalCents);
    expect(toCents(p.iva)).toBe(expected.ivaCents);

    await t.database.db.execute(sql`UPDATE modelos SET price = price + 5 WHERE code = ${articles[0].model}`);
    const same = (await api.call('admin', 'GET', `${BASE}/buscar/usuario?id=${p.id}`)).json().data as ProspectDetail;
    expect(same.lines[0].price).toBe(articles[0].price);
    // Quoted again: the catalogue's price of now.
    const again = await solicitud({ accion: 'cotizar', id: p.id, items: [{ articleCode: articles[0].code, quantity: 1 }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.lines).toEqual([expect.objectContaining({ quantity: 1, price: (Number(articles[0].price) + 5).toFixed(2) })]);
  });

  it('anotada como pedido del cliente una sola vez, aunque dos personas la procesen a la vez', async () => {
    const p = await registrar();
    const [one, two] = await Promise.all([
      solicitud({ accion: 'procesar', id: p.id, resultado: 'pedido', note: 'Retira el lunes' }),
      solicitud({ accion: 'procesar', id: p.id, resultado: 'descartada' }, 'admin'),
    ]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const done = (one.statusCode === 200 ? one : two).json().data as ProspectDetail;
    const refused = (one.statusCode === 200 ? two : one).json().message as string;
    expect(refused).toMatch(/^La solicitud #\d+ ya fue (anotada como pedido|descartada)\.$/);
    if (done.status === 'pedido') {
      expect(done.client).toMatchObject({ dni: 'J-41234567-8', name: 'Boutique La Candelaria' });
      expect(done.result).toBe('Pedido de Boutique La Candelaria (J-41234567-8): 18 unidades según la cotización. Retira el lunes');
      const [cliente] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM clientes WHERE dni = 'J-41234567-8'`);
      expect(cliente.n).toBe(1);
    } else {
      expect(done.status).toBe('descartada');
    }
    expect(done.processedBy).not.toBeNull();
    // Closed: neither quoted again nor processed again.
    expect((await solicitud({ accion: 'cotizar', id: p.id, items: [{ articleCode: articles[0].code, quantity: 1 }] })).statusCode).toBe(
      400,
    );
  });

  it('sin cédula no se anota como pedido; se puede descartar', async () => {
    const p = await registrar({ dni: '', email: '' });
    const order = await solicitud({ accion: 'procesar', id: p.id, resultado: 'pedido' });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('Para anotar el pedido, la solicitud necesita la cédula o RIF del cliente.');
    const discarded = await solicitud({ accion: 'procesar', id: p.id, resultado: 'descartada', note: 'Sin respuesta' });
    expect(discarded.json().data).toMatchObject({ status: 'descartada', result: 'Sin respuesta', client: null });
  });

  it('lista 15 por página, la más reciente primero, con búsqueda y estado', async () => {
    const p = await registrar({ name: 'Zapatería Los Próceres', dni: 'V-18765432', phone: '0241-555-0177' });
    const found = await api.call('admin', 'GET', `${BASE}/buscar/usuarios?search=proceres&filter=cotizada`);
    expect(found.statusCode).toBe(200);
    const accents = await api.call('admin', 'GET', `${BASE}/buscar/usuarios?search=Próceres`);
    expect(accents.json().data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    expect((await api.call('admin', 'GET', `${BASE}/buscar/usuarios?search=0241-555-0177`)).json().data[0].id).toBe(p.id);
    const all = await api.call('admin', 'GET', `${BASE}/buscar/usuarios`);
    expect(all.json().data[0].id).toBe(p.id);
    const articulo = await api.call('admin', 'GET', `${BASE}/buscar/articulo?search=${articles[2].code.slice(0, 6)}`);
    expect(articulo.json().data[0]).toMatchObject({
      articleCode: expect.any(String),
      price: expect.any(String),
      available: expect.any(Number),
    });
  });
});

describe('procesar como venta', () => {
  it('la venta que lleva la solicitud la marca vendida con su número; una segunda venta con ella se rechaza y no vende nada', async () => {
    const [{ code, model }] = await rows<{ code: string; model: string }>(
      t,
      sql`SELECT a.code, m.code AS model FROM articulos a JOIN modelos m ON m.code = a.model_code
           WHERE m.active AND m.code <> ${articles[0].model} AND m.code <> ${articles[1].model} AND m.code <> ${articles[2].model}
           ORDER BY a.code LIMIT 1`,
    );
    await t.database.db.execute(sql`UPDATE modelos SET price = '50.00', promotion = '0' WHERE code = ${model}`);
    await t.database.db.execute(sql`UPDATE descuentos SET active = false WHERE aplicacion = 'automatico'`);
    expect((await api.call('administracion', 'POST', '/api/general/tasa-del-dia', { amount: '40.00', note: '' })).statusCode).toBeLessThan(
      300,
    );
    const [{ id: ccs }] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas WHERE code = 'CCS'`);
    const counted = await api.call('inventario', 'POST', '/api/almacen/movimientos', {
      kind: 'conteo',
      articleCode: code,
      tiendaId: ccs,
      counted: 10,
    });
    expect(counted.statusCode, counted.body).toBe(201);
    const prospect = await registrar({ dni: 'V-19876543', name: 'Tienda Los Teques', items: [{ articleCode: code, quantity: 2 }] });

    const vender = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ventas/registrar',
        headers: { authorization: `Bearer ${tokens.vendedor}`, 'idempotency-key': crypto.randomUUID() },
        remoteAddress: nextIp(),
        payload: {
          cliente: { dni: prospect.dni, name: prospect.name, phone: prospect.phone },
          tiendaId: ccs,
          lines: prospect.lines.map((l) => ({ articleCode: l.articleCode, quantity: l.quantity })),
          condition: 'contado',
          // 2 × 50 + IVA 16 = 116.00 at Bs. 40.
          payments: [{ method: 'efectivo-bs', amount: '4640.00' }],
          prospectoId: prospect.id,
        },
      });
    tokens.vendedor = await api.tokenOf('vendedor-admin');
    const sold = await vender();
    expect(sold.statusCode, sold.body).toBe(201);
    const number = sold.json().data.number as string;
    const detail = await api.call('vendedor-admin', 'GET', `${BASE}/buscar/usuario?id=${prospect.id}`);
    expect(detail.json().data).toMatchObject({
      status: 'vendida',
      result: number,
      client: { dni: 'V-19876543' },
      processedBy: expect.any(String),
    });

    const again = await vender();
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(`La solicitud #${prospect.id} ya fue procesada como venta (${number}).`);
    const [{ quantity }] = await rows<{ quantity: number }>(
      t,
      sql`SELECT quantity FROM inventario WHERE article_code = ${code} AND tienda_id = ${ccs}`,
    );
    expect(quantity).toBe(8);
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM ventas v JOIN clientes c ON c.id = v.cliente_id WHERE c.dni = 'V-19876543'`,
    );
    expect(n).toBe(1);
    // Nor can it be noted as an order after it was sold.
    const noted = await solicitud({ accion: 'procesar', id: prospect.id, resultado: 'pedido', note: '' });
    expect(noted.statusCode).toBe(400);
  });
});
