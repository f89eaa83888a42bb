// `npm run bench:escala` (after `npm run build`): does a request cost the same in a small store and in a
// large one? Two stores on PostgreSQL (BENCH_DATABASE_URL, postgres://postgres@127.0.0.1:5432/test by
// default; the bench creates its databases there and drops them at the end): the demo store with 200
// more models (~2.000 articles) and 1.000 orders, and one with 20.000 more models (~101.000 articles)
// and 100.000 orders (`npm run db:seed -- --scale`). The built server runs on each (NODE_ENV=production,
// the page cache stepped aside with a `bench` cookie, decision 0019) and each request is measured for
// BENCH_SECONDS with BENCH_CONNECTIONS clients, alternating stores in BENCH_ROUNDS slices; API GETs change their URL on
// every request so the 10-second response cache never answers them. Prints p95 at each size and
// their ratio (goal ≤ 1,5×, docs/decisions/0031). BENCH_PGLITE=1 measures both stores on PGlite too.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { seedScaleOrders } from '#server/db/seed/escala-ordenes.ts';
import { seedDemo, seedScale } from '#server/db/seed/seed.ts';
import { buyerAddress, buyerOrder } from '#test/compradores.ts';
import { freePort, waitFor } from '#test/server-process.ts';
import { load, type NextRequest } from './load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BYPASS_CACHE = 'bench=1';
const DEEP_PAGE = 50;
/** The grouped list's deep page (6 styles a page): the small store has ~255 styles, so page 40 still has cards. */
const GROUPED_DEEP_PAGE = 40;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Store = { name: string; models: number; orders: number };
const STORES: Store[] = [
  { name: '1k', models: 200, orders: 1_000 },
  { name: '100k', models: 20_000, orders: 100_000 },
];

/** One measured request: a GET path, or a POST with a body per request (checkout, staff list). */
type Probe = { name: string; path: string; staff?: boolean; next?: NextRequest; cards?: number };

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Stocked = { articles: string[]; tiendaId: number };

/** Seeds the store and returns the four articles the checkout buyers order (stock without end). */
async function seed(store: Store, target: { url?: string; dataDir: string | null }): Promise<Stocked> {
  const started = performance.now();
  const database = await openDatabase(target);
  try {
    await seedDemo(database.db);
    await seedScale(database.db, store.models);
    await seedScaleOrders(database.db, store.orders);
    // Plenty of stock on the first four active articles, in the first store: the checkout buyers' articles.
    const result = (await database.db.execute(sql`
      INSERT INTO inventario (article_code, tienda_id, quantity)
      SELECT a.code, (SELECT min(id) FROM tiendas), 10000000
      FROM articulos a JOIN modelos m ON m.code = a.model_code WHERE m.active ORDER BY a.code LIMIT 4
      ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = 10000000, held = 0
      RETURNING article_code, tienda_id`)) as unknown as { rows: { article_code: string; tienda_id: number }[] };
    console.log(`Tienda ${store.name}: cargada en ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return { articles: result.rows.map((r) => r.article_code), tiendaId: result.rows[0].tienda_id };
  } finally {
    await database.close();
  }
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { cookie: BYPASS_CACHE, ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The requests, built from what this store's API answers (the same names in both stores). */
async function probes(base: string, stocked: Stocked): Promise<Probe[]> {
  const list = '/api/catalogo/articulos?agrupar_colores=true&per_page=24';
  const first = await json(`${base}${list}&linea=DAM&sublinea=BLU`);
  const article = first.data[0].model as string;
  const pagePath = (first.data[0].path as string).split('/').slice(0, -1).join('/');
  const perColour = '/api/catalogo/articulos?per_page=6&sort_by=precio&sort_desc=false';
  const before = await json(`${base}${perColour}&page=${DEEP_PAGE - 1}`);
  const cursor = before.meta.next_cursor as string;
  const grouped = '/api/catalogo/articulos?agrupar_colores=true&per_page=6';
  const groupedBefore = await json(`${base}${grouped}&page=${GROUPED_DEEP_PAGE - 1}`);
  const groupedCursor = groupedBefore.meta.next_cursor as string;
  if (!groupedCursor) throw new Error(`La lista agrupada no llega a la página ${GROUPED_DEEP_PAGE}.`);
  const login = await json(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.1' },
    body: JSON.stringify({ email: 'admin@vitrina.com.ve', password: 'Vitrina.Demo.2026', token: true }),
  });
  const token = login.data.access_token as string;
  const staff =
    (body: object): NextRequest =>
    () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  return [
    { name: 'lista por línea (DAM)', path: `${list}&linea=DAM` },
    { name: 'lista por sub-línea (DAM/BLU)', path: `${list}&linea=DAM&sublinea=BLU` },
    { name: 'sub-línea + color, talla y precio', path: `${list}&linea=DAM&sublinea=BLU&color=NEGR&talla=MD&precio_min=20&precio_max=80` },
    // The API's own page (6): a filter that fills it in both stores, unlike the sub-line's above (empty at 1k).
    {
      name: 'color, talla y precio en todo el catálogo',
      path: '/api/catalogo/articulos?agrupar_colores=true&color=NEGR&talla=MD&precio_min=20&precio_max=80',
    },
    { name: 'búsqueda «negro»', path: '/api/catalogo/buscar-articulos?agrupar_colores=true&per_page=24&search=negro' },
    ...(['precio', 'nombre', 'nuevo', 'vendidos'] as const).map((sort) => ({
      name: `línea DAM por ${sort}`,
      path: `${list}&linea=DAM&sort_by=${sort}`,
    })),
    { name: `por color, precio, pág. ${DEEP_PAGE} por número`, path: `${perColour}&page=${DEEP_PAGE}` },
    {
      name: `por color, precio, pág. ${DEEP_PAGE} con «despues»`,
      path: `${perColour}&page=${DEEP_PAGE}&despues=${encodeURIComponent(cursor)}`,
    },
    { name: `agrupada, pág. ${GROUPED_DEEP_PAGE} por número`, path: `${grouped}&page=${GROUPED_DEEP_PAGE}` },
    {
      name: `agrupada, pág. ${GROUPED_DEEP_PAGE} con «despues»`,
      path: `${grouped}&page=${GROUPED_DEEP_PAGE}&despues=${encodeURIComponent(groupedCursor)}`,
    },
    { name: 'página SSR de la sub-línea (su API con caché)', path: pagePath },
    { name: 'detalle del artículo', path: `/api/v2/catalogo/article/${article}` },
    { name: 'órdenes (personal), sin filtros', path: '/api/orden-compra/buscar-ordenes-compras', staff: true, next: staff({}) },
    {
      name: 'órdenes, paso «entregada» + Zelle + fechas',
      path: '/api/orden-compra/buscar-ordenes-compras',
      staff: true,
      next: staff({ filter: 'entregada', filter_advance: { payment_method: 'zelle', date_from: '2025-01-01', date_to: '2026-12-31' } }),
    },
    {
      name: 'órdenes, búsqueda por cédula',
      path: '/api/orden-compra/buscar-ordenes-compras',
      staff: true,
      next: staff({ search: 'V-10000007' }),
    },
    { name: `órdenes, pág. ${DEEP_PAGE}`, path: '/api/orden-compra/buscar-ordenes-compras', staff: true, next: staff({ page: DEEP_PAGE }) },
    // The dashboard's home as the admin: every card, one COUNT + MIN each (docs/dominio.md §Lo pendiente en el inicio del panel).
    {
      name: 'inicio del panel (pendientes, admin)',
      path: '/api/panel/pendientes',
      staff: true,
      next: () => ({ method: 'GET', headers: { authorization: `Bearer ${token}` } }),
    },
    { name: 'checkout (registrar)', path: '/api/orden-compra/registrar', next: checkoutBuyers(stocked) },
  ];
}

/**
 * A GET whose URL differs on every request (an extra parameter the API ignores), so the 10-second
 * cache of public catalogue answers never serves it: each request reaches the database, as a
 * crawler walking every filter would. The SSR page's own API calls may still hit that cache.
 */
function uncached(pathAndQuery: string): NextRequest {
  let n = 0;
  const joiner = pathAndQuery.includes('?') ? '&' : '?';
  return () => ({ path: `${pathAndQuery}${joiner}_sin_cache=${++n}` });
}

/** Guest buyers, each with its own idempotency key, address and contacts, on the four stocked articles. */
function checkoutBuyers({ articles, tiendaId }: Stocked): NextRequest {
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  return () => {
    n++;
    return {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `escala-${prefix}-${n}`, 'x-forwarded-for': buyerAddress(n) },
      body: JSON.stringify(buyerOrder(n, articles, tiendaId).body),
    };
  };
}

type Running = { name: string; base: string; probes: Probe[]; stop: () => Promise<void> };

/** Starts the built server on one store's database and builds its requests. */
async function start(name: string, stocked: Stocked, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      TRUST_PROXY: '1',
      // No periodic jobs (expiring orders, the PDF catalogue) competing with the measured requests.
      TAREAS_INTERVALO_SEGUNDOS: '0',
      // The bench renders uncached pages from one address on purpose: no limit of cold pages.
      PAGINAS_FRIAS_POR_MINUTO: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  };
  try {
    await waitFor(`${base}/api/health`);
    const list = await probes(base, stocked);
    // How many cards each catalogue list answers here: a page empty in one store costs less to build.
    for (const probe of list) {
      if (!probe.next && probe.path.startsWith('/api/catalogo/')) probe.cards = (await json(`${base}${probe.path}`)).data.length;
    }
    return { name, base, probes: list, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Each request on every store in turn, in ROUNDS short slices (small, large, small, large…): the load
 * other work puts on this shared machine drifts, and alternating spreads it over both sizes alike.
 */
async function measure(stores: Running[]): Promise<Map<string, number>[]> {
  const results = stores.map(() => new Map<string, number>());
  for (const [i, probe] of stores[0].probes.entries()) {
    const latencies: number[][] = stores.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [s, store] of stores.entries()) {
        const own = store.probes[i];
        const options = { connections: CONNECTIONS, headers: { cookie: BYPASS_CACHE }, next: own.next ?? uncached(own.path) };
        if (round === 0) await load(store.base + own.path, { ...options, seconds: 0.5 });
        const result = await load(store.base + own.path, { ...options, seconds: SECONDS / ROUNDS });
        if (result.errors) console.log(`  ${store.name} · ${probe.name}: ${result.errors} respuestas no 2xx`);
        latencies[s].push(...result.latencies);
      }
    }
    for (const [s, all] of latencies.entries()) {
      all.sort((a, b) => a - b);
      results[s].set(probe.name, all[Math.min(all.length - 1, Math.floor(0.95 * all.length))] ?? Number.NaN);
    }
  }
  return results;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1).replace('.', ',') : '—');
const created: string[] = [];
const dirs: string[] = [];
const running: Running[] = [];
let measured: Map<string, number>[] = [];
try {
  for (const store of STORES) {
    const name = `vitrina_escala_${store.name}_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    created.push(name);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const stocked = await seed(store, { url: url.toString(), dataDir: null });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-escala-'));
    dirs.push(dataDir);
    running.push(await start(store.name, stocked, { DATABASE_URL: url.toString(), DATA_DIR: dataDir }));
  }
  if (process.env.BENCH_PGLITE === '1') {
    for (const store of STORES) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-escala-pglite-'));
      dirs.push(dataDir);
      const stocked = await seed(store, { dataDir });
      running.push(await start(`${store.name} PGlite`, stocked, { DATA_DIR: dataDir }));
    }
  }
  measured = await measure(running);
} finally {
  for (const server of running) await server.stop();
  for (const name of created) {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch((error) =>
      console.log(`No se pudo borrar la base de datos ${name}: ${(error as Error).message}`),
    );
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}

const [small, large, pgliteSmall, pgliteLarge] = measured;
const pglite = pgliteSmall && pgliteLarge;
console.log(
  `\nCosto con el tamaño: p95 en ms, ${CONNECTIONS} clientes, ${SECONDS} s por solicitud y tienda en ${ROUNDS} tramos alternados, caché evitada`,
);
console.log(
  `(1k: demo + 200 modelos, ~2.000 artículos, 1.000 órdenes; 100k: demo + 20.000 modelos, ~101.000 artículos, 100.000 órdenes)\n`,
);
const pgliteHeader = pglite ? ' p95 1k PGlite | p95 100k PGlite | razón PGlite | 100k PGlite / PostgreSQL |' : '';
console.log(`| solicitud | p95 1k | p95 100k | razón (meta ≤ 1,5×) |${pgliteHeader} tarjetas 1k / 100k |`);
console.log(`|---|---:|---:|---:|${pglite ? '---:|---:|---:|---:|' : ''}---:|`);
const cardsOf = (store: Running | undefined, name: string) => store?.probes.find((p) => p.name === name)?.cards;
for (const [name, a] of small) {
  const b = large.get(name) ?? Number.NaN;
  const ratio = b / a;
  const mark = ratio > 1.5 ? ' ✗' : '';
  let pgliteCells = '';
  if (pglite) {
    const pa = pgliteSmall.get(name) ?? Number.NaN;
    const pb = pgliteLarge.get(name) ?? Number.NaN;
    pgliteCells = ` ${ms(pa)} | ${ms(pb)} | ${ms(pb / pa)}×${pb / pa > 1.5 ? ' ✗' : ''} | ${ms(pb / b)}× |`;
  }
  const [cardsSmall, cardsLarge] = [cardsOf(running[0], name), cardsOf(running[1], name)];
  const cards = cardsSmall === undefined ? '—' : `${cardsSmall} / ${cardsLarge}`;
  console.log(`| ${name} | ${ms(a)} | ${ms(b)} | ${ms(ratio)}×${mark} |${pgliteCells} ${cards} |`);
}
