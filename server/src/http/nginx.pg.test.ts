// Two store processes on one PostgreSQL database behind nginx with the repo's site file
// (deploy/nginx/vitrina.conf), as docs/despliegue.md deploys them: nginx spreads the requests over
// both, and when one process dies with SIGKILL in the middle of a burst of orders, every order that
// was acknowledged is there, the only failures are requests the dead process held, and every later
// request is answered by the other process.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPostgresDatabase } from '#test/build-test-app.ts';
import { buyerAddress, buyerOrder } from '#test/compradores.ts';
import { type Nginx, startNginx } from '#test/nginx.ts';
import { freePort, type ServerProcess, startServerProcess } from '#test/server-process.ts';

const AT_ONCE = 8;
const KILL_AFTER = 10;

let created: { url: string; drop: () => Promise<void> } | undefined;
let dataDir = '';
let pool: pg.Pool;
const processes: { server: ServerProcess; metricas: number }[] = [];
let nginx: Nginx | undefined;
let articles: string[] = [];
let storeId = 0;
const runId = randomBytes(3).toString('hex');

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Esta prueba necesita DATABASE_URL (npm run test:pg).');
  created = await createSeededPostgresDatabase(serverUrl);
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-nginx-tienda-'));
  pool = new pg.Pool({ connectionString: created.url, max: 2 });
  articles = (
    await pool.query<{ code: string }>(
      `SELECT a.code FROM articulos a JOIN modelos m ON m.code = a.model_code WHERE m.active ORDER BY a.code LIMIT 4`,
    )
  ).rows.map((r) => r.code);
  storeId = (await pool.query<{ id: number }>('SELECT id FROM tiendas ORDER BY id LIMIT 1')).rows[0].id;
  for (const code of articles) {
    await pool.query(
      `INSERT INTO inventario (article_code, tienda_id, quantity) VALUES ($1, $2, 500)
       ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = 500, held = 0`,
      [code, storeId],
    );
  }
  const env = {
    DATABASE_URL: created.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'secreto-compartido-por-los-procesos-detras-de-nginx',
    // nginx is one hop and the test stands for the shoppers' own proxy in front of it: each buyer's
    // address (X-Forwarded-For) reaches the store, as the per-address limits need.
    TRUST_PROXY: '2',
  };
  for (let i = 0; i < 2; i++) {
    const metricas = await freePort();
    const server = await startServerProcess(await freePort(), { ...env, METRICAS_PUERTO: String(metricas) });
    processes.push({ server, metricas });
  }
  nginx = await startNginx(processes.map((p) => Number(new URL(p.server.url).port)));
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  for (const { server } of processes) await server.kill();
  await pool?.end();
  await created?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Requests a process has answered, from its own metrics port. */
async function answeredBy(metricas: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricas}/metrics`)).text();
  return [...text.matchAll(/^vitrina_http_solicitudes_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

type Outcome = { key: string; status?: number; code?: string; failed?: boolean };

async function order(n: number): Promise<Outcome> {
  const key = `nginx-${runId}-${n}`;
  const { body } = buyerOrder(n, articles, storeId);
  try {
    const response = await fetch(`${nginx?.url}/api/orden-compra/registrar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': buyerAddress(n) },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as { data?: { orderCode?: string } };
    return { key, status: response.status, code: json.data?.orderCode };
  } catch {
    return { key, failed: true };
  }
}

describe('dos procesos detrás de nginx', () => {
  it('nginx reparte las solicitudes entre los dos procesos', async () => {
    const before = await Promise.all(processes.map((p) => answeredBy(p.metricas)));
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${nginx?.url}/api/catalogo/articulos?per_page=1`);
      expect(response.status).toBe(200);
    }
    const after = await Promise.all(processes.map((p) => answeredBy(p.metricas)));
    for (let i = 0; i < processes.length; i++) expect(after[i] - before[i], `proceso ${i + 1}`).toBeGreaterThan(0);
  });

  it('si un proceso muere con SIGKILL a mitad de una ráfaga de órdenes, lo confirmado está, solo falla lo que él tenía y el otro atiende lo demás', async () => {
    const outcomes: Outcome[] = [];
    let next = 0;
    let acknowledged = 0;
    let killing: Promise<void> | undefined;
    let afterKill = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        // Until the kill, and then until 30 more orders have been asked for.
        while (afterKill < 30) {
          const outcome = await order(next++);
          outcomes.push(outcome);
          if (outcome.status === 201) acknowledged++;
          if (killing) afterKill++;
          if (acknowledged >= KILL_AFTER && !killing) killing = processes[0].server.kill();
        }
      }),
    );
    await killing;
    const ok = outcomes.filter((o) => o.status === 201);
    const bad = outcomes.filter((o) => o.status !== 201);
    // nginx answers for the dead process: what it held (at most one request per buyer at once) is a
    // 502, never a dropped connection nor a second try of the same POST on the other process.
    expect(bad.filter((o) => o.failed || o.status !== 502)).toEqual([]);
    expect(bad.length).toBeLessThanOrEqual(AT_ONCE);

    // Every acknowledged order is in the database, once, as it was answered.
    const rows = (
      await pool.query<{ key: string; code: string }>(
        `SELECT idempotency_key AS key, code FROM ordenes_compra WHERE idempotency_key LIKE $1`,
        [`nginx-${runId}-%`],
      )
    ).rows;
    const byKey = new Map(rows.map((r) => [r.key, r.code]));
    expect(byKey.size).toBe(rows.length);
    for (const outcome of ok) expect(byKey.get(outcome.key), outcome.key).toBe(outcome.code);
    // What failed may or may not have been written (it died mid-request), but nothing else was.
    expect(rows.length).toBeLessThanOrEqual(ok.length + bad.length);

    // From now on the survivor answers everything.
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${nginx?.url}/api/catalogo/articulos?per_page=1`);
      expect(response.status).toBe(200);
    }
    const again = await order(next++);
    expect(again.status).toBe(201);
  }, 120_000);
});
