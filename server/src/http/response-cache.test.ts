// The short cache of public answers must never keep an answer read before a write that
// invalidated it: that answer would be served stale for the whole TTL after the write.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createColdPageLimit } from '#server/ssr/paginas-frias.ts';
import { COLD_API_REFUSAL, IN_PROCESS_HEADER, IN_PROCESS_TOKEN, registerResponseCache } from './response-cache.ts';

async function appWithGate() {
  const app = Fastify();
  registerResponseCache(app, { enabled: true });
  let value = 'viejo';
  let gate: Promise<void> = Promise.resolve();
  app.get('/valor', { config: { cacheSeconds: 60 } }, async () => {
    const read = value; // the query runs first...
    await gate; // ...and the answer is sent later
    return { value: read };
  });
  await app.ready();
  return {
    app,
    write(next: string) {
      value = next;
      app.responseCache.invalidate();
    },
    hold() {
      let open = () => {};
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = Promise.resolve();
        open();
      };
    },
  };
}

describe('registerResponseCache', () => {
  it('guarda la respuesta y la vacía con invalidate()', async () => {
    const { app, write } = await appWithGate();
    expect((await app.inject('/valor')).headers['x-cache']).toBeUndefined();
    expect((await app.inject('/valor')).headers['x-cache']).toBe('HIT');
    write('nuevo');
    expect((await app.inject('/valor')).json()).toEqual({ value: 'nuevo' });
    await app.close();
  });

  it('una lectura que empezó antes de una escritura no queda guardada después de ella', async () => {
    const { app, write, hold } = await appWithGate();
    const release = hold();
    const slow = app.inject('/valor');
    await new Promise((resolve) => setTimeout(resolve, 20));
    write('nuevo');
    release();
    expect((await slow).json()).toEqual({ value: 'viejo' });
    const next = await app.inject('/valor');
    expect(next.headers['x-cache']).toBeUndefined();
    expect(next.json()).toEqual({ value: 'nuevo' });
    await app.close();
  });
});

describe('lecturas sin caché desde fuera del proceso', () => {
  async function appWithLimit() {
    const app = Fastify();
    registerResponseCache(app, { enabled: true, coldLimit: createColdPageLimit({ perMinute: 60, burst: 3, inFlight: 4 }) });
    let reads = 0;
    app.get('/lista', { config: { cacheSeconds: 60 } }, async () => ({ reads: ++reads }));
    await app.ready();
    return { app, reads: () => reads };
  }

  it('una dirección que pide combinaciones nuevas sin parar recibe 429 sin consultar; la caché y otra dirección no se frenan', async () => {
    const { app, reads } = await appWithLimit();
    const from = (url: string, remoteAddress = '198.51.100.9') => app.inject({ url, remoteAddress });
    for (const n of [1, 2, 3]) expect((await from(`/lista?color=${n}`)).statusCode).toBe(200);
    const refused = await from('/lista?color=4');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ success: false, message: COLD_API_REFUSAL });
    expect(reads()).toBe(3);
    // What is in the cache is still served to that address, and another address has its own bucket.
    expect((await from('/lista?color=1')).headers['x-cache']).toBe('HIT');
    expect((await from('/lista?color=4', '198.51.100.10')).statusCode).toBe(200);
    await app.close();
  });

  it('las llamadas de las páginas en proceso, con la ficha del proceso, no cuentan; una ficha inventada sí', async () => {
    const { app } = await appWithLimit();
    const inProcess = { [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN };
    for (let n = 0; n < 10; n++) {
      const answer = await app.inject({ url: `/lista?talla=${n}`, remoteAddress: '198.51.100.9', headers: inProcess });
      expect(answer.statusCode).toBe(200);
    }
    const forged = { [IN_PROCESS_HEADER]: 'f'.repeat(48) };
    const forgedReads = [];
    for (let n = 0; n < 4; n++)
      forgedReads.push((await app.inject({ url: `/lista?precio=${n}`, remoteAddress: '198.51.100.9', headers: forged })).statusCode);
    expect(forgedReads).toEqual([200, 200, 200, 429]);
    await app.close();
  });
});
