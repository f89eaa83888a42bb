// The catalogue sheet (XLSX or CSV, as an ERP such as Profit Plus exports it) as pure rules: which
// columns the header row names, how a cell reads (decimal comma or point), what each row asks for
// and, given what the catalogue holds, what importing it would change, row by row, with every
// problem named by its row in the sheet and its column. The server reads the file, loads the
// state, and applies the plan in one transaction (configuracion.importar.service.ts).
import { isValidArticleCode, SIZE_CODE_LENGTH } from './article-code.ts';
import { MAX_PRICE_CENTS } from './cambio-masivo.ts';
import { formatUnits, MAX_UNITS_ON_HAND, stockKey } from './existencia.ts';
import { formatUsd, fromCents, toCents } from './money.ts';
import { ownValue } from './tabla.ts';
import { normalizeSearch } from './text.ts';

export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  /** Rows of data (the header and blank rows do not count). */
  maxRows: 100_000,
  /** The header row may come after a report's title: it is looked for in these first rows. */
  headerSearchRows: 20,
  /** Problems listed in the preview (all of them are counted). */
  maxErrorsShown: 500,
  /** Rows shown in the preview, those that change first. */
  previewRows: 100,
  /** How long an uploaded sheet waits on the server to be applied. */
  keepMinutes: 60,
} as const;

/** The columns of the sheet as the export writes them; the import also reads the aliases below. */
export const SHEET_HEADERS = {
  codigo: 'Código',
  descripcion: 'Descripción',
  linea: 'Línea',
  sublinea: 'Sub-línea',
  color: 'Color',
  talla: 'Talla',
  precio: 'Precio USD',
  promocion: 'Promoción USD',
} as const;

/** The column of a store's stock: the units on hand after the import (a count, not an entry). */
export const stockHeader = (tiendaCode: string) => `Existencia ${tiendaCode}`;

type Field = 'codigo' | 'descripcion' | 'linea' | 'sublinea' | 'precio' | 'promocion';

/** Header texts (lower case, no accents, words separated by one space) and the field they name. */
const ALIASES: Record<string, Field> = {
  codigo: 'codigo',
  cod: 'codigo',
  'codigo articulo': 'codigo',
  'codigo del articulo': 'codigo',
  'cod articulo': 'codigo',
  'cod art': 'codigo',
  'co art': 'codigo',
  articulo: 'codigo',
  sku: 'codigo',
  descripcion: 'descripcion',
  'descripcion articulo': 'descripcion',
  'descripcion del articulo': 'descripcion',
  'art des': 'descripcion',
  nombre: 'descripcion',
  linea: 'linea',
  'cod linea': 'linea',
  'codigo linea': 'linea',
  'co lin': 'linea',
  sublinea: 'sublinea',
  'sub linea': 'sublinea',
  'cod sublinea': 'sublinea',
  'codigo sublinea': 'sublinea',
  'co subl': 'sublinea',
  precio: 'precio',
  'precio usd': 'precio',
  'precio us': 'precio',
  'precio dolares': 'precio',
  'precio 1': 'precio',
  precio1: 'precio',
  'prec vta1': 'precio',
  'precio venta': 'precio',
  'precio de venta': 'precio',
  promocion: 'promocion',
  'promocion usd': 'promocion',
  promo: 'promocion',
};

/** «Existencia CCS», «Exist. CCS», «Stock VAL», «En mano tienda MCB»: the stock of one store. */
const STOCK_HEADER = /^(?:existencia|exist|stock|en mano|inventario)(?: en)?(?: (?:tienda|almacen))? ([a-z0-9]{1,10})$/;

export const FIELD_LABELS: Record<Field, string> = {
  codigo: 'Código',
  descripcion: 'Descripción',
  linea: 'Línea',
  sublinea: 'Sub-línea',
  precio: 'Precio',
  promocion: 'Promoción',
};

/** A header or a name compared without case, accents or punctuation: «Precio (USD)» → «precio usd». */
export function headerKey(text: string): string {
  return normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** What a cell holds once read from the file: text, a number, a yes/no, or nothing. */
export type Cell = string | number | boolean | null;

/** A row as read from the file: its number as the sheet shows it, and its cells from column A. */
export type SheetRow = { row: number; cells: readonly Cell[] };

export type StockColumn = { index: number; header: string; tienda: string };

export type SheetColumns = {
  fields: Partial<Record<Field, { index: number; header: string }>>;
  stock: StockColumn[];
  /** Headers the import does not read (the export's Color and Talla, for people; an ERP's other columns). */
  ignored: string[];
};

export type HeaderResult = { ok: true; columns: SheetColumns } | { ok: false; message: string };

const isBlank = (cell: Cell | undefined) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** Column letters as a spreadsheet shows them: 0 → A, 27 → AB. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Whether this row is the header: one of its cells names the article code. */
export function isHeaderRow(cells: readonly Cell[]): boolean {
  return cells.some((cell) => typeof cell === 'string' && ownValue(ALIASES, headerKey(cell)) === 'codigo');
}

/**
 * The columns the header row names. `stores` are the store codes that exist: a stock column of
 * another store is refused, as are a column named twice and a sheet with nothing to import.
 */
export function readHeader(cells: readonly Cell[], stores: ReadonlySet<string>): HeaderResult {
  const columns: SheetColumns = { fields: {}, stock: [], ignored: [] };
  const unknownStores: string[] = [];
  for (const [index, cell] of cells.entries()) {
    if (isBlank(cell)) continue;
    const header = String(cell).trim();
    const key = headerKey(header);
    const field = ownValue(ALIASES, key);
    const stock = field === undefined ? STOCK_HEADER.exec(key) : null;
    if (field) {
      const taken = columns.fields[field];
      if (taken) {
        return {
          ok: false,
          message: `La columna ${FIELD_LABELS[field]} está dos veces (${columnLetter(taken.index)} «${taken.header}» y ${columnLetter(index)} «${header}»): deje una sola.`,
        };
      }
      columns.fields[field] = { index, header };
    } else if (stock) {
      const tienda = stock[1].toUpperCase();
      if (!stores.has(tienda)) unknownStores.push(`«${header}»`);
      else if (columns.stock.some((s) => s.tienda === tienda)) {
        return { ok: false, message: `La existencia de la tienda ${tienda} está en dos columnas: deje una sola.` };
      } else columns.stock.push({ index, header, tienda });
    } else {
      columns.ignored.push(header);
    }
  }
  if (!columns.fields.codigo) return { ok: false, message: 'Falta la columna Código.' };
  if (unknownStores.length > 0) {
    return {
      ok: false,
      message: `${unknownStores.length === 1 ? 'La columna' : 'Las columnas'} ${unknownStores.join(', ')} ${unknownStores.length === 1 ? 'nombra una tienda que no existe' : 'nombran tiendas que no existen'}. Las tiendas son: ${[...stores].join(', ')}.`,
    };
  }
  const { fields } = columns;
  if (!fields.descripcion && !fields.precio && !fields.promocion && columns.stock.length === 0) {
    return {
      ok: false,
      message:
        'La hoja no tiene nada que importar: agregue al menos una columna Precio USD, Promoción USD, Descripción o Existencia de una tienda.',
    };
  }
  return { ok: true, columns };
}

// ── cells ───────────────────────────────────────────────────────────────────

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A number as text, with a decimal comma or point: «1.234,56», «1,234.56», «12,5», «1.234» (a
 * single separator followed by exactly three digits groups thousands, as both ways write them).
 * Answers the digits and how many of them are decimals, or null.
 */
export function parseNumberText(text: string): { digits: string; decimals: number } | null {
  const v = text.replace(/[\s\u00a0]/g, '');
  if (!/^[0-9.,]*[0-9][0-9.,]*$/.test(v)) return null;
  const lastDot = v.lastIndexOf('.');
  const lastComma = v.lastIndexOf(',');
  let whole: string;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    const at = v.lastIndexOf(decimal);
    whole = v.slice(0, at);
    fraction = v.slice(at + 1);
    if (fraction.includes(grouping) || !validGroups(whole.split(grouping))) return null;
    whole = whole.split(grouping).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const parts = v.split(separator);
    if (parts.length > 2 || (parts[1].length === 3 && /^[1-9]\d{0,2}$/.test(parts[0]))) {
      if (!validGroups(parts)) return null;
      whole = parts.join('');
    } else {
      [whole, fraction] = parts;
    }
  } else {
    whole = v;
  }
  if (whole === '' && fraction === '') return null;
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '') || '0';
  return { digits, decimals: fraction.length };
}

/** 1.234.567: a first group of 1 to 3 digits, then groups of exactly 3. */
function validGroups(groups: string[]): boolean {
  if (groups.length === 1) return /^\d*$/.test(groups[0]);
  return /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

/** Text of a cell that should hold a number, without a currency sign. */
function numberText(cell: string): { negative: boolean; text: string } {
  let v = cell
    .trim()
    .replace(/^(?:US\$|USD|\$)\s*/i, '')
    .replace(/\s*(?:USD|\$)$/i, '');
  const negative = v.startsWith('-') || /^\(.*\)$/.test(v);
  v = v.replace(/^[-+]/, '').replace(/^\((.*)\)$/, '$1');
  return { negative, text: v };
}

/** An amount in USD as cents. A number cell is rounded half-up to the cent; text has at most 2 decimals. */
export function parseAmountCell(cell: Cell, label: string): Parsed<number> {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return { ok: false, message: `${label} no es un número.` };
    if (cell < 0) return { ok: false, message: `${label} no puede ser negativo.` };
    if (cell * 100 > MAX_PRICE_CENTS) return { ok: false, message: `${label} no puede pasar de ${formatUsd(MAX_PRICE_CENTS)}.` };
    // Excel keeps 19.99 as 19.990000000000002 after a formula: round once to the cent, half-up.
    return { ok: true, value: Math.round(Number((cell * 100).toFixed(6))) };
  }
  if (typeof cell !== 'string') return { ok: false, message: `${label} debe ser un monto en USD (ejemplo: 19,99).` };
  const { negative, text } = numberText(cell);
  const parsed = parseNumberText(text);
  if (!parsed) return { ok: false, message: `${label} no es un monto válido: «${cell.trim()}» (ejemplo: 19,99 o 19.99).` };
  if (negative) return { ok: false, message: `${label} no puede ser negativo.` };
  if (parsed.decimals > 2) return { ok: false, message: `${label} tiene más de 2 decimales: «${cell.trim()}».` };
  const cents = Number(parsed.digits) * 10 ** (2 - parsed.decimals);
  if (!Number.isSafeInteger(cents) || cents > MAX_PRICE_CENTS) {
    return { ok: false, message: `${label} no puede pasar de ${formatUsd(MAX_PRICE_CENTS)}.` };
  }
  return { ok: true, value: cents };
}

/** Units on hand: a whole number from 0 up. */
export function parseUnitsCell(cell: Cell, label: string): Parsed<number> {
  let value: number;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return { ok: false, message: `${label} no es un número.` };
    value = cell;
  } else if (typeof cell === 'string') {
    const { negative, text } = numberText(cell);
    const parsed = parseNumberText(text);
    if (!parsed) return { ok: false, message: `${label} no es un número de unidades: «${cell.trim()}».` };
    if (/[1-9]/.test(parsed.digits.slice(parsed.digits.length - parsed.decimals))) {
      return { ok: false, message: `${label} debe ser un número entero de unidades: «${cell.trim()}».` };
    }
    value = Number(parsed.digits.slice(0, parsed.digits.length - parsed.decimals) || '0') * (negative ? -1 : 1);
  } else {
    return { ok: false, message: `${label} debe ser un número de unidades.` };
  }
  if (!Number.isInteger(value)) return { ok: false, message: `${label} debe ser un número entero de unidades.` };
  if (value < 0) return { ok: false, message: `${label} no puede ser negativa.` };
  if (value > MAX_UNITS_ON_HAND) return { ok: false, message: `${label} no puede pasar de ${formatUnits(MAX_UNITS_ON_HAND)} unidades.` };
  return { ok: true, value };
}

function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'boolean') return cell ? 'VERDADERO' : 'FALSO';
  return cell.replace(/\s+/g, ' ').trim();
}

// ── rows ────────────────────────────────────────────────────────────────────

/** What one row of the sheet asks for. Absent fields stay as they are. */
export type ImportRow = {
  row: number;
  articleCode: string;
  name?: string;
  linea?: string;
  sublinea?: string;
  priceCents?: number;
  promotionCents?: number;
  /** The units on hand each store should have. */
  stock: { tienda: string; counted: number; column: string }[];
};

export type RowError = { row: number; column: string; message: string };

export type ReadRow = { row: ImportRow | null; errors: RowError[] };

const NAME_MIN = 2;
const NAME_MAX = 80;
const CONTROL = /\p{Cc}/u;

/** One row of data: what it asks for and what is wrong with its cells. `row: null` for a blank row. */
export function readRow(sheetRow: SheetRow, columns: SheetColumns): ReadRow {
  const { fields } = columns;
  const cellAt = (index: number): Cell => sheetRow.cells[index] ?? null;
  const used = [...Object.values(fields).map((f) => f.index), ...columns.stock.map((s) => s.index)];
  if (used.every((index) => isBlank(cellAt(index)))) return { row: null, errors: [] };
  const errors: RowError[] = [];
  const fail = (column: string, message: string) => errors.push({ row: sheetRow.row, column, message });
  const text = (field: Field): string | undefined => {
    const column = fields[field];
    if (!column) return undefined;
    const value = cellText(cellAt(column.index));
    return value === '' ? undefined : value;
  };

  const codeColumn = fields.codigo?.header ?? FIELD_LABELS.codigo;
  const articleCode = (text('codigo') ?? '').toUpperCase();
  if (!articleCode) fail(codeColumn, 'Falta el código del artículo.');
  else if (articleCode.length > 22 || !/^[A-Z0-9][A-Z0-9-]*$/.test(articleCode)) {
    fail(
      codeColumn,
      `El código «${articleCode.slice(0, 30)}» no es válido: modelo y talla, solo letras, números y guiones (ejemplo: DBLU001NEGRSM).`,
    );
  }

  const row: ImportRow = { row: sheetRow.row, articleCode, stock: [] };
  // The CSV export guards a text starting with = + - @ with an apostrophe (domain/csv.ts): it reads back without it.
  const name = text('descripcion')?.replace(/^'(?=[=+\-@])/, '');
  if (name !== undefined) {
    const column = fields.descripcion?.header ?? FIELD_LABELS.descripcion;
    if (CONTROL.test(name)) fail(column, 'La descripción tiene caracteres que no se pueden guardar.');
    else if (name.length < NAME_MIN) fail(column, `La descripción debe tener al menos ${NAME_MIN} caracteres.`);
    else if (name.length > NAME_MAX) fail(column, `La descripción no puede tener más de ${NAME_MAX} caracteres (tiene ${name.length}).`);
    else row.name = name;
  }
  const linea = text('linea');
  if (linea !== undefined) row.linea = linea;
  const sublinea = text('sublinea');
  if (sublinea !== undefined) row.sublinea = sublinea;

  for (const field of ['precio', 'promocion'] as const) {
    const column = fields[field];
    if (!column || isBlank(cellAt(column.index))) continue;
    const label = field === 'precio' ? 'El precio' : 'La promoción';
    const amount = parseAmountCell(cellAt(column.index), label);
    if (!amount.ok) fail(column.header, amount.message);
    else if (field === 'precio' && amount.value === 0) fail(column.header, 'El precio debe ser mayor que cero.');
    else if (field === 'precio') row.priceCents = amount.value;
    else row.promotionCents = amount.value;
  }

  for (const column of columns.stock) {
    const cell = cellAt(column.index);
    if (isBlank(cell)) continue;
    const units = parseUnitsCell(cell, `La existencia de ${column.tienda}`);
    if (!units.ok) fail(column.header, units.message);
    else row.stock.push({ tienda: column.tienda, counted: units.value, column: column.header });
  }
  return { row, errors };
}

// ── the plan ────────────────────────────────────────────────────────────────

export type ModelState = {
  code: string;
  name: string;
  priceCents: number;
  promotionCents: number;
  lineaId: number;
  lineaCode: string;
  lineaName: string;
  sublineaId: number;
  sublineaCode: string;
  sublineaName: string;
};

export type LineaState = { id: number; code: string; name: string; sublineas: { id: number; code: string; name: string }[] };
export type StoreState = { id: number; code: string; name: string; active: boolean };

/** What the catalogue holds of what the sheet names. */
export type CatalogState = {
  /** Existing articles and their model. */
  articles: ReadonlyMap<string, string>;
  models: ReadonlyMap<string, ModelState>;
  sizes: ReadonlySet<string>;
  colors: ReadonlySet<string>;
  lineas: readonly LineaState[];
  /** By code. */
  stores: ReadonlyMap<string, StoreState>;
  /** On hand and held by stockKey(article, tiendaId); a missing row has nothing. */
  stock: ReadonlyMap<string, { quantity: number; held: number }>;
};

export const ROW_STATUSES = ['nuevo', 'cambia', 'igual'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export const CHANGE_FIELDS = ['modelo', 'articulo', 'nombre', 'precio', 'promocion', 'existencia'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

/** One value a row changes: prices as API decimals ("19.99"), units as digits. */
export type PlannedChange = { field: ChangeField; tienda: string | null; before: string | null; after: string };

export type RowPlan = { row: number; articleCode: string; status: RowStatus; changes: PlannedChange[] };

export type NewModel = {
  code: string;
  baseCode: string;
  colorCode: string;
  lineaId: number;
  sublineaId: number;
  name: string;
  priceCents: number;
  promotionCents: number;
};

export type ModelUpdate = {
  code: string;
  lineaId: number;
  before: { name: string; priceCents: number; promotionCents: number };
  after: { name: string; priceCents: number; promotionCents: number };
};

export type NewArticle = { code: string; modelCode: string; sizeCode: string };

export type StockCount = { row: number; articleCode: string; tiendaId: number; before: number; counted: number };

export type ImportPlan = {
  /** The valid rows in sheet order. */
  rows: RowPlan[];
  /** Every problem, by row and column, in sheet order. */
  errors: RowError[];
  invalidRows: number;
  newModels: NewModel[];
  newArticles: NewArticle[];
  modelUpdates: ModelUpdate[];
  /** Only the counts that change what is on hand. */
  counts: StockCount[];
};

export type ImportSummary = { total: number; created: number; changed: number; unchanged: number; invalid: number };

export function summaryOf(plan: ImportPlan): ImportSummary {
  let created = 0;
  let changed = 0;
  for (const r of plan.rows) {
    if (r.status === 'nuevo') created++;
    else if (r.status === 'cambia') changed++;
  }
  const unchanged = plan.rows.length - created - changed;
  return { total: plan.rows.length + plan.invalidRows, created, changed, unchanged, invalid: plan.invalidRows };
}

/** The model's values as the import leaves them, and the row that stated each one first. */
type Target = {
  name?: { value: string; row: number };
  priceCents?: { value: number; row: number };
  promotionCents?: { value: number; row: number };
  /** Where it is (existing model) or goes (new model). */
  place?: { lineaId: number; sublineaId: number; row: number };
};

const MODEL_BASE = /^[A-Z0-9][A-Z0-9-]{1,15}$/;

function findLinea(lineas: readonly LineaState[], text: string): LineaState | undefined {
  const key = headerKey(text);
  return lineas.find((l) => headerKey(l.code) === key) ?? lineas.find((l) => headerKey(l.name) === key);
}

function findSublinea(linea: LineaState, text: string) {
  const key = headerKey(text);
  return linea.sublineas.find((s) => headerKey(s.code) === key) ?? linea.sublineas.find((s) => headerKey(s.name) === key);
}

/**
 * What importing these rows would do to the catalogue in `state`, row by row. A row is applied
 * whole or not at all: any problem in it leaves it out (with its problems listed). Price,
 * promotion and description belong to the model, so the rows of its sizes must agree on them; the
 * first valid row that states one sets it. An unknown article whose model exists adds that size;
 * an unknown model is created when its row carries description, línea, sub-línea and price. A
 * stock cell is the count of units on hand in that store: it becomes a count movement of the
 * difference (none when it matches), never below what is held for carts and orders.
 */
export function planImport(read: readonly ReadRow[], columns: SheetColumns, state: CatalogState): ImportPlan {
  const plan: ImportPlan = { rows: [], errors: [], invalidRows: 0, newModels: [], newArticles: [], modelUpdates: [], counts: [] };
  const firstRowOf = new Map<string, number>();
  const targets = new Map<string, Target>();
  const newModels = new Map<string, NewModel>();
  const newArticles = new Set<string>();
  const header = (field: Field) => columns.fields[field]?.header ?? FIELD_LABELS[field];

  for (const entry of read) {
    if (!entry.row) continue;
    const r = entry.row;
    const errors: RowError[] = [...entry.errors];
    const fail = (column: string, message: string) => errors.push({ row: r.row, column, message });
    const codeColumn = header('codigo');

    if (r.articleCode) {
      const earlier = firstRowOf.get(r.articleCode);
      if (earlier !== undefined) fail(codeColumn, `El artículo ${r.articleCode} ya está en la fila ${earlier}.`);
      else firstRowOf.set(r.articleCode, r.row);
    }
    if (errors.length > 0) {
      plan.errors.push(...errors);
      plan.invalidRows++;
      continue;
    }

    // Which model, and whether the article or the model is new.
    const existingModelCode = state.articles.get(r.articleCode);
    const modelCode = existingModelCode ?? r.articleCode.slice(0, -SIZE_CODE_LENGTH);
    const sizeCode = r.articleCode.slice(-SIZE_CODE_LENGTH);
    const model = state.models.get(modelCode);
    const creatingModel = !existingModelCode && !model && !newModels.has(modelCode);
    const newArticle = !existingModelCode;
    if (newArticle) {
      if (!isValidArticleCode(r.articleCode) || modelCode.length > 20) {
        fail(
          codeColumn,
          `El artículo ${r.articleCode} no existe y su código no se puede leer como modelo + talla (ejemplo: DBLU001NEGRSM: modelo DBLU001NEGR, talla SM).`,
        );
      } else {
        if (!state.sizes.has(sizeCode)) fail(codeColumn, `El artículo ${r.articleCode} no existe y su talla ${sizeCode} tampoco.`);
        if (creatingModel) {
          const colorCode = modelCode.slice(-4);
          const baseCode = modelCode.slice(0, -4);
          if (!state.colors.has(colorCode)) {
            fail(codeColumn, `El modelo ${modelCode} no existe y su color ${colorCode} tampoco: créelo primero en el panel.`);
          }
          if (!MODEL_BASE.test(baseCode)) {
            fail(
              codeColumn,
              `El modelo ${modelCode} no existe y su código base ${baseCode} no es válido (de 2 a 16 letras, números o guiones).`,
            );
          }
          const missing = (['descripcion', 'linea', 'sublinea', 'precio'] as const).filter((f) =>
            f === 'descripcion'
              ? r.name === undefined
              : f === 'linea'
                ? r.linea === undefined
                : f === 'sublinea'
                  ? r.sublinea === undefined
                  : r.priceCents === undefined,
          );
          if (missing.length > 0) {
            fail(
              header(missing[0]),
              `El artículo ${r.articleCode} no existe. Para crear su modelo ${modelCode}, la fila necesita ${missing.map((f) => FIELD_LABELS[f]).join(', ')}.`,
            );
          }
        }
      }
    }

    // Where the model is or goes.
    const target: Target = { ...(targets.get(modelCode) ?? {}) };
    let place = target.place ?? (model ? { lineaId: model.lineaId, sublineaId: model.sublineaId, row: 0 } : undefined);
    if (r.linea !== undefined || r.sublinea !== undefined) {
      const moved = (field: Field) =>
        fail(
          header(field),
          `El modelo ${modelCode} ${model ? `está en ${model.lineaCode}/${model.sublineaCode}` : `va en otra sub-línea según la fila ${place?.row}`}: la importación no cambia la sub-línea de un modelo (hágalo en su página).`,
        );
      const linea = r.linea !== undefined ? findLinea(state.lineas, r.linea) : state.lineas.find((l) => l.id === place?.lineaId);
      if (r.linea !== undefined && !linea) fail(header('linea'), `La línea «${r.linea}» no existe.`);
      else if (!linea) {
        if (!creatingModel) fail(header('linea'), 'Indique también la línea de la sub-línea.');
      } else if (r.sublinea !== undefined) {
        const sub = findSublinea(linea, r.sublinea);
        if (!sub) fail(header('sublinea'), `La línea ${linea.name} no tiene la sub-línea «${r.sublinea}».`);
        else if (place && (place.sublineaId !== sub.id || place.lineaId !== linea.id)) moved('sublinea');
        else if (!place) place = { lineaId: linea.id, sublineaId: sub.id, row: r.row };
      } else if (place && place.lineaId !== linea.id) moved('linea');
      else if (!place && !creatingModel) fail(header('sublinea'), 'Indique también la sub-línea.');
    }

    // The model's fields: the rows of its sizes must agree.
    const disagree = (
      stated: { value: string | number; row: number } | undefined,
      value: string | number | undefined,
      field: Field,
      label: string,
    ) => {
      if (value !== undefined && stated && stated.value !== value) {
        fail(
          header(field),
          `${label} no coincide con el de la fila ${stated.row}: es del modelo ${modelCode}, igual para todas sus tallas.`,
        );
      }
    };
    disagree(target.name, r.name, 'descripcion', 'La descripción');
    disagree(target.priceCents, r.priceCents, 'precio', 'El precio');
    disagree(target.promotionCents, r.promotionCents, 'promocion', 'La promoción');
    const priceCents = r.priceCents ?? target.priceCents?.value ?? model?.priceCents;
    const promotionCents = r.promotionCents ?? target.promotionCents?.value ?? model?.promotionCents ?? 0;
    if (priceCents !== undefined && promotionCents > priceCents && (r.priceCents !== undefined || r.promotionCents !== undefined)) {
      const promotionFrom =
        r.promotionCents !== undefined ? '' : target.promotionCents ? ` (de la fila ${target.promotionCents.row})` : ' actual';
      fail(
        header(r.promotionCents !== undefined ? 'promocion' : 'precio'),
        `La promoción${promotionFrom} (${formatUsd(promotionCents)}) no puede ser mayor que el precio (${formatUsd(priceCents)}): es lo que se descuenta del precio.`,
      );
    }

    // The stock of each store.
    const stockChanges: StockCount[] = [];
    for (const cell of r.stock) {
      const store = state.stores.get(cell.tienda);
      if (!store) continue; // the header only lets through stores that exist
      const level = newArticle ? undefined : state.stock.get(stockKey(r.articleCode, store.id));
      const before = level?.quantity ?? 0;
      const held = level?.held ?? 0;
      if (cell.counted < held) {
        fail(
          cell.column,
          `La existencia de ${r.articleCode} en ${store.name} (${formatUnits(cell.counted)}) no puede ser menor que lo apartado para carritos u órdenes (${formatUnits(held)}).`,
        );
      } else if (cell.counted > before && !store.active) {
        fail(cell.column, `${store.name} está inactiva y no recibe mercancía: la existencia no puede subir de ${formatUnits(before)}.`);
      } else if (cell.counted !== before) {
        stockChanges.push({ row: r.row, articleCode: r.articleCode, tiendaId: store.id, before, counted: cell.counted });
      }
    }

    if (errors.length > 0) {
      plan.errors.push(...errors);
      plan.invalidRows++;
      continue;
    }

    // The row is valid: it sets what it states and says what it changes.
    if (r.name !== undefined && !target.name) target.name = { value: r.name, row: r.row };
    if (r.priceCents !== undefined && !target.priceCents) target.priceCents = { value: r.priceCents, row: r.row };
    if (r.promotionCents !== undefined && !target.promotionCents) target.promotionCents = { value: r.promotionCents, row: r.row };
    if (place) target.place = place;
    targets.set(modelCode, target);
    const changes: PlannedChange[] = [];
    if (creatingModel && place && r.name !== undefined && r.priceCents !== undefined) {
      newModels.set(modelCode, {
        code: modelCode,
        baseCode: modelCode.slice(0, -4),
        colorCode: modelCode.slice(-4),
        lineaId: place.lineaId,
        sublineaId: place.sublineaId,
        name: r.name,
        priceCents: r.priceCents,
        promotionCents: 0,
      });
      changes.push({ field: 'modelo', tienda: null, before: null, after: modelCode });
    }
    if (newArticle) {
      newArticles.add(r.articleCode);
      plan.newArticles.push({ code: r.articleCode, modelCode, sizeCode });
      changes.push({ field: 'articulo', tienda: null, before: null, after: r.articleCode });
    }
    const current = model ? { name: model.name, priceCents: model.priceCents, promotionCents: model.promotionCents } : null;
    if (r.name !== undefined && r.name !== current?.name)
      changes.push({ field: 'nombre', tienda: null, before: current?.name ?? null, after: r.name });
    if (r.priceCents !== undefined && r.priceCents !== current?.priceCents) {
      changes.push({
        field: 'precio',
        tienda: null,
        before: current ? fromCents(current.priceCents) : null,
        after: fromCents(r.priceCents),
      });
    }
    if (r.promotionCents !== undefined && r.promotionCents !== current?.promotionCents) {
      changes.push({
        field: 'promocion',
        tienda: null,
        before: current ? fromCents(current.promotionCents) : null,
        after: fromCents(r.promotionCents),
      });
    }
    for (const s of stockChanges) {
      const tienda = [...state.stores.values()].find((st) => st.id === s.tiendaId)?.code ?? String(s.tiendaId);
      changes.push({ field: 'existencia', tienda, before: String(s.before), after: String(s.counted) });
    }
    plan.counts.push(...stockChanges);
    plan.rows.push({
      row: r.row,
      articleCode: r.articleCode,
      status: newArticle ? 'nuevo' : changes.length > 0 ? 'cambia' : 'igual',
      changes,
    });
  }

  // New models take the promotion any of their rows stated; existing ones change what differs.
  for (const created of newModels.values()) {
    created.promotionCents = targets.get(created.code)?.promotionCents?.value ?? 0;
    plan.newModels.push(created);
  }
  for (const [code, target] of targets) {
    const model = state.models.get(code);
    if (!model) continue;
    const before = { name: model.name, priceCents: model.priceCents, promotionCents: model.promotionCents };
    const after = {
      name: target.name?.value ?? before.name,
      priceCents: target.priceCents?.value ?? before.priceCents,
      promotionCents: target.promotionCents?.value ?? before.promotionCents,
    };
    if (after.name !== before.name || after.priceCents !== before.priceCents || after.promotionCents !== before.promotionCents) {
      plan.modelUpdates.push({ code, lineaId: model.lineaId, before, after });
    }
  }
  return plan;
}

// ── words for people ────────────────────────────────────────────────────────

export const CHANGE_LABELS: Record<ChangeField, string> = {
  modelo: 'Modelo nuevo',
  articulo: 'Artículo nuevo',
  nombre: 'Descripción',
  precio: 'Precio',
  promocion: 'Promoción',
  existencia: 'Existencia',
};

export const STATUS_LABELS: Record<RowStatus, string> = { nuevo: 'Nuevo', cambia: 'Cambia', igual: 'Sin cambios' };

/** A planned value as a person reads it. */
export function formatChangeValue(field: ChangeField, value: string | null): string {
  if (value === null) return '—';
  if (field === 'precio' || field === 'promocion') return formatUsd(toCents(value));
  if (field === 'existencia') return formatUnits(Number(value));
  return value;
}
