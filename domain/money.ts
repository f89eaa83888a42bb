// Money as integer cents; USD is the price currency, VES = USD × tasa del día.
import type { Decimal } from './decimal.ts';
import { divideHalfUp, parseDecimal, roundToScale, toSafeInteger } from './decimal.ts';

export const CURRENCIES = ['USD', 'VES'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function assertCents(value: number, name = 'monto'): void {
  if (!Number.isSafeInteger(value)) {
    throw new TypeError(`El ${name} debe ser un número entero de céntimos (recibido: ${value})`);
  }
}

/** Parses "12.5", "12.505" or 12.5 into cents, rounding half-up without float error. */
export function toCents(value: string | number): number {
  return toSafeInteger(roundToScale(parseDecimal(value), 2));
}

/** 1250 → "12.50": the plain decimal used in the API and the database. */
export function fromCents(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${fraction}`;
}

export function addCents(...values: number[]): number {
  let sum = 0;
  for (const value of values) {
    assertCents(value);
    sum += value;
  }
  assertCents(sum, 'total');
  return sum;
}

export function subtractCents(minuend: number, subtrahend: number): number {
  assertCents(minuend);
  assertCents(subtrahend);
  return addCents(minuend, -subtrahend);
}

export function multiplyCents(cents: number, quantity: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(quantity)) {
    throw new TypeError(`La cantidad debe ser un número entero (recibido: ${quantity})`);
  }
  return toSafeInteger(BigInt(cents) * BigInt(quantity));
}

/** Percentage given in basis points (1600 = 16 %, 580 = 5,8 %), rounded half-up. */
export function percentOfCents(cents: number, basisPoints: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(basisPoints)) {
    throw new TypeError(`El porcentaje debe expresarse en puntos básicos enteros (recibido: ${basisPoints})`);
  }
  return toSafeInteger(divideHalfUp(BigInt(cents) * BigInt(basisPoints), 10_000n));
}

/** Tasa del día: bolívares per dollar, kept exact ("36.5234"). */
export function parseRate(rate: string | number): Decimal {
  const parsed = parseDecimal(rate);
  if (parsed.units <= 0n) {
    throw new RangeError(`La tasa de cambio debe ser mayor que cero (recibida: ${rate})`);
  }
  return parsed;
}

export function usdToVesCents(usdCents: number, rate: string | number): number {
  assertCents(usdCents);
  const { units, scale } = parseRate(rate);
  return toSafeInteger(divideHalfUp(BigInt(usdCents) * units, 10n ** BigInt(scale)));
}

export function vesToUsdCents(vesCents: number, rate: string | number): number {
  assertCents(vesCents);
  const { units, scale } = parseRate(rate);
  return toSafeInteger(divideHalfUp(BigInt(vesCents) * 10n ** BigInt(scale), units));
}

/**
 * Splits an amount (e.g. an order-level discount) in proportion to the weights so the parts
 * add up exactly; leftover cents go to the largest remainders, earlier lines first on ties.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  assertCents(totalCents);
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new TypeError(`Los pesos deben ser enteros no negativos (recibido: ${weight})`);
    }
  }
  const weightSum = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (weightSum === 0n) {
    if (totalCents === 0) return weights.map(() => 0);
    throw new RangeError('No se puede repartir un monto entre pesos que suman cero');
  }
  const sign = totalCents < 0 ? -1n : 1n;
  const total = BigInt(Math.abs(totalCents));
  const shares = weights.map((weight, index) => {
    const product = total * BigInt(weight);
    return { index, part: product / weightSum, remainder: product % weightSum };
  });
  let leftover = total - shares.reduce((sum, share) => sum + share.part, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    share.part += 1n;
    leftover -= 1n;
  }
  return shares.map((share) => Number(share.part * sign));
}

/** es-VE digits: dot for thousands, comma for decimals ("1.234,56"). */
export function formatAmount(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole},${fraction}`;
}

function withSymbol(symbol: string, cents: number): string {
  const amount = formatAmount(cents);
  return cents < 0 ? `-${symbol} ${amount.slice(1)}` : `${symbol} ${amount}`;
}

export function formatUsd(cents: number): string {
  return withSymbol('$', cents);
}

export function formatVes(cents: number): string {
  return withSymbol('Bs.', cents);
}

/** Decimals every tasa is shown with: the column keeps 4, and the sums use all of them. */
export const RATE_DECIMALS = 4;

/**
 * A tasa (Bs. per US$) as people read it, with the decimals the sums use: "318.7425" → "318,7425",
 * "312.45" → "312,4500", "1234.5" → "1.234,5000". Never rounded: a rate with more decimals than
 * RATE_DECIMALS keeps them all, so the shown price × the shown rate is the shown Bs. amount.
 */
export function formatRate(rate: string | number): string {
  const { units, scale } = parseRate(rate);
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = digits.slice(digits.length - scale).padEnd(RATE_DECIMALS, '0');
  return `${whole},${fraction}`;
}

/** «Bs. 318,7425 por US$»: the tasa as a sentence fragment, the same on every screen and document. */
export function formatRatePerUsd(rate: string | number): string {
  return `Bs. ${formatRate(rate)} por US$`;
}

/** Shows a USD amount in the display currency, converting with the given tasa del día. */
export function formatMoney(usdCents: number, currency: Currency = 'USD', rate: string | number = 1): string {
  return currency === 'VES' ? formatVes(usdToVesCents(usdCents, rate)) : formatUsd(usdCents);
}

export type LecturaMonto = { ok: true; valor: string; centimos: number } | { ok: false; error: string };

/** The example every amount field and message shows. */
export const EJEMPLO_MONTO = '1.234,56';

// The shortest amount column (numeric(12,2)) holds 10 whole digits; 9 leaves room for sums.
const MAX_DIGITOS_ENTEROS = 9;

/**
 * The display rule of a figure in dollars: in the shopper's chosen currency first, the other one
 * beside it («Bs. 12.644,85» and «$ 40,94» in Bs. mode; the reverse in $ mode). Every screen and
 * document that shows prices or totals to the shopper goes through formatMoney or this.
 */
export function moneyInBoth(
  usdCents: number,
  currency: Currency,
  rate: string | number,
): { main: string; other: string; otherCurrency: Currency } {
  const usd = formatUsd(usdCents);
  const ves = formatVes(usdToVesCents(usdCents, rate));
  return currency === 'VES' ? { main: ves, other: usd, otherCurrency: 'USD' } : { main: usd, other: ves, otherCurrency: 'VES' };
}

/**
 * The Bs. of rows a person adds going down (signed USD cents: a discount is negative): each row is
 * what it changes the running total in Bs., so the Bs. column adds up exactly like the $ one, and
 * every running total (a subtotal, the total) is its own conversion. A row may differ by a céntimo
 * from converting it alone; the sums never do.
 */
export function vesOfRows(usdRows: readonly number[], rate: string | number): { rows: number[]; running: number[] } {
  let usd = 0;
  let ves = 0;
  const rows: number[] = [];
  const running: number[] = [];
  for (const cents of usdRows) {
    usd = addCents(usd, cents);
    const next = usdToVesCents(usd, rate);
    rows.push(next - ves);
    running.push(next);
    ves = next;
  }
  return { rows, running };
}

/** An amount the buyer wrote in a currency («12.644,85», «12644.85») with its symbol, es-VE: «Bs. 12.644,85»; as written if it is no amount. */
export function formatWrittenAmount(written: string, currency: Currency): string {
  const symbol = currency === 'VES' ? 'Bs.' : '$';
  try {
    const cents = toCents(parseAmountInput(written));
    return currency === 'VES' ? formatVes(cents) : formatUsd(cents);
  } catch {
    return `${symbol} ${written.trim()}`;
  }
}

/**
 * Reads an amount as a person types it in Venezuela: dot for thousands and comma for decimals
 * ("15.000,00", "1234,56", "1.234"), with an optional "$" or "Bs." in front. Without a comma, a
 * single dot followed by one or two digits is a decimal point ("1234.56", "23.5"), as the API
 * writes it; a dot followed by three digits is a thousands separator ("1.234" = 1234), as es-VE
 * writes it. "1,234.56" (both marks, comma first) is read the US way. Whatever else is refused
 * with a message: thousands groups that are not of three digits ("1.23.456"), more decimals than
 * `decimales`, signs, letters. `valor` is the API's decimal ("1234.56"), `centimos` its cents.
 */
export function leerMonto(
  texto: string,
  { decimales = 2, etiqueta = 'El monto' }: { decimales?: number; etiqueta?: string } = {},
): LecturaMonto {
  const femenino = etiqueta.startsWith('La ');
  const malo = { ok: false as const, error: `${etiqueta} no es ${femenino ? 'válida' : 'válido'} (ejemplo: ${EJEMPLO_MONTO})` };
  const v = texto
    .trim()
    .replace(/^(?:Bs\.?|\$|USD|VES)\s*/i, '')
    .replace(/[\s\u00a0]/g, '');
  if (v === '') return { ok: false, error: `Escriba ${etiqueta.toLowerCase()} (ejemplo: ${EJEMPLO_MONTO})` };
  if (v.startsWith('-')) return { ok: false, error: `${etiqueta} no puede ser ${femenino ? 'negativa' : 'negativo'}` };
  let entero: string;
  let fraccion: string;
  // Groups of three after the first one, which has one to three digits and no leading zero.
  const enGrupos = (parte: string, separador: string) => new RegExp(`^[1-9]\\d{0,2}(?:\\${separador}\\d{3})+$`).test(parte);
  const comas = v.split(',').length - 1;
  const puntos = v.split('.').length - 1;
  if (comas > 0 && puntos > 0 && v.lastIndexOf('.') > v.lastIndexOf(',')) {
    // 1,234.56: US writing; the comma only groups thousands.
    const [izquierda, derecha] = [v.slice(0, v.lastIndexOf('.')), v.slice(v.lastIndexOf('.') + 1)];
    if (puntos !== 1 || !enGrupos(izquierda, ',')) return malo;
    entero = izquierda.replace(/,/g, '');
    fraccion = derecha;
  } else if (comas > 0) {
    if (comas !== 1) return malo;
    const [izquierda, derecha] = v.split(',');
    if (puntos > 0 ? !enGrupos(izquierda, '.') : !/^\d*$/.test(izquierda)) return malo;
    entero = izquierda.replace(/\./g, '') || '0';
    fraccion = derecha;
  } else if (puntos > 1 || /^\d{1,3}\.\d{3}$/.test(v)) {
    if (!enGrupos(v, '.')) return malo;
    entero = v.replace(/\./g, '');
    fraccion = '';
  } else if (puntos === 1) {
    [entero, fraccion] = v.split('.');
    entero ||= '0';
  } else {
    entero = v;
    fraccion = '';
  }
  if (!/^\d+$/.test(entero) || !/^\d*$/.test(fraccion)) return malo;
  if (fraccion.length > decimales) {
    return { ok: false, error: `${etiqueta} admite hasta ${decimales} decimales (ejemplo: ${EJEMPLO_MONTO})` };
  }
  entero = entero.replace(/^0+(?=\d)/, '');
  if (entero.length > MAX_DIGITOS_ENTEROS) return { ok: false, error: `${etiqueta} es demasiado grande` };
  const valor = fraccion ? `${entero}.${fraccion}` : entero;
  return { ok: true, valor, centimos: decimales === 2 ? toCents(valor) : Number.NaN };
}

/**
 * An amount as typed to the API's decimal string ("16.850,00" → "16850.00"); text that is no
 * amount comes back trimmed, for the API to refuse with its message.
 */
export function parseAmountInput(value: string): string {
  const lectura = leerMonto(value);
  return lectura.ok ? lectura.valor : value.trim();
}

/** An amount as typed, shown again the es-VE way ("1234.5" → "1.234,50"); what is not an amount stays as typed. */
export function montoVenezolano(value: string): string {
  const lectura = leerMonto(value);
  return lectura.ok ? formatAmount(lectura.centimos) : value;
}

/** A plain decimal from the API or the database ("24.99") in the es-VE form a field shows ("24,99"). */
export function montoParaCampo(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return montoVenezolano(String(value));
}
