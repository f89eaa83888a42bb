// A transaction whose side effects outside the database (mail delivery, live notices, sale notices)
// run only once it has committed, each on its own: a failing effect is logged and never undoes or
// fails what was already saved. Effects registered by a transaction that rolls back never run.
import type { Db, Tx } from './client.ts';

export type Effect = { what: string; run: () => Promise<unknown>; background?: boolean };

/**
 * Registers an effect to run after the commit; `what` names it in the log if it fails.
 * `background`: not waited for (e.g. SMTP delivery, so the buyer's answer does not wait on it).
 */
export type AfterCommit = (what: string, run: () => Promise<unknown>, options?: { background?: boolean }) => void;

export type EffectLog = (message: string, error: unknown) => void;

/**
 * Runs `work` in a transaction, then its registered effects in order. Resolves with `work`'s
 * result once every effect has settled (so a caller that answers afterwards sees them done).
 */
export async function transactionWithEffects<T>(
  db: Db,
  log: EffectLog | undefined,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const effects: Effect[] = [];
  const result = await db.transaction((tx) =>
    work(tx as Tx, (what, run, options) => effects.push({ what, run, background: options?.background })),
  );
  await runEffects(effects, log);
  return result;
}

export async function runEffects(effects: Effect[], log: EffectLog | undefined): Promise<void> {
  for (const effect of effects) {
    if (effect.background) {
      void effect.run().catch((error) => log?.(`No se pudo completar después de guardar: ${effect.what}`, error));
      continue;
    }
    try {
      await effect.run();
    } catch (error) {
      log?.(`No se pudo completar después de guardar: ${effect.what}`, error);
    }
  }
}
