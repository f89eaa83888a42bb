// GET /api/panel/pendientes: each card counts what was just created for it, with the oldest item's
// date; each staff role gets only its cards, a customer 403 and no session 401. And the lists the
// cards lead to filter the same items (abonos pendientes, reembolsos por revisar).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConteoPendiente } from '#domain/contracts/panel.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { digitoVerificadorRif } from '#domain/identidad.ts';
import type { PendienteId } from '#domain/panel-pendientes.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { registrarVenta } from '#test/cobros.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, registrarOrden, reportadoExacto, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 60);
});

afterAll(async () => {
  await t?.close();
});

type Conteos = Partial<Record<PendienteId, ConteoPendiente>>;

async function pendientes(role: string): Promise<Conteos> {
  const response = await api.call(role, 'GET', '/api/panel/pendientes');
  expect(response.statusCode, response.body).toBe(200);
  const tarjetas = response.json().data.tarjetas as ConteoPendiente[];
  return Object.fromEntries(tarjetas.map((c) => [c.id, c]));
}

async function orderAt(step: string, createdAt?: string): Promise<string> {
  const code = await registrarOrden(t, orderBody(stocked), randomUUID());
  await t.database.db.execute(sql`UPDATE ordenes_compra SET step = ${step} WHERE code = ${code}`);
  if (createdAt) await t.database.db.execute(sql`UPDATE ordenes_compra SET created_at = ${createdAt} WHERE code = ${code}`);
  return code;
}

let rif = 42_000_000;
const nuevoMayorista = () => ({ dni: `J-${++rif}-${digitoVerificadorRif('J', String(rif))}`, name: 'Distribuidora del Panel' });

describe('lo pendiente en el inicio del panel', () => {
  it('cada tarjeta cuenta lo recién creado para ella, con la fecha del más antiguo', async () => {
    const before = await pendientes('admin');
    const today = caracasIsoDate(new Date());

    // A payment reported with the order: administración must confirm it.
    const reported = await registrarOrden(
      t,
      orderBody(stocked, { payment: { method: 'zelle', reference: 'PANEL0001', amount: '10.00', date: today } }),
      randomUUID(),
    );
    // One order in each later step (the steps themselves are tested with the order's routes).
    await orderAt('pago-confirmado');
    await orderAt('inventario-confirmado', '2001-01-01T12:00:00Z');
    const despachada = await orderAt('despachada');

    // An overdue nota de entrega, and another one, not yet due, that gets an abono to approve.
    await registrarVenta(t, {
      dni: 'V-30111222',
      dueDate: '2001-01-02',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 1, priceCents: 10_000 }],
    });
    const nota = await registrarVenta(t, {
      dni: 'V-30111333',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 1, priceCents: 10_000 }],
    });
    const abono = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: 'zelle',
      reference: 'PANELABONO1',
      amount: '10.00',
    });
    expect(abono.statusCode, abono.body).toBe(201);

    // A credit sale held for authorisation.
    const token = await api.tokenOf('vendedor-admin');
    const held = await t.app.inject(
      asBearer(token, {
        method: 'POST',
        url: '/api/ventas/retenidas',
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          cliente: nuevoMayorista(),
          tiendaId: stocked.storeId,
          lines: [{ articleCode: stocked.article, quantity: 1 }],
          creditLimit: '500.00',
        },
        remoteAddress: nextIp(),
      }),
    );
    expect(held.statusCode, held.body).toBe(201);

    // A refund the provider never confirmed, on the dispatched order.
    const [{ id: orderId }] = await rows<{ id: number }>(t, sql`SELECT id FROM ordenes_compra WHERE code = ${despachada}`);
    const [{ id: pagoId }] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO pagos_en_linea (order_id, provider, provider_order_id, status, amount, currency, approval_url)
          VALUES (${orderId}, 'paypal', 'PANEL-PAYPAL-1', 'capturado', '10.00', 'USD', '') RETURNING id`,
    );
    await t.database.db.execute(
      sql`INSERT INTO pagos_en_linea_reembolsos (pago_id, request_id, provider_key, status, amount, currency)
          VALUES (${pagoId}, 'panel-reembolso-1', 'panel-clave-1', 'revisar', '5.00', 'USD')`,
    );

    // The card's list: the orders with a refund to review are exactly that one.
    const refunds = await api.call('administracion', 'POST', '/api/orden-compra/buscar-ordenes-compras', {
      filter_advance: { reembolso: 'por-revisar' },
    });
    expect(refunds.statusCode, refunds.body).toBe(200);
    expect(refunds.json().data.map((o: { code: string }) => o.code)).toEqual([despachada]);
    expect(refunds.json().steps).toEqual({ despachada: 1 });
    const badRefunds = await api.call('administracion', 'POST', '/api/orden-compra/buscar-ordenes-compras', {
      filter_advance: { reembolso: 'todos' },
    });
    expect(badRefunds.statusCode).toBe(422);

    // A factura waiting for its control number.
    const factura = await registrarVenta(t, {
      dni: 'V-30111444',
      condition: 'contado',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 1, priceCents: 10_000 }],
    });
    await t.database.db.execute(
      sql`INSERT INTO documentos_fiscales (venta_id, numero, clave, datos) VALUES (${factura.id}, ${factura.number}, 'panel-clave-fiscal', '{}')`,
    );

    // A message from /contact.
    const contacto = await api.call('anonimo', 'POST', '/api/contacto/informar', {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      subject: 'Una consulta',
      message: '¿Tienen la talla 38 en la tienda de Caracas?',
    });
    expect(contacto.statusCode, contacto.body).toBe(201);

    const after = await pendientes('admin');
    const grew = Object.fromEntries(
      Object.entries(after).map(([id, c]) => [id, (c?.total ?? 0) - (before[id as PendienteId]?.total ?? 0)]),
    );
    expect(grew).toEqual({
      'pagos-por-confirmar': 1,
      'inventario-por-confirmar': 1,
      'por-despachar': 1,
      'por-entregar': 1,
      'abonos-por-aprobar': 1,
      'ventas-por-autorizar': 1,
      'notas-vencidas': 1,
      'reembolsos-por-revisar': 1,
      'facturas-por-emitir': 1,
      'mensajes-sin-leer': 1,
    });
    expect(after['por-despachar']?.oldest).toBe('2001-01-01T12:00:00.000Z');
    // A due day is the start of that day in Caracas.
    expect(after['notas-vencidas']?.oldest).toBe('2001-01-02T04:00:00.000Z');
    for (const c of Object.values(after)) {
      if (c && c.total > 0) expect(Number.isNaN(Date.parse(c.oldest ?? ''))).toBe(false);
    }

    // Confirming the payment moves the order from one card to the next.
    await reportadoExacto(t, reported);
    const confirmed = await api.call('administracion', 'PATCH', '/api/orden-compra/confirmar-pago', { code: reported, approve: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.step).toBe('pago-confirmado');
    const moved = await pendientes('administracion');
    expect(moved['pagos-por-confirmar']?.total).toBe((after['pagos-por-confirmar']?.total ?? 0) - 1);
    expect((await pendientes('inventario'))['inventario-por-confirmar']?.total).toBe((after['inventario-por-confirmar']?.total ?? 0) + 1);
  });

  it('cada rol recibe solo sus tarjetas; un cliente 403 y sin sesión 401', async () => {
    expect(Object.keys(await pendientes('administracion'))).toEqual([
      'pagos-por-confirmar',
      'abonos-por-aprobar',
      'ventas-por-autorizar',
      'notas-vencidas',
      'reembolsos-por-revisar',
      'facturas-por-emitir',
    ]);
    expect(Object.keys(await pendientes('inventario'))).toEqual(['inventario-por-confirmar']);
    expect(Object.keys(await pendientes('despacho'))).toEqual(['por-despachar', 'por-entregar']);
    expect(Object.keys(await pendientes('vendedor-admin'))).toEqual(['notas-vencidas']);
    expect(Object.keys(await pendientes('admin'))).toHaveLength(10);
    expect((await api.call('cliente', 'GET', '/api/panel/pendientes')).statusCode).toBe(403);
    expect((await api.call('anonimo', 'GET', '/api/panel/pendientes')).statusCode).toBe(401);
  });

  it('las listas de las tarjetas filtran lo mismo que cuentan', async () => {
    const counted = await pendientes('admin');
    // Abonos: the notes with one waiting, each of them with at least one.
    const notes = await api.call(
      'administracion',
      'GET',
      '/api/mayor/cuentas/listado/todas?filter_advance[abonos]=pendientes&per_page=100',
    );
    expect(notes.statusCode, notes.body).toBe(200);
    const listed = notes.json().data as { number: string; pendingAbonos: number }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((n) => n.pendingAbonos > 0)).toBe(true);
    expect(listed.reduce((sum, n) => sum + n.pendingAbonos, 0)).toBe(counted['abonos-por-aprobar']?.total);
    const bad = await api.call('administracion', 'GET', '/api/mayor/cuentas/listado/todas?filter_advance[abonos]=todos');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBeTruthy();
    // Overdue notes: the «vencidas» list has exactly the card's count.
    const vencidas = await api.call('administracion', 'GET', '/api/mayor/cuentas/listado/vencidas');
    expect(vencidas.json().meta.total).toBe(counted['notas-vencidas']?.total);
    // Orders by step: the list's chip for the step says the card's count.
    const orders = await api.call('admin', 'POST', '/api/orden-compra/buscar-ordenes-compras', {});
    expect(orders.json().steps['inventario-confirmado']).toBe(counted['por-despachar']?.total);
  });
});
