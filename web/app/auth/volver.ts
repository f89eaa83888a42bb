// Links to the login and sign-up pages that bring the visitor back to the page they are on.
import { safeRedirect } from '#web/lib/safe-redirect.ts';

/** The login (or sign-up) page that returns to `path` afterwards. */
export function loginHref(path: string, page: 'login' | 'signup' = 'login'): string {
  if (path === '/' || path === '' || path.startsWith('/auth/')) return `/auth/${page}`;
  return `/auth/${page}?volver=${encodeURIComponent(path)}`;
}

/** The page a social login started from, as the API kept it in the `oauth_volver` cookie for the
 * provider's round trip; `fallback` when there is none or it is not a path of this store. */
export function volverDeIngresoSocial(cookieHeader: string | null, fallback: string): string {
  const raw = /(?:^|;\s*)oauth_volver=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  if (!raw) return fallback;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  return safeRedirect(value, fallback);
}
