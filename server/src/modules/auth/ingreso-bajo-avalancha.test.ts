// Issue 27: a flood of wrong passwords from rotating addresses must not lock real users out. The
// password pool is forced small so the flood fills it for sure; behind a proxy (TRUST_PROXY=1) each
// guess comes from its own X-Forwarded-For. The owner, on a known device with the right password,
// gets in every time: the pool keeps a lane for known devices (passwords.ts).
// On PostgreSQL too (vitest.pg.config.ts): the requests really run at once there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#server/db/seed/demo-usuarios.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail } from '#test/sessions.ts';
import { createPasswordPool, POOL_FULL } from './passwords.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '1' });
  const ctx = t.app.authContext();
  ctx.passwords = createPasswordPool({ concurrency: 1, queue: 3 });
  ctx.pause = async () => {};
});

afterAll(async () => {
  await t?.close();
});

let attacker = 0;
/** A new address of the flood, as the proxy forwards it. */
const rotating = () => {
  attacker += 1;
  return `198.51.${Math.floor(attacker / 250) % 250}.${attacker % 250}`;
};

function login(email: string, password: string, forwardedFor: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor, ...(cookie ? { cookie } : {}) },
    payload: { email, password },
  });
}

describe('una avalancha de claves erradas desde direcciones que rotan', () => {
  it('el dueño en su dispositivo conocido, con su clave, recibe 200 cada vez; la avalancha sí recibe 429', async () => {
    const owner = demoEmail('cliente');
    const home = '192.0.2.10';
    const first = await login(owner, DEMO_PASSWORD, home);
    expect(first.statusCode).toBe(200);
    const device = ([first.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('dispositivo='))?.split(';')[0];
    expect(device).toMatch(/^dispositivo=/);

    const ownerStatuses: number[] = [];
    const floodStatuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      // Guesses at the owner's account and at other addresses, each from a new address.
      const guesses = Array.from({ length: 30 }, (_, i) =>
        login(i % 3 === 0 ? owner : `nadie-${round}-${i}@correo.com`, `adivina-${round}-${i}-x`, rotating()),
      );
      // The owner asks once the flood has filled the pool's general queue (not before: then
      // there would be nothing to get past).
      const pool = t.app.authContext().passwords;
      for (let i = 0; i < 500 && !pool?.full(); i++) await new Promise((r) => setTimeout(r, 2));
      expect(pool?.full()).toBe(true);
      const mine = login(owner, DEMO_PASSWORD, home, device);
      const more = Array.from({ length: 10 }, (_, i) => login(`otro-${round}-${i}@correo.com`, 'adivina-xx', rotating()));
      const [ownerAnswer, ...flood] = await Promise.all([mine, ...guesses, ...more]);
      ownerStatuses.push(ownerAnswer.statusCode);
      for (const answer of flood) {
        floodStatuses.push(answer.statusCode);
        if (answer.statusCode === 429 && answer.json().message === POOL_FULL) expect(answer.headers['retry-after']).toBe('1');
      }
    }
    expect(ownerStatuses).toEqual(Array(8).fill(200));
    expect(floodStatuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The flood filled the pool: without the reserved lane the owner would have met this 429.
    expect(floodStatuses.filter((s) => s === 429).length).toBeGreaterThan(100);
  });
});
