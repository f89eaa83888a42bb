// Live notices over real HTTP (inject cannot stream): PGlite here, and with DATABASE_URL also a
// second app on the same PostgreSQL database, as a second process would be.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, type StockedArticle, sinIgtf, stockedArticle } from '#test/ordenes.ts';
import { demoEmail, loginAs } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let staffToken = '';
let buyers = 0;

beforeAll(async () => {
  t = await buildTestApp();
  // Figures without the IGTF of paying in divisas: igtf-en-la-orden.test.ts tests it.
  await sinIgtf(t);
  api = ordenesDriver(t);
  stocked = await stockedArticle(t);
  staffToken = (await loginAs(t.app, demoEmail('administracion'))).token;
});

/** Registers an unpaid order of a new buyer (so the limit of unpaid orders per buyer never interferes). */
async function registrarOrden(key: string, quantity = 1): Promise<string> {
  buyers += 1;
  return (await api.registrarOrden(orderBody(stocked, { quantity, buyer: otroComprador(buyers) }), key)).code;
}

afterAll(async () => {
  await t?.close();
});

async function listenOn(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

type Stream = {
  next: (match: RegExp) => Promise<string>;
  ended: () => Promise<boolean>;
  /** Everything read from the stream so far. */
  received: () => string;
  close: () => void;
  response: Response;
};

/** Opens the event stream and reads it until a frame matches. */
async function openStream(base: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/orden-compra/eventos`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let all = '';
  let done = false;
  async function readMore(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const chunk = await Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer));
    if (chunk === 'timeout') throw new Error(`sin datos del stream en ${timeoutMs} ms; recibido: ${buffer}`);
    if (chunk.done) done = true;
    else {
      const text = decoder.decode(chunk.value, { stream: true });
      buffer += text;
      all += text;
    }
    return !chunk.done;
  }
  return {
    response,
    async next(match) {
      for (;;) {
        const frames = buffer.split('\n\n');
        const index = frames.findIndex((f, i) => i < frames.length - 1 && match.test(f));
        if (index >= 0) {
          buffer = frames.slice(index + 1).join('\n\n');
          return frames[index];
        }
        if (done || !(await readMore(5000))) throw new Error(`el stream terminó sin ${match}; recibido: ${buffer}`);
      }
    },
    async ended() {
      while (!done) await readMore(5000);
      return true;
    },
    received: () => all,
    close: () => controller.abort(),
  };
}

function dataOf(frame: string): { type: string; code: string; total: string } {
  const line = frame.split('\n').find((l) => l.startsWith('data: '));
  return JSON.parse(line?.slice(6) ?? 'null');
}

describe('avisos en vivo de órdenes (SSE)', () => {
  it('el personal recibe la orden registrada y el pago reportado, y nada de una orden rechazada', async () => {
    const base = await listenOn(t.app);
    const stream = await openStream(base, staffToken);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    // The notices carry order codes and totals: no cache may keep them, and no proxy may buffer or rewrite the stream.
    expect(stream.response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    await stream.next(/: conectado/);

    const code = await registrarOrden('sse-registrada-1', 2);
    const registered = await stream.next(/event: orden-registrada/);
    const [{ total }] = await rows<{ total: string }>(t, sql`SELECT total::text AS total FROM ordenes_compra WHERE code = ${code}`);
    expect(dataOf(registered)).toEqual({ type: 'orden-registrada', code, total });

    const zelle = { method: 'zelle', reference: 'ZSSE12345', amount: total, date: '2026-11-22' };
    const paid = await api.registrarPago(code, zelle, { email: otroComprador(buyers).email });
    expect(paid.statusCode).toBe(200);
    expect(dataOf(await stream.next(/event: pago-reportado/))).toEqual({ type: 'pago-reportado', code, total });

    // A refused order (its payment reference was used already) is rolled back and announces nothing.
    const refused = await api.registrar(orderBody(stocked, { payment: zelle, buyer: otroComprador(900) }), 'sse-rechazada');
    expect(refused.statusCode).toBe(400);
    const after = await registrarOrden('sse-registrada-2');
    expect(dataOf(await stream.next(/event: orden-registrada/)).code).toBe(after);

    // Another browser leaving does not disturb this one.
    const other = await openStream(base, staffToken);
    await other.next(/: conectado/);
    other.close();
    const last = await registrarOrden('sse-registrada-3');
    expect(dataOf(await stream.next(/event: orden-registrada/)).code).toBe(last);
    stream.close();
  });

  it('una sesión cerrada deja de recibir avisos: el stream se cierra sin entregar la orden', async () => {
    const base = await listenOn(t.app);
    const session = await loginAs(t.app, demoEmail('despacho'));
    const stream = await openStream(base, session.token);
    await stream.next(/: conectado/);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${session.token}` } });
    expect(logout.statusCode).toBe(200);
    await registrarOrden('sse-tras-logout');
    expect(await stream.ended()).toBe(true);
    expect(stream.received()).not.toContain('orden-registrada');
  });

  it('a quien le quitan el rol del personal se le cierra el stream sin entregarle la orden', async () => {
    const base = await listenOn(t.app);
    const inventario = await loginAs(t.app, demoEmail('inventario'));
    const stream = await openStream(base, inventario.token);
    await stream.next(/: conectado/);
    // Another staff user, whose stream must keep working.
    const other = await openStream(base, staffToken);
    await other.next(/: conectado/);
    const admin = await loginAs(t.app, demoEmail('admin'));
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profile/permisos/actualizar',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { userId: inventario.user.id, roles: [] },
    });
    expect(changed.statusCode).toBe(200);
    const code = await registrarOrden('sse-sin-rol');
    expect(await stream.ended()).toBe(true);
    expect(stream.received()).not.toContain('orden-registrada');
    expect(dataOf(await other.next(/event: orden-registrada/)).code).toBe(code);
    other.close();
  });

  it('pide sesión del personal y Accept: text/event-stream', async () => {
    expect((await t.app.inject({ url: '/api/orden-compra/eventos', headers: { accept: 'text/event-stream' } })).statusCode).toBe(401);
    const cliente = await loginAs(t.app, demoEmail('cliente'));
    const asCliente = await t.app.inject({
      url: '/api/orden-compra/eventos',
      headers: { accept: 'text/event-stream', authorization: `Bearer ${cliente.token}` },
    });
    expect(asCliente.statusCode).toBe(403);
    const notStream = await t.app.inject({ url: '/api/orden-compra/eventos', headers: { authorization: `Bearer ${staffToken}` } });
    expect(notStream.statusCode).toBe(406);
    expect(notStream.json().message).toBe('Este recurso solo se sirve como text/event-stream.');
  });

  it('cerrar la aplicación termina los streams abiertos y deja de escuchar', async () => {
    const second = await secondApp();
    try {
      const base = await listenOn(second.app);
      const token = (await loginAs(second.app, demoEmail('despacho'))).token;
      const stream = await openStream(base, token);
      await stream.next(/: conectado/);
      const closing = second.app.close();
      expect(await stream.ended()).toBe(true);
      await closing;
    } finally {
      await second.close();
    }
  });

  // On PostgreSQL the second app has its own pool and listener connection, as a second process would.
  it('otra app sobre la misma base recibe el aviso de una orden registrada en la primera', async () => {
    const second = await secondApp();
    try {
      const base = await listenOn(second.app);
      const token = (await loginAs(second.app, demoEmail('admin'))).token;
      const stream = await openStream(base, token);
      await stream.next(/: conectado/);
      // Registered through the first app; announced by the second.
      const code = await registrarOrden('sse-otro-proceso');
      expect(dataOf(await stream.next(/event: orden-registrada/)).code).toBe(code);
      stream.close();
    } finally {
      await second.close();
    }
  });
});

/**
 * A second app: on PostgreSQL its own pool and listener on the same database (a second process);
 * on PGlite it shares the one in-process database.
 */
async function secondApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  let database: Database = t.database;
  let own = false;
  if (t.database.kind === 'postgres' && process.env.DATABASE_URL) {
    const [{ name }] = await rows<{ name: string }>(t, sql`SELECT current_database() AS name`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), dataDir: null });
    own = true;
  }
  const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test' }), database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (own) await database.close();
    },
  };
}
