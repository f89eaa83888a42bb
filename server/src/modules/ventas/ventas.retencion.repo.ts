// Queries of the customers' IVA retentions: the document by its number (locked), its customer's
// share, the one retention row per document, the balance change it makes, and the customer's mark.
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ventaRetencionesIva } from './ventas.retencion.schema.ts';
import { clientes, ventas } from './ventas.schema.ts';

/** The document by its number, its row locked until the transaction ends (the balance changes one at a time). */
export async function lockVentaPorNumero(tx: Db, number: string) {
  const [row] = await tx.select().from(ventas).where(eq(ventas.number, number)).for('update').limit(1);
  return row ?? null;
}

export async function findCliente(db: Db, id: number) {
  const [row] = await db
    .select({ id: clientes.id, name: clientes.name, dni: clientes.dni, basisPoints: clientes.retencionIvaBasisPoints })
    .from(clientes)
    .where(eq(clientes.id, id))
    .limit(1);
  return row ?? null;
}

/** The retention row; null when the document already had one (the unique index on venta_id). */
export async function insertRetencion(tx: Db, values: typeof ventaRetencionesIva.$inferInsert) {
  const [row] = await tx.insert(ventaRetencionesIva).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function setSaldo(
  tx: Db,
  id: number,
  values: { balancePaid: string; ivaRetenido: string; creditInFavor: string; outstandingBalance: string; paymentStatus: string },
) {
  await tx.update(ventas).set(values).where(eq(ventas.id, id));
}

export async function setRetencionCliente(db: Db, clienteId: number, basisPoints: number | null) {
  const rows = await db
    .update(clientes)
    .set({ retencionIvaBasisPoints: basisPoints })
    .where(eq(clientes.id, clienteId))
    .returning({ id: clientes.id, basisPoints: clientes.retencionIvaBasisPoints });
  return rows[0] ?? null;
}

export async function retencionDe(db: Db, ventaId: number) {
  const [row] = await db.select().from(ventaRetencionesIva).where(eq(ventaRetencionesIva.ventaId, ventaId)).limit(1);
  return row ?? null;
}
