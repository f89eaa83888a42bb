// Server-rendered pages: React Router's request handler behind Fastify's catch-all route.
// Loaders reach the API in-process through `fastify.inject`, with the shopper's own cookies.
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ApiClient, ApiError } from '#domain/contracts/api-client.ts';
import {
  type Contract,
  type ContractInput,
  type ContractResponse,
  fillPath,
  type Method,
  toQueryString,
} from '#domain/contracts/contract.ts';
import { paymentPageOrigins } from '#server/env.ts';
import { hasVisitorCookie, pageCacheControl } from '#server/http/cache-control.ts';
import { IN_PROCESS_HEADER, IN_PROCESS_TOKEN } from '#server/http/response-cache.ts';
import { setPageCsp } from '#server/http/security-headers.ts';
import { type CachedPage, chooseEncoding, createPageCache, isStorefrontPageGet, type PageCache, sharedPageKey } from './page-cache.ts';
import { checkPageBody, normalisedPath, requestOrigin } from './page-request.ts';
import { COLD_PAGE_REFUSAL, type ColdPageLimit, createColdPageLimit } from './paginas-frias.ts';

export type SsrOptions = { build: ServerBuild; clientDir: string };

// Paths inside the client build: hashed bundles, and the fixed-name files of public/storage (the
// default placeholder image), long-lived but not immutable.
const HASHED_ASSET = /^assets\//;
const STORAGE_FILE = /^storage\//;

/** Whether a page's API calls all got answers that are the same for every visitor. */
export type SharedAnswers = { onlyShared: boolean };

export function inProcessApi(app: FastifyInstance, request: FastifyRequest, answers: SharedAnswers = { onlyShared: true }): ApiClient {
  // The browser's own headers travel with each call, so the API sees the same session and the
  // same origin checks as if the browser had called it.
  // The token keeps these calls out of the API's cold-read limit: the page already paid its own.
  const forward: Record<string, string> = { host: request.host, [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN };
  // Where a request came from matters for the API's cross-site check only when the page itself
  // receives a form (a top-level GET arriving from another site is a normal visit).
  const names =
    request.method === 'GET' || request.method === 'HEAD'
      ? (['cookie', 'authorization', 'user-agent'] as const)
      : (['cookie', 'authorization', 'user-agent', 'origin', 'sec-fetch-site'] as const);
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string') forward[name] = value;
  }
  let cookieHeader = forward.cookie ?? '';
  /** `Body`: the JSON the route answers (its contract's response, or an error envelope). */
  async function send<Body>(
    method: Method,
    url: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; body: Body; cookies: string[] }> {
    const response = await app.inject({
      method,
      url: `/api/${url.replace(/^\//, '')}`,
      remoteAddress: request.ip,
      headers: { ...extra, ...forward, cookie: cookieHeader, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    // A personal answer (every API answer that is not a public read is no-store) keeps the page
    // out of the shared page cache.
    if (method !== 'GET' || response.headers['cache-control'] === 'no-store' || response.headers['set-cookie']) {
      answers.onlyShared = false;
    }
    const setCookie = response.headers['set-cookie'];
    const cookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
    // Later calls of the same page request see a session that an earlier call opened or closed.
    for (const c of cookies) cookieHeader = mergeCookie(cookieHeader, c);
    return { status: response.statusCode, body: response.json() as Body, cookies };
  }
  function call<C extends Contract>(contract: C, input: ContractInput<C>, options?: { headers?: Record<string, string> }) {
    type Answer = ContractResponse<C> | ApiError;
    const { path, rest } = fillPath(contract.path, input as Record<string, unknown>);
    if (contract.method === 'GET' || contract.method === 'DELETE') return send<Answer>(contract.method, `${path}${toQueryString(rest)}`);
    return send<Answer>(contract.method, path, rest, options?.headers);
  }
  return { call };
}

function mergeCookie(header: string, setCookie: string): string {
  const [pair] = setCookie.split(';');
  const name = pair.split('=')[0];
  const kept = header.split(/;\s*/).filter((c) => c && !c.startsWith(`${name}=`));
  return [...kept, pair].join('; ');
}

function staticCacheControl(file: string): string {
  if (HASHED_ASSET.test(file)) return 'public, max-age=31536000, immutable';
  if (STORAGE_FILE.test(file)) return 'public, max-age=2592000, stale-while-revalidate=604800';
  return 'public, max-age=3600';
}

export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  const clientDir = path.resolve(options.clientDir);
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    decorateReply: false,
    // Our own Cache-Control below; with send's default ("public, max-age=0") written after it, even
    // hashed bundles were fetched again on every visit.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', staticCacheControl(path.relative(clientDir, filePath).split(path.sep).join('/')));
    },
  });

  const handle = createRequestHandler(options.build, process.env.NODE_ENV ?? 'production');
  // In development a changed component must show on the next reload.
  const pages = process.env.NODE_ENV === 'production' ? createPageCache() : null;
  if (pages) app.responseCache.onInvalidate(() => pages.clear());
  const { PAGINAS_FRIAS_POR_MINUTO: perMinute, PAGINAS_FRIAS_RAFAGA: burst } = app.deps.env;
  // Anonymous visitors (shared pages) get the configured budget. A visitor with a session or a cart
  // cookie (or any other cookie, which also keeps a page out of the cache) renders a page of their
  // own: four times the budget, so an office or a family behind one address is not refused, but a
  // crawler cannot escape the limit by sending a made-up cookie.
  const coldPages =
    pages && perMinute > 0
      ? {
          shared: createColdPageLimit({ perMinute, burst }),
          own: createColdPageLimit({ perMinute: perMinute * 4, burst: burst * 4, inFlight: 4 }),
        }
      : null;

  // The payment pages a form may be redirected to (a buyer paying without JavaScript).
  const formAction = paymentPageOrigins(app.deps.env);

  await app.register(async (scope) => {
    // Page bodies are read whole (within the body limit) and judged in renderPage before any action sees them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      schema: { hide: true },
      handler: (request, reply) => renderPage(app, request, reply, handle, pages, coldPages, formAction),
    });
  });
}

async function renderPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  handle: ReturnType<typeof createRequestHandler>,
  pages: PageCache | null,
  coldPages: { shared: ColdPageLimit; own: ColdPageLimit } | null,
  formAction: readonly string[],
) {
  const normalised = normalisedPath(request.url);
  if (normalised !== null) {
    // "//api/…" or "/\evil" would reach a page as if on another host: never an action, at most a redirect.
    if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect(normalised, 301);
    return reply.status(404).send({ success: false, message: `La ruta ${request.method} ${request.url.split('?')[0]} no existe.` });
  }
  if (request.url.startsWith('/api/')) {
    return reply.status(404).send({ success: false, message: `La ruta ${request.method} ${request.url.split('?')[0]} no existe.` });
  }
  const key = pages
    ? sharedPageKey({ method: request.method, url: request.url, cookie: request.headers.cookie, userAgent: request.headers['user-agent'] })
    : null;
  const cached = key ? pages?.get(key) : undefined;
  if (cached) return sendCachedPage(request, reply, cached, 'HIT');
  // A page being rendered for another visitor is awaited, not rendered again (nor counted against
  // this visitor's cold pages); only if it turns out not to be shareable does this one render it.
  const since = pages?.generation();
  const other = key ? pages?.pending(key) : undefined;
  if (other) {
    const page = await other;
    if (page) return sendCachedPage(request, reply, page, 'HIT');
  }
  const finished = key && !other ? pages?.rendering(key) : undefined;
  try {
    return await renderMiss();
  } finally {
    // Whatever happened (an error, a visitor gone, a page not shareable), nobody waits for it any more.
    finished?.(null);
  }

  async function renderMiss() {
    const limit = !coldPages ? null : key ? coldPages.shared : isStorefrontPageGet(request) ? coldPages.own : null;
    const cold = limit ? limit.take(request.ip) : null;
    if (cold && !cold.ok) {
      return reply
        .status(429)
        .header('retry-after', String(cold.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(COLD_PAGE_REFUSAL);
    }
    if (cold) reply.raw.once('close', cold.release);
    // The browser's own host, only for React Router's same-origin check of actions; absolute URLs
    // come from app.publicUrl (load context), never from it.
    const url = new URL(request.url, requestOrigin(request.protocol, request.host, app.publicUrl));
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    if (request.method === 'POST') {
      const verdict = await checkPageBody(url.pathname, request.headers['content-type'], body);
      if (!verdict.ok) return reply.status(verdict.status).send({ success: false, message: verdict.message });
    }
    const controller = new AbortController();
    // Only a visitor who leaves before the page is sent stops the work; aborting after every
    // finished response would cost an AbortError per page.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
    }
    const init: RequestInit = { method: request.method, headers, signal: controller.signal };
    if (request.method !== 'GET' && request.method !== 'HEAD' && body) init.body = new Uint8Array(body);
    const { nonce, csp } = setPageCsp(reply, formAction);
    const answers: SharedAnswers = { onlyShared: true };
    const response = await handle(new Request(url, init), { api: inProcessApi(app, request, answers), nonce, publicUrl: app.publicUrl });
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === 'set-cookie') continue;
      void reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    const cacheControl = pageCacheControl(url.pathname, { setsCookie: cookies.length > 0, visitorCookie: hasVisitorCookie(request) });
    if (cacheControl) void reply.header('cache-control', cacheControl);
    if (!response.body) return reply.send();
    if (key && pages && since !== undefined && response.status === 200 && cookies.length === 0 && answers.onlyShared) {
      const html = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
      // Compressed once, cheaply: these bytes are this answer and the cache's entry.
      const page = await pages.prepare({ status: response.status, headers, html, nonce, csp });
      if (page) {
        pages.put(key, page, since);
        finished?.(page);
        return sendCachedPage(request, reply, page, 'MISS');
      }
      return reply.header('x-cache', 'MISS').send(html);
    }
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  }
}

function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, cache: 'HIT' | 'MISS') {
  reply.status(page.status);
  for (const [name, value] of page.headers) void reply.header(name, value);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  void reply.header('vary', 'accept-encoding').header('x-cache', cache);
  if (!encoding) return reply.send(page.body);
  return reply.header('content-encoding', encoding).send(page.compressed[encoding]);
}
