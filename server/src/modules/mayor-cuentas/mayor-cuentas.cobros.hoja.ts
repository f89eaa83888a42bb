// The receivables lists as files (#server/http/hoja.ts writes them, as it does the sales reports):
// the documents of a type or one row per customer with what they owe by age, and a totals row.
import type { Readable } from 'node:stream';
import { PAYMENT_STATUS_LABELS } from '#domain/abono.ts';
import type { AgingAmounts, Receivable, ReceivableClient, ReceivableTotals } from '#domain/contracts/mayor-cuentas.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, SALE_KIND_LABELS } from '#domain/ventas.ts';
import { type SheetColumn, type SheetFormat, type SheetValue, writeSheet } from '#server/http/hoja.ts';

const TOTALS_LABEL = 'Totales';
const documentos = (n: number) => `${n} ${n === 1 ? 'documento' : 'documentos'}`;

export const RECEIVABLE_COLUMNS: SheetColumn[] = [
  { header: 'Número', kind: 'text', width: 16 },
  { header: 'Tipo', kind: 'text', width: 16 },
  { header: 'Fecha', kind: 'date', width: 12 },
  { header: 'Vence', kind: 'date', width: 12 },
  { header: 'Días vencida', kind: 'units', width: 12 },
  { header: 'Antigüedad', kind: 'text', width: 14 },
  { header: 'Tienda', kind: 'text', width: 22 },
  { header: 'Vendedor', kind: 'text', width: 20 },
  { header: 'Cliente', kind: 'text', width: 28 },
  { header: 'Cédula/RIF', kind: 'text', width: 14 },
  { header: 'Teléfono', kind: 'text', width: 14 },
  { header: 'Estado de pago', kind: 'text', width: 14 },
  { header: 'Tasa del documento', kind: 'rate', width: 12 },
  { header: 'Total $', kind: 'amount', width: 14 },
  { header: 'Descuento $', kind: 'amount', width: 14 },
  { header: 'Abonado $', kind: 'amount', width: 14 },
  { header: 'Saldo $', kind: 'amount', width: 14 },
  { header: 'A favor $', kind: 'amount', width: 14 },
  { header: 'Total Bs. (tasa del documento)', kind: 'amount', width: 16 },
  { header: 'Saldo Bs. (tasa de hoy)', kind: 'amount', width: 16 },
  { header: 'Tasa de hoy', kind: 'rate', width: 12 },
];

/** What is owed is owed in dollars: its Bs. is at `todayRate`, printed on every row; a document's total in Bs. is at its own rate. */
export function receivablesSheet(format: SheetFormat, rows: Receivable[], totals: ReceivableTotals, todayRate: string): Readable {
  const values: SheetValue[][] = rows.map((r) => {
    const owes = r.kind === 'nota-entrega' && Number(r.outstandingBalance) > 0;
    return [
      r.number,
      SALE_KIND_LABELS[r.kind],
      caracasIsoDate(r.createdAt),
      r.dueDate,
      owes ? r.daysOverdue : null,
      owes ? AGING_BUCKET_LABELS[r.aging] : null,
      r.store.name,
      r.seller ?? '',
      r.client.name,
      r.client.dni,
      r.client.phone,
      PAYMENT_STATUS_LABELS[r.paymentStatus],
      r.rate,
      r.total,
      r.discount,
      r.balancePaid,
      r.outstandingBalance,
      r.creditInFavor,
      r.totalVes,
      r.outstandingBalanceVes,
      todayRate,
    ];
  });
  values.push([
    TOTALS_LABEL,
    documentos(totals.documents),
    ...Array<null>(11).fill(null),
    totals.totalAmount,
    totals.discount,
    totals.balancePaid,
    totals.outstandingBalance,
    totals.creditInFavor,
    totals.totalAmountVes,
    totals.outstandingBalanceVes,
    todayRate,
  ]);
  return writeSheet(format, 'Cuentas por cobrar', RECEIVABLE_COLUMNS, values);
}

export const CLIENT_COLUMNS: SheetColumn[] = [
  { header: 'Cliente', kind: 'text', width: 28 },
  { header: 'Cédula/RIF', kind: 'text', width: 14 },
  { header: 'Teléfono', kind: 'text', width: 14 },
  { header: 'Notas', kind: 'units', width: 8 },
  ...AGING_BUCKETS.map((b): SheetColumn => ({ header: `${AGING_BUCKET_LABELS[b]} $`, kind: 'amount', width: 14 })),
  { header: 'Total $', kind: 'amount', width: 14 },
  { header: 'Abonado $', kind: 'amount', width: 14 },
  { header: 'Debe $', kind: 'amount', width: 14 },
  { header: 'A favor $', kind: 'amount', width: 14 },
];

export function receivableClientsSheet(
  format: SheetFormat,
  rows: ReceivableClient[],
  totals: ReceivableTotals & { aging: AgingAmounts },
): Readable {
  const values: SheetValue[][] = rows.map((r) => [
    r.client.name,
    r.client.dni,
    r.client.phone,
    r.documents,
    ...AGING_BUCKETS.map((b) => r.aging[b]),
    r.total,
    r.balancePaid,
    r.outstandingBalance,
    r.creditInFavor,
  ]);
  values.push([
    TOTALS_LABEL,
    `${rows.length} ${rows.length === 1 ? 'cliente' : 'clientes'}`,
    null,
    totals.documents,
    ...AGING_BUCKETS.map((b) => totals.aging[b]),
    totals.totalAmount,
    totals.balancePaid,
    totals.outstandingBalance,
    totals.creditInFavor,
  ]);
  return writeSheet(format, 'Por cliente', CLIENT_COLUMNS, values);
}
