// One measured step of the catalogue-sheet import bench (importar.ts), alone in its own process so
// that its peak memory is its own. Every step loads the same modules and opens the same database
// before the clock starts, so the floor under the peak is the same for the import and its baselines.
// Argument: the step as JSON; answers { seconds, rows, rssStartMb, peakMb, detail } to the parent.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '#server/db/client.ts';
import { aplicar, guardarSubida, vistaPrevia } from '#server/modules/configuracion/configuracion.importar.service.ts';

export type Paso =
  | { step: 'leer-csv' | 'leer-xlsx'; file: string }
  | { step: 'vista-previa'; file: string; userId: number }
  | { step: 'aplicar'; id: string; huella: string; userId: number }
  /** `existing`: how many of the file's first rows are already in the scratch table before the clock starts. */
  | { step: 'insertar-base'; file: string; existing: number; stores: number };

export type Medida = { seconds: number; rows: number; rssStartMb: number; peakMb: number; detail: unknown };

const paso = JSON.parse(process.argv[2]) as Paso;
const dataDir = process.env.BENCH_IMPORT_DATA_DIR as string;
const MB = 1024 * 1024;

const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir });
const { db } = database;

/** Bare csv-parse, as the import configures it, counting records. */
async function countCsv(file: string): Promise<number> {
  const parser = createReadStream(file).pipe(parse({ delimiter: ';', bom: true, relax_column_count: true, relax_quotes: true }));
  let rows = 0;
  for await (const _ of parser) rows++;
  return rows;
}

/** Bare exceljs streaming reader, as the import configures it, counting the first worksheet's rows. */
async function countXlsx(file: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let rows = 0;
  for await (const worksheet of reader) {
    for await (const _ of worksheet) rows++;
    break;
  }
  return rows;
}

/** The sheet's rows as the scratch table holds them (read before the clock starts). */
async function scratchRows(file: string, stores: number): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const amount = (text: string) => (text ? text.replace(',', '.') : '0');
  for await (const record of createReadStream(file).pipe(parse({ delimiter: ';', bom: true, from_line: 2 })) as AsyncIterable<string[]>) {
    const [code, name, linea, sublinea, , , price, promotion, ...stock] = record;
    rows.push([code, name, linea, sublinea, amount(price), amount(promotion), ...stock.slice(0, stores).map(Number)]);
  }
  return rows;
}

const CHUNK = 5_000;

async function scratchInsert(rows: unknown[][], stores: number): Promise<void> {
  const stockColumns = Array.from({ length: stores }, (_, i) => sql.raw(`stock_${i + 1}`));
  await db.transaction(async (tx) => {
    for (let at = 0; at < rows.length; at += CHUNK) {
      const values = rows.slice(at, at + CHUNK).map(
        (r) =>
          sql`(${sql.join(
            r.map((v) => sql`${v}`),
            sql`, `,
          )})`,
      );
      await tx.execute(sql`
        INSERT INTO bench_importar (code, name, linea, sublinea, price, promotion, ${sql.join(stockColumns, sql`, `)})
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (code) DO UPDATE SET name = excluded.name, linea = excluded.linea, sublinea = excluded.sublinea,
          price = excluded.price, promotion = excluded.promotion,
          ${sql.join(
            stockColumns.map((c) => sql`${c} = excluded.${c}`),
            sql`, `,
          )}`);
    }
  });
}

let prepared: unknown[][] = [];
if (paso.step === 'insertar-base') {
  const stock = Array.from({ length: paso.stores }, (_, i) => `stock_${i + 1} int NOT NULL`).join(', ');
  await db.execute(sql.raw('DROP TABLE IF EXISTS bench_importar'));
  await db.execute(
    sql.raw(`CREATE TABLE bench_importar (code varchar(30) PRIMARY KEY, name text NOT NULL, linea text NOT NULL, sublinea text NOT NULL,
      price numeric(12,2) NOT NULL, promotion numeric(12,2) NOT NULL, ${stock})`),
  );
  prepared = await scratchRows(paso.file, paso.stores);
  // The rows the import updates are already there (with other values); the others are new.
  await scratchInsert(
    prepared.slice(0, paso.existing).map((r) => r.map((v, i) => (i === 4 ? '1.00' : i >= 6 ? 0 : v))),
    paso.stores,
  );
}

globalThis.gc?.();
const rssStart = process.memoryUsage().rss;
const maxRssBefore = process.resourceUsage().maxRSS * 1024;
let sampled = rssStart;
const sampler = setInterval(() => {
  sampled = Math.max(sampled, process.memoryUsage().rss);
}, 20);

const start = performance.now();
let rows = 0;
let detail: unknown = null;
switch (paso.step) {
  case 'leer-csv':
    rows = await countCsv(paso.file);
    break;
  case 'leer-xlsx':
    rows = await countXlsx(paso.file);
    break;
  case 'vista-previa': {
    const subida = await guardarSubida(dataDir, paso.userId, path.basename(paso.file), createReadStream(paso.file));
    const preview = await vistaPrevia(db, dataDir, subida);
    rows = preview.total;
    detail = {
      id: preview.id,
      huella: preview.huella,
      total: preview.total,
      created: preview.created,
      changed: preview.changed,
      unchanged: preview.unchanged,
      invalid: preview.invalid,
      errors: preview.errors.slice(0, 3),
    };
    break;
  }
  case 'aplicar': {
    const result = await aplicar(db, dataDir, paso.userId, { id: paso.id, huella: paso.huella, soloValidas: false });
    rows = result.total;
    detail = result;
    break;
  }
  case 'insertar-base':
    await scratchInsert(prepared, paso.stores);
    rows = prepared.length;
    break;
}
const seconds = (performance.now() - start) / 1000;
clearInterval(sampler);
sampled = Math.max(sampled, process.memoryUsage().rss);
const maxRssAfter = process.resourceUsage().maxRSS * 1024;
// The process's high-water mark when the step raised it; otherwise the step's own sampled peak.
const peak = maxRssAfter > maxRssBefore ? maxRssAfter : sampled;

if (paso.step === 'insertar-base') await db.execute(sql.raw('DROP TABLE bench_importar'));
await database.close();
const medida: Medida = { seconds, rows, rssStartMb: rssStart / MB, peakMb: peak / MB, detail };
process.send?.(medida, () => process.exit(0));
