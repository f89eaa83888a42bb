// Sales settings: who is e-mailed about web sales and who is in charge of them, and the mails the
// orders send to those users.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, registrarOrden, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { asBearer, demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import { notificarVenta } from './config.service.ts';

let t: TestApp;
let stocked: StockedArticle;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  stocked = await stockedArticle(t);
  for (const role of ['admin', 'administracion', 'vendedor-admin', 'despacho', 'cliente']) {
    const session = await loginAs(t.app, demoEmail(role));
    tokens[role] = session.token;
    ids[role] = session.user.id as number;
  }
});

afterAll(async () => {
  await t?.close();
});

const call = (role: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject(asBearer(tokens[role], { method, url, ...(payload ? { payload } : {}) }));

type Mail = { to: string; subject: string; text: string; kind: string };
const staffMails = (code: string) =>
  rows<Mail>(
    t,
    sql`SELECT "to", subject, text, kind FROM correos WHERE kind LIKE 'personal-%' AND subject LIKE ${`%${code}%`} ORDER BY "to", id`,
  );

describe('usuarios notificados de cada venta', () => {
  it('el admin elige al personal; la lista de opciones trae solo personal activo', async () => {
    const initial = await call('admin', 'GET', '/api/config/notify-users-of-sale');
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data.users).toEqual([]);
    const options = initial.json().data.options as { email: string; roles: string[] }[];
    expect(options.map((o) => o.email).sort()).toEqual([
      'admin@vitrina.com.ve',
      'administracion@vitrina.com.ve',
      'despacho@vitrina.com.ve',
      'inventario@vitrina.com.ve',
      'ventas@vitrina.com.ve',
    ]);
    const saved = await call('admin', 'POST', '/api/config/notify-users-of-sale', {
      users: [ids.administracion, ids['vendedor-admin'], ids.administracion],
    });
    expect(saved.statusCode).toBe(200);
    expect(
      saved
        .json()
        .data.users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['administracion@vitrina.com.ve', 'ventas@vitrina.com.ve']);
    const again = await call('admin', 'GET', '/api/config/notify-users-of-sale');
    expect(again.json().data.users).toHaveLength(2);
  });

  it('rechaza clientes o usuarios que no existen (400) y datos mal formados (422)', async () => {
    const customer = await call('admin', 'POST', '/api/config/notify-users-of-sale', { users: [ids.cliente, 999999] });
    expect(customer.statusCode).toBe(400);
    expect(customer.json().message).toBe(`Estos usuarios no existen, están deshabilitados o no son del personal: ${ids.cliente}, 999999.`);
    const bad = await call('admin', 'POST', '/api/config/notify-users-of-sale', { users: ['uno'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['users.0']).toEqual(['El usuario debe ser un número']);
    const missing = await call('admin', 'POST', '/api/config/notify-users-of-sale', {});
    expect(missing.json().errors.users).toEqual(['Indique la lista de usuarios (puede estar vacía)']);
    // Nothing changed.
    expect((await call('admin', 'GET', '/api/config/notify-users-of-sale')).json().data.users).toHaveLength(2);
  });

  it('varios admins que guardan la lista a la vez: todos reciben 200 y queda una de las listas enviadas', async () => {
    const sets = [
      [ids.administracion],
      [ids['vendedor-admin'], ids.despacho],
      [ids.admin, ids.administracion, ids.despacho],
      [],
      [ids.despacho],
    ];
    const answers = await Promise.all(
      [...sets, ...sets].map((users) => call('admin', 'POST', '/api/config/notify-users-of-sale', { users })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const saved = await rows<{ id: number }>(t, sql`SELECT user_id AS id FROM notificacion_venta_usuarios ORDER BY user_id`);
    expect(sets.map((set) => [...set].sort((a, b) => a - b))).toContainEqual(saved.map((r) => r.id));
    await call('admin', 'POST', '/api/config/notify-users-of-sale', { users: [ids.administracion, ids['vendedor-admin']] });
  });

  it('solo el admin ve o cambia la configuración', async () => {
    expect((await call('administracion', 'GET', '/api/config/notify-users-of-sale')).statusCode).toBe(403);
    expect((await call('vendedor-admin', 'POST', '/api/venta/user-in-charge-of-sales', { user_id: null })).statusCode).toBe(403);
    expect((await t.app.inject('/api/venta/user-in-charge-of-sales')).statusCode).toBe(401);
  });

  it('una orden nueva y un pago reportado avisan por correo solo a los usuarios elegidos', async () => {
    const code = await registrarOrden(t, orderBody(stocked, { quantity: 2 }), 'aviso-venta-1');
    const [order] = await rows<{ total: string; rate: string }>(
      t,
      sql`SELECT total::text, rate::text FROM ordenes_compra WHERE code = ${code}`,
    );
    const created = await staffMails(code);
    expect(created.map((m) => m.to)).toEqual(['administracion@vitrina.com.ve', 'ventas@vitrina.com.ve']);
    expect(created.every((m) => m.kind === 'personal-nueva-orden')).toBe(true);
    const mail = created[0];
    expect(mail.subject).toBe(`Nueva orden de compra: ${code} · $ ${order.total.replace('.', ',')}`);
    expect(mail.text).toContain('Comprador: Pedro Pérez (V-12345678, pedro@correo.com).');
    expect(mail.text).toMatch(/Total: \$ [\d.]+,\d{2} · Bs\. [\d.]+,\d{2}\./);
    expect(mail.text).toContain(`/dashboard/venta/${code}`);
    expect(mail.text).toContain('Método de pago: Pago pendiente.');

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/orden-compra/registrar-pago',
      remoteAddress: nextIp(),
      payload: {
        code,
        email: 'pedro@correo.com',
        payment: { method: 'zelle', reference: 'ZAVISO001', amount: order.total, date: '2026-11-22' },
      },
    });
    expect(paid.statusCode).toBe(200);
    const reported = (await staffMails(code)).filter((m) => m.kind === 'personal-pago-reportado');
    expect(reported.map((m) => m.to)).toEqual(['administracion@vitrina.com.ve', 'ventas@vitrina.com.ve']);
    expect(reported[0].subject).toMatch(/^Pago reportado: /);
    expect(reported[0].text).toContain('Método de pago: Zelle. Estado: «Pago por confirmar».');
  });

  it('un usuario que pierde su rol de personal deja de recibir avisos', async () => {
    await t.database.db.execute(sql`DELETE FROM usuario_roles WHERE user_id = ${ids['vendedor-admin']}`);
    const code = await registrarOrden(t, orderBody(stocked), 'aviso-venta-2');
    expect((await staffMails(code)).map((m) => m.to)).toEqual(['administracion@vitrina.com.ve']);
    await t.database.db.execute(sql`INSERT INTO usuario_roles (user_id, role) VALUES (${ids['vendedor-admin']}, 'vendedor-admin')`);
  });

  it('si el aviso al personal falla, la orden se registra igual y el comprador recibe su correo', async () => {
    await t.database.db.execute(sql`CREATE FUNCTION rechazar_aviso() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'buzón caído'; END $$`);
    await t.database.db.execute(
      sql`CREATE TRIGGER rechazar_aviso BEFORE INSERT ON correos FOR EACH ROW WHEN (NEW.kind LIKE 'personal-%') EXECUTE FUNCTION rechazar_aviso()`,
    );
    try {
      const code = await registrarOrden(t, orderBody(stocked), 'aviso-venta-falla');
      expect(await staffMails(code)).toEqual([]);
      const [{ n }] = await rows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM correos WHERE "to" = 'pedro@correo.com' AND subject LIKE ${`Orden ${code}%`}`,
      );
      expect(n).toBe(1);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER rechazar_aviso ON correos`);
      await t.database.db.execute(sql`DROP FUNCTION rechazar_aviso()`);
    }
  });

  it('notificarVenta no lanza aunque el envío falle y lo deja en el log', async () => {
    await call('admin', 'POST', '/api/config/notify-users-of-sale', { users: [ids.admin] });
    const logged: string[] = [];
    await notificarVenta(
      {
        db: t.database.db,
        mailer: { send: async () => Promise.reject(new Error('SMTP caído')) },
        publicUrl: 'http://tienda.test',
        log: (message, error) => logged.push(`${message}: ${(error as Error).message}`),
      },
      'nueva-orden',
      {
        code: 'OC-000999',
        step: 'pendiente',
        paymentMethod: 'pago-pendiente',
        total: '10.00',
        rate: '40',
        buyer: { fullName: 'X', email: 'x@x.com', dni: 'V-1' },
      },
    );
    expect(logged).toEqual(['no se pudo avisar al personal de la venta: SMTP caído']);
  });
});

describe('encargado de las ventas web', () => {
  it('el admin lo elige; una orden sin vendedor queda a su cargo y el detalle lo muestra', async () => {
    const none = await call('admin', 'GET', '/api/venta/user-in-charge-of-sales');
    expect(none.json().data.user).toBeNull();
    expect(none.json().data.options.length).toBe(5);
    const set = await call('admin', 'POST', '/api/venta/user-in-charge-of-sales', { user_id: ids['vendedor-admin'] });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.user).toMatchObject({ id: ids['vendedor-admin'], email: 'ventas@vitrina.com.ve' });

    // Other buyers: earlier tests left this buyer the most open unpaid orders allowed.
    const code = await registrarOrden(t, orderBody(stocked, { buyer: otroComprador(1) }), 'encargado-1');
    const detail = await call('administracion', 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${code}`);
    expect(detail.json().data.inCharge).toMatchObject({ id: ids['vendedor-admin'], email: 'ventas@vitrina.com.ve' });

    // With a chosen salesman the order is theirs, not the person in charge's.
    const [v02] = await rows<{ id: number }>(t, sql`SELECT id FROM vendedores WHERE code = 'V02'`);
    const withSeller = await registrarOrden(
      t,
      orderBody(stocked, { buyer: otroComprador(2), extra: { withSeller: true, salesman: v02.id } }),
      'encargado-2',
    );
    const sellerDetail = await call('admin', 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${withSeller}`);
    expect(sellerDetail.json().data.inCharge).toBeNull();
    expect(sellerDetail.json().data.salesman.id).toBe(v02.id);

    // Changing the person in charge later does not reassign the order already placed.
    await call('admin', 'POST', '/api/venta/user-in-charge-of-sales', { user_id: ids.despacho });
    const still = await call('admin', 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${code}`);
    expect(still.json().data.inCharge.email).toBe('ventas@vitrina.com.ve');
  });

  it('rechaza a un cliente (400) y un id mal formado (422); null lo quita', async () => {
    const customer = await call('admin', 'POST', '/api/venta/user-in-charge-of-sales', { user_id: ids.cliente });
    expect(customer.statusCode).toBe(400);
    const bad = await call('admin', 'POST', '/api/venta/user-in-charge-of-sales', { user_id: 'luis' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.user_id).toEqual(['El usuario debe ser un número']);
    const cleared = await call('admin', 'POST', '/api/venta/user-in-charge-of-sales', { user_id: null });
    expect(cleared.json().data.user).toBeNull();
    const code = await registrarOrden(t, orderBody(stocked, { buyer: otroComprador(3) }), 'encargado-3');
    const detail = await call('admin', 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${code}`);
    expect(detail.json().data.inCharge).toBeNull();
  });
});
