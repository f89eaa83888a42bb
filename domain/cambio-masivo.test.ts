import { describe, expect, it } from 'vitest';
import { applyBulkChange, type BulkChange, changesSomething, formatPercent, parsePercent } from './cambio-masivo.ts';

const model = (price: number, promotion = 0, active = true) => ({ priceCents: price, promotionCents: promotion, active });

describe('cambio masivo de precios y promociones', () => {
  it('−15 % al precio redondea mitad hacia arriba al céntimo, una sola vez', () => {
    // 19.99 × 0.85 = 16.9915 → 16.99; 10.10 × 0.85 = 8.585 → 8.59 (half-up)
    expect(applyBulkChange(model(1999), { kind: 'precio-porcentaje', basisPoints: -1500 }).priceCents).toBe(1699);
    expect(applyBulkChange(model(1010), { kind: 'precio-porcentaje', basisPoints: -1500 }).priceCents).toBe(859);
    // +10,5 % of 0.10 = 0.1105 → 0.11
    expect(applyBulkChange(model(10), { kind: 'precio-porcentaje', basisPoints: 1050 }).priceCents).toBe(11);
  });

  it('el precio nunca baja de 0: −100 % lo deja en 0 y se lleva la promoción consigo', () => {
    const outcome = applyBulkChange(model(2500, 500), { kind: 'precio-porcentaje', basisPoints: -10_000 });
    expect(outcome).toEqual({ priceCents: 0, promotionCents: 0, active: true, capped: true });
    expect(() => applyBulkChange(model(2500), { kind: 'precio-porcentaje', basisPoints: -10_001 })).toThrow(RangeError);
  });

  it('bajar el precio por debajo de la promoción la ajusta al precio nuevo', () => {
    const outcome = applyBulkChange(model(3000, 1200), { kind: 'precio-monto', cents: 1000 });
    expect(outcome).toEqual({ priceCents: 1000, promotionCents: 1000, active: true, capped: true });
    const kept = applyBulkChange(model(3000, 500), { kind: 'precio-porcentaje', basisPoints: -1000 });
    expect(kept).toEqual({ priceCents: 2700, promotionCents: 500, active: true, capped: false });
  });

  it('una promoción del 20 % es el 20 % del precio, redondeado mitad hacia arriba', () => {
    expect(applyBulkChange(model(1999), { kind: 'promocion-porcentaje', basisPoints: 2000 }).promotionCents).toBe(400); // 3.998
    expect(applyBulkChange(model(1025), { kind: 'promocion-porcentaje', basisPoints: 2000 }).promotionCents).toBe(205);
    expect(applyBulkChange(model(1999), { kind: 'promocion-porcentaje', basisPoints: 10_000 }).promotionCents).toBe(1999);
    expect(() => applyBulkChange(model(1999), { kind: 'promocion-porcentaje', basisPoints: 10_001 })).toThrow(RangeError);
  });

  it('una promoción fija mayor que el precio queda en el precio (nunca por encima)', () => {
    expect(applyBulkChange(model(800), { kind: 'promocion-monto', cents: 500 })).toEqual({
      priceCents: 800,
      promotionCents: 500,
      active: true,
      capped: false,
    });
    expect(applyBulkChange(model(400), { kind: 'promocion-monto', cents: 500 })).toEqual({
      priceCents: 400,
      promotionCents: 400,
      active: true,
      capped: true,
    });
  });

  it('quitar la promoción, activar y desactivar solo tocan lo suyo', () => {
    expect(applyBulkChange(model(900, 100), { kind: 'quitar-promocion' })).toEqual({ ...model(900, 0), capped: false });
    expect(applyBulkChange(model(900, 100, false), { kind: 'activar' })).toEqual({ ...model(900, 100, true), capped: false });
    expect(applyBulkChange(model(900, 100), { kind: 'desactivar' })).toEqual({ ...model(900, 100, false), capped: false });
  });

  it('rechaza montos que no son céntimos enteros no negativos', () => {
    expect(() => applyBulkChange(model(900), { kind: 'precio-monto', cents: -1 })).toThrow(RangeError);
    expect(() => applyBulkChange(model(900), { kind: 'promocion-monto', cents: 1.5 })).toThrow(RangeError);
    expect(() => applyBulkChange(model(-5), { kind: 'quitar-promocion' })).toThrow(RangeError);
  });

  it('para cualquier modelo y cambio: precio ≥ 0, 0 ≤ promoción ≤ precio, y el precio sigue la regla exacta', () => {
    // A fixed-seed generator: the same thousands of cases on every run.
    let seed = 1234567;
    const next = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % (max + 1);
    };
    for (let i = 0; i < 5000; i++) {
      const price = next(500_000);
      const before = model(price, next(price), next(1) === 1);
      const changes: BulkChange[] = [
        { kind: 'precio-porcentaje', basisPoints: next(110_000) - 10_000 },
        { kind: 'precio-monto', cents: next(500_000) },
        { kind: 'promocion-porcentaje', basisPoints: next(10_000) },
        { kind: 'promocion-monto', cents: next(500_000) },
      ];
      for (const change of changes) {
        const after = applyBulkChange(before, change);
        expect(after.priceCents).toBeGreaterThanOrEqual(0);
        expect(after.promotionCents).toBeGreaterThanOrEqual(0);
        expect(after.promotionCents).toBeLessThanOrEqual(after.priceCents);
        if (change.kind === 'precio-porcentaje') {
          // Exact rational result, rounded half-up: |after − exact| ≤ 0.5 cent.
          const exact = (price * (10_000 + change.basisPoints)) / 10_000;
          expect(Math.abs(after.priceCents - exact)).toBeLessThanOrEqual(0.5);
        }
      }
    }
  });

  it('sabe si un modelo cambia', () => {
    expect(changesSomething(model(100, 0), model(100, 0))).toBe(false);
    expect(changesSomething(model(100, 0), model(100, 1))).toBe(true);
    expect(changesSomething(model(100, 0, true), model(100, 0, false))).toBe(true);
  });
});

describe('porcentajes escritos por una persona', () => {
  it.each([
    ['-15', -1500],
    ['−15', -1500],
    ['15,5', 1550],
    ['+10 %', 1000],
    ['0.25', 25],
    ['20%', 2000],
  ])('%s → %i puntos básicos', (text, basisPoints) => {
    expect(parsePercent(text)).toBe(basisPoints);
  });

  it.each(['', 'abc', '15,555', '1e3', '--5', '15 por ciento'])('«%s» no es un porcentaje', (text) => {
    expect(parsePercent(text)).toBeNull();
  });

  it('se muestran con coma decimal y signo', () => {
    expect(formatPercent(-1500)).toBe('−15 %');
    expect(formatPercent(1050)).toBe('+10,5 %');
    expect(formatPercent(2000, false)).toBe('20 %');
    expect(formatPercent(25)).toBe('+0,25 %');
  });
});
