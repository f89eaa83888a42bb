// Queries of the staff's second factor: the app's secret, the last step used and the recovery codes.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { codigosRecuperacion, segundoFactor } from './auth.schema.ts';

export type SecondFactorRow = typeof segundoFactor.$inferSelect;

export async function find(db: Db, userId: number): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(segundoFactor).where(eq(segundoFactor.userId, userId)).limit(1);
  return row;
}

export async function countUnusedCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(codigosRecuperacion)
    .where(and(eq(codigosRecuperacion.userId, userId), isNull(codigosRecuperacion.usedAt)));
  return row?.n ?? 0;
}

/** Keeps a secret being enrolled; an active one stays until this one is confirmed. */
export async function setPending(db: Db, userId: number, secret: string, at: Date): Promise<void> {
  await db
    .insert(segundoFactor)
    .values({ userId, pendingSecret: secret, updatedAt: at })
    .onConflictDoUpdate({ target: segundoFactor.userId, set: { pendingSecret: secret, updatedAt: at } });
}

/**
 * The pending secret becomes the active one (only if it is still `pending`: two confirmations of
 * the same enrolment make one), with its first code's step and fresh recovery codes.
 */
export async function confirm(db: Db, userId: number, pending: string, step: number, codeHashes: string[], at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(segundoFactor)
      .set({ secret: pending, pendingSecret: null, lastStep: step, confirmedAt: at, updatedAt: at })
      .where(and(eq(segundoFactor.userId, userId), eq(segundoFactor.pendingSecret, pending)))
      .returning({ userId: segundoFactor.userId });
    if (!row) return false;
    await tx.delete(codigosRecuperacion).where(eq(codigosRecuperacion.userId, userId));
    await tx.insert(codigosRecuperacion).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/**
 * Takes the step `step` for the account's active secret, only when it is later than the last one
 * used: one atomic update, so two requests with the same code (or a replay) get it once.
 */
export async function takeStep(db: Db, userId: number, secret: string, step: number, at: Date): Promise<boolean> {
  const [row] = await db
    .update(segundoFactor)
    .set({ lastStep: step, updatedAt: at })
    .where(
      and(
        eq(segundoFactor.userId, userId),
        eq(segundoFactor.secret, secret),
        or(isNull(segundoFactor.lastStep), lt(segundoFactor.lastStep, step)),
      ),
    )
    .returning({ userId: segundoFactor.userId });
  return row !== undefined;
}

export async function unusedCodes(db: Db, userId: number) {
  return db
    .select({ id: codigosRecuperacion.id, codeHash: codigosRecuperacion.codeHash })
    .from(codigosRecuperacion)
    .where(and(eq(codigosRecuperacion.userId, userId), isNull(codigosRecuperacion.usedAt)));
}

/** Marks a recovery code used, once: false when another request used it first. */
export async function markCodeUsed(db: Db, codeId: number, at: Date): Promise<boolean> {
  const [row] = await db
    .update(codigosRecuperacion)
    .set({ usedAt: at })
    .where(and(eq(codigosRecuperacion.id, codeId), isNull(codigosRecuperacion.usedAt)))
    .returning({ id: codigosRecuperacion.id });
  return row !== undefined;
}

/** The second factor and its codes are gone: the account logs in with its password alone. */
export async function remove(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(codigosRecuperacion).where(eq(codigosRecuperacion.userId, userId));
    const gone = await tx.delete(segundoFactor).where(eq(segundoFactor.userId, userId)).returning({ userId: segundoFactor.userId });
    return gone.length > 0;
  });
}
