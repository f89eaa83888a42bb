// Two apps on one new PostgreSQL database, as two processes of one store: each its own pool and its
// own job workers, the same secret and the same fake SMTP server. For the tests (`*.pg.test.ts`)
// of what must happen once however many processes run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { type Jobs, startJobs } from '#server/jobs/jobs.ts';
import { createSeededPostgresDatabase, TEST_ENV, type TestApp } from './build-test-app.ts';
import { fakeSmtp, memoryMailer } from './correos.ts';

export type TwoProcesses = {
  a: TestApp;
  b: TestApp;
  smtp: ReturnType<typeof fakeSmtp>;
  /** One more process on the same database, without job workers; the test closes it. */
  openAnother: () => Promise<TestApp>;
  close: () => Promise<void>;
};

/** `responseCache`: each process keeps its public read cache, as in production (off in other tests). */
export async function twoProcessesOnPostgres(options: { responseCache?: boolean } = {}): Promise<TwoProcesses> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Esta prueba necesita DATABASE_URL (npm run test:pg).');
  const smtp = fakeSmtp();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-dos-procesos-'));
  const created = await createSeededPostgresDatabase(serverUrl);

  async function openApp(): Promise<TestApp> {
    const database = await openDatabase({ url: created.url, dataDir: null });
    const env = parseEnv({
      ...TEST_ENV,
      DATA_DIR: dataDir,
      // Every process of one store shares the secret (sealed mail links are opened by whichever delivers).
      SESSION_SECRET: 'secreto-compartido-por-los-dos-procesos-de-prueba',
      // The tests queue the slots themselves with their clock; the start's tick is the only other one.
      TAREAS_INTERVALO_SEGUNDOS: '3600',
    });
    const app = await buildApp({ env, database, logger: false, mailer: memoryMailer(smtp).mailer, responseCache: options.responseCache });
    await app.ready();
    return { app, database, close: async () => void (await app.close()) };
  }

  const a = await openApp();
  const b = await openApp();
  const jobs: Jobs[] = [await startJobs(a.app), await startJobs(b.app)];
  return {
    a,
    b,
    smtp,
    openAnother: () => openApp(),
    close: async () => {
      for (const j of jobs) await j.stop();
      for (const t of [a, b]) {
        await t.app.close();
        await t.database.close();
      }
      await created.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
