// The public read cache and the shared page cache are kept per process. A catalogue write made
// through one process empties its own caches at once (response-cache.ts); this tells every other
// process of the store, through the database they share (PostgreSQL's NOTIFY, or PGlite's own for
// the one process it serves), so a new price is on every process's pages as soon as the notice
// arrives instead of when their entries expire.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';

export const CACHE_CHANNEL = 'vitrina_cache';

export async function shareCacheInvalidations(app: FastifyInstance, database: Database): Promise<void> {
  const me = randomUUID();
  // True while emptying the caches because another process asked: that is not told again.
  let fromPeer = false;
  app.responseCache.onInvalidate(() => {
    if (fromPeer) return;
    database.db.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${me})`).catch((error) => {
      // The others still catch up when their entries expire (seconds).
      app.log.warn({ err: error }, 'no se pudo avisar a los otros procesos que vaciaran su caché');
    });
  });
  const stop = await database.listen(CACHE_CHANNEL, (sender) => {
    if (sender === me) return;
    fromPeer = true;
    try {
      app.responseCache.invalidate();
    } finally {
      fromPeer = false;
    }
  });
  app.addHook('onClose', async () => void (await stop()));
}
