// /dashboard/venta/todas-las-ventas (admin, vendedor-admin, administración): every sale with its
// totals, charts and export (reporte-ventas.tsx).
import { SALES_REPORT_ROLES } from '#domain/roles.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/todas-las-ventas';
import { cargarReporte, ReporteVentas } from './reporte-ventas.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, SALES_REPORT_ROLES);
  return cargarReporte(request, context.api, 'todas');
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Todas las ventas');
}

export default function TodasLasVentas({ loaderData }: Route.ComponentProps) {
  return <ReporteVentas data={loaderData} />;
}
