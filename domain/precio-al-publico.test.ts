import { describe, expect, it } from 'vitest';
import { multiplyCents, toCents } from './money.ts';
import { lineaConIva, netoDeUnPvp, precioAlPublico, pvpCents } from './precio-al-publico.ts';
import { cartLine } from './vat.ts';

describe('precio al público', () => {
  it('suma el 16 % de IVA al precio neto, igual que una unidad en el carrito', () => {
    expect(pvpCents(2149)).toBe(2493);
    for (const net of [1, 99, 1000, 2149, 3333, 123456]) {
      expect(pvpCents(net)).toBe(cartLine({ priceCents: net, quantity: 1 }).totalCents);
    }
  });

  it('con promoción y descuento: PVP del neto, el de antes tachado y el porcentaje rebajado', () => {
    expect(precioAlPublico({ price: '30.00', promotion: '6.00', discount: '3.00' })).toEqual({
      pvpCents: 2436,
      beforeCents: 3480,
      percentOff: 30,
    });
  });

  it('sin rebaja no hay precio tachado ni porcentaje', () => {
    expect(precioAlPublico({ price: '10.00' })).toEqual({ pvpCents: 1160, beforeCents: null, percentOff: 0 });
  });
});

describe('filtro de precio con IVA', () => {
  it('un modelo con el PVP exacto del límite queda dentro del rango', () => {
    for (const net of [1, 999, 2149, 4599, 123456]) {
      const pvp = pvpCents(net);
      expect(netoDeUnPvp(pvp, 'min')).toBeLessThanOrEqual(net);
      expect(netoDeUnPvp(pvp, 'max')).toBeGreaterThanOrEqual(net);
    }
    expect(netoDeUnPvp(11600, 'min')).toBe(10000);
  });
});

describe('línea del carrito con IVA', () => {
  it('el precio por unidad es el del artículo (precio − promoción − descuento, con IVA)', () => {
    // Price 21,99, promotion 2,00, an automatic discount of 2,00 a unit: the article shows PVP of 17,99.
    const article = precioAlPublico({ price: '21.99', promotion: '2.00', discount: '2.00' }).pvpCents;
    expect(article).toBe(2087);
    const line = lineaConIva({ price: '21.99', promotion: '2.00', discount: '4.00', couponDiscount: '0.00', quantity: 2 });
    expect(line.unitCents).toBe(article);
    expect(line.lineCents).toBe(pvpCents(3598));
    expect(line.beforeCents).toBe(pvpCents(3998));
    expect(line.discountCents).toBe(pvpCents(3998) - pvpCents(3598));
    expect(line.couponCents).toBe(0);
    expect(line.netCents).toBe(line.lineCents);
  });

  it('sin descuento, el precio de la tarjeta; con cupón, las filas suman exacto lo que queda', () => {
    expect(lineaConIva({ price: '19.99', promotion: '0', discount: '0', couponDiscount: '0', quantity: 1 }).unitCents).toBe(
      precioAlPublico({ price: '19.99' }).pvpCents,
    );
    for (const [discount, coupon, quantity] of [
      ['0.00', '1.37', 3],
      ['3.33', '0.01', 3],
      ['1.00', '2.50', 1],
    ] as const) {
      const l = lineaConIva({ price: '19.99', promotion: '0.50', discount, couponDiscount: coupon, quantity });
      expect(l.beforeCents - l.discountCents - l.couponCents).toBe(l.netCents);
      expect(l.netCents).toBe(pvpCents(multiplyCents(1949, quantity) - toCents(discount) - toCents(coupon)));
    }
  });
});
