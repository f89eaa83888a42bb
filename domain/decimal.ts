// Exact decimal arithmetic on bigint, so money and exchange rates never pass through binary floats.

/** value = units / 10^scale */
export type Decimal = { readonly units: bigint; readonly scale: number };

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
// String(number) yields "1.5", "-0.25", "1e+21" or "1.5e-7": only numbers may use an exponent.
const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

function build(negative: boolean, digits: string, scale: number): Decimal {
  let units = BigInt(digits === '' ? '0' : digits);
  let finalScale = scale;
  if (finalScale < 0) {
    units *= 10n ** BigInt(-finalScale);
    finalScale = 0;
  }
  return { units: negative ? -units : units, scale: finalScale };
}

function parseNumber(value: number): Decimal {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Número no válido: ${value}`);
  }
  const match = NUMBER_TEXT.exec(String(value).toLowerCase());
  if (!match) {
    throw new RangeError(`Número no válido: ${value}`);
  }
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  return build(sign === '-', whole + fraction, fraction.length - Number(exponent));
}

/** Accepts numbers and strings with a dot as decimal separator ("12.5", "-0.75", ".5"). */
export function parseDecimal(value: string | number): Decimal {
  if (typeof value === 'number') return parseNumber(value);
  if (typeof value !== 'string') {
    throw new TypeError('Se esperaba un número o un texto numérico');
  }
  const match = PLAIN_DECIMAL.exec(value.trim());
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new TypeError(`Cantidad no válida: "${value}" (use punto como separador decimal)`);
  }
  return build(match[1] === '-', whole + fraction, fraction.length);
}

/** Integer division rounding half-up, ties away from zero (as BigDecimal.ROUND_HALF_UP). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) {
    throw new RangeError('El divisor debe ser mayor que cero');
  }
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const absRemainder = remainder < 0n ? -remainder : remainder;
  if (absRemainder * 2n < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** The decimal expressed as an integer count of 10^-scale units, rounded half-up. */
export function roundToScale(value: Decimal, scale: number): bigint {
  if (value.scale <= scale) return value.units * 10n ** BigInt(scale - value.scale);
  return divideHalfUp(value.units, 10n ** BigInt(value.scale - scale));
}

export function toSafeInteger(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('El monto excede el rango permitido');
  }
  return Number(value);
}
