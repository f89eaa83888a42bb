// Generated from the route table: every API route called as anonymous, customer and each staff role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '#domain/roles.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import type { Access } from './access.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const CALLERS = ['anonimo', 'cliente', ...ROLES] as const;

beforeAll(async () => {
  t = await buildTestApp();
  for (const caller of CALLERS) {
    if (caller !== 'anonimo') tokens.set(caller, (await loginAs(t.app, demoEmail(caller))).token);
  }
});

afterAll(async () => {
  await t?.close();
});

const PARAM_VALUES: Record<string, string> = {
  id: '999999',
  url: 'damas',
  article: 'ZZZZ',
  code: 'ZZZZ',
  hash: 'a'.repeat(40),
  slug: 'no-existe',
};

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => PARAM_VALUES[name] ?? 'x');
}

function expected(access: Access, caller: (typeof CALLERS)[number]): 'permitido' | 401 | 403 {
  if (access === 'public') return 'permitido';
  if (caller === 'anonimo') return 401;
  if (access === 'usuario') return 'permitido';
  return caller !== 'cliente' && access.includes(caller) ? 'permitido' : 403;
}

describe('rutas × roles', () => {
  it('cada ruta responde 401, 403 o deja pasar según lo que declara', async () => {
    const failures: string[] = [];
    const routes = t.app.routeTable.filter((r) => r.url !== '/api/auth/logout' && r.url !== '/api/auth/refresh');
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      for (const caller of CALLERS) {
        const token = tokens.get(caller);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          remoteAddress: nextIp(),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = expected(route.access, caller);
        const got = response.statusCode;
        const ok = want === 'permitido' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok) failures.push(`${route.method} ${route.url} como ${caller}: esperado ${want}, recibido ${got}`);
      }
    }
    expect(failures).toEqual([]);
    // Every route × 8 callers, one after another: ~1,500 requests, over 30 s on a busy 2-core machine.
  }, 180_000);

  it('logout y refresh: sin sesión, logout igual limpia y refresh da 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
  });
});
