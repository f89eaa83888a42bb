import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isConsistent } from './abono.ts';
import { anularPago, appliedAmount, newPayable, type PayableState, registrarPago, usdEquivalent } from './cuentas-por-pagar.ts';

function start(total: number, discount = 0): PayableState {
  const made = newPayable(total, discount);
  if (!made.ok) throw new Error(made.motivo);
  return made.state;
}

describe('saldo de un documento por pagar', () => {
  it('un pago baja el saldo y cambia el estado; pagar de más se rechaza con el saldo en su moneda', () => {
    let state = start(10_000, 500);
    expect(state.outstandingBalanceCents).toBe(9_500);
    const first = registrarPago(state, 4_000, 'VES');
    expect(first.ok && first.state.paymentStatus).toBe('abonada');
    if (!first.ok) return;
    state = first.state;
    expect(registrarPago(state, 5_501, 'VES')).toEqual({ ok: false, motivo: 'El pago (Bs. 55,01) supera el saldo pendiente (Bs. 55,00).' });
    const last = registrarPago(state, 5_500, 'VES');
    expect(last.ok && last.state).toMatchObject({ outstandingBalanceCents: 0, paymentStatus: 'pagada' });
    if (last.ok) expect(registrarPago(last.state, 1, 'VES')).toEqual({ ok: false, motivo: 'El documento ya está pagado.' });
  });

  it('un documento nuevo necesita total positivo y descuento menor que el total', () => {
    expect(newPayable(0, 0).ok).toBe(false);
    expect(newPayable(100, 100).ok).toBe(false);
    expect(newPayable(100, 99).ok).toBe(true);
  });

  it('el pago en la otra moneda cuenta a la tasa del pago; en la misma, uno a uno', () => {
    expect(appliedAmount(10_000, 'USD', 'VES', '36.5')).toBe(365_000);
    expect(appliedAmount(365_000, 'VES', 'USD', '36.5')).toBe(10_000);
    expect(appliedAmount(123, 'VES', 'VES', '36.5')).toBe(123);
    expect(usdEquivalent(100, 'VES', '3')).toBe(33);
    expect(usdEquivalent(100, 'USD', '3')).toBe(100);
  });

  it('cualquier serie de pagos y anulaciones mantiene saldo = total − descuento − pagado, nunca negativo', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('pagar' as const), cents: fc.integer({ min: -5, max: 30_000 }) }),
      fc.record({ kind: fc.constant('anular' as const), index: fc.nat(20) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.array(op, { maxLength: 30 }), (total, ops) => {
        let state = start(total);
        const active: number[] = [];
        for (const o of ops) {
          if (o.kind === 'pagar') {
            const r = registrarPago(state, o.cents, 'USD');
            if (r.ok) {
              active.push(o.cents);
              state = r.state;
            } else {
              expect(o.cents <= 0 || o.cents > state.outstandingBalanceCents).toBe(true);
            }
          } else if (active.length > 0) {
            const [applied] = active.splice(o.index % active.length, 1);
            const r = anularPago(state, applied ?? 0);
            expect(r.ok).toBe(true);
            if (r.ok) state = r.state;
          }
          expect(isConsistent(state)).toBe(true);
          expect(state.outstandingBalanceCents).toBeGreaterThanOrEqual(0);
          expect(state.balancePaidCents).toBe(active.reduce((a, b) => a + b, 0));
        }
      }),
      { numRuns: 200 },
    );
  });
});
