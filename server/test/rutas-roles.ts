// The route × role check, generated from the route table: every API route called as anonymous,
// customer and each staff role answers 401, 403 or lets the caller through as its `access` says.
// Split by module (the first segment of the route's path) into a few files that run in parallel;
// route-roles.*.test.ts each check one group, and every module must be in exactly one group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '#domain/roles.ts';
import type { Access } from '#server/http/access.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { demoEmail, loginAs, nextIp } from './sessions.ts';

/** Modules by the first segment of their routes' path (/api/<segment>/…), in groups of about the same size. */
export const ROUTE_GROUPS = {
  ventas: ['mayor', 'ventas', 'venta', 'opciones', 'prospecto', 'almacen', 'imprenta'],
  compras: ['orden-compra', 'carrito', 'pagos', 'descuento', 'envios', 'health', 'metricas'],
  contenido: ['configuracion', 'config', 'general', 'pagina', 'footer-content', 'galeria', 'aliados', 'blog'],
  cuentas: ['correo', 'profile', 'auth', 'v2', 'catalogo', 'contacto', 'panel', 'cuentas-por-pagar'],
} as const;

export type RouteGroup = keyof typeof ROUTE_GROUPS;

const CALLERS = ['anonimo', 'cliente', ...ROLES] as const;

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

export const moduleOf = (url: string) => url.split('/')[2] ?? url;

/** The tests of one group: its routes × every caller; `extra` adds this file's other tests. */
export function describeRouteRoles(group: RouteGroup, extra?: (app: () => TestApp) => void): void {
  let t: TestApp;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    for (const caller of CALLERS) {
      if (caller !== 'anonimo') tokens.set(caller, (await loginAs(t.app, demoEmail(caller))).token);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  describe(`rutas × roles: ${ROUTE_GROUPS[group].join(', ')}`, () => {
    it('cada ruta responde 401, 403 o deja pasar según lo que declara', async () => {
      const modules: readonly string[] = ROUTE_GROUPS[group];
      const failures: string[] = [];
      const routes = t.app.routeTable.filter(
        (r) => r.url !== '/api/auth/logout' && r.url !== '/api/auth/refresh' && modules.includes(moduleOf(r.url)),
      );
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
      // A quarter of the routes × 8 callers, one after another: ~500 requests.
    }, 120_000);

    extra?.(() => t);
  });
}
