// Global setup of the PostgreSQL run: one database migrated and seeded with the demo store, the
// template every test file's database is cloned from (build-test-app.ts createSeededPostgresDatabase),
// dropped at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed/seed.ts';
import { DEMO_NOW } from './pglite-snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of the migrated and seeded database on DATABASE_URL's server (absent when not provided). */
    postgresTemplate: string | undefined;
  }
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('La plantilla de PostgreSQL necesita DATABASE_URL');
  const name = `vitrina_plantilla_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any clone: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  try {
    await seedDemo(database.db, DEMO_NOW);
  } finally {
    await database.close();
  }
  project.provide('postgresTemplate', name);
  return () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
