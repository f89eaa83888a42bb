// Personal answers must never be kept by a browser or a shared cache: every API answer is
// `no-store` unless its route is a public read that is the same for every visitor (the routes that
// declare `cacheSeconds`, kept by the response cache), and so are the account, panel, cart and
// order pages.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const NO_STORE = 'no-store';

export function isSharedApiAnswer(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  return config?.access === 'public' && Boolean(config.cacheSeconds);
}

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return payload;
    if (!isSharedApiAnswer(request) && !reply.hasHeader('cache-control')) void reply.header('cache-control', NO_STORE);
    return payload;
  });
}

// /dashboard/**, /mi-cuenta/**, /auth/**, /carrito**, /orden/** and their React Router data requests (/carrito.data),
// in any capitals: React Router matches paths without regard to case.
const PERSONAL_PAGE = /^\/(?:dashboard|mi-cuenta|auth|carrito|orden)(?:[/.]|$)/i;

/** The path as React Router matches it: percent-escapes decoded ("/%64ashboard" is /dashboard). */
function matchedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Cookies that make a page answer depend on who asks (session, cart). */
export function hasVisitorCookie(request: FastifyRequest): boolean {
  return /(?:^|;\s*)(?:access_token|carrito)=/.test(request.headers.cookie ?? '');
}

/** The Cache-Control of a page answer, or null to keep the document's default. */
export function pageCacheControl(pathname: string, visitor: { setsCookie: boolean; visitorCookie: boolean }): string | null {
  if (PERSONAL_PAGE.test(matchedPath(pathname)) || visitor.setsCookie) return NO_STORE;
  // A catalogue page shows the visitor's name and cart count in its header: the browser may keep it, no one else.
  if (visitor.visitorCookie) return 'private, no-cache';
  return null;
}
