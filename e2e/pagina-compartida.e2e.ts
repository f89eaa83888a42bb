// The shared page cache on the real server (docs/decisions/0019): anonymous storefront pages come
// from memory with a hash-based CSP and still hydrate; a session or a cart never reaches it or gets
// another visitor's page; a catalogue write shows on the next visit.
import type { Browser } from '@playwright/test';
import { baseUrl, DEMO_PASSWORD, expect, newPage, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

async function articlePath(): Promise<string> {
  const list = await (await fetch(`${baseUrl()}/api/catalogo/articulos?linea=CAB`)).json();
  return list.data[0].path as string;
}

async function visit(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(baseUrl() + path, { headers });
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    csp: response.headers.get('content-security-policy') ?? '',
    html: await response.text(),
  };
}

/** The second anonymous visit, once the first one's page is kept (it is compressed before). */
async function cachedVisit(path: string, headers: Record<string, string> = {}) {
  let answer = await visit(path, headers);
  await expect
    .poll(
      async () => {
        answer = await visit(path, headers);
        return answer.cache;
      },
      { message: `${path} sale de la caché compartida` },
    )
    .toBe('HIT');
  return answer;
}

async function login(email: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

test.describe('caché compartida de páginas', () => {
  test('una página anónima sale de memoria, igual para todos, con los hashes de sus scripts en la CSP', async () => {
    const path = await articlePath();
    const first = await cachedVisit(path);
    const second = await visit(path);
    expect(second.cache).toBe('HIT');
    expect(second.html).toBe(first.html);
    expect(first.csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(first.csp).not.toContain('nonce');
    // In dollars and in bolívares: one page per display currency.
    const bolivares = await cachedVisit(path, { cookie: 'moneda=VES' });
    expect(bolivares.html).toMatch(/data-testid="precio"[^>]*>Bs\./);
    expect(first.html).toMatch(/data-testid="precio"[^>]*>\$/);
  });

  test('con sesión o con carrito la página se pinta para ese visitante, y la de memoria no trae sus datos', async () => {
    const path = await articlePath();
    const anonymous = await cachedVisit(path);
    const cookie = await login('cliente@vitrina.com.ve');
    const user = (await (await fetch(`${baseUrl()}/api/profile/usuario`, { headers: { cookie } })).json()).data as { nickname: string };
    const mine = await visit(path, { cookie });
    expect(mine.status).toBe(200);
    expect(mine.cache).toBeNull();
    expect(mine.csp).toContain('nonce-');
    expect(mine.html).toContain(user.nickname);
    expect(anonymous.html).not.toContain(user.nickname);
    const afterwards = await visit(path);
    expect(afterwards.cache).toBe('HIT');
    expect(afterwards.html).not.toContain(user.nickname);
    expect((await visit(path, { cookie: 'carrito=00000000-0000-4000-8000-000000000000' })).cache).toBeNull();
    expect((await visit(path, { cookie: `moneda=VES; ${cookie}` })).cache).toBeNull();
  });

  test('el carrito, la cuenta y el ingreso nunca salen de ella', async () => {
    for (const path of ['/carrito', '/auth/login', '/mi-cuenta']) {
      await visit(path);
      expect((await visit(path)).cache, path).toBeNull();
    }
  });

  test('un cambio del catálogo se ve en la siguiente visita', async () => {
    const admin = await login('admin@vitrina.com.ve');
    const before = (await (await fetch(`${baseUrl()}/api/general/empresa/datos`)).json()).data;
    const path = await articlePath();
    expect((await cachedVisit(path)).html).toContain(before.razonSocial);
    const change = async (razonSocial: string) => {
      const { updatedAt: _updatedAt, ...datos } = before;
      const response = await fetch(`${baseUrl()}/api/general/empresa/datos`, {
        method: 'PATCH',
        headers: { cookie: admin, 'content-type': 'application/json', origin: baseUrl() },
        body: JSON.stringify({ ...datos, razonSocial }),
      });
      expect(response.status).toBe(200);
    };
    await change('Vitrina Moda Caché C.A.');
    try {
      const after = await visit(path);
      expect(after.cache).not.toBe('HIT');
      expect(after.html).toContain('Vitrina Moda Caché C.A.');
    } finally {
      await change(before.razonSocial);
    }
  });

  test('un rastreador de una sola dirección recibe 429 con Retry-After pasada su ráfaga; memoria, otra dirección y un carrito siguen', async () => {
    const crawler = { 'x-forwarded-for': '198.51.100.23' };
    const path = await articlePath();
    await cachedVisit(path, crawler);
    // Every filter combination is a page nobody asked for yet: each one is a whole render.
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof visit>> | null = null;
    let retryAfter: string | null = null;
    for (let i = 0; i < 200 && refused === null; i++) {
      const response = await fetch(`${baseUrl()}/?rastreo=${i}`, { headers: crawler });
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get('retry-after');
        refused = { status: 429, cache: null, csp: '', html: await response.text() };
      } else await response.arrayBuffer();
    }
    expect(refused?.html).toContain('Demasiadas solicitudes');
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // The burst (PAGINAS_FRIAS_RAFAGA, 60 for this suite's server) plus what refilled meanwhile.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(60);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);

    // A page kept in memory costs nothing and still reaches it. Pages live 10 s and the loop above can
    // outlast that on a busy machine, so the page is kept again from another address first.
    let fromMemory: Awaited<ReturnType<typeof visit>> | null = null;
    for (let i = 0; i < 5 && fromMemory?.cache !== 'HIT'; i++) {
      await cachedVisit(path);
      fromMemory = await visit(path, crawler);
    }
    expect(fromMemory?.cache).toBe('HIT');
    expect(fromMemory?.status).toBe(200);
    // Other addresses and carts are not touched.
    expect((await visit('/?rastreo=otra-direccion', { 'x-forwarded-for': '198.51.100.24' })).status).toBe(200);
    const cart = { ...crawler, cookie: 'carrito=00000000-0000-4000-8000-000000000000' };
    expect((await visit('/?rastreo=con-carrito', cart)).status).toBe(200);
  });

  test('muchos visitantes a la vez de una página que no está en memoria: se pinta una vez y ninguno recibe 429', async () => {
    // One address, so the cold-page limit (two renders at once per address) would refuse the rest
    // if each visitor rendered the page; they wait for the one render instead.
    const address = { 'x-forwarded-for': '198.51.100.31' };
    const path = `/?a-la-vez=${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => visit(path, address)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.cache === 'MISS')).toHaveLength(1);
    expect(answers.filter((a) => a.cache === 'HIT')).toHaveLength(11);
    expect(new Set(answers.map((a) => a.html)).size).toBe(1);
  });

  test('la página de memoria hidrata sin errores en un teléfono y sus enlaces navegan', async () => {
    const path = await articlePath();
    await cachedVisit(path);
    const { page, errors } = await newPage(browser, { width: 360, height: 780 });
    const response = await page.goto(baseUrl() + path);
    expect(response?.headers()['x-cache']).toBe('HIT');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const link = page.locator('main a[href^="/linea/"]:visible').first();
    const target = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL((url) => url.pathname === target);
    expect(errors).toEqual([]);
  });
});
