// The browser journeys' clock (RELOJ_DE_PRUEBAS): a server without it has no such route, production
// refuses the variable unless told twice, and with it an admin moves the store's clock forward so a
// scheduled post shows and its job marks it published, without waiting for its time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '#domain/contracts/blog.ts';
import { parseEnv } from '#server/env.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';

describe('reloj de pruebas', () => {
  it('en producción la variable sola no se acepta; con la segunda, sí', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', RELOJ_DE_PRUEBAS: 'si' })).toThrowError(
      'RELOJ_DE_PRUEBAS: RELOJ_DE_PRUEBAS es solo para las pruebas: en producción no se acepta sin RELOJ_DE_PRUEBAS_EN_PRODUCCION=si',
    );
    expect(() => parseEnv({ RELOJ_DE_PRUEBAS: 'si' })).toThrowError(/RELOJ_DE_PRUEBAS es solo para las pruebas/);
    expect(parseEnv({ NODE_ENV: 'production', RELOJ_DE_PRUEBAS: 'si', RELOJ_DE_PRUEBAS_EN_PRODUCCION: 'si' }).RELOJ_DE_PRUEBAS).toBe('si');
    expect(() => parseEnv({ NODE_ENV: 'test', RELOJ_DE_PRUEBAS: 'true' })).toThrowError(/RELOJ_DE_PRUEBAS solo puede ser «si»/);
  });

  describe('un servidor de producción sin la variable', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ NODE_ENV: 'production' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('no tiene la ruta, ni para el admin', async () => {
      expect(t.app.deps.env.RELOJ_DE_PRUEBAS).toBeUndefined();
      expect(t.app.routeTable.some((r) => r.url.startsWith('/api/pruebas'))).toBe(false);
      const response = await ordenesDriver(t).call('admin', 'POST', '/api/pruebas/reloj', { at: new Date().toISOString() });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('el servidor de las pruebas en el navegador', () => {
    let t: TestApp;
    let api: OrdenesDriver;
    beforeAll(async () => {
      t = await buildTestApp({ RELOJ_DE_PRUEBAS: 'si' });
      api = ordenesDriver(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('solo el admin lo mueve; una hora que no es fecha ISO es un 422 en español', async () => {
      expect((await api.call('anonimo', 'POST', '/api/pruebas/reloj', { at: new Date().toISOString() })).statusCode).toBe(401);
      expect((await api.call('inventario', 'POST', '/api/pruebas/reloj', { at: new Date().toISOString() })).statusCode).toBe(403);
      const bad = await api.call('admin', 'POST', '/api/pruebas/reloj', { at: 'mañana' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.at).toEqual(['Indique la hora como fecha ISO con su zona']);
    });

    it('una publicación programada para dentro de un día se ve en la tienda en cuanto el reloj llega, y su tarea la publica', async () => {
      const category = (await api.call('admin', 'POST', '/api/blog/add-category', { category: 'Reloj' })).json().data.id as number;
      const at = new Date(Date.now() + 24 * 3_600_000);
      const created = await api.call('admin', 'POST', '/api/blog/add-post', {
        title: 'Mañana a esta hora',
        content: '<p>Pronto</p>',
        status: 'programado',
        schedule_post: at.toISOString(),
        category_id: category,
      });
      expect(created.statusCode, created.body).toBe(201);
      const post = created.json().data as BlogPost;
      const visible = async () => (await api.call('anonimo', 'GET', `/api/blog/get-post/${post.slug}`)).statusCode;
      expect(await visible()).toBe(404);

      const moved = await api.call('admin', 'POST', '/api/pruebas/reloj', { at: new Date(at.getTime() + 1000).toISOString() });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.publishedPosts).toBe(1);
      expect(await visible()).toBe(200);
      expect(t.app.reloj.ahora().getTime()).toBeGreaterThanOrEqual(at.getTime());

      // Never backwards: an earlier time leaves the clock where it was.
      await api.call('admin', 'POST', '/api/pruebas/reloj', { at: new Date().toISOString() });
      expect(t.app.reloj.ahora().getTime()).toBeGreaterThanOrEqual(at.getTime());
      expect(await visible()).toBe(200);
    });
  });
});
