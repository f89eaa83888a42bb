// The catalogue file through the API: the generated PDF read back with pdftotext (a model's name
// and its Bs. price at the rate; a new rate and a rebuild give the new price), the periodic rebuild
// only on a change, the upload's checks, and the public link serving the uploaded file.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caracasIsoDate } from '#domain/dates.ts';
import { formatUsd, formatVes, usdToVesCents } from '#domain/money.ts';
import { precioAlPublico } from '#domain/precio-al-publico.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail, loginAs } from '#test/sessions.ts';
import { generarSiCambio } from './catalogo-archivo.service.ts';

let t: TestApp;
let dataDir: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'catalogo-archivo-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  for (const role of ['admin', 'inventario']) tokens.set(role, (await loginAs(t.app, demoEmail(role))).token);
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const auth = (role = 'inventario') => ({ authorization: `Bearer ${tokens.get(role)}` });

function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
}

async function download() {
  return t.app.inject({ method: 'GET', url: '/api/catalogo/archivo.pdf' });
}

async function setRate(amount: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/general/tasa-del-dia',
    headers: auth('admin'),
    payload: { amount, note: 'prueba del catálogo' },
  });
  expect(response.statusCode).toBe(201);
}

/** A model in stock, to look for in the PDF. */
async function aModelInStock() {
  const result = await t.database.db.execute(sql`
    SELECT m.name, m.price, m.promotion FROM modelos m
    JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
    WHERE m.active AND s.active AND l.active AND EXISTS (SELECT 1 FROM articulos a JOIN inventario i ON i.article_code = a.code
      WHERE a.model_code = m.code AND i.quantity > i.held)
    ORDER BY m.code LIMIT 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    name: string;
    price: string;
    promotion: string;
  }[];
  return rows[0];
}

function bsPrice(model: { price: string; promotion: string }, rate: string) {
  return formatVes(usdToVesCents(precioAlPublico(model).pvpCents, rate));
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

function multipart(filename: string, value: Buffer) {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    value,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(filename: string, bytes: Buffer, role = 'inventario') {
  const body = multipart(filename, bytes);
  return t.app.inject({ method: 'POST', url: '/api/catalogo/archivo', payload: body.payload, headers: { ...body.headers, ...auth(role) } });
}

const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('catálogo en PDF generado', () => {
  it('la descarga pública trae el nombre de un modelo y su precio en Bs. a la tasa del día, como adjunto', async () => {
    await setRate('45.50');
    const model = await aModelInStock();
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="catalogo.pdf"');
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/catalogo/archivo.pdf',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const text = flat(pdfText(response.rawPayload));
    expect(text).toContain('Catálogo');
    expect(text).toContain('Tasa del día: Bs. 45,5000 por US$');
    expect(text).toContain(model.name);
    expect(text).toContain(bsPrice(model, '45.50'));
  });

  it('imprime el precio con el descuento automático de hoy, el mismo que muestra el sitio', async () => {
    await setRate('45.50');
    const result = await t.database.db.execute(sql`
      SELECT m.code, m.name, m.price, m.promotion FROM modelos m
      JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
      WHERE m.active AND s.active AND l.active AND EXISTS (SELECT 1 FROM articulos a JOIN inventario i ON i.article_code = a.code
        WHERE a.model_code = m.code AND i.quantity > i.held)
      ORDER BY m.code DESC LIMIT 1`);
    const [model] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      code: string;
      name: string;
      price: string;
      promotion: string;
    }[];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/descuento/registrar',
      headers: auth('admin'),
      payload: {
        name: 'Catálogo 10 %',
        aplicacion: 'automatico',
        kind: 'porcentaje',
        value: '10',
        validFrom: caracasIsoDate(new Date()),
        validTo: null,
        active: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const assigned = await t.app.inject({
      method: 'PATCH',
      url: '/api/descuento/asignar',
      headers: auth('admin'),
      payload: { id: created.json().data.id, modelos: [model.code] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const site = (await t.app.inject({ url: `/api/v2/catalogo/article?code=${model.code}` })).json().data as { discount: string };
    expect(Number(site.discount)).toBeGreaterThan(0);
    expect(await generarSiCambio(t.database.db, t.app.uploadStore)).toBe(true);
    const text = flat(pdfText((await download()).rawPayload));
    const withDiscount = precioAlPublico({ ...model, discount: site.discount }).pvpCents;
    expect(text).toContain(formatUsd(withDiscount));
    expect(text).toContain(formatVes(usdToVesCents(withDiscount, '45.50')));
  });

  it('con otra tasa, la tarea periódica lo vuelve a generar con el precio nuevo; sin cambios no lo toca', async () => {
    const model = await aModelInStock();
    expect(await generarSiCambio(t.database.db, t.app.uploadStore)).toBe(false);
    await setRate('61.25');
    expect(await generarSiCambio(t.database.db, t.app.uploadStore)).toBe(true);
    const text = flat(pdfText((await download()).rawPayload));
    expect(text).toContain(bsPrice(model, '61.25'));
    // Only whole files are left: no temporary file behind.
    expect((await readdir(path.join(dataDir, 'catalogo'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('«Generar ahora» espera la construcción y deja la fecha de la última generación', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/catalogo/archivo/generar', headers: auth('admin') });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.en_construccion).toBe(false);
    expect(Number.isNaN(Date.parse(data.generado_en))).toBe(false);
    expect(data.sirve).toBe('generado');
  });

  it('dos pedidos a la vez comparten una sola construcción', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/catalogo/archivo/generar', headers: auth('admin') }),
      t.app.inject({ method: 'POST', url: '/api/catalogo/archivo/generar', headers: auth('inventario') }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.generado_en).toBe(b.json().data.generado_en);
  });
});

describe('catálogo subido', () => {
  it('rechaza un JPEG con nombre .pdf, un PDF con nombre .jpg, un archivo vacío y uno de más de 30 MB, sin cambiar nada', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const cases: [string, Buffer, number, string][] = [
      ['catalogo.pdf', jpeg, 400, 'El archivo no es un PDF (se revisa su contenido, no su nombre).'],
      ['catalogo.jpg', SMALL_PDF, 400, 'El archivo debe ser un PDF con nombre terminado en «.pdf».'],
      ['vacio.pdf', Buffer.alloc(0), 400, 'El archivo está vacío.'],
      ['grande.pdf', Buffer.concat([SMALL_PDF, Buffer.alloc(30 * 1024 * 1024)]), 413, 'El archivo pesa más de 30 MB.'],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await upload(name, bytes);
      expect([name, response.statusCode, response.json().message]).toEqual([name, status, message]);
    }
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/catalogo/archivo', headers: auth() })).json();
    expect(data.subido).toBeNull();
  });

  it('el enlace público sirve el subido mientras exista; al quitarlo vuelve el generado', async () => {
    const generatedEtag = String((await download()).headers.etag);
    const response = await upload('Catálogo 2026.pdf', SMALL_PDF);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ sirve: 'subido', subido: { nombre: 'Catálogo 2026.pdf', bytes: SMALL_PDF.length } });
    const served = await t.app.inject({ method: 'GET', url: '/api/catalogo/archivo.pdf', headers: { 'if-none-match': generatedEtag } });
    // Same address, another file: a browser holding the generated one gets the uploaded one.
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SMALL_PDF)).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/catalogo/archivo', headers: auth('admin') });
    expect(removed.json().data).toMatchObject({ sirve: 'generado', subido: null });
    const back = (await download()).rawPayload;
    expect(back.equals(SMALL_PDF)).toBe(false);
    expect(flat(pdfText(back))).toContain('Catálogo');
  });
});
