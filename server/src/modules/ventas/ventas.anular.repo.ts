// Queries of voiding a sale: its row locked, its abonos counted by step, its lines still sold, and
// the row marked anulada.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { abonos, ventaLineas, ventas } from './ventas.schema.ts';

export async function lockSale(tx: Db, where: { number: string } | { orderId: number }) {
  const condition = 'number' in where ? eq(ventas.number, where.number) : eq(ventas.orderId, where.orderId);
  const [row] = await tx
    .select({
      id: ventas.id,
      number: ventas.number,
      kind: ventas.kind,
      orderId: ventas.orderId,
      voidedAt: ventas.voidedAt,
    })
    .from(ventas)
    .where(condition)
    .for('update');
  return row;
}

/** How many of the note's abonos are approved and how many wait for review. */
export async function abonoSteps(tx: Db, ventaId: number): Promise<{ aprobados: number; pendientes: number }> {
  const [row] = await tx
    .select({
      aprobados: sql<number>`(count(*) FILTER (WHERE ${abonos.step} = 'aprobado'))::int`,
      pendientes: sql<number>`(count(*) FILTER (WHERE ${abonos.step} = 'pendiente'))::int`,
    })
    .from(abonos)
    .where(eq(abonos.ventaId, ventaId));
  return { aprobados: Number(row?.aprobados ?? 0), pendientes: Number(row?.pendientes ?? 0) };
}

/** The units each line still has out of the store (sold less returned). */
export async function unitsStillSold(tx: Db, ventaId: number) {
  const lines = await tx
    .select({
      articleCode: ventaLineas.articleCode,
      tiendaId: ventaLineas.tiendaId,
      quantity: sql<number>`${ventaLineas.quantity} - ${ventaLineas.returnedQuantity}`,
    })
    .from(ventaLineas)
    .where(eq(ventaLineas.ventaId, ventaId))
    .orderBy(ventaLineas.id);
  return lines.map((l) => ({ ...l, quantity: Number(l.quantity) })).filter((l) => l.quantity > 0);
}

export async function markVoided(tx: Db, ventaId: number, by: { userId: number | null; reason: string; at: Date }) {
  const [row] = await tx
    .update(ventas)
    .set({ voidedAt: by.at, voidedBy: by.userId, voidReason: by.reason })
    .where(and(eq(ventas.id, ventaId), isNull(ventas.voidedAt)))
    .returning({ id: ventas.id, voidedAt: ventas.voidedAt });
  return row;
}
