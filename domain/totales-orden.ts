// The totals of a placed order as rows a person adds up going down: the articles at their price
// (promotions included), each discount taken off, the subtotal they leave (the base of the IVA), the
// IVA, shipping, the payment method's commission and the IGTF of a payment in divisas, and the total. Every page that shows an
// order's totals (confirmation, public order page, the customer's purchases) lists these rows.
import { addCents, multiplyCents, subtractCents, toCents, vesOfRows } from './money.ts';

export type OrderTotalsInput = {
  subtotal: string;
  iva: string;
  shippingCost: string;
  commission: string;
  /** The IGTF of an order paid in divisas (docs/dominio.md §IGTF), with its rate in basis points. */
  igtf?: string;
  igtfBasisPoints?: number;
  discount: string;
  couponCode: string | null;
  couponDiscount: string;
  paymentDiscount: string;
  paymentDiscountName: string;
  total: string;
};

export type DiscountRow = { label: string; usd: string; testId: string };

/** The discount rows an order shows, each with its label; empty when it had none. */
export function discountRows(order: OrderTotalsInput): DiscountRow[] {
  const rows: DiscountRow[] = [];
  if (toCents(order.discount) > 0) rows.push({ label: 'Descuentos de los artículos', usd: order.discount, testId: 'descuento-lineas' });
  if (order.couponCode && toCents(order.couponDiscount) > 0) {
    rows.push({ label: `Cupón ${order.couponCode}`, usd: order.couponDiscount, testId: 'descuento-cupon' });
  }
  if (toCents(order.paymentDiscount) > 0) {
    const name = order.paymentDiscountName ? ` (${order.paymentDiscountName})` : '';
    rows.push({ label: `Descuento por el método de pago${name}`, usd: order.paymentDiscount, testId: 'descuento-pago' });
  }
  return rows;
}

/** The articles before the order's discounts: the subtotal (already net of them) plus each one. */
export function articlesBeforeDiscounts(order: OrderTotalsInput): number {
  return addCents(toCents(order.subtotal), ...discountRows(order).map((row) => toCents(row.usd)));
}

/**
 * The rows above the shipping line: with discounts, «Artículos» at their price, each discount as a
 * negative row, then «Subtotal» (what is left, the base of the IVA) and the IVA. Without discounts
 * the subtotal is the articles, so it is shown once.
 */
export function rowsBeforeShipping(order: OrderTotalsInput): { label: string; usd: number; negative: boolean; testId: string }[] {
  const discounts = discountRows(order);
  const articles =
    discounts.length > 0 ? [{ label: 'Artículos', usd: articlesBeforeDiscounts(order), negative: false, testId: 'articulos-orden' }] : [];
  return [
    ...articles,
    ...discounts.map((row) => ({ label: row.label, usd: toCents(row.usd), negative: true, testId: row.testId })),
    { label: 'Subtotal', usd: toCents(order.subtotal), negative: false, testId: 'subtotal-orden' },
    { label: 'IVA (16 %)', usd: toCents(order.iva), negative: false, testId: 'iva-orden' },
  ];
}

/** A line as the «Artículos» row counts it: its price after its promotion × units, before the order's discounts. */
export function lineBeforeDiscounts(line: { price: string; promotion: string; quantity: number }): number {
  return multiplyCents(subtractCents(toCents(line.price), toCents(line.promotion)), line.quantity);
}

/**
 * The same rows in Bs. at `rate`, adding up going down as the dollars do (vesOfRows): each row
 * before shipping, then the shipping, the commission and the total (its own conversion).
 */
export function rowsInVes(order: OrderTotalsInput, rate: string) {
  const discounts = discountRows(order).map((row) => -toCents(row.usd));
  const addends = [
    articlesBeforeDiscounts(order),
    ...discounts,
    toCents(order.iva),
    toCents(order.shippingCost),
    toCents(order.commission),
    toCents(order.igtf ?? '0'),
  ];
  const { rows, running } = vesOfRows(addends, rate);
  const n = discounts.length;
  const before = [...(n > 0 ? [rows[0]] : []), ...rows.slice(1, n + 1).map((v) => -v), running[n], rows[n + 1]];
  return { before, shipping: rows[n + 2], commission: rows[n + 3], igtf: rows[n + 4], total: running[n + 4] };
}
