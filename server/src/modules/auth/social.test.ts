// Social login against a fake OAuth provider at the HTTP boundary (a real local HTTP server).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { nextIp } from '#test/sessions.ts';

type FakeUser = { email: string; email_verified: boolean; given_name: string };
let fake: Server;
let fakeUrl = '';
const issued = new Map<string, { user: FakeUser; challenge: string }>();
const tokens = new Map<string, FakeUser>();
let t: TestApp;

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body = '';
    for await (const chunk of req) body += chunk;
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      const auth = Buffer.from(String(req.headers.authorization ?? '').replace('Basic ', ''), 'base64').toString();
      const grant = issued.get(form.get('code') ?? '');
      if (auth !== 'cliente-google:secreto-google' || !grant || !form.get('code_verifier')) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
        return;
      }
      issued.delete(form.get('code') ?? '');
      const token = `tok-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, grant.user);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    if (url.pathname === '/userinfo') {
      const user = tokens.get(String(req.headers.authorization ?? '').replace('Bearer ', ''));
      if (!user) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sub: user.email, ...user }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await buildTestApp({
    GOOGLE_CLIENT_ID: 'cliente-google',
    GOOGLE_CLIENT_SECRET: 'secreto-google',
    GOOGLE_AUTH_URL: `${fakeUrl}/authorize`,
    GOOGLE_TOKEN_URL: `${fakeUrl}/token`,
    GOOGLE_USERINFO_URL: `${fakeUrl}/userinfo`,
  });
});

afterAll(async () => {
  await t?.close();
  fake?.close();
});

/** Starts the flow like the browser does and returns the flow cookies and the provider's state. */
async function start(query = '') {
  const response = await t.app.inject(`/api/auth/social/google${query}`);
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  return { location, cookie: cookies.join('; '), state: location.searchParams.get('state') ?? '' };
}

async function finish(cookie: string, state: string, user: FakeUser) {
  const code = `code-${Math.random().toString(36).slice(2)}`;
  issued.set(code, { user, challenge: '' });
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/social/callback',
    remoteAddress: nextIp(),
    headers: { cookie },
    payload: { code, state },
  });
}

describe('ingreso con Google (proveedor falso por HTTP)', () => {
  it('lista solo los proveedores configurados', async () => {
    const list = await t.app.inject('/api/auth/social/proveedores');
    expect(list.json().data).toEqual([{ id: 'google', label: 'Google' }]);
    expect((await t.app.inject('/api/auth/social/facebook')).statusCode).toBe(404);
  });

  it('envía al proveedor con estado, PKCE y la URL de regreso de la tienda', async () => {
    const { location } = await start();
    expect(location.origin + location.pathname).toBe(`${fakeUrl}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('cliente-google');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toMatch(/\/auth\/social-callback$/);
  });

  it('crea la cuenta verificada y abre sesión; la segunda vez entra a la misma cuenta', async () => {
    const user = { email: 'Luisa.Social@Gmail.com', email_verified: true, given_name: 'Luisa' };
    const first = await start();
    const response = await finish(first.cookie, first.state, user);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email: 'luisa.social@gmail.com', nickname: 'Luisa', roles: [] });
    expect(response.json().data.email_verified_at).not.toBeNull();
    const second = await start();
    const again = await finish(second.cookie, second.state, user);
    expect(again.json().data.id).toBe(response.json().data.id);
    const rows = await t.database.db.select().from(usuarios).where(eq(usuarios.email, 'luisa.social@gmail.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0].passwordHash).toBeNull();
  });

  it('un estado distinto, sin cookies o un código rechazado no abren sesión', async () => {
    const flow = await start();
    const user = { email: 'otra@gmail.com', email_verified: true, given_name: 'Otra' };
    expect((await finish(flow.cookie, 'estado-falso', user)).statusCode).toBe(400);
    expect((await finish('', flow.state, user)).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/callback',
      remoteAddress: nextIp(),
      headers: { cookie: flow.cookie },
      payload: { code: 'no-emitido', state: flow.state },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Google no confirmó el ingreso. Intente de nuevo.');
  });

  it('guarda la página de regreso (solo de la tienda) para el viaje al proveedor y la borra al volver', async () => {
    const flow = await start(`?volver=${encodeURIComponent('/carrito?paso=2')}`);
    const kept = /oauth_volver=([^;]+)/.exec(flow.cookie)?.[1] ?? '';
    expect(decodeURIComponent(kept)).toBe('/carrito?paso=2');
    const user = { email: 'viaje.social@gmail.com', email_verified: true, given_name: 'Viaje' };
    const done = await finish(flow.cookie, flow.state, user);
    expect(done.statusCode).toBe(200);
    const cleared = ([] as string[]).concat(done.headers['set-cookie'] ?? []).find((c) => c.startsWith('oauth_volver='));
    expect(cleared).toMatch(/^oauth_volver=;/);

    for (const evil of ['//otro.example/x', 'https://otro.example', '/\\otro.example']) {
      const other = await start(`?volver=${encodeURIComponent(evil)}`);
      expect(other.cookie, evil).not.toMatch(/oauth_volver=[^;]/);
    }
    expect((await t.app.inject(`/api/auth/social/google?volver=/${'a'.repeat(600)}`)).statusCode).toBe(422);
  });

  it('un correo no confirmado por el proveedor no entra a una cuenta existente', async () => {
    const flow = await start();
    const response = await finish(flow.cookie, flow.state, {
      email: 'cliente@vitrina.com.ve',
      email_verified: false,
      given_name: 'Intruso',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']?.toString() ?? '').not.toMatch(/access_token=[\w-]+/);
  });
});
