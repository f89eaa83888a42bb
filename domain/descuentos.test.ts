import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestDiscount,
  type CouponState,
  couponProblem,
  customerEmailKey,
  type DiscountRule,
  describeRule,
  discountOf,
  isValidOn,
  type PricingLine,
  priceCart,
  reductionOf,
  splitByStores,
} from './descuentos.ts';
import { ivaOf } from './vat.ts';

const pct = (percent: number): DiscountRule => ({ kind: 'porcentaje', valueCents: Math.round(percent * 100) });
const monto = (cents: number): DiscountRule => ({ kind: 'monto', valueCents: cents });
const line = (priceCents: number, quantity: number, extra: Partial<PricingLine> = {}): PricingLine => ({
  priceCents,
  promotionCents: 0,
  quantity,
  discounts: [],
  inCouponScope: true,
  ...extra,
});

/** Half-up rounding of a × bp / 10 000, written independently of money.ts. */
function halfUpPercent(cents: number, basisPoints: number): number {
  return Number((BigInt(cents) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n);
}

describe('discountOf', () => {
  it('un porcentaje se toma sobre la línea entera y se redondea una sola vez, mitad hacia arriba', () => {
    // 3 × 3,33 = 9,99; 15 % = 1,4985 → 1,50 (por unidad serían 3 × 0,50 = 1,50 o 3 × 0,4995…)
    expect(discountOf(pct(15), 999, 3)).toBe(150);
    // 12,5 % de 0,04 = 0,005 → 0,01 (mitad hacia arriba)
    expect(discountOf(pct(12.5), 4, 1)).toBe(1);
    expect(discountOf(pct(100), 1234, 2)).toBe(1234);
  });

  it('un monto es por unidad y nunca pasa del valor de la línea', () => {
    expect(discountOf(monto(500), 3000, 3)).toBe(1500);
    expect(discountOf(monto(5000), 3000, 3)).toBe(3000);
    expect(discountOf(monto(500), 0, 3)).toBe(0);
  });

  it('rechaza porcentajes de más de 100 y valores negativos', () => {
    expect(() => discountOf(pct(100.01), 1000, 1)).toThrow(RangeError);
    expect(() => discountOf(monto(-1), 1000, 1)).toThrow(RangeError);
  });
});

describe('bestDiscount', () => {
  it('elige el mayor para la línea y no suma descuentos', () => {
    const candidates = [
      { id: 1, name: '10 %', rule: pct(10) },
      { id: 2, name: '$ 3 por unidad', rule: monto(300) },
      { id: 3, name: '20 %', rule: pct(20) },
    ];
    // línea de 2 × 10,00: 10 % = 2,00; $3 × 2 = 6,00; 20 % = 4,00
    expect(bestDiscount(candidates, 2000, 2)).toEqual({ id: 2, name: '$ 3 por unidad', cents: 600 });
    // línea de 1 × 50,00: 20 % = 10,00 gana
    expect(bestDiscount(candidates, 5000, 1)?.id).toBe(3);
  });

  it('en un empate gana el de menor id; sin candidatos no hay descuento', () => {
    expect(
      bestDiscount(
        [
          { id: 7, name: 'b', rule: pct(10) },
          { id: 4, name: 'a', rule: monto(100) },
        ],
        1000,
        1,
      )?.id,
    ).toBe(4);
    expect(bestDiscount([], 1000, 1)).toBeNull();
  });
});

describe('priceCart', () => {
  it('promoción, descuento de la línea, cupón, descuento por método de pago e IVA sobre lo que queda', () => {
    const priced = priceCart({
      lines: [
        line(2500, 2, { promotionCents: 500, discounts: [{ id: 9, name: 'Blusas 20 %', rule: pct(20) }] }),
        line(1000, 1, { inCouponScope: false }),
      ],
      coupon: pct(10),
      payment: pct(5),
    });
    const [a, b] = priced.lines;
    // A: (25 − 5) × 2 = 40,00; 20 % = 8,00 → 32,00; cupón 10 % = 3,20 → 28,80
    expect(a).toMatchObject({ grossCents: 5000, promotionCents: 1000, discountCents: 800, discountName: 'Blusas 20 %', couponCents: 320 });
    expect(b).toMatchObject({ grossCents: 1000, discountCents: 0, couponCents: 0, discountId: null });
    // método de pago 5 % de (28,80 + 10,00) = 1,94, repartido 1,44 + 0,50
    expect(priced.paymentCents).toBe(194);
    expect(a.paymentCents + b.paymentCents).toBe(194);
    expect(priced.subtotalCents).toBe(3686);
    expect(priced.ivaCents).toBe(590);
    expect(priced.totalCents).toBe(4276);
  });

  it('sin descuentos da lo mismo que el carrito de siempre: neto = (precio − promoción) × cantidad', () => {
    const priced = priceCart({ lines: [line(1003, 3), line(1003, 1, { promotionCents: 3 })] });
    expect(priced.subtotalCents).toBe(4009);
    expect(priced.ivaCents).toBe(ivaOf(4009));
  });

  it('un cupón de monto fijo es por unidad de las líneas a las que alcanza', () => {
    const priced = priceCart({ lines: [line(1000, 3), line(200, 2), line(5000, 1, { inCouponScope: false })], coupon: monto(300) });
    expect(priced.lines.map((l) => l.couponCents)).toEqual([900, 400, 0]);
  });
});

// ── propiedades ─────────────────────────────────────────────────────────────

const ruleArb = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((bp): DiscountRule => ({ kind: 'porcentaje', valueCents: bp })),
  fc.integer({ min: 1, max: 20_000 }).map((cents): DiscountRule => ({ kind: 'monto', valueCents: cents })),
);

const lineArb = fc
  .record({
    priceCents: fc.integer({ min: 0, max: 500_000 }),
    promotionShare: fc.integer({ min: 0, max: 100 }),
    quantity: fc.integer({ min: 0, max: 20 }),
    discounts: fc.array(ruleArb, { maxLength: 4 }),
    inCouponScope: fc.boolean(),
  })
  .map(
    (l): PricingLine => ({
      priceCents: l.priceCents,
      promotionCents: Math.floor((l.priceCents * l.promotionShare) / 100),
      quantity: l.quantity,
      discounts: l.discounts.map((rule, i) => ({ id: i + 1, name: `d${i + 1}`, rule })),
      inCouponScope: l.inCouponScope,
    }),
  );

const cartArb = fc.record({
  lines: fc.array(lineArb, { minLength: 0, maxLength: 12 }),
  coupon: fc.option(ruleArb, { nil: null }),
  payment: fc.option(ruleArb, { nil: null }),
});

describe('propiedades de los descuentos (fast-check)', () => {
  it('ninguna línea ni ninguna rebaja queda por debajo de 0, ni el total', () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const priced = priceCart(input);
        for (const l of priced.lines) {
          for (const cents of [l.discountCents, l.couponCents, l.paymentCents, l.netCents, l.ivaCents])
            expect(cents).toBeGreaterThanOrEqual(0);
        }
        expect(priced.totalCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('el total es la suma de las líneas: bruto − rebajas = subtotal = Σ netos, y total = subtotal + IVA', () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const priced = priceCart(input);
        const sum = (pick: (l: (typeof priced.lines)[number]) => number) => priced.lines.reduce((n, l) => n + pick(l), 0);
        expect(priced.subtotalCents).toBe(sum((l) => l.netCents));
        expect(priced.discountCents).toBe(sum((l) => l.discountCents));
        expect(priced.couponCents).toBe(sum((l) => l.couponCents));
        expect(priced.paymentCents).toBe(sum((l) => l.paymentCents));
        for (const l of priced.lines) expect(l.grossCents - reductionOf(l)).toBe(l.netCents);
        expect(priced.grossCents - priced.promotionCents - priced.discountCents - priced.couponCents - priced.paymentCents).toBe(
          priced.subtotalCents,
        );
        expect(priced.totalCents).toBe(priced.subtotalCents + ivaOf(priced.subtotalCents));
      }),
      { numRuns: 500 },
    );
  });

  it('un porcentaje se redondea mitad hacia arriba una sola vez y un monto es exacto por unidad; gana el mayor', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const [priced] = priceCart({ lines: [l] }).lines;
        const base = (l.priceCents - l.promotionCents) * l.quantity;
        const each = l.discounts.map(({ rule }) =>
          base <= 0 ? 0 : Math.min(base, rule.kind === 'porcentaje' ? halfUpPercent(base, rule.valueCents) : rule.valueCents * l.quantity),
        );
        expect(priced.discountCents).toBe(Math.max(0, ...each));
      }),
      { numRuns: 500 },
    );
  });

  it('el cupón de porcentaje se toma una vez sobre las líneas a las que alcanza y sus partes suman exactamente', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 10_000 }), (lines, bp) => {
        const plain = priceCart({ lines });
        const priced = priceCart({ lines, coupon: { kind: 'porcentaje', valueCents: bp } });
        const bases = plain.lines.map((p, i) => (lines[i].inCouponScope ? p.netCents : 0));
        const expected = halfUpPercent(
          bases.reduce((a, b) => a + b, 0),
          bp,
        );
        expect(priced.couponCents).toBe(expected);
        priced.lines.forEach((p, i) => {
          expect(p.couponCents).toBeLessThanOrEqual(bases[i]);
          if (!lines[i].inCouponScope) expect(p.couponCents).toBe(0);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('repartir una línea entre tiendas conserva cada monto exacto', () => {
    fc.assert(
      fc.property(lineArb, cartArb, fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 4 }), (l, rest, quantities) => {
        const withStores = { ...l, quantity: quantities.reduce((a, b) => a + b, 0) };
        const [priced] = priceCart({ ...rest, lines: [withStores, ...rest.lines] }).lines;
        const parts = splitByStores(priced, quantities, l.priceCents, l.promotionCents);
        const sum = (pick: (p: (typeof parts)[number]) => number) => parts.reduce((n, p) => n + pick(p), 0);
        expect(sum((p) => p.netCents)).toBe(priced.netCents);
        expect(sum((p) => p.discountCents)).toBe(priced.discountCents);
        expect(sum((p) => p.couponCents)).toBe(priced.couponCents);
        expect(sum((p) => p.paymentCents)).toBe(priced.paymentCents);
        for (const p of parts) expect(p.netCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('vigencia y cupones', () => {
  const coupon: CouponState = {
    code: 'VERANO20',
    active: true,
    validFrom: '2026-06-01',
    validTo: '2026-06-30',
    maxUses: 10,
    maxUsesPerCustomer: 1,
    uses: 0,
    onlyEmail: null,
    onlyUserId: null,
  };

  it('vale desde y hasta los días de Caracas indicados, ambos incluidos, y solo activo', () => {
    expect(isValidOn(coupon, '2026-06-01')).toBe(true);
    expect(isValidOn(coupon, '2026-06-30')).toBe(true);
    expect(isValidOn(coupon, '2026-07-01')).toBe(false);
    expect(isValidOn(coupon, '2026-05-31')).toBe(false);
    expect(isValidOn({ ...coupon, validTo: null }, '2099-01-01')).toBe(true);
    expect(isValidOn({ ...coupon, active: false }, '2026-06-10')).toBe(false);
  });

  it('dice en español por qué no se puede usar un cupón', () => {
    expect(couponProblem(null, ' verano 20', '2026-06-10')).toBe('El cupón «VERANO20» no existe. Revise que esté bien escrito.');
    expect(couponProblem(coupon, 'verano20', '2026-07-02')).toBe('El cupón «VERANO20» venció el 30/06/2026.');
    expect(couponProblem(coupon, 'verano20', '2026-05-02')).toBe('El cupón «VERANO20» se puede usar desde el 01/06/2026.');
    expect(couponProblem({ ...coupon, uses: 10 }, 'verano20', '2026-06-10')).toBe('El cupón «VERANO20» ya alcanzó su límite de usos.');
    expect(couponProblem({ ...coupon, active: false }, 'verano20', '2026-06-10')).toMatch(/ya no está activo/);
    expect(couponProblem(coupon, 'verano20', '2026-06-10', { usesByCustomer: 1 })).toBe(
      'El cupón «VERANO20» se puede usar una vez por cliente y ya lo usó.',
    );
    expect(couponProblem(coupon, 'verano20', '2026-06-10', { usesByCustomer: 0 })).toBeNull();
  });

  it('un cupón personal sirve a su correo o a su cuenta; a un invitado se le revisa al registrar la orden', () => {
    const personal = { ...coupon, onlyEmail: 'ana@correo.com', onlyUserId: null };
    expect(couponProblem(personal, 'verano20', '2026-06-10')).toBeNull();
    expect(couponProblem(personal, 'verano20', '2026-06-10', { email: 'Ana+tienda@Correo.com' })).toBeNull();
    expect(couponProblem(personal, 'verano20', '2026-06-10', { email: 'otro@correo.com' })).toMatch(/es personal/);
    const account = { ...coupon, onlyUserId: 7 };
    expect(couponProblem(account, 'verano20', '2026-06-10', { email: 'x@correo.com', userId: 7 })).toBeNull();
    expect(couponProblem(account, 'verano20', '2026-06-10', { email: 'x@correo.com', userId: 8 })).toMatch(/es personal/);
  });

  it('el correo de un cliente se cuenta igual escrito de otra forma', () => {
    expect(customerEmailKey(' Ana.Perez+promo@Correo.com ')).toBe('ana.perez@correo.com');
  });

  it('describe un descuento como se lee en pantalla', () => {
    expect(describeRule('porcentaje', '20.00')).toBe('20 %');
    expect(describeRule('porcentaje', '12.50')).toBe('12,5 %');
    expect(describeRule('monto', '1500.00')).toBe('$ 1.500,00 por unidad');
  });
});
