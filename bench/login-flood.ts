// `node bench/login-flood.ts` (after `npm run build`): shoppers browsing the built store, measured
// alone and then under a flood of wrong passwords at ~200 req/s from many X-Forwarded-For
// addresses (the server trusts one proxy hop, so each address counts as its own client).
// Prints browse p50/p99 without and with the flood, their ratio (goal ≤ 2×, decision 0026) and how
// the flood was answered. About 2 × BENCH_SECONDS plus the server's start.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '#test/server-process.ts';
import { load } from './load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SHOPPERS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const FLOOD_RPS = Number(process.env.BENCH_FLOOD_RPS ?? 200);
// A cookie other than the currency one makes the shared page cache step aside (decision 0019), so
// every browse renders its page: the worst case for the shoppers.
const BYPASS_CACHE = { cookie: 'bench=1' };

/** Wrong passwords at a steady rate (open loop: the rate does not slow down when answers do). */
async function flood(url: string, seconds: number): Promise<Record<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const statuses: Record<number, number> = {};
  const count = (status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  const pending: Promise<void>[] = [];
  const total = Math.round(seconds * FLOOD_RPS);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / FLOOD_RPS;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Half to real accounts, half to addresses without one; each from its own address.
    const email = i % 2 ? 'cliente@vitrina.com.ve' : `nadie-${i}@correo.com`;
    const body = JSON.stringify({ email, password: `errada-${i}-clave` });
    const forwarded = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    pending.push(
      new Promise((resolve) => {
        const req = http.request(
          `${url}/api/auth/login`,
          {
            agent,
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': forwarded },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              count(res.statusCode ?? 0);
              resolve();
            });
          },
        );
        req.on('error', () => {
          count(0);
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return statuses;
}

// The flood runs in its own process, so its requests do not delay the shoppers' client.
if (process.argv[2] === '--avalancha') {
  process.send?.(await flood(process.argv[3] ?? '', SECONDS));
  process.exit(0);
}

/** Runs the flood in a child process and returns how it was answered. */
function floodInChild(url: string): Promise<Record<number, number>> {
  const child = fork(path.resolve('bench/login-flood.ts'), ['--avalancha', url], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Record<number, number>));
    child.once('exit', (code) => reject(new Error(`la avalancha terminó sin informe (código ${code})`)));
  });
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-flood-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    // The buyers render uncached pages from one address on purpose: no limit of cold pages.
    PAGINAS_FRIAS_POR_MINUTO: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const ms = (n: number) => n.toFixed(1).replace('.', ',');

try {
  await waitFor(`${url}/api/health`);
  const list = await (await fetch(`${url}/api/catalogo/articulos?linea=DAM&page=1`)).json();
  const articlePath = list.data[0].path as string;
  const browsePath = articlePath.slice(0, articlePath.lastIndexOf('/'));
  console.log(`Compradores: ${SHOPPERS} conexiones sobre ${browsePath} (página SSR, caché de páginas evitada), ${SECONDS} s por medición`);
  await load(url + browsePath, { connections: SHOPPERS, seconds: 2, headers: BYPASS_CACHE });

  const quiet = await load(url + browsePath, { connections: SHOPPERS, seconds: SECONDS, headers: BYPASS_CACHE });
  const [busy, answers] = await Promise.all([
    load(url + browsePath, { connections: SHOPPERS, seconds: SECONDS, headers: BYPASS_CACHE }),
    floodInChild(url),
  ]);

  console.log('\n| navegación | req/s | p50 ms | p99 ms | errores |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of [
    ['sola', quiet],
    [`con avalancha de ${FLOOD_RPS} ingresos/s`, busy],
  ] as const) {
    console.log(`| ${name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`);
  }
  console.log(`\nRazón p50: ${ms(busy.p50 / quiet.p50)}×; razón p99: ${ms(busy.p99 / quiet.p99)}× (meta ≤ 2×)`);
  const sent = Object.values(answers).reduce((a, b) => a + b, 0);
  const by = Object.entries(answers).map(([status, n]) => `${status === '0' ? 'sin respuesta' : status}: ${n}`);
  console.log(`Avalancha: ${sent} ingresos con clave errada; respuestas ${by.join(', ')}`);
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await rm(dataDir, { recursive: true, force: true });
}
