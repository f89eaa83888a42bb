// The blog through the API: who may write, Spanish 422s, HTML sanitized on the way in, scheduled
// posts visible only from their time, and the picture upload's one safe path.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '#domain/contracts/blog.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { demoEmail, loginAs } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let adminToken: string;
let categoryId: number;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  adminToken = (await loginAs(t.app, demoEmail('admin'))).token;
  const created = await api.call('admin', 'POST', '/api/blog/add-category', { category: 'Tendencias' });
  expect(created.statusCode, created.body).toBe(200);
  categoryId = created.json().data.id;
});

afterAll(async () => {
  await t?.close();
});

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(filename: string, type: string, bytes: Buffer, token = adminToken) {
  const body = multipart('imagen', filename, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/blog/upload-image',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

/** A photo-like JPEG: noise, so it does not compress to nothing. */
async function photo(width = 1200, height = 900): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 31) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS-secreto' } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const post = (body: object) => api.call('admin', 'POST', '/api/blog/add-post', body);

describe('quién puede', () => {
  it('solo el admin escribe; cualquiera lee lo publicado', async () => {
    for (const role of ['vendedor-admin', 'administracion', 'inventario', 'despacho', 'cliente']) {
      expect((await api.call(role, 'POST', '/api/blog/add-post', {})).statusCode, role).toBe(403);
      expect((await api.call(role, 'POST', '/api/blog/add-category', { category: 'X' })).statusCode, role).toBe(403);
      expect((await api.call(role, 'GET', '/api/blog/panel/get-all-posts')).statusCode, role).toBe(403);
    }
    expect((await api.call('anonimo', 'PATCH', '/api/blog/update-post', {})).statusCode).toBe(401);
    expect((await api.call('anonimo', 'GET', '/api/blog/get-all-posts')).statusCode).toBe(200);
    expect((await api.call('anonimo', 'GET', '/api/blog/get-all-categories')).statusCode).toBe(200);
  });
});

describe('categorías', () => {
  it('un nombre repetido (sin importar mayúsculas) es 400 y uno vacío 422 en español', async () => {
    const again = await api.call('admin', 'POST', '/api/blog/add-category', { category: 'TENDENCIAS' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Ya existe la categoría «TENDENCIAS».');
    const empty = await api.call('admin', 'POST', '/api/blog/add-category', { category: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.category).toEqual(['El nombre de la categoría debe tener al menos 2 caracteres']);
  });
});

describe('publicaciones', () => {
  it('datos inválidos: 422 con el mensaje de cada campo', async () => {
    const response = await post({ title: 'x', content: '<p> </p>', status: 'listo', category_id: 'a', slug: 'Con Espacios' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.title).toEqual(['El título debe tener al menos 3 caracteres']);
    expect(errors.content).toEqual(['El contenido es obligatorio']);
    expect(errors.status).toEqual(['El estado debe ser borrador, publicado o programado']);
    expect(errors.slug[0]).toMatch(/^El slug solo puede tener letras minúsculas/);
    expect(errors.category_id).toEqual(['La categoría debe ser un número']);
    const programado = await post({ title: 'Sin fecha', content: '<p>Hola</p>', status: 'programado', category_id: categoryId });
    expect(programado.statusCode).toBe(422);
    expect(programado.json().errors.schedule_post).toEqual(['Indique la fecha y hora de publicación']);
    const pasado = await post({
      title: 'Pasado',
      content: '<p>Hola</p>',
      status: 'programado',
      schedule_post: '2020-01-01T10:00',
      category_id: categoryId,
    });
    expect(pasado.statusCode).toBe(400);
    expect(pasado.json().message).toMatch(/^La fecha programada ya pasó/);
    // 23:59 of 31/12/9999 in Caracas is already year 10000 in UTC, which the database cannot store.
    const lejana = await post({
      title: 'Lejana',
      content: '<p>Hola</p>',
      status: 'programado',
      schedule_post: '9999-12-31T23:59:59',
      category_id: categoryId,
    });
    expect(lejana.statusCode).toBe(400);
    expect(lejana.json().message).toBe('La fecha programada no es válida.');
    const sinCategoria = await post({ title: 'Otra', content: '<p>Hola</p>', status: 'borrador', category_id: 999999 });
    expect(sinCategoria.statusCode).toBe(400);
    expect(sinCategoria.json().message).toBe('La categoría elegida no existe.');
    const ajena = await post({
      title: 'Otra',
      content: '<p>Hola</p>',
      status: 'borrador',
      category_id: categoryId,
      images: '../../etc/passwd',
    });
    expect(ajena.statusCode).toBe(422);
    expect(ajena.json().errors.images).toEqual(['La imagen no es válida: súbala de nuevo']);
    const inexistente = await post({
      title: 'Otra',
      content: '<p>Hola</p>',
      status: 'borrador',
      category_id: categoryId,
      images: `${'a'.repeat(32)}.webp`,
    });
    expect(inexistente.statusCode).toBe(400);
    expect(inexistente.json().message).toBe('La imagen no existe: súbala de nuevo.');
  });

  it('el HTML se guarda limpio: sin scripts, atributos on*, javascript: ni SVG', async () => {
    const dirty =
      '<p onclick="alert(1)">Texto <strong>fuerte</strong> <a href="javascript:alert(2)">malo</a> <a href="https://moda.example/ok">bueno</a></p>' +
      '<script>alert(3)</script><img src="x" onerror="alert(4)"><svg onload="alert(5)"><script>alert(6)</script></svg>' +
      '<iframe src="https://evil.example"></iframe><h2 style="color:red;text-align:center">Título</h2>';
    const response = await post({
      title: '¿Qué ponerse en Mérida?<img src=x onerror="alert(0)">',
      content: dirty,
      status: 'publicado',
      category_id: categoryId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const saved: BlogPost = response.json().data;
    expect(saved.title).toBe('¿Qué ponerse en Mérida?');
    expect(saved.slug).toBe('que-ponerse-en-merida');
    expect(saved.content).toBe(
      '<p>Texto <strong>fuerte</strong> <a rel="noopener noreferrer nofollow">malo</a> <a href="https://moda.example/ok" rel="noopener noreferrer nofollow">bueno</a></p><h2 style="text-align:center">Título</h2>',
    );
    expect(saved.content).not.toMatch(/script|onerror|onclick|javascript:|svg|iframe|alert/i);
    expect(saved.user).toBeTruthy();
    const again = await post({ title: '¿Qué ponerse en Mérida?', content: '<p>Otra</p>', status: 'borrador', category_id: categoryId });
    expect(again.json().data.slug).toBe('que-ponerse-en-merida-2');
    const taken = await post({
      title: 'X otra',
      slug: 'que-ponerse-en-merida',
      content: '<p>Otra</p>',
      status: 'borrador',
      category_id: categoryId,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Ya hay otra publicación con el slug «que-ponerse-en-merida».');
  });

  it('un borrador y una programada no se ven en la tienda hasta su hora; al llegar, sí', async () => {
    const borrador = (
      await post({ title: 'Borrador secreto', content: '<p>Aún no</p>', status: 'borrador', category_id: categoryId })
    ).json().data as BlogPost;
    const soon = new Date(Date.now() + 3000);
    const programada = await post({
      title: 'Colección de diciembre',
      content: '<p>Pronto</p>',
      status: 'programado',
      schedule_post: soon.toISOString(),
      category_id: categoryId,
    });
    expect(programada.statusCode, programada.body).toBe(201);
    const scheduled: BlogPost = programada.json().data;
    expect(scheduled.status).toBe('programado');
    expect(scheduled.published_at).toBe(soon.toISOString());

    const visibleSlugs = async () =>
      ((await api.call('anonimo', 'GET', `/api/blog/get-all-posts?category=${categoryId}&per_page=30`)).json().data as BlogPost[]).map(
        (p) => p.slug,
      );
    expect(await visibleSlugs()).not.toContain(borrador.slug);
    expect(await visibleSlugs()).not.toContain(scheduled.slug);
    expect((await api.call('anonimo', 'GET', `/api/blog/get-post/${scheduled.slug}`)).statusCode).toBe(404);
    expect((await api.call('anonimo', 'GET', `/api/blog/get-post/${borrador.slug}`)).statusCode).toBe(404);
    const panel = (await api.call('admin', 'GET', '/api/blog/panel/get-all-posts?per_page=30')).json().data as BlogPost[];
    expect(panel.map((p) => p.slug)).toEqual(expect.arrayContaining([borrador.slug, scheduled.slug]));

    await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50));
    expect(await visibleSlugs()).toContain(scheduled.slug);
    const detail = await api.call('anonimo', 'GET', `/api/blog/get-post/${scheduled.slug}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.status).toBe('publicado');
    expect(await visibleSlugs()).not.toContain(borrador.slug);

    const published = await api.call('admin', 'PATCH', '/api/blog/update-post', {
      id: borrador.id,
      title: 'Borrador publicado',
      content: '<p>Ya</p>',
      status: 'publicado',
      category_id: categoryId,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.slug).toBe(borrador.slug);
    expect(await visibleSlugs()).toContain(borrador.slug);
    const categories = (await api.call('anonimo', 'GET', '/api/blog/get-all-categories')).json().data;
    expect(categories.find((c: { id: number }) => c.id === categoryId).posts).toBe((await visibleSlugs()).length);
  });

  it('varias publicaciones del mismo título guardadas a la vez reciben slugs distintos, sin errores', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        post({ title: 'Rebajas de enero', content: '<p>Rebajas</p>', status: 'borrador', category_id: categoryId }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const slugs = responses.map((r) => r.json().data.slug as string);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain('rebajas-de-enero');
    for (const slug of slugs) expect(slug).toMatch(/^rebajas-de-enero(-[2-7])?$/);
  });

  it('la lista de la tienda pagina con meta y update-post de una publicación que no existe es 404', async () => {
    const page = (await api.call('anonimo', 'GET', '/api/blog/get-all-posts?per_page=1&page=2')).json();
    expect(page.meta).toMatchObject({ current_page: 2, per_page: 1 });
    expect(page.data).toHaveLength(1);
    expect((await api.call('anonimo', 'GET', '/api/blog/get-all-posts?category=abc')).statusCode).toBe(422);
    const missing = await api.call('admin', 'PATCH', '/api/blog/update-post', {
      id: 999999,
      title: 'Nada',
      content: '<p>x</p>',
      status: 'borrador',
      category_id: categoryId,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La publicación no existe.');
  });
});

describe('subir la imagen de una publicación', () => {
  it('una foto real se acepta, se guarda como WebP sin metadatos y sirve para la publicación', async () => {
    const response = await upload('playa.jpg', 'image/jpeg', await photo());
    expect(response.statusCode, response.body).toBe(201);
    const { images, url } = response.json().data;
    expect(images).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(url).toBe(`/uploads/${images}`);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const withImage = await post({ title: 'Con foto', content: '<p>Foto</p>', status: 'publicado', category_id: categoryId, images });
    expect(withImage.statusCode, withImage.body).toBe(201);
    expect(withImage.json().data.images).toBe(url);
  });

  it('un PDF con nombre .jpg, un SVG, un archivo vacío, un políglota y uno de más de 8 MB se rechazan en español', async () => {
    const pdf = await upload('foto.jpg', 'image/jpeg', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.imagen).toEqual(['El archivo no es una imagen JPEG, PNG o WebP (se revisa su contenido, no su nombre).']);
    const svg = await upload(
      'logo.png',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
    );
    expect(svg.statusCode).toBe(422);
    expect(svg.json().message).toMatch(/no es una imagen JPEG, PNG o WebP/);
    const empty = await upload('vacia.jpg', 'image/jpeg', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('El archivo está vacío.');
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>'.repeat(20))]);
    const poly = await upload('x.jpg', 'image/jpeg', polyglot);
    expect(poly.statusCode).toBe(422);
    const big = Buffer.concat([await photo(200, 200), Buffer.alloc(8 * 1024 * 1024)]);
    const huge = await upload('grande.jpg', 'image/jpeg', big);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('La imagen pesa más de 8 MB.');
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/blog/upload-image',
      payload: { imagen: 'x' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(noFile.statusCode).toBe(415);
  });

  it('una ruta de archivo inventada no llega al disco', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'a.webp', `${'0'.repeat(32)}.webp`]) {
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode, name).toBe(404);
    }
  });
});
