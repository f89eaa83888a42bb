// One app per test file, on a fresh database with the demo store: in-memory PGlite by default
// (a copy of the snapshot the global setup prepared), a new database on the PostgreSQL server of
// DATABASE_URL when it is set (dropped afterwards).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '#server/app.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed/seed.ts';
import { parseEnv } from '#server/env.ts';
import { DEMO_NOW, openPgliteSnapshot, openSeededPglite } from './pglite-snapshot.ts';

export { DEMO_NOW };

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of `serverUrl`; `drop` removes it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitrina_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    drop: async () => {
      await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The snapshot file of the global setup; none outside a Vitest worker (a script reusing this helper). */
function providedSnapshot(): string | undefined {
  try {
    return inject('pgliteSnapshot');
  } catch {
    return undefined;
  }
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await createPostgresDatabase(serverUrl);
    try {
      const database = await openDatabase({ url: created.url, dataDir: null });
      await seedDemo(database.db, DEMO_NOW);
      return { database, drop: created.drop };
    } catch (error) {
      await created.drop();
      throw error;
    }
  }
  const snapshot = providedSnapshot();
  const database = snapshot ? await openPgliteSnapshot(snapshot) : await openSeededPglite();
  return { database, drop: async () => {} };
}

/**
 * The test configuration: the job queue's workers poll and retry within a second or two (a job this
 * process queues wakes its worker at once anyway).
 */
export const TEST_ENV = { NODE_ENV: 'test', COLA_SONDEO_SEGUNDOS: '0.5', CORREO_REINTENTO_SEGUNDOS: '1' } as const;

/** `env` adds variables to the test configuration (for example PUBLIC_URL); `deps` replaces a dependency (the mailer). */
export async function buildTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'mailer'> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp({ env: parseEnv({ ...TEST_ENV, ...env }), database, logger: false, ...deps });
    await app.ready();
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
