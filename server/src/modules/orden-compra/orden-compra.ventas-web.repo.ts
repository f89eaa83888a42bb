// Queries of the back-office views of web orders: credit sales and the export of confirmed sales.
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { ordenDetalles, ordenesCompra, ordenHistorial, ventasCredito } from '#server/modules/orden-compra/orden-compra.schema.ts';
import { createdBetween, orderTextMatches } from './orden-compra.repo.ts';

const approvedPaid = sql<string>`coalesce((SELECT sum(p.amount) FROM orden_pagos p WHERE p.order_id = ${ordenesCompra.id} AND p.status = 'aprobado'), 0)::numeric(12,2)::text`;

export async function findCreditSales(db: Db, q: { search?: string }, limit: number, offset: number) {
  const conditions: (SQL | undefined)[] = [ne(ordenesCompra.step, 'anulada')];
  if (q.search) conditions.push(orderTextMatches(q.search, { email: false }));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        code: ordenesCompra.code,
        step: ordenesCompra.step,
        buyer: sql<string>`${ordenesCompra.buyer}->>'fullName'`,
        dni: sql<string>`${ordenesCompra.buyer}->>'dni'`,
        email: sql<string>`${ordenesCompra.buyer}->>'email'`,
        total: ordenesCompra.total,
        rate: ordenesCompra.rate,
        paid: approvedPaid,
        createdAt: ordenesCompra.createdAt,
        approvedAt: ventasCredito.approvedAt,
        approvedBy: usuarios.nickname,
        note: ventasCredito.note,
      })
      .from(ventasCredito)
      .innerJoin(ordenesCompra, eq(ordenesCompra.id, ventasCredito.orderId))
      .leftJoin(usuarios, eq(usuarios.id, ventasCredito.approvedBy))
      .where(where)
      .orderBy(desc(ventasCredito.approvedAt), desc(ordenesCompra.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(ventasCredito).innerJoin(ordenesCompra, eq(ordenesCompra.id, ventasCredito.orderId)).where(where),
  ]);
  return { rows, total };
}

export async function isCreditSale(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: ventasCredito.orderId }).from(ventasCredito).where(eq(ventasCredito.orderId, orderId)).limit(1);
  return Boolean(row);
}

/** Records the credit approval; the order no longer expires unpaid. Run inside the order's lock. */
export async function insertCreditSale(db: Db, values: { orderId: number; approvedBy: number; note: string; step: string; now: Date }) {
  await db
    .insert(ventasCredito)
    .values({ orderId: values.orderId, approvedBy: values.approvedBy, note: values.note, approvedAt: values.now });
  await db.update(ordenesCompra).set({ expiresAt: null, updatedAt: values.now }).where(eq(ordenesCompra.id, values.orderId));
  await db.insert(ordenHistorial).values({
    orderId: values.orderId,
    fromStep: values.step,
    toStep: values.step,
    userId: values.approvedBy,
    note: values.note ? `Venta a crédito aprobada: ${values.note}` : 'Venta a crédito aprobada',
    at: values.now,
  });
}

/** One row per order line of the orders in the given steps, oldest order first. */
export async function findSaleLines(db: Db, q: { steps: readonly string[]; from?: string; to?: string }, limit: number) {
  return db
    .select({
      code: ordenesCompra.code,
      createdAt: ordenesCompra.createdAt,
      dni: sql<string>`${ordenesCompra.buyer}->>'dni'`,
      buyer: sql<string>`${ordenesCompra.buyer}->>'fullName'`,
      rate: ordenesCompra.rate,
      articleCode: ordenDetalles.articleCode,
      quantity: ordenDetalles.quantity,
      price: ordenDetalles.price,
      promotion: ordenDetalles.promotion,
      discount: ordenDetalles.discount,
      couponDiscount: ordenDetalles.couponDiscount,
      paymentDiscount: ordenDetalles.paymentDiscount,
      net: ordenDetalles.net,
      orderIva: ordenesCompra.iva,
      commission: ordenesCompra.commission,
      shipping: ordenesCompra.shipping,
    })
    .from(ordenDetalles)
    .innerJoin(ordenesCompra, eq(ordenesCompra.id, ordenDetalles.orderId))
    .where(and(inArray(ordenesCompra.step, [...q.steps]), ...createdBetween(q.from, q.to)))
    .orderBy(asc(ordenesCompra.createdAt), asc(ordenesCompra.id), asc(ordenDetalles.id))
    .limit(limit);
}
