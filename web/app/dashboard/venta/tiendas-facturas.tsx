// /dashboard/venta/tiendas/facturas (admin, vendedor-admin, administración): the documents of one
// store (?tienda=<id>, the first store by default) with their totals and export.
import { SALES_REPORT_ROLES } from '#domain/roles.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/tiendas-facturas';
import { cargarReporte, ReporteVentas } from './reporte-ventas.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, SALES_REPORT_ROLES);
  return cargarReporte(request, context.api, 'tienda');
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Facturas de la tienda');
}

export default function FacturasDeTienda({ loaderData }: Route.ComponentProps) {
  return <ReporteVentas data={loaderData} />;
}
