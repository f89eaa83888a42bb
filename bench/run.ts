// `npm run bench`: the store on the large catalogue against a bare node:http server returning
// the same bytes, in the same run, on the same machine. Prints throughput, p99 and ratios. Then
// the catalogue sheet's import on the same database (importar.ts), checkout on PostgreSQL
// (checkout.ts) and the sales reports on PostgreSQL (ventas.ts).
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';
import { isEmpty, seedDemo, seedScale } from '#server/db/seed/seed.ts';
import { freePort, waitFor } from '#test/server-process.ts';
import { benchCheckout } from './checkout.ts';
import { benchImport } from './importar.ts';
import { load } from './load.ts';
import { benchSerialize } from './serializar.ts';
import { benchVentas } from './ventas.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MODELS = Number(process.env.BENCH_MODELS ?? 20_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
// BENCH_ONLY_PAGES=1: only the API and page comparison against node:http (no import, checkout or reports).
const ONLY_PAGES = process.env.BENCH_ONLY_PAGES === '1';

const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-bench-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
console.log(`Base de datos: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; catálogo grande de ${MODELS} modelos…`);
const database = await openDatabase({ url: databaseUrl, dataDir });
if (await isEmpty(database.db)) await seedDemo(database.db);
const seedStart = performance.now();
await seedScale(database.db, MODELS);
console.log(`Semilla grande cargada en ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
await database.close();

/** Ends a child and waits for it to exit (10 s at most). */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

const appPort = await freePort();
// The production default, LOG_LEVEL=info, with its sampled request log (BENCH_LOG_LEVEL changes it);
// the log goes where a service's would, to a pipe that is read and dropped.
const app: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
app.stdout?.resume();
const appUrl = `http://127.0.0.1:${appPort}`;
let bare: ChildProcess | undefined;
try {
  await waitFor(`${appUrl}/api/health`);
  const list = await (await fetch(`${appUrl}/api/catalogo/articulos?linea=DAM&page=2`)).json();
  const articlePath = list.data[0].path as string;
  // Anonymous storefront pages come from the shared page cache (docs/decisions/0019).
  const targets = [
    { name: 'API v2/catalogo/sublinea', path: '/api/v2/catalogo/sublinea?linea=DAM&page_latest=3' },
    { name: 'API catalogo/articulos', path: '/api/catalogo/articulos?linea=CAB&sort_by=precio&sort_desc=false&page=5' },
    { name: 'Página SSR de inicio', path: '/' },
    { name: 'Página SSR de sub-línea', path: articlePath.slice(0, articlePath.lastIndexOf('/')) },
    { name: 'Página SSR de artículo', path: articlePath },
  ];
  const recorded = [];
  for (const t of targets) {
    const response = await fetch(appUrl + t.path);
    if (!response.ok) throw new Error(`${t.path} respondió ${response.status}`);
    recorded.push({
      path: t.path,
      contentType: response.headers.get('content-type') ?? '',
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    });
  }
  const file = path.join(dataDir, 'recorded.json');
  await writeFile(file, JSON.stringify(recorded));
  const barePort = await freePort();
  bare = fork(path.resolve('bench/bare-server.ts'), [file, String(barePort)], { stdio: 'inherit' });
  await new Promise((resolve) => bare?.once('message', resolve));

  console.log(`\n${CONNECTIONS} conexiones, ${SECONDS} s por medición\n`);
  console.log('| objetivo | Vitrina req/s | Vitrina p99 ms | base req/s | base p99 ms | razón req/s |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const t of targets) {
    await load(appUrl + t.path, { connections: CONNECTIONS, seconds: 1 }); // warm-up
    const ours = await load(appUrl + t.path, { connections: CONNECTIONS, seconds: SECONDS });
    const base = await load(`http://127.0.0.1:${barePort}${t.path}`, { connections: CONNECTIONS, seconds: SECONDS });
    console.log(
      `| ${t.name} | ${ours.rps.toFixed(0)} | ${ours.p99.toFixed(1)} | ${base.rps.toFixed(0)} | ${base.p99.toFixed(1)} | ${(ours.rps / base.rps).toFixed(2)} |` +
        (ours.errors ? ` (${ours.errors} errores)` : ''),
    );
  }
  benchSerialize(await (await fetch(`${appUrl}/api/catalogo/articulos?linea=DAM&per_page=24`)).json());
  // The server lets go of the database (PGlite is one process at a time) before the import opens it.
  await stop(app);
  if (IMPORT_ROWS > 0 && !ONLY_PAGES) await benchImport({ dataDir, databaseUrl, rows: IMPORT_ROWS });
} finally {
  await Promise.all([stop(app), stop(bare)]);
  await rm(dataDir, { recursive: true, force: true });
}

if (ONLY_PAGES) process.exit(0);
await benchCheckout({ seconds: SECONDS, connections: Number(process.env.BENCH_CHECKOUT_CONNECTIONS ?? 32) });
// The sales reports on BENCH_SALES documents (100,000), on PostgreSQL too (ventas.ts).
await benchVentas({ seconds: SECONDS, connections: CONNECTIONS });
