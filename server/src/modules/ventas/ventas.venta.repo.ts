// Queries of staff selling: customers and their credit, salesmen, stores, credit authorizations,
// payment references and the documents a sale wrote.
import { and, asc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { ordenesCompra } from '#server/modules/orden-compra/orden-compra.schema.ts';
import {
  abonos,
  autorizacionesCredito,
  clientes,
  ventaAnticipos,
  ventaLineas,
  ventaPagos,
  ventaReembolsos,
  ventas,
} from './ventas.schema.ts';

// ── customers ───────────────────────────────────────────────────────────────

/** The customer row of the outer query, qualified (drizzle writes a single table's columns bare). */
const clienteIdSql = sql.raw('"clientes"."id"');

/** What the customer's notas de entrega still owe, and whether one is past its due date (Caracas day). */
const owedSql = sql<string>`coalesce((SELECT sum(v.outstanding_balance) FROM ${ventas} v
  WHERE v.cliente_id = ${clienteIdSql} AND v.kind = 'nota-entrega' AND v.outstanding_balance > 0 AND v.voided_at IS NULL), 0)::numeric(14,2)::text`;
const overdueSql = (today: string) => sql<boolean>`EXISTS (SELECT 1 FROM ${ventas} v WHERE v.cliente_id = ${clienteIdSql}
  AND v.kind = 'nota-entrega' AND v.outstanding_balance > 0 AND v.voided_at IS NULL AND v.due_date < ${today}::date)`;

const clienteColumns = (today: string) => ({
  id: clientes.id,
  dni: clientes.dni,
  name: clientes.name,
  email: clientes.email,
  phone: clientes.phone,
  address: clientes.address,
  creditLimit: clientes.creditLimit,
  creditDays: clientes.creditDays,
  owed: owedSql,
  overdue: overdueSql(today),
});

export type ClienteConCredito = {
  id: number;
  dni: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  creditLimit: string;
  creditDays: number;
  owed: string;
  overdue: boolean;
};

/** Customers whose cédula/RIF or name contain the text; the exact cédula first, then by name. */
export async function findClientes(
  db: Db,
  q: { search?: string; dni?: string | null; today: string },
  limit: number,
  offset: number,
): Promise<{ rows: ClienteConCredito[]; total: number }> {
  let where: SQL | undefined;
  if (q.search) {
    const pattern = containsPattern(q.search);
    // «V-12.345.678» and «V12345678» find the same customer.
    const compact = containsPattern(q.search.toUpperCase().replace(/[^A-Z0-9]/g, ''));
    where = or(ilike(clientes.dni, pattern), sql`replace(${clientes.dni}, '-', '') ILIKE ${compact}`, ilike(clientes.name, pattern));
  }
  const exactFirst = q.dni ? sql`(${clientes.dni} = ${q.dni}) DESC` : sql`1`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(clienteColumns(q.today))
      .from(clientes)
      .where(where)
      .orderBy(exactFirst, asc(clientes.name), asc(clientes.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(clientes).where(where),
  ]);
  return { rows, total };
}

export async function findCliente(db: Db, id: number, today: string): Promise<ClienteConCredito | undefined> {
  const [row] = await db.select(clienteColumns(today)).from(clientes).where(eq(clientes.id, id)).limit(1);
  return row;
}

export async function findClienteByDni(db: Db, dni: string) {
  const [row] = await db.select({ id: clientes.id, name: clientes.name }).from(clientes).where(eq(clientes.dni, dni)).limit(1);
  return row;
}

export async function updateCredit(db: Db, id: number, creditLimit: string, creditDays: number): Promise<boolean> {
  const rows = await db.update(clientes).set({ creditLimit, creditDays }).where(eq(clientes.id, id)).returning({ id: clientes.id });
  return rows.length > 0;
}

/** The customer's debt on notas and whether one is overdue; read under the customer's row lock. */
export async function creditStatus(tx: Db, clienteId: number, today: string) {
  const [row] = await tx
    .select({ owed: owedSql, overdue: overdueSql(today) })
    .from(clientes)
    .where(eq(clientes.id, clienteId));
  return { owed: row?.owed ?? '0', overdue: row?.overdue ?? false };
}

// ── credit authorizations ───────────────────────────────────────────────────

/** An unused, unexpired authorization of the customer covering a sale of `total`, the smallest first. */
export async function findUsableAuthorization(tx: Db, clienteId: number, total: string, now: Date) {
  const [row] = await tx
    .select({ id: autorizacionesCredito.id, authorizedBy: autorizacionesCredito.authorizedBy })
    .from(autorizacionesCredito)
    .where(
      and(
        eq(autorizacionesCredito.clienteId, clienteId),
        isNull(autorizacionesCredito.ventaId),
        gt(autorizacionesCredito.expiresAt, now),
        sql`${autorizacionesCredito.maxAmount} >= ${total}::numeric`,
      ),
    )
    .orderBy(asc(autorizacionesCredito.maxAmount), asc(autorizacionesCredito.id))
    .limit(1)
    .for('update');
  return row;
}

/** Marks the authorization used by the sale; false when another sale took it first. */
export async function consumeAuthorization(tx: Db, id: number, ventaId: number): Promise<boolean> {
  const rows = await tx
    .update(autorizacionesCredito)
    .set({ ventaId })
    .where(and(eq(autorizacionesCredito.id, id), isNull(autorizacionesCredito.ventaId)))
    .returning({ id: autorizacionesCredito.id });
  return rows.length > 0;
}

export async function insertAuthorization(
  db: Db,
  values: { clienteId: number; maxAmount: string; note: string; authorizedBy: number; createdAt: Date; expiresAt: Date },
) {
  const [row] = await db.insert(autorizacionesCredito).values(values).returning();
  return row;
}

export async function findNickname(db: Db, userId: number | null) {
  if (userId === null) return null;
  const [row] = await db.select({ id: usuarios.id, nickname: usuarios.nickname }).from(usuarios).where(eq(usuarios.id, userId)).limit(1);
  return row ?? null;
}

// ── salesmen and stores ─────────────────────────────────────────────────────

export async function findVendedores(db: Db, search: string | undefined, limit: number) {
  const pattern = search ? containsPattern(search) : null;
  return db
    .select({ id: vendedores.id, code: vendedores.code, name: vendedores.name, userId: vendedores.userId })
    .from(vendedores)
    .where(and(eq(vendedores.active, true), pattern ? or(ilike(vendedores.code, pattern), ilike(vendedores.name, pattern)) : undefined))
    .orderBy(asc(vendedores.code))
    .limit(limit);
}

export async function findVendedor(db: Db, id: number) {
  const [row] = await db
    .select({ id: vendedores.id, code: vendedores.code, name: vendedores.name, active: vendedores.active })
    .from(vendedores)
    .where(eq(vendedores.id, id))
    .limit(1);
  return row;
}

/** The active salesman linked to the user, if any. */
export async function findOwnVendedorId(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: vendedores.id })
    .from(vendedores)
    .where(and(eq(vendedores.userId, userId), eq(vendedores.active, true)))
    .limit(1);
  return row?.id ?? null;
}

export async function findActiveStores(db: Db) {
  return db
    .select({ id: tiendas.id, code: tiendas.code, name: tiendas.name, kind: tiendas.kind, sellsWeb: tiendas.sellsWeb })
    .from(tiendas)
    .where(eq(tiendas.active, true))
    .orderBy(asc(tiendas.name), asc(tiendas.id));
}

export async function findStore(db: Db, id: number) {
  const [row] = await db
    .select({ id: tiendas.id, code: tiendas.code, name: tiendas.name, active: tiendas.active })
    .from(tiendas)
    .where(eq(tiendas.id, id))
    .limit(1);
  return row;
}

// ── documents ───────────────────────────────────────────────────────────────

export async function findByIdempotencyKey(db: Db, key: string) {
  const [row] = await db.select().from(ventas).where(eq(ventas.idempotencyKey, key)).limit(1);
  return row;
}

export async function findByOrderId(db: Db, orderId: number) {
  const [row] = await db.select().from(ventas).where(eq(ventas.orderId, orderId)).limit(1);
  return row;
}

/** A document with what its view names: customer, salesman, store, lines and payments. */
export async function findDocumentParts(db: Db, venta: typeof ventas.$inferSelect) {
  const [[cliente], [vendedor], [tienda], lines, payments, [order]] = await Promise.all([
    db.select({ id: clientes.id, dni: clientes.dni, name: clientes.name }).from(clientes).where(eq(clientes.id, venta.clienteId)),
    venta.vendedorId === null
      ? Promise.resolve([])
      : db
          .select({ id: vendedores.id, code: vendedores.code, name: vendedores.name })
          .from(vendedores)
          .where(eq(vendedores.id, venta.vendedorId)),
    db.select({ id: tiendas.id, code: tiendas.code, name: tiendas.name }).from(tiendas).where(eq(tiendas.id, venta.tiendaId)),
    db
      .select({
        articleCode: ventaLineas.articleCode,
        name: ventaLineas.name,
        tiendaId: ventaLineas.tiendaId,
        quantity: ventaLineas.quantity,
        price: ventaLineas.price,
        promotion: ventaLineas.promotion,
        discount: ventaLineas.discount,
        net: ventaLineas.net,
      })
      .from(ventaLineas)
      .where(eq(ventaLineas.ventaId, venta.id))
      .orderBy(asc(ventaLineas.id)),
    db
      .select({
        method: ventaPagos.method,
        currency: ventaPagos.currency,
        amount: ventaPagos.amount,
        change: ventaPagos.change,
        amountUsd: ventaPagos.amountUsd,
        igtf: ventaPagos.igtf,
        reference: ventaPagos.reference,
        bankCode: ventaPagos.bankCode,
      })
      .from(ventaPagos)
      .where(eq(ventaPagos.ventaId, venta.id))
      .orderBy(asc(ventaPagos.id)),
    venta.orderId === null
      ? Promise.resolve([])
      : db.select({ code: ordenesCompra.code }).from(ordenesCompra).where(eq(ordenesCompra.id, venta.orderId)),
  ]);
  return { cliente, vendedor: vendedor ?? null, tienda, lines, payments, orderCode: order?.code ?? null };
}

/** Serialises the requests of one Idempotency-Key until the first one commits. */
export async function lockIdempotencyKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`vitrina:venta:${key}`}))`);
}

/** The nota's new balance after a payment (figures already checked by domain/abono.ts notaEntrega). */
export async function setNotaBalance(
  tx: Db,
  ventaId: number,
  note: { balancePaid: string; outstandingBalance: string; paymentStatus: string; creditInFavor?: string },
): Promise<void> {
  await tx.update(ventas).set(note).where(eq(ventas.id, ventaId));
}

/** Abonos already approved when written (a web order's payment that staff confirmed). */
export async function insertApprovedAbonos(tx: Db, rows: (typeof abonos.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(abonos).values(rows);
}

/** Locks the document's row until the commit (a payment on a nota reads its balance under it). */
export async function lockDocument(tx: Db, ventaId: number) {
  const [row] = await tx.select().from(ventas).where(eq(ventas.id, ventaId)).for('update');
  return row;
}

/** A refund booked once per provider reference; false when it already was. */
export async function insertRefund(tx: Db, row: typeof ventaReembolsos.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(ventaReembolsos)
    .values(row)
    .onConflictDoNothing({ target: [ventaReembolsos.method, ventaReembolsos.reference] })
    .returning({ id: ventaReembolsos.id });
  return inserted.length > 0;
}

export async function setRefundEffect(
  tx: Db,
  ventaId: number,
  effect: { balancePaid: string; creditInFavor: string; discount: string },
): Promise<void> {
  await tx.update(ventas).set(effect).where(eq(ventas.id, ventaId));
}

/** Each approved payment of an order becomes its anticipo once (the order's payment id is unique). */
export async function insertAnticipos(tx: Db, rows: (typeof ventaAnticipos.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(ventaAnticipos).values(rows).onConflictDoNothing({ target: ventaAnticipos.ordenPagoId });
}

/**
 * The order's open anticipos go to its factura: they leave the list of anticipos, and the factura's
 * payment with the same method and reference takes the day the anticipo was received.
 */
export async function applyAnticipos(tx: Db, orderId: number, ventaId: number): Promise<void> {
  const applied = await tx
    .update(ventaAnticipos)
    .set({ ventaId })
    .where(and(eq(ventaAnticipos.orderId, orderId), isNull(ventaAnticipos.ventaId)))
    .returning({ id: ventaAnticipos.id });
  if (applied.length === 0) return;
  await tx.execute(sql`UPDATE ${ventaPagos} p SET created_at = a.created_at
                         FROM ${ventaAnticipos} a
                        WHERE a.venta_id = ${ventaId} AND p.venta_id = ${ventaId} AND p.method = a.method AND p.reference = a.reference`);
}
