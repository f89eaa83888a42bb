// Reads and writes of the online payments: one row per order created at the provider, and the
// webhook events already handled.
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import { fromCents } from '#domain/money.ts';
import type { Conteo } from '#domain/panel-pendientes.ts';
import type { Db } from '#server/db/client.ts';
import { contarPendientes } from '#server/db/pendientes.ts';
import { ordenesCompra } from '#server/modules/orden-compra/orden-compra.schema.ts';
import { pagosEnLinea, pagosEnLineaEventos, pagosEnLineaReembolsos } from './pagos-en-linea.schema.ts';

export type PagoEnLineaRow = typeof pagosEnLinea.$inferSelect;

export async function findOpen(db: Db, orderId: number): Promise<PagoEnLineaRow | undefined> {
  const [row] = await db
    .select()
    .from(pagosEnLinea)
    .where(and(eq(pagosEnLinea.orderId, orderId), eq(pagosEnLinea.status, 'creado')))
    .limit(1);
  return row;
}

export async function countForOrder(db: Db, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pagosEnLinea).where(eq(pagosEnLinea.orderId, orderId));
  return row?.n ?? 0;
}

/** Saves the provider's order; undefined when another request saved one for the order first. */
export async function insertOpen(db: Db, row: typeof pagosEnLinea.$inferInsert): Promise<PagoEnLineaRow | undefined> {
  const [saved] = await db.insert(pagosEnLinea).values(row).onConflictDoNothing().returning();
  return saved;
}

/** The payment of a provider's order with the code of its order (no lock). */
export async function findByProviderOrder(db: Db, provider: string, providerOrderId: string) {
  const [row] = await db
    .select({ pago: pagosEnLinea, code: ordenesCompra.code })
    .from(pagosEnLinea)
    .innerJoin(ordenesCompra, eq(ordenesCompra.id, pagosEnLinea.orderId))
    .where(and(eq(pagosEnLinea.provider, provider), eq(pagosEnLinea.providerOrderId, providerOrderId)))
    .limit(1);
  return row;
}

/** Taken after the order's row lock, always in that order (the return and the webhook race). */
export async function lockPago(tx: Db, id: number): Promise<PagoEnLineaRow | undefined> {
  const [row] = await tx.select().from(pagosEnLinea).where(eq(pagosEnLinea.id, id)).for('update').limit(1);
  return row;
}

export async function updatePago(tx: Db, id: number, changes: Partial<typeof pagosEnLinea.$inferInsert>) {
  await tx
    .update(pagosEnLinea)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(pagosEnLinea.id, id));
}

export async function findForOrder(db: Db, orderId: number): Promise<PagoEnLineaRow[]> {
  return db.select().from(pagosEnLinea).where(eq(pagosEnLinea.orderId, orderId)).orderBy(pagosEnLinea.id);
}

/** Whether a webhook event was handled before (a cheap look before calling the provider). */
export async function eventSeen(db: Db, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pagosEnLineaEventos.eventId })
    .from(pagosEnLineaEventos)
    .where(and(eq(pagosEnLineaEventos.provider, provider), eq(pagosEnLineaEventos.eventId, eventId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records a webhook event in the caller's transaction: false when it was recorded before (a
 * concurrent delivery of the same event waits here for the first one's commit, then gets false).
 */
export async function recordEvent(tx: Db, event: typeof pagosEnLineaEventos.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(pagosEnLineaEventos).values(event).onConflictDoNothing().returning({ id: pagosEnLineaEventos.eventId });
  return inserted.length > 0;
}

/**
 * Payments still waiting for the buyer, started before `before`, the longest unchecked first (the
 * reconciliation's batch; it touches `updated_at` of each one it leaves open, so they take turns).
 */
export async function findOpenBefore(db: Db, provider: string, before: Date, limit: number) {
  return db
    .select({ pago: pagosEnLinea, code: ordenesCompra.code })
    .from(pagosEnLinea)
    .innerJoin(ordenesCompra, eq(ordenesCompra.id, pagosEnLinea.orderId))
    .where(and(eq(pagosEnLinea.status, 'creado'), eq(pagosEnLinea.provider, provider), lt(pagosEnLinea.createdAt, before)))
    .orderBy(asc(pagosEnLinea.updatedAt))
    .limit(limit);
}

/** The order's captured payment, if any. */
export async function findCaptured(db: Db, orderId: number): Promise<PagoEnLineaRow | undefined> {
  const [row] = await db
    .select()
    .from(pagosEnLinea)
    .where(and(eq(pagosEnLinea.orderId, orderId), eq(pagosEnLinea.status, 'capturado')))
    .limit(1);
  return row;
}

export type ReembolsoRow = typeof pagosEnLineaReembolsos.$inferSelect;

/**
 * How much of a payment was refunded, in cents: `done` (the provider answered), `requested` (asked
 * and not yet answered) and `review` (never confirmed: staff check it at the provider). The last two
 * count against what is left, so nothing is refunded twice.
 */
export async function refundedOf(db: Db, pagoId: number): Promise<{ done: number; requested: number; review: number }> {
  const sumOf = (status: ReembolsoRow['status']) =>
    sql<string>`coalesce(sum(${pagosEnLineaReembolsos.amount} * 100) filter (where ${pagosEnLineaReembolsos.status} = ${status}), 0)`;
  const [row] = await db
    .select({ done: sumOf('hecho'), requested: sumOf('solicitado'), review: sumOf('revisar') })
    .from(pagosEnLineaReembolsos)
    .where(eq(pagosEnLineaReembolsos.pagoId, pagoId));
  const cents = (value: string | undefined) => Math.round(Number(value ?? 0));
  return { done: cents(row?.done), requested: cents(row?.requested), review: cents(row?.review) };
}

export async function findRefundByRequest(db: Db, requestId: string): Promise<ReembolsoRow | undefined> {
  const [row] = await db.select().from(pagosEnLineaReembolsos).where(eq(pagosEnLineaReembolsos.requestId, requestId));
  return row;
}

/** Writes a refund as asked; undefined when another request with the same key wrote it first. */
export async function insertRefundRequest(tx: Db, refund: typeof pagosEnLineaReembolsos.$inferInsert): Promise<ReembolsoRow | undefined> {
  const [row] = await tx
    .insert(pagosEnLineaReembolsos)
    .values({ ...refund, status: 'solicitado' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Marks a refund still `from` as made; undefined when it no longer is (finished by a concurrent request). */
export async function finishRefund(
  tx: Db,
  id: number,
  made: { refundId: string | null; amount: string },
  from: 'solicitado' | 'revisar' = 'solicitado',
): Promise<ReembolsoRow | undefined> {
  const [row] = await tx
    .update(pagosEnLineaReembolsos)
    .set({ ...made, status: 'hecho' })
    .where(and(eq(pagosEnLineaReembolsos.id, id), eq(pagosEnLineaReembolsos.status, from)))
    .returning();
  return row;
}

/** A refund of one of the order's payments, with its payment's provider (none when it is another order's). */
export async function findRefundOfOrder(db: Db, refundId: number, orderId: number) {
  const [row] = await db
    .select({ refund: pagosEnLineaReembolsos, provider: pagosEnLinea.provider })
    .from(pagosEnLineaReembolsos)
    .innerJoin(pagosEnLinea, eq(pagosEnLinea.id, pagosEnLineaReembolsos.pagoId))
    .where(and(eq(pagosEnLineaReembolsos.id, refundId), eq(pagosEnLinea.orderId, orderId)));
  return row;
}

export async function refundIdTaken(db: Db, providerRefundId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pagosEnLineaReembolsos.id })
    .from(pagosEnLineaReembolsos)
    .where(eq(pagosEnLineaReembolsos.refundId, providerRefundId));
  return row !== undefined;
}

/** The refunds of a payment that staff must check at the provider. */
export async function refundsToReviewOf(db: Db, pagoId: number) {
  return db
    .select({ id: pagosEnLineaReembolsos.id, amount: pagosEnLineaReembolsos.amount, createdAt: pagosEnLineaReembolsos.createdAt })
    .from(pagosEnLineaReembolsos)
    .where(and(eq(pagosEnLineaReembolsos.pagoId, pagoId), eq(pagosEnLineaReembolsos.status, 'revisar')))
    .orderBy(asc(pagosEnLineaReembolsos.id));
}

/** An asked refund the reconciliation could not settle goes to staff; undefined when it was settled meanwhile. */
export async function markRefundForReview(tx: Db, id: number): Promise<ReembolsoRow | undefined> {
  const [row] = await tx
    .update(pagosEnLineaReembolsos)
    .set({ status: 'revisar' })
    .where(and(eq(pagosEnLineaReembolsos.id, id), eq(pagosEnLineaReembolsos.status, 'solicitado')))
    .returning();
  return row;
}

/** Forgets a refund that was never made (the provider refused it, or staff found it was not done). */
export async function deleteRefundRequest(
  tx: Db,
  id: number,
  from: 'solicitado' | 'revisar' = 'solicitado',
): Promise<ReembolsoRow | undefined> {
  const [row] = await tx
    .delete(pagosEnLineaReembolsos)
    .where(and(eq(pagosEnLineaReembolsos.id, id), eq(pagosEnLineaReembolsos.status, from)))
    .returning();
  return row;
}

/** Refunds asked before `before` whose answer never arrived, with the capture and order they belong to. */
export async function refundsAskedBefore(db: Db, provider: string, before: Date, limit: number) {
  return db
    .select({ refund: pagosEnLineaReembolsos, pago: pagosEnLinea, code: ordenesCompra.code })
    .from(pagosEnLineaReembolsos)
    .innerJoin(pagosEnLinea, eq(pagosEnLinea.id, pagosEnLineaReembolsos.pagoId))
    .innerJoin(ordenesCompra, eq(ordenesCompra.id, pagosEnLinea.orderId))
    .where(
      and(
        eq(pagosEnLineaReembolsos.status, 'solicitado'),
        eq(pagosEnLinea.provider, provider),
        lt(pagosEnLineaReembolsos.createdAt, before),
      ),
    )
    .orderBy(asc(pagosEnLineaReembolsos.id))
    .limit(limit);
}

/** An order's online payments for the staff's detail, with what was refunded of each. */
export async function onlinePaymentsOf(db: Db, orderId: number) {
  const rows = await findForOrder(db, orderId);
  return Promise.all(
    rows.map(async (p) => ({
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      captureId: p.captureId,
      capturedAmount: p.capturedAmount,
      capturedCurrency: p.capturedCurrency,
      payerEmail: p.payerEmail,
      note: p.note,
      ...(await refundedOf(db, p.id).then((r) => ({
        refunded: fromCents(r.done),
        refundRequested: fromCents(r.requested),
        refundToReview: fromCents(r.review),
      }))),
      refundsToReview: (await refundsToReviewOf(db, p.id)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    })),
  );
}

/** Refunds the provider never confirmed, for staff to check (partial index pagos_en_linea_reembolsos_revisar). */
export function pendientesRevisar(db: Db): Promise<Conteo> {
  return contarPendientes(db, pagosEnLineaReembolsos, pagosEnLineaReembolsos.createdAt, eq(pagosEnLineaReembolsos.status, 'revisar'));
}

/** The orders with a refund «por revisar» (few: the same partial index). */
export async function ordenesConReembolsoPorRevisar(db: Db): Promise<number[]> {
  const found = await db
    .selectDistinct({ orderId: pagosEnLinea.orderId })
    .from(pagosEnLineaReembolsos)
    .innerJoin(pagosEnLinea, eq(pagosEnLinea.id, pagosEnLineaReembolsos.pagoId))
    .where(eq(pagosEnLineaReembolsos.status, 'revisar'));
  return found.map((r) => r.orderId);
}
