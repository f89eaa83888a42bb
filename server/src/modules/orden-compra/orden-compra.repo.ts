// Queries of purchase orders, their lines, payments and history.
import { createHash } from 'node:crypto';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { wholeCedulaRif } from '#domain/contracts/campos.ts';
import type { OrderStep } from '#domain/order-steps.ts';
import type { Conteo } from '#domain/panel-pendientes.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { contarPendientes } from '#server/db/pendientes.ts';
import { usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { articulos, colores, modelos, tallas } from '#server/modules/catalogo/catalogo.schema.ts';
import { tasasCambio } from '#server/modules/general/general.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { ordenDetalles, ordenesCompra, ordenHistorial, ordenPagos } from '#server/modules/orden-compra/orden-compra.schema.ts';
import { liberarReferencias, reservarReferencias } from '#server/modules/ventas/ventas.referencias.repo.ts';

export type OrderRow = typeof ordenesCompra.$inferSelect;

export async function findPrices(db: Db, articleCodes: string[]) {
  if (articleCodes.length === 0) return [];
  return db
    .select({
      articleCode: articulos.code,
      model: articulos.modelCode,
      name: modelos.name,
      price: modelos.price,
      promotion: modelos.promotion,
      active: modelos.active,
    })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .where(inArray(articulos.code, articleCodes));
}

const latestRate = () =>
  new QueryBuilder()
    .select({ amount: tasasCambio.amount })
    .from(tasasCambio)
    .orderBy(desc(tasasCambio.createdAt), desc(tasasCambio.id))
    .limit(1);

/** The rate of the day as read by the statement that freezes it in an order. */
export const latestRateSql = (): SQL<string> => sql`coalesce((${latestRate()}), 1)`;

// A new order's id and its public code (OC-000123) in the same insert, with no second statement.
// PostgreSQL evaluates an inserted row's values in column order, and id comes before code.
export const newOrderIdSql = (): SQL<number> => sql`nextval('ordenes_compra_id_seq')`;
export const newOrderCodeSql = (): SQL<string> =>
  sql`'OC-' || lpad(currval('ordenes_compra_id_seq')::text, greatest(6, length(currval('ordenes_compra_id_seq')::text)), '0')`;

export async function findByIdempotencyKey(db: Db, key: string) {
  const [row] = await db.select().from(ordenesCompra).where(eq(ordenesCompra.idempotencyKey, key)).limit(1);
  return row;
}

export async function findById(db: Db, id: number) {
  const [row] = await db.select().from(ordenesCompra).where(eq(ordenesCompra.id, id)).limit(1);
  return row;
}

export async function findByCode(db: Db, code: string) {
  const [row] = await db.select().from(ordenesCompra).where(eq(ordenesCompra.code, code)).limit(1);
  return row;
}

/** The salesman the buyer chose at checkout, active or not. */
export async function findSalesmanById(db: Db, salesmanId: number | null) {
  if (salesmanId === null) return null;
  const [row] = await db
    .select({ id: vendedores.id, code: vendedores.code, name: vendedores.name })
    .from(vendedores)
    .where(eq(vendedores.id, salesmanId))
    .limit(1);
  return row ?? null;
}

/** Locks the order row for a step change: concurrent staff actions on one order go one at a time. */
export async function lockByCode(tx: Db, code: string) {
  const [row] = await tx.select().from(ordenesCompra).where(eq(ordenesCompra.code, code)).for('update').limit(1);
  return row;
}

export async function findDetails(db: Db, orderId: number) {
  return db
    .select({
      articleCode: ordenDetalles.articleCode,
      model: articulos.modelCode,
      name: ordenDetalles.name,
      tiendaId: ordenDetalles.tiendaId,
      store: tiendas.name,
      color: colores.name,
      size: tallas.label,
      quantity: ordenDetalles.quantity,
      price: ordenDetalles.price,
      promotion: ordenDetalles.promotion,
      discount: ordenDetalles.discount,
      discountName: ordenDetalles.discountName,
      couponDiscount: ordenDetalles.couponDiscount,
      paymentDiscount: ordenDetalles.paymentDiscount,
      net: ordenDetalles.net,
      iva: ordenDetalles.iva,
    })
    .from(ordenDetalles)
    .innerJoin(tiendas, eq(tiendas.id, ordenDetalles.tiendaId))
    .leftJoin(articulos, eq(articulos.code, ordenDetalles.articleCode))
    .leftJoin(modelos, eq(modelos.code, articulos.modelCode))
    .leftJoin(colores, eq(colores.code, modelos.colorCode))
    .leftJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .where(eq(ordenDetalles.orderId, orderId))
    .orderBy(ordenDetalles.id);
}

export const paymentColumns = {
  id: ordenPagos.id,
  method: ordenPagos.method,
  reference: ordenPagos.reference,
  bankCode: ordenPagos.bankCode,
  amount: ordenPagos.amount,
  date: ordenPagos.paidOn,
  status: ordenPagos.status,
  reportedAt: ordenPagos.createdAt,
  receipt: sql<boolean>`${ordenPagos.receipt} IS NOT NULL`,
};

/** The order's payment waiting for staff (reported, neither confirmed nor rejected), locked. */
export async function findReportedPayment(db: Db, orderId: number) {
  const [row] = await db
    .select({ id: ordenPagos.id })
    .from(ordenPagos)
    .where(and(eq(ordenPagos.orderId, orderId), eq(ordenPagos.status, 'reportado')))
    .limit(1);
  return row;
}

export async function findReportedPaymentForUpdate(db: Db, orderId: number) {
  const [row] = await db
    .select({ id: ordenPagos.id, receipt: ordenPagos.receipt })
    .from(ordenPagos)
    .where(and(eq(ordenPagos.orderId, orderId), eq(ordenPagos.status, 'reportado')))
    .orderBy(desc(ordenPagos.id))
    .limit(1)
    .for('update');
  return row;
}

export async function setReceipt(db: Db, paymentId: number, receipt: string) {
  await db.update(ordenPagos).set({ receipt }).where(eq(ordenPagos.id, paymentId));
}

export async function findReceiptName(db: Db, paymentId: number) {
  const [row] = await db.select({ receipt: ordenPagos.receipt }).from(ordenPagos).where(eq(ordenPagos.id, paymentId));
  return row?.receipt ?? null;
}

/** The order as a step change answers it: code, step, what it owes and its payments. */
export async function findOrderView(db: Db, code: string) {
  const order = await findByCode(db, code);
  if (!order) return undefined;
  const payments = await findPayments(db, order.id);
  return { ...orderAmounts(order), orderCode: order.code, step: order.step, payments };
}

/** What an order charges and every discount it was priced with, as its answers show them. */
export function orderAmounts(order: OrderRow) {
  return {
    subtotal: order.subtotal,
    iva: order.iva,
    // «shipping» in the public status is how the order travels; the amount is shippingCost everywhere.
    shippingCost: order.shipping,
    commission: order.commission,
    igtf: order.igtf,
    igtfBasisPoints: order.igtfBasisPoints,
    discount: order.discount,
    couponCode: order.couponCode,
    couponDiscount: order.couponDiscount,
    paymentDiscount: order.paymentDiscount,
    paymentDiscountName: order.paymentDiscountName,
    total: order.total,
    rate: order.rate,
  };
}

export async function findPayments(db: Db, orderId: number) {
  return db.select(paymentColumns).from(ordenPagos).where(eq(ordenPagos.orderId, orderId)).orderBy(ordenPagos.id);
}

export async function findHistory(db: Db, orderId: number) {
  return db
    .select({
      from: ordenHistorial.fromStep,
      to: ordenHistorial.toStep,
      at: ordenHistorial.at,
      userId: ordenHistorial.userId,
      by: usuarios.nickname,
      note: ordenHistorial.note,
    })
    .from(ordenHistorial)
    .leftJoin(usuarios, eq(usuarios.id, ordenHistorial.userId))
    .where(eq(ordenHistorial.orderId, orderId))
    .orderBy(ordenHistorial.at, ordenHistorial.id);
}

export type OrderSearch = {
  search?: string;
  step?: string;
  method?: string;
  from?: string;
  to?: string;
  userId?: number;
  /** 'web' or 'whatsapp' (decision 0033). */
  origen?: string;
  /** Only these orders (the ones with a refund to review); empty: none. */
  ids?: readonly number[];
};

/**
 * Orders whose code, buyer name or cédula (and e-mail, if asked) contain the text; a whole cédula or
 * RIF is looked up exactly (index ordenes_cedula_exacta), not through the trigram lists.
 */
export function orderTextMatches(search: string, options: { email: boolean }): SQL | undefined {
  const cedula = wholeCedulaRif(search);
  if (cedula) return sql`upper(replace(${ordenesCompra.buyer}->>'dni', '-', '')) = ${cedula}`;
  const pattern = containsPattern(search);
  return or(
    ilike(ordenesCompra.code, pattern),
    sql`${ordenesCompra.buyer}->>'fullName' ILIKE ${pattern}`,
    options.email ? sql`${ordenesCompra.buyer}->>'email' ILIKE ${pattern}` : undefined,
    sql`${ordenesCompra.buyer}->>'dni' ILIKE ${pattern}`,
  );
}

/** Orders made between two Caracas calendar days (UTC−4), both included. */
export function createdBetween(from?: string, to?: string): (SQL | undefined)[] {
  return [
    from ? gte(ordenesCompra.createdAt, new Date(`${from}T00:00:00-04:00`)) : undefined,
    to ? lte(ordenesCompra.createdAt, new Date(`${to}T23:59:59.999-04:00`)) : undefined,
  ];
}

function searchConditions(q: OrderSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [...createdBetween(q.from, q.to)];
  if (q.search) conditions.push(orderTextMatches(q.search, { email: true }));
  if (q.step) conditions.push(eq(ordenesCompra.step, q.step));
  if (q.method) conditions.push(eq(ordenesCompra.paymentMethod, q.method));
  if (q.userId) conditions.push(eq(ordenesCompra.userId, q.userId));
  if (q.origen) conditions.push(eq(ordenesCompra.origen, q.origen));
  if (q.ids) conditions.push(q.ids.length > 0 ? inArray(ordenesCompra.id, [...q.ids]) : sql`false`);
  return and(...conditions);
}

/**
 * One page of orders, newest first (index ordenes_creadas), and how many match, counted up to
 * `countLimit + 1` rows (decision 0031): the cost does not grow with the number of orders.
 */
export async function searchOrders(db: Db, q: OrderSearch, limit: number, offset: number, countLimit: number) {
  const where = searchConditions(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: ordenesCompra.id,
        code: ordenesCompra.code,
        step: ordenesCompra.step,
        buyer: sql<string>`${ordenesCompra.buyer}->>'fullName'`,
        email: sql<string>`${ordenesCompra.buyer}->>'email'`,
        paymentMethod: ordenesCompra.paymentMethod,
        total: ordenesCompra.total,
        rate: ordenesCompra.rate,
        trackingNumber: ordenesCompra.trackingNumber,
        createdAt: ordenesCompra.createdAt,
        origen: ordenesCompra.origen,
      })
      .from(ordenesCompra)
      .where(where)
      .orderBy(desc(ordenesCompra.createdAt), desc(ordenesCompra.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(ordenesCompra)
        .where(where)
        .limit(countLimit + 1)
        .as('contadas'),
    ),
  ]);
  return { rows, total };
}

/**
 * How many orders of each step match the search, whatever step filter is applied, each counted up
 * to `countLimit + 1` rows through the index on (step, created_at): a step with more answers
 * `countLimit + 1`, which the service reports as «más de countLimit». Steps without orders are left out.
 */
export async function countByStep(db: Db, q: OrderSearch, steps: readonly string[], countLimit: number): Promise<Record<string, number>> {
  const others = searchConditions({ ...q, step: undefined });
  if (q.search) {
    // A text search reads its trigram indexes once: the steps of its first countLimit + 1 matches.
    // Past the bound every step found answers countLimit + 1 («más de»), since the others were not read.
    const found = await db
      .select({ step: sql<string>`contadas.step`, total: count() })
      .from(
        db
          .select({ step: ordenesCompra.step })
          .from(ordenesCompra)
          .where(others)
          .limit(countLimit + 1)
          .as('contadas'),
      )
      .groupBy(sql`contadas.step`);
    const over = found.reduce((sum, row) => sum + row.total, 0) > countLimit;
    return Object.fromEntries(found.map((row) => [row.step, over ? countLimit + 1 : row.total]));
  }
  const perStep = await Promise.all(
    steps.map(async (step) => {
      const [{ total }] = await db.select({ total: count() }).from(
        db
          .select({ one: sql`1` })
          .from(ordenesCompra)
          .where(and(eq(ordenesCompra.step, step), others))
          .limit(countLimit + 1)
          .as('contadas'),
      );
      return [step, total] as const;
    }),
  );
  return Object.fromEntries(perStep.filter(([, total]) => total > 0));
}

export async function findExpiredUnpaid(db: Db, now: Date) {
  return db
    .select({ code: ordenesCompra.code })
    .from(ordenesCompra)
    .where(
      and(
        eq(ordenesCompra.step, 'pendiente'),
        lte(ordenesCompra.expiresAt, now),
        // A credit sale (ventas_credito) is unpaid on purpose: it never expires.
        sql`NOT EXISTS (SELECT 1 FROM ventas_credito v WHERE v.order_id = ${ordenesCompra.id})`,
        // Nor one holding money staff approved (a short payment waiting for the rest): cancelling it
        // would drop money received from the books (docs/dominio.md §Lo que se recibe y lo que se debe).
        sql`NOT EXISTS (SELECT 1 FROM ${ordenPagos} p WHERE p.order_id = ${ordenesCompra.id} AND p.status = 'aprobado')`,
      ),
    )
    .limit(200);
}

/** A stable 64-bit advisory-lock id for a key, in its own namespace. */
function lockId(key: string): bigint {
  return createHash('sha256').update(`orden-impaga|${key}`).digest().readBigInt64BE(0);
}

/**
 * Serialises registrations of unpaid orders that share a buyer contact or a client address until
 * the transaction ends, so that counting them and adding one is atomic. Locks are taken in one
 * statement in a fixed order (by id), so two registrations never wait on each other in a circle.
 */
export async function lockUnpaidKeys(tx: Db, keys: string[]): Promise<void> {
  const ids = [...new Set(keys.map(lockId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id) => sql`(${id.toString()}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`SELECT pg_advisory_xact_lock(v.id) FROM (VALUES ${values}) AS v(id)`);
}

/**
 * Orders awaiting payment per key, among the given keys: pending and not expired at `now`, or
 * with a reported payment staff have not confirmed yet.
 */
export async function countOpenUnpaid(tx: Db, keys: string[], now: Date): Promise<Map<string, number>> {
  const wanted = sql`ARRAY[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
  const result = (await tx.execute(sql`
    SELECT k AS key, count(*)::int AS n
      FROM ${ordenesCompra} o, unnest(o.unpaid_keys) AS k
     WHERE o.step IN ('pendiente', 'pago-por-confirmar')
       AND (o.step = 'pago-por-confirmar' OR o.expires_at > ${now.toISOString()}::timestamptz)
       AND o.unpaid_keys && ${wanted} AND k = ANY(${wanted})
     GROUP BY k`)) as unknown as { rows: { key: string; n: number }[] };
  return new Map(result.rows.map((r) => [r.key, Number(r.n)]));
}

// ── writes ──────────────────────────────────────────────────────────────────

export type NewOrder = Omit<typeof ordenesCompra.$inferInsert, 'id' | 'code' | 'rate' | 'inChargeUserId'> & {
  /** The staff user in charge of web sales, read by the same statement (config's encargadoDeVentasIdSql), or none. */
  inChargeUserId: SQL<number | null> | null;
};

/**
 * Inserts the order unless its idempotency key was used (a request still in flight with it is
 * waited for): then nothing. The code, the rate of the day and the person in charge are set by
 * this same statement.
 */
export async function insertOrder(tx: Db, order: NewOrder): Promise<OrderRow | undefined> {
  const [row] = await tx
    .insert(ordenesCompra)
    .values({ ...order, id: newOrderIdSql(), code: newOrderCodeSql(), rate: latestRateSql() })
    .onConflictDoNothing({ target: ordenesCompra.idempotencyKey })
    .returning();
  return row;
}

export type NewLine = typeof ordenDetalles.$inferInsert;

/** The order's first history line and its lines, in one statement. */
export async function insertFirstStepAndLines(tx: Db, firstStep: typeof ordenHistorial.$inferInsert, lines: NewLine[]) {
  const history = tx.$with('primer_paso', {}).as(tx.insert(ordenHistorial).values(firstStep).getSQL());
  await tx.with(history).insert(ordenDetalles).values(lines);
}

export type NewPayment = Omit<typeof ordenPagos.$inferInsert, 'id' | 'status' | 'createdAt'>;

/** The payment and its reference, taken in referencias_pago across orders, sales and abonos (400 if in use). */
export async function insertPayment(tx: Db, payment: NewPayment) {
  const inserted = await tx.insert(ordenPagos).values(payment).returning(paymentColumns);
  await reservarReferencias(
    tx,
    inserted.map((p) => ({ method: p.method, bankCode: p.bankCode, reference: p.reference, source: 'orden' as const, sourceId: p.id })),
  );
  return inserted;
}

export async function countRejectedPayments(tx: Db, orderId: number): Promise<number> {
  const [{ rejected }] = await tx
    .select({ rejected: count() })
    .from(ordenPagos)
    .where(and(eq(ordenPagos.orderId, orderId), eq(ordenPagos.status, 'rechazado')));
  return rejected;
}

/**
 * The order's payments still under review take `status` (an earlier rejected one stays rejected);
 * a rejected payment frees its reference.
 */
export async function settleReportedPayments(tx: Db, orderId: number, status: 'aprobado' | 'rechazado') {
  const settled = await tx
    .update(ordenPagos)
    .set({ status })
    .where(and(eq(ordenPagos.orderId, orderId), eq(ordenPagos.status, 'reportado')))
    .returning({ id: ordenPagos.id });
  if (status === 'rechazado')
    await liberarReferencias(
      tx,
      'orden',
      settled.map((p) => p.id),
    );
}

export async function updateOrder(tx: Db, orderId: number, changes: Partial<typeof ordenesCompra.$inferInsert>) {
  await tx.update(ordenesCompra).set(changes).where(eq(ordenesCompra.id, orderId));
}

export async function insertHistory(tx: Db, line: typeof ordenHistorial.$inferInsert) {
  await tx.insert(ordenHistorial).values(line);
}

/** The orders waiting in one step and the oldest one's date, for the home's cards (index ordenes_step: step, created_at). */
export function pendientesDelPaso(db: Db, step: OrderStep): Promise<Conteo> {
  return contarPendientes(db, ordenesCompra, ordenesCompra.createdAt, eq(ordenesCompra.step, step));
}
