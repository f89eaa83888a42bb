// The count behind a card of the dashboard's home (domain/panel-pendientes.ts): how many rows wait
// and since when the oldest does, in one query. Each module counts its own table with it, over an
// index whose leading columns are the condition (docs/dominio.md §Lo pendiente en el inicio del panel).
import { count, min, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conteo } from '#domain/panel-pendientes.ts';
import type { Db } from './client.ts';

/** An instant as the API writes it; a bare day (a due date) is the start of that day in Caracas. */
export function instantOf(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00-04:00` : value).toISOString();
}

export async function contarPendientes(db: Db, table: PgTable, since: AnyPgColumn | SQL, where: SQL | undefined): Promise<Conteo> {
  const [row] = await db
    .select({ total: count(), oldest: min(since) })
    .from(table)
    .where(where);
  return { total: row?.total ?? 0, oldest: row && row.total > 0 ? instantOf(row.oldest as Date | string | null) : null };
}
