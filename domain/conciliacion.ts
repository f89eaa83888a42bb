// Bank statement reconciliation (issue 10, part E): reading the lines of a statement exported by a
// Venezuelan bank with the columns mapped once per bank, and matching its credits to the payments
// reported and not yet confirmed (web order payments and pending abonos). Pure: no I/O.
import { normalizeReference } from './abono.ts';
import { isIsoDay } from './dates.ts';
import type { Currency } from './money.ts';

/** A cell as the sheet reader gives it. */
export type StatementCell = string | number | boolean | null;

export const DECIMAL_STYLES = ['coma', 'punto'] as const;
/** coma: 1.234,56 (as Venezuelan banks export); punto: 1,234.56. */
export type DecimalStyle = (typeof DECIMAL_STYLES)[number];

export const AMOUNT_MODES = ['columnas', 'signo', 'tipo'] as const;
/**
 * columnas: a credit column (and maybe a debit one); signo: one amount column, credits positive;
 * tipo: one amount column and a column that says whether the line is a credit (its text starts with
 * one of `creditMarks`, e.g. «C», «CR», «Abono»).
 */
export type AmountMode = (typeof AMOUNT_MODES)[number];

/** The columns of a bank's export, by their header text (so a reordered export still reads). */
export type StatementMapping = {
  date: string;
  reference: string;
  description: string | null;
  mode: AmountMode;
  /** columnas: the credit column; signo and tipo: the amount column. */
  amount: string;
  debit: string | null;
  type: string | null;
  creditMarks: string[];
  decimal: DecimalStyle;
};

export const STATEMENT_LIMITS = {
  /** Rows read from a statement; a month of a busy account is far below. */
  maxRows: 5000,
  /** Rows searched for the header. */
  headerSearchRows: 30,
  /** Days a payment's date may differ from the statement's, at most. */
  maxWindowDays: 7,
  defaultWindowDays: 2,
} as const;

// ── numbers, dates, references ──────────────────────────────────────────────

/**
 * An amount as a bank writes it, in cents: «1.234,56» (decimal comma) or «1,234.56» (decimal point),
 * with a currency sign or «Bs.» around it, a minus before or after, or in parentheses. A number cell
 * is taken as it is. null: not an amount.
 */
export function parseStatementAmount(value: StatementCell, decimal: DecimalStyle): number | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  let text = value.trim().replace(/\s/g, '');
  if (!text) return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/^(bs\.?s?\.?|ves|usd|us\$|\$)/i, '').replace(/(bs\.?s?\.?|ves|usd)$/i, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  } else if (text.endsWith('+')) text = text.slice(0, -1);
  const [thousands, point] = decimal === 'coma' ? ['.', ','] : [',', '.'];
  const grouped = new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})*(\\${point}\\d{1,2})?$`);
  const plain = new RegExp(`^\\d+(\\${point}\\d{1,2})?$`);
  if (!grouped.test(text) && !plain.test(text)) return null;
  const [whole, fraction = ''] = text.split(thousands).join('').split(point);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

function validDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A statement date as an ISO day: dd/mm/aaaa, dd-mm-aaaa, dd.mm.aaaa, dd/mm/aa (as Venezuelan banks
 * write them, maybe followed by a time), aaaa-mm-dd (a date cell of an XLSX), or an Excel serial number.
 */
export function parseStatementDate(value: StatementCell): string | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') {
    // A date cell of an XLSX read without its styles: days since 1899-12-30, the time as the fraction.
    if (!Number.isFinite(value) || value < 20_000 || value >= 80_000) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(value) * 86_400_000).toISOString().slice(0, 10);
  }
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/.exec(text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (!local) return null;
  const year = local[3].length === 2 ? 2000 + Number(local[3]) : Number(local[3]);
  return validDay(year, Number(local[2]), Number(local[1]));
}

/** A reference as payments store it (domain/abono.ts normalizeReference), without the leading zeros banks pad it with. */
export function statementReference(value: StatementCell): string {
  if (value === null || typeof value === 'boolean') return '';
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : value;
  return normalizeReference(text).replace(/^0+(?=.)/, '');
}

/**
 * Two references are the same payment when equal once normalised, or when the bank shows only the
 * last digits of it (one ends with the other, at least 6 characters long).
 */
export function referencesMatch(a: string, b: string): boolean {
  const x = statementReference(a);
  const y = statementReference(b);
  if (!x || !y) return false;
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= 6 && long.endsWith(short);
}

export function daysBetween(a: string, b: string): number {
  return Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
}

// ── reading the sheet ───────────────────────────────────────────────────────

export function headerKey(text: StatementCell): string {
  return String(text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function nonEmpty(cells: StatementCell[]): StatementCell[] {
  return cells.filter((c) => c !== null && String(c).trim() !== '');
}

/**
 * The header of a statement: the first row (of the first 30) whose cells hold all the mapped
 * columns; without a mapping, the first with at least three texts, none a date or an amount, one of
 * them naming a date or a reference.
 */
export function findHeaderRow(rows: StatementCell[][], mapping?: StatementMapping | null): number {
  const limit = Math.min(rows.length, STATEMENT_LIMITS.headerSearchRows);
  if (mapping) {
    const needed = mappedColumns(mapping);
    for (let i = 0; i < limit; i++) {
      const keys = new Set(rows[i].map(headerKey));
      if (needed.every((n) => keys.has(headerKey(n)))) return i;
    }
    return -1;
  }
  let fallback = -1;
  for (let i = 0; i < limit; i++) {
    const cells = nonEmpty(rows[i]);
    if (cells.length < 3) continue;
    const texts = cells.every((c) => typeof c === 'string' && parseStatementDate(c) === null && parseStatementAmount(c, 'coma') === null);
    if (!texts) continue;
    if (cells.some((c) => /fecha|refer/.test(headerKey(c)))) return i;
    if (fallback < 0) fallback = i;
  }
  return fallback;
}

function mappedColumns(m: StatementMapping): string[] {
  const columns = [m.date, m.reference, m.amount];
  if (m.description) columns.push(m.description);
  if (m.mode === 'columnas' && m.debit) columns.push(m.debit);
  if (m.mode === 'tipo' && m.type) columns.push(m.type);
  return columns;
}

const GUESSES: Array<[keyof StatementMapping, RegExp]> = [
  ['date', /^fecha|fecha$/],
  ['reference', /refer|^ref|nro|numero|documento|comprobante/],
  ['description', /descrip|concepto|detalle|movimiento/],
  ['amount', /credito|abono|haber|ingreso/],
  ['debit', /debito|cargo|debe|egreso/],
];

/** A first guess of the mapping from the header's words, for a bank seen for the first time. */
export function guessMapping(header: StatementCell[]): StatementMapping {
  const names = header.map((c) => String(c ?? '').trim()).filter(Boolean);
  const pick = (pattern: RegExp, taken: Set<string>) => names.find((n) => !taken.has(n) && pattern.test(headerKey(n))) ?? null;
  const taken = new Set<string>();
  const found: Partial<Record<keyof StatementMapping, string | null>> = {};
  for (const [field, pattern] of GUESSES) {
    const name = pick(pattern, taken);
    found[field] = name;
    if (name) taken.add(name);
  }
  let mode: AmountMode = 'columnas';
  if (!found.amount) {
    found.amount = pick(/monto|importe|valor/, taken);
    mode = 'signo';
  }
  return {
    date: found.date ?? '',
    reference: found.reference ?? '',
    description: found.description ?? null,
    mode,
    amount: found.amount ?? '',
    debit: mode === 'columnas' ? (found.debit ?? null) : null,
    type: null,
    creditMarks: ['C', 'CR', 'ABONO', 'CREDITO'],
    decimal: 'coma',
  };
}

export type StatementLine = {
  /** The row as the spreadsheet numbers it (1 = its first row). */
  row: number;
  date: string;
  reference: string;
  description: string;
  /** A credit, in cents of the statement's currency; always > 0. */
  amountCents: number;
};

export type StatementProblem = { row: number; message: string };

export type ParsedStatement = {
  lines: StatementLine[];
  /** Debits and empty amounts: money that left the account, not a payment received. */
  ignored: number;
  problems: StatementProblem[];
};

function isCredit(mark: StatementCell, marks: string[]): boolean {
  const text = headerKey(mark).toUpperCase();
  return text !== '' && marks.some((m) => m.trim() !== '' && text.startsWith(headerKey(m).toUpperCase()));
}

/**
 * The credit lines of a statement read with `mapping`: every row after the header with a date
 * read as a line; a row with neither date nor amount (a total, a blank, a footer) is left out;
 * a row that has one but not the other is a problem with its reason.
 */
export function parseStatement(rows: StatementCell[][], mapping: StatementMapping): ParsedStatement | { error: string } {
  const header = findHeaderRow(rows, mapping);
  if (header < 0) {
    return { error: 'No se encontró la fila de títulos con las columnas elegidas en las primeras 30 filas del extracto.' };
  }
  const index = new Map<string, number>();
  rows[header].forEach((cell, i) => {
    const key = headerKey(cell);
    if (key && !index.has(key)) index.set(key, i);
  });
  const col = (name: string | null) => (name ? (index.get(headerKey(name)) ?? -1) : -1);
  const at = (cells: StatementCell[], i: number) => (i >= 0 ? (cells[i] ?? null) : null);
  const [dateCol, refCol, descCol, amountCol, debitCol, typeCol] = [
    col(mapping.date),
    col(mapping.reference),
    col(mapping.description),
    col(mapping.amount),
    mapping.mode === 'columnas' ? col(mapping.debit) : -1,
    mapping.mode === 'tipo' ? col(mapping.type) : -1,
  ];
  const lines: StatementLine[] = [];
  const problems: StatementProblem[] = [];
  let ignored = 0;
  const filled = (cell: StatementCell) => cell !== null && String(cell).trim() !== '';
  for (let i = header + 1; i < rows.length && i <= header + STATEMENT_LIMITS.maxRows; i++) {
    const cells = rows[i];
    const row = i + 1;
    const rawDate = at(cells, dateCol);
    const rawAmount = at(cells, amountCol);
    const date = parseStatementDate(rawDate);
    if (date === null) {
      // A blank row, a total or a footer has no date; a line whose date cannot be read is a problem.
      if (filled(rawDate) && (filled(rawAmount) || filled(at(cells, debitCol)))) {
        problems.push({ row, message: `La fecha «${String(rawDate).trim()}» no se entiende.` });
      }
      continue;
    }
    if (!filled(rawAmount)) {
      ignored++;
      continue;
    }
    const amount = parseStatementAmount(rawAmount, mapping.decimal);
    if (amount === null) {
      problems.push({ row, message: `El monto «${String(rawAmount).trim()}» no se entiende.` });
      continue;
    }
    const credit = mapping.mode === 'tipo' ? (isCredit(at(cells, typeCol), mapping.creditMarks) ? Math.abs(amount) : 0) : amount;
    if (credit <= 0) {
      ignored++;
      continue;
    }
    lines.push({
      row,
      date,
      reference: statementReference(at(cells, refCol)),
      description: String(at(cells, descCol) ?? '')
        .trim()
        .slice(0, 300),
      amountCents: credit,
    });
  }
  return { lines, ignored, problems };
}

// ── matching ────────────────────────────────────────────────────────────────

export const PAYMENT_KINDS = ['orden', 'abono'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export type PendingPayment = {
  kind: PaymentKind;
  id: number;
  reference: string;
  amountCents: number;
  currency: Currency;
  /** The day the customer says they paid. */
  date: string;
};

export type MatchableLine = { id: number; date: string; reference: string; amountCents: number };

/** referencia: same reference and amount (the date is only a tie-break); fecha: same amount, dates within the window. */
export type MatchStrength = 'referencia' | 'fecha';

export type Match = { lineId: number; kind: PaymentKind; paymentId: number; strength: MatchStrength; days: number };

export type MatchOptions = { windowDays: number };

/** How a line and a payment match, or null: the amount must be the same to the cent. */
export function pairStrength(line: MatchableLine, payment: PendingPayment, options: MatchOptions): MatchStrength | null {
  if (line.amountCents !== payment.amountCents || line.amountCents <= 0) return null;
  if (referencesMatch(line.reference, payment.reference)) return 'referencia';
  if (isIsoDay(line.date) && isIsoDay(payment.date) && daysBetween(line.date, payment.date) <= options.windowDays) return 'fecha';
  return null;
}

/**
 * Pairs statement lines with payments, each at most once: first every pair with the same reference
 * and amount, then same amount within the window of days, each group closest date first (then the
 * earlier line and payment), so the result does not depend on the order of its inputs. The caller
 * passes payments in the statement's currency.
 */
export function matchStatement(lines: readonly MatchableLine[], payments: readonly PendingPayment[], options: MatchOptions): Match[] {
  const candidates: Match[] = [];
  for (const line of lines) {
    for (const payment of payments) {
      const strength = pairStrength(line, payment, options);
      if (!strength) continue;
      const days = isIsoDay(line.date) && isIsoDay(payment.date) ? daysBetween(line.date, payment.date) : Number.MAX_SAFE_INTEGER;
      candidates.push({ lineId: line.id, kind: payment.kind, paymentId: payment.id, strength, days });
    }
  }
  const rank = (m: Match) => (m.strength === 'referencia' ? 0 : 1);
  candidates.sort(
    (a, b) => rank(a) - rank(b) || a.days - b.days || a.lineId - b.lineId || a.kind.localeCompare(b.kind) || a.paymentId - b.paymentId,
  );
  const usedLines = new Set<number>();
  const usedPayments = new Set<string>();
  const matches: Match[] = [];
  for (const c of candidates) {
    const key = `${c.kind}:${c.paymentId}`;
    if (usedLines.has(c.lineId) || usedPayments.has(key)) continue;
    usedLines.add(c.lineId);
    usedPayments.add(key);
    matches.push(c);
  }
  return matches.sort((a, b) => a.lineId - b.lineId);
}

export const MATCH_STRENGTH_LABELS: Record<MatchStrength, string> = {
  referencia: 'Referencia y monto',
  fecha: 'Monto y fecha',
};
