// The whole URL map of the pages, readable as a sitemap (spec §2).
import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';
import { DASHBOARD_PAGES } from '#domain/dashboard-pages.ts';

export default [
  route('preferencias/moneda', 'lib/moneda.action.ts'),
  route('auth/salir', 'auth/salir.ts'),

  layout('tienda/layout.tsx', [
    index('tienda/inicio/inicio.tsx'),
    route('linea', 'tienda/catalogo/lineas.tsx'),
    route('linea/:lineCode/sub-lineas', 'tienda/catalogo/sublineas.tsx'),
    route('linea/:lineCode/sub-lineas/articulos', 'tienda/catalogo/articulos-sublinea.tsx', { id: 'articulos-linea' }),
    route('linea/:lineCode/sub-lineas/:subLineCode/articulos', 'tienda/catalogo/articulos-sublinea.tsx'),
    route('linea/:lineCode/sub-lineas/:subLineCode/articulos/:option', 'tienda/catalogo/articulo.tsx'),
    route('articulos/:option', 'tienda/catalogo/articulos-opcion.tsx'),
    route('buscar', 'tienda/catalogo/buscar.tsx'),
    route('nuestras-tiendas', 'tienda/empresa/nuestras-tiendas.tsx'),
    route('sobre-nosotros', 'tienda/empresa/sobre-nosotros.tsx'),
    route('privacy-policy', 'tienda/empresa/pagina.tsx', { id: 'privacy-policy' }),
    route('terms-and-condition', 'tienda/empresa/pagina.tsx', { id: 'terms-and-condition' }),
    route('franchise', 'tienda/empresa/pagina.tsx', { id: 'franchise' }),
    route('contact', 'tienda/empresa/contacto.tsx'),
    route('blog', 'tienda/blog/blog.tsx'),
    route('blog/detail/:slug?', 'tienda/blog/blog-detalle.tsx'),
    route('galeria', 'tienda/galeria/galeria.tsx'),
    route('carrito', 'tienda/carrito/carrito.tsx'),
    route('carrito/ver-orden', 'tienda/carrito/ver-orden.tsx'),
    route('orden/:codigo?', 'tienda/orden/orden.tsx'),
    route('email/:cliente?', 'tienda/correo/email-cliente.tsx'),
    ...prefix('auth', [
      route('login', 'auth/login.tsx'),
      route('signup', 'auth/signup.tsx'),
      route('social-callback', 'auth/social-callback.tsx'),
      route('password/email', 'auth/password-email.tsx'),
      route('password/reset/:token?', 'auth/password-reset.tsx'),
    ]),
    route('*', 'tienda/no-encontrada.tsx'),
  ]),

  // Every dashboard page and its roles are in domain/dashboard-pages.ts; the layout guards them all.
  layout('dashboard/layout.tsx', [
    ...prefix('dashboard', [
      index('dashboard/inicio.tsx'),
      route('perfil', 'dashboard/perfil/perfil.tsx'),
      route('perfil/cambiar-clave', 'dashboard/perfil/cambiar-clave.tsx'),
      route('perfil/hijo', 'dashboard/perfil/hijos.tsx'),
      route('perfil/ordenes', 'dashboard/perfil/ordenes.tsx'),
      route('perfil/ordenes/:codigo', 'dashboard/perfil/orden.tsx'),
      route('venta', 'dashboard/venta/ordenes.tsx'),
      route('venta/credito', 'dashboard/venta/credito.tsx'),
      route('venta/:codigo', 'dashboard/venta/orden.tsx'),
      route('cuentas/por-pagar', 'dashboard/cuentas/por-pagar.tsx'),
      route('configurar/roles-usuario', 'dashboard/configurar/roles-usuario.tsx'),
      route('correos', 'dashboard/configurar/correos.tsx'),
      route('config/tasa', 'dashboard/config/tasa.tsx'),
      route('config/cuentas-bancarias', 'dashboard/config/cuentas-bancarias.tsx'),
      route('config/notificacion', 'dashboard/config/notificacion.tsx'),
      route('config/descuentos', 'dashboard/config/descuentos.tsx'),
      route('config/descuentos/registrar', 'dashboard/config/descuento-registrar.tsx'),
      route('config/descuentos/asignar/:descuento?', 'dashboard/config/descuento-asignar.tsx'),
      route('cupones', 'dashboard/cupones/cupones.tsx'),
      route('tiendas', 'dashboard/tiendas/tiendas.tsx'),
      route('tiendas/movimientos', 'dashboard/tiendas/movimientos.tsx'),
      route('tiendas/empresa', 'dashboard/tiendas/empresa.tsx'),
      route('configurar/productos', 'dashboard/configurar/productos/productos.tsx'),
      route('configurar/productos/linea', 'dashboard/configurar/productos/lineas.tsx'),
      route('configurar/productos/nuevo', 'dashboard/configurar/productos/producto-nuevo.tsx'),
      route('configurar/productos/cambio-masivo', 'dashboard/configurar/productos/cambio-masivo.tsx'),
      route('configurar/productos/importar', 'dashboard/configurar/productos/importar.tsx'),
      route('configurar/productos/:modelo', 'dashboard/configurar/productos/producto.tsx'),
      // The spec pages not built yet: a notice, only for their roles, and out of the menu.
      ...DASHBOARD_PAGES.filter((page) => !page.built).map((page) =>
        route(page.path, 'dashboard/seccion.tsx', { id: `dashboard/seccion/${page.path}` }),
      ),
      route('*', 'dashboard/no-encontrada.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
