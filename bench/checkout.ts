// Checkout throughput on PostgreSQL, the last part of `npm run bench`: many buyers at once on a few
// articles with plenty of stock (every order contends for the same rows and none is refused), each
// with its own idempotency key, against the real server on a fresh database, and in the same run
// against the bare baseline of bare-checkout-server.ts on the same PostgreSQL server.
// BENCH_DATABASE_URL names the server (postgres://postgres@127.0.0.1:5432/test by default); the
// bench creates its own database there and drops it at the end.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed/seed.ts';
import { buyerAddress, buyerOrder } from '#test/compradores.ts';
import { freePort, waitFor } from '#test/server-process.ts';
import { stockFirstArticles } from './existencia.ts';
import { load, type NextRequest } from './load.ts';

const ARTICLES = 4;
const STOCK = 10_000_000;

function buyers(articles: string[], tiendaId: number, prefix: string): NextRequest {
  let n = 0;
  return () => {
    n++;
    return {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `${prefix}-${n}`, 'x-forwarded-for': buyerAddress(n) },
      body: JSON.stringify(buyerOrder(n, articles, tiendaId).body),
    };
  };
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function benchCheckout({ seconds, connections }: { seconds: number; connections: number }): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const shown = serverUrl.replace(/\/\/[^@/]*@/, '//…@');
  const name = `vitrina_bench_${randomBytes(5).toString('hex')}`;
  try {
    await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    console.log(`\nCompra en PostgreSQL: omitida, no se pudo usar ${shown} (${(error as Error).message}).`);
    return;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-bench-compra-'));
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    const database = await openDatabase({ url: databaseUrl, dataDir: null });
    await seedDemo(database.db);
    await database.close();
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const { codes: articles, tiendaId } = await stockFirstArticles(db, ARTICLES, STOCK);
    // The baseline's own tables, in the same database.
    await db.query(`
      CREATE TABLE bench_existencia (article_code text PRIMARY KEY, quantity int NOT NULL, held int NOT NULL DEFAULT 0,
        CHECK (held >= 0 AND held <= quantity));
      CREATE TABLE bench_orden (id serial PRIMARY KEY, idempotency_key text NOT NULL UNIQUE, body jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE bench_orden_linea (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES bench_orden (id),
        article_code text NOT NULL, quantity int NOT NULL);
      CREATE INDEX bench_orden_linea_orden ON bench_orden_linea (order_id);`);
    await db.query('INSERT INTO bench_existencia (article_code, quantity) SELECT unnest($1::text[]), $2', [articles, STOCK]);

    const appPort = await freePort();
    app = spawn(process.execPath, ['server/src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED: 'none',
        // Buyers come from many addresses behind a proxy (X-Forwarded-For), as in production;
        // from one address the per-address limit of /registrar would refuse most of them.
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const barePort = await freePort();
    bare = fork(path.resolve('bench/bare-checkout-server.ts'), [databaseUrl, String(barePort)], { stdio: 'inherit' });
    await Promise.all([waitFor(`http://127.0.0.1:${appPort}/api/health`), new Promise((r) => bare?.once('message', r))]);

    const appUrl = `http://127.0.0.1:${appPort}/api/orden-compra/registrar`;
    const bareUrl = `http://127.0.0.1:${barePort}/api/orden-compra/registrar`;
    await load(appUrl, { connections, seconds: 1, next: buyers(articles, tiendaId, 'calentar') });
    await load(bareUrl, { connections, seconds: 1, next: buyers(articles, tiendaId, 'calentar') });
    const ours = await load(appUrl, { connections, seconds, next: buyers(articles, tiendaId, 'vitrina') });
    const base = await load(bareUrl, { connections, seconds, next: buyers(articles, tiendaId, 'base') });

    // The store's books after the run: every held unit belongs to an order line.
    const { rows } = await db.query<{ held: number; ordered: number }>(
      `SELECT (SELECT sum(held)::int FROM inventario WHERE article_code = ANY($1)) AS held,
              (SELECT coalesce(sum(quantity), 0)::int FROM orden_detalles) AS ordered`,
      [articles],
    );
    await db.end();

    console.log(
      `\nCompra en PostgreSQL: ${connections} compradores a la vez sobre ${ARTICLES} artículos con existencia de sobra, ${seconds} s`,
    );
    console.log('(base: node:http + pg, una transacción con la orden, sus líneas y la existencia; ver bench/bare-checkout-server.ts)\n');
    console.log('| objetivo | Vitrina órdenes/s | Vitrina p99 ms | base órdenes/s | base p99 ms | razón órdenes/s |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(
      `| POST orden-compra/registrar | ${ours.rps.toFixed(0)} | ${ours.p99.toFixed(1)} | ${base.rps.toFixed(0)} | ${base.p99.toFixed(1)} | ${(ours.rps / base.rps).toFixed(2)} |` +
        (ours.errors || base.errors ? ` (errores: Vitrina ${ours.errors}, base ${base.errors})` : ''),
    );
    if (rows[0].held !== rows[0].ordered) {
      console.log(`¡Atención! Unidades retenidas (${rows[0].held}) distintas de las pedidas (${rows[0].ordered}).`);
    }
  } finally {
    app?.kill('SIGTERM');
    bare?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch((error) =>
      console.log(`No se pudo borrar la base de datos ${name}: ${(error as Error).message}`),
    );
    await rm(dataDir, { recursive: true, force: true });
  }
}
