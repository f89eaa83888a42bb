// What a page request must look like before React Router sees it: a path that no URL parser can
// read as another host, and for a POST a form body that can be read.

/**
 * The checkout page (/carrito) sends its order as JSON with its idempotency key; every other page
 * action reads `request.formData()`.
 */
const JSON_PAGES = new Set(['/carrito']);

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

// "//evil", "/\evil" and "/<TAB>/evil" all become the host "evil" once parsed as a URL; a "." or
// ".." segment (browsers resolve them before sending) would too once resolved ("/.//evil").
const ODD_PATH = /^(?:[^/]|\/[/\\])|\\|\/(?:\.|%2e){1,2}(?:\/|$)/i;

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;
const clean = (s: string) => [...s].filter((c) => !isControl(c)).join('');

/** null when the path of `rawUrl` is safe as it is; otherwise the same-origin path it stands for. */
export function normalisedPath(rawUrl: string): string | null {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (!ODD_PATH.test(path) && ![...path].some(isControl)) return null;
  const query = q === -1 ? '' : clean(rawUrl.slice(q));
  const parsed = new URL(`/${clean(path).replaceAll('\\', '/').replace(/^\/+/, '')}${query}`, 'http://tienda.invalid');
  // The parser resolves "." and ".." after the leading slashes are gone ("/./\evil" → "/.//evil" →
  // "//evil"): a target that would still name another host goes to the home page instead.
  if (/^[/\\]{2}/.test(parsed.pathname) || parsed.pathname.includes('\\')) return '/';
  return parsed.pathname + parsed.search;
}

/** The page a React Router data request (`/carrito.data`, `/_root.data`) is for. */
export function pagePath(pathname: string): string {
  if (pathname === '/_root.data') return '/';
  return pathname.replace(/\.data$/, '');
}

export type BodyVerdict = { ok: true } | { ok: false; status: 400 | 415; message: string };

export const FORM_ONLY_MESSAGE = 'Esta página solo recibe formularios (application/x-www-form-urlencoded o multipart/form-data).';
export const UNREADABLE_FORM_MESSAGE = 'No se pudo leer el formulario enviado. Recargue la página e intente de nuevo.';

/** Whether the body of a page POST can reach its action: actions read forms, and a bad one must be a 4xx, not a 500. */
export async function checkPageBody(pathname: string, contentType: string | undefined, body: Buffer | undefined): Promise<BodyVerdict> {
  const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType === 'application/json' && JSON_PAGES.has(pagePath(pathname))) return { ok: true };
  if (!FORM_TYPES.has(mediaType)) return { ok: false, status: 415, message: FORM_ONLY_MESSAGE };
  try {
    await new Response(body ? new Uint8Array(body) : '', { headers: { 'content-type': contentType ?? mediaType } }).formData();
    return { ok: true };
  } catch {
    return { ok: false, status: 400, message: UNREADABLE_FORM_MESSAGE };
  }
}

/** Host as the browser sent it when it is a plain host[:port], for React Router's same-origin check of actions. */
export function requestOrigin(protocol: string, host: string, fallback: string): string {
  return /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host) ? `${protocol}://${host}` : fallback;
}
