// Queries of users, roles, sessions and password-reset tokens.
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Role } from '#domain/roles.ts';
import type { Db } from '#server/db/client.ts';
import {
  fallosIngreso,
  registrosPendientes,
  restablecimientosClave,
  sesiones,
  usuarioRoles,
  usuarios,
  vendedores,
} from '#server/modules/auth/auth.schema.ts';

export type UserRow = typeof usuarios.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, id)).limit(1);
  return row;
}

export async function findRoles(db: Db, userId: number): Promise<Role[]> {
  const rows = await db
    .select({ role: usuarioRoles.role })
    .from(usuarioRoles)
    .where(eq(usuarioRoles.userId, userId))
    .orderBy(usuarioRoles.role);
  return rows.map((r) => r.role as Role);
}

export async function findSalesman(db: Db, userId: number) {
  const [row] = await db
    .select({ id: vendedores.id, code: vendedores.code, name: vendedores.name })
    .from(vendedores)
    .where(eq(vendedores.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function insertUser(db: Db, values: typeof usuarios.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(usuarios).values(values).onConflictDoNothing({ target: usuarios.email }).returning();
  return row;
}

/**
 * Delete-then-insert under the user's row lock: a concurrent replace waits for this one to commit
 * and then deletes what it wrote, instead of inserting the same (user, role) twice.
 */
export async function replaceRoles(db: Db, userId: number, roles: readonly Role[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, userId)).for('update');
    await tx.delete(usuarioRoles).where(eq(usuarioRoles.userId, userId));
    if (roles.length > 0) await tx.insert(usuarioRoles).values(roles.map((role) => ({ userId, role })));
  });
}

export async function insertSession(db: Db, values: typeof sesiones.$inferInsert) {
  const [row] = await db.insert(sesiones).values(values).returning({ id: sesiones.id, expiresAt: sesiones.expiresAt });
  return row;
}

/** A live session with its user: not revoked, not expired, user not disabled. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sesiones.id,
      userId: usuarios.id,
      email: usuarios.email,
      remember: sesiones.remember,
      lastSeenAt: sesiones.lastSeenAt,
      expiresAt: sesiones.expiresAt,
      roles: sql<
        string[]
      >`coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM usuario_roles r WHERE r.user_id = ${usuarios.id}), '{}')`,
      secondFactor: sql<boolean>`EXISTS (SELECT 1 FROM segundo_factor f WHERE f.user_id = ${usuarios.id} AND f.secret IS NOT NULL)`,
    })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.userId))
    .where(and(eq(sesiones.tokenHash, tokenHash), isNull(sesiones.revokedAt), gt(sesiones.expiresAt, now), eq(usuarios.disabled, false)))
    .limit(1);
  return row;
}

export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sesiones).set({ lastSeenAt: now }).where(eq(sesiones.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sesiones)
    .set({ revokedAt: now })
    .where(and(eq(sesiones.id, sessionId), isNull(sesiones.revokedAt)));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: number, now: Date, keepSessionId?: number): Promise<void> {
  await db
    .update(sesiones)
    .set({ revokedAt: now })
    .where(and(eq(sesiones.userId, userId), isNull(sesiones.revokedAt), keepSessionId ? ne(sesiones.id, keepSessionId) : undefined));
}

export async function setEmailVerified(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(usuarios)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(usuarios.id, userId), isNull(usuarios.emailVerifiedAt)));
}

/** A new password, however it was set, voids every reset link of the account still unused. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(usuarios).set({ passwordHash, updatedAt: now }).where(eq(usuarios.id, userId));
    await tx
      .update(restablecimientosClave)
      .set({ usedAt: now })
      .where(and(eq(restablecimientosClave.userId, userId), isNull(restablecimientosClave.usedAt)));
  });
}

export async function insertResetToken(db: Db, values: typeof restablecimientosClave.$inferInsert): Promise<void> {
  await db.insert(restablecimientosClave).values(values);
}

/** Marks a reset token used, only if it is unused and unexpired; returns its user (once). */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(restablecimientosClave)
    .set({ usedAt: now })
    .where(
      and(
        eq(restablecimientosClave.tokenHash, tokenHash),
        isNull(restablecimientosClave.usedAt),
        gt(restablecimientosClave.expiresAt, now),
      ),
    )
    .returning({ userId: restablecimientosClave.userId });
  return row?.userId;
}

/** Keeps a sign-up until its link is followed; expired ones are dropped on the way. */
export async function insertPendingRegistration(db: Db, values: typeof registrosPendientes.$inferInsert, now: Date): Promise<void> {
  await db.delete(registrosPendientes).where(lt(registrosPendientes.expiresAt, now));
  await db.insert(registrosPendientes).values(values);
}

/** Takes a pending sign-up by its link, once and only before it expires. */
export async function takePendingRegistration(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(registrosPendientes)
    .where(and(eq(registrosPendientes.tokenHash, tokenHash), gt(registrosPendientes.expiresAt, now)))
    .returning();
  return row;
}

export async function deletePendingRegistrations(db: Db, email: string): Promise<void> {
  await db.delete(registrosPendientes).where(eq(registrosPendientes.email, email));
}

/** Where a login comes from: a known device of the account, or else only its IP. */
export type LoginSource = { email: string; ip: string; device: string | null };

const fromSource = (source: LoginSource) =>
  source.device
    ? and(eq(fallosIngreso.email, source.email), eq(fallosIngreso.device, source.device))
    : and(eq(fallosIngreso.email, source.email), eq(fallosIngreso.ip, source.ip), isNull(fallosIngreso.device));

/** Wrong passwords since `since`: from this source, from its IP (unknown browsers), for the account. */
export async function countLoginFailures(db: Db, source: LoginSource, since: Date) {
  const fromIp = and(eq(fallosIngreso.ip, source.ip), isNull(fallosIngreso.device));
  const [row] = await db
    .select({
      source: sql<number>`count(*) FILTER (WHERE ${fromSource(source)})::int`,
      ip: sql<number>`count(*) FILTER (WHERE ${fromIp})::int`,
      account: sql<number>`count(*) FILTER (WHERE ${fallosIngreso.email} = ${source.email})::int`,
      firstFromSource: sql<string | null>`min(${fallosIngreso.at}) FILTER (WHERE ${fromSource(source)})`,
      firstFromIp: sql<string | null>`min(${fallosIngreso.at}) FILTER (WHERE ${fromIp})`,
      firstForAccount: sql<string | null>`min(${fallosIngreso.at}) FILTER (WHERE ${fallosIngreso.email} = ${source.email})`,
    })
    .from(fallosIngreso)
    .where(and(gt(fallosIngreso.at, since), or(eq(fallosIngreso.email, source.email), eq(fallosIngreso.ip, source.ip))));
  return row;
}

/** Records a wrong password; failures older than `forgetBefore` are dropped on the way. */
export async function insertLoginFailure(db: Db, source: LoginSource, at: Date, forgetBefore: Date): Promise<void> {
  await db.delete(fallosIngreso).where(lt(fallosIngreso.at, forgetBefore));
  await db.insert(fallosIngreso).values({ ...source, at });
}

/** A password reset by e-mail proves the owner: the account's failures are forgotten. */
export async function clearAccountLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(fallosIngreso).where(eq(fallosIngreso.email, email));
}

/** A correct password clears its own source's failures (not the account's elsewhere). */
export async function clearLoginFailures(db: Db, source: LoginSource): Promise<void> {
  await db.delete(fallosIngreso).where(fromSource(source));
}
