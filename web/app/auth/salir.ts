// Logout: the session cookie is cleared even when the API call fails (docs/arquitectura.md §Errores en las páginas).
import { redirect } from 'react-router';
import { logout } from '#domain/contracts/auth.ts';
import { CLEAR_SESSION_COOKIE } from '#web/lib/session.ts';
import type { Route } from './+types/salir';

export async function action({ context }: Route.ActionArgs) {
  await context.api.call(logout, {}).catch(() => undefined);
  return redirect('/auth/login?mensaje=sesion-cerrada', { headers: { 'Set-Cookie': CLEAR_SESSION_COOKIE } });
}

export function loader() {
  return redirect('/');
}
