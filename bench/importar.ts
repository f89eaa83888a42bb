// The catalogue sheet's import (configuracion.importar.service.ts) on the large catalogue, a part of
// `npm run bench`: a sheet of BENCH_IMPORT_ROWS rows (100,000 by default, the import's limit) in the
// export's own format, as CSV and XLSX; its preview (read, check every row against the catalogue)
// and applying it in one transaction, each step in its own process on the bench's database, with
// its seconds and its peak memory. Baselines in the same run: the same file read with the same
// parser doing nothing but counting rows, and for applying, a bare multi-row INSERT … ON CONFLICT
// DO UPDATE of the same rows into a scratch table of the same database, in one transaction.
import { fork } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { IMPORT_LIMITS, SHEET_HEADERS, stockHeader } from '#domain/importar-catalogo.ts';
import { openDatabase } from '#server/db/client.ts';
import { csvStream, type SheetColumnSpec, type SheetValue, writeXlsx } from '#server/modules/configuracion/configuracion.importar.hoja.ts';
import type { Medida, Paso } from './importar-paso.ts';

/** Of the sheet's rows, this share names articles of the large seed; the rest create articles and models. */
const EXISTING_SHARE = 0.9;
const MB = 1024 * 1024;

type Sheet = {
  values: SheetValue[][];
  existing: number;
  existingModels: number;
  newModels: number;
  stores: string[];
  userId: number;
};

async function rowsOf<T>(db: Awaited<ReturnType<typeof openDatabase>>['db'], statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * The sheet: first the articles of the large seed (B…), each with a new price for its model and a
 * new count in every store column; then new articles of new models (I…), with description, línea,
 * sub-línea, price and a count, so they create their model.
 */
async function buildSheet(dataDir: string, databaseUrl: string | undefined, rows: number): Promise<Sheet> {
  const database = await openDatabase({ url: databaseUrl, dataDir });
  try {
    const { db } = database;
    const [user] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM usuarios WHERE email = 'inventario@vitrina.com.ve'`);
    if (!user) throw new Error('Falta el usuario de inventario de la semilla de demostración.');
    const stores = await rowsOf<{ id: number; code: string }>(
      db,
      sql`SELECT id, code FROM tiendas WHERE active AND id IN (SELECT id FROM tiendas ORDER BY id LIMIT 2) ORDER BY id`,
    );
    const articles = await rowsOf<{
      code: string;
      model: string;
      name: string;
      linea: string;
      sublinea: string;
      color: string;
      talla: string;
      price: string;
      promotion: string;
    }>(
      db,
      sql`SELECT a.code, m.code AS model, m.name, l.code AS linea, s.code AS sublinea, c.name AS color, t.label AS talla,
                 m.price::text AS price, m.promotion::text AS promotion
            FROM articulos a JOIN modelos m ON m.code = a.model_code JOIN sublineas s ON s.id = m.sublinea_id
            JOIN lineas l ON l.id = s.linea_id JOIN colores c ON c.code = m.color_code JOIN tallas t ON t.code = a.size_code
           WHERE m.code LIKE 'B%' ORDER BY a.model_code, a.code LIMIT ${Math.round(rows * EXISTING_SHARE)}`,
    );
    const stock = await rowsOf<{ article_code: string; tienda_id: number; quantity: number; held: number }>(
      db,
      sql`SELECT article_code, tienda_id, quantity, held FROM inventario
           WHERE article_code LIKE 'B%' AND tienda_id = ANY(${sql.param(stores.map((s) => s.id))}::int[])`,
    );
    const subs = await rowsOf<{ linea: string; sublinea: string }>(
      db,
      sql`SELECT l.code AS linea, s.code AS sublinea FROM sublineas s JOIN lineas l ON l.id = s.linea_id ORDER BY s.id`,
    );
    const colors = await rowsOf<{ code: string; name: string }>(db, sql`SELECT code, name FROM colores ORDER BY code`);
    const sizes = await rowsOf<{ code: string; label: string }>(db, sql`SELECT code, label FROM tallas ORDER BY position LIMIT 5`);

    const onHand = new Map(stock.map((s) => [`${s.article_code}|${s.tienda_id}`, Math.max(s.quantity, s.held)]));
    const values: SheetValue[][] = [];
    const models = new Set<string>();
    for (const [i, a] of articles.entries()) {
      models.add(a.model);
      values.push([
        a.code,
        a.name,
        a.linea,
        a.sublinea,
        a.color,
        a.talla,
        Number(a.price) + 1,
        Number(a.promotion),
        ...stores.map((s) => (onHand.get(`${a.code}|${s.id}`) ?? 0) + 1 + (i % 3)),
      ]);
    }
    const existing = values.length;
    let newModels = 0;
    while (values.length < rows) {
      newModels++;
      const color = colors[newModels % colors.length];
      const sub = subs[newModels % subs.length];
      const model = `I${String(newModels).padStart(6, '0')}${color.code}`;
      for (const size of sizes) {
        if (values.length >= rows) break;
        values.push([
          `${model}${size.code}`,
          `Modelo importado ${newModels}`,
          sub.linea,
          sub.sublinea,
          color.name,
          size.label,
          20 + (newModels % 50) + 0.99,
          0,
          ...stores.map((_, j) => 1 + ((values.length + j) % 5)),
        ]);
      }
    }
    return { values, existing, existingModels: models.size, newModels, stores: stores.map((s) => s.code), userId: user.id };
  } finally {
    await database.close();
  }
}

/** Runs one step in its own process (same data folder and database as the bench) and answers its measure. */
function measure(paso: Paso, dataDir: string, databaseUrl: string | undefined): Promise<Medida> {
  return new Promise((resolve, reject) => {
    let result: Medida | undefined;
    const child = fork(path.resolve('bench/importar-paso.ts'), [JSON.stringify(paso)], {
      // --no-liftoff: V8 compiles PGlite's WebAssembly fully while the database opens, before the
      // clock starts; by default it tiers hot functions up in the background later, and that
      // compilation (some 400 MB for a while) would land in whichever step is running.
      execArgv: [...process.execArgv, '--expose-gc', '--no-liftoff'],
      env: { ...process.env, DATABASE_URL: databaseUrl ?? '', BENCH_IMPORT_DATA_DIR: dataDir },
      stdio: 'inherit',
    });
    child.once('message', (message) => {
      result = message as Medida;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`El paso ${paso.step} de la importación terminó con el código ${code}.`));
    });
  });
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

export async function benchImport({ dataDir, databaseUrl, rows }: { dataDir: string; databaseUrl?: string; rows: number }) {
  if (rows > IMPORT_LIMITS.maxRows) {
    console.log(`\nImportar: BENCH_IMPORT_ROWS=${rows} pasa del límite de la importación; se usan ${IMPORT_LIMITS.maxRows} filas.`);
    rows = IMPORT_LIMITS.maxRows;
  }
  const folder = path.join(dataDir, 'bench-importar');
  await mkdir(folder, { recursive: true });
  const sheet = await buildSheet(dataDir, databaseUrl, rows);
  const columns: SheetColumnSpec[] = [
    { header: SHEET_HEADERS.codigo, kind: 'text', width: 20 },
    { header: SHEET_HEADERS.descripcion, kind: 'text', width: 36 },
    { header: SHEET_HEADERS.linea, kind: 'text', width: 8 },
    { header: SHEET_HEADERS.sublinea, kind: 'text', width: 10 },
    { header: SHEET_HEADERS.color, kind: 'text', width: 16 },
    { header: SHEET_HEADERS.talla, kind: 'text', width: 8 },
    { header: SHEET_HEADERS.precio, kind: 'amount', width: 13 },
    { header: SHEET_HEADERS.promocion, kind: 'amount', width: 15 },
    ...sheet.stores.map((code) => ({ header: stockHeader(code), kind: 'units' as const, width: 15 })),
  ];
  async function* values() {
    yield* sheet.values;
  }
  const csv = path.join(folder, 'catalogo.csv');
  const xlsx = path.join(folder, 'catalogo.xlsx');
  await pipeline(csvStream(columns, values()), createWriteStream(csv));
  await writeXlsx(createWriteStream(xlsx), 'Catálogo', columns, values());
  const sizes = { csv: (await stat(csv)).size, xlsx: (await stat(xlsx)).size };
  const total = sheet.values.length;
  sheet.values = [];

  const run = (paso: Paso) => measure(paso, dataDir, databaseUrl);
  const { userId } = sheet;
  const readCsv = await run({ step: 'leer-csv', file: csv });
  const previewCsv = await run({ step: 'vista-previa', file: csv, userId });
  const readXlsx = await run({ step: 'leer-xlsx', file: xlsx });
  const previewXlsx = await run({ step: 'vista-previa', file: xlsx, userId });
  const insert = await run({ step: 'insertar-base', file: csv, existing: sheet.existing, stores: sheet.stores.length });
  const preview = previewCsv.detail as { id: string; huella: string; invalid: number; created: number; changed: number; errors: unknown[] };
  if (preview.invalid > 0)
    throw new Error(`La hoja de la prueba tiene ${preview.invalid} filas con errores: ${JSON.stringify(preview.errors)}`);
  const apply = await run({ step: 'aplicar', id: preview.id, huella: preview.huella, userId });
  const applied = apply.detail as { models: { created: number; updated: number }; articles: { created: number }; movements: number };

  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nImportar la hoja del catálogo (${kind}): ${total} filas = ${sheet.existing} artículos existentes (precio nuevo de sus ${sheet.existingModels} modelos, conteo en ${sheet.stores.join(' y ')}) + ${total - sheet.existing} artículos nuevos de ${sheet.newModels} modelos nuevos; CSV ${mb(sizes.csv)} MB, XLSX ${mb(sizes.xlsx)} MB`,
  );
  console.log(
    '(cada paso en su propio proceso, con los mismos módulos y la base ya abierta antes de medir; pico = RSS máximo durante el paso, entre paréntesis lo que subió sobre el del inicio.',
  );
  console.log(
    ' Base: leer el mismo archivo con el mismo lector —csv-parse, exceljs en flujo— solo contando filas; para aplicar, INSERT … ON CONFLICT DO UPDATE',
  );
  console.log(
    ` de las mismas filas, de a 5000, en una tabla de trabajo de la misma base, una transacción. Aplicar vuelve a leer y revisar la hoja, como el servidor.${databaseUrl ? ' La memoria de PostgreSQL no cuenta: es otro proceso.' : ''})\n`,
  );
  console.log(
    '| paso | Vitrina s | Vitrina filas/s | Vitrina pico MB | base s | base filas/s | base pico MB | razón filas/s | razón pico MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const line = (name: string, ours: Medida, base: Medida) => {
    const peak = (m: Medida) => `${m.peakMb.toFixed(0)} (+${Math.max(0, m.peakMb - m.rssStartMb).toFixed(0)})`;
    const rate = (m: Medida) => m.rows / m.seconds;
    console.log(
      `| ${name} | ${ours.seconds.toFixed(1)} | ${rate(ours).toFixed(0)} | ${peak(ours)} | ${base.seconds.toFixed(2)} | ${rate(base).toFixed(0)} | ${peak(base)} | ${(rate(ours) / rate(base)).toFixed(3)} | ${(ours.peakMb / base.peakMb).toFixed(2)} |`,
    );
  };
  line('Vista previa CSV', previewCsv, readCsv);
  line('Vista previa XLSX', previewXlsx, readXlsx);
  line('Aplicar (CSV)', apply, insert);
  console.log(
    `\nVista previa: ${preview.created} filas nuevas, ${preview.changed} cambian, ${preview.invalid} con errores. Aplicado: ${applied.models.updated} modelos actualizados, ${applied.models.created} creados, ${applied.articles.created} artículos nuevos, ${applied.movements} movimientos de existencia.`,
  );
  if (sizes.csv > IMPORT_LIMITS.maxBytes || sizes.xlsx > IMPORT_LIMITS.maxBytes) {
    console.log(`¡Atención! Una hoja pasa de ${IMPORT_LIMITS.maxBytes / MB} MB: el servidor la rechazaría al subirla.`);
  }
}
