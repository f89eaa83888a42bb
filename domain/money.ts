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
 * An amount as a person types it in Venezuela ("16.850,00", "16850,5", "23.77", "1.234") to the
 * API's decimal string ("16850.00", "16850.5", "23.77", "1234"). A dot followed by exactly three
 * digits and no comma is a thousands separator, as es-VE writes it.
 */
export function parseAmountInput(value: string): string {
  const v = value
    .trim()
    .replace(/^(?:Bs\.?|\$)\s*/i, '')
    .replace(/\s/g, '');
  if (v.includes(',')) return v.replace(/\./g, '').replace(',', '.');
  if (/^\d{1,3}(\.\d{3})+$/.test(v)) return v.replace(/\./g, '');
  return v;
}
