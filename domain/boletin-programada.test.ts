import { describe, expect, it } from 'vitest';
import { instanteProgramado, motivoProgramacionInvalida, PROGRAMACION_LEJANA, PROGRAMACION_PASADA } from './boletin-programada.ts';

describe('hora de una campaña programada', () => {
  it('lee la hora de Caracas del selector y los instantes con zona', () => {
    expect(instanteProgramado('2026-12-01 09:30')?.toISOString()).toBe('2026-12-01T13:30:00.000Z');
    expect(instanteProgramado('2026-12-01T09:30:00')?.toISOString()).toBe('2026-12-01T13:30:00.000Z');
    expect(instanteProgramado(' 2026-12-31 23:45:00 ')?.toISOString()).toBe('2027-01-01T03:45:00.000Z');
    expect(instanteProgramado('2026-12-01T13:30:00.000Z')?.toISOString()).toBe('2026-12-01T13:30:00.000Z');
    expect(instanteProgramado('2026-12-01T09:30-04:00')?.toISOString()).toBe('2026-12-01T13:30:00.000Z');
  });

  it('rechaza lo que no es una hora real', () => {
    for (const bad of [
      '',
      'mañana',
      '01/12/2026 09:30',
      '2026-02-30 10:00',
      '2026-13-01 10:00',
      '2026-12-01 24:00',
      '2026-12-01',
      '2026-12-01 9:30',
    ]) {
      expect(instanteProgramado(bad), bad).toBeNull();
    }
  });

  it('una hora pasada o a más de un año se rechaza; la siguiente hora vale', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(motivoProgramacionInvalida(new Date('2026-11-24T12:00:00Z'), now)).toBe(PROGRAMACION_PASADA);
    expect(motivoProgramacionInvalida(new Date('2026-11-24T11:59:00Z'), now)).toBe(PROGRAMACION_PASADA);
    expect(motivoProgramacionInvalida(new Date('2026-11-24T13:00:00Z'), now)).toBeNull();
    expect(motivoProgramacionInvalida(new Date('2028-01-01T00:00:00Z'), now)).toBe(PROGRAMACION_LEJANA);
  });
});
