// Web orders as sales: credit sales and the export of confirmed sales for the accounting system (Profit).
//
// A web order is "a crédito" when staff approved it as such: an order placed with "pago pendiente"
// (no payment yet) that staff agree the buyer pays later. It then never expires unpaid, and its
// balance is its total minus the payments staff approved (docs/dominio.md §Documentos de venta y sus totales).
import { paymentStatusOf } from '#domain/abono.ts';
import { csvDecimal, csvText, toCsv } from '#domain/csv.ts';
import { formatDate } from '#domain/dates.ts';
import { addCents, allocateCents, fromCents, subtractCents, toCents, usdToVesCents } from '#domain/money.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { PAYMENT_METHODS, type PaymentMethodId } from '#domain/store-constants.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { ventaDeOrdenACredito } from '#server/modules/ventas/ventas.venta.orden.service.ts';
import { ordenParaVenta } from './orden-compra.a-venta.ts';
import { lockByCode } from './orden-compra.repo.ts';
import * as ventasWebRepo from './orden-compra.ventas-web.repo.ts';

export async function ventasACredito(db: Db, search: string | undefined, page: number, perPage: number) {
  const { rows, total } = await ventasWebRepo.findCreditSales(db, { search }, perPage, offsetOf(page, perPage));
  return {
    items: rows.map((r) => {
      const totalCents = toCents(r.total);
      const paidCents = Math.min(toCents(r.paid), totalCents);
      const outstandingCents = subtractCents(totalCents, paidCents);
      return {
        code: r.code,
        step: r.step,
        buyer: r.buyer,
        dni: r.dni,
        email: r.email,
        total: r.total,
        rate: r.rate,
        balancePaid: fromCents(paidCents),
        outstandingBalance: fromCents(outstandingCents),
        paymentStatus: paymentStatusOf(outstandingCents, paidCents),
        createdAt: r.createdAt.toISOString(),
        approvedAt: r.approvedAt.toISOString(),
        approvedBy: r.approvedBy,
        note: r.note,
      };
    }),
    meta: metaFor(page, perPage, total),
  };
}

/** Staff approve a pending, unpaid order ("pago pendiente") as a credit sale. */
export async function aprobarCredito(db: Db, code: string, user: SessionUser, note: string) {
  return db.transaction(async (tx) => {
    const order = await lockByCode(tx, code);
    if (!order) throw new NoEncontrado('La orden de compra no existe.');
    if (await ventasWebRepo.isCreditSale(tx, order.id)) throw new ReglaNegocio(`La orden ${code} ya es una venta a crédito.`);
    if (order.step === 'pendiente' && order.paymentMethod !== 'pago-pendiente') {
      const method = PAYMENT_METHODS[order.paymentMethod as PaymentMethodId]?.label ?? order.paymentMethod;
      throw new ReglaNegocio(`Solo una orden con pago pendiente puede venderse a crédito; la orden ${code} se registró con «${method}».`);
    }
    if (order.step !== 'pendiente') {
      throw new ReglaNegocio(
        `Solo una orden «Pendiente» con pago pendiente puede venderse a crédito; la orden ${code} está en «${ORDER_STEP_LABELS[order.step as OrderStep] ?? order.step}».`,
      );
    }
    await ventasWebRepo.insertCreditSale(tx, { orderId: order.id, approvedBy: user.id, note, step: order.step, now: new Date() });
    // The credit sale's nota de entrega, owing the whole total, in the same transaction.
    await ventaDeOrdenACredito(tx, await ordenParaVenta(tx, order), user.id);
    return { code, step: order.step, credit: true };
  });
}

export const CONFIRMED_STEPS = ['pago-confirmado', 'inventario-confirmado', 'despachada', 'entregada'] as const;
const EXPORT_MAX_LINES = 100_000;
/** The article code of the card-commission row, for the ERP to map to a service item. */
export const COMMISSION_ROW = 'COMISION-PAGO';
/** The article code of the shipping row (decision 0027), a service item like the commission. */
export const SHIPPING_ROW = 'ENVIO';

const CSV_HEADER = [
  'Orden',
  'Fecha',
  'Cédula',
  'Nombre',
  'Artículo',
  'Cantidad',
  'Precio unitario',
  'Descuento',
  'Neto',
  'IVA',
  'Total',
  'Tasa',
  'Total Bs.',
];

/**
 * Confirmed web sales (payment confirmed or later, never cancelled) between two Caracas days,
 * one row per order line. Amounts in USD unless marked Bs.; the unit price is after promotion and
 * Descuento is the line's discount, coupon and payment discount together, so
 * Neto = Precio unitario × Cantidad − Descuento. The order's IVA (taken on its subtotal) is shared among
 * its lines, so each order's rows add up to what was charged; the shipping and a card commission are
 * one more row each.
 */
export async function exportarVentasWeb(db: Db, range: { from?: string; to?: string }): Promise<string> {
  const lines = await ventasWebRepo.findSaleLines(db, { steps: CONFIRMED_STEPS, ...range }, EXPORT_MAX_LINES + 1);
  if (lines.length > EXPORT_MAX_LINES) {
    throw new ReglaNegocio('El rango tiene demasiadas ventas para un solo archivo; acorte las fechas.');
  }
  const byOrder = new Map<string, typeof lines>();
  for (const line of lines) byOrder.set(line.code, [...(byOrder.get(line.code) ?? []), line]);
  const rows: string[][] = [];
  for (const orderLines of byOrder.values()) {
    const first = orderLines[0];
    const nets = orderLines.map((l) => toCents(l.net));
    const ivas = allocateCents(toCents(first.orderIva), nets);
    const row = (articleCode: string, quantity: number, unitCents: number, discountCents: number, netCents: number, ivaCents: number) => {
      const totalCents = addCents(netCents, ivaCents);
      return [
        first.code,
        formatDate(first.createdAt),
        csvText(first.dni ?? ''),
        csvText(first.buyer ?? ''),
        articleCode,
        String(quantity),
        csvDecimal(fromCents(unitCents)),
        csvDecimal(fromCents(discountCents)),
        csvDecimal(fromCents(netCents)),
        csvDecimal(fromCents(ivaCents)),
        csvDecimal(fromCents(totalCents)),
        csvDecimal(first.rate),
        csvDecimal(fromCents(usdToVesCents(totalCents, first.rate))),
      ];
    };
    orderLines.forEach((l, i) => {
      const discount = addCents(toCents(l.discount), toCents(l.couponDiscount), toCents(l.paymentDiscount));
      rows.push(row(l.articleCode, l.quantity, subtractCents(toCents(l.price), toCents(l.promotion)), discount, nets[i], ivas[i]));
    });
    const shipping = toCents(first.shipping);
    if (shipping > 0) rows.push(row(SHIPPING_ROW, 1, shipping, 0, shipping, 0));
    const commission = toCents(first.commission);
    if (commission > 0) rows.push(row(COMMISSION_ROW, 1, commission, 0, commission, 0));
  }
  return toCsv([CSV_HEADER, ...rows]);
}
