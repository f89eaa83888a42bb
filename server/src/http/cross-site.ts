// Cookie-authenticated API mutations must come from our own pages: browsers say where a request
// comes from (Sec-Fetch-Site, Origin), and a cross-site one is refused. Bearer calls are exempt.
import type { FastifyInstance } from 'fastify';
import { Prohibido } from '#server/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerCrossSiteProtection(app: FastifyInstance, cookieName: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    if (!request.headers.cookie?.includes(`${cookieName}=`)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw new Prohibido('Solicitud rechazada: proviene de otro sitio.');
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        throw new Prohibido('Solicitud rechazada: origen inválido.');
      }
      if (host !== request.host) throw new Prohibido('Solicitud rechazada: proviene de otro sitio.');
    } else if (origin === 'null') {
      throw new Prohibido('Solicitud rechazada: origen inválido.');
    }
  });
}
