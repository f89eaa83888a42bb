// Photos of a model: upload (multipart), checks, the WebP widths the storefront serves, order,
// deletion, and the storefront following each change on its next request (with its read cache on).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelImageUrl } from '#domain/catalogo-urls.ts';
import type { ArticleDetail } from '#domain/contracts/catalogo.ts';
import type { Foto, HistorialFila } from '#domain/contracts/configuracion.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { asBearer, demoEmail, loginAs, nextIp } from '#test/sessions.ts';

let t: TestApp;
let dataDir: string;
let token: string;
let driver: ReturnType<typeof ordenesDriver>;
const MODEL = 'DVES001ROJO';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-fotos-'));
  // 'development': the public read cache is on, as in production, so a write must clear it.
  t = await buildTestApp({ DATA_DIR: dataDir, NODE_ENV: 'development' });
  token = (await loginAs(t.app, demoEmail('inventario'))).token;
  driver = ordenesDriver(t);
  const exists = await t.app.inject({ url: `/api/v2/catalogo/article/${MODEL}` });
  if (exists.statusCode !== 200) throw new Error(`el modelo de prueba ${MODEL} no está en la tienda`);
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A picture of one colour, as a phone or a camera would send it. */
function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png', hex = '#2e7d32') {
  const image = sharp({ create: { width, height, channels: 3, background: hex } });
  return image.toFormat(format).toBuffer();
}

type Part = { field?: string; filename: string; type: string; bytes: Buffer };

function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'fotos'}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(parts: Part[], headers: Record<string, string> = {}, model = MODEL) {
  const { body, contentType } = multipart(parts);
  return t.app.inject(
    asBearer(token, {
      method: 'POST',
      url: `/api/configuracion/productos/${model}/fotos`,
      remoteAddress: nextIp(),
      headers: { 'content-type': contentType, accept: 'application/json', ...headers },
      payload: body,
    }),
  );
}

async function storeFiles(): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, 'fotos'))).sort();
  } catch {
    return [];
  }
}

async function shopImage(): Promise<ArticleDetail> {
  const response = await t.app.inject({ url: `/api/v2/catalogo/article/${MODEL}` });
  return response.json().data;
}

/** The article page's gallery as the storefront gives it: the photos in order, without what the panel keeps. */
const gallery = (list: Foto[]) => list.map(({ id, image, thumb, srcSet }) => ({ id, image, thumb, srcSet }));

async function fotos(): Promise<Foto[]> {
  return (await driver.call('inventario', 'GET', `/api/configuracion/detalles-producto/${MODEL}`)).json().data.fotos;
}

describe('fotos de un modelo', () => {
  it('sin fotos, la tienda muestra el dibujo del modelo y su galería viene vacía', async () => {
    const shop = await shopImage();
    expect(shop.image).toBe(modelImageUrl(MODEL));
    expect(shop.photos).toEqual([]);
    expect((await t.app.inject({ url: modelImageUrl(MODEL, 320) })).statusCode).toBe(200);
  });

  it('subir dos fotos: cada una en WebP de 320, 640 y 960 px en el marco 4:5, y la tienda muestra la primera enseguida', async () => {
    const response = await upload([
      { filename: 'frente.png', type: 'image/png', bytes: await picture(1200, 1600, 'png', '#2e7d32') },
      { filename: 'espalda.jpg', type: 'image/jpeg', bytes: await picture(900, 1100, 'jpeg', '#1565c0') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const list = response.json().data.fotos as Foto[];
    expect(list.map((f) => [f.position, f.width, f.height])).toEqual([
      [0, 1200, 1600],
      [1, 900, 1100],
    ]);
    for (const foto of list) {
      for (const width of [320, 640, 960]) {
        const served = await t.app.inject({ url: `/imagenes/fotos/${foto.key}-${width}.webp` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 5) / 4]);
      }
    }
    expect(await storeFiles()).toHaveLength(6);
    const shop = await shopImage();
    expect(shop.image).toBe(list[0].image);
    expect(shop.imageSrcSet).toBe(list[0].srcSet);
    // The article page's gallery lists both, in the order they were sent.
    expect(shop.photos).toEqual(gallery(list));
    expect(shop.photos[1]).toMatchObject({
      image: `/imagenes/fotos/${list[1].key}-640.webp`,
      thumb: `/imagenes/fotos/${list[1].key}-320.webp`,
      srcSet: [320, 640, 960].map((w) => `/imagenes/fotos/${list[1].key}-${w}.webp ${w}w`).join(', '),
    });
    // The drawing's address (cart, líneas, colour swatches) leads to the first photo.
    const drawing = await t.app.inject({ url: modelImageUrl(MODEL, 320) });
    expect(drawing.statusCode).toBe(302);
    expect(drawing.headers.location).toBe(list[0].thumb);
    const [entry] = (await driver.call('inventario', 'GET', `/api/configuracion/historial?modelo=${MODEL}`)).json().data as HistorialFila[];
    expect(entry).toMatchObject({ field: 'fotos', oldValue: '0', newValue: '2', source: 'panel' });
  });

  it('ordenar: la que pasa a ser primera es la de la tienda en la siguiente consulta', async () => {
    const [first, second] = await fotos();
    expect((await shopImage()).image).toBe(first.image);
    const response = await driver.call('inventario', 'PATCH', '/api/configuracion/ordenar-fotos', {
      code: MODEL,
      ids: [second.id, first.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data.fotos as Foto[]).map((f) => f.id)).toEqual([second.id, first.id]);
    const shop = await shopImage();
    expect(shop.image).toBe(second.image);
    expect(shop.photos.map((p) => p.id)).toEqual([second.id, first.id]);
    const incomplete = await driver.call('inventario', 'PATCH', '/api/configuracion/ordenar-fotos', { code: MODEL, ids: [first.id] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe('Indique todas las fotos del modelo, cada una una sola vez, en su orden nuevo.');
  });

  it('una foto que no sirve (otro formato, pequeña, dañada, pesada) se rechaza con 422 y su motivo; no se guarda ninguna', async () => {
    const before = await storeFiles();
    const response = await upload([
      { filename: 'buena.png', type: 'image/png', bytes: await picture(800, 1000) },
      { filename: 'animada.gif', type: 'image/gif', bytes: await picture(800, 1000, 'gif') },
      { filename: 'chiquita.png', type: 'image/png', bytes: await picture(300, 300) },
      { filename: 'notas.png', type: 'image/png', bytes: Buffer.from('esto no es una imagen') },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: 'Las fotos no se pudieron subir.',
      errors: {
        fotos: [
          'La foto «animada.gif» no es JPEG, PNG o WebP (es gif).',
          'La foto «chiquita.png» mide 300 × 300 px: debe tener al menos 640 × 800 px.',
          'La foto «notas.png» no es una imagen JPEG, PNG o WebP que se pueda leer.',
        ],
      },
    });
    const heavy = await upload([{ filename: 'enorme.jpg', type: 'image/jpeg', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 7) }]);
    expect(heavy.statusCode).toBe(422);
    expect(heavy.json().errors.fotos).toEqual(['La foto «enorme.jpg» pesa más de 10 MB.']);
    const none = await upload([{ field: 'otra-cosa', filename: 'x.png', type: 'image/png', bytes: await picture(800, 1000) }]);
    expect(none.json().errors.fotos).toEqual(['Elija al menos una foto.']);
    const json = await driver.call('inventario', 'POST', `/api/configuracion/productos/${MODEL}/fotos`, { fotos: [] });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.fotos).toEqual(['Envíe las fotos como multipart/form-data, en el campo «fotos».']);
    expect(await storeFiles()).toEqual(before);
    expect(await fotos()).toHaveLength(2);
  });

  it('un modelo guarda hasta 12 fotos (400 al pasarse) y uno que no existe da 404', async () => {
    const png = await picture(640, 800);
    const many = Array.from({ length: 8 }, (_, i) => ({ filename: `f${i}.png`, type: 'image/png', bytes: png }));
    expect((await upload(many)).statusCode).toBe(201);
    expect((await shopImage()).photos).toEqual(gallery(await fotos()));
    expect((await shopImage()).photos).toHaveLength(10);
    const tooMany = await upload(many.slice(0, 3));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Un modelo puede tener hasta 12 fotos: este tiene 10 y se quieren agregar 3.');
    const nine = await upload([...many, { filename: 'f9.png', type: 'image/png', bytes: png }]);
    expect(nine.statusCode).toBe(422);
    expect(nine.json().errors.fotos).toEqual(['Suba hasta 8 fotos a la vez.']);
    expect((await upload(many.slice(0, 1), {}, 'DVES999ROJO')).statusCode).toBe(404);
  });

  it('un formulario sin JavaScript vuelve a la página del producto', async () => {
    const ok = await upload([{ filename: 'a.png', type: 'image/png', bytes: await picture(640, 800) }], { accept: 'text/html' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/dashboard/configurar/productos/${MODEL}?fotos=ok`);
    const refused = await upload([{ filename: 'b.gif', type: 'image/gif', bytes: await picture(640, 800, 'gif') }], {
      accept: 'text/html',
    });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/dashboard/configurar/productos/${MODEL}?fotos=error`);
  });

  it('borrar fotos quita sus archivos; sin ninguna, la tienda vuelve al dibujo', async () => {
    for (const foto of await fotos()) {
      const response = await driver.call('inventario', 'DELETE', `/api/configuracion/fotos/${foto.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect((await t.app.inject({ url: `/imagenes/fotos/${foto.key}-640.webp` })).statusCode).toBe(404);
    }
    expect(await storeFiles()).toEqual([]);
    const shop = await shopImage();
    expect(shop.image).toBe(modelImageUrl(MODEL));
    expect(shop.photos).toEqual([]);
    expect((await t.app.inject({ url: modelImageUrl(MODEL, 320) })).statusCode).toBe(200);
    expect((await driver.call('inventario', 'DELETE', '/api/configuracion/fotos/999999')).statusCode).toBe(404);
  });

  it('solo admin e inventario suben fotos', async () => {
    const seller = await loginAs(t.app, demoEmail('vendedor-admin'));
    const { body, contentType } = multipart([{ filename: 'a.png', type: 'image/png', bytes: await picture(640, 800) }]);
    const response = await t.app.inject(
      asBearer(seller.token, {
        method: 'POST',
        url: `/api/configuracion/productos/${MODEL}/fotos`,
        headers: { 'content-type': contentType },
        payload: body,
      }),
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('la tienda sigue cada cambio en su siguiente consulta', () => {
  it('con la caché de lecturas encendida, un precio nuevo se ve en la consulta que sigue', async () => {
    const first = await t.app.inject({ url: `/api/v2/catalogo/article/${MODEL}` });
    const again = await t.app.inject({ url: `/api/v2/catalogo/article/${MODEL}` });
    expect(again.headers['x-cache']).toBe('HIT');
    const price = first.json().data.price as string;
    const next = (Number(price) + 1).toFixed(2);
    const changed = await driver.call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: MODEL, price: next });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await t.app.inject({ url: `/api/v2/catalogo/article/${MODEL}` });
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().data.price).toBe(next);
  });
});
