// What the log says about each request. Fastify's own request logging writes two lines per request
// at `info` (the production default), which cost a fifth to a third of the throughput of pages
// answered from the cache (issue 28's measurement). Instead: one line per answer, always for a 5xx
// and for a slow one, and for one request in `sampleEvery` otherwise (docs/configuracion.md,
// LOG_MUESTRA and LOG_LENTA_MS).
import type { FastifyInstance } from 'fastify';

export type RequestLogOptions = {
  /** One request in this many is logged at info; 1 logs every one, 0 none (errors and slow ones still are). */
  sampleEvery: number;
  /** An answer that took at least this long is logged at warn. */
  slowMs: number;
};

export function registerRequestLog(app: FastifyInstance, { sampleEvery, slowMs }: RequestLogOptions): void {
  let seen = 0;
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const line = { req: { method: request.method, url: request.url, ip: request.ip }, res: { statusCode: status }, responseTime: ms };
    if (status >= 500) request.log.error(line, 'solicitud respondida con error');
    else if (ms >= slowMs) request.log.warn(line, 'solicitud lenta');
    else if (sampleEvery > 0 && seen++ % sampleEvery === 0) request.log.info({ ...line, muestra: sampleEvery }, 'solicitud');
  });
}
