import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agingBucket,
  creditRefusal,
  DEFAULT_IGTF,
  documentNumber,
  igtfOf,
  type SaleLineInput,
  saleLine,
  saleTotals,
  totalsInVes,
} from './ventas.ts';

const line = fc
  .record({ price: fc.integer({ min: 1, max: 50_000 }), quantity: fc.integer({ min: 1, max: 40 }) })
  .chain(({ price, quantity }) =>
    fc.record({
      priceCents: fc.constant(price),
      promotionCents: fc.integer({ min: 0, max: price }),
      quantity: fc.constant(quantity),
      discountPercent: fc.integer({ min: 0, max: 100 }),
      returnedQuantity: fc.integer({ min: 0, max: quantity }),
    }),
  )
  .map(
    ({ discountPercent, ...l }): SaleLineInput => ({
      ...l,
      discountCents: Math.floor(((l.priceCents - l.promotionCents) * l.quantity * discountPercent) / 100),
    }),
  );

describe('documentos de venta', () => {
  it('numera por serie de tienda y tipo', () => {
    expect(documentNumber('factura', 'ccs', 123)).toBe('F-CCS-000123');
    expect(documentNumber('nota-entrega', 'VAL', 45)).toBe('NE-VAL-000045');
    expect(() => documentNumber('factura', 'CCS', 0)).toThrow(RangeError);
  });

  it('los totales: base = subtotal − descuento − devoluciones, IVA 16 % de la base redondeado una vez', () => {
    const totals = saleTotals(
      [
        { priceCents: 1999, promotionCents: 0, quantity: 3, discountCents: 600 },
        { priceCents: 1000, promotionCents: 250, quantity: 2, discountCents: 0, returnedQuantity: 1 },
      ],
      { igtfCents: 90 },
    );
    expect(totals).toEqual({
      subtotalCents: 5997 + 1500,
      descuentoCents: 600,
      devolucionesCents: 750,
      baseImponibleCents: 6147,
      ivaCents: 984, // 983,52 → 984
      igtfCents: 90,
      comisionCents: 0,
      envioCents: 0,
      totalCents: 6147 + 984 + 90,
    });
  });

  it('el envío de una orden web es un cargo aparte: fuera de la base y del IVA, dentro del total', () => {
    const lines = [{ priceCents: 2000, promotionCents: 0, quantity: 2, discountCents: 0 }];
    const totals = saleTotals(lines, { comisionCents: 300, envioCents: 1100 });
    expect(totals).toMatchObject({
      baseImponibleCents: 4000,
      ivaCents: 640,
      comisionCents: 300,
      envioCents: 1100,
      totalCents: 4000 + 640 + 300 + 1100,
    });
    // Returning every unit leaves only the shipping and the commission owed.
    const allBack = saleTotals([{ ...lines[0], returnedQuantity: 2 }], { comisionCents: 300, envioCents: 1100 });
    expect(allBack).toMatchObject({ baseImponibleCents: 0, ivaCents: 0, totalCents: 1400 });
    expect(() => saleTotals(lines, { envioCents: 10.5 })).toThrow();
  });

  it('propiedad: el total es la suma de sus partes, nada es negativo y devolver todo deja la base en cero', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 5000 }), (lines, igtf) => {
        const t = saleTotals(lines, { igtfCents: igtf });
        const parts = lines.map(saleLine);
        expect(t.subtotalCents).toBe(parts.reduce((s, l) => s + l.grossCents, 0));
        expect(t.baseImponibleCents).toBe(parts.reduce((s, l) => s + l.netCents - l.returnedCents, 0));
        expect(t.totalCents).toBe(t.baseImponibleCents + t.ivaCents + t.igtfCents);
        for (const value of Object.values(t)) expect(value).toBeGreaterThanOrEqual(0);
        for (const l of parts) expect(l.returnedCents).toBeLessThanOrEqual(l.netCents);
        const allBack = saleTotals(lines.map((l) => ({ ...l, returnedQuantity: l.quantity })));
        expect(allBack.baseImponibleCents).toBe(0);
        expect(allBack.ivaCents).toBe(0);
      }),
    );
  });

  it('rechaza líneas imposibles', () => {
    expect(() => saleLine({ priceCents: 100, promotionCents: 101, quantity: 1, discountCents: 0 })).toThrow(RangeError);
    expect(() => saleLine({ priceCents: 100, promotionCents: 0, quantity: 1, discountCents: 101 })).toThrow(RangeError);
    expect(() => saleLine({ priceCents: 100, promotionCents: 0, quantity: 2, discountCents: 0, returnedQuantity: 3 })).toThrow(RangeError);
    expect(() => saleLine({ priceCents: 100, promotionCents: 0, quantity: 0, discountCents: 0 })).toThrow(RangeError);
  });

  it('IGTF: 3 % de lo pagado en divisas, nada en bolívares ni cuando la tienda no lo cobra', () => {
    expect(igtfOf('zelle', 10_000, DEFAULT_IGTF)).toBe(300);
    expect(igtfOf('efectivo', 3333, DEFAULT_IGTF)).toBe(100);
    expect(igtfOf('pago-movil', 10_000, DEFAULT_IGTF)).toBe(0);
    expect(igtfOf('zelle', 10_000, { charged: false, basisPoints: 300 })).toBe(0);
  });

  it('cada cifra en bolívares a la tasa de la venta', () => {
    const ves = totalsInVes(saleTotals([{ priceCents: 1000, promotionCents: 0, quantity: 1, discountCents: 0 }]), '36.5');
    expect(ves.baseImponibleCents).toBe(36_500);
    expect(ves.ivaCents).toBe(5840);
    expect(ves.totalCents).toBe(42_340);
  });

  it('antigüedad por días vencidos', () => {
    expect(agingBucket('2026-11-24', '2026-11-24')).toBe('al-dia');
    expect(agingBucket('2026-11-30', '2026-11-24')).toBe('al-dia');
    expect(agingBucket('2026-11-23', '2026-11-24')).toBe('1-30');
    expect(agingBucket('2026-10-25', '2026-11-24')).toBe('1-30');
    expect(agingBucket('2026-10-24', '2026-11-24')).toBe('31-60');
    expect(agingBucket('2026-08-26', '2026-11-24')).toBe('61-90');
    expect(agingBucket('2026-08-25', '2026-11-24')).toBe('mas-de-90');
  });

  it('crédito: vencidas o por encima del límite necesitan autorización', () => {
    expect(creditRefusal({ limitCents: 100_000, owedCents: 50_000, hasOverdue: false, newSaleCents: 50_000 })).toBeNull();
    expect(creditRefusal({ limitCents: 100_000, owedCents: 50_000, hasOverdue: false, newSaleCents: 50_001 })).toMatch(/límite/);
    expect(creditRefusal({ limitCents: 100_000, owedCents: 0, hasOverdue: true, newSaleCents: 1 })).toMatch(/vencidas/);
  });
});

describe('cédula o RIF del cliente', () => {
  it('una sola forma para cada documento', async () => {
    const { normalizeDni } = await import('./ventas.ts');
    expect(normalizeDni('v-12345678')).toBe('V-12345678');
    expect(normalizeDni('V 12.345.678')).toBe('V-12345678');
    expect(normalizeDni('J123456789')).toBe('J-12345678-9');
    expect(normalizeDni('18.456.789')).toBe('V-18456789');
    expect(normalizeDni('c-29000001-5')).toBe('C-29000001-5');
    expect(() => normalizeDni('X-1')).toThrow(RangeError);
  });
});

describe('montoDeDevolucion', () => {
  it('el total baja el neto de las unidades devueltas más su IVA, y las devoluciones parciales suman el total de la línea', async () => {
    const { montoDeDevolucion, saleTotals } = await import('./ventas.ts');
    const lines = [
      { priceCents: 1_000, promotionCents: 0, quantity: 3, discountCents: 100 },
      { priceCents: 2_550, promotionCents: 50, quantity: 1, discountCents: 0 },
    ];
    // 3 × $10 − $1 = $29 net: one unit is a third of it ($9,67) plus 16 % IVA.
    expect(montoDeDevolucion(lines, 0, 1)).toBe(
      saleTotals(lines).totalCents - saleTotals([{ ...lines[0], returnedQuantity: 1 }, lines[1]]).totalCents,
    );
    const uno = montoDeDevolucion(lines, 0, 1);
    const dos = montoDeDevolucion([{ ...lines[0], returnedQuantity: 1 }, lines[1]], 0, 1);
    const tres = montoDeDevolucion([{ ...lines[0], returnedQuantity: 2 }, lines[1]], 0, 1);
    expect(uno + dos + tres).toBe(montoDeDevolucion(lines, 0, 3));
    expect(montoDeDevolucion(lines, 1, 1)).toBe(2_900);
    expect(() => montoDeDevolucion(lines, 5, 1)).toThrow(RangeError);
  });
});
