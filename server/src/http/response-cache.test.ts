// The short cache of public answers must never keep an answer read before a write that
// invalidated it: that answer would be served stale for the whole TTL after the write.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerResponseCache } from './response-cache.ts';

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
