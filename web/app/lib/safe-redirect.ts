// Redirects to a place the visitor chose (the login's `volver`, the currency switch's way back):
// only a path of this store, never another site.

// Only the path is kept, so any origin serves to parse against; this one makes "another host" visible.
const STORE = new URL('https://tienda.invalid');

const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A browser reads a path that starts with "//" or "/\" as another host. */
const namesAHost = (path: string) => /^[/\\]{2}/.test(path);

/** `value` parsed against the store, or null when it names another origin. */
function inStore(value: string): URL | null {
  try {
    const url = new URL(value, STORE);
    return url.origin === STORE.origin ? url : null;
  } catch {
    return null;
  }
}

/** `value` as a same-origin path (with its query and hash), or `fallback`. */
export function safeRedirect(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  // Browsers read "/\evil" as "//evil" and drop tabs and newlines ("/<TAB>/evil"); a later hop may decode %5C.
  if (decoded.includes('\\') || hasControl(decoded)) return fallback;
  // The parser resolves dot segments ("/x/..//evil" → "//evil"), and a later hop may decode "%2F"
  // or "%2E" and resolve again ("/.%2F/evil" → "/.//evil" → "//evil"): both readings must stay here.
  const url = inStore(value);
  const decodedUrl = inStore(decoded);
  if (!url || !decodedUrl || namesAHost(url.pathname) || namesAHost(decodedUrl.pathname)) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Whatever the input, what leaves here is a path of this store.
  if (!path.startsWith('/') || namesAHost(path) || path.includes('\\')) return fallback;
  return path;
}
