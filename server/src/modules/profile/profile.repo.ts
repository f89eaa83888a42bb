// Queries of the customer profile: details, children, salesmen, users and their roles.
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Role } from '#domain/roles.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarioRoles, usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { hijos } from '#server/modules/profile/profile.schema.ts';

export async function updateUserDetails(db: Db, userId: number, values: Partial<typeof usuarios.$inferInsert>) {
  await db
    .update(usuarios)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(usuarios.id, userId));
}

export async function findChildren(db: Db, userId: number, limit: number, offset: number, descending: boolean) {
  const where = eq(hijos.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: hijos.id, name: hijos.name, relationship: hijos.relationship, gender: hijos.gender, birthday: hijos.birthday })
      .from(hijos)
      .where(where)
      .orderBy(descending ? desc(hijos.birthday) : asc(hijos.birthday), asc(hijos.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(hijos).where(where),
  ]);
  return { rows, total };
}

export async function insertChild(db: Db, values: typeof hijos.$inferInsert) {
  const [row] = await db
    .insert(hijos)
    .values(values)
    .returning({ id: hijos.id, name: hijos.name, relationship: hijos.relationship, gender: hijos.gender, birthday: hijos.birthday });
  return row;
}

/** Deletes a child only when it belongs to the user; returns whether one was deleted. */
export async function deleteChild(db: Db, userId: number, childId: number): Promise<boolean> {
  const rows = await db
    .delete(hijos)
    .where(and(eq(hijos.id, childId), eq(hijos.userId, userId)))
    .returning({ id: hijos.id });
  return rows.length > 0;
}

export async function findSalesmen(db: Db, search?: string) {
  return db
    .select({ id: vendedores.id, code: vendedores.code, name: vendedores.name })
    .from(vendedores)
    .where(and(eq(vendedores.active, true), search ? ilike(vendedores.name, containsPattern(search)) : undefined))
    .orderBy(vendedores.name)
    .limit(50);
}

export async function findUsersWithRoles(db: Db, search: string | undefined, limit: number, offset: number) {
  const pattern = search ? containsPattern(search) : undefined;
  const where = pattern
    ? or(ilike(usuarios.email, pattern), ilike(usuarios.nickname, pattern), ilike(usuarios.fullName, pattern))
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: usuarios.id,
        email: usuarios.email,
        nickname: usuarios.nickname,
        fullName: usuarios.fullName,
        disabled: usuarios.disabled,
        roles: sql<
          Role[]
        >`coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM usuario_roles r WHERE r.user_id = ${usuarios.id}), '{}')`,
      })
      .from(usuarios)
      .where(where)
      .orderBy(asc(usuarios.email))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(usuarios).where(where),
  ]);
  return { rows, total };
}

export async function setDisabled(db: Db, userId: number, disabled: boolean) {
  const rows = await db
    .update(usuarios)
    .set({ disabled, updatedAt: new Date() })
    .where(eq(usuarios.id, userId))
    .returning({ id: usuarios.id });
  return rows.length > 0;
}

export async function countAdmins(db: Db, excludingUserId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(usuarioRoles)
    .innerJoin(usuarios, eq(usuarios.id, usuarioRoles.userId))
    .where(and(eq(usuarioRoles.role, 'admin'), eq(usuarios.disabled, false), sql`${usuarios.id} <> ${excludingUserId}`));
  return n;
}

/**
 * Serializes the changes that could leave the store without an enabled admin (roles, disabling),
 * until the transaction ends; the count of admins is read after taking it.
 */
export async function lockAdminChanges(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('vitrina:admins'))`);
}
