import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#server/db/seed/demo-usuarios.ts';
import { upsertStaff } from '#server/modules/auth/auth.service.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { rows } from '#test/inject.ts';
import { asBearer, demoEmail, loginAs } from '#test/sessions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(asBearer(token, { method, url, ...(payload ? { payload } : {}) }));

describe('perfil del cliente', () => {
  it('actualiza sus datos personales con validación en español', async () => {
    const { token } = await loginAs(t.app, demoEmail('cliente'));
    const details = {
      fullName: 'María Fernández',
      phone: '0414-555-0199',
      dni: 'v-12345678',
      state: 'Lara',
      city: 'Barquisimeto',
      address: 'Av. Lara, edificio Sol, apto 4',
    };
    const updated = await call(token, 'PATCH', '/api/profile/usuario-detalles', details);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.detail).toMatchObject({ ...details, dni: 'V-12345678' });
    const bad = await call(token, 'PATCH', '/api/profile/usuario-detalles', { ...details, state: 'Florida', dni: '123' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.state).toEqual(['Elija un estado de Venezuela']);
    expect(bad.json().errors.dni[0]).toBe('La cédula tiene de 5 a 8 dígitos (ejemplo: V-18456789 o J-50123456-6)');
  });

  it('PUT profile/user/{id} solo sobre la propia cuenta', async () => {
    const cliente = await loginAs(t.app, demoEmail('cliente'));
    const otro = await loginAs(t.app, demoEmail('despacho'));
    const own = await call(cliente.token, 'PUT', `/api/profile/user/${cliente.user.id}`, { nickname: 'Mari' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.nickname).toBe('Mari');
    const foreign = await call(cliente.token, 'PUT', `/api/profile/user/${otro.user.id}`, { nickname: 'Intruso' });
    expect(foreign.statusCode).toBe(403);
    const check = await call(otro.token, 'GET', '/api/profile/usuario');
    expect(check.json().data.nickname).not.toBe('Intruso');
  });

  it('cambiar la clave pide la actual y cierra las otras sesiones, no la propia', async () => {
    const email = demoEmail('inventario');
    const first = await loginAs(t.app, email);
    const second = await loginAs(t.app, email);
    const wrong = await call(first.token, 'PATCH', '/api/profile/usuario/cambiar-clave', {
      current_password: 'equivocada-123',
      password: 'clave-nueva-2026',
      password_confirmation: 'clave-nueva-2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La contraseña actual no es correcta.');
    const changed = await call(first.token, 'PATCH', '/api/profile/usuario/cambiar-clave', {
      current_password: 'Vitrina.Demo.2026',
      password: 'clave-nueva-2026',
      password_confirmation: 'clave-nueva-2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(first.token, 'GET', '/api/profile/usuario')).statusCode).toBe(200);
    expect((await call(second.token, 'GET', '/api/profile/usuario')).statusCode).toBe(401);
  });
});

describe('hijos', () => {
  it('agrega, lista por fecha de nacimiento de 15 en 15 y elimina solo los propios', async () => {
    const { token } = await loginAs(t.app, demoEmail('cliente'));
    const births = ['2015-03-10', '2012-07-01', '2019-12-24'];
    for (const [i, birthday] of births.entries()) {
      const added = await call(token, 'POST', '/api/profile/agregar-hijo', {
        name: `Niño ${i}`,
        relationship: 'hijo',
        gender: 'masculino',
        birthday,
      });
      expect(added.statusCode).toBe(201);
    }
    const list = await call(token, 'GET', '/api/profile/obtener-hijo');
    expect(list.json().data.map((c: { birthday: string }) => c.birthday)).toEqual([...births].sort());
    expect(list.json().meta.per_page).toBe(15);

    const stranger = await loginAs(t.app, demoEmail('vendedor-admin'));
    const target = list.json().data[0].id;
    const idor = await call(stranger.token, 'DELETE', `/api/profile/eliminar-hijo/${target}`);
    expect(idor.statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', '/api/profile/obtener-hijo')).json().data).toEqual([]);
    const own = await call(token, 'DELETE', `/api/profile/eliminar-hijo/${target}`);
    expect(own.statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/profile/obtener-hijo')).json().meta.total).toBe(2);
  });

  it('rechaza parentescos, géneros y fechas inválidas', async () => {
    const { token } = await loginAs(t.app, demoEmail('cliente'));
    const bad = await call(token, 'POST', '/api/profile/agregar-hijo', {
      name: 'Ana',
      relationship: 'primo',
      gender: 'otro',
      birthday: '2099-01-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['birthday', 'gender', 'relationship']);
    const impossible = await call(token, 'POST', '/api/profile/agregar-hijo', {
      name: 'Ana',
      relationship: 'nieto',
      gender: 'femenino',
      birthday: '2020-02-31',
    });
    expect(impossible.json().errors.birthday).toEqual(['La fecha no existe']);
  });
});

describe('permisos (admin)', () => {
  it('busca usuarios, lista roles y cambia roles revocando las sesiones del usuario', async () => {
    const admin = await loginAs(t.app, demoEmail('admin'));
    const despacho = await loginAs(t.app, demoEmail('despacho'));
    const search = await call(admin.token, 'GET', '/api/profile/permisos/usuario?search=despacho');
    expect(search.json().data).toHaveLength(1);
    expect(search.json().data[0].roles).toEqual(['despacho']);
    const roles = await call(admin.token, 'GET', '/api/profile/permisos/obtener-roles');
    expect(roles.json().data.map((r: { id: string }) => r.id)).toEqual([
      'admin',
      'vendedor-admin',
      'administracion',
      'inventario',
      'despacho',
    ]);
    const updated = await call(admin.token, 'POST', '/api/profile/permisos/actualizar', {
      userId: despacho.user.id,
      roles: ['despacho', 'inventario'],
    });
    expect(updated.json().data).toEqual({ id: despacho.user.id, roles: ['despacho', 'inventario'], isCurrentUser: false });
    expect((await call(despacho.token, 'GET', '/api/profile/usuario')).statusCode).toBe(401);
    const again = await loginAs(t.app, demoEmail('despacho'));
    expect(again.user.roles).toEqual(['despacho', 'inventario']);
  });

  it('un admin que cambia sus propios roles conserva su sesión; no se puede quitar el último admin', async () => {
    const admin = await loginAs(t.app, demoEmail('admin'));
    const last = await call(admin.token, 'POST', '/api/profile/permisos/actualizar', { userId: admin.user.id, roles: ['inventario'] });
    expect(last.statusCode).toBe(400);
    const self = await call(admin.token, 'POST', '/api/profile/permisos/actualizar', {
      userId: admin.user.id,
      roles: ['admin', 'despacho'],
    });
    expect(self.json().data.isCurrentUser).toBe(true);
    const me = await call(admin.token, 'GET', '/api/profile/usuario');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.roles).toEqual(['admin', 'despacho']);
  });

  it('deshabilitar una cuenta cierra sus sesiones e impide entrar', async () => {
    const admin = await loginAs(t.app, demoEmail('admin'));
    const target = await loginAs(t.app, demoEmail('administracion'));
    const off = await call(admin.token, 'POST', '/api/profile/permisos/estado', { userId: target.user.id, disabled: true });
    expect(off.statusCode).toBe(200);
    expect((await call(target.token, 'GET', '/api/profile/usuario')).statusCode).toBe(401);
    await expect(loginAs(t.app, demoEmail('administracion'))).rejects.toThrow(/401/);
    await call(admin.token, 'POST', '/api/profile/permisos/estado', { userId: target.user.id, disabled: false });
  });
});

describe('ids fuera de rango', () => {
  const HUGE = ['2147483648', '99999999999999999999'];

  it('eliminar-hijo y user/{id} con un id que no cabe en la base responden 422, no 500', async () => {
    const { token } = await loginAs(t.app, demoEmail('cliente'));
    for (const id of HUGE) {
      const child = await call(token, 'DELETE', `/api/profile/eliminar-hijo/${id}`);
      expect(child.statusCode).toBe(422);
      expect(child.json().errors.id).toEqual(['El registro no es válido']);
      const user = await call(token, 'PUT', `/api/profile/user/${id}`, { nickname: 'Mari' });
      expect(user.statusCode).toBe(422);
      expect(user.json().errors.id).toEqual(['El usuario no es válido']);
    }
  });

  it('permisos/actualizar y permisos/estado con un userId enorme responden 422 sin cambiar nada', async () => {
    const admin = await loginAs(t.app, demoEmail('admin'));
    for (const raw of HUGE) {
      for (const [url, extra] of [
        ['/api/profile/permisos/actualizar', '"roles":["despacho"]'],
        ['/api/profile/permisos/estado', '"disabled":true'],
      ] as const) {
        const response = await t.app.inject(
          asBearer(admin.token, {
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: `{"userId":${raw},${extra}}`,
          }),
        );
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.userId).toContain('El usuario no es válido');
      }
    }
  });
});

describe('permisos bajo concurrencia', () => {
  const enabledAdmins = async () =>
    (
      await rows<{ email: string }>(
        t,
        sql`SELECT u.email FROM usuarios u JOIN usuario_roles r ON r.user_id = u.id WHERE r.role = 'admin' AND NOT u.disabled`,
      )
    ).map((r) => r.email);
  const restoreAdmins = async (emails: string[]) => {
    for (const email of emails) {
      await t.database.db.execute(sql`UPDATE usuarios SET disabled = false WHERE email = ${email}`);
      await t.database.db.execute(
        sql`INSERT INTO usuario_roles (user_id, role) SELECT id, 'admin' FROM usuarios WHERE email = ${email} ON CONFLICT DO NOTHING`,
      );
    }
  };

  let a: Awaited<ReturnType<typeof loginAs>>;
  const idOf = async (email: string) => (await rows<{ id: number }>(t, sql`SELECT id FROM usuarios WHERE email = ${email}`))[0].id;

  // Each test starts with the demo admin as the only enabled admin; her session outlives the
  // changes below (changing one's own roles keeps the current session).
  beforeEach(async () => {
    a ??= await loginAs(t.app, demoEmail('admin'));
    await t.database.db.execute(sql`UPDATE usuarios SET disabled = (email LIKE '%.admin@vitrina.com.ve')`);
    await restoreAdmins([demoEmail('admin')]);
  });

  // Both calls come from the same admin's session (changing one's own roles keeps it), so both
  // pass the role check before either commits, on PGlite as on PostgreSQL.
  it('con dos admins, quitarle el rol a la otra y a sí misma a la vez: solo una lo logra y queda una admin', async () => {
    const second = 'segunda.admin@vitrina.com.ve';
    const b = await upsertStaff(t.database.db, { email: second, nickname: 'Segunda', password: DEMO_PASSWORD, roles: ['admin'] });
    for (let round = 0; round < 3; round++) {
      await restoreAdmins([demoEmail('admin'), second]);
      expect((await enabledAdmins()).sort()).toEqual([demoEmail('admin'), second].sort());
      const answers = await Promise.all([
        call(a.token, 'POST', '/api/profile/permisos/actualizar', { userId: b, roles: ['despacho'] }),
        call(a.token, 'POST', '/api/profile/permisos/actualizar', { userId: a.user.id, roles: ['despacho'] }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((r) => r.statusCode === 400)?.json().message).toBe(
        'No se puede quitar el rol de administrador al último administrador.',
      );
      expect(await enabledAdmins()).toHaveLength(1);
    }
  });

  it('con dos admins, deshabilitar a la otra y quitarse el rol a la vez: queda una admin habilitada', async () => {
    const second = 'tercera.admin@vitrina.com.ve';
    const b = await upsertStaff(t.database.db, { email: second, nickname: 'Tercera', password: DEMO_PASSWORD, roles: ['admin'] });
    expect((await enabledAdmins()).sort()).toEqual([demoEmail('admin'), second].sort());
    const answers = await Promise.all([
      call(a.token, 'POST', '/api/profile/permisos/estado', { userId: b, disabled: true }),
      call(a.token, 'POST', '/api/profile/permisos/actualizar', { userId: a.user.id, roles: ['despacho'] }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await enabledAdmins()).toHaveLength(1);
  });

  it('guardar a la vez varios juegos de roles del mismo usuario: todos 200 y queda uno de ellos', async () => {
    const target = await idOf(demoEmail('vendedor-admin'));
    const sets = [['vendedor-admin'], ['vendedor-admin', 'despacho'], ['inventario', 'despacho'], [], ['administracion']];
    const answers = await Promise.all(
      [...sets, ...sets].map((roles) => call(a.token, 'POST', '/api/profile/permisos/actualizar', { userId: target, roles })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const [{ roles }] = await rows<{ roles: string[] }>(
      t,
      sql`SELECT coalesce(array_agg(role ORDER BY role), '{}') AS roles FROM usuario_roles WHERE user_id = ${target}`,
    );
    expect(sets.map((set) => [...set].sort())).toContainEqual(roles);
    await call(a.token, 'POST', '/api/profile/permisos/actualizar', { userId: target, roles: ['vendedor-admin'] });
  });
});
