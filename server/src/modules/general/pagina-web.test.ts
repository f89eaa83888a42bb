// POST /api/general/info-pagina: the admin saves the page settings (multipart); the logo and the
// banner go through the safe upload path and the public read shows the change at once.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { loginAs } from '#test/sessions.ts';

let t: TestApp;
let dataDir: string;
let adminToken: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-pagina-web-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  adminToken = (await loginAs(t.app, 'admin@vitrina.com.ve')).token;
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'bytes' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      'bytes' in part ? part.bytes : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function guardar(parts: Part[], token: string | null = adminToken) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/general/info-pagina',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

const leer = async () => (await t.app.inject('/api/general/info-pagina')).json().data;
const subidas = async () => readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[]);

describe('guardar los ajustes de la página', () => {
  it('el admin sube logo y banner y cambia la oferta: la lectura pública lo muestra enseguida', async () => {
    expect((await leer()).offer).not.toBe('Rebajas de diciembre');
    const response = await guardar([
      { name: 'offer', value: '  Rebajas de diciembre ' },
      { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: await png(400, 120) },
      { name: 'banner', filename: 'banner.png', type: 'image/png', bytes: await png(2400, 800) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().data;
    expect(saved.offer).toBe('Rebajas de diciembre');
    expect(saved.logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(saved.banner).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(await leer()).toEqual(saved);
    const banner = await t.app.inject(saved.banner);
    expect(banner.statusCode).toBe(200);
    // Re-encoded to WebP and narrowed to the stored width.
    expect((await sharp(banner.rawPayload).metadata()).width).toBe(1600);
  });

  it('lo que no viene se conserva', async () => {
    const before = await leer();
    const response = await guardar([{ name: 'facility', value: 'Envíos a toda Venezuela' }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await leer()).toEqual({ ...before, facility: 'Envíos a toda Venezuela' });
  });

  it('un archivo que no es imagen es 422 en español y no cambia nada', async () => {
    const before = await leer();
    const files = await subidas();
    const response = await guardar([
      { name: 'offer', value: 'No debe quedar' },
      { name: 'banner', filename: 'banner.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"></svg>') },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.banner[0]).toMatch(/no es una imagen JPEG, PNG o WebP/);
    expect(await leer()).toEqual(before);
    expect(await subidas()).toEqual(files);
  });

  it('textos demasiado largos o un formulario vacío: 422 en español', async () => {
    const largo = await guardar([
      { name: 'offer', value: 'x'.repeat(201) },
      { name: 'storeName', value: 'V' },
    ]);
    expect(largo.statusCode).toBe(422);
    expect(largo.json().errors).toEqual({
      offer: ['La oferta no puede tener más de 200 caracteres'],
      storeName: ['El nombre de la tienda debe tener al menos 2 caracteres'],
    });
    const vacio = await guardar([{ name: 'otro', value: 'x' }]);
    expect(vacio.statusCode).toBe(422);
    expect(vacio.json().message).toBe('Indique qué desea cambiar de la página.');
  });

  it('JSON en vez de multipart es 415 y un cuerpo cortado 422, nunca 500', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/general/info-pagina',
      payload: { offer: 'x' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Envíe el formulario como multipart/form-data.');
    const cortado = await t.app.inject({
      method: 'POST',
      url: '/api/general/info-pagina',
      payload: '--xx\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'multipart/form-data; boundary=xx' },
    });
    expect(cortado.statusCode).toBe(422);
  });

  it('sin sesión 401; otro rol del personal 403', async () => {
    expect((await guardar([{ name: 'offer', value: 'x' }], null)).statusCode).toBe(401);
    const ventas = (await loginAs(t.app, 'ventas@vitrina.com.ve')).token;
    expect((await guardar([{ name: 'offer', value: 'x' }], ventas)).statusCode).toBe(403);
  });
});

function guardarPie(parts: Part[], token: string | null = adminToken) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/footer-content',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const leerPie = async () => (await t.app.inject('/api/footer-content')).json().data;

describe('guardar el pie de página', () => {
  it('about_text se parte en la barra; teléfonos, correo, WhatsApp y redes se guardan; lo que no viene se conserva', async () => {
    const before = await leerPie();
    const response = await guardarPie([
      { name: 'about_text', value: 'Ropa para toda la familia.| |Envíos a toda Venezuela. ' },
      { name: 'whatsapp', value: '+58 414-555-0199' },
      { name: 'email', value: 'Hola@Vitrina.com.ve' },
      { name: 'instagram', value: 'https://instagram.com/otra.cuenta' },
      { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: await png(300, 100) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const saved = await leerPie();
    expect(saved).toEqual({
      ...before,
      about_text: ['Ropa para toda la familia.', 'Envíos a toda Venezuela.'],
      // Kept as every phone is; the link to wa.me puts the 58 back (whatsappDigits).
      whatsapp: '0414-555-0199',
      email: 'hola@vitrina.com.ve',
      logo: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/),
      social_links: { ...before.social_links, instagram: 'https://instagram.com/otra.cuenta' },
    });
    expect(response.json().data).toEqual(saved);
  });

  it('el formulario completo del panel (todos los campos y el logo) se acepta', async () => {
    const campos = [
      'about_text',
      'address',
      'phone1',
      'phone2',
      'whatsapp',
      'email',
      'copyright_text',
      'facebook',
      'twitter',
      'instagram',
      'youtube',
    ];
    const before = await leerPie();
    const parts: Part[] = campos.map((name) => ({ name, value: name === 'about_text' ? before.about_text.join('|') : '' }));
    parts.push({ name: 'logo', filename: 'logo.png', type: 'image/png', bytes: await png(200, 80) });
    const response = await guardarPie(parts);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.phone2).toBe('');
  });

  it('las etiquetas se quitan de cada campo: un <script> nunca se guarda', async () => {
    const response = await guardarPie([
      { name: 'about_text', value: 'Hola<script>alert(1)</script>|<img src=x onerror=alert(2)>Adiós' },
      { name: 'address', value: '&lt;script&gt;alert(3)&lt;/script&gt;Chacao' },
      { name: 'copyright_text', value: '<b>© Vitrina</b>' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const saved = await leerPie();
    expect(saved.about_text).toEqual(['Hola', 'Adiós']);
    expect(saved.address).toBe('Chacao');
    expect(saved.copyright_text).toBe('© Vitrina');
  });

  it('datos inválidos: 422 en español por campo y nada cambia', async () => {
    const before = await leerPie();
    const response = await guardarPie([
      { name: 'address', value: 'No debe quedar' },
      { name: 'phone1', value: 'llámenos' },
      { name: 'email', value: 'no-es-correo' },
      { name: 'facebook', value: 'javascript:alert(1)' },
      { name: 'about_text', value: 'a|b|c|d|e|f|g' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      phone1: ['El teléfono no es válido: un número venezolano tiene 11 dígitos (ejemplo: 0414-555-0101)'],
      email: ['El correo no es válido'],
      facebook: ['El enlace de Facebook debe ser una dirección web (https://…)'],
      about_text: ['El texto «sobre nosotros» puede tener hasta 6 párrafos (separados por «|»)'],
    });
    expect(await leerPie()).toEqual(before);
    const logo = await guardarPie([{ name: 'logo', filename: 'logo.png', type: 'image/png', bytes: Buffer.from('GIF89a') }]);
    expect(logo.statusCode).toBe(422);
    expect(await leerPie()).toEqual(before);
  });

  it('vacío 422, JSON 415; sin sesión 401 y otro rol 403', async () => {
    expect((await guardarPie([])).statusCode).toBe(422);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/footer-content',
      payload: { address: 'x' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(json.statusCode).toBe(415);
    expect((await guardarPie([{ name: 'address', value: 'x' }], null)).statusCode).toBe(401);
    const despacho = (await loginAs(t.app, 'despacho@vitrina.com.ve')).token;
    expect((await guardarPie([{ name: 'address', value: 'x' }], despacho)).statusCode).toBe(403);
  });
});
