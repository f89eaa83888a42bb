// Route × role, the modules of the «cuentas» group (server/test/rutas-roles.ts); and, for the whole
// route table, that every module is in one group and what logout and refresh do without a session.
import { expect, it } from 'vitest';
import { describeRouteRoles, moduleOf, ROUTE_GROUPS } from '#test/rutas-roles.ts';

describeRouteRoles('cuentas', (app) => {
  it('cada módulo con rutas está en un solo grupo de las pruebas de roles', () => {
    const grouped = Object.values(ROUTE_GROUPS).flat();
    const modules = [...new Set(app().app.routeTable.map((r) => moduleOf(r.url)))];
    expect(modules.filter((m) => grouped.filter((g) => g === m).length !== 1)).toEqual([]);
  });

  it('logout y refresh: sin sesión, logout igual limpia y refresh da 401', async () => {
    const { app: server } = app();
    expect((await server.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await server.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
  });
});
