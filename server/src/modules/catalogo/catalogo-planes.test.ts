// The storefront search can use its trigram index (migration 0030): with full scans priced out, every query the search sends that filters on search_text reads modelos_busqueda. A change
// to the condition (ILIKE, lower(), a function around the column) that the index cannot serve fails here.
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { listArticles } from '#server/modules/catalogo/catalogo.service.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

type Sent = { query: string; params: unknown[] };
type Querier = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The same connection as the app's, with a logger that keeps every query sent. */
function recordingDb(sent: Sent[]): Db {
  const client = (t.database.db as unknown as { $client: never }).$client;
  const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ query, params }) };
  const db = t.database.kind === 'pglite' ? drizzlePglite(client, { schema, logger }) : drizzleNodePg(client, { schema, logger });
  return db as unknown as Db;
}

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Join Type'?: string; 'Parent Relationship'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** The nodes of the query itself, without the per-row subqueries of its columns (the card's first photo). */
const ownNodesOf = (node: PlanNode): PlanNode[] => [
  node,
  ...(node.Plans ?? []).filter((child) => child['Parent Relationship'] !== 'SubPlan').flatMap(ownNodesOf),
];
const indexesOf = (node: PlanNode): string[] => nodesOf(node).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));

/** EXPLAIN on one connection in a transaction rolled back after (SET LOCAL and DROP INDEX last until then). */
async function explain(text: string, params: unknown[], prepare: (c: Querier) => Promise<void>): Promise<PlanNode> {
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  const run = async (c: Querier) => {
    await prepare(c);
    const result = await c.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const raw = result.rows[0]['QUERY PLAN'];
    const [{ Plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    return Plan;
  };
  if (t.database.kind === 'pglite') {
    return (client as { transaction: <T>(fn: (tx: Querier & { rollback: () => Promise<void> }) => Promise<T>) => Promise<T> }).transaction(
      async (tx) => {
        const plan = await run(tx);
        await tx.rollback();
        return plan;
      },
    );
  }
  const connection = await (client as { connect: () => Promise<Querier & { release: () => void }> }).connect();
  try {
    await connection.query('BEGIN');
    return await run(connection);
  } finally {
    await connection.query('ROLLBACK');
    connection.release();
  }
}

async function indexesUsed(text: string, params: unknown[]): Promise<string[]> {
  const plan = await explain(text, params, async (c) => {
    // On the small test catalogue another path always looks cheaper (a walk of modelos_sublinea from
    // each sub-line): the other indexes of modelos go for this transaction, so the question is only
    // whether the search condition can use the trigram index at all.
    await c.query('SET LOCAL enable_seqscan = off');
    const others = await c.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'modelos' AND indexname <> 'modelos_busqueda'
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'modelos'::regclass)`,
    );
    for (const row of others.rows) await c.query(`DROP INDEX "${String(row.indexname)}"`);
  });
  return indexesOf(plan);
}

describe('planes de la búsqueda del catálogo', () => {
  it('cada consulta de la búsqueda que filtra por el texto usa el índice de trigramas', async () => {
    for (const query of [
      { page: 1, perPage: 24, groupColors: true, search: 'camisa' },
      { page: 1, perPage: 6, search: 'camisa negro' },
    ]) {
      const sent: Sent[] = [];
      const result = await listArticles(recordingDb(sent), query);
      expect(result.meta.total, query.search).toBeGreaterThan(0);
      const searching = sent.filter((s) => s.query.includes('search_text'));
      expect(searching.length, query.search).toBeGreaterThan(0);
      for (const s of searching) expect(await indexesUsed(s.query, s.params), s.query).toContain('modelos_busqueda');
    }
  });
});

// The grouped list (one card per style) at 100.000 articles must not read the whole line (decision
// 0031-escala): its rows come out of an index in the list order, so the page stops after its cards, and
// the check that a colour is the first of its style is a lookup of its siblings in modelos_base. On the
// small test catalogue sorting everything is cheaper, so sorting is priced out here: a Sort left in the
// plan means no index gives that order (a missing index, or a direction or NULLS that does not match).
describe('planes de la lista agrupada de la tienda', () => {
  const orders: [string, 'nuevo' | 'precio' | 'nombre' | 'vendidos', boolean, string, string][] = [
    ['lo más nuevo', 'nuevo', true, 'modelos_nuevo_orden', 'modelos_sublinea_nuevo'],
    ['precio de menor a mayor', 'precio', false, 'modelos_precio_orden', 'modelos_sublinea_precio'],
    ['precio de mayor a menor', 'precio', true, 'modelos_precio_desc_orden', 'modelos_sublinea_precio_desc'],
    ['nombre', 'nombre', false, 'modelos_nombre_orden', 'modelos_sublinea_nombre'],
    ['más vendidos', 'vendidos', true, 'modelos_vendidos_orden', 'modelos_sublinea_vendidos'],
  ];
  it.each(orders)(
    '%s: por línea y por sub-línea sale del índice del orden, sin ordenar, y cada estilo se mira en modelos_base',
    async (_name, sortBy, sortDesc, byLine, bySubline) => {
      for (const [filter, index] of [
        [{ linea: 'DAM' }, byLine],
        [{ linea: 'DAM', sublinea: 'BLU' }, bySubline],
        [{ linea: 'DAM', sublinea: 'BLU', despues: undefined as string | undefined }, bySubline],
      ] as const) {
        const query = { page: 1, perPage: 3, groupColors: true, sortBy, sortDesc, ...filter };
        if ('despues' in filter) {
          // Page 2 by cursor: the same index, started at the cursor.
          const first = await listArticles(t.database.db, query);
          expect(first.meta.next_cursor, sortBy).toEqual(expect.any(String));
          Object.assign(query, { page: 2, despues: first.meta.next_cursor });
        }
        const sent: Sent[] = [];
        await listArticles(recordingDb(sent), query);
        const list = sent.find((s) => s.query.includes('"hermano"'));
        expect(list, 'la consulta de la lista agrupada').toBeDefined();
        const plan = await explain(list?.query ?? '', list?.params ?? [], async (c) => {
          await c.query('SET LOCAL enable_sort = off');
          await c.query('SET LOCAL enable_incremental_sort = off');
          await c.query('SET LOCAL enable_seqscan = off');
          // From a sub-line the walk of the whole catalogue's order also avoids sorting (and on a catalogue
          // this small it can cost the same): without it, only the sub-line's own index remains.
          if ('sublinea' in filter) await c.query(`DROP INDEX "${byLine}"`);
        });
        const nodes = ownNodesOf(plan);
        expect(
          nodes.filter((n) => n['Node Type'].includes('Sort')).map((n) => n['Node Type']),
          `${sortBy} ${JSON.stringify(filter)}`,
        ).toEqual([]);
        expect(indexesOf(plan), `${sortBy} ${JSON.stringify(filter)}`).toContain(index);
        const antiJoin = nodes.find((n) => n['Join Type'] === 'Anti');
        expect(antiJoin?.['Node Type'], 'el estilo se mira por fila').toBe('Nested Loop');
        expect(indexesOf(antiJoin as PlanNode)).toContain('modelos_base');
      }
    },
  );
});
