import { createHash } from 'node:crypto';
import { PassThrough, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { caracasIsoDate } from '#domain/dates.ts';
import { NonceContext } from './lib/nonce.ts';

export const streamTimeout = 5_000;

// Rendering the React tree is most of a page's cost (docs/decisions/0007). A page is a pure
// function of its URL and its loaders' data, so the HTML of a GET is kept, keyed by everything it
// is rendered from, and served again while the loaders keep returning the same data. Loaders still
// run on every request, so what a visitor sees is exactly as fresh as without this memo.
const rendered = new LRUCache<string, Buffer[]>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (parts) => parts.reduce((size, part) => size + part.length, 1),
  // Only guards against time-dependent markup we did not foresee; the key holds the Caracas day.
  ttl: 10_000,
});
// In development a changed component must show on the next reload.
const memoize = process.env.NODE_ENV === 'production';

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const userAgent = request.headers.get('user-agent');
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
  const key = renderKey(request, responseStatusCode, routerContext, readyOption);
  const hit = key ? rendered.get(key) : undefined;
  if (hit) {
    setDocumentHeaders(responseHeaders);
    return Promise.resolve(new Response(withNonce(hit, nonce), { headers: responseHeaders, status: responseStatusCode }));
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = key
            ? new Transform({
                transform(chunk: Buffer, _encoding, done) {
                  chunks.push(chunk);
                  done(null, chunk);
                },
              })
            : new PassThrough();
          body.once('finish', () => {
            clearTimeout(timer);
            if (key && !failed) rendered.set(key, splitAtNonce(Buffer.concat(chunks), nonce));
          });
          const stream = createReadableStreamFromReadable(body);
          setDocumentHeaders(responseHeaders);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

function setDocumentHeaders(headers: Headers) {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-cache');
}

/** The document cut where its nonce appears, so a later visitor's nonce can take its place. */
function splitAtNonce(html: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = html.indexOf(nonce); at !== -1; at = html.indexOf(nonce, start)) {
    parts.push(html.subarray(start, at));
    start = at + nonce.length;
  }
  parts.push(html.subarray(start));
  return parts;
}

function withNonce(parts: Buffer[], nonce: string): Uint8Array<ArrayBuffer> {
  const value = Buffer.from(nonce);
  const html = new Uint8Array(parts.reduce((size, part) => size + part.length, value.length * (parts.length - 1)));
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      html.set(value, at);
      at += value.length;
    }
    html.set(part, at);
    at += part.length;
  });
  return html;
}

/** What the HTML of a GET is rendered from, or null when it cannot be told from plain data. */
function renderKey(request: Request, status: number, context: EntryContext, readyOption: string): string | null {
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (!memoize || request.method !== 'GET' || actionData || errors) return null;
  let plain = true;
  let data: string;
  try {
    data = JSON.stringify(loaderData, (_key, value: unknown) => {
      if (value === undefined) return '\u0000undefined';
      if (typeof value === 'number' && !Number.isFinite(value)) plain = false;
      // Deferred data (promises) streams in later; Maps, class instances and functions do not
      // survive JSON, so two different values could share a key.
      if (typeof value === 'function' || typeof value === 'bigint' || typeof value === 'symbol') plain = false;
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) plain = false;
      }
      return value;
    });
  } catch {
    return null;
  }
  if (!plain) return null;
  return createHash('sha256')
    .update(`${readyOption}\n${status}\n${caracasIsoDate(new Date())}\n${request.url}\n${context.serverHandoffString ?? ''}\n`)
    .update(data)
    .digest('base64');
}
