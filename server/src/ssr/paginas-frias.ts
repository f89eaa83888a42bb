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

/**
 * What a visitor over the limit reads: short, Spanish and cheap to send (built once, no render, no
 * query), but with the store's chrome: its header with the search, a way on (home, the catalogue,
 * the cart) and a footer with the store's pages. The styles are inline: the fixed CSP of a response
 * that is not a rendered page allows inline styles and nothing from elsewhere.
 */
export const COLD_PAGE_REFUSAL = [
  '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
  '<meta name="robots" content="noindex"><title>Demasiadas solicitudes</title><style>',
  'body{margin:0;font-family:system-ui,sans-serif;color:#212529;line-height:1.5}',
  'a{color:#a61e4d}.c{max-width:1200px;margin:0 auto;padding:0 16px}',
  'header{border-bottom:1px solid #dee2e6;background:#fff}header .c{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;padding-block:12px}',
  'header form{flex:1 1 200px;max-width:420px}header input{width:100%;box-sizing:border-box;font:inherit;padding:8px 12px;border:1px solid #ced4da;border-radius:8px}',
  'main .c{padding-block:48px;text-align:center}h1{font-size:1.6rem;margin:0 0 8px}',
  'nav{display:flex;flex-wrap:wrap;gap:16px;justify-content:center;margin-top:24px;font-weight:600}',
  'footer{background:#212529;color:#f1f3f5;margin-top:48px}footer a{color:#f1f3f5}footer .c{display:flex;flex-wrap:wrap;gap:8px 20px;padding-block:24px}',
  '</style></head><body>',
  '<header><div class="c"><a href="/"><img src="/imagenes/logo.svg" alt="Inicio de la tienda" height="36" width="120"></a>',
  '<form action="/buscar" method="get" role="search"><input name="q" type="search" placeholder="Buscar artículos…" aria-label="Buscar artículos"></form>',
  '<a href="/carrito">Carrito</a></div></header>',
  '<main id="contenido"><div class="c"><h1>Demasiadas solicitudes</h1>',
  '<p>Ha abierto muchas páginas en poco tiempo. Espere unos segundos y vuelva a intentarlo.</p>',
  '<nav aria-label="Seguir"><a href="/">Ir al inicio</a><a href="/linea">Ver el catálogo</a><a href="/articulos/promociones">Ofertas</a></nav></div></main>',
  '<footer><div class="c"><a href="/orden">Seguir mi pedido</a><a href="/nuestras-tiendas">Nuestras tiendas</a><a href="/contact">Contacto</a>',
  '<a href="/privacy-policy">Política de privacidad</a><a href="/terms-and-condition">Términos y condiciones</a></div></footer>',
  '</body></html>',
].join('');
