// Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server with DATABASE_URL.
// Both speak the same SQL and get the same committed migrations.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** `dataDir` null means an in-memory embedded database (tests). */
export async function openDatabase(options: { url?: string; dataDir: string | null }): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection closed by the server (restart, admin) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL: conexión inactiva cerrada', error.message));
  const db = drizzleNodePg(pool, { schema });
  // Several processes may start together: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(727274)');
    await migrateNodePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
