// Session helpers for loaders and actions: who is logged in, and passing the API's cookies on.
import { redirect } from 'react-router';
import type { ApiClient, ApiResponse } from '#domain/contracts/api-client.ts';
import type { SessionUser } from '#domain/contracts/auth.ts';
import { sincronizar } from '#domain/contracts/carrito.ts';
import { usuario } from '#domain/contracts/profile.ts';
import { hasAnyRole, isStaff, type Role } from '#domain/roles.ts';
import { safeRedirect } from './safe-redirect.ts';

export type SessionUserShape = SessionUser;

export function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)access_token=/.test(request.headers.get('cookie') ?? '');
}

/** The logged-in user, or null (no cookie, or the API no longer accepts it). */
export async function currentUser(request: Request, api: ApiClient): Promise<SessionUserShape | null> {
  if (!hasSessionCookie(request)) return null;
  const response = await api.call(usuario, {});
  return response.body.success ? response.body.data : null;
}

export function cookieHeaders(response: ApiResponse<unknown> | string[]): Headers {
  const headers = new Headers();
  for (const c of Array.isArray(response) ? response : response.cookies) headers.append('Set-Cookie', c);
  return headers;
}

export const CLEAR_SESSION_COOKIE = 'access_token=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0';

/** Auth guard (docs/arquitectura.md §Páginas y guardias): without a session, to the login with the guard's warning. */
export async function requireUser(request: Request, api: ApiClient): Promise<SessionUserShape> {
  const user = await currentUser(request, api);
  if (user) return user;
  const back = new URL(request.url);
  const next = encodeURIComponent(back.pathname + back.search);
  // A cookie the API refused means the session expired (docs/arquitectura.md §Errores en las páginas); no cookie means none was open.
  if (hasSessionCookie(request)) {
    throw redirect(`/auth/login?mensaje=sesion-expirada&volver=${next}`, { headers: { 'Set-Cookie': CLEAR_SESSION_COOKIE } });
  }
  throw redirect(`/auth/login?mensaje=sesion-culminada&volver=${next}`);
}

/** has-role guard: to the panel's landing with the refusal; no roles listed: any user. */
export function requireRoleOf(user: SessionUserShape, roles: readonly Role[]): SessionUserShape {
  if (!hasAnyRole(user.roles, roles)) throw redirect('/dashboard?mensaje=sin-permiso');
  return user;
}

export async function requireRole(request: Request, api: ApiClient, roles: readonly Role[]): Promise<SessionUserShape> {
  return requireRoleOf(await requireUser(request, api), roles);
}

/** Where a user lands with nowhere else to go: staff in the panel, a customer in their account in the store. */
export function landingFor(user: { roles: readonly string[] }): string {
  return isStaff(user.roles) ? '/dashboard' : '/mi-cuenta';
}

/** guest guard: a logged-in visitor goes where they were headed (`volver`), or to their landing. */
export async function requireGuest(request: Request, api: ApiClient): Promise<void> {
  const user = await currentUser(request, api);
  if (user) throw redirect(safeNext(new URL(request.url).searchParams.get('volver'), landingFor(user)));
}

/** Only same-site paths after login: never an open redirect. */
export function safeNext(value: FormDataEntryValue | string | null, fallback = '/dashboard'): string {
  return safeRedirect(value, fallback);
}

export type FormErrors = { message?: string; errors?: Record<string, string[]> };

/** The API's refusal as form errors (422 field messages, 4xx message). */
export function formErrors(response: ApiResponse<unknown>): FormErrors {
  if (response.body.success) return {};
  return { message: response.body.message, errors: response.body.errors };
}

/** Right after a login: the guest's cart joins the account's. A failure must not block the login. */
export async function mergeGuestCart(request: Request, api: ApiClient): Promise<string[]> {
  if (!/(?:^|;\s*)carrito=/.test(request.headers.get('cookie') ?? '')) return [];
  const merged = await api.call(sincronizar, {});
  return merged.cookies;
}
