// The two redirects that take their target from the visitor (currency switch, login's `volver`),
// called as React Router calls them: a form POST in, a redirect out.
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '#domain/contracts/api-client.ts';
import { action as loginAction, loader as loginLoader } from '#web/auth/login.tsx';
import { action as monedaAction } from './moneda.action.ts';

const EVIL = [
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/\\\tevil.example',
  '/%5Cevil.example',
  '/.//evil.example',
  '/x/..//evil.example',
  '/%2e//evil.example',
  '/a/%2e%2e//evil.example',
  'https://evil.example',
  'javascript:alert(1)',
];

function formPost(path: string, fields: Record<string, string>): Request {
  return new Request(`http://localhost:3000${path}`, { method: 'POST', body: new URLSearchParams(fields) });
}

const answer = (roles: string[]): ApiResponse<unknown> => ({
  status: 200,
  body: { success: true, data: { roles } },
  cookies: ['access_token=t; Path=/; HttpOnly'],
});
let loggedIn = answer([]);
const api = { post: async () => loggedIn, call: async () => loggedIn } as unknown as ApiClient;

async function locationOf(result: unknown): Promise<string | null> {
  return result instanceof Response ? result.headers.get('location') : null;
}

type ActionArgs = Parameters<typeof monedaAction>[0];
const args = (request: Request) =>
  ({ request, context: { api, nonce: '', publicUrl: 'http://localhost:3000' }, params: {} }) as unknown as ActionArgs;

describe('cambio de moneda', () => {
  it('vuelve a la página de la tienda de donde vino', async () => {
    const result = await monedaAction(args(formPost('/preferencias/moneda', { moneda: 'VES', volver: '/linea/DAM/sub-lineas?page=2' })));
    expect(await locationOf(result)).toBe('/linea/DAM/sub-lineas?page=2');
  });

  it('nunca a otro sitio', async () => {
    for (const volver of EVIL) {
      const result = await monedaAction(args(formPost('/preferencias/moneda', { moneda: 'VES', volver })));
      expect(await locationOf(result), volver).toBe('/');
    }
  });
});

describe('ingreso con volver', () => {
  it('vuelve a la página del panel pedida', async () => {
    const result = await loginAction(
      args(formPost('/auth/login', { email: 'a@b.c', password: 'x', volver: '/dashboard/perfil?tab=1' })) as never,
    );
    expect(await locationOf(result)).toBe('/dashboard/perfil?tab=1');
  });

  it('vuelve al carrito de donde vino el comprador', async () => {
    const result = await loginAction(args(formPost('/auth/login', { email: 'a@b.c', password: 'x', volver: '/carrito' })) as never);
    expect(await locationOf(result)).toBe('/carrito');
  });

  it('sin volver: un cliente a su cuenta en la tienda, el personal al panel', async () => {
    loggedIn = answer([]);
    expect(await locationOf(await loginAction(args(formPost('/auth/login', { email: 'a@b.c', password: 'x' })) as never))).toBe(
      '/mi-cuenta',
    );
    loggedIn = answer(['despacho']);
    expect(await locationOf(await loginAction(args(formPost('/auth/login', { email: 'a@b.c', password: 'x' })) as never))).toBe(
      '/dashboard',
    );
    loggedIn = answer([]);
  });

  it('nunca a otro sitio', async () => {
    for (const volver of EVIL) {
      const result = await loginAction(args(formPost('/auth/login', { email: 'a@b.c', password: 'x', volver })) as never);
      expect(await locationOf(result), volver).toBe('/mi-cuenta');
    }
  });
});

describe('página de ingreso con la sesión ya abierta', () => {
  const visit = async (path: string) => {
    const request = new Request(`http://localhost:3000${path}`, { headers: { cookie: 'access_token=t' } });
    try {
      await loginLoader(args(request) as never);
    } catch (thrown) {
      return locationOf(thrown);
    }
    return null;
  };

  it('va a donde el visitante iba, o a su cuenta; nunca a otro sitio', async () => {
    loggedIn = answer([]);
    expect(await visit('/auth/login?volver=%2Fcarrito')).toBe('/carrito');
    expect(await visit('/auth/login')).toBe('/mi-cuenta');
    expect(await visit(`/auth/login?volver=${encodeURIComponent('//evil.example')}`)).toBe('/mi-cuenta');
    loggedIn = answer(['inventario']);
    expect(await visit('/auth/login')).toBe('/dashboard');
    loggedIn = answer([]);
  });
});
