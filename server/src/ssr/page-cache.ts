// Shared cache of anonymous storefront pages (docs/decisions/0019): the same HTML for every visitor
// who brings no session, no cart and the same display currency, served without running React
// Router. A kept page allows its inline scripts by their hashes instead of a nonce, so its bytes
// never change: they are compressed cheaply when kept and well once reused.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

// Home, línea and sub-línea lists, articles, search and the company's pages. Account, cart, order,
// panel and sign-in pages are never here (an allowlist: a page added later stays out until named).
const STOREFRONT_PAGE =
  /^\/(?:|linea(?:\/[^.]*)?|articulos\/[^/.]+|buscar|nuestras-tiendas|sobre-nosotros|privacy-policy|terms-and-condition|franchise|contact|blog(?:\/[^.]*)?|galeria)$/;
// The only cookie a shared page may depend on: the display currency (web/app/lib/moneda.ts).
const CURRENCY_COOKIE = /^moneda=(USD|VES)$/;
// Cookies no page reads: the device mark of sign-in attempts stays after logging out.
const IGNORED_COOKIE = /^dispositivo=/;

/** How long a page is kept: the API's own cache of public reads lives as long (cacheSeconds). */
export const PAGE_TTL_MS = 10_000;

export type PageRequest = { method: string; url: string; cookie: string | undefined; userAgent: string | undefined };

/** A GET of one of the storefront pages that may be shared (home, lines, articles, search…). */
export function isStorefrontPageGet(request: Pick<PageRequest, 'method' | 'url'>): boolean {
  if (request.method !== 'GET') return false;
  const q = request.url.indexOf('?');
  const pathname = q === -1 ? request.url : request.url.slice(0, q);
  return STOREFRONT_PAGE.test(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
}

/**
 * The key of a request the shared cache may answer, or null: only GETs of storefront pages whose
 * cookies are at most the display currency (and the sign-in device mark). A session, a cart or any
 * other cookie bypasses it.
 */
export function sharedPageKey(request: PageRequest): string | null {
  if (!isStorefrontPageGet(request)) return null;
  let currency: string | null = null;
  for (const cookie of (request.cookie ?? '').split(/;\s*/)) {
    if (cookie === '' || IGNORED_COOKIE.test(cookie)) continue;
    const match = CURRENCY_COOKIE.exec(cookie);
    // A second currency cookie: the page reads the first, so no key may name either.
    if (!match || currency !== null) return null;
    currency = match[1];
  }
  // Crawlers get the whole document at once (entry.server.tsx): not the same bytes as a stream.
  const reader = request.userAgent && isbot(request.userAgent) ? 'bot' : 'browser';
  return `${reader} ${currency ?? 'USD'} ${request.url}`;
}

export type Encoding = 'br' | 'gzip';
export type CachedPage = {
  status: number;
  /** The document's headers, with its hash-based CSP. */
  headers: [string, string][];
  body: Buffer;
  compressed: Record<Encoding, Buffer>;
  /** 'rapida' when first kept (cheap to make); 'buena' once a reuse paid for the smaller bytes. */
  quality: 'rapida' | 'buena';
};

/** What a render hands to the cache: the document as sent, with the nonce it was rendered with. */
export type RenderedPage = { status: number; headers: [string, string][]; html: Buffer; nonce: string; csp: string };

export type PageCache = {
  /** A kept page; the first time one is reused it is compressed again, well, in the background. */
  get(key: string): CachedPage | undefined;
  /** A token taken before rendering: `set` drops a page whose data may predate a later `clear`. */
  generation(): number;
  /**
   * The shared form of a rendered page, compressed cheaply: the nonce taken out, and in its CSP
   * (`csp`, the one it was sent with) the nonce giving way to the hashes of its inline scripts.
   * Null when its policy has no nonce of this render (such a page is not shared).
   */
  prepare(page: RenderedPage): Promise<CachedPage | null>;
  /** Keeps a prepared page, unless the cache was cleared since `since`. */
  put(key: string, page: CachedPage, since: number): void;
  /** `prepare` and `put`. */
  set(key: string, page: RenderedPage, since?: number): Promise<void>;
  /** The render of `key` in progress since the last `clear`, to wait for instead of rendering it again. */
  pending(key: string): Promise<CachedPage | null> | undefined;
  /** Marks `key` as being rendered; `done` hands the page (null: not shareable, failed) to whoever waits. */
  rendering(key: string): (page: CachedPage | null) => void;
  clear(): void;
};

// The first render of a page is compressed cheaply (brotli 5 is ~1,7 ms where 9 took ~13 ms, for
// ~2 % more bytes): most cold pages are never asked for again before they expire. A page that is
// reused is worth the smaller bytes, made once, after its first hit.
const FIRST = { brotli: 5, gzip: 6 };
const REUSED = { brotli: 9, gzip: 9 };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function createPageCache(options: { maxBytes?: number; ttlMs?: number } = {}): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) => page.body.length + page.compressed.br.length + page.compressed.gzip.length,
    ttl: options.ttlMs ?? PAGE_TTL_MS,
  });
  // An invalidation while a page was being rendered or compressed must not let that older page in
  // afterwards: its loaders may have read the data before the write that invalidated.
  let generation = 0;
  // By generation and key: a visitor who comes after a clear does not wait for a render that began before it.
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  const improve = (key: string, page: CachedPage) => {
    page.quality = 'buena';
    compress(page.body, REUSED)
      .then((compressed) => {
        // Replaced in place: whoever holds the page already sends the new bytes, and a page that
        // left the cache meanwhile is simply not improved.
        if (pages.peek(key) === page) page.compressed = compressed;
      })
      .catch(() => undefined);
  };
  const cache: PageCache = {
    get(key) {
      const page = pages.get(key);
      if (page?.quality === 'rapida') improve(key, page);
      return page;
    },
    generation: () => generation,
    prepare: (page) => sharedPage(page),
    put(key, page, since) {
      if (generation === since) pages.set(key, page);
    },
    async set(key, rendered, since = generation) {
      const page = await sharedPage(rendered);
      if (page) cache.put(key, page, since);
    },
    pending: (key) => inFlight.get(`${generation} ${key}`),
    rendering(key) {
      const id = `${generation} ${key}`;
      let resolve: (page: CachedPage | null) => void = () => undefined;
      const promise = new Promise<CachedPage | null>((r) => {
        resolve = r;
      });
      inFlight.set(id, promise);
      return (page) => {
        resolve(page);
        if (inFlight.get(id) === promise) inFlight.delete(id);
      };
    },
    clear() {
      generation += 1;
      pages.clear();
    },
  };
  return cache;
}

async function compress(body: Buffer, quality: { brotli: number; gzip: number }): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: quality.gzip }),
  ]);
  return { br, gzip: gz };
}

async function sharedPage({ status, headers, html, nonce, csp }: RenderedPage): Promise<CachedPage | null> {
  // A policy without this render's nonce cannot become a hash policy: such a page is not shared.
  if (!csp.includes(` 'nonce-${nonce}'`)) return null;
  const rendered = html.toString('utf8');
  // Only the scripts the render itself marked with its nonce: anything else (say, a script that got
  // past the blog's cleaner) was blocked by the nonce CSP and must stay blocked by the hash one.
  const sha256 = inlineScriptHashes(rendered, nonce);
  const text = rendered.replaceAll(nonce, '');
  const body = Buffer.from(text);
  const compressed = await compress(body, FIRST);
  const kept = headers.filter(([name]) => !['content-security-policy', 'content-length', 'content-encoding', 'set-cookie'].includes(name));
  // The render's own policy, with the hashes in place of its nonce (the rest, form-action included, stays).
  const hashes = sha256.map((hash) => ` 'sha256-${hash}'`).join('');
  kept.push(['content-security-policy', csp.replace(` 'nonce-${nonce}'`, hashes)]);
  return { status, headers: kept, body, compressed, quality: 'rapida' };
}

/** The SHA-256 of every inline script of a document that carries `nonce`, as a CSP hash source takes them. */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    if (!nonce || !attributes.includes(`nonce="${nonce}"`)) continue;
    hashes.add(createHash('sha256').update(content, 'utf8').digest('base64'));
  }
  return [...hashes];
}

/** The encoding to send a kept page in, from the request's Accept-Encoding (brotli first). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const entry of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
