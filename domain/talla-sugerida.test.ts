import { describe, expect, it } from 'vitest';
import { edadEnAnios, tallaSugerida } from './talla-sugerida.ts';

const ROPA = ['02', '04', '06', '08', '10', '12', '14'];
const CALZADO = ['26', '28', '30', '32', '34'];
const HOY = '2026-11-23';

describe('talla sugerida para un niño', () => {
  it('la edad cuenta años cumplidos: el día del cumpleaños ya cuenta, el anterior no', () => {
    expect(edadEnAnios('2019-11-23', HOY)).toBe(7);
    expect(edadEnAnios('2019-11-24', HOY)).toBe(6);
    expect(edadEnAnios('2020-02-29', '2027-02-28')).toBe(6);
  });

  it('la ropa va por edad y, entre dos tallas, la mayor', () => {
    expect(tallaSugerida({ birthday: '2019-06-01', gender: 'femenino' }, HOY, 'ropa', ROPA)).toBe('08'); // 7 años
    expect(tallaSugerida({ birthday: '2018-06-01', gender: 'masculino' }, HOY, 'ropa', ROPA)).toBe('08'); // 8 años
    expect(tallaSugerida({ birthday: '2025-06-01', gender: 'femenino' }, HOY, 'ropa', ROPA)).toBe('02'); // 1 año
    expect(tallaSugerida({ birthday: '2012-06-01', gender: 'femenino' }, HOY, 'ropa', ROPA)).toBe('14'); // 14 años
  });

  it('pasada la edad de las tallas infantiles, o sin tallas de número, no sugiere', () => {
    expect(tallaSugerida({ birthday: '2010-06-01', gender: 'femenino' }, HOY, 'ropa', ROPA)).toBeNull(); // 16 años
    expect(tallaSugerida({ birthday: '2019-06-01', gender: 'femenino' }, HOY, 'ropa', ['SM', 'MD', 'LG'])).toBeNull();
  });

  it('el calzado va por la tabla de tallas europeas; desde los 10 años el de varón es un número más', () => {
    expect(tallaSugerida({ birthday: '2021-06-01', gender: 'femenino' }, HOY, 'calzado', CALZADO)).toBe('28'); // 5 años: 28
    expect(tallaSugerida({ birthday: '2019-06-01', gender: 'femenino' }, HOY, 'calzado', CALZADO)).toBe('32'); // 7 años: 31 → 32
    expect(tallaSugerida({ birthday: '2016-06-01', gender: 'femenino' }, HOY, 'calzado', CALZADO)).toBe('34'); // 10 años: 34
    expect(tallaSugerida({ birthday: '2016-06-01', gender: 'masculino' }, HOY, 'calzado', CALZADO)).toBeNull(); // 35: no hay
    expect(tallaSugerida({ birthday: '2016-06-01', gender: 'masculino' }, HOY, 'calzado', [...CALZADO, '35', '36'])).toBe('35');
  });
});
