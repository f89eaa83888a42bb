import { describe, expect, it } from 'vitest';
import { edadEnPalabras, MAX_SUGERENCIAS, sugerenciasDeTalla, tipoDeTallaInfantil } from './articulo-infantil.ts';

const sizes = (codes: string[], label: (code: string) => string = (c) => c) =>
  codes.map((code) => ({ code, label: label(code), stock: 3 }));
const años = (c: string) => `${Number(c)} años`;
const ROPA_NIÑOS = sizes(['02', '04', '06', '08', '10', '12', '14'], años);
const CALZADO_NIÑOS = sizes(['26', '28', '30', '32', '34']);

const conjunto = { lineName: 'Niños', subLineName: 'Conjuntos', sizes: ROPA_NIÑOS };
const zapatillaInfantil = { lineName: 'Calzado', subLineName: 'Calzado infantil', sizes: CALZADO_NIÑOS };
const HOY = '2026-11-23';

describe('artículo infantil', () => {
  it('la ropa de la línea Niños, en tallas «N años», es ropa infantil', () => {
    expect(tipoDeTallaInfantil(conjunto)).toBe('ropa');
    // The age labels alone tell it, whatever the línea is called.
    expect(tipoDeTallaInfantil({ lineName: 'Colegio', subLineName: 'Uniformes', sizes: ROPA_NIÑOS })).toBe('ropa');
    expect(tipoDeTallaInfantil({ lineName: 'Colegio', subLineName: 'Chemises', sizes: sizes(['01'], () => '1 año') })).toBe('ropa');
    // A children's línea with plain number sizes up to 16.
    expect(tipoDeTallaInfantil({ lineName: 'NIÑAS', subLineName: 'Vestidos', sizes: sizes(['04', '06', '08']) })).toBe('ropa');
    expect(tipoDeTallaInfantil({ lineName: 'Bebés', subLineName: 'Bodies', sizes: sizes(['02']) })).toBe('ropa');
  });

  it('el calzado cuyo nombre dice niños o infantil, en tallas de número, es calzado infantil', () => {
    expect(tipoDeTallaInfantil(zapatillaInfantil)).toBe('calzado');
    expect(tipoDeTallaInfantil({ lineName: 'Niños', subLineName: 'Zapatos escolares', sizes: CALZADO_NIÑOS })).toBe('calzado');
    expect(tipoDeTallaInfantil({ lineName: 'Ninos', subLineName: 'Sandalias', sizes: CALZADO_NIÑOS })).toBe('calzado');
  });

  it('la ropa y el calzado de adultos, y lo que no tiene tallas de número, no lo son', () => {
    expect(tipoDeTallaInfantil({ lineName: 'Damas', subLineName: 'Jeans', sizes: sizes(['28', '30', '32', '34', '36', '38']) })).toBeNull();
    expect(tipoDeTallaInfantil({ lineName: 'Calzado', subLineName: 'Botas', sizes: sizes(['39', '40', '41']) })).toBeNull();
    expect(tipoDeTallaInfantil({ lineName: 'Caballeros', subLineName: 'Camisas', sizes: sizes(['SM', 'MD', 'LG']) })).toBeNull();
    expect(tipoDeTallaInfantil({ lineName: 'Niños', subLineName: 'Franelas', sizes: sizes(['SM', 'MD']) })).toBeNull();
    // A word that only contains «nino» is not a children's name.
    expect(tipoDeTallaInfantil({ lineName: 'Damas', subLineName: 'Femenino', sizes: sizes(['08', '10']) })).toBeNull();
  });
});

describe('tallas sugeridas en la página del artículo', () => {
  const ana = { name: 'Ana Sofía Pérez', gender: 'femenino', birthday: '2019-06-01' }; // 7 años
  const luis = { name: 'Luis', gender: 'masculino', birthday: '2016-06-01' }; // 10 años
  const abuelo = { name: 'Pedro', gender: 'masculino', birthday: '1950-06-01' };

  it('a cada niño su talla, con su primer nombre y su edad', () => {
    expect(sugerenciasDeTalla(conjunto, [ana, luis], HOY)).toEqual([
      { nombre: 'Ana', edad: 7, code: '08', label: '8 años', enExistencia: true },
      { nombre: 'Luis', edad: 10, code: '10', label: '10 años', enExistencia: true },
    ]);
    // Luis's feet (a 35 at 10) are past the children's shoes: no suggestion for him.
    expect(sugerenciasDeTalla(zapatillaInfantil, [ana, luis], HOY)).toEqual([
      { nombre: 'Ana', edad: 7, code: '32', label: '32', enExistencia: true },
    ]);
  });

  it('una talla agotada se sugiere igual y se dice', () => {
    const agotado = { ...conjunto, sizes: conjunto.sizes.map((s) => (s.code === '08' ? { ...s, stock: 0 } : s)) };
    expect(sugerenciasDeTalla(agotado, [ana], HOY)[0]).toMatchObject({ code: '08', enExistencia: false });
  });

  it('nada para artículos de adultos ni para quien pasó las tallas infantiles; a lo sumo tres niños', () => {
    expect(sugerenciasDeTalla({ lineName: 'Damas', subLineName: 'Jeans', sizes: sizes(['28', '30']) }, [ana], HOY)).toEqual([]);
    expect(sugerenciasDeTalla(conjunto, [abuelo, { ...ana, gender: 'otro' }], HOY)).toEqual([]);
    const muchos = Array.from({ length: 5 }, (_, i) => ({ ...ana, name: `Hijo${i}` }));
    expect(sugerenciasDeTalla(conjunto, muchos, HOY).map((s) => s.nombre)).toEqual(['Hijo0', 'Hijo1', 'Hijo2'].slice(0, MAX_SUGERENCIAS));
  });

  it('la edad se dice en palabras', () => {
    expect(edadEnPalabras(0)).toBe('menos de 1 año');
    expect(edadEnPalabras(1)).toBe('1 año');
    expect(edadEnPalabras(7)).toBe('7 años');
  });
});
