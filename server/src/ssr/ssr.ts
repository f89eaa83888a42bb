// Server-rendered pages: React Router's request handler behind Fastify's catch-all route.
// Loaders reach the API in-process through `fastify.inject`, with the shopper's own cookies.
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ApiClient, ApiResponse } from '../../../domain/contracts/api-client.ts';
import { setPageCsp } from '../http/security-headers.ts';

export type SsrOptions = { build: ServerBuild; clientDir: string };

const HASHED_ASSET = /\/assets\//;

export function inProcessApi(app: FastifyInstance, request: FastifyRequest): ApiClient {
  // The browser's own headers travel with each call, so the API sees the same session and the
  // same origin checks as if the browser had called it.
  const forward: Record<string, string> = { host: request.host };
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
  async function call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const response = await app.inject({
      method,
      url: `/api/${url.replace(/^\//, '')}`,
      remoteAddress: request.ip,
      headers: { ...extra, ...forward, cookie: cookieHeader, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers['set-cookie'];
    const cookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
    // Later calls of the same page request see a session that an earlier call opened or closed.
    for (const c of cookies) cookieHeader = mergeCookie(cookieHeader, c);
    return { status: response.statusCode, body: response.json() as ApiResponse<T>['body'], cookies };
  }
  return {
    get: (url, query) => call('GET', query ? `${url}?${new URLSearchParams(query).toString()}` : url),
    post: (url, body, headers) => call('POST', url, body ?? {}, headers),
    patch: (url, body) => call('PATCH', url, body ?? {}),
    put: (url, body) => call('PUT', url, body ?? {}),
    delete: (url) => call('DELETE', url),
  };
}

function mergeCookie(header: string, setCookie: string): string {
  const [pair] = setCookie.split(';');
  const name = pair.split('=')[0];
  const kept = header.split(/;\s*/).filter((c) => c && !c.startsWith(`${name}=`));
  return [...kept, pair].join('; ');
}

export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(options.clientDir),
    wildcard: false,
    decorateReply: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const handle = createRequestHandler(options.build, process.env.NODE_ENV ?? 'production');

  await app.register(async (scope) => {
    // Page forms post urlencoded or multipart bodies: hand the raw stream to React Router.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      schema: { hide: true },
      handler: (request, reply) => renderPage(app, request, reply, handle),
    });
  });
}

async function renderPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  handle: ReturnType<typeof createRequestHandler>,
) {
  if (request.url.startsWith('/api/')) {
    return reply.status(404).send({ success: false, message: `La ruta ${request.method} ${request.url.split('?')[0]} no existe.` });
  }
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body instanceof Readable) {
    init.body = Readable.toWeb(request.body) as ReadableStream;
    init.duplex = 'half';
  }
  const nonce = setPageCsp(reply);
  const response = await handle(new Request(url, init), { api: inProcessApi(app, request), nonce });
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    void reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
