import { describe, expect, it } from 'vitest';
import { citiesOfState, stateByName, VENEZUELAN_CITIES, VENEZUELAN_STATES } from './venezuela.ts';

describe('estados de Venezuela', () => {
  it('son 25, con ids únicos del 1 al 25, incluidos Distrito Capital y Dependencias Federales', () => {
    expect(VENEZUELAN_STATES).toHaveLength(25);
    expect(VENEZUELAN_STATES.map((state) => state.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const names = VENEZUELAN_STATES.map((state) => state.name);
    expect(names).toContain('Distrito Capital');
    expect(names).toContain('Dependencias Federales');
    expect(names).toContain('La Guaira');
    expect(new Set(names).size).toBe(25);
  });

  it('cada estado tiene entre 3 y 8 ciudades, sin repetir', () => {
    for (const state of VENEZUELAN_STATES) {
      const cities = VENEZUELAN_CITIES.filter((city) => city.stateId === state.id).map((city) => city.name);
      expect(cities.length, state.name).toBeGreaterThanOrEqual(3);
      expect(cities.length, state.name).toBeLessThanOrEqual(8);
      expect(new Set(cities).size, state.name).toBe(cities.length);
    }
  });
});

describe('citiesOfState', () => {
  it('busca por nombre sin importar acentos, mayúsculas ni espacios', () => {
    const merida = citiesOfState('  MERIDA ');
    expect(merida.map((city) => city.name)).toContain('El Vigía');
    expect(merida.every((city) => city.stateId === stateByName('Mérida')?.id)).toBe(true);
    expect(citiesOfState('anzoategui').map((city) => city.name)).toContain('Puerto La Cruz');
  });

  it('Caracas está en el Distrito Capital y Maracaibo en Zulia', () => {
    expect(citiesOfState('Distrito Capital').map((city) => city.name)).toContain('Caracas');
    expect(citiesOfState('Zulia')[0]).toEqual({ stateId: 24, name: 'Maracaibo' });
  });

  it('un nombre que todo objeto hereda no es un estado', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(stateByName(name)).toBeUndefined();
      expect(citiesOfState(name)).toEqual([]);
    }
  });

  it('reconoce los nombres antiguos Vargas y Distrito Federal', () => {
    expect(stateByName('Vargas')?.name).toBe('La Guaira');
    expect(stateByName('distrito federal')?.name).toBe('Distrito Capital');
  });

  it('un estado desconocido no tiene ciudades', () => {
    expect(citiesOfState('Atlántida')).toEqual([]);
    expect(citiesOfState('')).toEqual([]);
  });
});
