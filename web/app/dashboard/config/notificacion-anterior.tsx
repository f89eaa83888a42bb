// /dashboard/config/notificacion_old: the original product's older notifications screen. Its
// settings all live in /dashboard/config/notificacion now, so old bookmarks land there.
import { redirect } from 'react-router';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/notificacion-anterior';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ['admin']);
  return redirect('/dashboard/config/notificacion', 301);
}
