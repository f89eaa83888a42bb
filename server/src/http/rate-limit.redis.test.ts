// With REDIS_URL, two server processes share one count of login attempts.

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

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
  // Wrong passwords are counted in the database (auth.service admitLogin); the flood guard of the
  // login route, per IP, lives in the rate limiter's store, shared through Redis.
  it('el tope de solicitudes de ingreso por IP se suma entre dos procesos', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.77.0.1',
        payload: { email: 'cliente@vitrina.com.ve', password: 'Vitrina.Demo.2026' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([...Array(60).fill(200), 429]);
  });
});
