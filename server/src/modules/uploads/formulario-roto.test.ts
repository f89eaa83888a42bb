// A multipart body the parser cannot read (no boundary, cut short) is the client's mistake: every
// route that takes a picture or a file answers 4xx in Spanish, never 500, and stores nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver, type Registered } from '#test/driver.ts';
import { orderBody, otroComprador, stockedArticle } from '#test/ordenes.ts';
import { loginAs, nextIp } from '#test/sessions.ts';

let t: TestApp;
let dataDir: string;
let adminToken: string;
let order: Registered;

/** Two bodies the parser gives up on, the second with the picture in the route's own field. */
const BROKEN = {
  'sin boundary': () => ({ type: 'multipart/form-data', body: 'abc' }),
  'cortado a la mitad': (field: string) => ({
    type: 'multipart/form-data; boundary=xx',
    body: `--xx\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
  }),
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-formulario-roto-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  adminToken = (await loginAs(t.app, 'admin@vitrina.com.ve')).token;
  const stocked = await stockedArticle(t, 5);
  const payment = { method: 'zelle', reference: 'ZROTO0001', amount: '10.00', date: '2026-11-20' };
  order = await ordenesDriver(t).registrarOrden(orderBody(stocked, { buyer: otroComprador(91), payment }), 'formulario-roto-1');
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const storedFiles = async () => {
  const folders = ['uploads', 'comprobantes'];
  const lists = await Promise.all(folders.map((f) => readdir(path.join(dataDir, f)).catch(() => [] as string[])));
  return lists.flat();
};

describe('un formulario multipart ilegible', () => {
  const routes = () => [
    { url: `/api/orden-compra/comprobante/${order.code}?t=${order.token}`, field: 'comprobante', headers: {} },
    { url: '/api/blog/upload-image', field: 'imagen', headers: { authorization: `Bearer ${adminToken}` } },
    { url: '/api/galeria/upload', field: 'fotos', headers: { authorization: `Bearer ${adminToken}` } },
    { url: '/api/catalogo/archivo', field: 'archivo', headers: { authorization: `Bearer ${adminToken}` } },
    { url: '/api/aliados', field: 'logo', headers: { authorization: `Bearer ${adminToken}` } },
  ];

  for (const [name, broken] of Object.entries(BROKEN)) {
    it(`${name}: 4xx con un mensaje en español en cada ruta que recibe imágenes o archivos, y no se guarda nada`, async () => {
      for (const route of routes()) {
        const form = broken(route.field);
        const response = await t.app.inject({
          method: 'POST',
          url: route.url,
          remoteAddress: nextIp(),
          headers: { ...route.headers, 'content-type': form.type },
          payload: Buffer.from(form.body, 'latin1'),
        });
        expect(response.statusCode, route.url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, route.url).toBeLessThan(500);
        expect(response.body, route.url).not.toContain('error inesperado');
      }
      expect(await storedFiles()).toEqual([]);
    });
  }
});
