// One app per test file, on a fresh database with the demo store: in-memory PGlite by default,
// a new database on the PostgreSQL server of DATABASE_URL when it is set (dropped afterwards).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/seed.ts';
import { parseEnv } from '../src/env.ts';

export const DEMO_NOW = new Date('2026-11-22T12:00:00Z');

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

export async function buildTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (serverUrl) {
    const name = `vitrina_t_${randomBytes(6).toString('hex')}`;
    await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = () => withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
  }
  const database = await openDatabase({ url, dataDir: null });
  await seedDemo(database.db, DEMO_NOW);
  const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test', ...envOverrides }), database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}
