// Starts the real server once for the browser journeys, on a free port with its own data folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPaypalFalso } from '#test/paypal-falso.ts';
import { freePort, waitFor } from '#test/server-process.ts';
import { startStripeFalso } from '#test/stripe-falso.ts';
import { startFakeSmtp } from './correo-falso.ts';

let server: ChildProcess | undefined;
let dataDir = '';
let closeSmtp: (() => Promise<void>) | undefined;
let closePaypal: (() => Promise<void>) | undefined;
let closeStripe: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-e2e-'));
  const mailDir = await mkdtemp(path.join(dataDir, 'buzon-'));
  const smtp = await startFakeSmtp(mailDir);
  closeSmtp = smtp.close;
  // PayPal is paid online against the local fake of its API (docs/decisions/0035).
  const paypal = await startPaypalFalso();
  closePaypal = paypal.close;
  // And the card against the local fake of Stripe's API (docs/decisions/0036).
  const stripe = await startStripeFalso();
  closeStripe = stripe.close;
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // Each test page sends its own X-Forwarded-For (fixtures.ts newPage), as behind a proxy.
      TRUST_PROXY: '1',
      // Every browser of the suite comes from 127.0.0.1, like many shoppers behind one address.
      PAGINAS_FRIAS_POR_MINUTO: '300',
      PAGINAS_FRIAS_RAFAGA: '60',
      ...paypal.env,
      ...stripe.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${baseUrl}/api/health`);
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
}

export async function teardown() {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await closeSmtp?.();
  await closePaypal?.();
  await closeStripe?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the fake mail server (correo-falso.ts) leaves each delivered message. */
    mailDir: string;
  }
}
