import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asBearer, demoEmail, loginAs } from '../../../test/sessions.ts';

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
    expect(bad.json().errors.dni[0]).toContain('La cédula o RIF no es válida');
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
