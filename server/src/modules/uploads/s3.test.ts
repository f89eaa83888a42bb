// Uploads in an S3-compatible bucket (S3_* set), against a local s3rver on 127.0.0.1: a partner's
// logo, a gallery photo's three widths, a post's picture and the catalogue PDFs are stored in the
// bucket, served from /uploads/… and /api/catalogo/archivo.pdf as from the disk, and removed from
// it; a refused upload leaves the bucket as it was. Both stores also keep the same contract.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Foto } from '#domain/contracts/galeria.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { multipart, type Part } from '#test/multipart.ts';
import { type LocalS3, startLocalS3 } from '#test/s3rver.ts';
import { demoEmail, loginAs } from '#test/sessions.ts';
import { diskStore } from './disk-store.ts';
import { s3Store } from './s3-store.ts';
import type { UploadStore } from './store.ts';

let s3: LocalS3;
let t: TestApp;
let dataDir: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-s3-'));
  t = await buildTestApp({ DATA_DIR: dataDir, ...s3.env });
  for (const role of ['admin', 'inventario']) tokens.set(role, (await loginAs(t.app, demoEmail(role))).token);
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const png = (width = 300, height = 100, r = 20) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function send(method: 'POST' | 'DELETE', url: string, parts: Part[] | null, role = 'admin') {
  const body = parts ? multipart(parts) : null;
  return t.app.inject({
    method,
    url,
    ...(body ? { payload: body.payload } : {}),
    headers: { ...(body?.headers ?? {}), authorization: `Bearer ${tokens.get(role)}` },
  });
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const keyOf = (url: string) => url.replace(/^\//, '');

describe('subidas en un bucket S3', () => {
  it('el logo de un aliado va al bucket y se sirve por /uploads con los mismos encabezados; el reemplazado y el borrado salen del bucket', async () => {
    const created = await send('POST', '/api/aliados', [
      { name: 'name', value: 'Calzados Andinos' },
      { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: await png() },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const { id, logo } = created.json().data;
    expect(logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(await s3.keys()).toContain(keyOf(logo));

    const served = await get(logo);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const edited = await send('POST', `/api/aliados/${id}`, [
      { name: 'name', value: 'Calzados Andinos C.A.' },
      { name: 'logo', filename: 'nuevo.png', type: 'image/png', bytes: await png(200, 200, 200) },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    const newLogo = edited.json().data.logo;
    expect(await s3.has(keyOf(logo))).toBe(false);
    expect(await s3.has(keyOf(newLogo))).toBe(true);
    expect((await get(logo)).statusCode).toBe(404);

    expect((await send('DELETE', `/api/aliados/${id}`, null)).statusCode).toBe(200);
    expect(await s3.has(keyOf(newLogo))).toBe(false);
    const gone = await get(newLogo);
    expect([gone.statusCode, gone.body]).toEqual([404, 'La imagen no existe.']);
    // Nothing went to DATA_DIR.
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('una foto de la galería guarda sus tres anchos en el bucket; quitarla los saca a todos', async () => {
    const response = await send(
      'POST',
      '/api/galeria/upload',
      [{ name: 'fotos', filename: 'playa.png', type: 'image/png', bytes: await png(2000, 1000) }],
      'inventario',
    );
    expect(response.statusCode, response.body).toBe(201);
    const [foto] = response.json().data as Foto[];
    const key = /\/uploads\/([0-9a-f]{32})-\d+\.webp/.exec(foto.imagen)?.[1];
    expect(key).toBeDefined();
    const variants = [480, 960, 1600].map((w) => `uploads/${key}-${w}.webp`);
    expect((await s3.keys()).filter((k) => k.includes(String(key)))).toEqual(variants.sort());
    for (const variant of variants) {
      const served = await get(`/${variant}`);
      expect(served.statusCode, variant).toBe(200);
      const width = Number(/-(\d+)\.webp$/.exec(variant)?.[1]);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
    }
    expect((await send('DELETE', `/api/galeria/fotos/${foto.id}`, null, 'inventario')).statusCode).toBe(200);
    expect((await s3.keys()).filter((k) => k.includes(String(key)))).toEqual([]);
  });

  it('las fotos de un modelo guardan sus anchos en el bucket, se sirven por /imagenes/fotos y se borran de allí', async () => {
    const model = 'DVES001ROJO';
    const uploaded = await send(
      'POST',
      `/api/configuracion/productos/${model}/fotos`,
      [{ name: 'fotos', filename: 'frente.png', type: 'image/png', bytes: await png(800, 1000) }],
      'inventario',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [foto] = uploaded.json().data.fotos as { id: number; key: string }[];
    const widths = [320, 640, 960];
    expect((await s3.keys()).filter((k) => k.startsWith('fotos/'))).toEqual(widths.map((w) => `fotos/${foto.key}-${w}.webp`));
    const served = await get(`/imagenes/fotos/${foto.key}-640.webp`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    const removed = await send('DELETE', `/api/configuracion/fotos/${foto.id}`, null, 'inventario');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await s3.keys()).filter((k) => k.startsWith('fotos/'))).toEqual([]);
    expect(existsSync(path.join(dataDir, 'fotos'))).toBe(false);
  });

  it('la imagen de una publicación del blog vale mientras esté en el bucket', async () => {
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/blog/add-category',
      payload: { category: 'Bucket' },
      headers: { authorization: `Bearer ${tokens.get('admin')}` },
    });
    const categoryId = category.json().data.id;
    const uploaded = await send('POST', '/api/blog/upload-image', [
      { name: 'imagen', filename: 'a.png', type: 'image/png', bytes: await png() },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { images, url } = uploaded.json().data;
    expect(await s3.has(keyOf(url))).toBe(true);
    const addPost = (title: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blog/add-post',
        payload: { title, content: '<p>Foto</p>', status: 'publicado', category_id: categoryId, images },
        headers: { authorization: `Bearer ${tokens.get('admin')}` },
      });
    expect((await addPost('Con foto del bucket')).statusCode).toBe(201);
    await s3.remove(keyOf(url));
    const missing = await addPost('Con foto borrada');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('La imagen no existe: súbala de nuevo.');
  });

  it('el catálogo en PDF: el generado y el subido viven en el bucket y el enlace público los sirve de allí', async () => {
    const generated = await send('POST', '/api/catalogo/archivo/generar', null);
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json().data.generado_en).not.toBeNull();
    expect(await s3.keys()).toEqual(expect.arrayContaining(['catalogo/generado.pdf', 'catalogo/generado.huella']));
    const first = await get('/api/catalogo/archivo.pdf');
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const uploaded = await send('POST', '/api/catalogo/archivo', [
      { name: 'archivo', filename: 'Catálogo 2026.pdf', type: 'application/pdf', bytes: SMALL_PDF },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data).toMatchObject({ sirve: 'subido', subido: { bytes: SMALL_PDF.length } });
    expect(await s3.keys()).toEqual(expect.arrayContaining(['catalogo/subido.pdf', 'catalogo/subido.json']));
    expect((await get('/api/catalogo/archivo.pdf')).rawPayload.equals(SMALL_PDF)).toBe(true);

    const removed = await send('DELETE', '/api/catalogo/archivo', null);
    expect(removed.json().data).toMatchObject({ sirve: 'generado', subido: null });
    expect((await s3.keys()).filter((k) => k.startsWith('catalogo/subido'))).toEqual([]);
    expect((await get('/api/catalogo/archivo.pdf')).rawPayload.equals(first.rawPayload)).toBe(true);
    expect(existsSync(path.join(dataDir, 'catalogo'))).toBe(false);
  });

  it('una subida mala recibe su 4xx en español y no escribe nada en el bucket', async () => {
    const before = await s3.keys();
    const pdfAsLogo = await send('POST', '/api/aliados', [
      { name: 'name', value: 'Con PDF' },
      { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: SMALL_PDF },
    ]);
    expect(pdfAsLogo.statusCode).toBe(422);
    expect(pdfAsLogo.json().message).toBe('El archivo no es una imagen JPEG, PNG o WebP (se revisa su contenido, no su nombre).');
    const svg = await send(
      'POST',
      '/api/galeria/upload',
      [
        { name: 'fotos', filename: 'buena.png', type: 'image/png', bytes: await png() },
        { name: 'fotos', filename: 'x.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      ],
      'inventario',
    );
    expect(svg.statusCode).toBe(422);
    const empty = await send('POST', '/api/blog/upload-image', [
      { name: 'imagen', filename: 'v.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) },
    ]);
    expect(empty.statusCode).toBe(422);
    const jpegAsPdf = await send('POST', '/api/catalogo/archivo', [
      {
        name: 'archivo',
        filename: 'catalogo.pdf',
        type: 'application/pdf',
        bytes: await sharp(await png())
          .jpeg()
          .toBuffer(),
      },
    ]);
    expect(jpegAsPdf.statusCode).toBe(400);
    expect(jpegAsPdf.json().message).toBe('El archivo no es un PDF (se revisa su contenido, no su nombre).');
    expect(await s3.keys()).toEqual(before);
  });

  it('un nombre que no es de una subida no llega al bucket', async () => {
    for (const url of ['/uploads/..%2Fcatalogo%2Fsubido.pdf', '/uploads/generado.pdf', `/uploads/${'a'.repeat(32)}.webp`]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

const STORES: { kind: string; make: () => UploadStore }[] = [
  { kind: 'disco', make: () => diskStore(dataDir) },
  {
    kind: 's3',
    make: () =>
      s3Store({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.env.S3_ENDPOINT,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
      }),
  },
];

describe.each(STORES)('el almacén en $kind', ({ kind, make }) => {
  let store: UploadStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => store.close());

  it('guarda, lee entero y como flujo, da tamaño y fecha, y borra; lo que no existe es null', async () => {
    const key = `pruebas/${kind}-uno.txt`;
    expect(await store.get(key)).toBeNull();
    expect(await store.stream(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    await store.put(key, Buffer.from('hola'), 'text/plain');
    await store.put(key, Buffer.from('hola, mundo'), 'text/plain');
    expect((await store.get(key))?.toString()).toBe('hola, mundo');
    const streamed = await store.stream(key);
    expect(streamed?.bytes).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of streamed?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hola, mundo');
    const info = await store.stat(key);
    expect(info?.bytes).toBe(11);
    expect(Math.abs(Date.now() - (info?.modifiedAt.getTime() ?? 0))).toBeLessThan(60_000);
    await store.remove(key);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
  });

  it('una clave que sale de su carpeta se rechaza antes de tocar nada', async () => {
    for (const key of ['../fuera.txt', 'uploads/../../x', '/etc/passwd', 'uploads/', 'uploads/a/b']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Clave de archivo no válida/);
    }
  });
});
