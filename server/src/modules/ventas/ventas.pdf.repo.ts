// Queries behind the PDFs of a sales document and of a customer's statement: the document with its
// customer, seller and store, its lines, payments and abonos; a customer's notas de entrega.
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { vendedores } from '#server/modules/auth/auth.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { abonos, clientes, ventaLineas, ventaPagos, ventas } from './ventas.schema.ts';

/** The sale document a web order became (its factura, or its nota de entrega on credit), the newest; null before. */
export async function findDocumentoDeOrden(db: Db, orderId: number): Promise<{ id: number; number: string; kind: string } | null> {
  const [row] = await db
    .select({ id: ventas.id, number: ventas.number, kind: ventas.kind })
    .from(ventas)
    .where(eq(ventas.orderId, orderId))
    .orderBy(desc(ventas.id))
    .limit(1);
  return row ?? null;
}

export async function findDocumento(db: Db, number: string) {
  const [row] = await db
    .select({
      venta: ventas,
      cliente: clientes,
      tienda: tiendas.name,
      tiendaCode: tiendas.code,
      vendedor: vendedores.name,
    })
    .from(ventas)
    .innerJoin(clientes, eq(clientes.id, ventas.clienteId))
    .innerJoin(tiendas, eq(tiendas.id, ventas.tiendaId))
    .leftJoin(vendedores, eq(vendedores.id, ventas.vendedorId))
    .where(eq(ventas.number, number))
    .limit(1);
  return row ?? null;
}

export async function lineasDe(db: Db, ventaId: number) {
  return db
    .select({
      articleCode: ventaLineas.articleCode,
      name: ventaLineas.name,
      quantity: ventaLineas.quantity,
      returnedQuantity: ventaLineas.returnedQuantity,
      price: ventaLineas.price,
      promotion: ventaLineas.promotion,
      discount: ventaLineas.discount,
      net: ventaLineas.net,
    })
    .from(ventaLineas)
    .where(eq(ventaLineas.ventaId, ventaId))
    .orderBy(asc(ventaLineas.id));
}

export async function pagosDe(db: Db, ventaId: number) {
  return db
    .select({
      method: ventaPagos.method,
      currency: ventaPagos.currency,
      amount: ventaPagos.amount,
      reference: ventaPagos.reference,
      amountUsd: ventaPagos.amountUsd,
    })
    .from(ventaPagos)
    .where(eq(ventaPagos.ventaId, ventaId))
    .orderBy(asc(ventaPagos.id));
}

export async function abonosDe(db: Db, ventaId: number) {
  return db
    .select({
      createdAt: abonos.createdAt,
      paidOn: abonos.paidOn,
      method: abonos.method,
      reference: abonos.reference,
      step: abonos.step,
      total: abonos.total,
      igtf: abonos.igtf,
    })
    .from(abonos)
    .where(eq(abonos.ventaId, ventaId))
    .orderBy(asc(abonos.createdAt), asc(abonos.id));
}

/** The web order a sale comes from, or null (a counter sale). */
export async function findOrdenDeVenta(db: Db, ventaId: number): Promise<number | null> {
  const [row] = await db.select({ orderId: ventas.orderId }).from(ventas).where(eq(ventas.id, ventaId));
  return row?.orderId ?? null;
}

export async function findCliente(db: Db, where: { id: number } | { dni: string }) {
  const condition = 'id' in where ? eq(clientes.id, where.id) : eq(clientes.dni, where.dni);
  const [row] = await db.select().from(clientes).where(condition).limit(1);
  return row ?? null;
}

/** The abonos on the customer's notas de entrega, oldest first (at most `limit`). */
export async function abonosDeCliente(db: Db, clienteId: number, limit: number) {
  return db
    .select({
      createdAt: abonos.createdAt,
      paidOn: abonos.paidOn,
      nota: ventas.number,
      method: abonos.method,
      reference: abonos.reference,
      step: abonos.step,
      total: abonos.total,
      igtf: abonos.igtf,
    })
    .from(abonos)
    .innerJoin(ventas, eq(ventas.id, abonos.ventaId))
    .where(eq(ventas.clienteId, clienteId))
    .orderBy(asc(abonos.createdAt), asc(abonos.id))
    .limit(limit);
}

/** The customer's notas de entrega, newest first (at most `limit`). */
export async function notasDe(db: Db, clienteId: number, limit: number) {
  return db
    .select({
      number: ventas.number,
      controlNumber: ventas.controlNumber,
      createdAt: ventas.createdAt,
      dueDate: ventas.dueDate,
      rate: ventas.rate,
      total: ventas.total,
      discount: ventas.discount,
      balancePaid: ventas.balancePaid,
      outstandingBalance: ventas.outstandingBalance,
      paymentStatus: ventas.paymentStatus,
    })
    .from(ventas)
    .where(and(eq(ventas.clienteId, clienteId), eq(ventas.kind, 'nota-entrega'), isNull(ventas.voidedAt)))
    .orderBy(desc(ventas.createdAt), desc(ventas.id))
    .limit(limit);
}
