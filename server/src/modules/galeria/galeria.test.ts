// The gallery through the API: who may upload, the upload's checks (all or nothing), the three
// WebP widths, the paged list with meta.last_page, and removing a photo with its files.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Foto } from '#domain/contracts/galeria.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { demoEmail, loginAs } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  for (const role of ['admin', 'inventario', 'vendedor-admin']) tokens.set(role, (await loginAs(t.app, demoEmail(role))).token);
});

afterAll(async () => {
  await t?.close();
});

type Part = { field: string; filename?: string; type?: string; value: Buffer | string };

function multipart(parts: Part[]) {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`
      : `form-data; name="${p.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(parts: Part[], role = 'inventario') {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/galeria/upload',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${tokens.get(role)}` },
  });
}

async function photo(width: number, height: number, seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 * seed + (i >> 6) * 31) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const jpeg = async (name: string, seed = 1): Promise<Part> => ({
  field: 'fotos',
  filename: name,
  type: 'image/jpeg',
  value: await photo(2000, 1500, seed),
});

describe('galería', () => {
  it('cualquiera la ve; suben y quitan solo admin e inventario', async () => {
    expect((await api.call('anonimo', 'GET', '/api/galeria')).statusCode).toBe(200);
    expect((await api.call('anonimo', 'GET', '/api/galeria/fotos')).statusCode).toBe(200);
    expect((await api.call('anonimo', 'POST', '/api/galeria/upload', {})).statusCode).toBe(401);
    expect((await upload([await jpeg('a.jpg')], 'vendedor-admin')).statusCode).toBe(403);
    expect((await api.call('vendedor-admin', 'DELETE', '/api/galeria/fotos/1')).statusCode).toBe(403);
  });

  it('guarda cada foto en WebP de 480, 960 y 1600 px con su ancho y alto, y pagina con meta.last_page', async () => {
    const response = await upload([
      await jpeg('tienda.jpg', 1),
      await jpeg('vitrina.jpg', 2),
      { field: 'title', value: 'Tienda de Chacao <b>nueva</b>' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const fotos: Foto[] = response.json().data;
    expect(fotos).toHaveLength(2);
    expect(fotos[0]).toMatchObject({ width: 1600, height: 1200, title: 'Tienda de Chacao nueva' });
    for (const [url, width] of [
      [fotos[0].thumb, 480],
      [fotos[0].imagen, 960],
      [fotos[0].large, 1600],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
    expect(fotos[0].srcSet).toBe(`${fotos[0].thumb} 480w, ${fotos[0].imagen} 960w, ${fotos[0].large} 1600w`);

    const page = (await api.call('anonimo', 'GET', '/api/galeria/fotos?per_page=1&page=2')).json();
    expect(page.meta).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
    expect(page.data).toHaveLength(1);
    const summary = (await api.call('anonimo', 'GET', '/api/galeria')).json().data;
    expect(summary.total).toBe(2);
    expect((await api.call('anonimo', 'GET', '/api/galeria/fotos?per_page=0')).statusCode).toBe(422);
  });

  it('una foto de cámara de unos 6 MB (3000 × 2000, con el ruido de un sensor) da sus tres tamaños sin metadatos', async () => {
    const camera = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
    })
      .withMetadata({ exif: { IFD0: { Make: 'Camara de prueba', Copyright: 'Vitrina' } } })
      .jpeg({ quality: 97 })
      .toBuffer();
    expect(camera.length).toBeGreaterThan(5.5 * 1024 * 1024);
    expect(camera.length).toBeLessThan(8 * 1024 * 1024);
    expect((await sharp(camera).metadata()).exif).toBeDefined();
    const response = await upload([{ field: 'fotos', filename: 'camara.jpg', type: 'image/jpeg', value: camera }]);
    expect(response.statusCode, response.body).toBe(201);
    const [foto]: Foto[] = response.json().data;
    expect(foto).toMatchObject({ width: 1600, height: 1067 });
    for (const [url, width] of [
      [foto.thumb, 480],
      [foto.imagen, 960],
      [foto.large, 1600],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url });
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta, url).toMatchObject({ format: 'webp', width });
      expect(meta.exif, url).toBeUndefined();
    }
  });

  it('un archivo malo rechaza la subida entera con el motivo de cada uno, sin guardar nada', async () => {
    const before = (await api.call('anonimo', 'GET', '/api/galeria')).json().data.total;
    const response = await upload([
      await jpeg('buena.jpg', 3),
      { field: 'fotos', filename: 'factura.jpg', type: 'image/jpeg', value: Buffer.from('%PDF-1.4\n%%EOF\n') },
      { field: 'fotos', filename: 'logo.svg', type: 'image/svg+xml', value: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' },
      { field: 'fotos', filename: 'vacia.jpg', type: 'image/jpeg', value: Buffer.alloc(0) },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.fotos).toEqual([
      '«factura.jpg»: El archivo no es una imagen JPEG, PNG o WebP (se revisa su contenido, no su nombre).',
      '«logo.svg»: El archivo no es una imagen JPEG, PNG o WebP (se revisa su contenido, no su nombre).',
      '«vacia.jpg»: El archivo está vacío.',
    ]);
    expect((await api.call('anonimo', 'GET', '/api/galeria')).json().data.total).toBe(before);
    const huge = await upload([
      {
        field: 'fotos',
        filename: 'enorme.jpg',
        type: 'image/jpeg',
        value: Buffer.concat([await photo(100, 100), Buffer.alloc(8 * 1024 * 1024)]),
      },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Una foto pesa más de 8 MB.');
    const none = await upload([{ field: 'title', value: 'Sin fotos' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Elija al menos una foto.');
    const many = await upload(await Promise.all(Array.from({ length: 11 }, (_, i) => jpeg(`f${i}.jpg`))));
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe('Suba hasta 10 fotos a la vez.');
  });

  it('quitar una foto borra sus archivos; otra vez, 404', async () => {
    const [foto] = (await upload([await jpeg('quitar.jpg', 4)], 'admin')).json().data as Foto[];
    const removed = await api.call('inventario', 'DELETE', `/api/galeria/fotos/${foto.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: foto.imagen })).statusCode).toBe(404);
    const again = await api.call('inventario', 'DELETE', `/api/galeria/fotos/${foto.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('La foto no existe.');
  });
});
