// GET /api/health for the start-up check; /api/health/vivo (liveness) and /api/health/listo
// (readiness) for a load balancer or systemd; /api/metricas for admin (server/src/http/metricas.ts).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { health, listo, metricas, vivo } from '#domain/contracts/health.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  route(app, health, { access: 'public' }, async () => {
    await app.deps.database.db.execute(sql`SELECT 1`);
    return ok({ status: 'ok' as const, database: app.deps.database.kind });
  });

  route(app, vivo, { access: 'public' }, async () => ok({ status: 'vivo' as const }));

  route(app, listo, { access: 'public' }, async (_request, reply) => {
    const ready =
      !closing &&
      (await app.deps.database.db.execute(sql`SELECT 1`).then(
        () => true,
        () => false,
      ));
    if (!ready) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ success: false, message: closing ? 'El proceso se está deteniendo.' : 'La base de datos no responde.' });
    }
    return ok({ status: 'listo' as const });
  });

  route(app, metricas, { access: ['admin'] }, async (_request, reply) =>
    reply
      .header('content-type', app.metricas.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await app.metricas.text()),
  );
}
