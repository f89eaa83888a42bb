// Short-lived cache of public catalogue answers. The catalogue is read far more than it changes;
// stock shown while browsing may lag by the TTL, and checkout always re-checks stock in the database.
// Writes to the catalogue call `invalidate()`, which also empties what was built from these answers
// (the shared page cache, ssr/page-cache.ts); other processes catch up when their entries expire.
//
// A read that misses this cache runs its queries. A crawler asking new filter combinations of the
// public API straight away (not through the pages, which have their own limit, decision 0032) pays
// that cost on every request, so misses coming from outside are counted per address with the same
// bucket as cold pages; the pages' own calls to the API in process carry a token and are not counted.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ColdPageLimit } from '#server/ssr/paginas-frias.ts';

/** The header the pages' in-process API calls carry (ssr.ts), with this process's secret token. */
export const IN_PROCESS_HEADER = 'x-vitrina-en-proceso';
export const IN_PROCESS_TOKEN = randomBytes(24).toString('hex');

export const COLD_API_REFUSAL = 'Demasiadas consultas seguidas desde su dirección. Espere unos segundos y vuelva a intentarlo.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a successful answer of this public GET route may be served from memory. */
    cacheSeconds?: number;
  }
  interface FastifyInstance {
    responseCache: {
      invalidate: () => void;
      /** Runs `listener` on every invalidation, for caches built from these answers. */
      onInvalidate: (listener: () => void) => void;
    };
  }
}

type Entry = { body: string; contentType: string };

// The invalidation count when each cacheable request began. An answer whose query ran before a
// write commits must not be kept after that write's invalidate(), or it would be served stale.
const startedAt = new WeakMap<object, number>();

export function registerResponseCache(
  app: FastifyInstance,
  options: { enabled: boolean; maxEntries?: number; coldLimit?: ColdPageLimit | null },
): void {
  const cache = new LRUCache<string, Entry>({ max: options.maxEntries ?? 5000 });
  const listeners: (() => void)[] = [];
  let generation = 0;
  app.decorate('responseCache', {
    invalidate: () => {
      generation += 1;
      cache.clear();
      for (const listener of listeners) listener();
    },
    onInvalidate: (listener: () => void) => void listeners.push(listener),
  });
  if (!options.enabled) return;

  app.addHook('onRequest', async (request, reply) => {
    const ttl = request.routeOptions.config?.cacheSeconds;
    if (!ttl || request.method !== 'GET') return;
    const hit = cache.get(request.url);
    if (!hit) {
      if (options.coldLimit && request.headers[IN_PROCESS_HEADER] !== IN_PROCESS_TOKEN) {
        const cold = options.coldLimit.take(request.ip);
        if (!cold.ok) {
          return reply
            .status(429)
            .header('retry-after', String(cold.retryAfterSeconds))
            .header('cache-control', 'no-store')
            .send({ success: false, message: COLD_API_REFUSAL });
        }
        reply.raw.once('close', cold.release);
      }
      startedAt.set(request, generation);
      return;
    }
    return reply.header('content-type', hit.contentType).header('x-cache', 'HIT').send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const ttl = request.routeOptions.config?.cacheSeconds;
    if (!ttl || request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (reply.getHeader('x-cache') === 'HIT' || startedAt.get(request) !== generation) return payload;
    cache.set(
      request.url,
      { body: payload, contentType: String(reply.getHeader('content-type') ?? 'application/json') },
      { ttl: ttl * 1000 },
    );
    return payload;
  });
}
