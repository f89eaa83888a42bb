// Voiding a written sale («Anular», docs/decisions/0021): the document stays with its number and
// figures, marked anulada with who, when and why, and leaves every total and receivable. A counter
// sale's units go back to their store through the stock ledger in the same transaction; a web
// order's document is voided with its order (the order's holds give its units back). The row lock
// makes a second void wait and then find it already anulada: the units go back once.
import { SALE_KIND_LABELS, type SaleKind } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { Conflicto, NoEncontrado } from '#server/errors.ts';
import { registrarMovimientos } from '#server/modules/inventario/inventario.movimientos.service.ts';
import * as repo from './ventas.anular.repo.ts';

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockSale>>>;

const label = (row: Locked) => `${SALE_KIND_LABELS[row.kind as SaleKind].toLowerCase()} ${row.number}`;

async function voidLocked(tx: Db, row: Locked, by: { userId: number | null; reason: string; restock: boolean }) {
  if (row.voidedAt) throw new Conflicto(`La ${label(row)} ya está anulada.`);
  if (row.kind === 'nota-entrega') {
    const { aprobados, pendientes } = await repo.abonoSteps(tx, row.id);
    if (aprobados > 0) {
      throw new Conflicto(
        `La nota de entrega ${row.number} tiene ${aprobados === 1 ? 'un abono aprobado' : `${aprobados} abonos aprobados`}: no se puede anular. Registre una devolución o un descuento.`,
      );
    }
    if (pendientes > 0) {
      throw new Conflicto(`La nota de entrega ${row.number} tiene abonos por aprobar: apruébelos o rechácelos antes de anularla.`);
    }
  }
  const at = new Date();
  const lines = by.restock ? await repo.unitsStillSold(tx, row.id) : [];
  const marked = await repo.markVoided(tx, row.id, { userId: by.userId, reason: by.reason, at });
  if (!marked) throw new Conflicto(`La ${label(row)} ya está anulada.`);
  // Last: the stock rows it locks are held only until the commit.
  await registrarMovimientos(
    tx,
    lines.map((l) => ({ kind: 'devolucion' as const, articleCode: l.articleCode, tiendaId: l.tiendaId, quantity: l.quantity })),
    { userId: by.userId, reference: row.number, note: `Anulación de ${row.number}: ${by.reason}` },
  );
  return { number: row.number, voidedAt: at.toISOString(), voidReason: by.reason, unidades: lines.reduce((n, l) => n + l.quantity, 0) };
}

/** Staff void a counter sale by its number. */
export async function anularVenta(db: Db, input: { numero: string; motivo: string }, user: { id: number }) {
  return db.transaction(async (tx) => {
    const row = await repo.lockSale(tx, { number: input.numero });
    if (!row) throw new NoEncontrado(`La venta ${input.numero} no existe.`);
    if (row.orderId !== null && !row.voidedAt) {
      throw new Conflicto(`La ${label(row)} es de una orden web: anule la orden de compra y su documento se anula con ella.`);
    }
    return voidLocked(tx, row, { userId: user.id, reason: input.motivo, restock: true });
  });
}

/**
 * A web order cancelled after its payment was confirmed (or its credit approved): its document is
 * voided in the order's transaction. No stock moves here: the order's holds are released with it.
 */
export async function anularVentaDeOrden(tx: Db, order: { id: number; code: string }, userId: number | null, note?: string) {
  const row = await repo.lockSale(tx, { orderId: order.id });
  if (!row || row.voidedAt) return null;
  const reason = note?.trim() ? `Orden web ${order.code} anulada: ${note.trim()}` : `Orden web ${order.code} anulada`;
  return voidLocked(tx, row, { userId, reason, restock: false });
}
