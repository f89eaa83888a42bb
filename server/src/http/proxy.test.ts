// Client IP and protocol behind a reverse proxy (TRUST_PROXY) and the HSTS header that follows from it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The app as configured by TRUST_PROXY, with one extra route that shows what it takes as the client. */
async function appBehindProxy(trustProxy: string): Promise<FastifyInstance> {
  const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test', TRUST_PROXY: trustProxy }), database: t.database, logger: false });
  app.get('/prueba/cliente', (request) => ({ ip: request.ip, protocol: request.protocol }));
  // A per-IP limit like the API's (login, orders…), with the app's own rate-limit plugin.
  app.get('/prueba/limitada', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, () => ({ ok: true }));
  await app.ready();
  return app;
}

async function clientSeen(app: FastifyInstance, remoteAddress: string, forwardedFor: string) {
  const response = await app.inject({ url: '/prueba/cliente', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
  return response.json() as { ip: string; protocol: string };
}

describe('TRUST_PROXY', () => {
  it('true se rechaza al arrancar, diciendo por qué y qué poner en su lugar', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrowError(
      /TRUST_PROXY=true no se acepta: .*falsear su IP.*TRUST_PROXY=1.*10\.0\.0\.1/,
    );
  });

  it('acepta false, 0, un número de proxies o una lista de direcciones y rechaza lo demás', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'loopback',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.1,proxy.interno' })).toThrowError(/no se entiende: proxy\.interno/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrowError(/no se entiende: 10\.0\.0\.0\/33/);
    expect(() => parseEnv({ TRUST_PROXY: '-1' })).toThrowError(/TRUST_PROXY debe ser false/);
  });

  it('con 1 proxy, un X-Forwarded-For falsificado a la izquierda no cambia la IP del cliente', async () => {
    const app = await appBehindProxy('1');
    try {
      expect(await clientSeen(app, '10.0.0.1', '203.0.113.7')).toMatchObject({ ip: '203.0.113.7' });
      expect(await clientSeen(app, '10.0.0.1', '1.1.1.1, 203.0.113.7')).toMatchObject({ ip: '203.0.113.7' });
      expect(await clientSeen(app, '10.0.0.1', '9.9.9.9, 8.8.8.8, 203.0.113.7')).toMatchObject({ ip: '203.0.113.7' });
    } finally {
      await app.close();
    }
  });

  it('con 1 proxy, un límite por IP aguanta cabeceras falsificadas y no junta a clientes distintos', async () => {
    const app = await appBehindProxy('1');
    const call = (forwardedFor: string) =>
      app.inject({ url: '/prueba/limitada', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
    try {
      for (let i = 0; i < 5; i++) expect((await call(`198.51.100.${i}, 203.0.113.50`)).statusCode).toBe(200);
      const blocked = await call('198.51.100.200, 203.0.113.50');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Demasiadas solicitudes. Intente de nuevo más tarde.');
      // Another shopper behind the same proxy keeps their own count.
      expect((await call('203.0.113.51')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('con una lista, solo los proxies listados pueden decir quién es el cliente', async () => {
    const app = await appBehindProxy('10.0.0.1,192.168.0.0/16');
    try {
      expect(await clientSeen(app, '10.0.0.1', '203.0.113.7')).toMatchObject({ ip: '203.0.113.7' });
      expect(await clientSeen(app, '192.168.4.4', '203.0.113.8')).toMatchObject({ ip: '203.0.113.8' });
      // A listed proxy behind another listed proxy: the first address that is not a proxy.
      expect(await clientSeen(app, '10.0.0.1', '1.1.1.1, 203.0.113.9, 192.168.4.4')).toMatchObject({ ip: '203.0.113.9' });
      // Anyone else speaks for themselves only.
      expect(await clientSeen(app, '10.0.0.2', '203.0.113.7')).toMatchObject({ ip: '10.0.0.2' });
    } finally {
      await app.close();
    }
  });
});

describe('HSTS', () => {
  it('se envía solo cuando la solicitud es HTTPS según un proxy de confianza', async () => {
    const app = await appBehindProxy('1');
    try {
      const https = await app.inject({ url: '/api/health', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await app.inject({ url: '/api/health', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
    // Without a trusted proxy, a client cannot claim HTTPS.
    const direct = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});
