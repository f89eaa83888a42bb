// The exports of the sales reports as files (#server/http/hoja.ts writes them): each list with the
// same rows as on screen and a final totals row.
import type { Readable } from 'node:stream';
import { PAYMENT_STATUS_LABELS } from '#domain/abono.ts';
import {
  type PagoFila,
  type ResumenDescuentos,
  type ResumenMetodo,
  type SheetFormat,
  TOTAL_FIGURE_LABELS,
  TOTAL_FIGURES,
  type VentaFila,
  type VentasTotales,
} from '#domain/contracts/ventas-reportes.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { SALE_CONDITION_LABELS, SALE_KIND_LABELS, type SaleCondition, type SaleKind } from '#domain/ventas.ts';
import { type SheetColumn as Column, type SheetValue as Value, writeSheet as write } from '#server/http/hoja.ts';

// ── the sales list ──────────────────────────────────────────────────────────

export const SALES_COLUMNS: Column[] = [
  { header: 'Número', kind: 'text', width: 16 },
  { header: 'Tipo', kind: 'text', width: 16 },
  { header: 'Fecha', kind: 'date', width: 12 },
  { header: 'Tienda', kind: 'text', width: 22 },
  { header: 'Vendedor', kind: 'text', width: 20 },
  { header: 'Cliente', kind: 'text', width: 28 },
  { header: 'Cédula/RIF', kind: 'text', width: 14 },
  { header: 'Condición', kind: 'text', width: 10 },
  { header: 'Estado de pago', kind: 'text', width: 14 },
  { header: 'Tasa', kind: 'rate', width: 12 },
  ...TOTAL_FIGURES.map((f): Column => ({ header: `${TOTAL_FIGURE_LABELS[f]} $`, kind: 'amount', width: 14 })),
  ...TOTAL_FIGURES.map((f): Column => ({ header: `${TOTAL_FIGURE_LABELS[f]} Bs.`, kind: 'amount', width: 16 })),
];

export const TOTALS_LABEL = 'Totales';

/** A row of the list as the service gives it (the instant still a Date). */
export type SalesSheetRow = Omit<VentaFila, 'createdAt'> & { createdAt: Date | string };

export function salesSheet(format: SheetFormat, rows: SalesSheetRow[], totals: VentasTotales): Readable {
  const values: Value[][] = rows.map((r) => [
    r.number,
    SALE_KIND_LABELS[r.kind as SaleKind] ?? r.kind,
    caracasIsoDate(r.createdAt),
    r.tienda,
    r.vendedor ?? '',
    r.cliente,
    r.dni,
    SALE_CONDITION_LABELS[r.condition as SaleCondition] ?? r.condition,
    // An anulada keeps its figures on its row; the totals row leaves it out, as /totales does.
    r.anulada ? 'Anulada' : (PAYMENT_STATUS_LABELS[r.paymentStatus] ?? r.paymentStatus),
    r.rate,
    ...TOTAL_FIGURES.map((f) => r[f]),
    ...TOTAL_FIGURES.map((f) => fromCents(usdToVesCents(toCents(r[f]), r.rate))),
  ]);
  values.push([
    TOTALS_LABEL,
    `${totals.documentos} ${totals.documentos === 1 ? 'documento' : 'documentos'}`,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    ...TOTAL_FIGURES.map((f) => totals[`${f}Usd`]),
    ...TOTAL_FIGURES.map((f) => totals[`${f}Ves`]),
  ]);
  return write(format, 'Ventas', SALES_COLUMNS, values);
}

// ── payments received ───────────────────────────────────────────────────────

export const PAYMENT_COLUMNS: Column[] = [
  { header: 'Fecha', kind: 'date', width: 12 },
  { header: 'Origen', kind: 'text', width: 8 },
  { header: 'Documento', kind: 'text', width: 16 },
  { header: 'Tienda', kind: 'text', width: 22 },
  { header: 'Cliente', kind: 'text', width: 28 },
  { header: 'Método', kind: 'text', width: 20 },
  { header: 'Moneda', kind: 'text', width: 8 },
  { header: 'Monto', kind: 'amount', width: 16 },
  { header: 'Tasa', kind: 'rate', width: 12 },
  { header: 'Monto $', kind: 'amount', width: 14 },
  { header: 'IGTF $', kind: 'amount', width: 12 },
  { header: 'Referencia', kind: 'text', width: 18 },
];

const ORIGIN_LABELS = { venta: 'Venta', abono: 'Abono', anticipo: 'Anticipo de orden' } as const;

export function paymentsSheet(
  format: SheetFormat,
  rows: PagoFila[],
  resumen: ResumenMetodo[],
  descuentos: ResumenDescuentos = { cantidad: 0, amountUsd: '0.00' },
  reembolsos: ResumenDescuentos = { cantidad: 0, amountUsd: '0.00' },
): Readable {
  const values: Value[][] = rows.map((r) => [
    caracasIsoDate(r.date),
    ORIGIN_LABELS[r.origen],
    r.number,
    r.tienda,
    r.cliente,
    r.methodLabel,
    r.currency,
    r.amount,
    r.rate,
    r.amountUsd,
    r.igtf,
    r.reference,
  ]);
  const count = resumen.reduce((n, m) => n + m.pagos, 0);
  const sum = (pick: (m: ResumenMetodo) => string) => fromCents(resumen.reduce((c, m) => c + toCents(pick(m)), 0));
  values.push([
    null,
    TOTALS_LABEL,
    `${count} ${count === 1 ? 'pago' : 'pagos'}`,
    null,
    null,
    null,
    null,
    null,
    null,
    sum((m) => m.amountUsd),
    sum((m) => m.igtf),
    null,
  ]);
  // Discounts granted are not money received: a line of their own, outside the total above.
  if (descuentos.cantidad > 0) {
    const label = `${descuentos.cantidad} ${descuentos.cantidad === 1 ? 'descuento' : 'descuentos'} (no son pagos)`;
    values.push([null, 'Descuentos otorgados', label, null, null, null, null, null, null, descuentos.amountUsd, null, null]);
  }
  // Money refunded to buyers went out: its own line, and what stays once it is taken off.
  if (reembolsos.cantidad > 0) {
    const label = `${reembolsos.cantidad} ${reembolsos.cantidad === 1 ? 'reembolso' : 'reembolsos'} al comprador`;
    values.push([null, 'Reembolsos', label, null, null, null, null, null, null, `-${reembolsos.amountUsd}`, null, null]);
    const net = fromCents(toCents(sum((m) => m.amountUsd)) - toCents(reembolsos.amountUsd));
    values.push([null, 'Neto recibido', null, null, null, null, null, null, null, net, null, null]);
  }
  return write(format, 'Pagos', PAYMENT_COLUMNS, values);
}
