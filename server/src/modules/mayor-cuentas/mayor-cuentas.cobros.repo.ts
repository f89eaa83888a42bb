// Queries of the receivables: documents by balance and age, a customer's documents, a note's
// abonos and returns, and the row locks their changes take (the note, then the abono or line).
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { ListadoType } from '#domain/contracts/mayor-cuentas.ts';
import type { Conteo } from '#domain/panel-pendientes.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { contarPendientes } from '#server/db/pendientes.ts';
import { usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { ordenesCompra } from '#server/modules/orden-compra/orden-compra.schema.ts';
import { abonos, clientes, devoluciones, ventaLineas, ventas } from '#server/modules/ventas/ventas.schema.ts';

/**
 * The day a document falls due (Caracas): its due date, or the day it was made when it has none.
 * As a date it is the expression of the index ventas_por_cobrar_vence (ventas.schema.ts): sorts
 * and filters use it as written there, or the index does not serve them; dueDay is its text.
 */
export const dueDate = sql<string>`coalesce(${ventas.dueDate}, ((${ventas.createdAt} AT TIME ZONE 'UTC') - interval '4 hours')::date)`;
export const dueDay = sql<string>`${dueDate}::text`;

const ves = (column: SQL | AnyPgColumn) => sql`round(${column} * ${ventas.rate}, 2)`;
const personName = (table: { fullName: AnyPgColumn; nickname: AnyPgColumn }) =>
  sql<string | null>`coalesce(nullif(${table.fullName}, ''), ${table.nickname})`;

export type DocumentFilters = {
  store?: number;
  seller?: number;
  client?: number;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  /** Only the documents with an abono still pendiente. */
  pendingAbonos?: boolean;
};

/** The notes with an abono waiting for approval (index abonos_paso: step, created_at). */
const pendingAbonoNotes = sql`(SELECT ${abonos.ventaId} FROM ${abonos} WHERE ${abonos.step} = 'pendiente')`;

/** The conditions of a list of documents: its type (kind and balance), the filters and the search. */
export function documentConditions(type: ListadoType | 'clientes', f: DocumentFilters, today: string): SQL | undefined {
  const search = f.search?.trim();
  const compactDni = search?.toUpperCase().replace(/[^A-Z0-9]/g, '') ?? '';
  return and(
    eq(ventas.kind, type === 'facturas' ? 'factura' : 'nota-entrega'),
    isNull(ventas.voidedAt),
    type === 'pendientes' || type === 'clientes' ? gt(ventas.outstandingBalance, '0') : undefined,
    type === 'vencidas' ? and(gt(ventas.outstandingBalance, '0'), sql`${dueDate} < ${today}::date`) : undefined,
    type === 'pagadas' ? eq(ventas.outstandingBalance, '0') : undefined,
    f.store ? eq(ventas.tiendaId, f.store) : undefined,
    f.seller ? eq(ventas.vendedorId, f.seller) : undefined,
    f.client ? eq(ventas.clienteId, f.client) : undefined,
    f.dateFrom ? gte(ventas.createdAt, new Date(`${f.dateFrom}T00:00:00-04:00`)) : undefined,
    f.dateTo ? lte(ventas.createdAt, new Date(`${f.dateTo}T23:59:59.999-04:00`)) : undefined,
    f.pendingAbonos ? inArray(ventas.id, pendingAbonoNotes) : undefined,
    search
      ? or(
          ilike(ventas.number, containsPattern(search)),
          // The customer by a subquery: the counts and totals then need no join with clientes.
          sql`${ventas.clienteId} IN (SELECT ${clientes.id} FROM ${clientes} WHERE ${or(
            ilike(clientes.name, containsPattern(search)),
            compactDni.length >= 3 ? ilike(sql`replace(${clientes.dni}, '-', '')`, containsPattern(compactDni)) : undefined,
          )})`,
        )
      : undefined,
  );
}

// Correlated subqueries name the outer table in full: a bare column would bind to the inner one.
const pendingAbonos = sql<number>`(SELECT count(*)::int FROM abonos a WHERE a.venta_id = "ventas"."id" AND a.step = 'pendiente')`;

/** The columns of a document as the receivables show it. */
export const documentColumns = {
  id: ventas.id,
  number: ventas.number,
  kind: ventas.kind,
  source: ventas.source,
  purchaseId: ventas.orderId,
  orderCode: ordenesCompra.code,
  clientId: clientes.id,
  clientDni: clientes.dni,
  clientName: clientes.name,
  clientPhone: clientes.phone,
  storeId: tiendas.id,
  storeName: tiendas.name,
  seller: vendedores.name,
  createdAt: ventas.createdAt,
  dueDate: ventas.dueDate,
  dueDay,
  rate: ventas.rate,
  total: ventas.total,
  discount: ventas.discount,
  balancePaid: ventas.balancePaid,
  outstandingBalance: ventas.outstandingBalance,
  creditInFavor: ventas.creditInFavor,
  ivaRetenido: ventas.ivaRetenido,
  totalVes: sql<string>`${ves(ventas.total)}::text`,
  paymentStatus: ventas.paymentStatus,
  pendingAbonos,
  subtotal: ventas.subtotal,
  descuento: ventas.descuento,
  devoluciones: ventas.devoluciones,
  baseImponible: ventas.baseImponible,
  iva: ventas.iva,
  igtf: ventas.igtf,
  comision: ventas.comision,
  envio: ventas.envio,
};

function documentsQuery(db: Db) {
  return db
    .select(documentColumns)
    .from(ventas)
    .innerJoin(clientes, eq(clientes.id, ventas.clienteId))
    .innerJoin(tiendas, eq(tiendas.id, ventas.tiendaId))
    .leftJoin(vendedores, eq(vendedores.id, ventas.vendedorId))
    .leftJoin(ordenesCompra, eq(ordenesCompra.id, ventas.orderId));
}

export type DocumentRow = Awaited<ReturnType<typeof documentsQuery>>[number];

export type SortKey = 'fecha' | 'vencimiento' | 'numero' | 'cliente' | 'total' | 'saldo';

const SORT_COLUMNS: Record<SortKey, SQL | AnyPgColumn> = {
  fecha: ventas.createdAt,
  vencimiento: dueDate,
  numero: ventas.number,
  cliente: clientes.name,
  total: ventas.total,
  saldo: ventas.outstandingBalance,
};

export async function listDocuments(db: Db, where: SQL | undefined, sort: { by: SortKey; desc: boolean }, limit: number, offset: number) {
  const column = SORT_COLUMNS[sort.by];
  return await documentsQuery(db)
    .where(where)
    .orderBy(sort.desc ? desc(column) : asc(column), sort.desc ? desc(ventas.id) : asc(ventas.id))
    .limit(limit)
    .offset(offset);
}

/** The sums of the filtered documents; what is still owed in Bs. at `todayRate` (what it costs today), note by note. */
export async function documentTotals(db: Db, where: SQL | undefined, todayRate: string) {
  const [row] = await db
    .select({
      documents: count(),
      totalAmount: sql<string>`coalesce(sum(${ventas.total}), 0)::numeric(14,2)::text`,
      discount: sql<string>`coalesce(sum(${ventas.discount}), 0)::numeric(14,2)::text`,
      balancePaid: sql<string>`coalesce(sum(${ventas.balancePaid}), 0)::numeric(14,2)::text`,
      outstandingBalance: sql<string>`coalesce(sum(${ventas.outstandingBalance}), 0)::numeric(14,2)::text`,
      creditInFavor: sql<string>`coalesce(sum(${ventas.creditInFavor}), 0)::numeric(14,2)::text`,
      ivaRetenido: sql<string>`coalesce(sum(${ventas.ivaRetenido}), 0)::numeric(14,2)::text`,
      totalAmountVes: sql<string>`coalesce(sum(${ves(ventas.total)}), 0)::numeric(18,2)::text`,
      discountVes: sql<string>`coalesce(sum(${ves(ventas.discount)}), 0)::numeric(18,2)::text`,
      balancePaidVes: sql<string>`coalesce(sum(${ves(ventas.balancePaid)}), 0)::numeric(18,2)::text`,
      outstandingBalanceVes: sql<string>`coalesce(sum(round(${ventas.outstandingBalance} * ${todayRate}::numeric, 2)), 0)::numeric(18,2)::text`,
    })
    .from(ventas)
    .where(where);
  return row;
}

export async function findDocument(db: Db, where: SQL | undefined) {
  const [row] = await documentsQuery(db).where(where).limit(1);
  return row;
}

/**
 * One row per customer who owes on the filtered notes, the most owed first: the notes are summed
 * per customer first (one pass over the partial index), and only those sums meet clientes; the
 * number of customers comes with the page (a window over the groups).
 */
export async function listClients(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const perClient = db
    .select({
      clienteId: ventas.clienteId,
      documents: sql<number>`count(*)::int`.as('documents'),
      total: sql<string>`sum(${ventas.total})::numeric(14,2)::text`.as('total'),
      balancePaid: sql<string>`sum(${ventas.balancePaid})::numeric(14,2)::text`.as('balance_paid'),
      outstandingBalance: sql<string>`sum(${ventas.outstandingBalance})::numeric(14,2)::text`.as('outstanding'),
      owed: sql<string>`sum(${ventas.outstandingBalance})`.as('owed'),
      creditInFavor: sql<string>`sum(${ventas.creditInFavor})::numeric(14,2)::text`.as('credit'),
    })
    .from(ventas)
    .where(where)
    .groupBy(ventas.clienteId)
    .as('por_cliente');
  const rows = await db
    .select({
      id: clientes.id,
      dni: clientes.dni,
      name: clientes.name,
      phone: clientes.phone,
      documents: perClient.documents,
      total: perClient.total,
      balancePaid: perClient.balancePaid,
      outstandingBalance: perClient.outstandingBalance,
      creditInFavor: perClient.creditInFavor,
      clients: sql<number>`(count(*) OVER ())::int`,
    })
    .from(perClient)
    .innerJoin(clientes, eq(clientes.id, perClient.clienteId))
    .orderBy(desc(perClient.owed), asc(clientes.name), asc(clientes.id))
    .limit(limit)
    .offset(offset);
  if (rows.length > 0) return { rows, total: Number(rows[0].clients) };
  if (offset === 0) return { rows, total: 0 };
  // A page past the end: the count alone.
  const [{ total }] = await db
    .select({ total: sql<number>`count(DISTINCT ${ventas.clienteId})::int` })
    .from(ventas)
    .where(where);
  return { rows, total: Number(total) };
}

/** What is owed by due day: the aging buckets are counted from these in domain/ventas.ts. */
export async function owedByDueDay(db: Db, where: SQL | undefined) {
  return db
    .select({ dueDay, owed: sql<string>`sum(${ventas.outstandingBalance})::numeric(14,2)::text` })
    .from(ventas)
    .where(and(where, gt(ventas.outstandingBalance, '0')))
    .groupBy(dueDate);
}

/** What each of these customers owes by due day (the customers of one page). */
export async function owedByClientAndDueDay(db: Db, where: SQL | undefined, clientIds: number[]) {
  if (clientIds.length === 0) return [];
  return db
    .select({ clientId: ventas.clienteId, dueDay, owed: sql<string>`sum(${ventas.outstandingBalance})::numeric(14,2)::text` })
    .from(ventas)
    .where(and(where, gt(ventas.outstandingBalance, '0'), inArray(ventas.clienteId, clientIds)))
    .groupBy(ventas.clienteId, dueDate);
}

export async function findCliente(db: Db, id: number) {
  const [row] = await db.select().from(clientes).where(eq(clientes.id, id));
  return row;
}

// ── a note's abonos, lines and returns ─────────────────────────────────────

const registrador = alias(usuarios, 'registrador');
const revisor = alias(usuarios, 'revisor');

const abonoColumns = {
  id: abonos.id,
  ventaId: abonos.ventaId,
  step: abonos.step,
  deliveryNote: ventas.number,
  reference: abonos.reference,
  total: abonos.total,
  igtf: abonos.igtf,
  method: abonos.method,
  currency: abonos.currency,
  amount: abonos.amount,
  rate: abonos.rate,
  bankCode: abonos.bankCode,
  paidOn: abonos.paidOn,
  note: abonos.note,
  reviewNote: abonos.reviewNote,
  registeredBy: personName(registrador),
  registeredAt: abonos.createdAt,
  updatedBy: personName(revisor),
  updatedAt: abonos.updatedAt,
};

export type AbonoRow = Awaited<ReturnType<typeof findAbonos>>[number];

export async function findAbonos(db: Db, where: SQL) {
  return db
    .select(abonoColumns)
    .from(abonos)
    .innerJoin(ventas, eq(ventas.id, abonos.ventaId))
    .leftJoin(registrador, eq(registrador.id, abonos.registeredBy))
    .leftJoin(revisor, eq(revisor.id, abonos.updatedBy))
    .where(where)
    .orderBy(asc(abonos.createdAt), asc(abonos.id));
}

export async function findLines(db: Db, ventaId: number) {
  return db
    .select({
      id: ventaLineas.id,
      articleCode: ventaLineas.articleCode,
      name: ventaLineas.name,
      storeId: ventaLineas.tiendaId,
      storeName: tiendas.name,
      quantity: ventaLineas.quantity,
      returnedQuantity: ventaLineas.returnedQuantity,
      price: ventaLineas.price,
      promotion: ventaLineas.promotion,
      discount: ventaLineas.discount,
      net: ventaLineas.net,
    })
    .from(ventaLineas)
    .innerJoin(tiendas, eq(tiendas.id, ventaLineas.tiendaId))
    .where(eq(ventaLineas.ventaId, ventaId))
    .orderBy(asc(ventaLineas.id));
}

export async function findDevoluciones(db: Db, ventaIds: number[]) {
  if (ventaIds.length === 0) return [];
  return db
    .select({
      id: devoluciones.id,
      ventaId: devoluciones.ventaId,
      lineId: devoluciones.lineaId,
      articleCode: ventaLineas.articleCode,
      name: ventaLineas.name,
      quantity: devoluciones.quantity,
      amount: devoluciones.amount,
      note: devoluciones.note,
      by: personName(usuarios),
      at: devoluciones.createdAt,
    })
    .from(devoluciones)
    .innerJoin(ventaLineas, eq(ventaLineas.id, devoluciones.lineaId))
    .leftJoin(usuarios, eq(usuarios.id, devoluciones.userId))
    .where(inArray(devoluciones.ventaId, ventaIds))
    .orderBy(asc(devoluciones.createdAt), asc(devoluciones.id));
}

export async function findClientDocuments(db: Db, clienteId: number) {
  return await documentsQuery(db)
    .where(and(eq(ventas.clienteId, clienteId), isNull(ventas.voidedAt)))
    .orderBy(asc(ventas.createdAt), asc(ventas.id));
}

// ── locks and writes ────────────────────────────────────────────────────────

/** The document's row, locked until the commit: every change of its balance goes through it. */
export async function lockDocument(tx: Db, number: string) {
  const [row] = await tx.select().from(ventas).where(eq(ventas.number, number)).for('update');
  return row;
}

export async function lockDocumentById(tx: Db, id: number) {
  const [row] = await tx.select().from(ventas).where(eq(ventas.id, id)).for('update');
  return row;
}

export async function findAbonoVenta(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ ventaId: abonos.ventaId }).from(abonos).where(eq(abonos.id, id));
  return row?.ventaId;
}

/** Locked after its note (the fixed order: note, then abono). */
export async function lockAbono(tx: Db, id: number) {
  const [row] = await tx.select().from(abonos).where(eq(abonos.id, id)).for('update');
  return row;
}

export async function countPendingAbonos(tx: Db, ventaId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(abonos)
    .where(and(eq(abonos.ventaId, ventaId), eq(abonos.step, 'pendiente')));
  return Number(row?.n ?? 0);
}

export async function insertAbono(tx: Db, values: typeof abonos.$inferInsert) {
  const [row] = await tx.insert(abonos).values(values).returning({ id: abonos.id });
  if (!row) throw new Error('No se pudo guardar el abono');
  return row.id;
}

export async function updateAbono(tx: Db, id: number, changes: Partial<typeof abonos.$inferInsert>) {
  await tx.update(abonos).set(changes).where(eq(abonos.id, id));
}

export async function updateDocument(tx: Db, id: number, changes: Partial<typeof ventas.$inferInsert>) {
  await tx.update(ventas).set(changes).where(eq(ventas.id, id));
}

/** The line of the document, locked after the document. */
export async function lockLine(tx: Db, ventaId: number, lineId: number) {
  const [row] = await tx
    .select()
    .from(ventaLineas)
    .where(and(eq(ventaLineas.id, lineId), eq(ventaLineas.ventaId, ventaId)))
    .for('update');
  return row;
}

export async function linesForTotals(tx: Db, ventaId: number) {
  return tx.select().from(ventaLineas).where(eq(ventaLineas.ventaId, ventaId)).orderBy(asc(ventaLineas.id));
}

export async function setReturnedQuantity(tx: Db, lineId: number, returnedQuantity: number) {
  await tx.update(ventaLineas).set({ returnedQuantity }).where(eq(ventaLineas.id, lineId));
}

export async function insertDevolucion(tx: Db, values: typeof devoluciones.$inferInsert) {
  const [row] = await tx.insert(devoluciones).values(values).returning({ id: devoluciones.id });
  if (!row) throw new Error('No se pudo guardar la devolución');
  return row.id;
}

// ── lookups ─────────────────────────────────────────────────────────────────

export async function searchDocuments(db: Db, kind: 'factura' | 'nota-entrega', search: string) {
  const where = documentConditions(kind === 'factura' ? 'facturas' : 'todas', { search }, '');
  return await documentsQuery(db)
    .where(where)
    .orderBy(
      kind === 'nota-entrega' ? desc(sql`${ventas.outstandingBalance} > 0`) : desc(ventas.createdAt),
      desc(ventas.createdAt),
      desc(ventas.id),
    )
    .limit(20);
}

export async function searchClients(db: Db, search: string) {
  const compact = search.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const owed = sql<string>`coalesce((SELECT sum(v.outstanding_balance) FROM ventas v WHERE v.cliente_id = "clientes"."id" AND v.kind = 'nota-entrega'), 0)::numeric(14,2)::text`;
  return db
    .select({ id: clientes.id, dni: clientes.dni, name: clientes.name, phone: clientes.phone, outstandingBalance: owed })
    .from(clientes)
    .where(
      search
        ? or(
            ilike(clientes.name, containsPattern(search)),
            compact.length >= 3 ? ilike(sql`replace(${clientes.dni}, '-', '')`, containsPattern(compact)) : undefined,
          )
        : undefined,
    )
    .orderBy(desc(owed), asc(clientes.name))
    .limit(20);
}

export async function searchSellers(db: Db, search: string) {
  return db
    .select({ id: vendedores.id, code: vendedores.code, name: vendedores.name, active: vendedores.active })
    .from(vendedores)
    .where(search ? or(ilike(vendedores.name, containsPattern(search)), ilike(vendedores.code, containsPattern(search))) : undefined)
    .orderBy(desc(vendedores.active), asc(vendedores.name))
    .limit(20);
}

/**
 * The home's count of overdue notes: the same condition as the «vencidas» list, and the day the
 * oldest fell due (index ventas_por_cobrar_vence).
 */
export function pendientesVencidas(db: Db, today: string): Promise<Conteo> {
  return contarPendientes(db, ventas, dueDay, documentConditions('vencidas', {}, today));
}

/** The home's count of abonos waiting for approval on notes that still stand (index abonos_paso). */
export function pendientesAbonos(db: Db): Promise<Conteo> {
  return contarPendientes(
    db,
    abonos,
    abonos.createdAt,
    and(
      eq(abonos.step, 'pendiente'),
      sql`NOT EXISTS (SELECT 1 FROM ${ventas} v WHERE v.id = ${abonos.ventaId} AND v.voided_at IS NOT NULL)`,
    ),
  );
}
