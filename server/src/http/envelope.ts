// The response envelope (docs/api.md §Respuestas): `{ success, data, meta? }`.
import type { ListMeta } from '#domain/contracts/contract.ts';

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export function okList<T>(data: T[], meta: ListMeta): { success: true; data: T[]; meta: ListMeta } {
  return { success: true, data, meta };
}
