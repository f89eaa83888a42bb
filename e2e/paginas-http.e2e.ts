// The page edge of the real server, spoken to in raw HTTP (a forged Host, "//" paths, odd bodies):
// what reaches a page action, what the canonical link and the sitemap say, what may be cached.
import { request as httpRequest } from 'node:http';
import { baseUrl, DEMO_PASSWORD, expect, test } from './fixtures.ts';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request exactly as written: no URL normalising, any Host. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        method,
        path,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const publicOrigin = () => `http://localhost:${new URL(baseUrl()).port}`;

const FORM_PAGES = [
  '/auth/login',
  '/auth/signup',
  '/auth/password/email',
  '/auth/password/reset/token-de-prueba',
  '/preferencias/moneda',
  '/dashboard/perfil',
  '/carrito',
  '/auth/login.data',
];

test.describe('cuerpos que una página no puede leer', () => {
  test('JSON, texto o nada a un formulario: 4xx con mensaje en español, nunca 500', async () => {
    const bodies: { name: string; headers: Record<string, string>; body: string }[] = [
      { name: 'json', headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.c","password":"x"}' },
      { name: 'texto', headers: { 'content-type': 'text/plain' }, body: 'email=a@b.c' },
      { name: 'vacío', headers: {}, body: '' },
      { name: 'sin tipo', headers: {}, body: 'email=a' },
      { name: 'multipart roto', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'nada' },
    ];
    const answers: string[] = [];
    for (const path of FORM_PAGES) {
      for (const each of bodies) {
        // The checkout takes its order as JSON: its own action answers a JSON it cannot use.
        if (path === '/carrito' && each.name === 'json') continue;
        const answer = await raw('POST', path, each.headers, each.body);
        answers.push(`${path} ${each.name}: ${answer.status}`);
        expect(answer.status, `${path} ${each.name}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${path} ${each.name}`).toBeLessThan(500);
        expect(JSON.parse(answer.body).message, `${path} ${each.name}`).toMatch(/formulario/);
      }
    }
    expect(answers.length).toBe(FORM_PAGES.length * 5 - 1);
  });

  test('el pedido del checkout en JSON sigue llegando a su acción, que rechaza uno incompleto con 400', async () => {
    const answer = await raw('POST', '/carrito', { 'content-type': 'application/json' }, '{}');
    expect(answer.status).toBe(400);
  });

  test('"//api/…" nunca llega a la acción de una página: 404 sin sesión abierta; un GET se redirige a la ruta normal', async () => {
    const form = new URLSearchParams({ email: 'admin@vitrina.com.ve', password: DEMO_PASSWORD }).toString();
    for (const path of ['//api/auth/login', '//api/auth/signup', '//auth/login', '/\\auth/login']) {
      const answer = await raw('POST', path, { 'content-type': 'application/x-www-form-urlencoded' }, form);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['set-cookie'], path).toBeUndefined();
    }
    const get = await raw('GET', '//api/catalogo/lineas');
    expect(get.status).toBe(301);
    expect(get.headers.location).toBe('/api/catalogo/lineas');
    const evil = await raw('GET', '//evil.example/linea');
    expect(evil.status).toBe(301);
    expect(evil.headers.location).toBe('/evil.example/linea');
    const backslash = await raw('GET', '/\\evil.example');
    expect(backslash.headers.location).toBe('/evil.example');
  });
});

test.describe('destinos que nombrarían otro host', () => {
  test('un camino con "." o ".." que se resolvería a "//otro-host" se redirige a la portada', async () => {
    for (const path of ['/./\\evil.example', '/.//evil.example', '/x/..//evil.example', '/%2e//evil.example', '/a/%2e%2e//evil.example']) {
      const answer = await raw('GET', path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.location, path).toBe('/');
    }
    expect((await raw('GET', '/./linea')).headers.location).toBe('/linea');
  });

  test('el cambio de moneda, también enviado desde otro sitio, nunca redirige fuera de la tienda', async () => {
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (const volver of [
      '/.//evil.example',
      '/x/..//evil.example',
      '/%2e//evil.example',
      '/a/%2e%2e//evil.example',
      '/.%2F/evil',
      '//evil.example',
    ]) {
      for (const headers of [{}, crossSite]) {
        const form = new URLSearchParams({ moneda: 'VES', volver }).toString();
        const answer = await raw('POST', '/preferencias/moneda', { 'content-type': 'application/x-www-form-urlencoded', ...headers }, form);
        expect(answer.status, volver).toBe(302);
        expect(answer.headers.location, volver).toBe('/');
      }
    }
  });
});

test.describe('direcciones absolutas', () => {
  test('un Host falsificado no cambia el enlace canónico, el sitemap ni robots.txt', async () => {
    const page = await raw('GET', '/nuestras-tiendas', { host: 'evil.example' });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${publicOrigin()}/nuestras-tiendas"/>`);
    expect(page.body).not.toContain('evil.example');
    const sitemap = await raw('GET', '/sitemap.xml', { host: 'evil.example' });
    expect(sitemap.body).toContain(`<loc>${publicOrigin()}/linea</loc>`);
    expect(sitemap.body).not.toContain('evil.example');
    const robots = await raw('GET', '/robots.txt', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(robots.body).toContain(`Sitemap: ${publicOrigin()}/sitemap.xml`);
  });
});

test.describe('caché de las páginas', () => {
  test('panel, cuenta, carrito y orden: no-store; el catálogo anónimo conserva su caché', async () => {
    for (const path of [
      '/dashboard',
      '/dashboard/perfil',
      '/mi-cuenta',
      '/auth/login',
      '/auth/signup',
      '/carrito',
      '/carrito/ver-orden',
      '/orden/OC-000001',
    ]) {
      const answer = await raw('GET', path);
      expect(answer.headers['cache-control'], `${path} (${answer.status})`).toBe('no-store');
    }
    expect((await raw('GET', '/linea')).headers['cache-control']).toBe('no-cache');
  });

  test('con sesión: el perfil no se guarda y el catálogo solo en el navegador', async () => {
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente@vitrina.com.ve', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const profile = await raw('GET', '/mi-cuenta', { cookie });
    expect(profile.status).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const data = await raw('GET', '/mi-cuenta.data', { cookie });
    expect(data.headers['cache-control']).toBe('no-store');
    expect((await raw('GET', '/linea', { cookie })).headers['cache-control']).toBe('private, no-cache');
    // React Router finds these pages in any capitals and with percent-escapes: they are just as personal.
    for (const path of [
      '/DASHBOARD/perfil',
      '/Dashboard/perfil.data',
      '/%64ashboard/perfil',
      '/MI-CUENTA',
      '/CARRITO',
      '/Orden/OC-000001',
    ]) {
      const answer = await raw('GET', path, { cookie });
      expect(answer.headers['cache-control'], `${path} (${answer.status})`).toBe('no-store');
    }
  });
});

test.describe('archivos estáticos', () => {
  test('/storage/image-default.png es un PNG con caché larga', async () => {
    const response = await fetch(`${baseUrl()}/storage/image-default.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000, stale-while-revalidate=604800');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  test('los paquetes con hash del cliente se guardan un año, inmutables', async () => {
    const html = await (await fetch(`${baseUrl()}/linea`)).text();
    const bundle = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(bundle).toBeDefined();
    const response = await fetch(`${baseUrl()}${bundle}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
