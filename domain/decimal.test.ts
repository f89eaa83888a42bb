import { describe, expect, it } from 'vitest';
import { divideHalfUp, parseDecimal, roundToScale, toSafeInteger } from './decimal.ts';

describe('parseDecimal', () => {
  it('guarda el valor exacto como entero y escala', () => {
    expect(parseDecimal('36.5234')).toEqual({ units: 365234n, scale: 4 });
    expect(parseDecimal('-0.50')).toEqual({ units: -50n, scale: 2 });
    expect(parseDecimal(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(parseDecimal(1.5e-7)).toEqual({ units: 15n, scale: 8 });
    expect(parseDecimal(2e21)).toEqual({ units: 2_000_000_000_000_000_000_000n, scale: 0 });
  });

  it('rechaza comas, espacios internos y signos sueltos', () => {
    for (const bad of ['1,5', '1 000', '+', '-', '1.2.3', '0x10', 'Infinity']) {
      expect(() => parseDecimal(bad), bad).toThrow(TypeError);
    }
  });
});

describe('divideHalfUp', () => {
  it('redondea la mitad alejándose de cero', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideHalfUp(7n, 3n)).toBe(2n);
    expect(divideHalfUp(-7n, 3n)).toBe(-2n);
    expect(divideHalfUp(0n, 7n)).toBe(0n);
  });

  it('no divide entre cero ni entre negativos', () => {
    expect(() => divideHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => divideHalfUp(1n, -2n)).toThrow(RangeError);
  });
});

describe('roundToScale y toSafeInteger', () => {
  it('amplía o redondea a la escala pedida', () => {
    expect(roundToScale({ units: 5n, scale: 0 }, 2)).toBe(500n);
    expect(roundToScale({ units: 12345n, scale: 3 }, 2)).toBe(1235n);
  });

  it('rechaza enteros fuera del rango seguro', () => {
    expect(toSafeInteger(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toSafeInteger(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(RangeError);
    expect(() => toSafeInteger(BigInt(Number.MIN_SAFE_INTEGER) - 1n)).toThrow(RangeError);
  });
});
