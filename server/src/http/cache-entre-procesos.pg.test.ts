// Two processes of one store on PostgreSQL, each with its public read cache as in production: a price
// changed through one is answered by the other as soon as the NOTIFY arrives, not when its cached
// answer expires (10 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TwoProcesses, twoProcessesOnPostgres } from '#test/dos-procesos.ts';
import { ordenesDriver } from '#test/driver.ts';

let store: TwoProcesses;

beforeAll(async () => {
  store = await twoProcessesOnPostgres({ responseCache: true });
});

afterAll(async () => {
  await store?.close();
});

describe('la caché de lecturas públicas con dos procesos', () => {
  it('un precio cambiado por un proceso es el que responde el otro enseguida, aunque lo tuviera en caché', async () => {
    const list = await store.b.app.inject({ url: '/api/catalogo/articulos?per_page=1&sort_by=nombre' });
    const [{ model }] = list.json().data as { model: string }[];
    const url = `/api/v2/catalogo/article/${model}`;
    const priceOnB = async () => {
      const answer = await store.b.app.inject({ url });
      return { price: answer.json().data.price as string, cache: answer.headers['x-cache'] };
    };
    await priceOnB();
    // B answers from its cache now.
    expect((await priceOnB()).cache).toBe('HIT');

    const changed = await ordenesDriver(store.a).call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', {
      code: model,
      price: '77.70',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Well within the 10 s that B's cached answer would otherwise live.
    await expect.poll(async () => (await priceOnB()).price, { timeout: 3_000, interval: 50 }).toBe('77.70');
  });
});
