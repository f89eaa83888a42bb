import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['general'] } }, async () => {
    await app.deps.database.db.execute(sql`SELECT 1`);
    return ok({ status: 'ok', database: app.deps.database.kind });
  });
}
