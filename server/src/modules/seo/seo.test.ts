import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { rows } from '#test/inject.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Whatever Host a client sends, absolute URLs use the public origin (PUBLIC_URL, else localhost:PORT).
const HOST = 'evil.example';
const ORIGIN = 'http://localhost:3000';

async function sitemapLocs(): Promise<string[]> {
  const response = await t.app.inject({ url: '/sitemap.xml', headers: { host: HOST } });
  expect(response.statusCode).toBe(200);
  return [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

/** Every catalogue page the sitemap must list, from the active rows of the database. */
async function expectedCataloguePaths(): Promise<string[]> {
  const lines = await rows<{ code: string }>(t, sql`SELECT code FROM lineas WHERE active`);
  const sublines = await rows<{ line: string; sub: string }>(
    t,
    sql`SELECT l.code AS line, s.code AS sub FROM sublineas s JOIN lineas l ON l.id = s.linea_id WHERE s.active AND l.active`,
  );
  const models = await rows<{ line: string; sub: string; model: string }>(
    t,
    sql`SELECT l.code AS line, s.code AS sub, m.code AS model
        FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
        WHERE m.active AND s.active AND l.active`,
  );
  return [
    ...lines.flatMap((l) => [`/linea/${l.code}/sub-lineas`, `/linea/${l.code}/sub-lineas/articulos`]),
    ...sublines.map((s) => `/linea/${s.line}/sub-lineas/${s.sub}/articulos`),
    ...models.map((m) => `/linea/${m.line}/sub-lineas/${m.sub}/articulos/${m.model}`),
  ];
}

describe('robots.txt', () => {
  it('permite la tienda y la página del carrito, cierra el panel, la API y los pasos del checkout, y apunta al sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt', headers: { host: HOST } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/dashboard', '/api/', '/auth/', '/carrito?', '/carrito/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /carrito');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(response.body).not.toContain(HOST);
  });

  it('sin proxy de confianza, una cabecera X-Forwarded-Host no cambia las URL', async () => {
    const response = await t.app.inject({
      url: '/robots.txt',
      headers: { host: 'tienda.test', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(response.body).not.toContain('evil.example');
    expect(response.body).not.toContain('tienda.test');
  });
});

describe('sitemap.xml', () => {
  it('es un urlset XML válido, sin URL repetidas', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml', headers: { host: HOST } });
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(response.body.trim().endsWith('</urlset>')).toBe(true);
    const opened = response.body.match(/<url>/g)?.length ?? 0;
    expect(opened).toBe(response.body.match(/<\/url>/g)?.length);
    const locs = await sitemapLocs();
    expect(locs.length).toBe(opened);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true);
  });

  it('lista exactamente las páginas de líneas, sub-líneas y artículos activos, además de las páginas fijas', async () => {
    const locs = await sitemapLocs();
    const expected = await expectedCataloguePaths();
    expect(expected.length).toBe(4 * 2 + 19 + 165);
    const catalogue = locs.filter((l) => l.startsWith(`${ORIGIN}/linea/`)).map((l) => l.slice(`${ORIGIN}`.length));
    expect(catalogue.sort()).toEqual(expected.sort());
    for (const page of ['/', '/linea', '/articulos/lo-nuevo', '/articulos/promociones', '/nuestras-tiendas', '/privacy-policy']) {
      expect(locs).toContain(`${ORIGIN}${page}`);
    }
  });

  it('con PUBLIC_URL las URL usan esa dirección, sin importar el host pedido', async () => {
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://www.vitrina.com.ve/' }),
      database: t.database,
      logger: false,
    });
    try {
      const robots = await app.inject({ url: '/robots.txt', headers: { host: HOST } });
      expect(robots.body).toContain('Sitemap: https://www.vitrina.com.ve/sitemap.xml');
      const sitemap = await app.inject({ url: '/sitemap.xml', headers: { host: HOST } });
      expect(sitemap.body).toContain('<loc>https://www.vitrina.com.ve/linea/DAM/sub-lineas</loc>');
      expect(sitemap.body).not.toContain(HOST);
    } finally {
      await app.close();
    }
  });

  it('ni un Host falsificado ni el X-Forwarded-Host de un proxy de confianza cambian las URL', async () => {
    const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test', TRUST_PROXY: '1' }), database: t.database, logger: false });
    try {
      const forwarded = { host: 'tienda.test', 'x-forwarded-host': HOST, 'x-forwarded-proto': 'https' };
      const sitemap = await app.inject({ url: '/sitemap.xml', headers: forwarded });
      expect(sitemap.body).toContain(`<loc>${ORIGIN}/linea/DAM/sub-lineas</loc>`);
      expect(sitemap.body).not.toMatch(/evil\.example|tienda\.test/);
      const robots = await app.inject({ url: '/robots.txt', headers: forwarded });
      expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    } finally {
      await app.close();
    }
  });

  it('lista las publicaciones visibles del blog, no los borradores ni las programadas para más tarde', async () => {
    await t.database.db.execute(sql`INSERT INTO blog_categorias (category) VALUES ('Sitemap')`);
    await t.database.db.execute(sql`
      INSERT INTO blog_posts (slug, title, content, status, schedule_post, published_at, category_id)
      SELECT v.slug, v.slug, '<p>x</p>', v.status, v.schedule_post::timestamptz, v.published_at::timestamptz, c.id
        FROM blog_categorias c,
             (VALUES ('ya-publicada', 'publicado', NULL, now() - interval '1 day'),
                     ('programada-pasada', 'programado', now() - interval '1 hour', now() - interval '1 hour'),
                     ('programada-futura', 'programado', now() + interval '1 day', now() + interval '1 day'),
                     ('un-borrador', 'borrador', NULL, NULL)) AS v(slug, status, schedule_post, published_at)
       WHERE c.category = 'Sitemap'`);
    const blog = (await sitemapLocs()).filter((l) => l.startsWith(`${ORIGIN}/blog/detail/`));
    expect(blog.sort()).toEqual([`${ORIGIN}/blog/detail/programada-pasada`, `${ORIGIN}/blog/detail/ya-publicada`]);
  });

  it('un modelo o una sub-línea desactivados salen del sitemap', async () => {
    const [model] = await rows<{ code: string }>(t, sql`SELECT code FROM modelos WHERE base_code = 'CSHO001' ORDER BY code LIMIT 1`);
    await t.database.db.execute(sql`UPDATE modelos SET active = false WHERE code = ${model.code}`);
    await t.database.db.execute(sql`UPDATE sublineas SET active = false WHERE code = 'BOT'`);
    const locs = await sitemapLocs();
    expect(locs.some((l) => l.endsWith(`/${model.code}`))).toBe(false);
    expect(locs.some((l) => l.includes('/sub-lineas/BOT/'))).toBe(false);
    const catalogue = locs.filter((l) => l.startsWith(`${ORIGIN}/linea/`)).map((l) => l.slice(`${ORIGIN}`.length));
    expect(catalogue.sort()).toEqual((await expectedCataloguePaths()).sort());
  });
});
