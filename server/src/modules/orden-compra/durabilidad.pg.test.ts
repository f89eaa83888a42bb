// Durability of checkout on a real PostgreSQL server (only in `npm run test:pg`): the server process
// is killed with SIGKILL in the middle of a burst of orders and started again on the same database.
// Whatever it answered with a 2xx must be there, whole; nothing may be half-written; stock adds up.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPostgresDatabase } from '#test/build-test-app.ts';
import { type BuyerLine, buyerAddress, buyerOrder } from '#test/compradores.ts';
import { freePort } from '#test/server-process.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
// The project's Node 24 runs the server's TypeScript natively; the test runner may be older.
const localNode = path.join(root, 'node_modules/.bin/node');
const nodeBin = existsSync(localNode) ? localNode : process.execPath;

const UNITS_PER_ARTICLE = 30;
const WORKERS = 24;
const KILL_AFTER = 15;

type Outcome = { key: string; lines: BuyerLine[]; status?: number; code?: string; interrupted?: boolean };

let serverUrl = '';
let databaseUrl = '';
let created: { url: string; drop: () => Promise<void> } | undefined;
let dataDir = '';
let pool: pg.Pool;
let articles: string[] = [];
let storeId = 0;
let server: { child: ChildProcess; url: string; output: () => string } | undefined;
const runId = randomBytes(3).toString('hex');

async function startServer() {
  const port = await freePort();
  let output = '';
  const child = spawn(nodeBin, ['server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      // Each buyer comes from its own address (X-Forwarded-For), as behind a proxy, so the
      // per-address limit of /registrar does not refuse the burst.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  // Up to two minutes: a busy two-core machine starts the server slowly.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`el servidor no respondió en /api/health:\n${output}`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

async function post(url: string, n: number, key: string): Promise<Outcome> {
  const { lines, body } = buyerOrder(n, articles, storeId);
  try {
    const response = await fetch(`${url}/api/orden-compra/registrar`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': key,
        'x-forwarded-for': buyerAddress(n),
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data?: { orderCode?: string } };
    return { key, lines, status: response.status, code: json.data?.orderCode };
  } catch {
    // No complete answer: the order may or may not have been committed.
    return { key, lines, interrupted: true };
  }
}

/** `count` buyers over WORKERS connections; `onAnswer` may stop the burst by returning true. */
async function burst(url: string, from: number, count: number, onAnswer: (o: Outcome) => boolean = () => false) {
  const outcomes: Outcome[] = [];
  let next = from;
  let stop = false;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (!stop && next < from + count) {
        const n = next++;
        const outcome = await post(url, n, `durable-${runId}-${n}`);
        outcomes.push(outcome);
        if (outcome.interrupted || onAnswer(outcome)) stop = true;
      }
    }),
  );
  return outcomes;
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}

beforeAll(async () => {
  serverUrl = process.env.DATABASE_URL ?? '';
  if (!serverUrl) throw new Error('La prueba de durabilidad necesita DATABASE_URL (npm run test:pg).');
  created = await createSeededPostgresDatabase(serverUrl);
  databaseUrl = created.url;
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-durable-'));

  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  articles = (
    await query<{ code: string }>(
      `SELECT a.code FROM articulos a JOIN modelos m ON m.code = a.model_code WHERE m.active ORDER BY a.code LIMIT 4`,
    )
  ).map((r) => r.code);
  storeId = (await query<{ id: number }>('SELECT id FROM tiendas ORDER BY id LIMIT 1'))[0].id;
  // Only these units exist for the burst, all in one store: the buyers contend for the same rows.
  await query('UPDATE inventario SET quantity = 0, held = 0 WHERE article_code = ANY($1)', [articles]);
  for (const code of articles) {
    await query(
      `INSERT INTO inventario (article_code, tienda_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = $3, held = 0`,
      [code, storeId, UNITS_PER_ARTICLE],
    );
  }
}, 60_000);

afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  await pool?.end();
  await created?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function assertConsistent(answered: Outcome[]) {
  // Every order is whole: its final code, its lines, its history, and holds matching its lines.
  const orders = await query<{ id: number; code: string; step: string; key: string; lines: number; history: number }>(
    `SELECT o.id, o.code, o.step, o.idempotency_key AS key,
            (SELECT count(*)::int FROM orden_detalles d WHERE d.order_id = o.id) AS lines,
            (SELECT count(*)::int FROM orden_historial h WHERE h.order_id = o.id AND h.from_step IS NULL AND h.to_step = o.step) AS history
       FROM ordenes_compra o`,
  );
  for (const order of orders) {
    expect(order.code, order.key).toMatch(/^OC-\d{6}$/);
    expect(order.step, order.key).toBe('pendiente');
    expect(order.lines, order.key).toBeGreaterThan(0);
    expect(order.history, order.key).toBe(1);
  }
  const mismatched = await query<{ order_id: number }>(
    `WITH d AS (SELECT order_id, article_code, tienda_id, sum(quantity)::int AS q FROM orden_detalles GROUP BY 1, 2, 3),
          r AS (SELECT order_id, article_code, tienda_id, sum(quantity)::int AS q FROM reservas
                 WHERE order_id IS NOT NULL AND released_at IS NULL GROUP BY 1, 2, 3)
     SELECT coalesce(d.order_id, r.order_id) AS order_id FROM d
       FULL JOIN r ON r.order_id = d.order_id AND r.article_code = d.article_code AND r.tienda_id = d.tienda_id
      WHERE d.q IS DISTINCT FROM r.q`,
  );
  expect(mismatched).toEqual([]);

  // Every 2xx answer is in the database as answered, with the lines that were asked for.
  const byKey = new Map(orders.map((o) => [o.key, o]));
  for (const outcome of answered) {
    const order = byKey.get(outcome.key);
    expect(order?.code, outcome.key).toBe(outcome.code);
    const details = await query<BuyerLine>(
      `SELECT article_code AS "articleCode", tienda_id AS "tiendaId", quantity FROM orden_detalles
        WHERE order_id = $1 ORDER BY article_code`,
      [order?.id],
    );
    expect(details, outcome.key).toEqual([...outcome.lines].sort((a, b) => a.articleCode.localeCompare(b.articleCode)));
  }

  // Stock: nothing negative, and what is held (nothing was dispatched, so nothing sold) is exactly
  // what the orders took: held + sold = initial − available.
  const stock = await query<{ article_code: string; quantity: number; held: number; ordered: number; sold: number }>(
    `SELECT i.article_code, i.quantity, i.held,
            coalesce((SELECT sum(d.quantity)::int FROM orden_detalles d JOIN ordenes_compra o ON o.id = d.order_id
                       WHERE d.article_code = i.article_code AND d.tienda_id = i.tienda_id AND o.step <> 'anulada'), 0) AS ordered,
            coalesce((SELECT sum(d.quantity)::int FROM orden_detalles d JOIN ordenes_compra o ON o.id = d.order_id
                       WHERE d.article_code = i.article_code AND d.tienda_id = i.tienda_id AND o.step IN ('despachada', 'entregada')), 0) AS sold
       FROM inventario i WHERE i.article_code = ANY($1) AND i.tienda_id = $2`,
    [articles, storeId],
  );
  expect(stock).toHaveLength(articles.length);
  for (const row of stock) {
    const available = row.quantity - row.held;
    expect(row.held, row.article_code).toBeGreaterThanOrEqual(0);
    expect(available, row.article_code).toBeGreaterThanOrEqual(0);
    expect(row.held, row.article_code).toBe(row.ordered);
    expect(row.held + row.sold, row.article_code).toBe(UNITS_PER_ARTICLE - available);
  }
}

describe('durabilidad de las órdenes en PostgreSQL', () => {
  it('si el proceso muere con SIGKILL a mitad de una ráfaga de compras, lo respondido con 2xx queda completo y nada queda a medias', async () => {
    server = await startServer();
    let created = 0;
    let killed: ChildProcess | undefined;
    const first = await burst(server.url, 0, 1_000, (o) => {
      if (o.status === 201) created++;
      if (created === KILL_AFTER && !killed) {
        killed = server?.child;
        killed?.kill('SIGKILL');
      }
      return Boolean(killed);
    });
    expect(killed, server.output()).toBeDefined();
    await exited(server.child);
    const answered = first.filter((o) => o.status === 200 || o.status === 201);
    // Answers before the kill are orders or a clean refusal for lack of stock; never a 5xx.
    expect(first.filter((o) => !o.interrupted && o.status !== 201 && o.status !== 400)).toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill did land in the middle of requests.
    expect(first.filter((o) => o.interrupted).length).toBeGreaterThan(0);

    server = await startServer();
    await assertConsistent(answered);
    const [{ orders: ordersBefore }] = await query<{ orders: number }>('SELECT count(*)::int AS orders FROM ordenes_compra');

    // The same keys again: an answered order comes back as it was, and no new one is made.
    for (const outcome of answered) {
      const n = Number(outcome.key.split('-').at(-1));
      const again = await post(server.url, n, outcome.key);
      expect(again.status, outcome.key).toBe(200);
      expect(again.code, outcome.key).toBe(outcome.code);
    }
    const [{ orders: ordersAfter }] = await query<{ orders: number }>('SELECT count(*)::int AS orders FROM ordenes_compra');
    expect(ordersAfter).toBe(ordersBefore);

    // The interrupted ones are retried as a client would: each is an order (kept or new) or a refusal.
    const retried = [];
    for (const outcome of first.filter((o) => o.interrupted)) {
      const again = await post(server.url, Number(outcome.key.split('-').at(-1)), outcome.key);
      expect([200, 201, 400], outcome.key).toContain(again.status);
      retried.push(again);
    }

    // The restarted server goes on selling until the units run out, with no oversell.
    const rest = await burst(server.url, 10_000, 150);
    expect(rest.filter((o) => o.interrupted || (o.status !== 201 && o.status !== 400))).toEqual([]);
    expect(rest.filter((o) => o.status === 400).length).toBeGreaterThan(0);
    await assertConsistent([...answered, ...retried, ...rest].filter((o) => o.status === 200 || o.status === 201));
  }, 60_000);
});
