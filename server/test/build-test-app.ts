// One app per test file, on a fresh database with the demo store: in-memory PGlite by default
// (a copy of the snapshot the global setup prepared), a new database on the PostgreSQL server of
// DATABASE_URL when it is set (a clone of the template the PostgreSQL run's global setup migrated
// and seeded, postgres-plantilla.ts; dropped afterwards).
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

/**
 * A new database on the server of `serverUrl`: empty, or a copy of `template` (CREATE DATABASE …
 * TEMPLATE, which copies its files: seconds less than migrating and seeding). `drop` removes it.
 */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitrina_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (c) => c.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    drop: async () => {
      await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** What a Vitest global setup provided; nothing outside a Vitest worker (a script reusing these helpers). */
function provided<K extends 'pgliteSnapshot' | 'postgresTemplate'>(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A new database with the demo store on the server of `serverUrl`: a clone of the PostgreSQL run's
 * template when there is one, else created, migrated and seeded here. Closed; `drop` removes it.
 */
export async function createSeededPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = provided('postgresTemplate');
  const created = await createPostgresDatabase(serverUrl, template);
  if (template) return created;
  try {
    const database = await openDatabase({ url: created.url, dataDir: null });
    await seedDemo(database.db, DEMO_NOW);
    await database.close();
    return created;
  } catch (error) {
    await created.drop();
    throw error;
  }
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await createSeededPostgresDatabase(serverUrl);
    try {
      return { database: await openDatabase({ url: created.url, dataDir: null }), drop: created.drop };
    } catch (error) {
      await created.drop();
      throw error;
    }
  }
  const snapshot = provided('pgliteSnapshot');
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
