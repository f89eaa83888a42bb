// No browser or shared cache may keep a personal answer: every API answer is no-store except the
// public reads that are the same for everyone; pages are covered in e2e/paginas-http.e2e.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#server/db/seed/demo-usuarios.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import { pageCacheControl } from './cache-control.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await loginAs(t.app, demoEmail('admin'))).cookie;
});

afterAll(async () => {
  await t?.close();
});

const PARAMS: Record<string, string> = { id: '1', code: 'OC-000001', slug: 'privacy-policy' };

describe('Cache-Control de la API', () => {
  it('cada GET que no es público responde no-store, también cuando rechaza', async () => {
    const personal = t.app.routeTable.filter((r) => r.method === 'GET' && r.access !== 'public');
    expect(personal.length).toBeGreaterThan(15);
    const missing: string[] = [];
    let answered = 0;
    for (const route of personal) {
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? 'x');
      const asAdmin = await t.app.inject({ url, headers: { cookie: admin } });
      if (asAdmin.statusCode === 200) answered += 1;
      const anonymous = await t.app.inject({ url });
      for (const [who, response] of [
        ['admin', asAdmin],
        ['anónimo', anonymous],
      ] as const) {
        if (response.headers['cache-control'] !== 'no-store')
          missing.push(`${url} (${who}, ${response.statusCode}): ${response.headers['cache-control']}`);
      }
    }
    expect(missing).toEqual([]);
    expect(answered).toBeGreaterThan(10);
  });

  it('las respuestas públicas que dependen del visitante también: carrito, menú, ingreso, registro, salida, renovación', async () => {
    const cart = await t.app.inject('/api/carrito');
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['cache-control']).toBe('no-store');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: { nickname: 'Cache', email: 'cache@correo.com', password: 'Clave.Segura.2026', password_confirmation: 'Clave.Segura.2026' },
    });
    expect(register.statusCode).toBeLessThan(300);
    expect(register.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: demoEmail('cliente'), password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    for (const call of [
      { method: 'GET' as const, url: '/api/auth/menu' },
      { method: 'POST' as const, url: '/api/auth/refresh' },
      { method: 'POST' as const, url: '/api/auth/logout' },
    ]) {
      const response = await t.app.inject({ ...call, headers: { cookie } });
      expect(response.statusCode, call.url).toBe(200);
      expect(response.headers['cache-control'], call.url).toBe('no-store');
    }
    const badLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: {} });
    expect(badLogin.headers['cache-control']).toBe('no-store');
  });

  it('las lecturas públicas del catálogo, iguales para todos, no se marcan no-store', async () => {
    for (const url of ['/api/catalogo/lineas', '/api/general/info-pagina', '/api/general/tasa-del-dia']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBeUndefined();
    }
  });
});

describe('Cache-Control de las páginas', () => {
  it('panel, cuenta, carrito y orden no se guardan; el catálogo de un visitante con sesión solo en su navegador', () => {
    const anonymous = { setsCookie: false, visitorCookie: false };
    for (const path of [
      '/dashboard',
      '/dashboard/perfil',
      '/dashboard.data',
      '/mi-cuenta',
      '/mi-cuenta/compras/OC-000001',
      '/mi-cuenta.data',
      '/auth/login',
      '/carrito',
      '/carrito/ver-orden',
      '/carrito.data',
      '/orden/OC-000001',
    ]) {
      expect(pageCacheControl(path, anonymous), path).toBe('no-store');
    }
    // React Router matches without regard to capitals and after decoding percent-escapes: so does the rule.
    for (const path of [
      '/DASHBOARD/perfil',
      '/Dashboard/correos',
      '/DASHBOARD/perfil.data',
      '/Auth/Login',
      '/CARRITO',
      '/Carrito.DATA',
      '/ORDEN/OC-000004',
      '/%64ashboard/perfil',
      '/%63ARRITO',
    ]) {
      expect(pageCacheControl(path, anonymous), path).toBe('no-store');
      expect(pageCacheControl(path, { setsCookie: false, visitorCookie: true }), path).toBe('no-store');
    }
    expect(pageCacheControl('/linea', anonymous)).toBeNull();
    expect(pageCacheControl('/LINEA/%E0%A4%A', anonymous)).toBeNull();
    expect(pageCacheControl('/ordenes-especiales', anonymous)).toBeNull();
    expect(pageCacheControl('/preferencias/moneda', { setsCookie: true, visitorCookie: false })).toBe('no-store');
    expect(pageCacheControl('/linea', { setsCookie: false, visitorCookie: true })).toBe('private, no-cache');
  });
});
