import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { BUYERS_AT_ONCE, type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows as rowsIn } from '#test/inject.ts';
import { BUYER, orderBody, otroComprador, reportadoExacto } from '#test/ordenes.ts';
import { asBearer, nextIp, signUp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let article = '';
let storeId = 0;

const rows = <T>(query: SQL) => rowsIn<T>(t, query);

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  const [row] = await rows<{ code: string }>(sql`SELECT a.code FROM articulos a WHERE a.code LIKE 'CFRA001%MD' LIMIT 1`);
  article = row.code;
  const [store] = await rows<{ id: number }>(sql`SELECT id FROM tiendas ORDER BY id LIMIT 1`);
  storeId = store.id;
  // Exactly 10 units to sell, all in one store.
  await t.database.db.execute(sql`UPDATE inventario SET quantity = 0, held = 0 WHERE article_code = ${article}`);
  await t.database.db.execute(sql`INSERT INTO inventario (article_code, tienda_id, quantity) VALUES (${article}, ${storeId}, 10)
    ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = 10, held = 0`);
});

afterAll(async () => {
  await t?.close();
});

function order(quantity: number, payment: Record<string, unknown> = { method: 'pago-pendiente' }, buyer = {}) {
  return orderBody({ article, storeId }, { quantity, payment, buyer });
}

const registrar = (body: object, key: string) => api.registrar(body, key);

async function stock() {
  const [row] = await rows<{ quantity: number; held: number }>(
    sql`SELECT quantity, held FROM inventario WHERE article_code = ${article} AND tienda_id = ${storeId}`,
  );
  return row;
}

describe('registrar orden de compra', () => {
  it(`cuando ${BUYERS_AT_ONCE} compradores piden a la vez un artículo con 10 unidades, se venden exactamente 10`, async () => {
    const responses = await Promise.all(
      Array.from({ length: BUYERS_AT_ONCE }, (_, i) => registrar(order(1, undefined, otroComprador(i)), `concurrencia-${i}-xxxx`)),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(BUYERS_AT_ONCE - 10);
    for (const r of refused) expect(r.json().message).toContain(article);
    const s = await stock();
    expect(s.held).toBe(10);
    expect(s.quantity - s.held).toBe(0);
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ordenes_compra`);
    expect(n).toBe(10);
    const [{ orphan }] = await rows<{ orphan: number }>(
      sql`SELECT count(*)::int AS orphan FROM ordenes_compra o WHERE NOT EXISTS (SELECT 1 FROM orden_detalles d WHERE d.order_id = o.id)`,
    );
    expect(orphan).toBe(0);
  });

  it('la misma clave de idempotencia enviada 50 veces a la vez crea una sola orden; otro cuerpo con esa clave se rechaza', async () => {
    await t.database.db.execute(
      sql`UPDATE inventario SET quantity = quantity + 5 WHERE article_code = ${article} AND tienda_id = ${storeId}`,
    );
    const body = order(2);
    const responses = await Promise.all(Array.from({ length: 50 }, () => registrar(body, 'misma-clave-50')));
    const codes = new Set(responses.map((r) => r.json().data?.orderCode));
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(codes.size).toBe(1);
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ordenes_compra WHERE idempotency_key = 'misma-clave-50'`);
    expect(n).toBe(1);
    expect((await stock()).held).toBe(12);
    const other = await registrar(order(1), 'misma-clave-50');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Esa clave de idempotencia ya se usó para otro pedido.');
  });

  it('valida el formulario con mensajes en español y sin clave da 422', async () => {
    const bad = await registrar({ ...order(1), user: { ...BUYER, email: 'no-es-correo', state: 'Texas' } }, 'valida-formulario');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['user.email']).toEqual(['El correo no es válido']);
    expect(bad.json().errors['user.state']).toEqual(['Elija un estado de Venezuela']);
    const noRef = await registrar(order(1, { method: 'pago-movil' }), 'sin-referencia');
    expect(noRef.statusCode).toBe(422);
    expect(Object.keys(noRef.json().errors).sort()).toEqual(['payment.amount', 'payment.bankCode', 'payment.date', 'payment.reference']);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/orden-compra/registrar', remoteAddress: nextIp(), payload: order(1) });
    expect(noKey.statusCode).toBe(422);
  });
});

describe('pipeline de la orden', () => {
  it('de Pago Móvil a entregada, con pasos, roles, guía, historial y correos', async () => {
    await t.database.db.execute(
      sql`UPDATE inventario SET quantity = quantity + 3 WHERE article_code = ${article} AND tienda_id = ${storeId}`,
    );
    const payment = { method: 'pago-movil', reference: '00123456', bankCode: '0134', amount: '25.00', date: '2026-11-22' };
    const created = await registrar(order(1, payment), 'pipeline-1');
    expect(created.statusCode).toBe(201);
    const { orderCode: code, token } = created.json().data as { orderCode: string; token: string };
    expect(code).toMatch(/^OC-\d{6}$/);
    expect(created.json().data.step).toBe('pago-por-confirmar');

    const used = await api.call(
      'administracion',
      'GET',
      '/api/orden-compra/vrificar-referencia?method=pago-movil&bankCode=0134&reference=00123456',
    );
    expect(used.json().data.used).toBe(true);
    const again = await registrar(order(1, payment), 'pipeline-otra');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Esa referencia de pago ya fue registrada para ese banco y método.');

    const patch = (role: string, url: string, payload: object) => api.call(role, 'PATCH', `/api/orden-compra/${url}`, payload);

    expect((await patch('despacho', 'confirmar-pago', { code, approve: true })).statusCode).toBe(403);
    const early = await patch('despacho', 'despachar', { code });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('No se puede despachar una orden en estado «Pago por confirmar»');
    await reportadoExacto(t, code);
    expect((await patch('administracion', 'confirmar-pago', { code, approve: true })).json().data.step).toBe('pago-confirmado');
    expect((await patch('inventario', 'confirmar-inventario', { code })).json().data.step).toBe('inventario-confirmado');
    const before = await stock();
    expect((await patch('despacho', 'despachar', { code, trackingNumber: 'MRW-998877' })).json().data.step).toBe('despachada');
    const after = await stock();
    expect(after.quantity).toBe(before.quantity - 1);
    expect(after.held).toBe(before.held - 1);
    expect((await patch('despacho', 'entregada', { code })).json().data.step).toBe('entregada');

    const estado = await api.estado(code, token);
    expect(estado.json().data.timeline.map((s: { step: string }) => s.step)).toEqual([
      'pago-por-confirmar',
      'pago-confirmado',
      'inventario-confirmado',
      'despachada',
      'entregada',
    ]);
    // The holder of the signed link is the buyer: the whole tracking number.
    expect(estado.json().data.trackingNumber).toBe('MRW-998877');
    expect(JSON.stringify(estado.json().data)).not.toContain('0414-555-0199');
    const [{ mails }] = await rows<{ mails: number }>(
      sql`SELECT count(*)::int AS mails FROM correos WHERE "to" = 'pedro@correo.com' AND subject LIKE ${`Orden ${code}%`}`,
    );
    expect(mails).toBe(5);
  });

  it('el número de guía no repite el correo «Despachada»: antes del despacho va en él, después en uno propio, y el mismo número no avisa otra vez', async () => {
    await t.database.db.execute(
      sql`UPDATE inventario SET quantity = quantity + 2 WHERE article_code = ${article} AND tienda_id = ${storeId}`,
    );
    const patch = (role: string, url: string, payload: object) => api.call(role, 'PATCH', `/api/orden-compra/${url}`, payload);
    const subjects = async (code: string) =>
      (
        await rows<{ subject: string; text: string }>(
          sql`SELECT subject, text FROM correos WHERE subject LIKE ${`Orden ${code}%`} ORDER BY id`,
        )
      ).map((m) => m.subject.replace(`Orden ${code}: `, ''));
    const pagada = async (n: number, key: string) => {
      const payment = { method: 'pago-movil', reference: `0077${n}`, bankCode: '0134', amount: '25.00', date: '2026-11-22' };
      const created = await registrar(order(1, payment, otroComprador(n)), key);
      expect(created.statusCode, created.body).toBe(201);
      const code = created.json().data.orderCode as string;
      await reportadoExacto(t, code);
      expect((await patch('administracion', 'confirmar-pago', { code, approve: true })).statusCode).toBe(200);
      expect((await patch('inventario', 'confirmar-inventario', { code })).statusCode).toBe(200);
      return code;
    };

    // Dispatched without a number, then given one, then the same one again, then corrected.
    const later = await pagada(31, 'guia-despues');
    expect((await patch('despacho', 'despachar', { code: later })).json().data.step).toBe('despachada');
    expect((await patch('despacho', 'numero-guia', { code: later, trackingNumber: 'ZOOM-445566' })).statusCode).toBe(200);
    expect((await patch('despacho', 'numero-guia', { code: later, trackingNumber: 'ZOOM-445566' })).statusCode).toBe(200);
    expect((await patch('despacho', 'numero-guia', { code: later, trackingNumber: 'ZOOM-445577' })).statusCode).toBe(200);
    const afterDispatch = (await subjects(later)).slice(-3);
    expect(afterDispatch).toEqual(['Despachada', 'número de guía', 'número de guía corregido']);

    // Given before the dispatch: no mail then, and the «Despachada» mail carries it.
    const before = await pagada(32, 'guia-antes');
    const mailsBefore = (await subjects(before)).length;
    expect((await patch('despacho', 'numero-guia', { code: before, trackingNumber: 'MRW-112233' })).statusCode).toBe(200);
    expect(await subjects(before)).toHaveLength(mailsBefore);
    expect((await patch('despacho', 'despachar', { code: before })).json().data.step).toBe('despachada');
    const [dispatched] = (
      await rows<{ subject: string; text: string }>(sql`SELECT subject, text FROM correos WHERE subject = ${`Orden ${before}: Despachada`}`)
    ).map((m) => m.text);
    expect(dispatched).toContain('Número de guía: MRW-112233.');
    expect((await subjects(before)).filter((x) => x === 'Despachada')).toHaveLength(1);
  });

  it('un pago rechazado vuelve a pendiente; anular libera la existencia', async () => {
    await t.database.db.execute(
      sql`UPDATE inventario SET quantity = quantity + 2 WHERE article_code = ${article} AND tienda_id = ${storeId}`,
    );
    const created = await registrar(order(2, { method: 'zelle', reference: 'ZL998877', amount: '40.00', date: '2026-11-22' }), 'rechazo-1');
    const code = created.json().data.orderCode as string;
    const rejected = await api.call('admin', 'PATCH', '/api/orden-compra/confirmar-pago', { code, approve: false });
    expect(rejected.json().data.step).toBe('pendiente');
    const heldBefore = (await stock()).held;
    const cancelled = await api.call('admin', 'PATCH', '/api/orden-compra/anular', { code });
    expect(cancelled.json().data.step).toBe('anulada');
    expect((await stock()).held).toBe(heldBefore - 2);
    const twice = await api.call('admin', 'PATCH', '/api/orden-compra/anular', { code });
    expect(twice.statusCode).toBe(400);
    expect((await stock()).held).toBe(heldBefore - 2);
  });

  it('el comprador ve el detalle de su orden y otro cliente no', async () => {
    await t.database.db.execute(
      sql`UPDATE inventario SET quantity = quantity + 1 WHERE article_code = ${article} AND tienda_id = ${storeId}`,
    );
    const { code } = await api.registrarOrden(order(1), 'propia-1234', { token: await api.tokenOf('cliente') });
    const own = await api.detalle(code, 'cliente');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.details).toHaveLength(1);
    const { token: otherToken } = await signUp(t.app, {
      nickname: 'Otra',
      email: 'otra.clienta@correo.com',
      password: 'clave-de-otra-123',
    });
    const foreign = await t.app.inject(asBearer(otherToken, { url: `/api/orden-compra/buscar-detalles-ordene-compra?code=${code}` }));
    expect(foreign.statusCode).toBe(404);
    const list = await api.call('vendedor-admin', 'POST', '/api/orden-compra/buscar-ordenes-compras', { search: code });
    expect(list.json().data.map((o: { code: string }) => o.code)).toEqual([code]);
  });
});
