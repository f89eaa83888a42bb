import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCover, type CounterPayment, dueDateOf, settleSale } from './venta-mostrador.ts';
import { DEFAULT_IGTF, igtfOf, SALE_PAYMENT_METHOD_IDS, type SaleLineInput } from './ventas.ts';

const LINE: SaleLineInput = { priceCents: 10_000, promotionCents: 0, quantity: 1, discountCents: 0 };
const options = { rate: '40', igtf: DEFAULT_IGTF, condition: 'contado' as const };

describe('pagos de una venta de mostrador', () => {
  it('zelle y pago móvil: el IGTF es el 3 % de lo pagado en divisas y el total lo incluye', () => {
    // Base 100 + IVA 16 = 116; Zelle 50 lleva 1,50 de IGTF: total 117,50; faltan 67,50 = Bs. 2.700,00.
    const outcome = settleSale(
      [LINE],
      [
        { method: 'zelle', amountCents: 5_000 },
        { method: 'pago-movil', amountCents: 270_000 },
      ],
      options,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { totals, payments, paidCents, owedCents, changeUsdCents } = outcome.settlement;
    expect(totals).toMatchObject({ baseImponibleCents: 10_000, ivaCents: 1_600, igtfCents: 150, totalCents: 11_750 });
    expect(payments.map((p) => [p.method, p.amountUsdCents, p.igtfCents, p.changeCents])).toEqual([
      ['zelle', 5_000, 150, 0],
      ['pago-movil', 6_750, 0, 0],
    ]);
    expect([paidCents, owedCents, changeUsdCents]).toEqual([11_750, 0, 0]);
  });

  it('el efectivo de más es vuelto, y el IGTF se cobra solo sobre lo que se queda', () => {
    const outcome = settleSale([LINE], [{ method: 'efectivo', amountCents: 13_000 }], options);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // 119,59 − 3 % (3,59) = 116,00 exacto; vuelto 10,41.
    expect(outcome.settlement.payments[0]).toMatchObject({
      amountCents: 13_000,
      changeCents: 1_041,
      amountUsdCents: 11_959,
      igtfCents: 359,
    });
    expect(outcome.settlement.totals.totalCents).toBe(11_959);
    expect(outcome.settlement.changeUsdCents).toBe(1_041);
  });

  it('un vuelto de más de $ 100 (o su equivalente en bolívares) es un error de tipeo y se rechaza', () => {
    for (const payment of [
      { method: 'efectivo', amountCents: 99_999_999_999 },
      { method: 'efectivo-bs', amountCents: 99_999_999_999 },
      { method: 'efectivo', amountCents: 11_959 + 10_001 + 310 },
    ] as const) {
      const outcome = settleSale([LINE], [payment], options);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.motivo).toContain('el vuelto no puede pasar de $ 100,00');
    }
    expect(settleSale([LINE], [{ method: 'efectivo', amountCents: 21_959 }], options).ok).toBe(true);
  });

  it('el vuelto en bolívares sale del efectivo en bolívares', () => {
    const outcome = settleSale([LINE], [{ method: 'efectivo-bs', amountCents: 500_000 }], options);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.settlement.payments[0]).toMatchObject({ changeCents: 36_000, amountUsdCents: 11_600, igtfCents: 0 });
  });

  it('de contado, lo que falta o lo que sobra sin efectivo se rechaza con el monto', () => {
    const short = settleSale([LINE], [{ method: 'zelle', amountCents: 10_000 }], options);
    expect(short).toEqual({ ok: false, motivo: expect.stringContaining('faltan $ 19,00') });
    const over = settleSale([LINE], [{ method: 'zelle', amountCents: 20_000 }], options);
    expect(over).toEqual({ ok: false, motivo: expect.stringContaining('Solo el efectivo puede dar vuelto') });
    const idleCash = settleSale(
      [LINE],
      [
        { method: 'efectivo', amountCents: 500 },
        { method: 'pago-movil', amountCents: 500_000 },
        { method: 'efectivo', amountCents: 500 },
      ],
      options,
    );
    expect(idleCash.ok).toBe(false);
  });

  it('a crédito los pagos son una inicial y el resto queda debiendo', () => {
    const outcome = settleSale([LINE], [{ method: 'transferencia', amountCents: 40_000 }], { ...options, condition: 'credito' });
    expect(outcome.ok && outcome.settlement.owedCents).toBe(10_600);
    expect(settleSale([LINE], [], { ...options, condition: 'credito' })).toMatchObject({ ok: true, settlement: { owedCents: 11_600 } });
  });

  it('sin IGTF en los ajustes, las divisas no lo llevan', () => {
    const outcome = settleSale([LINE], [{ method: 'zelle', amountCents: 11_600 }], {
      ...options,
      igtf: { charged: false, basisPoints: 300 },
    });
    expect(outcome.ok && outcome.settlement.totals.igtfCents).toBe(0);
  });

  it('completar con cualquier método cierra la venta exacta, sin vuelto', () => {
    const method = fc.constantFrom(...SALE_PAYMENT_METHOD_IDS);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.record({ method, amountCents: fc.integer({ min: 1, max: 50_000 }) }), { maxLength: 3 }),
        method,
        fc.constantFrom('1', '36.5234', '40', '412.7'),
        (priceCents, quantity, first: CounterPayment[], last, rate) => {
          const lines = [{ priceCents, promotionCents: 0, quantity, discountCents: 0 }];
          const partial = settleSale(lines, first, { rate, igtf: DEFAULT_IGTF, condition: 'credito' });
          if (!partial.ok || partial.settlement.owedCents === 0 || partial.settlement.changeUsdCents > 0) return;
          const payment = { method: last, amountCents: amountToCover(last, partial.settlement.owedCents, rate, DEFAULT_IGTF) };
          const full = settleSale(lines, [...first, payment], { rate, igtf: DEFAULT_IGTF, condition: 'contado' });
          expect(full.ok).toBe(true);
          if (!full.ok) return;
          const { totals, payments, paidCents, changeUsdCents } = full.settlement;
          expect(paidCents).toBe(totals.totalCents);
          expect(changeUsdCents).toBe(0);
          for (const p of payments) expect(p.igtfCents).toBe(igtfOf(p.method, p.amountUsdCents, DEFAULT_IGTF));
        },
      ),
    );
  });
});

describe('vencimiento de una nota de entrega', () => {
  it('es el día de la venta más los días de crédito, a través de meses y años', () => {
    expect(dueDateOf('2026-11-24', 30)).toBe('2026-12-24');
    expect(dueDateOf('2026-12-15', 30)).toBe('2027-01-14');
    expect(dueDateOf('2028-02-01', 29)).toBe('2028-03-01');
    expect(dueDateOf('2026-11-24', 0)).toBe('2026-11-24');
  });
});
