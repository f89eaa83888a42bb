// A list exported as a file: XLSX (exceljs's streaming writer; figures as numbers, dates as real
// dates shown dd/mm/aaaa) or CSV for a spreadsheet set to Spanish (; between fields, decimal comma,
// UTF-8 with BOM). The last row is the list's totals and is written in bold.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvDecimal, csvField, csvText, UTF8_BOM } from '#domain/csv.ts';
import { formatDate } from '#domain/dates.ts';

export type SheetFormat = 'xlsx' | 'csv';
export type SheetKind = 'text' | 'date' | 'amount' | 'rate' | 'units';
export type SheetColumn = { header: string; kind: SheetKind; width: number };
/** A cell before it is written: a date is a Caracas day aaaa-mm-dd, an amount a decimal text. */
export type SheetValue = string | number | null;

const NUM_FMT: Record<SheetKind, string> = { text: '@', date: 'dd/mm/yyyy', amount: '#,##0.00', rate: '#,##0.0000', units: '0' };

function xlsxValue(value: SheetValue, kind: SheetKind): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (kind === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  if (kind === 'amount' || kind === 'rate' || kind === 'units') return Number(value);
  return String(value);
}

function csvValue(value: SheetValue, kind: SheetKind): string {
  if (value === null) return '';
  if (kind === 'date' && typeof value === 'string') return formatDate(value);
  if (kind === 'amount' || kind === 'rate') return csvDecimal(String(value));
  if (kind === 'units') return String(value);
  return csvText(String(value));
}

function writeXlsx(sheetName: string, columns: SheetColumn[], rows: SheetValue[][]): Readable {
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

function writeCsv(columns: SheetColumn[], rows: SheetValue[][]): Readable {
  const line = (cells: string[]) => `${cells.map((c) => csvField(c)).join(';')}\r\n`;
  function* lines(): Generator<string> {
    yield UTF8_BOM + line(columns.map((c) => c.header));
    for (const values of rows) yield line(values.map((v, j) => csvValue(v, columns[j].kind)));
  }
  return Readable.from(lines());
}

/** The rows (the totals row last) as the file of that format. */
export function writeSheet(format: SheetFormat, sheetName: string, columns: SheetColumn[], rows: SheetValue[][]): Readable {
  return format === 'xlsx' ? writeXlsx(sheetName, columns, rows) : writeCsv(columns, rows);
}

const CONTENT_TYPES: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The headers of a download: its type, its file name, never cached. */
export function sheetHeaders(name: string, format: SheetFormat): Record<string, string> {
  return {
    'content-type': CONTENT_TYPES[format],
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  };
}
