// The job queue (pg-boss) in the store's own database: the embedded PGlite of this one process, or
// the PostgreSQL pool that every process shares. A job is a row; one worker takes it (SKIP LOCKED),
// a failed one is retried with backoff, and one queued inside a transaction exists only if it commits.
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type Db as BossDb,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  PgBoss,
  type Queue,
  type SendOptions,
} from 'pg-boss';
import type { Database, Db } from '#server/db/client.ts';

const SCHEMA = 'pgboss';
const HOUR = 3600;

/** The queues and how their jobs retry. */
export const COLAS = {
  /** One job per outbox row with something to deliver: about three days of retries before giving up. */
  correo: { name: 'correo-entrega', retryLimit: 72, retryDelay: 30, retryBackoff: true, retryDelayMax: HOUR, deleteAfterSeconds: HOUR },
  /**
   * Unpaid orders, cart holds, scheduled posts (and the newsletter: scheduled campaigns and
   * batches): one job per interval. A run takes seconds; one left active by a killed process expires
   * after 5 minutes (exclusive: until then no other is queued), and is not retried: the next
   * interval's job does the same work.
   */
  tareas: { name: 'tareas-periodicas', policy: 'exclusive', retryLimit: 0, expireInSeconds: 5 * 60, deleteAfterSeconds: 2 * HOUR },
  /** The catalogue PDF, rebuilt when what it shows changed: one build at a time. */
  catalogo: { name: 'catalogo-pdf', policy: 'exclusive', retryLimit: 0, expireInSeconds: 30 * 60, deleteAfterSeconds: 2 * HOUR },
  /** Birthday coupons: one job per Caracas day (its id is the day's). */
  diarias: {
    name: 'tareas-diarias',
    policy: 'exclusive',
    retryLimit: 3,
    retryDelay: 300,
    expireInSeconds: HOUR,
    deleteAfterSeconds: 3 * 24 * HOUR,
  },
  /**
   * One job per factura waiting for its número de control from the imprenta digital, queued in the
   * sale's transaction and retried with the same idempotency key (backoff up to 10 minutes, about
   * three days in all). A job left active by a killed process expires after 2 minutes and is retried.
   */
  imprenta: {
    name: 'imprenta-emision',
    retryLimit: 500,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 120,
    deleteAfterSeconds: 24 * HOUR,
  },
  /** The BCV's rate, with TASA_BCV_AUTOMATICA: one look every few hours. */
  bcv: { name: 'tasa-bcv', policy: 'exclusive', retryLimit: 0, expireInSeconds: 5 * 60, deleteAfterSeconds: 24 * HOUR },
} as const satisfies Record<string, Queue>;

export type NombreCola = (typeof COLAS)[keyof typeof COLAS]['name'];

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** pg-boss's statements through the store's own connection: PGlite's one session, or the pg pool. */
function bossDb(database: Database): BossDb {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') return fromPglite(client as PGlite);
  const pool = client as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values as unknown[]) as Promise<{ rows: unknown[] }> };
}

function newBoss(database: Database, options: { workers: boolean }): PgBoss {
  return new PgBoss({
    db: bossDb(database),
    schema: SCHEMA,
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    // pg-boss's cron scheduler is not used: the periodic jobs are queued by slot (see jobs.ts).
    schedule: false,
    // Maintenance (expiring stuck jobs, deleting old ones) only where jobs are worked.
    supervise: options.workers,
    registerInstance: false,
    // Installed and upgraded by instalarCola when the database opens; the workers only check it.
    migrate: !options.workers,
  });
}

/**
 * Creates or upgrades pg-boss's tables and the store's queues, once per database open (after the
 * store's own migrations), so a transaction can queue a job before any worker started. Idempotent.
 */
export async function instalarCola(database: Database): Promise<void> {
  const boss = newBoss(database, { workers: false });
  await boss.start();
  try {
    for (const { name, ...options } of Object.values(COLAS)) {
      if (await boss.getQueue(name)) {
        const { policy: _policy, ...changeable } = options as Queue;
        await boss.updateQueue(name, changeable);
      } else {
        await boss.createQueue(name, options);
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/**
 * A job id that is the same for every process that computes it: the slot it stands for (an
 * interval, a day). pg-boss inserts a job whose id exists as nothing, so a slot runs once.
 */
export function slotId(queue: NombreCola, slot: string): string {
  const hex = createHash('sha256').update(`${queue}|${slot}`).digest('hex');
  // Formatted as a version-8 (custom) UUID, which is what pg-boss's id column takes.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type Cola = {
  /** Starts pg-boss in this process (idempotent); workers are added with `work`. */
  start: () => Promise<void>;
  /** Stops the workers, waiting up to `timeoutMs` for the jobs they are running. */
  stop: (timeoutMs?: number) => Promise<void>;
  started: () => boolean;
  /** Queues a job within the caller's transaction: it exists only if that transaction commits. */
  sendInTx: (tx: Db, queue: NombreCola, data: object, options?: SendOptions) => Promise<string | null>;
  /** Queues a job now; null when its id (a slot) was already queued. */
  send: (queue: NombreCola, data: object, options?: SendOptions) => Promise<string | null>;
  /**
   * Runs `handler` for the jobs of `queue` in this process, one at a time; what it returns is kept as
   * the job's output, and a throw retries the job (as the queue's retry settings say).
   */
  work: <T extends object>(queue: NombreCola, handler: (job: Job<T>) => Promise<unknown>) => Promise<void>;
  /** Stops this process's worker of `queue` (waits for the job it is running). */
  offWork: (queue: NombreCola) => Promise<void>;
  /** Wakes this process's worker of `queue` now instead of at its next poll (a job was just queued). */
  wake: (queue: NombreCola) => void;
  /**
   * Resolves once `queue` has no job ready to run or running (jobs waiting for a later retry do
   * not count): for shutdown and tests. Polls the queue's table every `everyMs`.
   */
  idle: (queue: NombreCola, everyMs?: number) => Promise<void>;
  boss: PgBoss;
};

export function createCola(database: Database, options: { pollingSeconds: number; log: Log }): Cola {
  const boss = newBoss(database, { workers: true });
  boss.on('error', (error) => options.log.error({ err: error }, 'cola de tareas: error'));
  boss.on('warning', (warning) => options.log.warn({ aviso: warning }, 'cola de tareas: aviso'));
  const workers = new Map<NombreCola, string>();
  let starting: Promise<unknown> | null = null;
  let running = false;

  async function start() {
    starting ??= boss.start().then(() => {
      running = true;
    });
    await starting;
  }

  return {
    boss,
    start,
    started: () => running,
    async stop(timeoutMs = 10_000) {
      if (!starting) return;
      await starting.catch(() => undefined);
      running = false;
      workers.clear();
      // The pool (or PGlite) belongs to the store: pg-boss never closes it.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
    sendInTx: (tx, queue, data, sendOptions = {}) =>
      boss.send(queue, data, { ...sendOptions, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) }),
    send: (queue, data, sendOptions = {}) => boss.send(queue, data, sendOptions),
    async work(queue, handler) {
      if (workers.has(queue)) return;
      const id = await boss.work(queue, { pollingIntervalSeconds: options.pollingSeconds, batchSize: 1 }, async ([job]) =>
        handler(job as Job<never>),
      );
      workers.set(queue, id);
    },
    async offWork(queue) {
      if (!workers.has(queue)) return;
      workers.delete(queue);
      await boss.offWork(queue, { wait: true });
    },
    wake(queue) {
      const id = workers.get(queue);
      if (id && running) boss.notifyWorker(id);
    },
    async idle(queue, everyMs = 25) {
      const table = (await boss.getQueue(queue))?.table;
      if (!table || !/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`La cola ${queue} no existe`);
      for (;;) {
        const result = (await database.db.execute(sql`
          SELECT count(*)::int AS n FROM ${sql.raw(`${SCHEMA}.${table}`)}
           WHERE name = ${queue} AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`)) as unknown as {
          rows: { n: number }[];
        };
        if (result.rows[0].n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    },
  };
}
