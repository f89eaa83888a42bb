import { describe, expect, it } from 'vitest';
import {
  CARD_COMMISSION,
  cardCommissionCents,
  cartLine,
  cartTotals,
  cartTotalsV2,
  IVA_BASIS_POINTS,
  IVA_RATE,
  withCardCommission,
} from './vat.ts';

describe('constantes', () => {
  it('el IVA es 16 % y la comisión de tarjeta 5,8 % + 0,30 USD en ambas formas', () => {
    expect(IVA_RATE * 10_000).toBeCloseTo(IVA_BASIS_POINTS);
    expect(CARD_COMMISSION.percent * 100).toBeCloseTo(CARD_COMMISSION.basisPoints);
    expect(CARD_COMMISSION.fixedUsd * 100).toBeCloseTo(CARD_COMMISSION.fixedCents);
  });
});

describe('cartLine', () => {
  it('calcula neto = (precio − promoción) × cantidad e IVA del 16 % sobre el neto', () => {
    expect(cartLine({ priceCents: 2500, promotionCents: 500, quantity: 3 })).toEqual({
      netCents: 6000,
      ivaCents: 960,
      totalCents: 6960,
    });
  });

  it('sin promoción el neto es precio × cantidad', () => {
    expect(cartLine({ priceCents: 1999, quantity: 2 }).netCents).toBe(3998);
  });

  it('redondea el IVA de la línea a la mitad hacia arriba', () => {
    // 16 % de 0,03 = 0,0048 → 0,00; de 0,05 = 0,008 → 0,01; de 3,13 = 0,5008 → 0,50
    expect(cartLine({ priceCents: 3, quantity: 1 }).ivaCents).toBe(0);
    expect(cartLine({ priceCents: 5, quantity: 1 }).ivaCents).toBe(1);
    expect(cartLine({ priceCents: 313, quantity: 1 }).ivaCents).toBe(50);
    expect(cartLine({ priceCents: 75, quantity: 1 }).ivaCents).toBe(12);
  });

  it('una línea con cantidad cero o promoción igual al precio vale cero', () => {
    expect(cartLine({ priceCents: 1000, quantity: 0 })).toEqual({ netCents: 0, ivaCents: 0, totalCents: 0 });
    expect(cartLine({ priceCents: 1000, promotionCents: 1000, quantity: 2 }).totalCents).toBe(0);
  });

  it('rechaza promociones mayores que el precio, negativas y cantidades no enteras', () => {
    expect(() => cartLine({ priceCents: 1000, promotionCents: 1001, quantity: 1 })).toThrow(RangeError);
    expect(() => cartLine({ priceCents: 1000, promotionCents: -1, quantity: 1 })).toThrow(RangeError);
    expect(() => cartLine({ priceCents: 1000, quantity: -1 })).toThrow(RangeError);
    expect(() => cartLine({ priceCents: 1000, quantity: 1.5 })).toThrow(RangeError);
    expect(() => cartLine({ priceCents: 10.5, quantity: 1 })).toThrow(TypeError);
  });
});

describe('cartTotals', () => {
  it('suma los netos y aplica el IVA una sola vez sobre el subtotal', () => {
    const lines = [
      { priceCents: 3, quantity: 1 },
      { priceCents: 3, quantity: 1 },
      { priceCents: 3, quantity: 1 },
    ];
    // cada línea redondea su IVA a 0, pero 16 % de 0,09 = 0,0144 → 0,01
    expect(lines.map((line) => cartLine(line).ivaCents)).toEqual([0, 0, 0]);
    expect(cartTotals(lines)).toEqual({ subtotalCents: 9, ivaCents: 1, totalCents: 10 });
  });

  it('un carrito con varias líneas y promociones', () => {
    expect(
      cartTotals([
        { priceCents: 2500, promotionCents: 500, quantity: 3 },
        { priceCents: 1999, quantity: 1 },
      ]),
    ).toEqual({ subtotalCents: 7999, ivaCents: 1280, totalCents: 9279 });
  });

  it('un carrito vacío da cero', () => {
    expect(cartTotals([])).toEqual({ subtotalCents: 0, ivaCents: 0, totalCents: 0 });
  });
});

describe('cartTotalsV2', () => {
  it('multiplica precio y descuento por la cantidad y resta el descuento del bruto', () => {
    expect(
      cartTotalsV2([
        { priceCents: 2000, discountCents: 300, quantity: 2 },
        { priceCents: 1550, quantity: 3 },
      ]),
    ).toEqual({ grossCents: 8650, discountCents: 600, totalCents: 8050 });
  });

  it('un carrito vacío da cero y un descuento mayor que el precio se rechaza', () => {
    expect(cartTotalsV2([])).toEqual({ grossCents: 0, discountCents: 0, totalCents: 0 });
    expect(() => cartTotalsV2([{ priceCents: 100, discountCents: 200, quantity: 1 }])).toThrow(RangeError);
  });
});

describe('comisión de tarjeta', () => {
  it('cobra 5,8 % más 0,30 USD redondeando la mitad hacia arriba', () => {
    expect(cardCommissionCents(10_000)).toBe(610);
    // 5,8 % de 1,25 = 0,0725 → 0,07; + 0,30
    expect(cardCommissionCents(125)).toBe(37);
    // 5,8 % de 0,25 = 0,0145 → 0,01; 5,8 % de 0,75 = 0,0435 → 0,04
    expect(cardCommissionCents(25)).toBe(31);
    expect(cardCommissionCents(75)).toBe(34);
  });

  it('redondea exactamente en el medio céntimo hacia arriba', () => {
    // 5,8 % de 2,50 = 0,145 → 0,15; 5,8 % de 12,50 = 0,725 → 0,73
    expect(cardCommissionCents(250)).toBe(45);
    expect(cardCommissionCents(1250)).toBe(103);
  });

  it('no cobra comisión sobre cero y rechaza montos negativos', () => {
    expect(cardCommissionCents(0)).toBe(0);
    expect(() => cardCommissionCents(-100)).toThrow(RangeError);
  });

  it('suma la comisión al monto pagado', () => {
    expect(withCardCommission(10_000)).toBe(10_610);
  });
});
