// Route × role, the modules of the «ventas» group (server/test/rutas-roles.ts).
import { expect, it } from 'vitest';
import { describeRouteRoles } from '#test/rutas-roles.ts';

describeRouteRoles('ventas', (app) => {
  it('las ventas retenidas y «Nuevo cliente»: vende quien vende, deciden y fijan crédito admin y administración', () => {
    const accessOf = (method: string, url: string) => app().app.routeTable.find((r) => r.method === method && r.url === url)?.access;
    expect(accessOf('POST', '/api/ventas/retenidas')).toEqual(['admin', 'vendedor-admin']);
    expect(accessOf('GET', '/api/ventas/retenidas')).toEqual(['admin', 'administracion', 'vendedor-admin']);
    expect(accessOf('POST', '/api/ventas/retenidas/aprobar')).toEqual(['admin', 'administracion']);
    expect(accessOf('POST', '/api/ventas/retenidas/rechazar')).toEqual(['admin', 'administracion']);
    expect(accessOf('POST', '/api/ventas/clientes')).toEqual(['admin', 'administracion']);
  });
});
