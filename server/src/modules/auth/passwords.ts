// Password hashing (argon2id, OWASP minimum m=19 MiB, t=2, p=1). The password policy (length,
// common passwords, typed twice) is in domain/contracts/auth.ts, shared with the forms.
// Every hash goes through a bounded pool (decision 0026): a flood of logins queues a few and is
// refused the rest with 429, so argon2 cannot take the cores and the thread pool from the store.
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { DemasiadasSolicitudes } from '#server/errors.ts';

const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const POOL_FULL = 'Hay demasiados ingresos en este momento. Intente de nuevo en unos segundos.';
/** A queued hash waits well under a second, so one second is an honest wait to suggest. */
const RETRY_AFTER_SECONDS = 1;

export type PasswordPool = ReturnType<typeof createPasswordPool>;

/** Who asks for a hash: anybody, or a login the store must keep room for (see createPasswordPool). */
export type PoolLane = 'general' | 'reservada';

/**
 * At most `concurrency` hashes at once and `queue` waiting. `run` refuses past that (429 with
 * Retry-After) before any hashing; `runWaiting` always queues, for work already answered
 * (sign-up and reset mail are done after the reply and have their own per-address limits).
 *
 * The reserved lane (issue 27: a flood of wrong passwords from rotating addresses must not lock
 * real users out) is for a known device of the account and for the code step of a login whose
 * password was right: it has a queue of its own (`reserved`, by default as long as the general
 * one) and its waiters take a freed slot before the general queue's, so a flood that fills the
 * general queue neither refuses them nor makes them wait for the whole queue.
 */
export function createPasswordPool(limits: { concurrency: number; queue: number; reserved?: number }) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const reservedWaiting: Array<() => void> = [];
  const reservedQueue = limits.reserved ?? limits.queue;

  const release = () => {
    const next = reservedWaiting.shift() ?? waiting.shift();
    if (next) next();
    else running--;
  };
  const acquire = (lane: PoolLane): Promise<void> => {
    if (running < limits.concurrency) {
      running++;
      return Promise.resolve();
    }
    // The slot passes straight to the next waiter, so `running` stays counted for it.
    return new Promise((resolve) => (lane === 'reservada' ? reservedWaiting : waiting).push(resolve));
  };
  const within = async <T>(task: () => Promise<T>, lane: PoolLane = 'general'): Promise<T> => {
    await acquire(lane);
    try {
      return await task();
    } finally {
      release();
    }
  };
  const full = (lane: PoolLane = 'general') =>
    running >= limits.concurrency && (lane === 'reservada' ? reservedWaiting.length >= reservedQueue : waiting.length >= limits.queue);

  return {
    limits,
    /** True when a new hash in `lane` would be refused: lets a route refuse before reading the database. */
    full,
    run<T>(task: () => Promise<T>, lane: PoolLane = 'general'): Promise<T> {
      if (full(lane)) return Promise.reject(new DemasiadasSolicitudes(POOL_FULL, RETRY_AFTER_SECONDS));
      return within(task, lane);
    },
    runWaiting: <T>(task: () => Promise<T>) => within(task),
    get busy() {
      return { running, waiting: waiting.length + reservedWaiting.length };
    },
  };
}

/**
 * Sized to the machine: one hash per core but one, left to the event loop that serves the store
 * (at least one hash), and a queue of sixteen per hash slot: a handful of staff and shoppers logging
 * in at the same moment wait a fraction of a second instead of getting a 429 (two per slot refused
 * the fourth simultaneous login on a 2-core machine), while a flood still finds it full at once.
 */
export function defaultPasswordPool(): PasswordPool {
  const concurrency = Math.max(1, availableParallelism() - 1);
  return createPasswordPool({ concurrency, queue: 16 * concurrency });
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Without a hash (unknown or social-only account) still spend the same time, so timing reveals
  // nothing; both paths take the same place in the pool.
  if (!passwordHash) {
    await hash(password, ARGON2);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
