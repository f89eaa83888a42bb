// /dashboard/venta/mis-ventas (admin, vendedor-admin): the sales of the seller linked to the user,
// with the same totals, charts and export as every sale (reporte-ventas.tsx, alcance=mias).
import { MY_SALES_ROLES } from '#domain/roles.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/mis-ventas';
import { cargarReporte, ReporteVentas } from './reporte-ventas.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, MY_SALES_ROLES);
  return cargarReporte(request, context.api, 'mias');
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Mis ventas');
}

export default function MisVentas({ loaderData }: Route.ComponentProps) {
  return <ReporteVentas data={loaderData} />;
}
