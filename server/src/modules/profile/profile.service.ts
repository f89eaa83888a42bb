// The customer's own profile and children; admins' user search and role changes.

import { metaFor, offsetOf } from '#domain/paginator.ts';
import { ROLE_LABELS, ROLES, type Role } from '#domain/roles.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, Prohibido, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import * as authRepo from '#server/modules/auth/auth.repo.ts';
import { userShape } from '#server/modules/auth/auth.service.ts';
import type { DatosDelComprador, OrdenDelCliente } from '#server/modules/orden-compra/orden-compra.reacciones.ts';
import * as repo from './profile.repo.ts';

export function usuario(db: Db, user: SessionUser) {
  return userShape(db, user.id, user.expiresAt, new Date());
}

/** The data a customer typed at checkout fill their profile (a reaction to ordenDelCliente, registered by the app). */
export async function alPedirElCliente(tx: Db, orden: OrdenDelCliente): Promise<void> {
  await repo.updateUserDetails(tx, orden.user.id, orden.datos);
}

export async function updateDetails(db: Db, user: SessionUser, details: DatosDelComprador) {
  await repo.updateUserDetails(db, user.id, details);
  return usuario(db, user);
}

/** PUT profile/user/{id}: only the account's owner may change it. */
export async function updateOwnAccount(db: Db, user: SessionUser, id: number, values: { nickname: string; fullName?: string }) {
  if (id !== user.id) throw new Prohibido('Solo puede modificar su propia cuenta.');
  await repo.updateUserDetails(db, user.id, values);
  return usuario(db, user);
}

export async function children(db: Db, user: SessionUser, page: number, perPage: number, descending: boolean) {
  const { rows, total } = await repo.findChildren(db, user.id, perPage, offsetOf(page, perPage), descending);
  return { items: rows, meta: metaFor(page, perPage, total) };
}

export function addChild(db: Db, user: SessionUser, child: { name: string; relationship: string; gender: string; birthday: string }) {
  return repo.insertChild(db, { ...child, userId: user.id });
}

export async function removeChild(db: Db, user: SessionUser, childId: number) {
  if (!(await repo.deleteChild(db, user.id, childId))) throw new NoEncontrado('El registro no existe.');
}

export const salesmen = repo.findSalesmen;

export async function users(db: Db, search: string | undefined, page: number, perPage: number) {
  const { rows, total } = await repo.findUsersWithRoles(db, search, perPage, offsetOf(page, perPage));
  return { items: rows, meta: metaFor(page, perPage, total) };
}

export function roles() {
  return ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }));
}

/**
 * Replaces a user's roles. The user's other sessions end, so the change takes effect at once;
 * when admins change themselves their current session stays and the menu updates live.
 * Every role change waits for the admins lock and counts under it, so no two concurrent changes
 * can each leave "the other admin" and together remove both.
 */
export async function updateRoles(db: Db, admin: SessionUser, userId: number, nextRoles: Role[]) {
  await db.transaction(async (tx) => {
    await repo.lockAdminChanges(tx);
    const target = await authRepo.findUserById(tx, userId);
    if (!target) throw new NoEncontrado('El usuario no existe.');
    if (!nextRoles.includes('admin') && (await isLastAdmin(tx, userId))) {
      throw new ReglaNegocio('No se puede quitar el rol de administrador al último administrador.');
    }
    await authRepo.replaceRoles(tx, userId, nextRoles);
    await authRepo.revokeUserSessions(tx, userId, new Date(), userId === admin.id ? admin.sessionId : undefined);
  });
  return { id: userId, roles: await authRepo.findRoles(db, userId), isCurrentUser: userId === admin.id };
}

/** Whether the user is an admin and no other enabled admin exists; call it holding the admins lock. */
async function isLastAdmin(tx: Db, userId: number): Promise<boolean> {
  return (await authRepo.findRoles(tx, userId)).includes('admin') && (await repo.countAdmins(tx, userId)) === 0;
}

export async function setDisabled(db: Db, admin: SessionUser, userId: number, disabled: boolean) {
  if (userId === admin.id) throw new ReglaNegocio('No puede deshabilitar su propia cuenta.');
  await db.transaction(async (tx) => {
    await repo.lockAdminChanges(tx);
    if (disabled && (await isLastAdmin(tx, userId))) throw new ReglaNegocio('No se puede deshabilitar al último administrador.');
    if (!(await repo.setDisabled(tx, userId, disabled))) throw new NoEncontrado('El usuario no existe.');
    if (disabled) await authRepo.revokeUserSessions(tx, userId, new Date());
  });
  return { id: userId, disabled };
}
