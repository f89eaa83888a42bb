import { describe, expect, it } from 'vitest';
import { liquidarOrden, saldoDeOrden, usdWorthOf, vueltoDelUltimoPago, vueltoTexto } from './pago-orden.ts';

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

describe('vueltoDelUltimoPago', () => {
  const igtf = { charged: true, basisPoints: 300 };
  it('en divisas: el último pago se queda lo que faltaba más su IGTF, y el resto es vuelto', () => {
    // Owes $ 40,00 before IGTF; $ 50,00 by Zelle: keeps 41,24 (40,00 + IGTF 1,24), gives 8,76 back.
    const v = vueltoDelUltimoPago([{ method: 'zelle', amount: '50.00' }], '40.0000', igtf, 4_000);
    expect(v).toEqual({ index: 0, changeCents: 876, staysUsdCents: 4_124, igtfCents: 124 });
    expect(4_124 - 124).toBe(4_000);
  });
  it('en bolívares: sin IGTF, el vuelto en Bs. es lo traído menos los Bs. de lo que se queda', () => {
    const v = vueltoDelUltimoPago([{ method: 'pago-movil', amount: '2000.00' }], '40.0000', igtf, 4_000);
    expect(v).toEqual({ index: 0, changeCents: 40_000, staysUsdCents: 4_000, igtfCents: 0 });
    expect(vueltoTexto(v!, { method: 'pago-movil' }, '40.0000')).toBe('Vuelto por devolver al cliente: Bs. 400,00 ($ 10,00).');
  });
  it('con un pago anterior: el último da el vuelto de lo que sobra de ambos', () => {
    const v = vueltoDelUltimoPago(
      [
        { method: 'pago-movil', amount: '800.00' },
        { method: 'pago-movil', amount: '1600.00' },
      ],
      '40.0000',
      igtf,
      4_000,
    );
    expect(v).toMatchObject({ index: 1, changeCents: 80_000, staysUsdCents: 2_000 });
  });
  it('si los anteriores ya cubren la orden, o nada sobra, no hay vuelto (el exceso queda a favor)', () => {
    expect(vueltoDelUltimoPago([{ method: 'zelle', amount: '41.24' }], '40.0000', igtf, 4_000)).toBeNull();
    expect(
      vueltoDelUltimoPago(
        [
          { method: 'pago-movil', amount: '1600.00' },
          { method: 'zelle', amount: '5.00' },
        ],
        '40.0000',
        igtf,
        4_000,
      ),
    ).toBeNull();
  });
});
