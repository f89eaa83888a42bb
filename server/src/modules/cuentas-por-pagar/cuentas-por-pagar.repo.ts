// Queries of payables: suppliers, documents (with the list's filters, used alike by the list, its
// totals and its export) and the payments against each document.
import { and, asc, desc, eq, gt, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ListQueryPorPagar } from '#domain/contracts/cuentas-por-pagar.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { documentosPorPagar, pagosProveedor, proveedores } from './cuentas-por-pagar.schema.ts';

const d = documentosPorPagar;

export type ProveedorRow = typeof proveedores.$inferSelect;
export type DocumentoRow = typeof documentosPorPagar.$inferSelect;

export async function insertProveedor(db: Db, values: typeof proveedores.$inferInsert) {
  const [row] = await db.insert(proveedores).values(values).onConflictDoNothing({ target: proveedores.rif }).returning();
  return row ?? null;
}

export async function findProveedor(db: Db, id: number) {
  const [row] = await db.select().from(proveedores).where(eq(proveedores.id, id)).limit(1);
  return row ?? null;
}

export async function listProveedores(db: Db, search: string | undefined, limit: number, offset: number) {
  const where = search ? or(ilike(proveedores.name, containsPattern(search)), ilike(proveedores.rif, containsPattern(search))) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(proveedores).where(where).orderBy(asc(proveedores.name), asc(proveedores.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(proveedores).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function insertDocumento(db: Db, values: typeof documentosPorPagar.$inferInsert) {
  const [row] = await db.insert(documentosPorPagar).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Days past due on `today` (Caracas), 0 when not yet due: the same count as domain/ventas.ts daysOverdue. */
export const overdueDays = (today: string) => sql<number>`greatest(0, ${today}::date - ${d.dueDate})`;

/** The SQL of domain/ventas.ts agingBucket for a document with a balance. */
function agingCondition(bucket: string, today: string): SQL {
  const days = overdueDays(today);
  switch (bucket) {
    case 'al-dia':
      return sql`${days} = 0`;
    case '1-30':
      return sql`${days} BETWEEN 1 AND 30`;
    case '31-60':
      return sql`${days} BETWEEN 31 AND 60`;
    case '61-90':
      return sql`${days} BETWEEN 61 AND 90`;
    default:
      return sql`${days} > 90`;
  }
}

export type DocumentFilters = Omit<ListQueryPorPagar, 'page' | 'per_page'>;

export function whereOf(f: DocumentFilters, today: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (f.search) {
    const pattern = containsPattern(f.search);
    conditions.push(or(ilike(proveedores.name, pattern), ilike(proveedores.rif, pattern), ilike(d.number, pattern)));
  }
  if (f.filter === 'por-pagar') conditions.push(gt(d.outstandingBalance, '0'));
  else if (f.filter) conditions.push(eq(d.paymentStatus, f.filter));
  const a = f.filter_advance;
  if (a.proveedor) conditions.push(eq(d.proveedorId, a.proveedor));
  if (a.currency) conditions.push(eq(d.currency, a.currency));
  if (a.kind) conditions.push(eq(d.kind, a.kind));
  if (a.date_from) conditions.push(gte(d.issuedOn, a.date_from));
  if (a.date_to) conditions.push(lte(d.issuedOn, a.date_to));
  if (a.aging) conditions.push(and(gt(d.outstandingBalance, '0'), agingCondition(a.aging, today)));
  return and(...conditions);
}

/** US$ equivalent of a figure of the document, rounded half-up to cents as vesToUsdCents does. */
const usdOf = (column: typeof d.total | typeof d.outstandingBalance) =>
  sql<string>`CASE WHEN ${d.currency} = 'USD' THEN ${column} ELSE round(${column} / ${d.rate}, 2) END`;

const ORDER: Record<DocumentFilters['sort_by'], SQL | typeof d.dueDate> = {
  due_date: sql`${d.dueDate}`,
  issued_on: sql`${d.issuedOn}`,
  total: usdOf(d.total),
  outstanding: usdOf(d.outstandingBalance),
  proveedor: sql`${proveedores.name}`,
  number: sql`${d.number}`,
};

export const documentColumns = {
  id: d.id,
  proveedorId: d.proveedorId,
  proveedorRif: proveedores.rif,
  proveedorName: proveedores.name,
  number: d.number,
  controlNumber: d.controlNumber,
  kind: d.kind,
  issuedOn: d.issuedOn,
  dueDate: d.dueDate,
  currency: d.currency,
  rate: d.rate,
  total: d.total,
  discount: d.discount,
  balancePaid: d.balancePaid,
  outstandingBalance: d.outstandingBalance,
  totalUsd: d.totalUsd,
  baseImponible: d.baseImponible,
  ivaBasisPoints: d.ivaBasisPoints,
  iva: d.iva,
  ivaRetenido: d.ivaRetenido,
  retencionBasisPoints: d.retencionBasisPoints,
  retencionComprobante: d.retencionComprobante,
  retencionFecha: d.retencionFecha,
  // The IGTF of its standing payments (an annulled payment's IGTF is no longer the store's expense).
  igtfPaid: sql<string>`coalesce((SELECT sum(p.igtf) FROM ${pagosProveedor} p WHERE p.documento_id = ${d.id} AND p.annulled_at IS NULL), 0)::numeric(16, 2)::text`,
  paymentStatus: d.paymentStatus,
  note: d.note,
  createdAt: d.createdAt,
};

/** The matching documents in the list's order; all of them when `page` is left out (the export). */
export async function listDocumentos(db: Db, f: DocumentFilters, today: string, page?: { limit: number; offset: number }) {
  const direction = f.sort_desc ? desc : asc;
  const query = db
    .select(documentColumns)
    .from(d)
    .innerJoin(proveedores, eq(proveedores.id, d.proveedorId))
    .where(whereOf(f, today))
    .orderBy(direction(ORDER[f.sort_by] as SQL), direction(d.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** What the filtered list owes, grouped so that each group converts to US$ once (per rate). */
export async function balanceGroups(db: Db, f: DocumentFilters, today: string) {
  return db
    .select({
      proveedorId: d.proveedorId,
      rif: proveedores.rif,
      name: proveedores.name,
      dueDate: d.dueDate,
      currency: d.currency,
      rate: d.rate,
      documents: sql<number>`count(*)::int`,
      total: sql<string>`sum(${d.total})`,
      totalUsd: sql<string>`sum(${d.totalUsd})`,
      outstanding: sql<string>`sum(${d.outstandingBalance})`,
    })
    .from(d)
    .innerJoin(proveedores, eq(proveedores.id, d.proveedorId))
    .where(whereOf(f, today))
    .groupBy(d.proveedorId, proveedores.rif, proveedores.name, d.dueDate, d.currency, d.rate);
}

export async function findDocumento(db: Db, id: number) {
  const [row] = await db
    .select(documentColumns)
    .from(d)
    .innerJoin(proveedores, eq(proveedores.id, d.proveedorId))
    .where(eq(d.id, id))
    .limit(1);
  return row ?? null;
}

/** The document's row, locked until the transaction ends: balance changes go one at a time. */
export async function lockDocumento(tx: Db, id: number) {
  const [row] = await tx.select().from(d).where(eq(d.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateBalance(
  tx: Db,
  id: number,
  values: { balancePaid: string; outstandingBalance: string; paymentStatus: string },
): Promise<void> {
  await tx.update(d).set(values).where(eq(d.id, id));
}

/** Records the store's retention once: false when the document already had one (another request won). */
export async function setRetencion(
  tx: Db,
  id: number,
  values: {
    ivaRetenido: string;
    retencionBasisPoints: number;
    retencionComprobante: string;
    retencionFecha: string;
    outstandingBalance: string;
    paymentStatus: string;
  },
): Promise<boolean> {
  const rows = await tx
    .update(d)
    .set(values)
    .where(and(eq(d.id, id), sql`${d.retencionComprobante} IS NULL`))
    .returning({ id: d.id });
  return rows.length === 1;
}

/** The documents of the libro de compras: issued within [from, to], with the IGTF of their standing payments in US$ and Bs. */
export async function libroDeCompras(db: Db, from: string, to: string) {
  return db
    .select({
      ...documentColumns,
      igtfVes: sql<string>`coalesce((SELECT sum(round(p.igtf * p.rate, 2)) FROM ${pagosProveedor} p WHERE p.documento_id = ${d.id} AND p.annulled_at IS NULL), 0)::numeric(16, 2)::text`,
    })
    .from(d)
    .innerJoin(proveedores, eq(proveedores.id, d.proveedorId))
    .where(and(gte(d.issuedOn, from), lte(d.issuedOn, to)))
    .orderBy(asc(d.issuedOn), asc(d.id));
}

export async function insertPago(tx: Db, values: typeof pagosProveedor.$inferInsert) {
  const [row] = await tx.insert(pagosProveedor).values(values).returning();
  if (!row) throw new Error('No se pudo guardar el pago');
  return row;
}

export async function findPago(db: Db, id: number) {
  const [row] = await db.select().from(pagosProveedor).where(eq(pagosProveedor.id, id)).limit(1);
  return row ?? null;
}

/** Marks the payment annulled unless it already was; false when another request got there first. */
export async function annulPago(tx: Db, id: number, userId: number, note: string): Promise<boolean> {
  const rows = await tx
    .update(pagosProveedor)
    .set({ annulledAt: sql`now()`, annulledBy: userId, note })
    .where(and(eq(pagosProveedor.id, id), sql`${pagosProveedor.annulledAt} IS NULL`))
    .returning({ id: pagosProveedor.id });
  return rows.length === 1;
}

export async function pagosDe(db: Db, documentoId: number) {
  const registrant = sql<
    string | null
  >`(SELECT coalesce(nullif(u.full_name, ''), u.nickname) FROM ${usuarios} u WHERE u.id = ${pagosProveedor.userId})`;
  const annuller = sql<
    string | null
  >`(SELECT coalesce(nullif(u.full_name, ''), u.nickname) FROM ${usuarios} u WHERE u.id = ${pagosProveedor.annulledBy})`;
  return db
    .select({
      id: pagosProveedor.id,
      documentoId: pagosProveedor.documentoId,
      method: pagosProveedor.method,
      currency: pagosProveedor.currency,
      amount: pagosProveedor.amount,
      rate: pagosProveedor.rate,
      applied: pagosProveedor.applied,
      igtf: pagosProveedor.igtf,
      reference: pagosProveedor.reference,
      bankCode: pagosProveedor.bankCode,
      paidOn: pagosProveedor.paidOn,
      note: pagosProveedor.note,
      registeredBy: registrant,
      annulledAt: pagosProveedor.annulledAt,
      annulledBy: annuller,
      createdAt: pagosProveedor.createdAt,
    })
    .from(pagosProveedor)
    .where(eq(pagosProveedor.documentoId, documentoId))
    .orderBy(asc(pagosProveedor.createdAt), asc(pagosProveedor.id));
}
