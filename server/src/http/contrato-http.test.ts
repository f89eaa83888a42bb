// The HTTP contract every route keeps, checked by walking the route table rather than route by route.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern: every `:param` becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+\??/g, '1');

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('rutas desconocidas', () => {
  it('cualquier método sobre una ruta desconocida de la API da 404 JSON que nombra método y ruta, sin la consulta', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/x/y?token=secreto' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ success: false, message: `La ruta ${method} /api/x/y no existe.` });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('un método no declarado sobre una ruta existente también es 404 y no ejecuta nada', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/catalogo/lineas' });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });
});

describe('cuerpos de solicitud', () => {
  it('un JSON mal formado en cualquier ruta que escribe da 400 con mensaje en español, nunca 500', async () => {
    const writes = t.app.routeTable.filter((r) => WRITE_METHODS.has(r.method));
    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: { 'content-type': 'application/json' },
        payload: '{"a": ',
      });
      const label = `${route.method} ${route.url}`;
      // Multipart-only routes refuse the content type itself.
      expect([400, 415], label).toContain(response.statusCode);
      expect(response.json().success, label).toBe(false);
      if (response.statusCode === 400) expect(response.json().message, label).toBe('El cuerpo de la solicitud no es un JSON válido.');
    }
  });

  it('un POST con cuerpo JSON a una ruta desconocida es 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/no-existe', payload: { a: 1 } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'La ruta POST /api/no-existe no existe.' });
  });
});

describe('tabla de rutas y documentación', () => {
  it('cada ruta de la tabla declara un acceso válido y ninguna se repite', async () => {
    const seen = new Set<string>();
    for (const route of t.app.routeTable) {
      const label = `${route.method} ${route.url}`;
      expect(route.url.startsWith('/api/'), label).toBe(true);
      const access = route.access;
      expect(access === 'public' || access === 'usuario' || (Array.isArray(access) && access.length > 0), label).toBe(true);
      expect(seen.has(label), label).toBe(false);
      seen.add(label);
    }
  });

  it('el documento OpenAPI describe exactamente las rutas de la tabla', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${path}`),
      );
    const table = t.app.routeTable.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(table.sort());
    expect(doc.paths['/api/catalogo/articulos']).toHaveProperty('get');
  });

  it('health informa la base que usa la app', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: t.database.kind } });
  });
});

describe('cabeceras y compresión', () => {
  it('las cabeceras de seguridad van también en errores de validación, 404 de escritura e imágenes', async () => {
    const responses = [
      await t.app.inject('/api/catalogo/articulos?page=0'),
      await t.app.inject({ method: 'POST', url: '/api/no-existe' }),
      await t.app.inject('/imagenes/logo.svg'),
      await t.app.inject('/sitemap.xml'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([422, 404, 200, 200]);
    for (const response of responses) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('las respuestas grandes se comprimen cuando el cliente lo pide, con el mismo contenido', async () => {
    const plain = await t.app.inject('/api/catalogo/articulos?per_page=50');
    const gzip = await t.app.inject({ url: '/api/catalogo/articulos?per_page=50', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});
