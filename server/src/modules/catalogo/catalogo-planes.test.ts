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

type PlanNode = { 'Index Name'?: string; Plans?: PlanNode[] };
const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

/** EXPLAIN on one connection in a transaction rolled back after (SET LOCAL and DROP INDEX last until then). */
async function indexesUsed(text: string, params: unknown[]): Promise<string[]> {
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  const run = async (c: Querier) => {
    // On the small test catalogue another path always looks cheaper (a walk of modelos_sublinea from
    // each sub-line): the other indexes of modelos go for this transaction, so the question is only
    // whether the search condition can use the trigram index at all.
    await c.query('SET LOCAL enable_seqscan = off');
    const others = await c.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'modelos' AND indexname <> 'modelos_busqueda'
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'modelos'::regclass)`,
    );
    for (const row of others.rows) await c.query(`DROP INDEX "${String(row.indexname)}"`);
    const result = await c.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const raw = result.rows[0]['QUERY PLAN'];
    const [{ Plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    return indexesOf(Plan);
  };
  if (t.database.kind === 'pglite') {
    return (client as { transaction: <T>(fn: (tx: Querier & { rollback: () => Promise<void> }) => Promise<T>) => Promise<T> }).transaction(
      async (tx) => {
        const used = await run(tx);
        await tx.rollback();
        return used;
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
