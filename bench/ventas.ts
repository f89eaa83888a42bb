// The sales reports on PostgreSQL with BENCH_SALES documents (100,000 by default): the totals and the
// list of /api/ventas (a month, a store's month, a seller's «mis ventas», and everything), and the
// receivables list of /api/mayor/cuentas, against the bare node:http server returning the same bytes
// in the same run; then the plan of each query (EXPLAIN on the bench database) and the indexes it
// uses. The documents are written in a few multi-row INSERTs (generate_series), each consistent
// with the rules: base = subtotal − descuento, IVA 16 % of the base, total = base + IVA + IGTF.
// BENCH_DATABASE_URL names the server, as for the checkout bench.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed/seed.ts';
import * as repo from '#server/modules/ventas/ventas.reportes.repo.ts';
import { freePort, waitFor } from '#test/server-process.ts';
import { load } from './load.ts';

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `count` documents over the last 365 days, ~70 % facturas paid with one method, the rest notas. */
export async function seedSales(client: pg.Client, count: number): Promise<void> {
  await client.query(
    `INSERT INTO clientes (dni, name) SELECT 'V-' || (20000000 + g), 'Cliente bench ' || g FROM generate_series(1, 2000) g`,
  );
  await client.query(
    `INSERT INTO ventas (number, control_number, kind, condition, source, cliente_id, vendedor_id, tienda_id, rate, subtotal, descuento,
                         base_imponible, iva, igtf, total, balance_paid, outstanding_balance, payment_status, due_date, created_at)
     SELECT CASE WHEN x.credito THEN 'NE' ELSE 'F' END || '-Z' || x.tienda || '-' || lpad(x.g::text, 7, '0'),
            '99-' || lpad(x.g::text, 8, '0'),
            CASE WHEN x.credito THEN 'nota-entrega' ELSE 'factura' END,
            CASE WHEN x.credito THEN 'credito' ELSE 'contado' END,
            'mostrador', x.cliente, x.vendedor, x.tienda, x.rate, x.subtotal, x.descuento,
            x.base, x.iva, x.igtf, x.base + x.iva + x.igtf,
            CASE WHEN x.credito THEN 0 ELSE x.base + x.iva + x.igtf END,
            CASE WHEN x.credito THEN x.base + x.iva + x.igtf ELSE 0 END,
            CASE WHEN x.credito THEN 'pendiente' ELSE 'pagada' END,
            CASE WHEN x.credito THEN (x.at + interval '30 days')::date END,
            x.at
       FROM (SELECT y.*, y.subtotal - y.descuento AS base, round((y.subtotal - y.descuento) * 0.16, 2) AS iva,
                    CASE WHEN NOT y.credito AND y.g % 3 = 0 THEN round((y.subtotal - y.descuento) * 1.16 * 0.03, 2) ELSE 0 END AS igtf
               FROM (SELECT g, g % 10 >= 7 AS credito,
                            t.ids[1 + g % array_length(t.ids, 1)] AS tienda,
                            CASE WHEN g % 7 = 0 THEN NULL ELSE s.ids[1 + g % array_length(s.ids, 1)] END AS vendedor,
                            c.ids[1 + (g * 7919) % array_length(c.ids, 1)] AS cliente,
                            (300 + (g % 9000) / 100.0)::numeric(14, 4) AS rate,
                            (10 + (g * 104729) % 49000 / 100.0)::numeric(12, 2) AS subtotal,
                            round((10 + (g * 104729) % 49000 / 100.0) * (g % 5) / 100.0, 2) AS descuento,
                            now() - ((g * 7919) % (365 * 24 * 60)) * interval '1 minute' AS at
                       FROM generate_series(1::bigint, $1::bigint) g,
                            (SELECT array_agg(id ORDER BY id) AS ids FROM tiendas) t,
                            (SELECT array_agg(id ORDER BY id) AS ids FROM vendedores) s,
                            (SELECT array_agg(id ORDER BY id) AS ids FROM clientes) c) y) x`,
    [count],
  );
  await client.query(
    `INSERT INTO venta_lineas (venta_id, article_code, name, tienda_id, quantity, price, discount, net)
     SELECT v.id, a.codes[1 + v.id % array_length(a.codes, 1)], 'Artículo de prueba', v.tienda_id, 1, v.subtotal, v.descuento, v.base_imponible
       FROM ventas v, (SELECT array_agg(code ORDER BY code) AS codes FROM articulos) a
      WHERE v.number LIKE '%-Z%'`,
  );
  await client.query(
    `INSERT INTO venta_pagos (venta_id, method, currency, amount, amount_usd, rate, igtf, created_at)
     SELECT v.id, k.method, CASE WHEN v.igtf > 0 THEN 'USD' ELSE 'VES' END,
            CASE WHEN v.igtf > 0 THEN v.total ELSE round(v.total * v.rate, 2) END, v.total, v.rate, v.igtf, v.created_at
       FROM ventas v
       JOIN LATERAL (SELECT CASE WHEN v.igtf > 0 THEN (ARRAY['efectivo', 'zelle'])[1 + v.id % 2]
                                 ELSE (ARRAY['pago-movil', 'transferencia', 'punto-de-venta'])[1 + v.id % 3] END AS method) k ON true
      WHERE v.number LIKE 'F-Z%'`,
  );
  await client.query('ANALYZE');
}

const CARACAS_DAY = (d: Date) => new Date(d.getTime() - 4 * 3_600_000).toISOString().slice(0, 10);

/** Prints which indexes a query's plan uses (and the whole plan with BENCH_PLANS=1). */
async function explain(c: pg.Client, label: string, q: { sql: string; params: unknown[] }): Promise<void> {
  const plan = (await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q.sql}`, q.params)).rows.map((r) => r['QUERY PLAN']);
  const used = plan.flatMap((line) =>
    [...line.matchAll(/(?:Index|Index Only) Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2]),
  );
  const scanned = plan.flatMap((line) => /Seq Scan on (ventas|venta_pagos|abonos|venta_lineas)\b/.exec(line)?.[1] ?? []);
  const indexes = [...new Set(used)];
  const scans = [...new Set(scanned)];
  console.log(
    `- ${label}: ${indexes.length > 0 ? indexes.join(', ') : 'sin índice'}${scans.length > 0 ? ` · recorrido secuencial de ${scans.join(', ')}` : ''}`,
  );
  if (process.env.BENCH_PLANS) console.log(plan.map((l) => `    ${l}`).join('\n'));
}

export async function benchVentas({ seconds, connections }: { seconds: number; connections: number }): Promise<void> {
  const count = Number(process.env.BENCH_SALES ?? 100_000);
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const shown = serverUrl.replace(/\/\/[^@/]*@/, '//…@');
  const name = `vitrina_bench_ventas_${randomBytes(5).toString('hex')}`;
  try {
    await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    console.log(`\nReportes de ventas: omitidos, no se pudo usar ${shown} (${(error as Error).message}).`);
    return;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-bench-ventas-'));
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    const database = await openDatabase({ url: databaseUrl, dataDir: null });
    await seedDemo(database.db);
    const started = performance.now();
    await admin(databaseUrl, (c) => seedSales(c, count));
    console.log(
      `\nReportes de ventas en PostgreSQL: ${count.toLocaleString('es-VE')} documentos cargados en ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const today = CARACAS_DAY(new Date());
    const monthAgo = CARACAS_DAY(new Date(Date.now() - 30 * 86_400_000));
    const [{ tienda, vendedor, userEmail }] = await admin(
      databaseUrl,
      async (c) =>
        (
          await c.query<{ tienda: number; vendedor: number; userEmail: string }>(
            `SELECT (SELECT id FROM tiendas ORDER BY id LIMIT 1) AS tienda, v.id AS vendedor, u.email AS "userEmail"
             FROM vendedores v JOIN usuarios u ON u.id = v.user_id ORDER BY v.id LIMIT 1`,
          )
        ).rows,
    );
    const month = `filter_advance[date_from]=${monthAgo}&filter_advance[date_to]=${today}`;
    const targets = [
      { name: 'ventas/totales, un mes', path: `/api/ventas/totales?${month}`, where: { from: monthAgo, to: today } },
      { name: 'ventas/totales, todo', path: '/api/ventas/totales', where: {} },
      { name: 'ventas (lista), un mes', path: `/api/ventas?${month}`, where: { from: monthAgo, to: today } },
      { name: 'ventas (lista), todo, página 50', path: '/api/ventas?page=50', where: {}, offset: 49 * 15 },
      {
        name: 'ventas (lista), una tienda, un mes',
        path: `/api/ventas?${month}&filter_advance[tienda]=${tienda}`,
        where: { from: monthAgo, to: today, tiendaId: tienda },
      },
      {
        name: 'ventas/totales, mis ventas, un mes',
        path: `/api/ventas/totales?${month}&alcance=mias`,
        where: { from: monthAgo, to: today, ownVendedorId: vendedor },
        as: userEmail,
      },
      { name: 'ventas/pagos, un mes', path: `/api/ventas/pagos?${month}`, payments: { from: monthAgo, to: today } },
      { name: 'ventas/graficos, un mes', path: `/api/ventas/graficos?${month}` },
      { name: 'mayor/cuentas/listado/pendientes', path: '/api/mayor/cuentas/listado/pendientes' },
      { name: 'mayor/cuentas/listado/vencidas', path: '/api/mayor/cuentas/listado/vencidas' },
      { name: 'mayor/cuentas/listado/clientes', path: '/api/mayor/cuentas/listado/clientes' },
    ] as { name: string; path: string; where?: repo.SalesWhere; payments?: repo.PaymentsWhere; offset?: number; as?: string }[];

    // The plans, on the bench database itself (after ANALYZE).
    const dialect = new PgDialect();
    console.log('\nPlanes (EXPLAIN) e índices que usan:');
    await admin(databaseUrl, async (c) => {
      for (const t of targets) {
        if (t.payments) await explain(c, `${t.name} (página)`, dialect.sqlToQuery(repo.paymentsPageQuery(t.payments, 15, 0)));
        if (!t.where) continue;
        const queries = t.path.includes('/totales')
          ? [{ what: 'totales', q: dialect.sqlToQuery(repo.sumSalesQuery(t.where)) }]
          : [
              { what: 'página', q: repo.salesPageQuery(database.db, t.where, 'fecha', true, 15, t.offset ?? 0).toSQL() },
              { what: 'cuenta', q: repo.salesCountQuery(database.db, t.where).toSQL() },
            ];
        for (const { what, q } of queries) await explain(c, `${t.name} (${what})`, q);
      }
    });
    await database.close();

    const appPort = await freePort();
    app = spawn(process.execPath, ['server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitFor(`${appUrl}/api/health`);
    const cookies = new Map<string, string>();
    const cookieOf = async (email: string) => {
      const known = cookies.get(email);
      if (known) return known;
      const response = await fetch(`${appUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Vitrina.Demo.2026' }),
      });
      if (!response.ok) throw new Error(`login de ${email}: ${response.status}`);
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
      cookies.set(email, cookie);
      return cookie;
    };
    const recorded = [];
    const usable = [];
    for (const t of targets) {
      const cookie = await cookieOf(t.as ?? 'admin@vitrina.com.ve');
      const response = await fetch(appUrl + t.path, { headers: { cookie } });
      if (!response.ok) {
        console.log(`- ${t.name}: omitido (${response.status})`);
        continue;
      }
      recorded.push({
        path: t.path,
        contentType: response.headers.get('content-type') ?? '',
        body: Buffer.from(await response.arrayBuffer()).toString('base64'),
      });
      usable.push({ ...t, cookie });
    }
    const file = path.join(dataDir, 'recorded-ventas.json');
    await writeFile(file, JSON.stringify(recorded));
    const barePort = await freePort();
    bare = fork(path.resolve('bench/bare-server.ts'), [file, String(barePort)], { stdio: 'inherit' });
    await new Promise((resolve) => bare?.once('message', resolve));

    console.log(`\n${connections} conexiones, ${seconds} s por medición, ${count.toLocaleString('es-VE')} documentos\n`);
    console.log('| objetivo | Vitrina req/s | Vitrina p99 ms | base req/s | base p99 ms | razón req/s |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const t of usable) {
      const headers = { cookie: t.cookie };
      await load(appUrl + t.path, { connections, seconds: 1, headers }); // warm-up
      const ours = await load(appUrl + t.path, { connections, seconds, headers });
      const base = await load(`http://127.0.0.1:${barePort}${t.path}`, { connections, seconds });
      console.log(
        `| ${t.name} | ${ours.rps.toFixed(0)} | ${ours.p99.toFixed(1)} | ${base.rps.toFixed(0)} | ${base.p99.toFixed(1)} | ${(ours.rps / base.rps).toFixed(3)} |` +
          (ours.errors ? ` (${ours.errors} errores)` : ''),
      );
    }
  } finally {
    for (const child of [app, bare]) {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
    await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
  }
}

// `node bench/ventas.ts` runs this part alone.
if (import.meta.main) {
  await benchVentas({ seconds: Number(process.env.BENCH_SECONDS ?? 8), connections: Number(process.env.BENCH_CONNECTIONS ?? 16) });
}
