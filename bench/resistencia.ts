// `npm run bench:resistencia` (or `node bench/resistencia.ts [reinicio] [rastreador] [remojo] [nginx]` after
// `npm run build`; without modes, the three in that order): endurance and abuse of the built server
// on a fresh PostgreSQL database (created on BENCH_DATABASE_URL's server, by default
// postgres://postgres@127.0.0.1:5432/test, and dropped at the end), so its connections can be counted.
// - remojo: SOAK_MINUTES (30) of an open-loop mix at SOAK_RPS (40/s): browse 80 % (pages without the
//   page cache), add to cart 15 %, checkout 4 %, staff order list 1 %. Every 10 s: the server's RSS
//   and event-loop delay p99 (bench/sonda.ts, loaded with --import, answers over IPC), PostgreSQL
//   connections of the database, p99 and errors of the window; a table, a PNG chart and the RSS trend.
// - reinicio: REINICIO_SEGUNDOS (120) of the same mix; at a quarter a second server starts on the
//   same database; once it answers, the load moves to it (as a load balancer would), the first gets a
//   burst of REINICIO_RAFAGA (20) checkouts and pages and then SIGTERM. Counts 5xx
//   and connection errors, the requests in flight to the first, and checks every 2xx order exists.
// - nginx: NGINX_SEGUNDOS (120) of the same mix at SOAK_RPS through nginx (deploy/nginx/vitrina.conf)
//   in front of two processes; at half, one process gets SIGKILL. Answers per second, 5xx (nginx's
//   502 for what the dead process held), p99 per kind, and every 2xx order checked in the database.
// - rastreador: every filter combination of the busiest sub-line's page (colours × sizes × price
//   ranges × sort orders × pages), cache cold, with RASTREADOR_CONEXIONES (8) connections from a child
//   process, while COMPRADORES (2) buyers check out; checkout p99 quiet and meanwhile (goal ≤ 2×).
//   The server refuses a crawler's excess cold pages with 429 (PAGINAS_FRIAS_*); the crawler waits
//   each Retry-After unless RASTREADOR_OBEDECE=0.
// Results (table, chart, samples) go to bench/resultados/ (RESISTENCIA_SALIDA changes it).
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo, seedScale } from '#server/db/seed/seed.ts';
import { buyerAddress, buyerOrder } from '#test/compradores.ts';
import { startNginx } from '#test/nginx.ts';
import { freePort, waitFor } from '#test/server-process.ts';
import { stockFirstArticles } from './existencia.ts';
import { type Serie, svgChart, writePng } from './resistencia-grafico.ts';

const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SOAK_RPS = Number(process.env.SOAK_RPS ?? 40);
const RESTART_SECONDS = Number(process.env.REINICIO_SEGUNDOS ?? 120);
const NGINX_SECONDS = Number(process.env.NGINX_SEGUNDOS ?? 120);
const CRAWL_CONNECTIONS = Number(process.env.RASTREADOR_CONEXIONES ?? 8);
const CRAWL_MAX_SECONDS = Number(process.env.RASTREADOR_MAX_SEGUNDOS ?? 180);
// 1 (default): the crawler waits each 429's Retry-After, as a search engine does; 0: it floods on.
const CRAWL_OBEYS = process.env.RASTREADOR_OBEDECE !== '0';
const BURST = Number(process.env.REINICIO_RAFAGA ?? 20);
const BUYERS = Number(process.env.COMPRADORES ?? 2);
const QUIET_SECONDS = Number(process.env.RASTREADOR_QUIETO_SEGUNDOS ?? 20);
const MODELS = Number(process.env.RESISTENCIA_MODELOS ?? 5000);
const SAMPLE_MS = 10_000;
const OUT_DIR = path.resolve(process.env.RESISTENCIA_SALIDA ?? 'bench/resultados');
// A cookie other than the currency one makes the shared page cache step aside (decision 0019).
const BYPASS_CACHE = 'bench=1';
const STOCKED_ARTICLES = 12;
const STOCK = 10_000_000;

// ── formats (es-VE) ─────────────────────────────────────────────────────────

const fmt = (n: number, decimals = 1) =>
  Number.isFinite(n)
    ? n.toLocaleString('es-VE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: 'always' })
    : '—';
const int = (n: number) => fmt(n, 0);
const asMinutes = (n: number) => fmt(n, Number.isInteger(n) ? 0 : 2);
const mb = (bytes: number) => bytes / 1024 / 1024;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** A small seeded generator, so two runs send the same mix. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20261124);
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];

// ── the crawler's child process ─────────────────────────────────────────────

type CrawlReport = {
  requests: number;
  elapsed: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  done: number;
  total: number;
};

/**
 * Walks the URLs once, `connections` at a time, as fast as answers come (closed loop). `obey`: a 429
 * makes that connection wait its Retry-After and ask for the same page again, as search engines do;
 * without it every refusal is dropped and the next page asked at once (a flood).
 */
async function crawl(base: string, paths: string[], connections: number, maxSeconds: number, obey: boolean): Promise<CrawlReport> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      let retry: string | null = null;
      while ((retry !== null || next < paths.length) && performance.now() < deadline) {
        const target: string = retry ?? base + paths[next++];
        retry = null;
        const start = performance.now();
        const { status, wait } = await new Promise<{ status: number; wait: number }>((resolve) => {
          const req = http.get(target, { agent, headers: { 'user-agent': 'rastreador-de-prueba' } }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, wait: Number(res.headers['retry-after'] ?? 1) }));
          });
          req.on('error', () => resolve({ status: 0, wait: 0 }));
        });
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 400) latencies.push(performance.now() - start);
        if (status === 429 && obey) {
          retry = target;
          await new Promise((r) => setTimeout(r, Math.min(wait * 1000, Math.max(0, deadline - performance.now()))));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: Object.values(statuses).reduce((a, b) => a + b, 0),
    elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    statuses,
    done: Math.min(next, paths.length),
    total: paths.length,
  };
}

// ── servers ─────────────────────────────────────────────────────────────────

type Sample = { rss: number; heapUsed: number; heapTotal: number; external: number; p99: number; max: number };
type Server = {
  name: string;
  url: string;
  child: ChildProcess;
  dataDir: string;
  exited: Promise<number | null>;
  sample(): Promise<Sample | null>;
};

const probe = pathToFileURL(path.resolve('bench/sonda.ts')).href;

/** A free port: from RESISTENCIA_PUERTOS («4820-4829») when given, otherwise any. */
async function serverPort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.RESISTENCIA_PUERTOS ?? '');
  if (!range) return freePort();
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`sin puertos libres en ${process.env.RESISTENCIA_PUERTOS}`);
}

/** `coldPageLimit`: only the crawler meets the limit of cold pages; the mixes render uncached pages from one address on purpose. */
async function startServer(name: string, databaseUrl: string, secret: string, coldPageLimit = false, proxies = 1): Promise<Server> {
  const port = await serverPort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-resistencia-'));
  const child = spawn(process.execPath, ['--import', probe, 'server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The bench counts its own latencies; a log line per slow answer would bury its tables.
      LOG_LENTA_MS: '60000',
      SEED: 'none',
      SESSION_SECRET: secret,
      // Buyers come from many addresses behind one proxy (X-Forwarded-For), as in production; behind
      // nginx, the bench stands for that proxy and nginx is the second hop.
      TRUST_PROXY: String(proxies),
      ...(coldPageLimit ? {} : { PAGINAS_FRIAS_POR_MINUTO: '0' }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return {
    name,
    url,
    child,
    dataDir,
    exited,
    sample() {
      if (!child.connected) return Promise.resolve(null);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), 3000);
        child.once('message', (message: Sample & { tipo: string }) => {
          clearTimeout(timer);
          resolve(message);
        });
        child.send({ tipo: 'muestra' });
      });
    },
  };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  await rm(server.dataDir, { recursive: true, force: true });
}

// ── the database ────────────────────────────────────────────────────────────

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Store = { databaseUrl: string; name: string; articles: string[]; tiendaId: number };

async function freshDatabase(serverUrl: string): Promise<Store> {
  const name = `vitrina_resistencia_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const started = performance.now();
  const database = await openDatabase({ url: databaseUrl, dataDir: null });
  await seedDemo(database.db);
  await seedScale(database.db, MODELS);
  await database.close();
  // Plenty of stock on the articles that buyers add and order: nothing is refused for lack of it.
  const articles = await admin(databaseUrl, (c) => stockFirstArticles(c, STOCKED_ARTICLES, STOCK));
  console.log(`Base ${name}: demostración + ${int(MODELS)} modelos, cargada en ${fmt((performance.now() - started) / 1000)} s`);
  return { databaseUrl, name, articles: articles.codes, tiendaId: articles.tiendaId };
}

async function connections(serverUrl: string, name: string): Promise<{ total: number; active: number }> {
  return admin(serverUrl, async (c) => {
    const { rows } = await c.query<{ total: number; active: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'active')::int AS active
         FROM pg_stat_activity WHERE datname = $1`,
      [name],
    );
    return rows[0];
  });
}

// ── what a shopper asks for ─────────────────────────────────────────────────

type Catalog = {
  subLines: { path: string; line: string; code: string; models: number }[];
  lines: string[];
  articles: string[];
  words: string[];
};
type Filters = { colors: string[]; sizes: string[]; min: number; max: number };

async function readCatalog(base: string): Promise<Catalog> {
  const get = async (p: string) => {
    const response = await fetch(base + p);
    if (!response.ok) throw new Error(`${p}: ${response.status}`);
    return response.json();
  };
  const lineas = (await get('/api/catalogo/lineas')).data as { code: string; sublineas: { code: string; models: number }[] }[];
  const articles = new Set<string>();
  const words = new Set<string>();
  const subLines = new Map<string, Catalog['subLines'][number]>();
  for (const line of lineas) {
    for (let page = 1; page <= 3; page++) {
      const list = await get(`/api/catalogo/articulos?linea=${line.code}&page=${page}&per_page=24`);
      for (const card of list.data as { path: string; name: string }[]) {
        articles.add(card.path);
        for (const word of card.name.split(/\s+/)) if (/^\p{L}{4,}$/u.test(word)) words.add(word.toLowerCase());
        // /linea/<línea>/sub-lineas/<sub-línea>/articulos/<opción>
        const subPath = card.path.slice(0, card.path.lastIndexOf('/'));
        const [, , lineSegment, , subSegment] = subPath.split('/');
        const sub = line.sublineas.find((s) => s.code.toUpperCase() === subSegment.toUpperCase());
        subLines.set(subPath, { path: subPath, line: lineSegment, code: subSegment, models: sub?.models ?? 0 });
      }
    }
  }
  const lines = [...new Set([...subLines.values()].map((s) => `/linea/${s.line}/sub-lineas/articulos`))];
  return { subLines: [...subLines.values()], lines, articles: [...articles], words: [...words].slice(0, 40) };
}

async function readFilters(base: string, line: string, sub: string): Promise<Filters> {
  const body = await (await fetch(`${base}/api/catalogo/linea?linea=${line}&sublinea=${sub.toUpperCase()}`)).json();
  const f = body.data.filtros as {
    colors: { code: string }[];
    sizes: { code: string }[];
    priceRange: { min: string | null; max: string | null };
  };
  return {
    colors: f.colors.map((c) => c.code),
    sizes: f.sizes.map((s) => s.code),
    min: Number(f.priceRange.min ?? 0),
    max: Number(f.priceRange.max ?? 100),
  };
}

const ORDERS = ['nuevo', 'vendidos', 'precio-asc', 'precio-desc', 'nombre-asc'];

/** A sub-line page with some of its filters, the way a shopper narrows a list. */
function filteredPath(subPath: string, filters: Filters | undefined): string {
  const params = new URLSearchParams();
  if (filters && random() < 0.4 && filters.colors.length) params.append('color', pick(filters.colors));
  if (filters && random() < 0.3 && filters.sizes.length) params.set('talla', pick(filters.sizes));
  if (filters && random() < 0.2) params.set('precio_max', String(Math.ceil(filters.min + (filters.max - filters.min) / 2)));
  if (random() < 0.5) params.set('orden', pick(ORDERS));
  if (random() < 0.4) params.set('page', String(1 + Math.floor(random() * 4)));
  const query = params.toString();
  return query ? `${subPath}?${query}` : subPath;
}

// ── the open-loop mix ───────────────────────────────────────────────────────

type Kind = 'navegar' | 'carrito' | 'compra' | 'personal';
const KINDS: Kind[] = ['navegar', 'carrito', 'compra', 'personal'];
type Planned = { kind: Kind; page?: string; method: string; path: string; headers: Record<string, string>; body?: string };
type Done = {
  kind: Kind;
  page?: string;
  server: string;
  status: number;
  ms: number;
  sentAt: number;
  doneAt: number;
  orderCode?: string;
  error?: string;
};

class Window {
  latencies: number[] = [];
  errors = 0;
  requests = 0;
  add(done: Done) {
    this.requests++;
    if (done.status >= 200 && done.status < 300) this.latencies.push(done.ms);
    else this.errors++;
  }
  p99() {
    return percentile(
      this.latencies.sort((a, b) => a - b),
      0.99,
    );
  }
}

class Mix {
  target: Server;
  window = new Window();
  done: Done[] = [];
  inFlight = new Map<number, { server: string; kind: Kind; sentAt: number }>();
  private agents = new Map<string, http.Agent>();
  private ids = 0;
  /** Requests refused by a stopped server and sent again to the current one. */
  retried = 0;
  private buyer = 0;
  private stopped = false;
  private pending = new Set<Promise<void>>();
  private store: Store;
  private catalog: Catalog;
  private filters: Map<string, Filters>;
  private staffToken: string;
  private runId: string;

  constructor(target: Server, store: Store, catalog: Catalog, filters: Map<string, Filters>, staffToken: string, runId: string) {
    this.target = target;
    this.store = store;
    this.catalog = catalog;
    this.filters = filters;
    this.staffToken = staffToken;
    this.runId = runId;
  }

  /** The next request of the mix; `roll` picks its kind (navegar < 0,8 ≤ carrito < 0,95 ≤ compra < 0,99 ≤ personal). */
  plan(roll = random()): Planned {
    if (roll < 0.8) {
      const headers = { cookie: BYPASS_CACHE };
      const browse = random();
      let p: string;
      let page: string;
      if (browse < 0.15) [p, page] = ['/', 'inicio'];
      else if (browse < 0.3) [p, page] = [filteredPath(pick(this.catalog.lines), undefined), 'línea'];
      else if (browse < 0.6) {
        const sub = pick(this.catalog.subLines);
        [p, page] = [filteredPath(sub.path, this.filters.get(sub.path)), 'sub-línea'];
      } else if (browse < 0.9) [p, page] = [pick(this.catalog.articles), 'artículo'];
      else [p, page] = [`/buscar?q=${encodeURIComponent(pick(this.catalog.words))}`, 'búsqueda'];
      return { kind: 'navegar', page, method: 'GET', path: p, headers };
    }
    if (roll < 0.95) {
      // A new visitor adds one unit (the cart API holds the stock).
      const body = JSON.stringify({ articleCode: pick(this.store.articles), stores: [{ tiendaId: this.store.tiendaId, quantity: 1 }] });
      return {
        kind: 'carrito',
        method: 'POST',
        path: '/api/v2/carrito/agregar-item',
        headers: { 'content-type': 'application/json' },
        body,
      };
    }
    if (roll < 0.99) {
      const n = ++this.buyer;
      return {
        kind: 'compra',
        method: 'POST',
        path: '/api/orden-compra/registrar',
        headers: { 'content-type': 'application/json', 'idempotency-key': `${this.runId}-${n}`, 'x-forwarded-for': buyerAddress(n) },
        body: JSON.stringify(buyerOrder(n, this.store.articles, this.store.tiendaId).body),
      };
    }
    return {
      kind: 'personal',
      method: 'POST',
      path: '/api/orden-compra/buscar-ordenes-compras',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.staffToken}` },
      body: JSON.stringify({ page: 1 + Math.floor(random() * 3) }),
    };
  }

  private agent(server: Server): http.Agent {
    let agent = this.agents.get(server.url);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
      this.agents.set(server.url, agent);
    }
    return agent;
  }

  /** A burst straight to one server: every other request a checkout, the rest pages. */
  burst(server: Server, n: number) {
    for (let i = 0; i < n; i++) this.fire(this.plan(i % 2 ? 0.96 : random() * 0.8), server);
  }

  private fire(planned: Planned, server = this.target) {
    const id = ++this.ids;
    const sentAt = performance.now();
    this.inFlight.set(id, { server: server.name, kind: planned.kind, sentAt });
    const body = planned.body === undefined ? undefined : Buffer.from(planned.body);
    const finished = new Promise<void>((resolve) => {
      const finish = (status: number, text: string, error?: string) => {
        const doneAt = performance.now();
        this.inFlight.delete(id);
        const done: Done = {
          kind: planned.kind,
          page: planned.page,
          server: server.name,
          status,
          ms: doneAt - sentAt,
          sentAt,
          doneAt,
          error,
        };
        if (planned.kind === 'compra' && status >= 200 && status < 300) {
          try {
            done.orderCode = JSON.parse(text).data.orderCode;
          } catch {
            done.error = 'respuesta sin código de orden';
          }
        }
        this.done.push(done);
        this.window.add(done);
        resolve();
      };
      const req = http.request(
        server.url + planned.path,
        {
          agent: this.agent(server),
          method: planned.method,
          headers: { ...planned.headers, ...(body ? { 'content-length': body.length } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          const keep = planned.kind === 'compra';
          res.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
          res.on('end', () => finish(res.statusCode ?? 0, keep ? Buffer.concat(chunks).toString() : ''));
          res.on('error', (error) => finish(0, '', error.message));
        },
      );
      req.on('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code ?? error.message;
        // A balancer sends a request that could not even connect to the server that replaced this one.
        if (code === 'ECONNREFUSED' && server !== this.target) {
          this.inFlight.delete(id);
          this.retried++;
          this.fire(planned);
          resolve();
          return;
        }
        finish(0, '', code);
      });
      req.end(body);
    });
    this.pending.add(finished);
    void finished.then(() => this.pending.delete(finished));
  }

  /** Sends at `rps` for `seconds`, whatever the answers' pace (open loop). */
  async run(rps: number, seconds: number): Promise<void> {
    const interval = 1000 / rps;
    const started = performance.now();
    const total = Math.round(seconds * rps);
    for (let i = 0; i < total && !this.stopped; i++) {
      const wait = started + i * interval - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      this.fire(this.plan());
    }
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  closeAgents() {
    for (const agent of this.agents.values()) agent.destroy();
  }
}

async function staffToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@vitrina.com.ve', password: 'Vitrina.Demo.2026', token: true }),
  });
  const body = await response.json();
  if (!response.ok || !body.data?.access_token)
    throw new Error(`ingreso del personal: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.data.access_token;
}

async function prepareMix(server: Server, store: Store, runId: string): Promise<Mix> {
  const catalog = await readCatalog(server.url);
  const filters = new Map<string, Filters>();
  for (const sub of catalog.subLines) filters.set(sub.path, await readFilters(server.url, sub.line, sub.code));
  console.log(
    `Mezcla: ${catalog.subLines.length} sub-líneas, ${catalog.lines.length} líneas, ${catalog.articles.length} artículos, ${catalog.words.length} palabras de búsqueda`,
  );
  return new Mix(server, store, catalog, filters, await staffToken(server.url), runId);
}

function summaryByKind(done: Done[]): string {
  const lines = ['| tipo | solicitudes | 2xx | otras | p50 ms | p99 ms |', '|---|---:|---:|---:|---:|---:|'];
  for (const kind of KINDS) {
    const own = done.filter((d) => d.kind === kind);
    const ok = own.filter((d) => d.status >= 200 && d.status < 300).map((d) => d.ms);
    ok.sort((a, b) => a - b);
    lines.push(
      `| ${kind} | ${int(own.length)} | ${int(ok.length)} | ${int(own.length - ok.length)} | ${fmt(percentile(ok, 0.5))} | ${fmt(percentile(ok, 0.99))} |`,
    );
  }
  for (const page of ['inicio', 'línea', 'sub-línea', 'artículo', 'búsqueda']) {
    const own = done.filter((d) => d.page === page);
    const ok = own.filter((d) => d.status >= 200 && d.status < 300).map((d) => d.ms);
    ok.sort((a, b) => a - b);
    lines.push(
      `| navegar: ${page} | ${int(own.length)} | ${int(ok.length)} | ${int(own.length - ok.length)} | ${fmt(percentile(ok, 0.5))} | ${fmt(percentile(ok, 0.99))} |`,
    );
  }
  return lines.join('\n');
}

function statusCounts(done: Done[]): string {
  const counts: Record<string, number> = {};
  for (const d of done) {
    const key = d.status === 0 ? `sin respuesta (${d.error ?? 'error'})` : String(d.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}: ${int(n)}`)
    .join(', ');
}

/** 2xx checkouts whose order is not in the database. */
async function lostOrders(store: Store, done: Done[]): Promise<{ ok: number; missing: string[] }> {
  const codes = done.filter((d) => d.kind === 'compra' && d.orderCode).map((d) => d.orderCode as string);
  const found = await admin(store.databaseUrl, async (c) => {
    const { rows } = await c.query<{ code: string }>('SELECT code FROM ordenes_compra WHERE code = ANY($1)', [codes]);
    return new Set(rows.map((r) => r.code));
  });
  return { ok: codes.length, missing: codes.filter((c) => !found.has(c)) };
}

// ── modes ───────────────────────────────────────────────────────────────────

type Row = {
  t: number;
  rss: number;
  heap: number;
  heapTotal: number;
  external: number;
  eld: number;
  eldMax: number;
  conns: number;
  active: number;
  requests: number;
  p99: number;
  errors: number;
};

/** Every 10 s: the server's probe, PostgreSQL's connections and the window's p99 and errors. */
function sampler(serverUrl: string, store: Store, mix: Mix, started: number, rows: Row[], print: boolean) {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const window = mix.window;
      mix.window = new Window();
      const [probeSample, pgCount] = await Promise.all([mix.target.sample(), connections(serverUrl, store.name)]);
      const row: Row = {
        t: (performance.now() - started) / 1000,
        rss: probeSample ? mb(probeSample.rss) : Number.NaN,
        heap: probeSample ? mb(probeSample.heapUsed) : Number.NaN,
        heapTotal: probeSample ? mb(probeSample.heapTotal) : Number.NaN,
        external: probeSample ? mb(probeSample.external) : Number.NaN,
        eld: probeSample?.p99 ?? Number.NaN,
        eldMax: probeSample?.max ?? Number.NaN,
        conns: pgCount.total,
        active: pgCount.active,
        requests: window.requests,
        p99: window.p99(),
        errors: window.errors,
      };
      rows.push(row);
      if (print) console.log(rowLine(row));
    } finally {
      busy = false;
    }
  }, SAMPLE_MS);
  return () => clearInterval(timer);
}

const ROW_HEADER = [
  '| min | RSS MB | heap MB | heap reservado MB | externa MB | retardo del bucle p99 ms | máx ms | conexiones PG (activas) | solicitudes | p99 ms | errores |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
].join('\n');

function rowLine(r: Row): string {
  return `| ${fmt(r.t / 60, 2)} | ${fmt(r.rss)} | ${fmt(r.heap)} | ${fmt(r.heapTotal)} | ${fmt(r.external)} | ${fmt(r.eld)} | ${fmt(r.eldMax)} | ${int(r.conns)} (${int(r.active)}) | ${int(r.requests)} | ${fmt(r.p99)} | ${int(r.errors)} |`;
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

async function soak(serverUrl: string, store: Store, secret: string, stamp: string): Promise<string> {
  const server = await startServer('A', store.databaseUrl, secret);
  const out: string[] = [];
  try {
    const mix = await prepareMix(server, store, `remojo-${stamp}`);
    const seconds = SOAK_MINUTES * 60;
    console.log(`\nRemojo: ${asMinutes(SOAK_MINUTES)} min a ${int(SOAK_RPS)} solicitudes/s (lazo abierto), muestra cada 10 s\n`);
    console.log(ROW_HEADER);
    const rows: Row[] = [];
    const started = performance.now();
    const stop = sampler(serverUrl, store, mix, started, rows, true);
    await mix.run(SOAK_RPS, seconds);
    stop();
    mix.closeAgents();

    const warmUp = Math.min(300, seconds * 0.2);
    const after = rows.filter((r) => r.t >= warmUp && Number.isFinite(r.rss));
    const perTenMinutes = (values: number[]) =>
      slope(
        after.map((r) => r.t),
        values,
      ) * 600;
    const rssTrend = after.length >= 3 ? perTenMinutes(after.map((r) => r.rss)) : Number.NaN;
    const heapTrend = after.length >= 3 ? perTenMinutes(after.map((r) => r.heap)) : Number.NaN;
    const meanRss = after.reduce((a, r) => a + r.rss, 0) / Math.max(after.length, 1);
    // A one-time step (a cache reaching its cap, a V8 space growing) tilts the whole fit; the second
    // half alone says whether the memory keeps climbing after it.
    const lateHalf = after.slice(Math.floor(after.length / 2));
    const lateTrend =
      lateHalf.length >= 3
        ? slope(
            lateHalf.map((r) => r.t),
            lateHalf.map((r) => r.rss),
          ) * 600
        : Number.NaN;
    // «Plana»: the fitted growth is under 1 % of the mean RSS per 10 minutes.
    const flat = Math.abs(rssTrend) <= meanRss * 0.01;
    const errors = mix.done.filter((d) => d.status < 200 || d.status >= 300);
    const lost = await lostOrders(store, mix.done);
    const conns = rows.map((r) => r.conns);
    const allOk = mix.done
      .filter((d) => d.status >= 200 && d.status < 300)
      .map((d) => d.ms)
      .sort((a, b) => a - b);

    out.push(`## Remojo: ${asMinutes(SOAK_MINUTES)} min a ${int(SOAK_RPS)} solicitudes/s\n`);
    out.push(ROW_HEADER, ...rows.map(rowLine), '');
    out.push(summaryByKind(mix.done), '');
    out.push(
      `- Solicitudes: ${int(mix.done.length)}; respuestas ${statusCounts(mix.done)}; p99 de todo ${fmt(percentile(allOk, 0.99))} ms.`,
    );
    out.push(`- Errores (no 2xx o sin respuesta): ${int(errors.length)}.`);
    out.push(
      `- RSS después del calentamiento (${fmt(warmUp / 60)} min): media ${fmt(meanRss)} MB, tendencia ${fmt(rssTrend, 2)} MB cada 10 min (ajuste lineal), ` +
        `${flat ? '«plana»' : '«no plana»'} (criterio: ≤ 1 % de la media cada 10 min); heap ${fmt(heapTrend, 2)} MB cada 10 min; ` +
        `segunda mitad (desde el minuto ${fmt((lateHalf[0]?.t ?? Number.NaN) / 60)}): ${fmt(lateTrend, 2)} MB cada 10 min.`,
    );
    out.push(
      `- Retardo del bucle de eventos p99 por ventana: mediana ${fmt(median(rows.map((r) => r.eld)))} ms, máximo ${fmt(Math.max(...rows.map((r) => r.eld).filter(Number.isFinite)))} ms; ventanas sin respuesta de la sonda (más de 3 s): ${int(rows.filter((r) => !Number.isFinite(r.eld)).length)}.`,
    );
    const windowP99 = after.map((r) => r.p99).filter(Number.isFinite);
    out.push(
      `- p99 por ventana después del calentamiento: mediana ${fmt(median(windowP99))} ms, máximo ${fmt(Math.max(...windowP99))} ms.`,
    );
    out.push(
      `- Conexiones de PostgreSQL a la base: entre ${int(Math.min(...conns))} y ${int(Math.max(...conns))} ` +
        `(primera mitad máx. ${int(Math.max(...conns.slice(0, Math.ceil(conns.length / 2))))}, segunda mitad máx. ${int(Math.max(...conns.slice(Math.ceil(conns.length / 2))))}; el pool de la tienda tiene 10).`,
    );
    out.push(`- Órdenes con 2xx: ${int(lost.ok)}; no encontradas en la base: ${int(lost.missing.length)}.`);

    const file = path.join(OUT_DIR, `resistencia-remojo-${stamp}.png`);
    const minutes = rows.map((r) => r.t / 60);
    const series: Serie[] = [
      { titulo: 'RSS del servidor', unidad: 'MB', valores: rows.map((r) => r.rss), color: '#1c7ed6' },
      { titulo: 'Retardo del bucle de eventos p99', unidad: 'ms', valores: rows.map((r) => r.eld), color: '#e8590c' },
      { titulo: 'Conexiones de PostgreSQL', unidad: 'conexiones', valores: rows.map((r) => r.conns), color: '#2f9e44' },
      { titulo: 'p99 de la ventana de 10 s', unidad: 'ms', valores: rows.map((r) => r.p99), color: '#862e9c' },
      { titulo: 'Errores por ventana', unidad: 'solicitudes', valores: rows.map((r) => r.errors), color: '#c92a2a' },
    ];
    await writePng(svgChart(`Remojo: ${asMinutes(SOAK_MINUTES)} min a ${int(SOAK_RPS)} solicitudes/s`, minutes, series), file);
    await writeFile(path.join(OUT_DIR, `resistencia-remojo-${stamp}.json`), JSON.stringify(rows));
    out.push(`- Gráfico: ${path.relative(process.cwd(), file)}`);
  } finally {
    await stopServer(server);
  }
  return out.join('\n');
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function restart(serverUrl: string, store: Store, secret: string, stamp: string): Promise<string> {
  const first = await startServer('A', store.databaseUrl, secret);
  let second: Server | undefined;
  const out: string[] = [];
  try {
    const mix = await prepareMix(first, store, `reinicio-${stamp}`);
    console.log(
      `\nReinicio bajo carga: ${int(RESTART_SECONDS)} s a ${int(SOAK_RPS)} solicitudes/s; a un cuarto arranca B; cuando responde, la carga pasa a B, A recibe una ráfaga de ${BURST} solicitudes y SIGTERM`,
    );
    const rows: Row[] = [];
    const started = performance.now();
    const stop = sampler(serverUrl, store, mix, started, rows, false);
    const running = mix.run(SOAK_RPS, RESTART_SECONDS);
    await new Promise((r) => setTimeout(r, RESTART_SECONDS * 250));
    const bootStart = performance.now();
    second = await startServer('B', store.databaseUrl, secret);
    const boot = (performance.now() - bootStart) / 1000;
    // The balancer's switch: from here every new request goes to B; then A is told to stop.
    const switchAt = performance.now();
    mix.target = second;
    // So that A has work in hand when told to stop: a burst of checkouts and pages sent just before.
    mix.burst(first, BURST);
    await new Promise((r) => setTimeout(r, 20));
    const inFlightIds = [...mix.inFlight.entries()].filter(([, r]) => r.server === 'A').map(([id]) => id);
    const inFlightAtSwitch = inFlightIds.length;
    first.child.kill('SIGTERM');
    const exitCode = await first.exited;
    const drain = (performance.now() - switchAt) / 1000;
    await running;
    stop();
    mix.closeAgents();

    const toA = mix.done.filter((d) => d.server === 'A');
    const toB = mix.done.filter((d) => d.server === 'B');
    const finishedAfterTerm = toA.filter((d) => d.doneAt >= switchAt);
    const bad = (d: Done) => d.status === 0 || d.status >= 500;
    const around = mix.done.filter((d) => d.sentAt >= switchAt - 5000 && d.sentAt <= switchAt + 10_000);
    const lost = await lostOrders(store, mix.done);
    out.push(`## Reinicio bajo carga: ${int(RESTART_SECONDS)} s a ${int(SOAK_RPS)} solicitudes/s\n`);
    out.push('| servidor | solicitudes | 2xx | 5xx | sin respuesta | otras |', '|---|---:|---:|---:|---:|---:|');
    for (const [name, list] of [
      ['A (recibe SIGTERM)', toA],
      ['B (lo reemplaza)', toB],
    ] as const) {
      const ok = list.filter((d) => d.status >= 200 && d.status < 300).length;
      const five = list.filter((d) => d.status >= 500).length;
      const none = list.filter((d) => d.status === 0).length;
      out.push(`| ${name} | ${int(list.length)} | ${int(ok)} | ${int(five)} | ${int(none)} | ${int(list.length - ok - five - none)} |`);
    }
    out.push('', summaryByKind(mix.done), '');
    out.push(`- Reenviadas a B porque A ya no aceptaba conexiones (conexión rechazada, como haría un balanceador): ${int(mix.retried)}.`);
    out.push(`- B arrancó en ${fmt(boot)} s; A terminó ${fmt(drain)} s después del SIGTERM con código ${exitCode}.`);
    out.push(
      `- En vuelo hacia A al cambiar: ${int(inFlightAtSwitch)}; respuestas de A que llegaron después del SIGTERM: ${int(finishedAfterTerm.length)} (${statusCounts(finishedAfterTerm) || 'ninguna'}); de ellas compras: ${statusCounts(finishedAfterTerm.filter((d) => d.kind === 'compra')) || 'ninguna'}.`,
    );
    out.push(
      `- 5xx o sin respuesta en todo el recorrido: ${int(mix.done.filter(bad).length)}; en los 15 s alrededor del cambio: ${int(around.filter(bad).length)} de ${int(around.length)}.`,
    );
    out.push(`- Respuestas: ${statusCounts(mix.done)}.`);
    out.push(
      `- Órdenes con 2xx: ${int(lost.ok)}; no encontradas en la base: ${int(lost.missing.length)}${lost.missing.length ? ` (${lost.missing.slice(0, 5).join(', ')})` : ''}.`,
    );
    const conns = rows.map((r) => r.conns);
    out.push(
      `- Conexiones de PostgreSQL a la base durante la prueba: entre ${int(Math.min(...conns))} y ${int(Math.max(...conns))}; al final ${int(conns.at(-1) ?? 0)}.`,
    );
  } finally {
    await stopServer(first);
    if (second) await stopServer(second);
  }
  return out.join('\n');
}

async function behindNginx(serverUrl: string, store: Store, secret: string, stamp: string): Promise<string> {
  const a = await startServer('A', store.databaseUrl, secret, false, 2);
  const b = await startServer('B', store.databaseUrl, secret, false, 2);
  const proxy = await startNginx([a, b].map((s) => Number(new URL(s.url).port)));
  // The mix sends everything to nginx; the samples are B's, the process that survives.
  const front: Server = { ...b, name: 'nginx', url: proxy.url };
  const out: string[] = [];
  try {
    const mix = await prepareMix(front, store, `nginx-${stamp}`);
    console.log(
      `\nDos procesos detrás de nginx: ${int(NGINX_SECONDS)} s a ${int(SOAK_RPS)} solicitudes/s; a la mitad, SIGKILL al proceso A`,
    );
    const rows: Row[] = [];
    const started = performance.now();
    const stop = sampler(serverUrl, store, mix, started, rows, false);
    const running = mix.run(SOAK_RPS, NGINX_SECONDS);
    await new Promise((r) => setTimeout(r, NGINX_SECONDS * 500));
    const killAt = performance.now();
    const inFlightAtKill = mix.inFlight.size;
    a.child.kill('SIGKILL');
    await a.exited;
    await running;
    const elapsed = (performance.now() - started) / 1000;
    stop();
    mix.closeAgents();

    const bad = (d: Done) => d.status === 0 || d.status >= 500;
    const before = mix.done.filter((d) => d.sentAt < killAt);
    const after = mix.done.filter((d) => d.sentAt >= killAt);
    const lost = await lostOrders(store, mix.done);
    // Throughput is what was answered in each stretch (by when the answer came), not what was sent.
    const endAt = started + elapsed * 1000;
    const answeredPerSecond = (from: number, to: number) =>
      mix.done.filter((d) => d.status >= 200 && d.status < 300 && d.doneAt >= from && d.doneAt < to).length / ((to - from) / 1000);
    const late = mix.done.filter((d) => d.doneAt - d.sentAt > 5000).length;
    out.push(`## Dos procesos detrás de nginx: ${int(NGINX_SECONDS)} s a ${int(SOAK_RPS)} solicitudes/s, SIGKILL a uno a la mitad\n`);
    out.push(summaryByKind(mix.done), '');
    out.push(
      `- Respuestas 2xx por segundo: ${fmt(answeredPerSecond(started, killAt))} con los dos procesos (hasta el SIGKILL), ` +
        `${fmt(answeredPerSecond(killAt, endAt))} con uno solo después (pedidas: ${int(SOAK_RPS)}); la corrida duró ${fmt(elapsed)} s ` +
        `para ${int(NGINX_SECONDS)} s de envíos, y ${int(late)} respuestas tardaron más de 5 s.`,
    );
    out.push(`- Respuestas: ${statusCounts(mix.done)}.`);
    out.push(
      `- 5xx o sin respuesta: ${int(before.filter(bad).length)} antes del SIGKILL y ${int(after.filter(bad).length)} después; ` +
        `en vuelo (hacia los dos procesos) al matar A: ${int(inFlightAtKill)}.`,
    );
    out.push(
      `- Órdenes con 2xx: ${int(lost.ok)}; no encontradas en la base: ${int(lost.missing.length)}${lost.missing.length ? ` (${lost.missing.slice(0, 5).join(', ')})` : ''}.`,
    );
  } finally {
    await proxy.stop();
    await stopServer(a);
    await stopServer(b);
  }
  return out.join('\n');
}

/** Closed-loop buyers until `until` resolves (or `seconds` pass): each its own order and address. */
async function buyers(base: string, store: Store, prefix: string, counter: { n: number }, stopWhen: Promise<unknown>) {
  let stopped = false;
  void stopWhen.then(() => {
    stopped = true;
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      while (!stopped) {
        const n = ++counter.n;
        const body = Buffer.from(JSON.stringify(buyerOrder(n, store.articles, store.tiendaId).body));
        const start = performance.now();
        const status = await new Promise<number>((resolve) => {
          const req = http.request(
            `${base}/api/orden-compra/registrar`,
            {
              agent,
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'content-length': body.length,
                'idempotency-key': `${prefix}-${n}`,
                'x-forwarded-for': buyerAddress(n),
              },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', () => resolve(0));
          req.end(body);
        });
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) latencies.push(performance.now() - start);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return {
    orders: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    statuses,
    elapsed,
  };
}

/** Every filter combination of one sub-line's page: colours × sizes × price ranges × orders × pages. */
function crawlPaths(subPath: string, filters: Filters): string[] {
  const colors = [null, ...filters.colors];
  const sizes = [null, ...filters.sizes];
  const third = (filters.max - filters.min) / 3;
  const prices: ([number, number] | null)[] = [
    null,
    [Math.floor(filters.min), Math.ceil(filters.min + third)],
    [Math.floor(filters.min + third), Math.ceil(filters.min + 2 * third)],
    [Math.floor(filters.min + 2 * third), Math.ceil(filters.max)],
  ];
  const paths: string[] = [];
  for (const color of colors)
    for (const size of sizes)
      for (const price of prices)
        for (const order of ORDERS)
          for (const page of [1, 2, 3]) {
            const params = new URLSearchParams();
            if (color) params.append('color', color);
            if (size) params.set('talla', size);
            if (price) {
              params.set('precio_min', String(price[0]));
              params.set('precio_max', String(price[1]));
            }
            params.set('orden', order);
            if (page > 1) params.set('page', String(page));
            paths.push(`${subPath}?${params}`);
          }
  return paths;
}

async function crawler(store: Store, secret: string, stamp: string): Promise<string> {
  const server = await startServer('A', store.databaseUrl, secret, true);
  const out: string[] = [];
  try {
    const catalog = await readCatalog(server.url);
    const busiest = [...catalog.subLines].sort((a, b) => b.models - a.models)[0];
    const filters = await readFilters(server.url, busiest.line, busiest.code);
    const paths = crawlPaths(busiest.path, filters);
    console.log(
      `\nRastreador: ${busiest.path} (${int(busiest.models)} modelos): ${filters.colors.length} colores, ${filters.sizes.length} tallas → ${int(paths.length)} direcciones, ${CRAWL_CONNECTIONS} conexiones; ${BUYERS} compradores`,
    );
    const counter = { n: 0 };
    const prefix = `rastreo-${stamp}`;
    await buyers(server.url, store, `${prefix}-calentar`, counter, new Promise((r) => setTimeout(r, 3000)));
    const quiet = await buyers(server.url, store, prefix, counter, new Promise((r) => setTimeout(r, QUIET_SECONDS * 1000)));
    const child = fork(path.resolve('bench/resistencia.ts'), ['--rastreador'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const report = new Promise<CrawlReport>((resolve, reject) => {
      child.once('message', (m) => resolve(m as CrawlReport));
      child.once('exit', (code) => reject(new Error(`el rastreador terminó sin informe (código ${code})`)));
    });
    child.send({ base: server.url, paths, connections: CRAWL_CONNECTIONS, maxSeconds: CRAWL_MAX_SECONDS, obey: CRAWL_OBEYS });
    const [busy, crawled] = await Promise.all([buyers(server.url, store, prefix, counter, report), report]);
    const statuses = Object.entries(crawled.statuses)
      .map(([s, n]) => `${s === '0' ? 'sin respuesta' : s}: ${int(n)}`)
      .join(', ');
    out.push(
      `## Rastreador sobre ${busiest.path} con compradores (${CRAWL_OBEYS ? 'espera el Retry-After de cada 429' : 'no espera: sigue pidiendo tras cada 429'})\n`,
    );
    out.push(
      '| compra (POST orden-compra/registrar) | órdenes | órdenes/s | p50 ms | p99 ms | respuestas |',
      '|---|---:|---:|---:|---:|---|',
    );
    for (const [name, r] of [
      [`sin rastreador (${int(quiet.elapsed)} s)`, quiet],
      [`con rastreador (${int(busy.elapsed)} s)`, busy],
    ] as const) {
      const answered = Object.entries(r.statuses)
        .map(([s, n]) => `${s === '0' ? 'sin respuesta' : s}: ${int(n)}`)
        .join(', ');
      out.push(`| ${name} | ${int(r.orders)} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${answered} |`);
    }
    out.push('');
    out.push(`- Razón p99 con/sin rastreador: ${fmt(busy.p99 / quiet.p99, 2)}× (meta ≤ 2×); razón p50: ${fmt(busy.p50 / quiet.p50, 2)}×.`);
    out.push(
      `- Rastreador: ${int(crawled.done)} de ${int(crawled.total)} combinaciones (${filters.colors.length + 1} colores × ${filters.sizes.length + 1} tallas × 4 rangos de precio × ${ORDERS.length} órdenes × 3 páginas, «ninguno» incluido) en ${fmt(crawled.elapsed)} s, ` +
        `${fmt(crawled.requests / crawled.elapsed)} páginas/s, p50 ${fmt(crawled.p50)} ms, p99 ${fmt(crawled.p99)} ms; respuestas ${statuses}.`,
    );
  } finally {
    await stopServer(server);
  }
  return out.join('\n');
}

async function main() {
  const modes = process.argv.slice(2).filter((m) => !m.startsWith('-'));
  const chosen = modes.length ? modes : ['reinicio', 'rastreador', 'remojo'];
  const unknown = chosen.filter((m) => !['reinicio', 'rastreador', 'remojo', 'nginx'].includes(m));
  if (unknown.length) {
    console.error(`Modo desconocido: ${unknown.join(', ')}. Use reinicio, rastreador, remojo o nginx.`);
    process.exit(1);
  }
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  await mkdir(OUT_DIR, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const secret = randomBytes(32).toString('hex');
  const store = await freshDatabase(serverUrl);
  const sections: string[] = [];
  try {
    for (const mode of chosen) {
      const section =
        mode === 'remojo'
          ? await soak(serverUrl, store, secret, stamp)
          : mode === 'nginx'
            ? await behindNginx(serverUrl, store, secret, stamp)
            : mode === 'reinicio'
              ? await restart(serverUrl, store, secret, stamp)
              : await crawler(store, secret, stamp);
      console.log(`\n${section}\n`);
      sections.push(section);
    }
  } finally {
    await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${store.name} WITH (FORCE)`)).catch((error) =>
      console.log(`No se pudo borrar la base de datos ${store.name}: ${(error as Error).message}`),
    );
  }
  const file = path.join(OUT_DIR, `resistencia-${chosen.join('-')}-${stamp}.md`);
  await writeFile(file, `# Resistencia (${new Date().toISOString()})\n\n${sections.join('\n\n')}\n`);
  console.log(`Resultados en ${path.relative(process.cwd(), file)}`);
}

// The crawler's child (forked by the crawler mode) or the bench itself; last, once everything above is defined.
if (process.argv[2] === '--rastreador') {
  process.once('message', async (message: { base: string; paths: string[]; connections: number; maxSeconds: number; obey: boolean }) => {
    process.send?.(await crawl(message.base, message.paths, message.connections, message.maxSeconds, message.obey));
    process.exit(0);
  });
} else {
  await main();
}
