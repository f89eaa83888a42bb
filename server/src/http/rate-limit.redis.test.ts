// With REDIS_URL, two server processes share one count of login attempts.

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys('vitrina-limite:*');
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  a = await buildTestApp({ REDIS_URL });
  b = await buildTestApp({ REDIS_URL });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('límites compartidos en Redis', () => {
  it('los intentos por cuenta se suman entre dos procesos', async () => {
    const email = `compartido.${Date.now()}@correo.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.77.0.${i + 1}`,
        payload: { email, password: 'no-es-la-clave' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
