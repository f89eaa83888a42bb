// For the real server processes that the bench, the browser tests and the crash tests start: a free
// port, waiting until a URL answers, and the store as a process of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });
}

export async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`sin respuesta de ${url}`);
}

/** The store running as its own process (server/src/main.ts), as the crash tests kill it. */
export type ServerProcess = { url: string; kill: () => Promise<void> };

const root = path.resolve(import.meta.dirname, '../..');
const localNode = path.join(root, 'node_modules/.bin/node');

/**
 * Starts the store on `port` with `env` over the test's own (the caller gives the database, the data
 * folder and the fakes), and waits until it answers /api/health; its output is in the errors.
 * `kill` ends it with SIGKILL, as a crash would.
 */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  let output = '';
  const child: ChildProcess = spawn(existsSync(localNode) ? localNode : process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  async function kill() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, kill };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await kill();
  throw new Error(`el servidor no respondió:\n${output}`);
}
