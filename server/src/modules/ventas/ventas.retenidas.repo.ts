// Queries of the credit sales held for authorisation (ventas_retenidas): insert, read with the
// customer, store, salesman and who decided, list by status, lock one to decide it.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RetenidaStatus } from '#domain/contracts/ventas-venta.ts';
import type { Conteo } from '#domain/panel-pendientes.ts';
import type { Db } from '#server/db/client.ts';
import { contarPendientes } from '#server/db/pendientes.ts';
import { usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { clientes, ventas, ventasRetenidas } from './ventas.schema.ts';

export type NuevaRetenida = typeof ventasRetenidas.$inferInsert;
export type RetenidaRow = typeof ventasRetenidas.$inferSelect;

export async function insertRetenida(tx: Db, row: NuevaRetenida): Promise<RetenidaRow> {
  const [saved] = await tx.insert(ventasRetenidas).values(row).returning();
  if (!saved) throw new Error('No se pudo guardar la venta retenida');
  return saved;
}

export async function findByIdempotencyKey(db: Db, key: string): Promise<RetenidaRow | undefined> {
  const [row] = await db.select().from(ventasRetenidas).where(eq(ventasRetenidas.idempotencyKey, key)).limit(1);
  return row;
}

/** The row, locked until the commit: one decision at a time. */
export async function lockRetenida(tx: Db, id: number): Promise<RetenidaRow | undefined> {
  const [row] = await tx.select().from(ventasRetenidas).where(eq(ventasRetenidas.id, id)).for('update').limit(1);
  return row;
}

export async function decide(
  tx: Db,
  id: number,
  change: { status: Exclude<RetenidaStatus, 'pendiente'>; reason: string; decidedBy: number; decidedAt: Date; ventaId?: number },
): Promise<void> {
  await tx
    .update(ventasRetenidas)
    .set({
      status: change.status,
      reason: change.reason,
      decidedBy: change.decidedBy,
      decidedAt: change.decidedAt,
      ventaId: change.ventaId ?? null,
    })
    .where(and(eq(ventasRetenidas.id, id), eq(ventasRetenidas.status, 'pendiente')));
}

const seller = alias(usuarios, 'vendio');
const decider = alias(usuarios, 'decidio');

/** What the customer's notas still owe (as the credit check reads it). */
const owedSql = sql<string>`coalesce((SELECT sum(v.outstanding_balance) FROM ${ventas} v
  WHERE v.cliente_id = ${clientes.id} AND v.kind = 'nota-entrega' AND v.outstanding_balance > 0 AND v.voided_at IS NULL), 0)::numeric(14,2)::text`;

function viewQuery(db: Db) {
  return db
    .select({
      row: ventasRetenidas,
      cliente: { id: clientes.id, dni: clientes.dni, name: clientes.name, creditLimit: clientes.creditLimit, owed: owedSql },
      tienda: { id: tiendas.id, name: tiendas.name },
      vendedor: vendedores.name,
      seller: seller.nickname,
      decidedBy: decider.nickname,
      ventaNumber: ventas.number,
    })
    .from(ventasRetenidas)
    .innerJoin(clientes, eq(clientes.id, ventasRetenidas.clienteId))
    .innerJoin(tiendas, eq(tiendas.id, ventasRetenidas.tiendaId))
    .leftJoin(vendedores, eq(vendedores.id, ventasRetenidas.vendedorId))
    .leftJoin(seller, eq(seller.id, ventasRetenidas.userId))
    .leftJoin(decider, eq(decider.id, ventasRetenidas.decidedBy))
    .leftJoin(ventas, eq(ventas.id, ventasRetenidas.ventaId));
}

export type RetenidaView = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

export async function findView(db: Db, id: number): Promise<RetenidaView | undefined> {
  const [row] = await viewQuery(db).where(eq(ventasRetenidas.id, id)).limit(1);
  return row;
}

/** Newest first; `userId`: only the ones this user sold. */
export async function listViews(
  db: Db,
  q: { status: RetenidaStatus | 'todas'; userId?: number },
  limit: number,
  offset: number,
): Promise<{ rows: RetenidaView[]; total: number }> {
  const where: SQL | undefined = and(
    q.status === 'todas' ? undefined : eq(ventasRetenidas.status, q.status),
    q.userId !== undefined ? eq(ventasRetenidas.userId, q.userId) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    viewQuery(db).where(where).orderBy(desc(ventasRetenidas.createdAt), desc(ventasRetenidas.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(ventasRetenidas).where(where),
  ]);
  return { rows, total };
}

/** Held sales waiting for credit authorisation (index ventas_retenidas_estado: status, created_at). */
export function pendientesPorAutorizar(db: Db): Promise<Conteo> {
  return contarPendientes(db, ventasRetenidas, ventasRetenidas.createdAt, eq(ventasRetenidas.status, 'pendiente'));
}
