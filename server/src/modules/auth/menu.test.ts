// /api/auth/menu against the table of dashboard pages: no entry leads to a placeholder, each shows to its roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardPageAt } from '#domain/dashboard-pages.ts';
import { hasAnyRole, type MenuEntry, ROLES } from '#domain/roles.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail, loginAs } from '#test/sessions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const routesOf = (entries: readonly MenuEntry[]): string[] => entries.flatMap((e) => (e.items ? routesOf(e.items) : [e.route ?? '']));

async function menuOf(role: string): Promise<string[]> {
  const { cookie } = await loginAs(t.app, demoEmail(role));
  const response = await t.app.inject({ url: '/api/auth/menu', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return routesOf(response.json().data);
}

describe('menú del panel', () => {
  it('ningún rol ve una entrada que lleve a una página todavía no hecha, ni a una que su rol no abre', async () => {
    for (const role of ['cliente', ...ROLES]) {
      const routes = await menuOf(role);
      expect(routes.length, role).toBeGreaterThan(0);
      for (const route of routes) {
        const page = dashboardPageAt(route);
        expect(page?.built, `${role}: ${route}`).toBe(true);
        expect(hasAnyRole(role === 'cliente' ? [] : [role], page?.roles ?? []), `${role}: ${route}`).toBe(true);
      }
    }
  });

  it('un cliente no ve secciones del panel (su cuenta está en la tienda); una sección que no existe todavía no aparece para nadie', async () => {
    expect(await menuOf('cliente')).toEqual(['/dashboard']);
    const admin = await menuOf('admin');
    expect(admin).toContain('/dashboard/cuentas/por-cobrar');
    expect(admin).toContain('/dashboard/catalogo');
    expect(admin).toContain('/dashboard/aliados-comerciales');
    expect(admin).not.toContain('/dashboard/config/notificacion_old');
    expect(await menuOf('inventario')).not.toContain('/dashboard/cuentas/por-cobrar');
  });
});
