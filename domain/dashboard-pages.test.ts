import { describe, expect, it } from 'vitest';
import { DASHBOARD_PAGES, dashboardMenu, dashboardPageAt, dashboardUrl } from './dashboard-pages.ts';
import { filterMenu, type MenuEntry } from './roles.ts';

const routesOf = (entries: readonly MenuEntry[]): string[] => entries.flatMap((e) => (e.items ? routesOf(e.items) : [e.route ?? '']));

describe('páginas del panel', () => {
  it('cada página del panel está en la tabla, una sola vez', () => {
    const spec = [
      '',
      'aliados-comerciales',
      'catalogo',
      'cupones',
      'galeria',
      'galeria/UploadImage',
      'prospecto',
      'tiendas',
      'tiendas/empresa',
      'venta',
      'venta/mis-ventas',
      'venta/pagos',
      'venta/tiendas',
      'venta/tiendas/facturas',
      'venta/todas-las-ventas',
      'config/descuentos',
      'config/descuentos/registrar',
      'config/descuentos/asignar/:descuento?',
      'config/notificacion',
      'config/notificacion_old',
      'blog/categoria',
      'blog/editar-publicacion',
      'blog/nueva-publicacion',
      'blog/publicaciones',
      'configurar/footer',
      'configurar/pagina-web',
      'configurar/productos',
      'configurar/productos/linea',
      'configurar/roles-usuario',
      'cuentas/por-cobrar',
      'cuentas/por-pagar',
    ];
    const paths = DASHBOARD_PAGES.map((p) => p.path);
    for (const path of spec) expect(paths, path).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('una ruta del panel da su página, la más específica; otra ruta, ninguna', () => {
    expect(dashboardPageAt('/dashboard')?.title).toBe('Inicio');
    expect(dashboardPageAt('/dashboard/')?.title).toBe('Inicio');
    expect(dashboardPageAt('/dashboard/venta/credito')?.title).toBe('Ventas a crédito');
    expect(dashboardPageAt('/dashboard/venta/OC-000123')?.title).toBe('Orden de compra');
    expect(dashboardPageAt('/dashboard/venta/tiendas/facturas')?.title).toBe('Facturas');
    expect(dashboardPageAt('/dashboard/config/descuentos/asignar')?.title).toBe('Asignar un descuento');
    expect(dashboardPageAt('/dashboard/config/descuentos/asignar/7')?.title).toBe('Asignar un descuento');
    expect(dashboardPageAt('/dashboard/cuentas/por-cobrar')?.roles).toEqual(['admin', 'administracion', 'vendedor-admin']);
    expect(dashboardPageAt('/dashboard/cuentas/por-cobrar/NE-CCS-000045')?.title).toBe('Nota por cobrar');
    expect(dashboardPageAt('/dashboard/cuentas/por-cobrar/cliente/7')?.title).toBe('Estado de cuenta');
    expect(dashboardPageAt('/dashboard/no-existe')).toBeUndefined();
    expect(dashboardPageAt('/dashboard/venta/OC-1/extra')).toBeUndefined();
    expect(dashboardPageAt('/dashboardx')).toBeUndefined();
    expect(dashboardPageAt('/linea')).toBeUndefined();
  });

  it('el menú solo lleva a páginas hechas, y cada entrada con los roles de su página', () => {
    const menu = dashboardMenu();
    const routes = routesOf(menu);
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const page = dashboardPageAt(route);
      expect(page?.built, route).toBe(true);
      expect(dashboardUrl(page ?? DASHBOARD_PAGES[0])).toBe(route);
    }
    expect(routes).toContain('/dashboard/cuentas/por-cobrar');
    expect(routes).toContain('/dashboard/config/cuentas-bancarias');
  });

  it('un cliente no ve más que el inicio (su cuenta está en la tienda); inventario no ve cuentas bancarias; administración sí', () => {
    const cliente = routesOf(filterMenu(dashboardMenu(), []));
    // The account pages (spec's perfil, perfil/cambiar-clave, perfil/hijo) live in the store, at /mi-cuenta.
    expect(cliente).toEqual(['/dashboard']);
    expect(routesOf(filterMenu(dashboardMenu(), ['inventario']))).not.toContain('/dashboard/config/cuentas-bancarias');
    expect(routesOf(filterMenu(dashboardMenu(), ['administracion']))).toContain('/dashboard/config/cuentas-bancarias');
  });
});
