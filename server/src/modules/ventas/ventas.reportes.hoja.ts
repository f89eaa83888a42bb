// The exports of the sales reports as files: XLSX (exceljs's streaming writer; figures as numbers,
// dates as real dates shown dd/mm/aaaa) or CSV for a spreadsheet set to Spanish (; between fields,
// decimal comma, UTF-8 with BOM). Each list is written with the same rows and a final totals row.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PAYMENT_STATUS_LABELS } from '#domain/abono.ts';
import {
  type PagoFila,
  type ResumenMetodo,
  type SheetFormat,
  TOTAL_FIGURE_LABELS,
  TOTAL_FIGURES,
  type VentaFila,
  type VentasTotales,
} from '#domain/contracts/ventas-reportes.ts';
import { csvDecimal, csvField, csvText, UTF8_BOM } from '#domain/csv.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import { fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { SALE_CONDITION_LABELS, SALE_KIND_LABELS, type SaleCondition, type SaleKind } from '#domain/ventas.ts';

type Kind = 'text' | 'date' | 'amount' | 'rate' | 'units';
type Column = { header: string; kind: Kind; width: number };
/** A cell before it is written: a date is a Caracas day aaaa-mm-dd, an amount a decimal text. */
type Value = string | number | null;

const NUM_FMT: Record<Kind, string> = { text: '@', date: 'dd/mm/yyyy', amount: '#,##0.00', rate: '#,##0.0000', units: '0' };

function xlsxValue(value: Value, kind: Kind): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (kind === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  if (kind === 'amount' || kind === 'rate' || kind === 'units') return Number(value);
  return String(value);
}

function csvValue(value: Value, kind: Kind): string {
  if (value === null) return '';
  if (kind === 'date' && typeof value === 'string') return formatDate(value);
  if (kind === 'amount' || kind === 'rate') return csvDecimal(String(value));
  if (kind === 'units') return String(value);
  return csvText(String(value));
}

function writeXlsx(sheetName: string, columns: Column[], rows: Value[][]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: { numFmt: NUM_FMT[c.kind] } }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const last = rows.length - 1;
  rows.forEach((values, i) => {
    const row = sheet.addRow(values.map((v, j) => xlsxValue(v, columns[j].kind)));
    if (i === last) row.font = { bold: true };
    row.commit();
  });
  sheet.commit();
  workbook.commit().catch((error: Error) => out.destroy(error));
  return out;
}

function writeCsv(columns: Column[], rows: Value[][]): Readable {
  const line = (cells: string[]) => `${cells.map((c) => csvField(c)).join(';')}\r\n`;
  function* lines(): Generator<string> {
    yield UTF8_BOM + line(columns.map((c) => c.header));
    for (const values of rows) yield line(values.map((v, j) => csvValue(v, columns[j].kind)));
  }
  return Readable.from(lines());
}

function write(format: SheetFormat, sheetName: string, columns: Column[], rows: Value[][]): Readable {
  return format === 'xlsx' ? writeXlsx(sheetName, columns, rows) : writeCsv(columns, rows);
}

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
    PAYMENT_STATUS_LABELS[r.paymentStatus] ?? r.paymentStatus,
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

const ORIGIN_LABELS = { venta: 'Venta', abono: 'Abono' } as const;

export function paymentsSheet(format: SheetFormat, rows: PagoFila[], resumen: ResumenMetodo[]): Readable {
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
  return write(format, 'Pagos', PAYMENT_COLUMNS, values);
}
