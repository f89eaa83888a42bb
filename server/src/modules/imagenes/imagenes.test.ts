import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_WIDTHS } from '#domain/catalogo-urls.ts';
import type { ArticleCard } from '#domain/contracts/catalogo.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { getJson, rows } from '#test/inject.ts';
import { svgToWebp } from './render.ts';

// The real drawing, counted: twenty visitors at once must cost one.
vi.mock('./render.ts', async (original) => {
  const actual = await original<typeof import('./render.ts')>();
  return { ...actual, svgToWebp: vi.fn(actual.svgToWebp) };
});

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const image = (url: string) => t.app.inject({ method: 'GET', url });

/** Share of the pixels within a small distance of `hex`. */
async function shareNear(webp: Buffer, hex: string): Promise<number> {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let near = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (Math.hypot(data[i] - r, data[i + 1] - g, data[i + 2] - b) <= 40) near++;
  }
  return near / (info.width * info.height);
}

describe('fotos de modelos', () => {
  it('cada ancho publicado sale en WebP de ese ancho, proporción 4:5 y con caché larga', async () => {
    const card = (await getJson<ArticleCard[]>(t, '/api/catalogo/articulos?per_page=1')).body.data[0];
    for (const width of IMAGE_WIDTHS) {
      const response = await image(`/imagenes/modelos/${card.model}-${width}.webp`);
      expect(response.statusCode, String(width)).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d{5,}/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe((width * 5) / 4);
    }
    // The URLs the API hands out are the ones served.
    expect((await image(card.image)).statusCode).toBe(200);
    for (const entry of card.imageSrcSet.split(', ')) {
      const [url, descriptor] = entry.split(' ');
      const meta = await sharp((await image(url)).rawPayload).metadata();
      expect(`${meta.width}w`).toBe(descriptor);
    }
  });

  it('cada sub-línea tiene su dibujo, pintado del color del modelo', async () => {
    const samples = await rows<{ code: string; hex: string }>(
      t,
      sql`SELECT DISTINCT ON (m.sublinea_id) m.code, c.hex FROM modelos m JOIN colores c ON c.code = m.color_code
          ORDER BY m.sublinea_id, m.code`,
    );
    expect(samples).toHaveLength(19);
    for (const sample of samples) {
      const response = await image(`/imagenes/modelos/${sample.code}-320.webp`);
      expect(response.statusCode, sample.code).toBe(200);
      expect(await shareNear(response.rawPayload, sample.hex), sample.code).toBeGreaterThan(0.05);
    }
  });

  it('dos colores del mismo modelo dan fotos distintas, y la misma foto pedida dos veces es idéntica', async () => {
    const [red, navy] = await rows<{ code: string; hex: string }>(
      t,
      sql`SELECT m.code, c.hex FROM modelos m JOIN colores c ON c.code = m.color_code
          WHERE m.base_code = (SELECT base_code FROM modelos WHERE color_code = 'ROJO' AND base_code IN
                                 (SELECT base_code FROM modelos WHERE color_code = 'AZMA') ORDER BY base_code LIMIT 1)
            AND m.color_code IN ('ROJO', 'AZMA')
          ORDER BY m.color_code DESC`,
    );
    const first = (await image(`/imagenes/modelos/${red.code}-320.webp`)).rawPayload;
    const again = (await image(`/imagenes/modelos/${red.code}-320.webp`)).rawPayload;
    const other = (await image(`/imagenes/modelos/${navy.code}-320.webp`)).rawPayload;
    expect(Buffer.compare(first, again)).toBe(0);
    expect(Buffer.compare(first, other)).not.toBe(0);
    expect(await shareNear(first, red.hex)).toBeGreaterThan(2 * (await shareNear(other, red.hex)));
    expect(await shareNear(other, navy.hex)).toBeGreaterThan(2 * (await shareNear(first, navy.hex)));
  });

  it('un modelo desconocido da 404 JSON en español', async () => {
    const response = await image('/imagenes/modelos/ZZZZ999NEGR-320.webp');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'La imagen no existe.' });
  });

  it('un nombre de archivo inválido se rechaza con 4xx y nunca llega a dibujar', async () => {
    const model = (await getJson<ArticleCard[]>(t, '/api/catalogo/articulos?per_page=1')).body.data[0].model;
    for (const name of [
      `${model}-123.webp`,
      `${model}-320.png`,
      `${model}-320`,
      `${model.toLowerCase()}-320.webp`,
      `${model}-4096.webp`,
      '..%2F..%2Fetc%2Fpasswd-320.webp',
      `${'A'.repeat(40)}-320.webp`,
      '-320.webp',
    ]) {
      const response = await image(`/imagenes/modelos/${name}`);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.headers['content-type'], name).toMatch(/^application\/json/);
    }
  });
});

describe('imágenes de la tienda', () => {
  it('el banner es un WebP ancho con copias angostas para teléfonos, y el logo un SVG', async () => {
    const banner = await image('/imagenes/banner.webp');
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/webp');
    const meta = await sharp(banner.rawPayload).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.height).toBeLessThan(1600);
    for (const width of [640, 960]) {
      const narrow = await image(`/imagenes/banner-${width}.webp`);
      expect(narrow.statusCode).toBe(200);
      expect((await sharp(narrow.rawPayload).metadata()).width).toBe(width);
      expect(narrow.rawPayload.length).toBeLessThan(banner.rawPayload.length);
    }
    for (const bad of [
      'banner-123.webp',
      'banner-abc.webp',
      'banner-1600.png',
      'banner-0640.webp',
      'banner-6.4e2.webp',
      'banner-1600.webp',
    ]) {
      const refused = await image(`/imagenes/${bad}`);
      expect(refused.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, bad).toBeLessThan(500);
    }
    const logo = await image('/imagenes/logo.svg');
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toMatch(/^<svg[\s>]/);
    expect((await sharp(Buffer.from(logo.body)).metadata()).format).toBe('svg');
    // The footer is dark: its logo writes the name in white, the header's in near-black.
    const light = await image('/imagenes/logo-claro.svg');
    expect(light.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(light.body).toMatch(/<text [^>]*fill="#ffffff">Vitrina<\/text>/);
    expect(logo.body).toMatch(/<text [^>]*fill="#212529">Vitrina<\/text>/);
  });
});

describe('imágenes guardadas en disco (como en producción)', () => {
  it('veinte visitas a la vez a una imagen aún no dibujada reciben la misma imagen y dejan un solo archivo', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-imagenes-'));
    const disk = await buildTestApp({ NODE_ENV: 'production', DATA_DIR: dataDir });
    try {
      const model = (await getJson<ArticleCard[]>(disk, '/api/catalogo/articulos?per_page=1')).body.data[0].model;
      const url = `/imagenes/modelos/${model}-640.webp`;
      vi.mocked(svgToWebp).mockClear();
      const answers = await Promise.all(Array.from({ length: 20 }, () => disk.app.inject({ method: 'GET', url })));
      expect(svgToWebp).toHaveBeenCalledTimes(1);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      for (const answer of answers) expect(Buffer.compare(answer.rawPayload, answers[0].rawPayload)).toBe(0);
      const files = await readdir(path.join(dataDir, 'cache', 'imagenes'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^v2-[a-z]+-[0-9a-f]{6}-\d-640\.webp$/);
    } finally {
      await disk.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('si el disco no deja guardarla, la imagen se entrega igual', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-imagenes-'));
    // «cache» is a file: the folder for the pictures cannot be made.
    await writeFile(path.join(dataDir, 'cache'), 'no es una carpeta');
    const disk = await buildTestApp({ NODE_ENV: 'production', DATA_DIR: dataDir });
    try {
      const answer = await disk.app.inject({ method: 'GET', url: '/imagenes/banner-960.webp' });
      expect(answer.statusCode).toBe(200);
      expect((await sharp(answer.rawPayload).metadata()).width).toBe(960);
    } finally {
      await disk.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
