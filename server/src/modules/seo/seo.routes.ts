// robots.txt and sitemap.xml: lines, sub-lines, every article page and every visible blog post, with absolute URLs.
// The origin is the configured public one (app.publicUrl): a forged Host header changes nothing.
import type { FastifyInstance } from 'fastify';
import { articlePath, linePath, subLinePath } from '#domain/catalogo-urls.ts';
import { slugsVisibles } from '#server/modules/blog/blog.service.ts';
import { findAllForSitemap, listLines } from '#server/modules/catalogo/catalogo.service.ts';

const STATIC_PATHS = [
  '/',
  '/linea',
  '/articulos/lo-nuevo',
  '/articulos/mas-vendidos',
  '/articulos/promociones',
  '/nuestras-tiendas',
  '/sobre-nosotros',
  '/blog',
  '/galeria',
  '/contact',
  '/franchise',
  '/privacy-policy',
  '/terms-and-condition',
];

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const origin = app.publicUrl;
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(
      // The cart's own page may be read (it is the same for every crawler: an empty cart); its
      // checkout steps (?paso=…), the order received and the WhatsApp form may not.
      `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\nDisallow: /auth/\nDisallow: /carrito?\nDisallow: /carrito/\n\nSitemap: ${origin}/sitemap.xml\n`,
    );
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const db = app.deps.database.db;
    const [lines, models, posts] = await Promise.all([listLines(db), findAllForSitemap(db), slugsVisibles(db, app.reloj.ahora())]);
    const paths = [
      ...STATIC_PATHS,
      ...lines.flatMap((l) => [linePath(l.code), subLinePath(l.code), ...l.sublineas.map((s) => subLinePath(l.code, s.code))]),
      ...models.map((m) => articlePath(m.lineCode, m.subLineCode, m.model)),
      ...posts.map((p) => `/blog/detail/${encodeURIComponent(p.slug)}`),
    ];
    const body = paths.map((p) => `<url><loc>${escapeXml(origin + p)}</loc></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });
}
