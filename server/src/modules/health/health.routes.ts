// GET /api/health for load balancers and the start-up check.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { health } from '#domain/contracts/health.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, health, { access: 'public' }, async () => {
    await app.deps.database.db.execute(sql`SELECT 1`);
    return ok({ status: 'ok' as const, database: app.deps.database.kind });
  });
}
