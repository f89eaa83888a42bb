// Global setup of the PGlite API suite: migrates and seeds one embedded database, then saves its
// data folder so that each test file starts from a copy in about a second instead of booting,
// migrating and seeding its own (PGlite's first start alone takes several seconds).
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { type Database, type Db, openDatabase, PGLITE_EXTENSIONS, pgliteListener } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { seedDemo } from '#server/db/seed/seed.ts';

/** The clock of the demo store in every API test. */
export const DEMO_NOW = new Date('2026-11-22T12:00:00Z');

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding the migrated and seeded PGlite data folder (absent when not provided). */
    pgliteSnapshot: string | undefined;
  }
}

/** A fresh in-memory database, migrated and seeded with the demo store. */
export async function openSeededPglite(): Promise<Database> {
  const database = await openDatabase({ dataDir: null });
  await seedDemo(database.db, DEMO_NOW);
  return database;
}

/** An in-memory database started from a saved data folder. */
export async function openPgliteSnapshot(file: string): Promise<Database> {
  const client = new PGlite({ loadDataDir: new Blob([await readFile(file)]), extensions: PGLITE_EXTENSIONS });
  const db = drizzle(client, { schema });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), listen: pgliteListener(client) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', undefined);
    return async () => {};
  }
  const database = await openSeededPglite();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `vitrina-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rm(file, { force: true });
}
