// nginx (Debian's package) on loopback in front of store processes, with the site file the repo ships
// (deploy/nginx/vitrina.conf): its upstream ports and its listen line are swapped for the test's, the
// rest is used as written. For the tests and the soak of more than one process.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const NGINX_SITE = path.join(root, 'deploy/nginx/vitrina.conf');
const UPSTREAM_LINE = /^\s*server 127\.0\.0\.1:\d+ (.*);$/gm;

export type Nginx = { url: string; stop: () => Promise<void> };

/** The repo's site with `ports` as its upstream processes and `listen` as its own port. */
export async function siteFor(ports: number[], listen: number): Promise<string> {
  const site = await readFile(NGINX_SITE, 'utf8');
  const upstream = [...site.matchAll(UPSTREAM_LINE)];
  if (upstream.length === 0) throw new Error(`${NGINX_SITE} no tiene líneas «server 127.0.0.1:puerto …;» en su upstream`);
  const options = upstream[0][1];
  const lines = ports.map((port) => `    server 127.0.0.1:${port} ${options};`).join('\n');
  let replaced = false;
  return site
    .replace(UPSTREAM_LINE, () => {
      if (replaced) return '';
      replaced = true;
      return lines;
    })
    .replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${listen};`);
}

/** Starts nginx (`/usr/sbin/nginx`) in the foreground in front of `ports`; `stop` ends it. */
export async function startNginx(ports: number[]): Promise<Nginx> {
  const bin = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  try {
    execFileSync(bin, ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error(`No se encontró nginx en ${bin}: instálelo con «apt-get install -y nginx-light» (.ci/run lo hace).`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrina-nginx-'));
  // Its worker runs as nobody when started by root: the temporary folders must be open to it.
  await chmod(dir, 0o755);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(path.join(dir, sub));
    await chmod(path.join(dir, sub), 0o777);
  }
  const port = await freePort();
  await writeFile(path.join(dir, 'vitrina.conf'), await siteFor(ports, port));
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'worker_processes 1;',
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((sub) => `  ${sub === 'body' ? 'client_body' : sub}_temp_path ${dir}/${sub};`),
      `  include ${dir}/vitrina.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitFor(`${url}/api/health`),
      new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`nginx terminó al arrancar (${code}):\n${output}`)))),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
