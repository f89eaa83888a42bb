// Writing a sales document: its customer (found or created by cédula/RIF), its number from the
// store's series, the document with its lines and payments. Callers take the stock and compute the
// totals (domain/ventas.ts) first, in the same transaction.
import { eq, sql } from 'drizzle-orm';
import { fromCents } from '#domain/money.ts';
import {
  CONTROL_SERIES,
  controlNumber,
  documentNumber,
  kindOf,
  normalizeDni,
  type SaleCondition,
  type SaleSource,
  type SaleTotals,
} from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { clientes, seriesDocumentos, ventaLineas, ventaPagos, ventas } from './ventas.schema.ts';

export type ClienteInput = {
  dni: string;
  name: string;
  email?: string;
  phone?: string;
  state?: string;
  city?: string;
  address?: string;
  userId?: number | null;
};

export type ClienteRow = typeof clientes.$inferSelect;

/**
 * The customer with this cédula/RIF, created on the spot when new. An existing customer keeps its
 * data except what was empty. Safe under concurrency (ON CONFLICT on the unique dni).
 */
export async function findOrCreateCliente(tx: Db, input: ClienteInput): Promise<ClienteRow> {
  const dni = normalizeDni(input.dni);
  const [row] = await tx
    .insert(clientes)
    .values({
      dni,
      name: input.name.trim(),
      email: input.email?.trim().toLowerCase() ?? '',
      phone: input.phone?.trim() ?? '',
      state: input.state ?? '',
      city: input.city ?? '',
      address: input.address ?? '',
      userId: input.userId ?? null,
    })
    .onConflictDoUpdate({
      target: clientes.dni,
      set: {
        email: sql`CASE WHEN ${clientes.email} = '' THEN excluded.email ELSE ${clientes.email} END`,
        phone: sql`CASE WHEN ${clientes.phone} = '' THEN excluded.phone ELSE ${clientes.phone} END`,
        address: sql`CASE WHEN ${clientes.address} = '' THEN excluded.address ELSE ${clientes.address} END`,
        userId: sql`coalesce(${clientes.userId}, excluded.user_id)`,
      },
    })
    .returning();
  if (!row) throw new Error(`No se pudo guardar el cliente ${dni}`);
  return row;
}

/** The next number of the store's series for this kind; the row stays locked until commit. */
export async function nextDocumentNumber(tx: Db, tiendaId: number, condition: SaleCondition): Promise<string> {
  const kind = kindOf(condition);
  const [store] = await tx.select({ code: tiendas.code }).from(tiendas).where(eq(tiendas.id, tiendaId));
  if (!store) throw new Error(`La tienda ${tiendaId} no existe`);
  const [serie] = await tx
    .insert(seriesDocumentos)
    .values({ tiendaId, kind, last: 1 })
    .onConflictDoUpdate({ target: [seriesDocumentos.tiendaId, seriesDocumentos.kind], set: { last: sql`${seriesDocumentos.last} + 1` } })
    .returning({ last: seriesDocumentos.last });
  if (!serie) throw new Error('No se pudo numerar el documento');
  return documentNumber(kind, store.code, serie.last);
}

/** The store's next número de control (one series for both kinds); the row stays locked until commit. */
export async function nextControlNumber(tx: Db, tiendaId: number): Promise<string> {
  const [serie] = await tx
    .insert(seriesDocumentos)
    .values({ tiendaId, kind: CONTROL_SERIES, last: 1 })
    .onConflictDoUpdate({ target: [seriesDocumentos.tiendaId, seriesDocumentos.kind], set: { last: sql`${seriesDocumentos.last} + 1` } })
    .returning({ last: seriesDocumentos.last });
  if (!serie) throw new Error('No se pudo dar el número de control');
  return controlNumber(serie.last);
}

export type DocumentLine = {
  articleCode: string;
  name: string;
  tiendaId: number;
  quantity: number;
  priceCents: number;
  promotionCents: number;
  discountCents: number;
  netCents: number;
};

export type DocumentPayment = {
  method: string;
  currency: 'USD' | 'VES';
  /** In its own currency, as text with 2 decimals ("1234.50"). */
  amount: string;
  /** Cash given back from it (vuelto), in its own currency ("0.00" when none). */
  change?: string;
  amountUsdCents: number;
  rate: string;
  reference?: string;
  bankCode?: string;
  igtfCents: number;
};

export type NewDocument = {
  condition: SaleCondition;
  source: SaleSource;
  orderId?: number | null;
  clienteId: number;
  vendedorId?: number | null;
  tiendaId: number;
  userId: number | null;
  rate: string;
  totals: SaleTotals;
  /** The IGTF rate applied to its payments in foreign currency (300 = 3 %; 0 when not charged). */
  igtfBasisPoints?: number | null;
  /** Paid with the document (contado: all of it; crédito: a down payment, maybe 0). */
  paidCents: number;
  /** Written off on the document (a short web payment staff wrote off): total − discount − paid is owed. */
  discountCents?: number;
  /** Received beyond the total: the customer's credit (saldo a favor). */
  creditInFavorCents?: number;
  dueDate?: string | null;
  authorizedBy?: number | null;
  note?: string;
  /** A counter sale's Idempotency-Key and request hash (a retried request finds the first). */
  idempotencyKey?: string | null;
  requestHash?: string | null;
  createdAt?: Date;
  /** An imprenta digital numbers this factura (ventas.fiscal.ts): no internal control number. */
  imprenta?: boolean;
  lines: DocumentLine[];
  payments: DocumentPayment[];
};

export type DocumentRow = typeof ventas.$inferSelect;

/** Inserts the document, its lines and payments; the database checks keep the balance consistent. */
export async function insertDocument(tx: Db, doc: NewDocument): Promise<DocumentRow> {
  const number = await nextDocumentNumber(tx, doc.tiendaId, doc.condition);
  const control = doc.imprenta && doc.condition === 'contado' ? null : await nextControlNumber(tx, doc.tiendaId);
  const { totals } = doc;
  const discount = doc.discountCents ?? 0;
  const outstanding = totals.totalCents - discount - doc.paidCents;
  const [venta] = await tx
    .insert(ventas)
    .values({
      number,
      controlNumber: control,
      kind: kindOf(doc.condition),
      condition: doc.condition,
      source: doc.source,
      orderId: doc.orderId ?? null,
      clienteId: doc.clienteId,
      vendedorId: doc.vendedorId ?? null,
      tiendaId: doc.tiendaId,
      userId: doc.userId,
      rate: doc.rate,
      subtotal: fromCents(totals.subtotalCents),
      descuento: fromCents(totals.descuentoCents),
      devoluciones: fromCents(totals.devolucionesCents),
      baseImponible: fromCents(totals.baseImponibleCents),
      iva: fromCents(totals.ivaCents),
      igtf: fromCents(totals.igtfCents),
      igtfBasisPoints: doc.igtfBasisPoints ?? null,
      comision: fromCents(totals.comisionCents),
      envio: fromCents(totals.envioCents),
      total: fromCents(totals.totalCents),
      discount: fromCents(discount),
      balancePaid: fromCents(doc.paidCents),
      creditInFavor: fromCents(doc.creditInFavorCents ?? 0),
      outstandingBalance: fromCents(outstanding),
      paymentStatus: outstanding <= 0 ? 'pagada' : doc.paidCents > 0 ? 'abonada' : 'pendiente',
      dueDate: doc.dueDate ?? null,
      authorizedBy: doc.authorizedBy ?? null,
      authorizedAt: doc.authorizedBy ? sql`now()` : null,
      note: doc.note ?? '',
      idempotencyKey: doc.idempotencyKey ?? null,
      requestHash: doc.requestHash ?? null,
      ...(doc.createdAt ? { createdAt: doc.createdAt } : {}),
    })
    .returning();
  if (!venta) throw new Error('No se pudo guardar la venta');
  if (doc.lines.length > 0) {
    await tx.insert(ventaLineas).values(
      doc.lines.map((l) => ({
        ventaId: venta.id,
        articleCode: l.articleCode,
        name: l.name,
        tiendaId: l.tiendaId,
        quantity: l.quantity,
        price: fromCents(l.priceCents),
        promotion: fromCents(l.promotionCents),
        discount: fromCents(l.discountCents),
        net: fromCents(l.netCents),
      })),
    );
  }
  if (doc.payments.length > 0) {
    await tx.insert(ventaPagos).values(
      doc.payments.map((p) => ({
        ventaId: venta.id,
        method: p.method,
        currency: p.currency,
        amount: p.amount,
        change: p.change ?? '0',
        amountUsd: fromCents(p.amountUsdCents),
        rate: p.rate,
        reference: p.reference ?? '',
        bankCode: p.bankCode ?? '',
        igtf: fromCents(p.igtfCents),
        ...(doc.createdAt ? { createdAt: doc.createdAt } : {}),
      })),
    );
  }
  return venta;
}
