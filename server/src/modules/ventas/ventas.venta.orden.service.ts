// A web order becomes a sale document in the transaction of its step (docs/decisions/0014): a
// factura when its payment is confirmed, a nota de entrega when staff approve it on credit, and an
// approved abono on that nota when the credit order's payment is confirmed later. The order module
// hands its own figures over (OrdenParaVenta), so this module never reads the order's tables. No
// stock moves here: a web order takes its units at dispatch.
import { notaEntrega } from '#domain/abono.ts';
import { igtfOfOrder } from '#domain/checkout.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { addCents, allocateCents, fromCents, multiplyCents, subtractCents, toCents, vesToUsdCents } from '#domain/money.ts';
import { igtfDePagoDeOrden, type Liquidacion, usdWorthOf, type VueltoDePago } from '#domain/pago-orden.ts';
import { efectoDeReembolso } from '#domain/reembolso.ts';
import { PAYMENT_METHODS, type PaymentMethodId } from '#domain/store-constants.ts';
import { dueDateOf } from '#domain/venta-mostrador.ts';
import type { SaleTotals } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import type { EmisionFiscal } from '#server/modules/imprenta/imprenta.service.ts';
import {
  type DocumentLine,
  type DocumentPayment,
  type DocumentRow,
  findOrCreateCliente,
  insertDocument,
  type NewDocument,
} from './ventas.documentos.repo.ts';
import { solicitarNumeroDeControl } from './ventas.fiscal.ts';
import * as repo from './ventas.venta.repo.ts';

/** What a web order brings to its sale: its buyer, figures as charged, lines and approved payments. */
export type OrdenParaVenta = {
  id: number;
  code: string;
  userId: number | null;
  salesmanId: number | null;
  buyer: { fullName: string; email: string; phone: string; dni: string; state: string; city: string; address: string };
  rate: string;
  subtotal: string;
  iva: string;
  /** Shipping the order charged (decision 0027): the document's envío, a charge of its own. */
  shipping: string;
  commission: string;
  /** The IGTF the order charged for paying in divisas (domain/igtf.ts), and its rate (0: none). */
  igtf: string;
  igtfBasisPoints: number;
  total: string;
  lines: {
    articleCode: string;
    name: string;
    tiendaId: number;
    quantity: number;
    price: string;
    promotion: string;
    discount: string;
    couponDiscount: string;
    paymentDiscount: string;
    net: string;
  }[];
  /** Payments staff approved, in their method's currency (id: the order's payment). */
  payments: { id: number; method: string; amount: string; reference: string; bankCode: string; paidOn: string }[];
};

function currencyOf(method: string): 'USD' | 'VES' {
  return PAYMENT_METHODS[method as PaymentMethodId]?.currency ?? 'USD';
}

/** Each payment in USD at the order's rate (what it is worth on the document). */
function usdOf(order: OrdenParaVenta, payment: { method: string; amount: string }): number {
  return usdWorthOf(payment, order.rate);
}

/**
 * How the order's approved payments settle it (domain/pago-orden.ts): what they count on the
 * document, what is written off (with its note) and what stays as the customer's credit.
 */
export type Liquidado = {
  liquidacion: Liquidacion;
  writeOffNote: string;
  /** An excess given back as change (vuelto) instead of kept as the customer's credit. */
  vuelto?: VueltoDePago | null;
};

/** The order's lines with their discount, coupon and payment discount together as the line's discount. */
function documentLines(order: OrdenParaVenta): DocumentLine[] {
  return order.lines.map((l) => ({
    articleCode: l.articleCode,
    name: l.name,
    tiendaId: l.tiendaId,
    quantity: l.quantity,
    priceCents: toCents(l.price),
    promotionCents: toCents(l.promotion),
    discountCents: addCents(toCents(l.discount), toCents(l.couponDiscount), toCents(l.paymentDiscount)),
    netCents: toCents(l.net),
  }));
}

/** The order's own figures: its base, IVA, shipping, commission and IGTF as charged. */
function totalsOf(order: OrdenParaVenta, lines: DocumentLine[]): SaleTotals {
  const subtotalCents = addCents(0, ...lines.map((l) => multiplyCents(l.priceCents - l.promotionCents, l.quantity)));
  const baseImponibleCents = toCents(order.subtotal);
  return {
    subtotalCents,
    descuentoCents: subtractCents(subtotalCents, baseImponibleCents),
    devolucionesCents: 0,
    baseImponibleCents,
    ivaCents: toCents(order.iva),
    igtfCents: toCents(order.igtf),
    comisionCents: toCents(order.commission),
    envioCents: toCents(order.shipping),
    totalCents: toCents(order.total),
  };
}

/** The approved payments sharing `paidCents` in proportion to what each was worth (the parts add up exactly). */
function sharedPayments(order: OrdenParaVenta, paidCents: number) {
  const worth = order.payments.map((p) => usdOf(order, p));
  if (paidCents <= 0 || worth.every((w) => w <= 0)) return [];
  const shares = allocateCents(paidCents, worth);
  return order.payments
    .map((payment, i) => ({ payment, usdCents: shares[i] }))
    .filter((s) => s.usdCents > 0 && toCents(s.payment.amount) > 0);
}

/** The IGTF rate the order was placed with (domain/checkout.ts igtfOfOrder). */
function igtfRule(order: OrdenParaVenta) {
  return igtfOfOrder({
    total: order.total,
    commission: order.commission,
    igtf: order.igtf,
    igtfBasisPoints: order.igtfBasisPoints,
    rate: order.rate,
  });
}

/** The payments as booked when the excess goes back as change: the last keeps only what stays. */
function paymentsWithChange(order: OrdenParaVenta, v: VueltoDePago): DocumentPayment[] {
  return order.payments.map((p, i) => {
    const payment: DocumentPayment = {
      method: p.method,
      currency: currencyOf(p.method),
      amount: fromCents(toCents(p.amount)),
      amountUsdCents: usdOf(order, p),
      rate: order.rate,
      reference: p.reference,
      bankCode: p.bankCode,
      igtfCents: igtfDePagoDeOrden(p, order.rate, igtfRule(order)),
    };
    return i === v.index
      ? { ...payment, change: fromCents(v.changeCents), amountUsdCents: v.staysUsdCents, igtfCents: v.igtfCents }
      : payment;
  });
}

function documentPayments(order: OrdenParaVenta, paidCents: number): DocumentPayment[] {
  const shares = sharedPayments(order, paidCents);
  // Each payment in divisas carries the IGTF of what it is worth (domain/igtf.ts); bolívares, none.
  return shares.map(({ payment: p, usdCents }) => ({
    method: p.method,
    currency: currencyOf(p.method),
    amount: fromCents(toCents(p.amount)),
    amountUsdCents: usdCents,
    rate: order.rate,
    reference: p.reference,
    bankCode: p.bankCode,
    igtfCents: igtfDePagoDeOrden(p, order.rate, igtfRule(order)),
  }));
}

async function documentFor(
  tx: Db,
  order: OrdenParaVenta,
  kind: 'factura' | 'nota',
  userId: number | null,
  liquidado?: Liquidado,
  fiscal?: EmisionFiscal | null,
): Promise<DocumentRow> {
  const cliente = await findOrCreateCliente(tx, {
    dni: order.buyer.dni,
    name: order.buyer.fullName,
    email: order.buyer.email,
    phone: order.buyer.phone,
    state: order.buyer.state,
    city: order.buyer.city,
    address: order.buyer.address,
    userId: order.userId,
  });
  const lines = documentLines(order);
  const ordered = totalsOf(order, lines);
  // A factura's IGTF is that of the payments it was paid with, each on what it was worth (the
  // order asked for it from one payment with its method); the total follows.
  const l = kind === 'factura' ? liquidado?.liquidacion : undefined;
  const vuelto = l?.kind === 'exceso' ? liquidado?.vuelto : null;
  const booked = vuelto ? paymentsWithChange(order, vuelto) : null;
  const igtfCents = booked
    ? addCents(0, ...booked.map((p) => p.igtfCents))
    : l
      ? addCents(0, ...order.payments.map((p) => igtfDePagoDeOrden(p, order.rate, igtfRule(order))))
      : ordered.igtfCents;
  const totals: SaleTotals = {
    ...ordered,
    igtfCents,
    totalCents: addCents(subtractCents(ordered.totalCents, ordered.igtfCents), igtfCents),
  };
  // Each payment counts at what it was worth (the total only when rounding is all that separates
  // them); a write-off is the document's discount, an excess the customer's credit.
  // With the change given back, what stays pays the document exactly.
  const paidCents = kind === 'factura' ? (l && !booked ? addCents(l.paidCents, igtfCents) : totals.totalCents) : 0;
  const bookedCents = kind === 'factura' ? (l ? addCents(l.bookedCents, igtfCents) : totals.totalCents) : 0;
  const doc: NewDocument = {
    condition: kind === 'factura' ? 'contado' : 'credito',
    source: 'web',
    orderId: order.id,
    clienteId: cliente.id,
    vendedorId: order.salesmanId,
    // The document's store is the store of the order's first line; each line keeps its own.
    tiendaId: lines[0].tiendaId,
    userId,
    rate: order.rate,
    // The rate the order was placed at (documentPayments gives each payment in divisas its part).
    igtfBasisPoints: order.igtfBasisPoints,
    totals,
    paidCents,
    discountCents: kind === 'factura' ? (l?.writtenOffCents ?? 0) : 0,
    creditInFavorCents: kind === 'factura' && !booked ? (l?.excessCents ?? 0) : 0,
    dueDate: kind === 'nota' ? dueDateOf(caracasIsoDate(new Date()), cliente.creditDays) : null,
    note: [`Orden web ${order.code}`, liquidado?.writeOffNote].filter(Boolean).join('. '),
    lines,
    payments: kind === 'factura' ? (booked ?? documentPayments(order, bookedCents)) : [],
    imprenta: kind === 'factura' && Boolean(fiscal),
  };
  const venta = await insertDocument(tx, doc);
  await solicitarNumeroDeControl(tx, fiscal, venta, doc);
  return venta;
}

/**
 * The order's payment was confirmed: its factura, paid (once: an order already sold is left as it
 * is). A credit order already has its nota: the confirmed payment is an approved abono on it.
 */
export async function ventaDeOrdenPagada(
  tx: Db,
  order: OrdenParaVenta,
  userId: number | null,
  liquidado?: Liquidado,
  fiscal?: EmisionFiscal | null,
): Promise<DocumentRow> {
  const existing = await repo.findByOrderId(tx, order.id);
  if (!existing) {
    const factura = await documentFor(tx, order, 'factura', userId, liquidado, fiscal);
    // Its anticipos are now its payments, on the day each was received.
    await repo.applyAnticipos(tx, order.id, factura.id);
    return factura;
  }
  if (existing.kind === 'nota-entrega') await abonarNota(tx, existing.id, order, userId);
  return existing;
}

/** The order was approved on credit: its nota de entrega, with the whole total owed (once). */
export async function ventaDeOrdenACredito(tx: Db, order: OrdenParaVenta, userId: number | null): Promise<DocumentRow> {
  return (await repo.findByOrderId(tx, order.id)) ?? documentFor(tx, order, 'nota', userId);
}

/** The confirmed payments of a credit order, as approved abonos, up to what the nota still owes. */
async function abonarNota(tx: Db, ventaId: number, order: OrdenParaVenta, userId: number | null): Promise<void> {
  const nota = await repo.lockDocument(tx, ventaId);
  if (!nota) return;
  // The IVA the customer retained is no longer owed (docs/dominio.md §Libros fiscales).
  const current = notaEntrega({
    totalCents: toCents(nota.total) - toCents(nota.ivaRetenido),
    discountCents: toCents(nota.discount),
    balancePaidCents: toCents(nota.balancePaid),
  });
  const worth = addCents(0, ...order.payments.map((p) => usdOf(order, p)));
  const paid = Math.min(worth, current.outstandingBalanceCents);
  if (worth <= 0) return;
  // Received beyond what the nota owes is the customer's credit, never absorbed (issue 22).
  const excess = subtractCents(worth, paid);
  const next = notaEntrega({ ...current, balancePaidCents: addCents(current.balancePaidCents, paid) });
  const now = new Date();
  await repo.insertApprovedAbonos(
    tx,
    sharedPayments(order, worth).map(({ payment: p, usdCents }) => ({
      ventaId,
      step: 'aprobado',
      method: p.method,
      currency: currencyOf(p.method),
      amount: fromCents(toCents(p.amount)),
      total: fromCents(usdCents),
      rate: order.rate,
      reference: p.reference,
      bankCode: p.bankCode,
      paidOn: /^\d{4}-\d{2}-\d{2}$/.test(p.paidOn) ? p.paidOn : null,
      note: `Pago confirmado de la orden ${order.code}`,
      registeredBy: userId,
      updatedBy: userId,
      updatedAt: now,
      createdAt: now,
    })),
  );
  await repo.setNotaBalance(tx, ventaId, {
    balancePaid: fromCents(next.balancePaidCents),
    outstandingBalance: fromCents(next.outstandingBalanceCents),
    paymentStatus: next.paymentStatus,
    ...(excess > 0 ? { creditInFavor: fromCents(addCents(toCents(nota.creditInFavor), excess)) } : {}),
  });
}

/**
 * Money refunded to the buyer of a web order (its online payment), booked on its sale once per
 * provider reference: it pays the customer's credit first, the rest lowers what was paid and raises
 * the discount (domain/reembolso.ts). An order that never became a sale has nothing to book.
 */
export async function reembolsoDeOrden(
  tx: Db,
  input: {
    orderId: number;
    method: string;
    currency: 'USD' | 'VES';
    amount: string;
    reference: string;
    note: string;
    userId: number | null;
  },
): Promise<void> {
  const found = await repo.findByOrderId(tx, input.orderId);
  if (!found) return;
  const doc = await repo.lockDocument(tx, found.id);
  if (!doc || doc.voidedAt) return;
  const amountCents = toCents(input.amount);
  const usdCents = input.currency === 'VES' ? vesToUsdCents(amountCents, doc.rate) : amountCents;
  const effect = efectoDeReembolso(usdCents, {
    paidCents: toCents(doc.balancePaid),
    creditCents: toCents(doc.creditInFavor),
    discountCents: toCents(doc.discount),
  });
  if (!effect.ok) throw new Error(`reembolso de la orden ${input.orderId}: ${effect.motivo}`);
  const booked = await repo.insertRefund(tx, {
    ventaId: doc.id,
    method: input.method,
    currency: input.currency,
    amount: fromCents(amountCents),
    amountUsd: fromCents(usdCents),
    fromCredit: fromCents(effect.fromCreditCents),
    reference: input.reference,
    note: input.note.slice(0, 300),
    userId: input.userId,
  });
  if (!booked) return;
  await repo.setRefundEffect(tx, doc.id, {
    balancePaid: fromCents(effect.paidCents),
    creditInFavor: fromCents(effect.creditCents),
    discount: fromCents(effect.discountCents),
  });
}

/**
 * The approved payments of a web order that is not a sale yet (a short payment waiting for the rest)
 * are money received: each becomes an anticipo once, listed in «Pagos recibidos» from now on.
 */
export async function anticiposDeOrden(tx: Db, order: OrdenParaVenta): Promise<void> {
  if (order.payments.length === 0 || order.lines.length === 0) return;
  await repo.insertAnticipos(
    tx,
    order.payments.map((p) => ({
      orderId: order.id,
      ordenPagoId: p.id,
      orderCode: order.code,
      tiendaId: order.lines[0].tiendaId,
      clienteName: order.buyer.fullName.slice(0, 150),
      method: p.method,
      currency: currencyOf(p.method),
      amount: fromCents(toCents(p.amount)),
      amountUsd: fromCents(usdOf(order, p)),
      rate: order.rate,
      igtf: fromCents(igtfDePagoDeOrden(p, order.rate, igtfRule(order))),
      reference: p.reference,
    })),
  );
}
