// `DATABASE_URL=… node bench/escala-explain.ts`: on a PostgreSQL database seeded with
// `npm run db:seed -- --scale` (100.000 articles and 100.000 orders), EXPLAIN (ANALYZE, BUFFERS) of
// every query the hot requests of bench/escala.ts send: the storefront lists, the article detail and
// the staff order list with its step counts. Prints, per query: time, shared buffers hit+read, the
// indexes used and any Seq Scan (docs/decisions/0031).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { type ArticleQuery, articleDetail, listArticles } from '#server/modules/catalogo/catalogo.service.ts';
import * as personal from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import { CONTEOS } from '#server/modules/panel/panel.service.ts';
import { printPlans } from './explicar.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Falta DATABASE_URL (PostgreSQL con el catálogo y las órdenes grandes).');
const pool = new pg.Pool({ connectionString: url, max: 8 });
const sent: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => sent.push({ query, params }) } }) as unknown as Db;

const list: ArticleQuery = { page: 1, perPage: 24, groupColors: true };
const perColour: ArticleQuery = { page: 1, perPage: 6, sortBy: 'precio', sortDesc: false };
const page49 = await listArticles(db, { ...perColour, page: 49 });
const grouped: ArticleQuery = { page: 1, perPage: 6, groupColors: true };
const groupedPage39 = await listArticles(db, { ...grouped, page: 39 });
const cases: [string, () => Promise<unknown>][] = [
  ['lista por línea DAM', () => listArticles(db, { ...list, linea: 'DAM' })],
  ['lista por sub-línea DAM/BLU', () => listArticles(db, { ...list, linea: 'DAM', sublinea: 'BLU' })],
  [
    'sub-línea + color, talla y precio',
    () => listArticles(db, { ...list, linea: 'DAM', sublinea: 'BLU', color: ['NEGR'], talla: 'MD', precioMin: '20', precioMax: '80' }),
  ],
  [
    'color, talla y precio en todo el catálogo',
    () => listArticles(db, { page: 1, perPage: 6, groupColors: true, color: ['NEGR'], talla: 'MD', precioMin: '20', precioMax: '80' }),
  ],
  ['búsqueda «negro»', () => listArticles(db, { ...list, search: 'negro' })],
  ['línea DAM por precio', () => listArticles(db, { ...list, linea: 'DAM', sortBy: 'precio' })],
  ['por color, precio, pág. 50 por número', () => listArticles(db, { ...perColour, page: 50 })],
  [
    'por color, precio, pág. 50 con «despues»',
    () => listArticles(db, { ...perColour, page: 50, despues: page49.meta.next_cursor ?? undefined }),
  ],
  ['línea DAM por nombre', () => listArticles(db, { ...list, linea: 'DAM', sortBy: 'nombre' })],
  ['línea DAM por vendidos', () => listArticles(db, { ...list, linea: 'DAM', sortBy: 'vendidos' })],
  ['agrupada, pág. 40 por número', () => listArticles(db, { ...grouped, page: 40 })],
  [
    'agrupada, pág. 40 con «despues»',
    () => listArticles(db, { ...grouped, page: 40, despues: groupedPage39.meta.next_cursor ?? undefined }),
  ],
  ['detalle del artículo', () => articleDetail(db, 'B006935JEAN')],
  ['órdenes, sin filtros', () => Promise.all([personal.buscar(db, {}, 1, 15), personal.contarPorPaso(db, {})])],
  [
    'órdenes, «entregada» + Zelle + fechas',
    () =>
      Promise.all([
        personal.buscar(db, { step: 'entregada', method: 'zelle', from: '2025-01-01', to: '2026-12-31' }, 1, 15),
        personal.contarPorPaso(db, { method: 'zelle', from: '2025-01-01', to: '2026-12-31' }),
      ]),
  ],
  [
    'órdenes, búsqueda por cédula',
    () => Promise.all([personal.buscar(db, { search: 'V-10000007' }, 1, 15), personal.contarPorPaso(db, { search: 'V-10000007' })]),
  ],
  ['órdenes, pág. 50', () => personal.buscar(db, {}, 50, 15)],
  // The dashboard's home: the one query of each card.
  ...Object.entries(CONTEOS).map(([id, count]): [string, () => Promise<unknown>] => [`inicio: ${id}`, () => count(db, new Date())]),
];

for (const [name, run] of cases) {
  // Once to warm the cache, then the measured run: the figures are of a warm database.
  sent.length = 0;
  await run();
  const queries = [...sent];
  console.log(`\n## ${name}`);
  await printPlans(pool, queries, 90);
}
await pool.end();
