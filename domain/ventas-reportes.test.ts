import { describe, expect, it } from 'vitest';
import { caracasDayEnd, caracasDayStart, paymentMethodLabel, REPORT_PAYMENT_METHODS, rangePresets } from './ventas-reportes.ts';

describe('reportes de ventas', () => {
  it('un día de Caracas va de las 04:00 UTC a las 04:00 UTC del día siguiente', () => {
    expect(caracasDayStart('2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(caracasDayEnd('2026-03-09').toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(caracasDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T04:00:00.000Z');
  });

  it('nombra los métodos de la venta, de la orden web y deja como está uno desconocido', () => {
    expect(paymentMethodLabel('efectivo-bs')).toBe('Efectivo en bolívares');
    expect(paymentMethodLabel('pago-movil')).toBe('Pago móvil');
    expect(paymentMethodLabel('pago-pendiente')).toBe('Pago pendiente');
    expect(paymentMethodLabel('trueque')).toBe('trueque');
    expect(paymentMethodLabel('toString')).toBe('toString');
    expect(REPORT_PAYMENT_METHODS.map((m) => m.value)).toContain('punto-de-venta');
  });

  it('los rangos rápidos: hoy, 7 días, este mes, el mes anterior (también cruzando el año) y 90 días', () => {
    expect(rangePresets('2026-03-09')).toEqual([
      { label: 'Hoy', from: '2026-03-09', to: '2026-03-09' },
      { label: 'Últimos 7 días', from: '2026-03-03', to: '2026-03-09' },
      { label: 'Este mes', from: '2026-03-01', to: '2026-03-09' },
      { label: 'Mes anterior', from: '2026-02-01', to: '2026-02-28' },
      { label: 'Últimos 90 días', from: '2025-12-10', to: '2026-03-09' },
    ]);
    expect(rangePresets('2026-01-15')[3]).toEqual({ label: 'Mes anterior', from: '2025-12-01', to: '2025-12-31' });
  });
});
