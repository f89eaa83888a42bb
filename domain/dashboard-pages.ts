// Every page of the back office and the roles that open it (docs/dominio.md §Roles). The
// page routes, the has-role guard and the menu served by
// /api/auth/menu all read this one table, so they cannot disagree.
import { CREDIT_SALE_ROLES, type MenuEntry, MY_SALES_ROLES, ROLES, type Role, SALES_REPORT_ROLES } from './roles.ts';

const ANY_USER: readonly Role[] = [];
const ADMIN = ['admin'] as const satisfies readonly Role[];
const FINANZAS = ['admin', 'administracion'] as const satisfies readonly Role[];
const VENTAS = ['admin', 'vendedor-admin'] as const satisfies readonly Role[];
const REPORTES_VENTAS = SALES_REPORT_ROLES;
const CATALOGO = ['admin', 'inventario'] as const satisfies readonly Role[];
/** Customers and their credit: who sells sees them, administración sets the credit (docs/dominio.md §Roles). */
const CLIENTES = ['admin', 'administracion', 'vendedor-admin'] as const satisfies readonly Role[];

export const MENU_GROUPS = [
  { title: 'Ventas', ico: 'cart' },
  { title: 'Cuentas', ico: 'bank' },
  { title: 'Descuentos', ico: 'tag' },
  { title: 'Catálogo', ico: 'box' },
  { title: 'Contenido', ico: 'news' },
  { title: 'Configuración', ico: 'settings' },
] as const;

type MenuGroup = (typeof MENU_GROUPS)[number]['title'];

export type DashboardPage = {
  /** Under /dashboard ('' is the landing page), in route syntax: `venta/:codigo`, `asignar/:descuento?`. */
  path: string;
  title: string;
  /** Any one of them opens the page; none listed: any logged-in user. */
  roles: readonly Role[];
  /** false: not built yet, and out of the menu (every page of the spec is built: web/app/routes.test.ts). */
  built: boolean;
  /** Its place in the menu (no group: top level); pages without one are reached from another page. */
  menu?: { group?: MenuGroup; ico: string };
};

export const DASHBOARD_PAGES: readonly DashboardPage[] = [
  { path: '', title: 'Inicio', roles: ANY_USER, built: true, menu: { ico: 'home' } },

  { path: 'venta', title: 'Órdenes de compra', roles: ROLES, built: true, menu: { group: 'Ventas', ico: 'list' } },
  { path: 'venta/credito', title: 'Ventas a crédito', roles: CREDIT_SALE_ROLES, built: true, menu: { group: 'Ventas', ico: 'credit' } },
  { path: 'venta/nueva', title: 'Nueva venta', roles: VENTAS, built: true, menu: { group: 'Ventas', ico: 'plus' } },
  { path: 'venta/clientes', title: 'Clientes y crédito', roles: CLIENTES, built: true, menu: { group: 'Ventas', ico: 'users' } },
  { path: 'venta/:codigo', title: 'Orden de compra', roles: ROLES, built: true },
  { path: 'venta/mis-ventas', title: 'Mis ventas', roles: MY_SALES_ROLES, built: true, menu: { group: 'Ventas', ico: 'chart' } },
  {
    path: 'venta/todas-las-ventas',
    title: 'Todas las ventas',
    roles: REPORTES_VENTAS,
    built: true,
    menu: { group: 'Ventas', ico: 'chart' },
  },
  { path: 'venta/pagos', title: 'Pagos', roles: REPORTES_VENTAS, built: true, menu: { group: 'Ventas', ico: 'cash' } },
  { path: 'venta/tiendas', title: 'Ventas por tienda', roles: REPORTES_VENTAS, built: true, menu: { group: 'Ventas', ico: 'store' } },
  { path: 'venta/tiendas/facturas', title: 'Facturas', roles: REPORTES_VENTAS, built: true, menu: { group: 'Ventas', ico: 'file' } },
  { path: 'venta/documento/:numero', title: 'Documento de venta', roles: REPORTES_VENTAS, built: true },
  { path: 'prospecto', title: 'Prospectos', roles: VENTAS, built: true, menu: { group: 'Ventas', ico: 'search' } },
  { path: 'aliados-comerciales', title: 'Aliados comerciales', roles: ADMIN, built: true, menu: { group: 'Ventas', ico: 'users' } },

  // Who sells reads receivables and registers abonos; approving, discounts and returns stay with FINANZAS (docs/dominio.md §Roles).
  { path: 'cuentas/por-cobrar', title: 'Cuentas por cobrar', roles: CREDIT_SALE_ROLES, built: true, menu: { group: 'Cuentas', ico: 'in' } },
  { path: 'cuentas/por-cobrar/cliente/:cliente', title: 'Estado de cuenta', roles: CREDIT_SALE_ROLES, built: true },
  { path: 'cuentas/por-cobrar/:numero', title: 'Nota por cobrar', roles: CREDIT_SALE_ROLES, built: true },
  { path: 'cuentas/por-pagar', title: 'Cuentas por pagar', roles: FINANZAS, built: true, menu: { group: 'Cuentas', ico: 'out' } },
  { path: 'cuentas/conciliacion', title: 'Conciliación bancaria', roles: FINANZAS, built: true, menu: { group: 'Cuentas', ico: 'check' } },
  { path: 'cuentas/libros-fiscales', title: 'Libros fiscales', roles: FINANZAS, built: true, menu: { group: 'Cuentas', ico: 'file' } },

  { path: 'cupones', title: 'Cupones', roles: VENTAS, built: true, menu: { group: 'Descuentos', ico: 'ticket' } },
  { path: 'config/descuentos', title: 'Descuentos', roles: VENTAS, built: true, menu: { group: 'Descuentos', ico: 'percent' } },
  { path: 'config/descuentos/registrar', title: 'Registrar un descuento', roles: VENTAS, built: true },
  { path: 'config/descuentos/asignar/:descuento?', title: 'Asignar un descuento', roles: VENTAS, built: true },

  { path: 'catalogo', title: 'Catálogo PDF', roles: CATALOGO, built: true, menu: { group: 'Catálogo', ico: 'pdf' } },
  { path: 'galeria', title: 'Galería', roles: CATALOGO, built: true, menu: { group: 'Catálogo', ico: 'photo' } },
  { path: 'galeria/UploadImage', title: 'Subir imágenes', roles: CATALOGO, built: true },
  { path: 'tiendas', title: 'Tiendas', roles: CATALOGO, built: true, menu: { group: 'Catálogo', ico: 'store' } },
  {
    path: 'tiendas/movimientos',
    title: 'Movimientos de existencia',
    roles: CATALOGO,
    built: true,
    menu: { group: 'Catálogo', ico: 'arrows' },
  },
  { path: 'configurar/productos/linea', title: 'Líneas', roles: CATALOGO, built: true, menu: { group: 'Catálogo', ico: 'layers' } },
  { path: 'configurar/productos', title: 'Productos', roles: CATALOGO, built: true, menu: { group: 'Catálogo', ico: 'shirt' } },
  { path: 'configurar/productos/nuevo', title: 'Nuevo modelo', roles: CATALOGO, built: true },
  { path: 'configurar/productos/cambio-masivo', title: 'Cambio masivo de precios', roles: CATALOGO, built: true },
  { path: 'configurar/productos/importar', title: 'Importar y exportar productos', roles: CATALOGO, built: true },
  { path: 'configurar/productos/:modelo', title: 'Producto', roles: CATALOGO, built: true },

  { path: 'blog/publicaciones', title: 'Publicaciones', roles: ADMIN, built: true, menu: { group: 'Contenido', ico: 'news' } },
  { path: 'blog/nueva-publicacion', title: 'Nueva publicación', roles: ADMIN, built: true },
  { path: 'blog/editar-publicacion', title: 'Editar publicación', roles: ADMIN, built: true },
  { path: 'blog/categoria', title: 'Categorías del blog', roles: ADMIN, built: true, menu: { group: 'Contenido', ico: 'folder' } },
  { path: 'contacto', title: 'Mensajes de contacto', roles: ADMIN, built: true, menu: { group: 'Contenido', ico: 'mail' } },
  // No route was given for the newsletter's screen; docs/dominio.md §Roles gives the newsletter to the admin.
  { path: 'boletin', title: 'Boletín', roles: ADMIN, built: true, menu: { group: 'Contenido', ico: 'send' } },
  { path: 'boletin/nueva', title: 'Nueva campaña', roles: ADMIN, built: true },
  { path: 'boletin/:campana', title: 'Campaña del boletín', roles: ADMIN, built: true },
  { path: 'configurar/pagina-web', title: 'Página web', roles: ADMIN, built: true, menu: { group: 'Contenido', ico: 'world' } },
  { path: 'configurar/paginas', title: 'Páginas legales', roles: ADMIN, built: true, menu: { group: 'Contenido', ico: 'file' } },
  { path: 'configurar/footer', title: 'Pie de página', roles: ADMIN, built: true, menu: { group: 'Contenido', ico: 'layout' } },
  // The company's legal data is the admin's (docs/dominio.md §Roles), although the page sits under tiendas/.
  { path: 'tiendas/empresa', title: 'Datos de la empresa', roles: ADMIN, built: true, menu: { group: 'Contenido', ico: 'building' } },

  { path: 'config/tasa', title: 'Tasa del día', roles: FINANZAS, built: true, menu: { group: 'Configuración', ico: 'exchange' } },
  {
    path: 'config/cuentas-bancarias',
    title: 'Cuentas bancarias',
    roles: FINANZAS,
    built: true,
    menu: { group: 'Configuración', ico: 'bank' },
  },
  { path: 'configurar/envios', title: 'Tarifas de envío', roles: FINANZAS, built: true, menu: { group: 'Configuración', ico: 'truck' } },
  { path: 'config/notificacion', title: 'Notificaciones', roles: ADMIN, built: true, menu: { group: 'Configuración', ico: 'bell' } },
  { path: 'config/notificacion_old', title: 'Notificaciones (anterior)', roles: ADMIN, built: true },
  {
    path: 'configurar/roles-usuario',
    title: 'Roles de usuario',
    roles: ADMIN,
    built: true,
    menu: { group: 'Configuración', ico: 'shield' },
  },
  { path: 'correos', title: 'Correos enviados', roles: ADMIN, built: true, menu: { group: 'Configuración', ico: 'mail' } },
];

export function dashboardUrl(page: DashboardPage): string {
  return page.path ? `/dashboard/${page.path}` : '/dashboard';
}

/** The back-office menu: built pages only (a placeholder would lead to nothing), grouped, each with its roles. */
export function dashboardMenu(pages: readonly DashboardPage[] = DASHBOARD_PAGES): MenuEntry[] {
  const entry = (p: DashboardPage): MenuEntry => ({
    title: p.title,
    ico: p.menu?.ico,
    route: dashboardUrl(p),
    ...(p.roles.length > 0 ? { roles: p.roles } : {}),
  });
  const inMenu = pages.filter((p) => p.built && p.menu);
  const topLevel = inMenu.filter((p) => !p.menu?.group).map(entry);
  const groups = MENU_GROUPS.map((g) => ({
    title: g.title,
    ico: g.ico,
    items: inMenu.filter((p) => p.menu?.group === g.title).map(entry),
  }));
  return [...topLevel, ...groups.filter((g) => g.items.length > 0)];
}

/** How strongly a route path matches the segments (a static segment beats a parameter), or null. */
function matchScore(pattern: string, segments: readonly string[]): number | null {
  const parts = pattern ? pattern.split('/') : [];
  let score = 0;
  for (let i = 0; i < Math.max(parts.length, segments.length); i++) {
    const part = parts[i];
    const segment = segments[i];
    if (part === undefined) return null;
    if (part.startsWith(':')) {
      if (segment === undefined && !part.endsWith('?')) return null;
      score += 1;
    } else if (part === segment) {
      score += 3;
    } else {
      return null;
    }
  }
  return score;
}

/** The page a /dashboard path opens, the most specific one as the router picks it; undefined: none (404). */
export function dashboardPageAt(pathname: string, pages: readonly DashboardPage[] = DASHBOARD_PAGES): DashboardPage | undefined {
  const inside = /^\/dashboard(\/.*)?$/.exec(pathname.replace(/\/+$/, ''));
  if (!inside) return undefined;
  const segments = (inside[1] ?? '').split('/').filter(Boolean);
  let best: { page: DashboardPage; score: number } | undefined;
  for (const page of pages) {
    const score = matchScore(page.path, segments);
    if (score !== null && (!best || score > best.score)) best = { page, score };
  }
  return best?.page;
}
