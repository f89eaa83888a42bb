// Logout: the session cookie is cleared even when the API call fails (spec §4).
import { redirect } from 'react-router';
import { CLEAR_SESSION_COOKIE } from '../lib/session.ts';
import type { Route } from './+types/salir';

export async function action({ context }: Route.ActionArgs) {
  await context.api.post('auth/logout').catch(() => undefined);
  return redirect('/auth/login?mensaje=sesion-cerrada', { headers: { 'Set-Cookie': CLEAR_SESSION_COOKIE } });
}

export function loader() {
  return redirect('/');
}
