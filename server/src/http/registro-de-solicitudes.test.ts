// The request log: one line per answer for a sample, and always for errors and slow answers; none of
// Fastify's own two lines per request.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { buildTestApp, TEST_ENV, type TestApp } from '#test/build-test-app.ts';

let t: TestApp;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

afterAll(async () => {
  await t?.close();
});

type Line = { level: number; msg: string; res?: { statusCode: number }; req?: { url: string }; muestra?: number };

/** The app with its log at info written to `lines`, plus a route that fails and one that takes its time. */
async function appLogging(env: Record<string, string>): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text));
      done();
    },
  });
  const built = await buildApp({ env: parseEnv({ ...TEST_ENV, ...env }), database: t.database, logger: { level: 'info', stream } });
  built.get('/prueba/falla', async () => {
    throw new Error('falla a propósito');
  });
  built.get('/prueba/lenta', async () => {
    await new Promise((r) => setTimeout(r, 30));
    return { ok: true };
  });
  await built.ready();
  app = built;
  return { app: built, lines };
}

const answers = (lines: Line[]) => lines.filter((l) => ['solicitud', 'solicitud lenta', 'solicitud respondida con error'].includes(l.msg));

describe('registro de solicitudes', () => {
  it('escribe una de cada LOG_MUESTRA respuestas, en una sola línea, y ninguna de las dos de Fastify', async () => {
    const { app, lines } = await appLogging({ LOG_MUESTRA: '3' });
    for (let i = 0; i < 9; i++) expect((await app.inject({ url: '/api/health/vivo' })).statusCode).toBe(200);
    const sampled = answers(lines);
    expect(sampled).toHaveLength(3);
    expect(sampled.every((l) => l.msg === 'solicitud' && l.level === 30 && l.muestra === 3 && l.res?.statusCode === 200)).toBe(true);
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('un 5xx y una respuesta lenta se escriben siempre, aunque no toque muestra', async () => {
    const { app, lines } = await appLogging({ LOG_MUESTRA: '0', LOG_LENTA_MS: '20' });
    expect((await app.inject({ url: '/api/health/vivo' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/prueba/falla' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/prueba/lenta' })).statusCode).toBe(200);
    expect(answers(lines).map((l) => [l.msg, l.level, l.req?.url, l.res?.statusCode])).toEqual([
      ['solicitud respondida con error', 50, '/prueba/falla', 500],
      ['solicitud lenta', 40, '/prueba/lenta', 200],
    ]);
  });

  it('LOG_MUESTRA y LOG_LENTA_MS inválidos detienen el arranque con su mensaje', () => {
    expect(() => parseEnv({ LOG_MUESTRA: '-1' })).toThrowError(/LOG_MUESTRA debe ser 0 \(ninguna\) o más/);
    expect(() => parseEnv({ LOG_LENTA_MS: 'x' })).toThrowError(/LOG_LENTA_MS debe ser un número/);
  });
});
