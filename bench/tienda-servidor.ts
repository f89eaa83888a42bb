// The built store for the browser measurements of bench/: the URL given on the command line, or the
// real server started on a fresh demo database (and stopped by `close`).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '#test/server-process.ts';

export type Store = { base: string; close: () => Promise<void> };

export async function storeFor(url: string | undefined): Promise<Store> {
  if (url) return { base: url.replace(/\/$/, ''), close: async () => undefined };
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-medir-'));
  const server = spawn(process.execPath, ['server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return {
    base,
    async close() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The pages both measurements visit: home, a sub-line list, an article and the cart. */
export async function storefrontPages(base: string): Promise<{ name: string; path: string }[]> {
  const list = await (await fetch(`${base}/api/catalogo/articulos?linea=DAM`)).json();
  const article = list.data[0].path as string;
  return [
    { name: 'inicio', path: '/' },
    { name: 'sub-línea', path: article.slice(0, article.lastIndexOf('/')) },
    { name: 'artículo', path: article },
    { name: 'carrito', path: '/carrito' },
  ];
}
