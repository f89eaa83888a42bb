// Queries of the bank statement reconciliation: statements, their lines, the saved columns of each
// bank, and the payments waiting for confirmation (web order payments reported on an order in
// 'pago-por-confirmar', abonos in step 'pendiente' with a bank reference).
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PaymentKind, StatementMapping } from '#domain/conciliacion.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { ordenesCompra, ordenPagos } from '#server/modules/orden-compra/orden-compra.schema.ts';
import { abonos, clientes, ventas } from '#server/modules/ventas/ventas.schema.ts';
import { conciliacionBancos, conciliacionExtractos, conciliacionLineas } from './conciliacion.schema.ts';

export type ExtractoRow = typeof conciliacionExtractos.$inferSelect;
export type LineaRow = typeof conciliacionLineas.$inferSelect;

export async function savedMapping(db: Db, bankCode: string): Promise<StatementMapping | null> {
  const [row] = await db
    .select({ mapping: conciliacionBancos.mapping })
    .from(conciliacionBancos)
    .where(eq(conciliacionBancos.bankCode, bankCode));
  return row?.mapping ?? null;
}

export async function saveMapping(db: Db, bankCode: string, mapping: StatementMapping, userId: number): Promise<void> {
  await db
    .insert(conciliacionBancos)
    .values({ bankCode, mapping, updatedBy: userId })
    .onConflictDoUpdate({ target: conciliacionBancos.bankCode, set: { mapping, updatedBy: userId, updatedAt: new Date() } });
}

export async function insertExtracto(db: Db, values: typeof conciliacionExtractos.$inferInsert): Promise<number> {
  const [row] = await db.insert(conciliacionExtractos).values(values).returning({ id: conciliacionExtractos.id });
  return row.id;
}

export async function findExtracto(db: Db, id: number): Promise<ExtractoRow | undefined> {
  const [row] = await db.select().from(conciliacionExtractos).where(eq(conciliacionExtractos.id, id));
  return row;
}

export async function lockExtracto(db: Db, id: number): Promise<ExtractoRow | undefined> {
  const [row] = await db.select().from(conciliacionExtractos).where(eq(conciliacionExtractos.id, id)).for('update');
  return row;
}

export async function updateExtracto(db: Db, id: number, values: Partial<typeof conciliacionExtractos.$inferInsert>): Promise<void> {
  await db.update(conciliacionExtractos).set(values).where(eq(conciliacionExtractos.id, id));
}

export async function uploaderName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ name: usuarios.fullName, nickname: usuarios.nickname }).from(usuarios).where(eq(usuarios.id, userId));
  return row ? row.name || row.nickname : null;
}

export async function listExtractos(db: Db, search: string | undefined, bankCodes: string[], limit: number, offset: number) {
  const text = search?.trim();
  const where: SQL | undefined = text
    ? or(
        ilike(conciliacionExtractos.fileName, containsPattern(text)),
        bankCodes.length ? inArray(conciliacionExtractos.bankCode, bankCodes) : undefined,
      )
    : undefined;
  const lines = db
    .select({
      extractoId: conciliacionLineas.extractoId,
      lines: count().as('lines'),
      reconciled: sql<number>`count(*) FILTER (WHERE ${conciliacionLineas.status} = 'conciliada')`.as('reconciled'),
    })
    .from(conciliacionLineas)
    .groupBy(conciliacionLineas.extractoId)
    .as('l');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        extracto: conciliacionExtractos,
        uploadedBy: sql<string | null>`NULLIF(${usuarios.fullName}, '')`,
        nickname: usuarios.nickname,
        lines: sql<number>`COALESCE(${lines.lines}, 0)`,
        reconciled: sql<number>`COALESCE(${lines.reconciled}, 0)`,
      })
      .from(conciliacionExtractos)
      .leftJoin(usuarios, eq(usuarios.id, conciliacionExtractos.uploadedBy))
      .leftJoin(lines, eq(lines.extractoId, conciliacionExtractos.id))
      .where(where)
      .orderBy(desc(conciliacionExtractos.uploadedAt), desc(conciliacionExtractos.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(conciliacionExtractos).where(where),
  ]);
  return { rows, total: total.n };
}

export async function findLineas(db: Db, extractoId: number): Promise<LineaRow[]> {
  return db.select().from(conciliacionLineas).where(eq(conciliacionLineas.extractoId, extractoId)).orderBy(asc(conciliacionLineas.row));
}

export async function lockLinea(db: Db, extractoId: number, lineId: number): Promise<LineaRow | undefined> {
  const [row] = await db
    .select()
    .from(conciliacionLineas)
    .where(and(eq(conciliacionLineas.id, lineId), eq(conciliacionLineas.extractoId, extractoId)))
    .for('update');
  return row;
}

export async function countReconciled(db: Db, extractoId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conciliacionLineas)
    .where(and(eq(conciliacionLineas.extractoId, extractoId), eq(conciliacionLineas.status, 'conciliada')));
  return row.n;
}

export async function replaceLineas(db: Db, extractoId: number, lines: Array<Omit<typeof conciliacionLineas.$inferInsert, 'extractoId'>>) {
  await db.delete(conciliacionLineas).where(eq(conciliacionLineas.extractoId, extractoId));
  for (let i = 0; i < lines.length; i += 500) {
    await db.insert(conciliacionLineas).values(lines.slice(i, i + 500).map((l) => ({ ...l, extractoId })));
  }
}

export async function markReconciled(db: Db, lineId: number, kind: PaymentKind, paymentId: number, userId: number): Promise<void> {
  await db
    .update(conciliacionLineas)
    .set({ status: 'conciliada', paymentKind: kind, paymentId, confirmedBy: userId, confirmedAt: new Date() })
    .where(eq(conciliacionLineas.id, lineId));
}

export type PendingOrderPayment = {
  id: number;
  code: string;
  buyer: string;
  method: string;
  reference: string;
  amount: string;
  paidOn: string;
};

/** Reported payments of orders still waiting for staff to confirm them (optionally one). */
export async function pendingOrderPayments(db: Db, paymentId?: number): Promise<PendingOrderPayment[]> {
  return db
    .select({
      id: ordenPagos.id,
      code: ordenesCompra.code,
      buyer: sql<string>`COALESCE(${ordenesCompra.buyer}->>'fullName', '')`,
      method: ordenPagos.method,
      reference: ordenPagos.reference,
      amount: ordenPagos.amount,
      paidOn: ordenPagos.paidOn,
    })
    .from(ordenPagos)
    .innerJoin(ordenesCompra, eq(ordenesCompra.id, ordenPagos.orderId))
    .where(
      and(
        eq(ordenPagos.status, 'reportado'),
        eq(ordenesCompra.step, 'pago-por-confirmar'),
        paymentId === undefined ? undefined : eq(ordenPagos.id, paymentId),
      ),
    )
    .orderBy(asc(ordenPagos.id));
}

export type PendingAbono = {
  id: number;
  number: string;
  client: string;
  method: string;
  currency: string;
  reference: string;
  amount: string;
  paidOn: string | null;
  registeredAt: Date;
};

/** Abonos registered and not yet approved nor rejected, with a reference (not discounts). */
export async function pendingAbonos(db: Db, abonoId?: number): Promise<PendingAbono[]> {
  return db
    .select({
      id: abonos.id,
      number: ventas.number,
      client: clientes.name,
      method: abonos.method,
      currency: abonos.currency,
      reference: abonos.reference,
      amount: abonos.amount,
      paidOn: abonos.paidOn,
      registeredAt: abonos.createdAt,
    })
    .from(abonos)
    .innerJoin(ventas, eq(ventas.id, abonos.ventaId))
    .innerJoin(clientes, eq(clientes.id, ventas.clienteId))
    .where(
      and(
        eq(abonos.step, 'pendiente'),
        sql`${abonos.reference} <> 'descuento'`,
        abonoId === undefined ? undefined : eq(abonos.id, abonoId),
      ),
    )
    .orderBy(asc(abonos.id));
}

/** The order's code or the note's number of payments confirmed from statements. */
export async function documentsOf(db: Db, lines: LineaRow[]): Promise<Map<string, string>> {
  const orderIds = lines.filter((l) => l.paymentKind === 'orden' && l.paymentId).map((l) => l.paymentId as number);
  const abonoIds = lines.filter((l) => l.paymentKind === 'abono' && l.paymentId).map((l) => l.paymentId as number);
  const out = new Map<string, string>();
  if (orderIds.length) {
    const rows = await db
      .select({ id: ordenPagos.id, code: ordenesCompra.code })
      .from(ordenPagos)
      .innerJoin(ordenesCompra, eq(ordenesCompra.id, ordenPagos.orderId))
      .where(inArray(ordenPagos.id, orderIds));
    for (const r of rows) out.set(`orden:${r.id}`, r.code);
  }
  if (abonoIds.length) {
    const rows = await db
      .select({ id: abonos.id, number: ventas.number })
      .from(abonos)
      .innerJoin(ventas, eq(ventas.id, abonos.ventaId))
      .where(inArray(abonos.id, abonoIds));
    for (const r of rows) out.set(`abono:${r.id}`, r.number);
  }
  return out;
}
