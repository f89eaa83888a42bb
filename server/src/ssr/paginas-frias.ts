// A storefront page that misses the shared cache costs a whole render (about 60 ms of the one event
// loop). A crawler walking every filter combination from one address would take the whole loop, and
// every buyer's checkout would wait behind it (decision 0032). So each address may have only a few
// such renders in flight (a burst of eight connections would otherwise hold the loop for seconds),
// and a bucket of them that refills at a steady rate; past either, a 429 with Retry-After. Pages
// served from the cache never count. The counts live in each process on purpose: what they protect
// is that process's event loop.
import { LRUCache } from 'lru-cache';

export type ColdPageVerdict = { ok: true; release: () => void } | { ok: false; retryAfterSeconds: number };
export type ColdPageLimit = { take(address: string, now?: number): ColdPageVerdict };

type Bucket = { tokens: number; at: number };

/** `perMinute` cold renders a minute per address, with bursts of up to `burst` and `inFlight` at once. */
export function createColdPageLimit({
  perMinute,
  burst,
  inFlight: maxInFlight = 2,
}: {
  perMinute: number;
  burst: number;
  inFlight?: number;
}): ColdPageLimit {
  const perMs = perMinute / 60_000;
  // A bucket untouched long enough to be full again is the same as no bucket: let it go.
  const buckets = new LRUCache<string, Bucket>({ max: 100_000, ttl: Math.ceil(burst / perMs) });
  const inFlight = new Map<string, number>();
  return {
    take(address, now = Date.now()) {
      const running = inFlight.get(address) ?? 0;
      if (running >= maxInFlight) return { ok: false, retryAfterSeconds: 1 };
      const bucket = buckets.get(address) ?? { tokens: burst, at: now };
      const tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * perMs);
      if (tokens < 1) {
        buckets.set(address, { tokens, at: now });
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
      }
      buckets.set(address, { tokens: tokens - 1, at: now });
      inFlight.set(address, running + 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          const left = (inFlight.get(address) ?? 1) - 1;
          if (left > 0) inFlight.set(address, left);
          else inFlight.delete(address);
        },
      };
    },
  };
}

/** What a visitor over the limit reads: short, Spanish, and cheap to send. */
export const COLD_PAGE_REFUSAL = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Demasiadas solicitudes</title></head><body><h1>Demasiadas solicitudes</h1><p>Ha abierto muchas páginas en poco tiempo. Espere unos segundos y vuelva a intentarlo.</p></body></html>`;
