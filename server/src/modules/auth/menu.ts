// The back-office menu: every dashboard section with the roles that see it (DOMAIN.md roles table).
import type { MenuEntry } from '../../../../domain/roles.ts';

export const DASHBOARD_MENU: MenuEntry[] = [
  { title: 'Inicio', ico: 'home', route: '/dashboard' },
  {
    title: 'Mi cuenta',
    ico: 'user',
    items: [
      { title: 'Perfil', ico: 'id', route: '/dashboard/perfil' },
      { title: 'Cambiar contraseña', ico: 'lock', route: '/dashboard/perfil/cambiar-clave' },
      { title: 'Mis hijos', ico: 'baby', route: '/dashboard/perfil/hijo' },
      { title: 'Mis compras', ico: 'bag', route: '/dashboard/perfil/ordenes' },
    ],
  },
  {
    title: 'Ventas',
    ico: 'cart',
    items: [
      {
        title: 'Órdenes de compra',
        ico: 'list',
        route: '/dashboard/venta',
        roles: ['admin', 'vendedor-admin', 'administracion', 'inventario', 'despacho'],
      },
      {
        title: 'Ventas a crédito',
        ico: 'credit',
        route: '/dashboard/venta/credito',
        roles: ['admin', 'administracion', 'vendedor-admin'],
      },
      { title: 'Mis ventas', ico: 'chart', route: '/dashboard/venta/mis-ventas', roles: ['admin', 'vendedor-admin'] },
      { title: 'Todas las ventas', ico: 'chart', route: '/dashboard/venta/todas-las-ventas', roles: ['admin', 'vendedor-admin'] },
      { title: 'Pagos', ico: 'cash', route: '/dashboard/venta/pagos', roles: ['admin', 'administracion'] },
      { title: 'Ventas por tienda', ico: 'store', route: '/dashboard/venta/tiendas', roles: ['admin', 'vendedor-admin'] },
      { title: 'Facturas', ico: 'file', route: '/dashboard/venta/tiendas/facturas', roles: ['admin', 'administracion'] },
      { title: 'Prospectos', ico: 'search', route: '/dashboard/prospecto', roles: ['admin', 'vendedor-admin'] },
      { title: 'Aliados comerciales', ico: 'users', route: '/dashboard/aliados-comerciales', roles: ['admin', 'vendedor-admin'] },
    ],
  },
  {
    title: 'Cuentas',
    ico: 'bank',
    items: [
      { title: 'Por cobrar', ico: 'in', route: '/dashboard/cuentas/por-cobrar', roles: ['admin', 'administracion', 'vendedor-admin'] },
      { title: 'Por pagar', ico: 'out', route: '/dashboard/cuentas/por-pagar', roles: ['admin', 'administracion'] },
    ],
  },
  {
    title: 'Descuentos',
    ico: 'tag',
    items: [
      { title: 'Cupones', ico: 'ticket', route: '/dashboard/cupones', roles: ['admin', 'vendedor-admin'] },
      { title: 'Descuentos', ico: 'percent', route: '/dashboard/config/descuentos', roles: ['admin', 'vendedor-admin'] },
    ],
  },
  {
    title: 'Catálogo',
    ico: 'box',
    items: [
      { title: 'Catálogo PDF', ico: 'pdf', route: '/dashboard/catalogo', roles: ['admin', 'inventario'] },
      { title: 'Galería', ico: 'photo', route: '/dashboard/galeria', roles: ['admin', 'inventario'] },
      { title: 'Tiendas', ico: 'store', route: '/dashboard/tiendas', roles: ['admin', 'inventario'] },
      { title: 'Líneas', ico: 'layers', route: '/dashboard/configurar/productos/linea', roles: ['admin', 'inventario'] },
      { title: 'Productos', ico: 'shirt', route: '/dashboard/configurar/productos', roles: ['admin', 'inventario'] },
    ],
  },
  {
    title: 'Contenido',
    ico: 'news',
    items: [
      { title: 'Publicaciones', ico: 'news', route: '/dashboard/blog/publicaciones', roles: ['admin'] },
      { title: 'Categorías del blog', ico: 'folder', route: '/dashboard/blog/categoria', roles: ['admin'] },
      { title: 'Página web', ico: 'world', route: '/dashboard/configurar/pagina-web', roles: ['admin'] },
      { title: 'Pie de página', ico: 'layout', route: '/dashboard/configurar/footer', roles: ['admin'] },
      { title: 'Empresa', ico: 'building', route: '/dashboard/tiendas/empresa', roles: ['admin'] },
    ],
  },
  {
    title: 'Configuración',
    ico: 'settings',
    items: [
      { title: 'Tasa del día', ico: 'exchange', route: '/dashboard/config/tasa', roles: ['admin', 'administracion'] },
      { title: 'Cuentas bancarias', ico: 'bank', route: '/dashboard/config/cuentas-bancarias', roles: ['admin', 'administracion'] },
      { title: 'Notificaciones', ico: 'bell', route: '/dashboard/config/notificacion', roles: ['admin'] },
      { title: 'Roles de usuario', ico: 'shield', route: '/dashboard/configurar/roles-usuario', roles: ['admin'] },
      { title: 'Correos enviados', ico: 'mail', route: '/dashboard/correos', roles: ['admin'] },
    ],
  },
];
