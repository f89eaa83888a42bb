// `DATABASE_URL=… node bench/catalogo-explain.ts`: runs the storefront list cases on a PostgreSQL
// database seeded with `npm run db:seed -- --scale`, then EXPLAIN (ANALYZE, BUFFERS) of every query
// each case sent. Prints, per query: time, shared buffers hit+read, the indexes used and any Seq Scan.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { type ArticleQuery, listArticles } from '#server/modules/catalogo/catalogo.service.ts';
import { printPlans } from './explicar.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Falta DATABASE_URL (PostgreSQL con el catálogo grande).');
const pool = new pg.Pool({ connectionString: url, max: 4 });
const sent: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => sent.push({ query, params }) } }) as unknown as Db;

const base: ArticleQuery = { page: 1, perPage: 24, groupColors: true };
const cases: [string, ArticleQuery][] = [
  ['sub-línea, página 1', { ...base, linea: 'DAM', sublinea: 'BLU' }],
  ['sub-línea, página 500', { ...base, linea: 'DAM', sublinea: 'BLU', page: 500 }],
  ['color NEGR, página 1', { ...base, color: ['NEGR'] }],
  ['búsqueda «prueba», página 1', { ...base, search: 'prueba' }],
  ['precio ascendente, página 1', { ...base, sortBy: 'precio', sortDesc: false }],
  ['precio ascendente, página 500', { ...base, sortBy: 'precio', sortDesc: false, page: 500 }],
  ['por color (API, 6), lo más nuevo, página 1', { page: 1, perPage: 6 }],
  ['por color (API, 6), precio, página 1', { page: 1, perPage: 6, sortBy: 'precio', sortDesc: false }],
  ['por color (API, 6), precio, página 500', { page: 500, perPage: 6, sortBy: 'precio', sortDesc: false }],
];
// Page 500 again, reached with the cursor page 499 gave (keyset).
const page499 = await listArticles(db, { page: 499, perPage: 6, sortBy: 'precio', sortDesc: false });
cases.push([
  'por color (API, 6), precio, página 500 con «despues»',
  { page: 500, perPage: 6, sortBy: 'precio', sortDesc: false, despues: page499.meta.next_cursor ?? undefined },
]);

for (const [name, query] of cases) {
  sent.length = 0;
  // Once to warm the cache, then the measured run: the figures are of a warm database.
  await listArticles(db, query);
  const queries = [...sent];
  console.log(`\n## ${name}`);
  await printPlans(pool, queries, 70);
}
await pool.end();
