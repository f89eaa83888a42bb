// Commercial partners: added at the end, edited, moved one place up or down, removed. Changes to
// the order take a lock on the table's rows, so two admins moving at once never leave two at one place.
import { asc, eq, sql } from 'drizzle-orm';
import { ALIADOS_MAX, type Aliado } from '#domain/contracts/aliados.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { aliados } from './aliados.schema.ts';

const NOT_FOUND = 'El aliado no existe.';

const columns = { id: aliados.id, name: aliados.name, logo: aliados.logo, url: aliados.url, position: aliados.position };

export function listar(db: Db): Promise<Aliado[]> {
  return db.select(columns).from(aliados).orderBy(asc(aliados.position), asc(aliados.id));
}

async function lockAll(tx: Db): Promise<Aliado[]> {
  return tx.select(columns).from(aliados).orderBy(asc(aliados.position), asc(aliados.id)).for('update');
}

export async function crear(db: Db, values: { name: string; url: string; logo: string }): Promise<Aliado> {
  return db.transaction(async (tx) => {
    // An advisory lock, not row locks: with no row yet there would be nothing to lock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('aliados'))`);
    const all = await lockAll(tx);
    if (all.length >= ALIADOS_MAX) throw new ReglaNegocio(`Ya hay ${ALIADOS_MAX} aliados: quite uno antes de agregar otro.`);
    const position = all.length === 0 ? 1 : Math.max(...all.map((a) => a.position)) + 1;
    const [row] = await tx
      .insert(aliados)
      .values({ ...values, position })
      .returning(columns);
    return row;
  });
}

export async function editar(
  db: Db,
  id: number,
  changes: { name: string; url: string; logo?: string },
): Promise<{ aliado: Aliado; oldLogo: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ logo: aliados.logo }).from(aliados).where(eq(aliados.id, id)).for('update');
    if (!before) throw new NoEncontrado(NOT_FOUND);
    const [row] = await tx
      .update(aliados)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(aliados.id, id))
      .returning(columns);
    return { aliado: row, oldLogo: changes.logo ? before.logo : null };
  });
}

export async function mover(db: Db, id: number, hacia: 'arriba' | 'abajo'): Promise<Aliado[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('aliados'))`);
    const all = await lockAll(tx);
    const index = all.findIndex((a) => a.id === id);
    if (index < 0) throw new NoEncontrado(NOT_FOUND);
    const other = all[hacia === 'arriba' ? index - 1 : index + 1];
    if (!other) return; // Already first or last: nothing to do.
    // Positions are renumbered 1..n with the two swapped, so gaps or ties left by removals disappear.
    const order = all.map((a) => a.id);
    order[index] = other.id;
    order[all.indexOf(other)] = id;
    for (const [i, aliadoId] of order.entries()) {
      await tx
        .update(aliados)
        .set({ position: i + 1 })
        .where(eq(aliados.id, aliadoId));
    }
  });
  return listar(db);
}

export async function borrar(db: Db, id: number): Promise<string> {
  const [row] = await db.delete(aliados).where(eq(aliados.id, id)).returning({ logo: aliados.logo });
  if (!row) throw new NoEncontrado(NOT_FOUND);
  return row.logo;
}
