import { describe, expect, it } from 'vitest';
import {
  ALFABETO_DEL_CODIGO,
  CUPON_CUMPLEANOS,
  codigoDeCupon,
  cumpleanosConCupon,
  diasDelPeriodo,
  proximoCumpleanos,
  sumarDias,
  vigenciaDelCupon,
} from './cupon-cumpleanos.ts';

const HOY = '2026-11-23';
const hace = (days: number) => sumarDias(HOY, -days);

describe('cupón de cumpleaños', () => {
  it('el próximo cumpleaños es el de este año si no ha pasado (hoy cuenta) y si no el del año que viene', () => {
    expect(proximoCumpleanos('2019-11-23', HOY)).toEqual({ dia: '2026-11-23', anio: 2026, edad: 7 });
    expect(proximoCumpleanos('2019-11-22', HOY)).toEqual({ dia: '2027-11-22', anio: 2027, edad: 8 });
    expect(proximoCumpleanos('2020-01-02', '2026-12-28')).toEqual({ dia: '2027-01-02', anio: 2027, edad: 7 });
  });

  it('quien nació un 29 de febrero lo celebra el 28 en un año común y el 29 en uno bisiesto', () => {
    expect(proximoCumpleanos('2020-02-29', '2027-02-20')).toEqual({ dia: '2027-02-28', anio: 2027, edad: 7 });
    expect(proximoCumpleanos('2020-02-29', '2028-02-20')).toEqual({ dia: '2028-02-29', anio: 2028, edad: 8 });
    expect(diasDelPeriodo('2027-02-25')).toEqual(['02-25', '02-26', '02-27', '02-28', '02-29', '03-01', '03-02', '03-03']);
    expect(diasDelPeriodo('2028-02-25')).toEqual(['02-25', '02-26', '02-27', '02-28', '02-29', '03-01', '03-02']);
  });

  it('una corrida cubre los cumpleaños de hoy a seis días más: la semana que viene', () => {
    const hijo = (birthday: string) => cumpleanosConCupon({ birthday, enElPerfilDesde: hace(365) }, HOY);
    expect(hijo('2019-11-23')).toEqual({ dia: '2026-11-23', anio: 2026, edad: 7 });
    expect(hijo('2019-11-29')).toEqual({ dia: '2026-11-29', anio: 2026, edad: 7 });
    expect(hijo('2019-11-30')).toBeNull();
    expect(hijo('2019-11-22')).toBeNull();
    expect(diasDelPeriodo(HOY)).toEqual(['11-23', '11-24', '11-25', '11-26', '11-27', '11-28', '11-29']);
    // Across the new year, the coupon is for the coming year's birthday.
    expect(cumpleanosConCupon({ birthday: '2020-01-02', enElPerfilDesde: '2026-01-01' }, '2026-12-28')).toEqual({
      dia: '2027-01-02',
      anio: 2027,
      edad: 7,
    });
  });

  it('pasado el límite de edad, o antes de cumplir un año, no hay cupón', () => {
    const hijo = (birthday: string) => cumpleanosConCupon({ birthday, enElPerfilDesde: hace(365) }, HOY);
    expect(hijo('2012-11-25')?.edad).toBe(CUPON_CUMPLEANOS.edadMaxima);
    expect(hijo('2011-11-25')).toBeNull();
    expect(hijo('1990-11-25')).toBeNull();
    expect(hijo('2026-11-23')).toBeNull();
    expect(hijo('2025-11-23')?.edad).toBe(1);
  });

  it('un niño agregado al perfil menos de 30 días antes de su cumpleaños no recibe cupón ese año', () => {
    expect(cumpleanosConCupon({ birthday: '2019-11-25', enElPerfilDesde: '2026-10-26' }, HOY)).not.toBeNull();
    expect(cumpleanosConCupon({ birthday: '2019-11-25', enElPerfilDesde: '2026-10-27' }, HOY)).toBeNull();
    expect(cumpleanosConCupon({ birthday: '2019-11-25', enElPerfilDesde: HOY }, HOY)).toBeNull();
  });

  it('vale dos semanas desde el día en que se emite, con ambos días incluidos', () => {
    expect(vigenciaDelCupon(HOY)).toEqual({ validFrom: '2026-11-23', validTo: '2026-12-06' });
    expect(vigenciaDelCupon('2026-12-25')).toEqual({ validFrom: '2026-12-25', validTo: '2027-01-07' });
  });

  it('el código lleva el prefijo y ocho letras o dígitos que no se confunden entre sí', () => {
    const code = codigoDeCupon([0, 1, 2, 3, 4, 5, 6, ALFABETO_DEL_CODIGO.length - 1]);
    expect(code).toBe('CUMPLE-ABCDEFG9');
    expect(code).toMatch(/^[A-Z0-9-]{3,30}$/);
    expect(ALFABETO_DEL_CODIGO).not.toMatch(/[01OIL]/);
    expect(() => codigoDeCupon([0, 1, 2])).toThrow(RangeError);
    expect(() => codigoDeCupon([0, 1, 2, 3, 4, 5, 6, ALFABETO_DEL_CODIGO.length])).toThrow(RangeError);
  });
});
