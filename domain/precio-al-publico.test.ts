import { describe, expect, it } from 'vitest';
import { netoDeUnPvp, precioAlPublico, pvpCents } from './precio-al-publico.ts';
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
