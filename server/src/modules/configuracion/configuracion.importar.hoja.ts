// Reads and writes the catalogue sheet as files. The format comes from the bytes, never from the
// name: a zip is XLSX (read row by row with exceljs's streaming reader, after checking its
// directory, given only the parts it needs), anything else must be text, a CSV in UTF-8 (with or
// without BOM), UTF-16 or Windows-1252/Latin-1 as Profit exports it, separated by ; , or tab (read
// with csv-parse, also streaming). A file that is neither is a HojaInvalida with a Spanish message, never a 500.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { CsvError, parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { csvDecimal, csvField, csvText, UTF8_BOM } from '#domain/csv.ts';
import { type Cell, IMPORT_LIMITS, isHeaderRow, type SheetRow } from '#domain/importar-catalogo.ts';

/** A file that cannot be imported as it is: 413 (too big) or 422 (not a sheet, no header…). */
export class HojaInvalida extends Error {
  readonly status: 413 | 422;
  constructor(status: 413 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

export type SheetFormat = 'xlsx' | 'csv';

export type SheetInfo = {
  format: SheetFormat;
  /** The worksheet read (the first one). */
  sheet: string | null;
  encoding: string | null;
  separator: string | null;
};

export type OpenedSheet = { info: SheetInfo; rows: AsyncIterable<SheetRow> };

/** What the parts of an XLSX may add up to once unzipped: a 100,000-row sheet is far below. */
const MAX_UNZIPPED_BYTES = 400 * 1024 * 1024;
/**
 * What its shared strings may unzip to: exceljs keeps them all in memory while it reads the sheet
 * (a 100,000-row catalogue has a few MB of them).
 */
const MAX_SHARED_STRINGS_BYTES = 64 * 1024 * 1024;

const NOT_A_SHEET = 'El archivo no es una hoja de cálculo: suba un libro de Excel (.xlsx) o un CSV.';

/** `isHeader`: how the CSV's header row looks, to find its separator (the catalogue's by default). */
export async function openSheet(file: string, options: { isHeader?: (cells: string[]) => boolean } = {}): Promise<OpenedSheet> {
  const head = await readHead(file, 64 * 1024);
  if (head.length === 0) throw new HojaInvalida(422, 'El archivo está vacío.');
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const parts = await checkXlsxDirectory(file);
    await checkInflatedSizes(file, parts);
    const info: SheetInfo = { format: 'xlsx', sheet: null, encoding: null, separator: null };
    return { info, rows: xlsxRows(file, parts, info) };
  }
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
    throw new HojaInvalida(
      422,
      'El archivo es un libro de Excel 97-2003 (.xls) o un libro protegido con contraseña: ábralo en Excel y guárdelo como .xlsx sin contraseña, o como CSV.',
    );
  }
  if (head.subarray(0, 4).toString('latin1') === '%PDF') throw new HojaInvalida(422, `${NOT_A_SHEET} Este archivo es un PDF.`);
  const encoding = await textEncoding(file, head);
  const separator = detectSeparator(new TextDecoder(encoding).decode(head), options.isHeader);
  return { info: { format: 'csv', sheet: null, encoding, separator }, rows: csvRows(file, encoding, separator) };
}

const readHead = (file: string, bytes: number): Promise<Buffer> => readAt(file, 0, bytes);

// ── XLSX ────────────────────────────────────────────────────────────────────

/** Where each part exceljs needs lies in the file: [start, end) of its local entry, with its data. */
type XlsxParts = {
  rels: [number, number] | null;
  workbook: [number, number];
  sharedStrings: [number, number] | null;
  sheet: [number, number];
};

/**
 * Reads the zip's central directory before exceljs opens it: it must be a zip, hold a workbook and
 * a worksheet, and not unzip to more than MAX_UNZIPPED_BYTES (a small file that unzips to
 * gigabytes would fill the memory). Answers where the parts that exceljs reads are.
 */
async function checkXlsxDirectory(file: string): Promise<XlsxParts> {
  const broken = new HojaInvalida(422, 'El archivo XLSX está dañado o incompleto: ábralo en Excel, guárdelo de nuevo y vuelva a subirlo.');
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || end + 22 > tailLength) throw broken;
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset === 0xffffffff || directoryOffset + directorySize > size) throw broken;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let unzipped = 0;
    const starts = new Map<string, number>();
    let worksheet: string | null = null;
    for (let at = 0; at + 46 <= directory.length; ) {
      if (directory.readUInt32LE(at) !== 0x02014b50) throw broken;
      const entrySize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      const start = directory.readUInt32LE(at + 42);
      if (start >= directoryOffset) throw broken;
      unzipped += entrySize === 0xffffffff ? Number.POSITIVE_INFINITY : entrySize;
      if (!starts.has(name)) starts.set(name, start);
      // The first worksheet of the zip is the sheet, as exceljs reads them in the zip's order.
      if (!worksheet && /^xl\/worksheets\/sheet\d+\.xml$/.test(name)) worksheet = name;
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    if (!starts.has('xl/workbook.xml') || !worksheet) {
      throw new HojaInvalida(
        422,
        `${NOT_A_SHEET} Este archivo es un zip que no contiene un libro de Excel (¿una hoja de LibreOffice .ods? guárdela como .xlsx).`,
      );
    }
    if (unzipped > MAX_UNZIPPED_BYTES) {
      throw new HojaInvalida(
        413,
        `El libro descomprimido ocupa más de ${MAX_UNZIPPED_BYTES / (1024 * 1024)} MB: divídalo en varios archivos.`,
      );
    }
    // An entry ends where the next one starts (its data descriptor, if any, included).
    const offsets = [...new Set(starts.values()), directoryOffset].sort((a, b) => a - b);
    const part = (name: string): [number, number] | null => {
      const start = starts.get(name);
      return start === undefined ? null : [start, offsets[offsets.indexOf(start) + 1]];
    };
    return {
      rels: part('xl/_rels/workbook.xml.rels'),
      workbook: part('xl/workbook.xml') as [number, number],
      sharedStrings: part('xl/sharedStrings.xml'),
      sheet: part(worksheet) as [number, number],
    };
  } finally {
    await handle.close();
  }
}

/**
 * Inflates the parts exceljs will read, counting the bytes they really give, and stops at the caps:
 * the sizes the zip's directory declares are the sender's word (a few KB may be declared for a part
 * that unzips to gigabytes). Streamed, so it costs time, never memory, and other requests go on.
 */
async function checkInflatedSizes(file: string, parts: XlsxParts): Promise<void> {
  let total = 0;
  const tooBig = () =>
    new HojaInvalida(413, `El libro descomprimido ocupa más de ${MAX_UNZIPPED_BYTES / (1024 * 1024)} MB: divídalo en varios archivos.`);
  const named: [string, [number, number] | null][] = [
    ['rels', parts.rels],
    ['workbook', parts.workbook],
    ['sharedStrings', parts.sharedStrings],
    ['sheet', parts.sheet],
  ];
  for (const [name, range] of named) {
    if (!range) continue;
    const partCap = name === 'sharedStrings' ? MAX_SHARED_STRINGS_BYTES : MAX_UNZIPPED_BYTES;
    let inPart = 0;
    for await (const chunk of inflatedPart(file, range)) {
      inPart += chunk.length;
      total += chunk.length;
      if (inPart > partCap) {
        throw new HojaInvalida(
          413,
          `Los textos del libro descomprimidos ocupan más de ${MAX_SHARED_STRINGS_BYTES / (1024 * 1024)} MB: divídalo en varios archivos.`,
        );
      }
      if (total > MAX_UNZIPPED_BYTES) throw tooBig();
    }
  }
}

/** The bytes of one zip entry (its local header at range[0]), inflated as they are read. */
async function* inflatedPart(file: string, [start, end]: [number, number]): AsyncGenerator<Buffer> {
  const broken = () => new HojaInvalida(422, XLSX_UNREADABLE);
  const header = await readAt(file, start, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw broken();
  const method = header.readUInt16LE(8);
  const dataStart = start + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataStart > end) throw broken();
  if (dataStart === end) return;
  const data = createReadStream(file, { start: dataStart, end: end - 1 });
  if (method === 0) {
    yield* data as AsyncIterable<Buffer>;
    return;
  }
  if (method !== 8) throw broken();
  const inflate = zlib.createInflateRaw();
  // A data descriptor after the deflated bytes is left over once the stream ends, and ignored.
  const inflating = data.pipe(inflate);
  data.on('error', (error) => inflate.destroy(error));
  try {
    for await (const chunk of inflating as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    if (error instanceof HojaInvalida) throw error;
    throw broken();
  } finally {
    data.destroy();
    inflate.destroy();
  }
}

async function readAt(file: string, position: number, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

type ExcelValue = ExcelJS.CellValue | undefined;

/** A cell as the import reads it: formulas by their result, rich text and links by their text. */
function cellOf(value: ExcelValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text ?? '').join('');
    if ('result' in value) return cellOf(value.result as ExcelValue);
    if ('formula' in value || 'sharedFormula' in value) return null;
    if ('text' in value) return cellOf(value.text as ExcelValue);
    if ('error' in value) return String(value.error);
  }
  return null;
}

const XLSX_UNREADABLE = 'El archivo XLSX está dañado o no se puede leer: ábralo en Excel, guárdelo de nuevo y vuelva a subirlo.';

/**
 * How long the XLSX reader may be waited on: `idleMs` without reading a byte of the file nor giving
 * a row, `totalMs` in all (the time the caller spends on each row does not count). A sheet of
 * 100,000 rows reads in seconds; these only end a reader that stalls.
 */
export const XLSX_TIMEOUTS = { idleMs: 20_000, totalMs: 5 * 60_000 };

/**
 * Steps of a reader that may stall, each awaited through `step`: it fails with `stalled()` when
 * the reader gives nothing for `idleMs` (progress() counts as something) or has been waited on for
 * `totalMs` in all, and with the error given to fail() as soon as it is given. Time between steps
 * (the caller's) is not counted.
 */
export function readWithin(
  limits: { idleMs: number; totalMs: number },
  stalled: (reason: 'idle' | 'total') => Error,
): { step<T>(pending: Promise<T>): Promise<T>; progress(): void; fail(error: unknown): void } {
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);
  let spent = 0;
  let since = 0;
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    if (timer) clearTimeout(timer);
    const left = limits.totalMs - spent - (Date.now() - since);
    timer = setTimeout(() => fail(stalled(left <= limits.idleMs ? 'total' : 'idle')), Math.max(0, Math.min(limits.idleMs, left)));
  };
  return {
    async step<T>(pending: Promise<T>): Promise<T> {
      since = Date.now();
      arm();
      try {
        return await Promise.race([pending, failed]);
      } finally {
        if (timer) clearTimeout(timer);
        timer = null;
        spent += Date.now() - since;
      }
    },
    progress() {
      if (timer) arm();
    },
    fail: (error) => fail(error),
  };
}

/** A zip entry of `text` stored as it is, as unzipper reads it (it does not check the CRC). */
function storedEntry(name: string, text: string): Buffer {
  const fileName = Buffer.from(name);
  const data = Buffer.from(text);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(zlib.crc32(data), 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(fileName.length, 26);
  return Buffer.concat([header, fileName, data]);
}

/**
 * The zip as exceljs should read it: the workbook's relations, the workbook, the shared strings and
 * then the first worksheet, and nothing else. In the order exceljs and Excel write them, the
 * worksheets come before the shared strings, and exceljs then copies each one to a temporary file
 * that it closes and removes only once the whole workbook has been read: a file left open on every
 * import. Missing relations or shared strings are given empty, for the same reason. `onChunk` is
 * called as exceljs takes each piece.
 */
function xlsxForReader(file: string, parts: XlsxParts, onChunk: () => void): Readable {
  async function* pieces(): AsyncGenerator<Buffer> {
    yield* parts.rels ? readRange(file, parts.rels) : [storedEntry('xl/_rels/workbook.xml.rels', '<Relationships></Relationships>')];
    yield* readRange(file, parts.workbook);
    yield* parts.sharedStrings ? readRange(file, parts.sharedStrings) : [storedEntry('xl/sharedStrings.xml', '<sst></sst>')];
    yield* readRange(file, parts.sheet);
    // An empty end of the central directory: unzipper stops there.
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    yield end;
  }
  async function* bytes(): AsyncGenerator<Buffer> {
    for await (const piece of pieces()) {
      onChunk();
      yield piece;
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

async function* readRange(file: string, [start, end]: [number, number]): AsyncGenerator<Buffer> {
  if (end > start) yield* createReadStream(file, { start, end: end - 1 }) as AsyncIterable<Buffer>;
}

async function* xlsxRows(file: string, parts: XlsxParts, info: SheetInfo, limits = XLSX_TIMEOUTS): AsyncGenerator<SheetRow> {
  const reading = readWithin(limits, (reason) =>
    reason === 'idle'
      ? new HojaInvalida(
          422,
          'El archivo XLSX está dañado o no se puede leer (su lectura se detuvo): ábralo en Excel, guárdelo de nuevo y vuelva a subirlo.',
        )
      : new HojaInvalida(
          422,
          'El archivo XLSX tarda demasiado en leerse: ábralo en Excel, guárdelo de nuevo y vuelva a subirlo, o divídalo en varios archivos.',
        ),
  );
  const input = xlsxForReader(file, parts, reading.progress);
  input.on('error', reading.fail);
  // exceljs pipes the file into its unzipper. When a part does not inflate (damaged bytes inside
  // the sheet or xl/workbook.xml), the unzipper reports the error only on itself, where exceljs does
  // not listen, and exceljs waits for the rest of that part for ever: the error is taken from there.
  const piped: Writable[] = [];
  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    (destination as unknown as Writable).on('error', reading.fail);
    piped.push(destination as unknown as Writable);
    return pipe(destination, options);
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const worksheets = reader[Symbol.asyncIterator]();
  try {
    // Only the first worksheet is the sheet (and the only one given to exceljs): the others
    // (instructions, notes) are left alone.
    const first = await reading.step(worksheets.next());
    if (first.done) return;
    const worksheet = first.value;
    info.sheet = (worksheet as { name?: string }).name ?? null;
    const rows = worksheet[Symbol.asyncIterator]();
    for (;;) {
      const next = await reading.step(rows.next());
      if (next.done) break;
      const values = next.value.values as ExcelValue[];
      const cells: Cell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellOf(values[i]));
      yield { row: next.value.number, cells };
    }
  } catch (error) {
    if (error instanceof HojaInvalida) throw error;
    throw new HojaInvalida(422, XLSX_UNREADABLE);
  } finally {
    // Not awaited: a reader that stalled never answers. Its streams are ended instead.
    worksheets.return(undefined).catch(() => undefined);
    input.destroy();
    for (const stream of piped) stream.destroy();
  }
}

// ── CSV ─────────────────────────────────────────────────────────────────────

/**
 * UTF-8 when it says so (BOM) or when every byte reads as UTF-8; UTF-16 by its BOM; otherwise
 * Windows-1252, the Latin-1 of Profit's exports. A file with NUL bytes is not text.
 */
async function textEncoding(file: string, head: Buffer): Promise<string> {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  for await (const chunk of createReadStream(file)) {
    const bytes = chunk as Buffer;
    if (bytes.includes(0)) throw new HojaInvalida(422, NOT_A_SHEET);
    if (valid) {
      try {
        utf8.decode(bytes, { stream: true });
      } catch {
        valid = false;
      }
    }
  }
  if (valid) {
    try {
      utf8.decode();
    } catch {
      valid = false;
    }
  }
  return valid ? 'utf-8' : 'windows-1252';
}

const SEPARATORS = [';', ',', '\t'] as const;

/** Splits a line on `separator` outside quotes (enough to find the header). */
function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** The separator with which some early line reads as the header; the most used one otherwise. */
export function detectSeparator(text: string, isHeader: (cells: string[]) => boolean = isHeaderRow): string {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .slice(0, IMPORT_LIMITS.headerSearchRows);
  for (const line of lines) {
    const found = SEPARATORS.map((s) => ({ s, cells: splitLine(line, s) }))
      .filter((c) => c.cells.length > 1 && isHeader(c.cells))
      .sort((a, b) => b.cells.length - a.cells.length);
    if (found.length > 0) return found[0].s;
  }
  const counts = SEPARATORS.map((s) => ({ s, n: lines.reduce((sum, l) => sum + splitLine(l, s).length - 1, 0) }));
  return counts.sort((a, b) => b.n - a.n)[0].n > 0 ? counts[0].s : ';';
}

function csvProblem(error: unknown, row: number): HojaInvalida {
  const code = error instanceof CsvError ? error.code : '';
  if (code === 'CSV_QUOTE_NOT_CLOSED') return new HojaInvalida(422, `El CSV tiene unas comillas sin cerrar desde la fila ${row}.`);
  if (code === 'CSV_MAX_RECORD_SIZE') return new HojaInvalida(422, `La fila ${row} del CSV es demasiado larga.`);
  return new HojaInvalida(422, `El CSV no se puede leer en la fila ${row}: revise sus comillas y separadores.`);
}

async function* csvRows(file: string, encoding: string, separator: string): AsyncGenerator<SheetRow> {
  const decoder = new TextDecoder(encoding);
  const decode = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
  const parser = parse({
    delimiter: separator,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: 64 * 1024,
  });
  // Errors of any stage end the parser, and so the iteration below.
  const flowing = pipeline(createReadStream(file), decode, parser).catch(() => undefined);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      yield { row, cells: record.map((cell) => (cell === '' ? null : cell)) };
    }
  } catch (error) {
    throw csvProblem(error, row + 1);
  } finally {
    parser.destroy();
    await flowing;
  }
}

// ── writing ─────────────────────────────────────────────────────────────────

export type SheetColumnSpec = { header: string; kind: 'text' | 'amount' | 'units'; width: number };
export type SheetValue = string | number | null;

/** Writes the sheet as XLSX to `out`, row by row (exceljs's streaming writer). */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  columns: SheetColumnSpec[],
  rows: AsyncIterable<SheetValue[]>,
  extra?: { name: string; lines: string[] },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.kind === 'amount' ? { numFmt: '#,##0.00' } : c.kind === 'units' ? { numFmt: '0' } : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const values of rows) sheet.addRow(values).commit();
  sheet.commit();
  if (extra) {
    const notes = workbook.addWorksheet(extra.name);
    notes.getColumn(1).width = 110;
    for (const line of extra.lines) notes.addRow([line]).commit();
    notes.commit();
  }
  await workbook.commit();
}

/** The same sheet as CSV for a spreadsheet set to Spanish: ;, decimal comma, UTF-8 with BOM, CRLF. */
export function csvStream(columns: SheetColumnSpec[], rows: AsyncIterable<SheetValue[]>): Readable {
  const line = (values: string[]) => `${values.map((v) => csvField(v)).join(';')}\r\n`;
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + line(columns.map((c) => c.header));
    for await (const values of rows) {
      yield line(
        values.map((v, i) => {
          if (v === null) return '';
          if (typeof v === 'number') return columns[i]?.kind === 'amount' ? csvDecimal(v.toFixed(2)) : String(v);
          return csvText(v);
        }),
      );
    }
  }
  return Readable.from(lines());
}

/** A PassThrough the reply can send while `write` fills it; a failure ends the download early. */
export function streamed(write: (out: Writable) => Promise<void>, onError: (error: unknown) => void): PassThrough {
  const out = new PassThrough();
  write(out).then(
    () => {
      if (!out.writableEnded) out.end();
    },
    (error) => {
      onError(error);
      out.destroy(error as Error);
    },
  );
  return out;
}
