import { describe, expect, it } from 'vitest';
import { caracasIsoDate, caracasParts, formatDate, formatDateTime, isIsoDay, MONTH_NAMES, WEEKDAY_NAMES } from './dates.ts';

describe('formatDate', () => {
  it('escribe dd/mm/aaaa', () => {
    expect(formatDate('2024-03-09T15:00:00Z')).toBe('09/03/2024');
    expect(formatDate(new Date('2024-12-25T16:30:00Z'))).toBe('25/12/2024');
  });

  it('usa la hora de Caracas (UTC−4): antes de las 4:00 UTC aún es el día anterior', () => {
    expect(formatDate('2024-01-01T03:59:00Z')).toBe('31/12/2023');
    expect(formatDate('2024-01-01T04:00:00Z')).toBe('01/01/2024');
    expect(formatDate('2024-03-01T02:00:00Z')).toBe('29/02/2024');
  });

  it('respeta el desfase escrito en el texto', () => {
    expect(formatDate('2024-07-05T23:30:00-04:00')).toBe('05/07/2024');
    expect(formatDate('2024-07-06T01:00:00+02:00')).toBe('05/07/2024');
  });

  it('no desplaza una fecha sin hora, como un cumpleaños', () => {
    expect(formatDate('2015-03-09')).toBe('09/03/2015');
    expect(formatDate('2000-01-01')).toBe('01/01/2000');
  });

  it('rechaza fechas inválidas', () => {
    expect(() => formatDate('2023-02-29')).toThrow(RangeError);
    expect(() => formatDate('ayer')).toThrow(/Fecha no válida/);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('añade la hora de Caracas en formato de 24 horas', () => {
    expect(formatDateTime('2024-03-09T18:05:00Z')).toBe('09/03/2024 14:05');
    expect(formatDateTime('2024-03-10T02:07:00Z')).toBe('09/03/2024 22:07');
    expect(formatDateTime('2024-03-09')).toBe('09/03/2024 00:00');
  });
});

describe('día calendario en Caracas', () => {
  it('da aaaa-mm-dd del día en Caracas', () => {
    expect(caracasIsoDate('2024-01-01T03:00:00Z')).toBe('2023-12-31');
    expect(caracasParts('2024-06-15T12:45:00Z')).toEqual({ year: 2024, month: 6, day: 15, hour: 8, minute: 45 });
  });

  it('tiene los nombres de meses y días en español', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(MONTH_NAMES[8]).toBe('septiembre');
    expect(WEEKDAY_NAMES[new Date('2024-03-09T12:00:00Z').getUTCDay()]).toBe('sábado');
  });
});

describe('isIsoDay', () => {
  it('acepta días que existen y rechaza los que no', () => {
    expect(isIsoDay('2026-11-20')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-02-31')).toBe(false);
    expect(isIsoDay('2026-13-45')).toBe(false);
    expect(isIsoDay('20-11-2026')).toBe(false);
  });
});
