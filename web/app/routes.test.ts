// The URL map against the table of dashboard pages: one route of its own per page (every page of
// the spec is built), and nothing else under /dashboard but the 404.
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_PAGES, dashboardMenu, dashboardUrl } from '#domain/dashboard-pages.ts';
import type { MenuEntry } from '#domain/roles.ts';
import routes from './routes.ts';

function flatten(entries: readonly RouteConfigEntry[], parent = ''): { path: string; file: string; index: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, '/');
    const own = entry.path !== undefined || entry.index ? [{ path: path || '/', file: entry.file, index: Boolean(entry.index) }] : [];
    return [...own, ...flatten(entry.children ?? [], path)];
  });
}

const pages = flatten(routes);
const dashboardRoutes = pages.filter((r) => r.path === '/dashboard' || r.path.startsWith('/dashboard/'));
const routesOf = (entries: readonly MenuEntry[]): string[] => entries.flatMap((e) => (e.items ? routesOf(e.items) : [e.route ?? '']));

describe('rutas del panel', () => {
  it('cada página de la tabla tiene su ruta y está hecha', () => {
    for (const page of DASHBOARD_PAGES) {
      const found = dashboardRoutes.filter((r) => r.path === dashboardUrl(page));
      expect(found, page.path).toHaveLength(1);
      expect(page.built, page.path).toBe(true);
    }
  });

  it('bajo /dashboard no hay más rutas que las de la tabla y la página 404', () => {
    const known = new Set(DASHBOARD_PAGES.map(dashboardUrl));
    const others = dashboardRoutes.filter((r) => !known.has(r.path));
    expect(others).toEqual([{ path: '/dashboard/*', file: 'dashboard/no-encontrada.tsx', index: false }]);
  });

  it('cada entrada del menú lleva a una ruta que existe y no es un aviso', () => {
    for (const route of routesOf(dashboardMenu())) {
      const found = dashboardRoutes.find((r) => r.path === route);
      expect(found, route).toBeDefined();
      expect(found?.file, route).not.toBe('dashboard/seccion.tsx');
    }
  });
});
