// Queries of the sales settings: who is e-mailed about web sales, who is in charge of them.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ROLES, type Role } from '#domain/roles.ts';
import type { Db } from '#server/db/client.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { ajustesVenta, notificacionVentaUsuarios } from '#server/modules/config/config.schema.ts';

// An enabled user holding a staff role right now (roles may have changed since the setting was saved).
const activeStaff = () =>
  and(
    eq(usuarios.disabled, false),
    sql`EXISTS (SELECT 1 FROM usuario_roles r WHERE r.user_id = ${usuarios.id} AND r.role IN (${sql.join(
      ROLES.map((role) => sql`${role}`),
      sql`, `,
    )}))`,
  );

const staffColumns = {
  id: usuarios.id,
  email: usuarios.email,
  nickname: usuarios.nickname,
  fullName: usuarios.fullName,
  roles: sql<Role[]>`coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM usuario_roles r WHERE r.user_id = ${usuarios.id}), '{}')`,
};

export async function findActiveStaff(db: Db, ids?: number[]) {
  if (ids && ids.length === 0) return [];
  return db
    .select(staffColumns)
    .from(usuarios)
    .where(and(activeStaff(), ids ? inArray(usuarios.id, ids) : undefined))
    .orderBy(asc(usuarios.nickname), asc(usuarios.email));
}

export async function findNotifiedStaff(db: Db) {
  return db
    .select(staffColumns)
    .from(notificacionVentaUsuarios)
    .innerJoin(usuarios, eq(usuarios.id, notificacionVentaUsuarios.userId))
    .where(activeStaff())
    .orderBy(asc(usuarios.nickname), asc(usuarios.email));
}

/**
 * Replaces the whole list. Two admins saving at once take turns on the lock, so the second sees
 * and deletes what the first wrote: no duplicate key, and the list ends as one of the two.
 */
export async function replaceNotifiedUsers(db: Db, userIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('vitrina:avisos-de-venta'))`);
    await tx.delete(notificacionVentaUsuarios);
    if (userIds.length > 0) await tx.insert(notificacionVentaUsuarios).values(userIds.map((userId) => ({ userId })));
  });
}

const userInCharge = () =>
  new QueryBuilder()
    .select({ id: usuarios.id })
    .from(ajustesVenta)
    .innerJoin(usuarios, eq(usuarios.id, ajustesVenta.userInChargeId))
    .where(and(eq(ajustesVenta.id, 1), activeStaff()))
    .limit(1);

export async function findUserInChargeId(db: Db): Promise<number | null> {
  const [row] = await db.select().from(userInCharge().as('encargado'));
  return row?.id ?? null;
}

/** The same id as a scalar subquery, read by the statement that stores it (no round trip of its own). */
export const userInChargeIdSql = (): SQL<number | null> => sql`(${userInCharge()})`;

export async function saveUserInCharge(db: Db, userId: number | null, updatedBy: number): Promise<void> {
  const values = { userInChargeId: userId, updatedBy, updatedAt: new Date() };
  await db
    .insert(ajustesVenta)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: ajustesVenta.id, set: values });
}

export async function findUserSummary(db: Db, userId: number) {
  const [row] = await db
    .select({ id: usuarios.id, email: usuarios.email, nickname: usuarios.nickname, fullName: usuarios.fullName })
    .from(usuarios)
    .where(eq(usuarios.id, userId))
    .limit(1);
  return row;
}

/** The IGTF of staff sales as set (no row yet: none saved). */
export async function findIgtfSettings(db: Db) {
  const [row] = await db
    .select({ charged: ajustesVenta.igtfCharged, basisPoints: ajustesVenta.igtfBasisPoints })
    .from(ajustesVenta)
    .where(eq(ajustesVenta.id, 1))
    .limit(1);
  return row;
}

/** The write-off tolerance of short web payments (no row yet: none saved). */
export async function findWriteOffTolerance(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ tolerance: ajustesVenta.writeOffTolerance }).from(ajustesVenta).where(eq(ajustesVenta.id, 1)).limit(1);
  return row?.tolerance;
}

export async function saveWriteOffTolerance(db: Db, tolerance: string, updatedBy: number): Promise<void> {
  const values = { writeOffTolerance: tolerance, updatedBy, updatedAt: new Date() };
  await db
    .insert(ajustesVenta)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: ajustesVenta.id, set: values });
}

/** The IGTF as set with the row's last change and who made it (no row yet: none saved). */
export async function findIgtfWithChange(db: Db) {
  const [row] = await db
    .select({
      charged: ajustesVenta.igtfCharged,
      basisPoints: ajustesVenta.igtfBasisPoints,
      updatedAt: ajustesVenta.updatedAt,
      updatedBy: ajustesVenta.updatedBy,
      nickname: usuarios.nickname,
      email: usuarios.email,
    })
    .from(ajustesVenta)
    .leftJoin(usuarios, eq(usuarios.id, ajustesVenta.updatedBy))
    .where(eq(ajustesVenta.id, 1))
    .limit(1);
  return row;
}

/** Saves the IGTF of staff sales; the person in charge of web sales stays as it was. */
export async function saveIgtf(db: Db, settings: { charged: boolean; basisPoints: number }, updatedBy: number): Promise<void> {
  const values = { igtfCharged: settings.charged, igtfBasisPoints: settings.basisPoints, updatedBy, updatedAt: new Date() };
  await db
    .insert(ajustesVenta)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: ajustesVenta.id, set: values });
}
