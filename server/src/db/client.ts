// Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server with DATABASE_URL.
// Both speak the same SQL and get the same committed migrations, then the job queue's tables (pg-boss).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { instalarCola } from '#server/jobs/cola.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any process using this
   * database; resolves once listening, with a function that stops it.
   */
  listen: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;
  /** PostgreSQL's connection pool now (metrics); PGlite has none. */
  pool?: () => { total: number; idle: number; waiting: number };
};

/** The extensions the migrations create: PGlite ships them apart and loads them when it opens. */
export const PGLITE_EXTENSIONS = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** `dataDir` null means an in-memory embedded database (tests). */
/**
 * Opens the database and brings it up to the latest migration. `prepare` (the demo data of a new
 * database) runs after the migrations and, on PostgreSQL, under the same lock: of several processes
 * starting together on an empty database, exactly one loads it and the others find it loaded.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string | null;
  prepare?: (db: Db) => Promise<void>;
}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.prepare);
  let client: PGlite;
  let release = async () => {};
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    release = await holdPgliteFolder(dir);
    client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const close = async () => {
    await client.close();
    await release();
  };
  const database: Database = { db: db as unknown as Db, kind: 'pglite', close, listen: pgliteListener(client) };
  await instalarCola(database);
  await options.prepare?.(database.db);
  return database;
}

/** Where the process holding a PGlite folder writes its pid (PGlite's own postmaster.pid names no process). */
export const PGLITE_HOLDER_FILE = 'vitrina.pid';

/** The live process, other than this one, that holds the PGlite folder `dir` open; null if none. */
export async function pgliteHolder(dir: string): Promise<number | null> {
  const text = await readFile(path.join(dir, PGLITE_HOLDER_FILE), 'utf8').catch(() => null);
  const pid = Number(text?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * PGlite serves one process: a second one opening the same folder would corrupt it. The folder is
 * marked with this process's pid while open (a mark left by a process that died does not count).
 */
const heldHere = new Set<string>();

async function holdPgliteFolder(dir: string): Promise<() => Promise<void>> {
  const holder = heldHere.has(path.resolve(dir)) ? process.pid : await pgliteHolder(dir);
  if (holder) throw new Error(`La base embebida de ${dir} está abierta por otro proceso (${holder}): detenga esa tienda primero.`);
  heldHere.add(path.resolve(dir));
  const file = path.join(dir, PGLITE_HOLDER_FILE);
  await writeFile(file, String(process.pid));
  return async () => {
    heldHere.delete(path.resolve(dir));
    await rm(file, { force: true });
  };
}

/** PGlite is one in-process connection: its own NOTIFYs reach the listeners on commit. */
export function pgliteListener(client: PGlite): Database['listen'] {
  return async (channel, handler) => {
    const stop = await client.listen(assertChannel(channel), handler);
    return async () => {
      if (!client.closed) await stop().catch(() => undefined);
    };
  };
}

function assertChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Canal de notificaciones no válido: ${channel}`);
  return channel;
}

async function openPostgres(url: string, prepare?: (db: Db) => Promise<void>): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection closed by the server (restart, admin) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL: conexión inactiva cerrada', error.message));
  const db = drizzleNodePg(pool, { schema });
  // Several processes may start together: one migrates while the others wait on the lock.
  const listener = postgresListener(url);
  const database: Database = {
    db: db as unknown as Db,
    kind: 'postgres',
    listen: listener.listen,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(727274)');
    await migrateNodePg(db, { migrationsFolder });
    await instalarCola(database);
    await prepare?.(database.db);
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  return database;
}

/**
 * LISTEN needs a connection of its own that stays open (a pooled one would be handed to other
 * queries): one client per process, opened on first use, reconnected if the server drops it.
 */
function postgresListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => console.error('PostgreSQL: se perdió la conexión de notificaciones', error.message));
    client.on('end', () => {
      if (closed) return;
      connecting = null;
      // Notifications sent while disconnected are lost; the screens still reload on demand.
      retry = setTimeout(() => {
        retry = null;
        if (!closed && handlers.size > 0) void ensure().catch(() => undefined);
      }, 1000);
      retry.unref();
    });
    return client.connect().then(async () => {
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
      return client;
    });
  }

  function ensure(): Promise<pg.Client> {
    connecting ??= connect().catch((error) => {
      connecting = null;
      throw error;
    });
    return connecting;
  }

  async function listen(channel: string, handler: (payload: string) => void) {
    if (closed) throw new Error('La base de datos está cerrada');
    const name = assertChannel(channel);
    const set = handlers.get(name) ?? new Set();
    handlers.set(name, set);
    set.add(handler);
    const client = await ensure();
    await client.query(`LISTEN ${name}`);
    return async () => {
      set.delete(handler);
      if (set.size > 0 || handlers.get(name) !== set) return;
      handlers.delete(name);
      const current = connecting && (await connecting.catch(() => null));
      await current?.query(`UNLISTEN ${name}`).catch(() => undefined);
    };
  }

  async function close() {
    closed = true;
    if (retry) clearTimeout(retry);
    const client = connecting && (await connecting.catch(() => null));
    connecting = null;
    await client?.end().catch(() => undefined);
  }

  return { listen, close };
}
