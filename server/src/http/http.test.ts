import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('contrato HTTP', () => {
  it('una ruta de la API desconocida da 404 JSON en español', async () => {
    const response = await t.app.inject('/api/no-existe');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'La ruta GET /api/no-existe no existe.' });
  });

  it('un JSON mal formado da 400, un cuerpo enorme 413 y un tipo no soportado 415, sin cambiar nada', async () => {
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/inventario',
      headers: { 'content-type': 'application/json' },
      payload: '{"articulos": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('El cuerpo de la solicitud no es un JSON válido.');
    const huge = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/inventario',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ articulos: [], relleno: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('La solicitud es demasiado grande.');
    const xml = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/inventario',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('cada respuesta lleva las cabeceras de seguridad', async () => {
    for (const url of ['/api/catalogo/lineas', '/api/no-existe', '/robots.txt']) {
      const response = await t.app.inject(url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });

  it('cada ruta de la API declara quién puede llamarla', async () => {
    expect(t.app.routeTable.length).toBeGreaterThan(15);
    for (const route of t.app.routeTable) {
      expect(route.access === 'public' || route.access === 'usuario' || Array.isArray(route.access), `${route.method} ${route.url}`).toBe(
        true,
      );
    }
    expect(t.app.routeTable).toContainEqual({ method: 'GET', url: '/api/catalogo/articulos', access: 'public' });
  });

  it('health responde cuando la base está lista', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('publica el documento OpenAPI con las rutas del catálogo', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/catalogo/articulos');
    const page = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('SEO e imágenes', () => {
  it('robots.txt apunta al sitemap y el sitemap lista líneas, sub-líneas y artículos, en la dirección pública', async () => {
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'tienda.test' } });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /dashboard');
    const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'tienda.test' } });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/linea/DAM/sub-lineas</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/linea/DAM/sub-lineas/VES/articulos</loc>');
    expect(sitemap.body).toMatch(/<loc>http:\/\/localhost:3000\/linea\/CAL\/sub-lineas\/DEP\/articulos\/ZDEP001[A-Z]{4}<\/loc>/);
    expect(sitemap.body).not.toContain('tienda.test');
    const urls = sitemap.body.match(/<loc>/g)?.length ?? 0;
    expect(urls).toBeGreaterThan(165 + 19 + 4);
  });

  it('sirve la foto de un modelo como WebP del ancho pedido; un modelo desconocido da 404', async () => {
    const list = await t.app.inject('/api/catalogo/articulos?per_page=1');
    const model = list.json().data[0].model as string;
    const response = await t.app.inject(`/imagenes/modelos/${model}-320.webp`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect((await t.app.inject('/imagenes/modelos/ZZZZ999NEGR-320.webp')).statusCode).toBe(404);
    expect((await t.app.inject(`/imagenes/modelos/${model}-123.webp`)).statusCode).toBe(422);
  });
});
