// The catalogue sheet's use cases: keep an uploaded sheet for a while (DATA_DIR/importaciones),
// preview it (every row checked against the catalogue, a fingerprint of what was shown), apply
// exactly that preview in one transaction (models, articles, prices and history with source
// 'importacion'; stock as count movements in the ledger, all under one batch id), and export the
// catalogue as the same sheet.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportacionAplicada, SheetFormatName, VistaPreviaImportacion } from '#domain/contracts/configuracion-importar.ts';
import { formatUnits, stockKey } from '#domain/existencia.ts';
import {
  type CatalogState,
  IMPORT_LIMITS,
  type ImportPlan,
  isHeaderRow,
  type LineaState,
  type ModelState,
  planImport,
  type ReadRow,
  readHeader,
  readRow,
  SHEET_HEADERS,
  type SheetColumns,
  type StoreState,
  stockHeader,
  summaryOf,
} from '#domain/importar-catalogo.ts';
import { fromCents, toCents } from '#domain/money.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { ModelSelection } from '#server/modules/configuracion/configuracion.repo.ts';
import { type HistoryEntry, registrarHistorial, searchTerms, searchTextOf } from '#server/modules/configuracion/configuracion.service.ts';
import { MovimientosRechazados, registrarMovimientos } from '#server/modules/inventario/inventario.movimientos.service.ts';
import {
  csvStream,
  HojaInvalida,
  openSheet,
  type SheetColumnSpec,
  type SheetInfo,
  type SheetValue,
  writeXlsx,
} from './configuracion.importar.hoja.ts';
import * as repo from './configuracion.importar.repo.ts';

// ── the uploaded sheet, kept for a while ────────────────────────────────────

/** What is kept beside the file: who uploaded it, its name, and the preview it got. */
type Subida = { id: string; userId: number; name: string; bytes: number; createdAt: string; preview?: VistaPreviaImportacion };

const folderOf = (dataDir: string) => path.join(dataDir, 'importaciones');
const fileOf = (dataDir: string, id: string) => path.join(folderOf(dataDir), `${id}.hoja`);
const metaOf = (dataDir: string, id: string) => path.join(folderOf(dataDir), `${id}.json`);
const keepMs = IMPORT_LIMITS.keepMinutes * 60_000;

/** Removes the sheets nobody applied in time. */
export async function limpiarSubidas(dataDir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folderOf(dataDir));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(folderOf(dataDir), name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > keepMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

async function borrarSubida(dataDir: string, id: string): Promise<void> {
  await Promise.all([rm(fileOf(dataDir, id), { force: true }), rm(metaOf(dataDir, id), { force: true })]);
}

/**
 * Saves the uploaded file under a new id, byte by byte as it arrives (never whole in memory). A
 * file over the size limit is refused with 413 and nothing stays.
 */
export async function guardarSubida(dataDir: string, userId: number, name: string, file: Readable): Promise<Subida> {
  await mkdir(folderOf(dataDir), { recursive: true });
  await limpiarSubidas(dataDir);
  const id = randomUUID();
  try {
    await pipeline(file, createWriteStream(fileOf(dataDir, id)));
    if ((file as Readable & { truncated?: boolean }).truncated) throw tooBig();
  } catch (error) {
    await borrarSubida(dataDir, id);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
    throw error;
  }
  const { size } = await stat(fileOf(dataDir, id));
  const subida: Subida = { id, userId, name: name.slice(0, 200), bytes: size, createdAt: new Date().toISOString() };
  await writeFile(metaOf(dataDir, id), JSON.stringify(subida));
  return subida;
}

export const tooBig = () =>
  new HojaInvalida(
    413,
    `La hoja pesa más de ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB: divídala en varios archivos o quite columnas que no se importan.`,
  );

/** The upload of this person, while it lasts; anything else is «not found». */
async function leerSubida(dataDir: string, userId: number, id: string): Promise<Subida> {
  const gone = new NoEncontrado('La vista previa ya no está: venció, se aplicó o es de otra persona. Suba la hoja de nuevo.');
  let subida: Subida;
  try {
    subida = JSON.parse(await readFile(metaOf(dataDir, id), 'utf8')) as Subida;
  } catch {
    throw gone;
  }
  if (subida.userId !== userId || Date.now() - Date.parse(subida.createdAt) > keepMs) throw gone;
  return subida;
}

// ── reading the sheet against the catalogue ─────────────────────────────────

type Sheet = { info: SheetInfo; columns: SheetColumns; read: ReadRow[] };

/** Finds the header in the first rows, then reads every row of articles (at most IMPORT_LIMITS.maxRows). */
async function leerHoja(file: string, storeCodes: ReadonlySet<string>): Promise<Sheet> {
  const { info, rows } = await openSheet(file);
  let columns: SheetColumns | null = null;
  const read: ReadRow[] = [];
  for await (const sheetRow of rows) {
    if (!columns) {
      if (isHeaderRow(sheetRow.cells)) {
        const header = readHeader(sheetRow.cells, storeCodes);
        if (!header.ok) throw new HojaInvalida(422, `Fila ${sheetRow.row} (títulos): ${header.message}`);
        columns = header.columns;
      } else if (sheetRow.row >= IMPORT_LIMITS.headerSearchRows) break;
      continue;
    }
    const one = readRow(sheetRow, columns);
    if (!one.row) continue;
    if (read.length >= IMPORT_LIMITS.maxRows) {
      throw new HojaInvalida(
        413,
        `La hoja tiene más de ${formatUnits(IMPORT_LIMITS.maxRows)} filas de artículos: divídala en varios archivos.`,
      );
    }
    read.push(one);
  }
  if (!columns) {
    throw new HojaInvalida(
      422,
      `No se encontró la fila de títulos: la hoja debe tener una columna «Código» en una de sus primeras ${IMPORT_LIMITS.headerSearchRows} filas (descargue la hoja de ejemplo).`,
    );
  }
  if (read.length === 0) throw new HojaInvalida(422, 'La hoja no tiene filas de artículos debajo de los títulos.');
  return { info, columns, read };
}

/** CatalogState plus what writing needs (names for the search text, garments, size order). */
type State = CatalogState & {
  colorNames: Map<string, string>;
  sublineas: Map<number, { name: string; garment: string; lineaName: string }>;
  sizeOrder: Map<string, number>;
};

/** What the catalogue holds of what the sheet names; `lock` (inside a transaction) keeps models and stock rows. */
async function cargarEstado(db: Db, sheet: Sheet, lock: boolean): Promise<State> {
  const codes = sheet.read.flatMap((r) => (r.row?.articleCode ? [r.row.articleCode] : []));
  const articleRows = await repo.findArticleModels(db, codes);
  const articles = new Map(articleRows.map((a) => [a.code, a.model_code]));
  const modelCodes = new Set(articleRows.map((a) => a.model_code));
  for (const code of codes) if (!articles.has(code) && code.length > 6) modelCodes.add(code.slice(0, -2));
  const [modelRows, sizes, colors, lineaRows, stores] = await Promise.all([
    repo.findModels(db, [...modelCodes].sort(), lock),
    repo.findSizes(db),
    repo.findColors(db),
    repo.findLineas(db),
    repo.findStores(db),
  ]);
  const storeStates = new Map<string, StoreState>(stores.map((s) => [s.code.toUpperCase(), s]));
  const tiendaIds = sheet.columns.stock.flatMap((c) => {
    const store = storeStates.get(c.tienda);
    return store ? [store.id] : [];
  });
  const stockRows = await repo.findStock(db, [...articles.keys()], tiendaIds, lock);
  const lineas: LineaState[] = [];
  const sublineas = new Map<number, { name: string; garment: string; lineaName: string }>();
  for (const row of lineaRows) {
    let linea = lineas.find((l) => l.id === row.lineaId);
    if (!linea) {
      linea = { id: row.lineaId, code: row.lineaCode, name: row.lineaName, sublineas: [] };
      lineas.push(linea);
    }
    if (row.id !== null && row.code !== null && row.name !== null) {
      linea.sublineas.push({ id: row.id, code: row.code, name: row.name });
      sublineas.set(row.id, { name: row.name, garment: row.garment ?? 'franela', lineaName: row.lineaName });
    }
  }
  const models = new Map<string, ModelState & { colorCode: string }>(
    modelRows.map((m) => [
      m.code,
      {
        code: m.code,
        name: m.name,
        priceCents: toCents(m.price),
        promotionCents: toCents(m.promotion),
        colorCode: m.color_code,
        lineaId: m.linea_id,
        lineaCode: m.linea_code,
        lineaName: m.linea_name,
        sublineaId: m.sublinea_id,
        sublineaCode: m.sublinea_code,
        sublineaName: m.sublinea_name,
      },
    ]),
  );
  return {
    articles,
    models,
    sizes: new Set(sizes.map((s) => s.code)),
    colors: new Set(colors.map((c) => c.code)),
    lineas,
    stores: storeStates,
    stock: new Map(stockRows.map((s) => [stockKey(s.article_code, s.tienda_id), { quantity: s.quantity, held: s.held }])),
    colorNames: new Map(colors.map((c) => [c.code, c.name])),
    sublineas,
    sizeOrder: new Map(sizes.map((s) => [s.code, s.position])),
  };
}

/** What the preview showed: every valid row with what it changes (before → after) and every problem. */
function huellaOf(plan: ImportPlan): string {
  const hash = createHash('sha256');
  for (const r of plan.rows) hash.update(JSON.stringify([r.row, r.articleCode, r.status, r.changes]));
  hash.update('|');
  for (const e of plan.errors) hash.update(JSON.stringify([e.row, e.column, e.message]));
  return hash.digest('hex');
}

async function storeCodes(db: Db): Promise<Set<string>> {
  return new Set((await repo.findStores(db)).map((s) => s.code.toUpperCase()));
}

function previewOf(subida: Subida, sheet: Sheet, plan: ImportPlan): VistaPreviaImportacion {
  const { columns } = sheet;
  const changing = plan.rows.filter((r) => r.status !== 'igual');
  return {
    id: subida.id,
    huella: huellaOf(plan),
    file: {
      name: subida.name,
      format: sheet.info.format,
      bytes: subida.bytes,
      sheet: sheet.info.sheet,
      encoding: sheet.info.encoding,
      separator: sheet.info.separator,
    },
    columns: {
      read: [...Object.values(columns.fields).map((f) => f.header), ...columns.stock.map((s) => s.header)],
      ignored: columns.ignored,
      stores: columns.stock.map((s) => s.tienda),
    },
    ...summaryOf(plan),
    errors: plan.errors.slice(0, IMPORT_LIMITS.maxErrorsShown),
    errorsTotal: plan.errors.length,
    rows: changing.slice(0, IMPORT_LIMITS.previewRows),
    expiresAt: new Date(Date.parse(subida.createdAt) + keepMs).toISOString(),
  };
}

/** Reads the uploaded sheet, checks every row against the catalogue and keeps the preview with it. */
export async function vistaPrevia(db: Db, dataDir: string, subida: Subida): Promise<VistaPreviaImportacion> {
  try {
    const sheet = await leerHoja(fileOf(dataDir, subida.id), await storeCodes(db));
    const plan = planImport(sheet.read, sheet.columns, await cargarEstado(db, sheet, false));
    const preview = previewOf(subida, sheet, plan);
    await writeFile(metaOf(dataDir, subida.id), JSON.stringify({ ...subida, preview }));
    return preview;
  } catch (error) {
    await borrarSubida(dataDir, subida.id);
    throw error;
  }
}

export async function verVistaPrevia(dataDir: string, userId: number, id: string): Promise<VistaPreviaImportacion> {
  const subida = await leerSubida(dataDir, userId, id);
  if (!subida.preview) throw new NoEncontrado('La vista previa ya no está: suba la hoja de nuevo.');
  return subida.preview;
}

// ── applying ────────────────────────────────────────────────────────────────

const money = (cents: number) => fromCents(cents);

/** Writes the plan: new models and articles, model changes, history, and the stock counts. */
async function escribir(
  tx: Db,
  plan: ImportPlan,
  state: State,
  who: { userId: number; batch: string; fileName: string },
): Promise<{ history: number }> {
  const searchText = (code: string, name: string, colorCode: string, sublineaId: number) => {
    const sub = state.sublineas.get(sublineaId);
    return searchTextOf({
      code,
      name,
      colorName: state.colorNames.get(colorCode) ?? '',
      subLineName: sub?.name ?? '',
      lineName: sub?.lineaName ?? '',
    });
  };
  await repo.insertModels(
    tx,
    plan.newModels.map((m) => ({
      code: m.code,
      baseCode: m.baseCode,
      colorCode: m.colorCode,
      sublineaId: m.sublineaId,
      name: m.name,
      garment: state.sublineas.get(m.sublineaId)?.garment ?? 'franela',
      searchText: searchText(m.code, m.name, m.colorCode, m.sublineaId),
      price: money(m.priceCents),
      promotion: money(m.promotionCents),
    })),
  );
  const addedToExisting = [...new Set(plan.newArticles.filter((a) => state.models.has(a.modelCode)).map((a) => a.modelCode))];
  const sizesBefore = new Map<string, string[]>();
  for (const row of await repo.findModelSizes(tx, addedToExisting)) {
    sizesBefore.set(row.model_code, [...(sizesBefore.get(row.model_code) ?? []), row.size_code]);
  }
  await repo.insertArticles(tx, plan.newArticles);
  await repo.updateModels(
    tx,
    plan.modelUpdates.map((u) => {
      const model = state.models.get(u.code) as ModelState & { colorCode: string };
      return {
        code: u.code,
        name: u.after.name,
        price: money(u.after.priceCents),
        promotion: money(u.after.promotionCents),
        searchText: searchText(u.code, u.after.name, model.colorCode, model.sublineaId),
      };
    }),
  );

  // The history: one row per changed field, as the panel writes it.
  const bySize = (a: string, b: string) => (state.sizeOrder.get(a) ?? 0) - (state.sizeOrder.get(b) ?? 0);
  const addedSizes = new Map<string, string[]>();
  for (const a of plan.newArticles) addedSizes.set(a.modelCode, [...(addedSizes.get(a.modelCode) ?? []), a.sizeCode]);
  const entries: HistoryEntry[] = [];
  for (const m of plan.newModels) {
    const base = { entity: 'modelo' as const, entityKey: m.code, lineaId: m.lineaId, modelCode: m.code };
    entries.push({ ...base, field: 'creado', oldValue: null, newValue: m.name });
    entries.push({ ...base, field: 'precio', oldValue: null, newValue: money(m.priceCents) });
    if (m.promotionCents > 0) entries.push({ ...base, field: 'promocion', oldValue: null, newValue: money(m.promotionCents) });
    entries.push({ ...base, field: 'tallas', oldValue: null, newValue: (addedSizes.get(m.code) ?? []).sort(bySize).join(', ') });
  }
  for (const code of addedToExisting) {
    const model = state.models.get(code) as ModelState;
    const before = (sizesBefore.get(code) ?? []).sort(bySize);
    entries.push({
      entity: 'modelo',
      entityKey: code,
      lineaId: model.lineaId,
      modelCode: code,
      field: 'tallas',
      oldValue: before.join(', '),
      newValue: [...before, ...(addedSizes.get(code) ?? [])].sort(bySize).join(', '),
    });
  }
  for (const u of plan.modelUpdates) {
    const base = { entity: 'modelo' as const, entityKey: u.code, lineaId: u.lineaId, modelCode: u.code };
    if (u.after.name !== u.before.name) entries.push({ ...base, field: 'nombre', oldValue: u.before.name, newValue: u.after.name });
    if (u.after.priceCents !== u.before.priceCents) {
      entries.push({ ...base, field: 'precio', oldValue: money(u.before.priceCents), newValue: money(u.after.priceCents) });
    }
    if (u.after.promotionCents !== u.before.promotionCents) {
      entries.push({ ...base, field: 'promocion', oldValue: money(u.before.promotionCents), newValue: money(u.after.promotionCents) });
    }
  }
  await registrarHistorial(tx, { userId: who.userId, source: 'importacion', batch: who.batch }, entries);

  // The stock: one count movement per changed cell, in the ledger with the batch as reference.
  try {
    await registrarMovimientos(
      tx,
      plan.counts.map((c) => ({ kind: 'conteo' as const, articleCode: c.articleCode, tiendaId: c.tiendaId, counted: c.counted })),
      { userId: who.userId, reference: who.batch, note: `Importación de «${who.fileName}»`.slice(0, 200) },
    );
  } catch (error) {
    if (error instanceof MovimientosRechazados) {
      const first = error.problems[0];
      throw new ReglaNegocio(
        `La existencia cambió desde la vista previa (fila ${plan.counts[first.index]?.row}: ${first.message}): revise la vista previa de nuevo.`,
      );
    }
    throw error;
  }
  return { history: entries.length };
}

/**
 * Applies an uploaded sheet exactly as previewed: re-reads the catalogue under lock (models, then
 * stock rows in the checkout's order), plans again and refuses when the fingerprint differs; with
 * problems, applies only when `soloValidas` (the valid rows) was chosen. One transaction.
 */
export async function aplicar(
  db: Db,
  dataDir: string,
  userId: number,
  input: { id: string; huella: string; soloValidas: boolean },
): Promise<ImportacionAplicada> {
  const subida = await leerSubida(dataDir, userId, input.id);
  const sheet = await leerHoja(fileOf(dataDir, subida.id), await storeCodes(db));
  const batch = randomUUID();
  const changed = 'El catálogo o la existencia cambiaron desde la vista previa: revise la vista previa de nuevo antes de aplicar.';
  let result: ImportacionAplicada;
  try {
    result = await db.transaction(async (tx) => {
      const state = await cargarEstado(tx, sheet, true);
      const plan = planImport(sheet.read, sheet.columns, state);
      if (huellaOf(plan) !== input.huella) throw new ReglaNegocio(changed);
      const summary = summaryOf(plan);
      if (summary.invalid > 0 && !input.soloValidas) {
        throw new ReglaNegocio(
          `La hoja tiene ${summary.invalid === 1 ? '1 fila con errores' : `${formatUnits(summary.invalid)} filas con errores`} y no se aplicó nada: corríjalas y súbala de nuevo, o elija «Aplicar solo las filas válidas».`,
        );
      }
      if (summary.created + summary.changed === 0) throw new ReglaNegocio('La hoja no cambia nada del catálogo ni de la existencia.');
      const { history } = await escribir(tx, plan, state, { userId, batch, fileName: subida.name });
      return {
        batch,
        ...summary,
        skipped: summary.invalid,
        models: { created: plan.newModels.length, updated: plan.modelUpdates.length },
        articles: { created: plan.newArticles.length },
        movements: plan.counts.length,
        history,
      };
    });
  } catch (error) {
    // A model or article created by someone else meanwhile: the preview no longer holds.
    if (isUniqueViolation(error)) throw new ReglaNegocio(changed);
    throw error;
  }
  await borrarSubida(dataDir, subida.id);
  return result;
}

// ── export and the example ──────────────────────────────────────────────────

export type ExportFilters = {
  search?: string;
  lineaId?: number;
  sublineaId?: number;
  color?: string;
  activo?: boolean;
  existencia?: 'con' | 'sin';
  promocion?: boolean;
};

function sheetColumns(stores: { code: string }[]): SheetColumnSpec[] {
  return [
    { header: SHEET_HEADERS.codigo, kind: 'text', width: 20 },
    { header: SHEET_HEADERS.descripcion, kind: 'text', width: 36 },
    { header: SHEET_HEADERS.linea, kind: 'text', width: 8 },
    { header: SHEET_HEADERS.sublinea, kind: 'text', width: 10 },
    { header: SHEET_HEADERS.color, kind: 'text', width: 16 },
    { header: SHEET_HEADERS.talla, kind: 'text', width: 8 },
    { header: SHEET_HEADERS.precio, kind: 'amount', width: 13 },
    { header: SHEET_HEADERS.promocion, kind: 'amount', width: 15 },
    ...stores.map((s) => ({ header: stockHeader(s.code), kind: 'units' as const, width: 15 })),
  ];
}

/** The articles of the selection as rows of the sheet, `page` models at a time. */
async function* exportRows(db: Db, selection: ModelSelection, stores: { id: number }[], page = 1000): AsyncGenerator<SheetValue[]> {
  let after = '';
  for (;;) {
    const models = await repo.findModelCodesPage(db, selection, after, page);
    if (models.length === 0) return;
    after = models[models.length - 1];
    const articles = await repo.findSheetArticles(db, models);
    const stock = await repo.findOnHand(
      db,
      articles.map((a) => a.code),
    );
    const onHand = new Map(stock.map((s) => [stockKey(s.article_code, s.tienda_id), s.quantity]));
    for (const a of articles) {
      yield [
        a.code,
        a.name,
        a.lineCode,
        a.subLineCode,
        a.colorName,
        a.sizeLabel,
        toCents(a.price) / 100,
        toCents(a.promotion) / 100,
        ...stores.map((s) => onHand.get(stockKey(a.code, s.id)) ?? 0),
      ];
    }
    if (models.length < page) return;
  }
}

export function exportFileName(format: SheetFormatName, now = new Date()): string {
  return `catalogo_${now.toISOString().slice(0, 10)}.${format}`;
}

function writeSheet(
  format: SheetFormatName,
  out: Writable,
  columns: SheetColumnSpec[],
  rows: AsyncIterable<SheetValue[]>,
  notes?: string[],
) {
  if (format === 'xlsx') return writeXlsx(out, 'Catálogo', columns, rows, notes ? { name: 'Instrucciones', lines: notes } : undefined);
  return pipeline(csvStream(columns, rows), out);
}

/** Writes the catalogue (the models of the product list's filters) as the sheet the import reads, every store a column. */
export async function exportar(db: Db, format: SheetFormatName, filters: ExportFilters, out: Writable): Promise<void> {
  const stores = await repo.findStores(db);
  const selection: ModelSelection = {
    searchTerms: searchTerms(filters.search),
    lineaId: filters.lineaId,
    sublineaId: filters.sublineaId,
    color: filters.color,
    activo: filters.activo,
    existencia: filters.existencia,
    promocion: filters.promocion,
  };
  await writeSheet(format, out, sheetColumns(stores), exportRows(db, selection, stores));
}

const INSTRUCCIONES = [
  'Cómo importar esta hoja (Productos → Importar y exportar)',
  '',
  'Se lee solo la primera hoja del libro. La fila de títulos puede estar en cualquiera de las primeras 20 filas.',
  'Una fila por artículo (modelo + talla). Una celda vacía deja ese dato como está.',
  '',
  'Código: el código del artículo, modelo + talla (ejemplo: DBLU001NEGRSM = modelo DBLU001NEGR en talla SM). Obligatorio.',
  'Descripción: el nombre del modelo, igual en todas sus tallas.',
  'Línea y Sub-línea: sus códigos (o sus nombres). Solo se usan para crear un modelo nuevo; no mueven un modelo existente.',
  'Color y Talla: informativas, no se importan (el código ya las dice).',
  'Precio USD y Promoción USD: del modelo, iguales en todas sus tallas. La promoción es el monto que se descuenta y no pasa del precio.',
  '   Se aceptan coma o punto decimal (19,99 o 19.99) y separador de miles (1.234,50).',
  'Existencia CCS, Existencia VAL…: una columna por tienda, con su código. Es lo que queda en mano después de importar',
  '   (un conteo), no lo que entra: el libro de movimientos registra la diferencia. No puede ser menor que lo apartado.',
  '',
  'Un código que no existe: si su modelo existe, se agrega esa talla; si no, se crea el modelo cuando la fila trae',
  '   Descripción, Línea, Sub-línea y Precio (el color y la talla del código deben existir).',
  '',
  `CSV: separado por ; o por , (o tabulador), en UTF-8 o Latin-1. Hasta ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB y ${formatUnits(IMPORT_LIMITS.maxRows)} filas.`,
  'Antes de aplicar se ve una vista previa con los errores por fila y columna; con errores no se aplica nada,',
  '   salvo que se elija «Aplicar solo las filas válidas».',
];

/** A small sheet showing the columns: the first articles of the catalogue as they are, and a new model. */
export async function ejemplo(db: Db, format: SheetFormatName, out: Writable): Promise<void> {
  const stores = (await repo.findStores(db)).filter((s) => s.active);
  const [lineas, colors, sizes] = await Promise.all([repo.findLineas(db), repo.findColors(db), repo.findSizes(db)]);
  const sub = lineas.find((l) => l.code !== null);
  async function* rows(): AsyncGenerator<SheetValue[]> {
    let n = 0;
    for await (const row of exportRows(db, { activo: true }, stores, 1)) {
      yield row;
      if (++n >= 2) break;
    }
    const color = colors[0]?.code ?? 'NEGR';
    for (const [i, size] of [...sizes]
      .sort((a, b) => a.position - b.position)
      .slice(0, 2)
      .entries()) {
      yield [
        `EJEMPLO01${color}${size.code}`,
        'Modelo nuevo de ejemplo',
        sub?.lineaCode ?? '',
        sub?.code ?? '',
        '',
        '',
        19.99,
        i === 0 ? 0 : null,
        ...stores.map((_, j) => (j === 0 ? 5 : null)),
      ];
    }
  }
  await writeSheet(format, out, sheetColumns(stores), rows(), INSTRUCCIONES);
}
