import { describe, expect, it } from 'vitest';
import { liquidarOrden, saldoDeOrden, usdWorthOf } from './pago-orden.ts';

const base = { dueCents: 4_094, toleranceCents: 100, writeOff: false };

describe('liquidarOrden', () => {
  it('exacto (o a un céntimo de redondeo): se asienta el total', () => {
    expect(liquidarOrden({ ...base, receivedCents: 4_094 })).toMatchObject({ ok: true, value: { kind: 'completo', bookedCents: 4_094 } });
    expect(liquidarOrden({ ...base, receivedCents: 4_093 })).toMatchObject({ ok: true, value: { kind: 'completo', paidCents: 4_094 } });
  });

  it('corto: se asienta lo recibido y falta el resto; castigar solo dentro de la tolerancia', () => {
    expect(liquidarOrden({ ...base, receivedCents: 4_000 })).toEqual({
      ok: true,
      value: { kind: 'falta', bookedCents: 4_000, paidCents: 4_000, missingCents: 94, writtenOffCents: 0, excessCents: 0 },
    });
    expect(liquidarOrden({ ...base, receivedCents: 4_000, writeOff: true })).toMatchObject({
      ok: true,
      value: { kind: 'castigo', paidCents: 4_000, writtenOffCents: 94 },
    });
    const refused = liquidarOrden({ ...base, receivedCents: 3_000, writeOff: true });
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.motivo).toContain('$ 10,94');
  });

  it('de más: pagada, y el exceso es saldo a favor; no hay diferencia que castigar', () => {
    expect(liquidarOrden({ ...base, receivedCents: 4_594 })).toMatchObject({
      ok: true,
      value: { kind: 'exceso', bookedCents: 4_594, paidCents: 4_094, excessCents: 500 },
    });
    expect(liquidarOrden({ ...base, receivedCents: 4_594, writeOff: true }).ok).toBe(false);
  });
});

describe('saldoDeOrden', () => {
  it('lo aprobado en $ y Bs. a la tasa de la orden, y lo que falta', () => {
    const payments = [
      { method: 'zelle', amount: '20.00', status: 'aprobado' },
      { method: 'pago-movil', amount: '400.00', status: 'aprobado' },
      { method: 'zelle', amount: '99.00', status: 'rechazado' },
    ];
    expect(usdWorthOf(payments[1], '40')).toBe(1_000);
    expect(saldoDeOrden({ total: '40.94', commission: '0.00', rate: '40' }, payments)).toEqual({
      received: '30.00',
      receivedVes: '1200.00',
      missing: '10.94',
      missingVes: '437.60',
      missingDivisas: '10.94',
    });
  });
});
