// The customer's own profile and children; admins' user search and role changes.

import { metaFor, offsetOf } from '../../../../domain/paginator.ts';
import { ROLE_LABELS, ROLES, type Role } from '../../../../domain/roles.ts';
import type { Db } from '../../db/client.ts';
import { NoEncontrado, Prohibido, ReglaNegocio } from '../../errors.ts';
import type { SessionUser } from '../../http/access.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { userShape } from '../auth/auth.service.ts';
import * as repo from './profile.repo.ts';

export function usuario(db: Db, user: SessionUser) {
  return userShape(db, user.id, user.expiresAt, new Date());
}

export type Details = { fullName: string; phone: string; dni: string; state: string; city: string; address: string };

export async function updateDetails(db: Db, user: SessionUser, details: Details) {
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
 */
export async function updateRoles(db: Db, admin: SessionUser, userId: number, nextRoles: Role[]) {
  const target = await authRepo.findUserById(db, userId);
  if (!target) throw new NoEncontrado('El usuario no existe.');
  if (
    !nextRoles.includes('admin') &&
    (await authRepo.findRoles(db, userId)).includes('admin') &&
    (await repo.countAdmins(db, userId)) === 0
  ) {
    throw new ReglaNegocio('No se puede quitar el rol de administrador al último administrador.');
  }
  await db.transaction(async (tx) => {
    await authRepo.replaceRoles(tx, userId, nextRoles);
    await authRepo.revokeUserSessions(tx, userId, new Date(), userId === admin.id ? admin.sessionId : undefined);
  });
  return { id: userId, roles: await authRepo.findRoles(db, userId), isCurrentUser: userId === admin.id };
}

export async function setDisabled(db: Db, admin: SessionUser, userId: number, disabled: boolean) {
  if (userId === admin.id) throw new ReglaNegocio('No puede deshabilitar su propia cuenta.');
  if (!(await repo.setDisabled(db, userId, disabled))) throw new NoEncontrado('El usuario no existe.');
  if (disabled) await authRepo.revokeUserSessions(db, userId, new Date());
  return { id: userId, disabled };
}
