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

  it('los rangos rápidos: hoy, esta semana (desde el lunes), este mes, el mes pasado (también cruzando el año) y 90 días', () => {
    // 2026-03-11 is a Wednesday.
    expect(rangePresets('2026-03-11')).toEqual([
      { label: 'Hoy', from: '2026-03-11', to: '2026-03-11' },
      { label: 'Esta semana', from: '2026-03-09', to: '2026-03-11' },
      { label: 'Este mes', from: '2026-03-01', to: '2026-03-11' },
      { label: 'Mes pasado', from: '2026-02-01', to: '2026-02-28' },
      { label: 'Últimos 90 días', from: '2025-12-12', to: '2026-03-11' },
    ]);
    expect(rangePresets('2026-01-15')[3]).toEqual({ label: 'Mes pasado', from: '2025-12-01', to: '2025-12-31' });
    // A Monday is its own week's start; a Sunday closes the week that began six days before.
    expect(rangePresets('2026-03-09')[1]).toEqual({ label: 'Esta semana', from: '2026-03-09', to: '2026-03-09' });
    expect(rangePresets('2026-03-15')[1]).toEqual({ label: 'Esta semana', from: '2026-03-09', to: '2026-03-15' });
  });
});
