// Security headers on every response. Pages get a CSP with a fresh nonce for their scripts (set by
// the SSR handler), or the hashes of their inline scripts when served from the shared page cache;
// everything else gets a fixed, strict policy.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // Only over HTTPS (directly, or as a trusted proxy says): browsers ignore it over plain HTTP.
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // swagger-ui sets its own CSP on its routes.
    if (request.url.startsWith('/api/docs')) {
      const { 'content-security-policy': _csp, ...rest } = COMMON_HEADERS;
      void reply.headers(rest);
      return;
    }
    void reply.headers(COMMON_HEADERS);
  });
}

/**
 * The page CSP: only our own scripts, and inline ones carrying the nonce (the shared page cache puts
 * the hashes of a kept page's scripts in its place); forms post to the store and to the payment pages
 * it redirects to (`paymentPageOrigins`).
 */
export function pageCsp(nonce: string, formAction: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formAction].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A per-page nonce and the page CSP that allows only our scripts and those carrying it. */
export function setPageCsp(reply: FastifyReply, formAction: readonly string[] = []): { nonce: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const csp = pageCsp(nonce, formAction);
  void reply.header('content-security-policy', csp);
  return { nonce, csp };
}
