// «Pedir por WhatsApp» (decision 0033): the checkout's registration with fewer data, «pago pendiente»
// and the delivery agreed in the chat; the order holds its stock, is idempotent, and staff see it
// marked WhatsApp and can list only those.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '#domain/roles.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let buyerNumber = 0;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://tienda.example' });
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 30);
});

afterAll(async () => {
  await t?.close();
});

/** A buyer of their own (cédula and phone), so the limit of unpaid orders per contact is not met. */
function buyer(changes: Record<string, unknown> = {}) {
  buyerNumber += 1;
  return {
    fullName: `Cliente WhatsApp ${buyerNumber}`,
    phone: `0414-${String(5_000_000 + buyerNumber)
      .slice(-7)
      .replace(/^(\d{3})/, '$1-')}`,
    dni: `V-${18_000_000 + buyerNumber}`,
    state: 'Lara',
    city: 'Barquisimeto',
    ...changes,
  };
}

function pedido(quantity = 1, user: Record<string, unknown> = buyer()) {
  return { user, items: [{ articleCode: stocked.article, stores: [{ tiendaId: stocked.storeId, quantity }] }] };
}

function registrarWhatsapp(body: object, key: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orden-compra/registrar-whatsapp',
    headers: { 'idempotency-key': key, ...headers },
    payload: body,
    remoteAddress: nextIp(),
  });
}

async function held(): Promise<number> {
  const [row] = await rows<{ held: number }>(
    t,
    sql`SELECT held FROM inventario WHERE article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`,
  );
  return row.held;
}

async function ordersWithKey(key: string): Promise<number> {
  const [row] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ordenes_compra WHERE idempotency_key = ${key}`);
  return row.n;
}

function staffList(role: string, filterAdvance: Record<string, unknown> = {}, search?: string) {
  return api.call(role, 'POST', '/api/orden-compra/buscar-ordenes-compras', {
    filter_advance: filterAdvance,
    ...(search ? { search } : {}),
  });
}

describe('pedir por WhatsApp', () => {
  it('registra la orden con origen whatsapp, pago pendiente, envío por acordar y su existencia retenida', async () => {
    const before = await held();
    const user = buyer();
    const response = await registrarWhatsapp(pedido(2, user), 'wa-crear-1');
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    expect(order).toMatchObject({ step: 'pendiente', shippingCost: '0.00', orderCode: expect.stringMatching(/^OC-\d{6,}$/) });
    expect(order.token).toEqual(expect.any(String));
    expect(await held()).toBe(before + 2);

    const [saved] = await rows<{ origen: string; payment_method: string; expires_at: Date | null; delivery: Record<string, unknown> }>(
      t,
      sql`SELECT origen, payment_method, expires_at, delivery FROM ordenes_compra WHERE code = ${order.orderCode}`,
    );
    expect(saved).toMatchObject({ origen: 'whatsapp', payment_method: 'pago-pendiente' });
    // Unpaid orders expire like any «pago pendiente».
    expect(saved.expires_at).not.toBeNull();
    expect(saved.delivery).toMatchObject({ shipping: 'por-acordar', agency: '', address: '', state: 'Lara', city: 'Barquisimeto' });

    // The buyer's link shows it (the confirmation page builds the chat's message from it).
    const status = await api.estado(order.orderCode, order.token);
    expect(status.json().data).toMatchObject({ origen: 'whatsapp', shipping: 'por-acordar', step: 'pendiente' });
    expect(status.json().data.items).toEqual([
      expect.objectContaining({ quantity: 2, size: expect.any(String), color: expect.any(String) }),
    ]);

    // Staff see it with its origin, and the buyer's WhatsApp as phone.
    const detail = await api.detalle(order.orderCode, 'vendedor-admin');
    expect(detail.json().data.order).toMatchObject({ origen: 'whatsapp', buyer: { phone: user.phone, email: '' } });
  });

  it('la misma clave dos veces es una sola orden y una sola retención; la misma clave con otros datos se rechaza', async () => {
    const body = pedido(1);
    const before = await held();
    const first = await registrarWhatsapp(body, 'wa-repetida-1');
    const again = await registrarWhatsapp(body, 'wa-repetida-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.orderCode).toBe(first.json().data.orderCode);
    expect(await ordersWithKey('wa-repetida-1')).toBe(1);
    expect(await held()).toBe(before + 1);

    const other = await registrarWhatsapp(pedido(3), 'wa-repetida-1');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Esa clave de idempotencia ya se usó para otro pedido.');
    // A checkout's key is another request too.
    const checkout = await api.registrar(orderBody(stocked), 'wa-repetida-1');
    expect(checkout.statusCode).toBe(400);
    expect(await held()).toBe(before + 1);
  });

  it('sin teléfono o con uno que no es un celular venezolano: 422 en español y nada se crea', async () => {
    const before = await held();
    const cases: [unknown, string][] = [
      [undefined, 'El teléfono es obligatorio'],
      ['', 'El teléfono es obligatorio'],
      ['0212-555-0101', 'Escriba un celular venezolano con WhatsApp (ejemplo: 0414-555-0101)'],
      ['12345', 'Escriba un celular venezolano con WhatsApp (ejemplo: 0414-555-0101)'],
    ];
    for (const [i, [phone, message]] of cases.entries()) {
      const response = await registrarWhatsapp(pedido(1, buyer({ phone })), `wa-telefono-${i}`);
      expect(response.statusCode, String(phone)).toBe(422);
      expect(response.json().errors['user.phone'], String(phone)).toEqual([message]);
      expect(await ordersWithKey(`wa-telefono-${i}`)).toBe(0);
    }
    // The other fields it asks for, each under its own name.
    const empty = await registrarWhatsapp({ user: { phone: '0414-555-0101', email: 'no-es-correo' }, items: [] }, 'wa-vacio-1');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      'user.fullName': ['El nombre completo es obligatorio'],
      'user.dni': ['La cédula es obligatoria'],
      'user.state': ['El estado es obligatorio'],
      'user.city': ['La ciudad es obligatoria'],
      'user.email': ['El correo no es válido'],
      items: ['El pedido no tiene artículos'],
    });
    expect(await held()).toBe(before);
  });

  it('el teléfono queda como 0414-555-0101 aunque venga con +58 y espacios', async () => {
    const response = await registrarWhatsapp(pedido(1, buyer({ phone: '+58 424 555 7788' })), 'wa-formato-1');
    expect(response.statusCode).toBe(201);
    const detail = await api.detalle(response.json().data.orderCode);
    expect(detail.json().data.order.buyer.phone).toBe('0424-555-7788');
  });

  it('sin correo no se envía correo al comprador; con correo, el de la orden pendiente con su enlace', async () => {
    const without = (await registrarWhatsapp(pedido(1), 'wa-correo-1')).json().data.orderCode;
    const withMail = (await registrarWhatsapp(pedido(1, buyer({ email: 'Compra.WA@Correo.com' })), 'wa-correo-2')).json().data.orderCode;
    const mails = await rows<{ to: string; text: string }>(
      t,
      sql`SELECT "to", text FROM correos WHERE kind = 'orden-pendiente' AND (text LIKE ${`%${without}%`} OR text LIKE ${`%${withMail}%`})`,
    );
    expect(mails.map((m) => m.to)).toEqual(['compra.wa@correo.com']);
    expect(mails[0].text).toContain(`https://tienda.example/orden/${withMail}?t=`);
  });

  it('los límites de órdenes sin pagar valen igual: la cuarta con el mismo teléfono se rechaza', async () => {
    const user = buyer();
    for (let i = 0; i < 3; i++) {
      expect((await registrarWhatsapp(pedido(1, { ...user, dni: `V-${9_000_000 + i}` }), `wa-tope-${i}`)).statusCode).toBe(201);
    }
    const fourth = await registrarWhatsapp(pedido(1, { ...user, dni: 'V-9000009' }), 'wa-tope-3');
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().message).toContain('con este teléfono');
    expect(await ordersWithKey('wa-tope-3')).toBe(0);
  });

  it('sin existencia suficiente nada se crea y se nombra el artículo', async () => {
    const where = sql`article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`;
    await t.database.db.execute(sql`UPDATE inventario SET quantity = held + 1 WHERE ${where}`);
    const before = await held();
    const response = await registrarWhatsapp(pedido(2), 'wa-sin-1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`No hay existencia suficiente de: ${stocked.article}. Ajuste las cantidades o elija otra tienda.`);
    expect(await ordersWithKey('wa-sin-1')).toBe(0);
    expect(await held()).toBe(before);
    await t.database.db.execute(sql`UPDATE inventario SET quantity = held + 50 WHERE ${where}`);
  });
});

describe('la lista del personal', () => {
  it('marca las órdenes de WhatsApp y las filtra; las del checkout son web', async () => {
    const wa = (await registrarWhatsapp(pedido(1), 'wa-lista-1')).json().data.orderCode;
    const web = (
      await api.registrarOrden(
        orderBody(stocked, { buyer: { email: 'web.lista@correo.com', dni: 'V-7000001', phone: '0416-700-0001' } }),
        'wa-lista-web-1',
      )
    ).code;

    const all = (await staffList('vendedor-admin')).json();
    const origenOf = (code: string) => all.data.find((o: { code: string }) => o.code === code)?.origen;
    expect(origenOf(wa)).toBe('whatsapp');
    expect(origenOf(web)).toBe('web');

    const onlyWa = await staffList('vendedor-admin', { origen: 'whatsapp' });
    expect(onlyWa.statusCode).toBe(200);
    const codes = onlyWa.json().data.map((o: { code: string }) => o.code);
    expect(codes).toContain(wa);
    expect(codes).not.toContain(web);
    expect(onlyWa.json().data.every((o: { origen: string }) => o.origen === 'whatsapp')).toBe(true);
    // The step chips count with the filter too.
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM ordenes_compra WHERE origen = 'whatsapp' AND step = 'pendiente'`,
    );
    expect(onlyWa.json().steps.pendiente).toBe(n);

    const onlyWeb = (await staffList('vendedor-admin', { origen: 'web' })).json().data.map((o: { code: string }) => o.code);
    expect(onlyWeb).toContain(web);
    expect(onlyWeb).not.toContain(wa);

    const bad = await staffList('vendedor-admin', { origen: 'telefono' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['filter_advance.origen']).toEqual(['Origen desconocido: web o whatsapp']);
  });
});

describe('roles', () => {
  it('cualquiera puede pedir por WhatsApp: sin sesión, un cliente y cada rol del personal', async () => {
    for (const role of ['anonimo', 'cliente', ...ROLES]) {
      const token = role === 'anonimo' ? undefined : await api.tokenOf(role);
      const request = {
        method: 'POST' as const,
        url: '/api/orden-compra/registrar-whatsapp',
        headers: { 'idempotency-key': `wa-rol-${role}` },
        payload: pedido(1),
        remoteAddress: nextIp(),
      };
      const response = await t.app.inject(token ? asBearer(token, request) : request);
      expect(response.statusCode, role).toBe(201);
      expect(await ordersWithKey(`wa-rol-${role}`), role).toBe(1);
    }
  });

  it('un cliente con sesión que no escribe correo recibe los correos en el de su cuenta; su dirección no se borra', async () => {
    const token = await api.tokenOf('cliente');
    const [before] = await rows<{ address: string | null }>(t, sql`SELECT address FROM usuarios WHERE email = 'cliente@vitrina.com.ve'`);
    const request = {
      method: 'POST' as const,
      url: '/api/orden-compra/registrar-whatsapp',
      headers: { 'idempotency-key': 'wa-cliente-correo' },
      payload: pedido(1),
      remoteAddress: nextIp(),
    };
    const response = await t.app.inject(asBearer(token, request));
    expect(response.statusCode).toBe(201);
    const detail = await api.call(
      'cliente',
      'GET',
      `/api/orden-compra/buscar-detalles-ordene-compra?code=${response.json().data.orderCode}`,
    );
    expect(detail.json().data.order.buyer.email).toBe('cliente@vitrina.com.ve');
    const [after] = await rows<{ address: string | null }>(t, sql`SELECT address FROM usuarios WHERE email = 'cliente@vitrina.com.ve'`);
    expect(after.address).toBe(before.address);
  });

  it('la lista filtrada por origen: el personal sí; sin sesión 401 y un cliente 403', async () => {
    for (const role of ROLES) expect((await staffList(role, { origen: 'whatsapp' })).statusCode, role).toBe(200);
    expect((await staffList('anonimo', { origen: 'whatsapp' })).statusCode).toBe(401);
    expect((await staffList('cliente', { origen: 'whatsapp' })).statusCode).toBe(403);
  });
});
