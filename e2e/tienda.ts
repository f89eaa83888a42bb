// One store per Playwright worker: the built server on a free port, on PGlite in its own data folder
// (a fresh demo database), with its own fake mail server and its own PayPal and Stripe fakes. The
// journeys of a worker share it; those of another worker never see what they left.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPaypalFalso } from '#test/paypal-falso.ts';
import { freePort, waitFor } from '#test/server-process.ts';
import { startStripeFalso } from '#test/stripe-falso.ts';
import { type Mailbox, startFakeSmtp } from './correo-falso.ts';

export type Tienda = { baseUrl: string; mailbox: Mailbox; close: () => Promise<void> };

export async function startTienda(): Promise<Tienda> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-e2e-'));
  const smtp = await startFakeSmtp();
  // PayPal is paid online against the local fake of its API (docs/decisions/0035).
  const paypal = await startPaypalFalso();
  // And the card against the local fake of Stripe's API (docs/decisions/0036).
  const stripe = await startStripeFalso();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Two stores and two browsers share two cores: an answer of a few seconds is common here, and
      // the log would fill the test's output with «solicitud lenta».
      LOG_LENTA_MS: '15000',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // Each test page sends its own X-Forwarded-For (fixtures.ts newPage), as behind a proxy.
      TRUST_PROXY: '1',
      // The journeys' own requests (fetch, without a page's X-Forwarded-For) come from 127.0.0.1, like
      // many shoppers behind one address: a burst of 60 cold pages, refilled at one a second (the
      // default rate). A crawler (pagina-compartida) gets past that on any machine that renders a page
      // in under a second; refilled at five a second, a busy machine's crawler never met its 429.
      PAGINAS_FRIAS_POR_MINUTO: '60',
      PAGINAS_FRIAS_RAFAGA: '60',
      // The journeys run the periodic jobs at the time they choose (POST /api/pruebas/reloj) instead
      // of waiting for it; production refuses this without its second switch (env.ts).
      RELOJ_DE_PRUEBAS: 'si',
      // The journeys log in as admin several times within one 30-second step, which the second
      // factor's no-replay rule refuses: the requirement is off here (docs/decisions/0039).
      SEGUNDO_FACTOR_ADMIN: 'opcional',
      RELOJ_DE_PRUEBAS_EN_PRODUCCION: 'si',
      ...paypal.env,
      ...stripe.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(server, 'exit');
  const close = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    await smtp.close();
    await paypal.close();
    await stripe.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitFor(`${baseUrl}/api/health`),
      exited.then(([code]) => Promise.reject(new Error(`el servidor de las pruebas terminó al arrancar (código ${code})`))),
    ]);
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl, mailbox: smtp.mailbox, close };
}
