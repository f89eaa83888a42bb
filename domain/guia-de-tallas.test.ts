import { describe, expect, it } from 'vitest';
import { guiaDeTallas, tipoDeGuia } from './guia-de-tallas.ts';

const tallas = (...labels: string[]) =>
  labels.map((label) => ({ code: label.length === 2 ? label : label.slice(0, 2).toUpperCase(), label }));
const adultas = [
  { code: 'SM', label: 'S' },
  { code: 'MD', label: 'M' },
  { code: 'LG', label: 'L' },
];

describe('guía de tallas según la línea del artículo', () => {
  it('un zapato muestra tallas EU con el largo del pie en cm, nunca la guía de ropa de damas', () => {
    const guia = guiaDeTallas({ lineName: 'Calzado', subLineName: 'Zapatos', sizes: tallas('39', '40', '41', '42', '43', '44') });
    expect(guia.tipo).toBe('calzado');
    expect(guia.columnas).toEqual(['Talla EU', 'Largo del pie (cm)']);
    expect(guia.filas.map((f) => f[0])).toEqual(['39', '40', '41', '42', '43', '44']);
    expect(guia.filas[0][1]).toBe('25');
    expect(guia.columnas.join()).not.toContain('Busto');
  });

  it('el calzado infantil también va por talla EU', () => {
    expect(tipoDeGuia({ lineName: 'Niños', subLineName: 'Zapatos escolares', sizes: tallas('26', '28', '30') })).toBe('calzado');
  });

  it('la ropa de niños va por edad y estatura', () => {
    const guia = guiaDeTallas({
      lineName: 'Niños',
      subLineName: 'Conjuntos',
      sizes: [
        { code: '04', label: '4 años' },
        { code: '06', label: '6 años' },
      ],
    });
    expect(guia.tipo).toBe('ninos');
    expect(guia.columnas[1]).toBe('Estatura (cm)');
    expect(guia.filas.map((f) => f[0])).toEqual(['4 años', '6 años']);
  });

  it('jeans y pantalones por cintura; caballeros por pecho; damas por busto, cintura y cadera', () => {
    expect(tipoDeGuia({ lineName: 'Damas', subLineName: 'Jeans', sizes: tallas('28', '30', '32') })).toBe('cintura');
    const caballeros = guiaDeTallas({ lineName: 'Caballeros', subLineName: 'Camisas', sizes: adultas });
    expect(caballeros.columnas).toEqual(['Talla', 'Pecho (cm)', 'Cintura (cm)']);
    expect(caballeros.filas.map((f) => f[0])).toEqual(['S', 'M', 'L']);
    const damas = guiaDeTallas({ lineName: 'Damas', subLineName: 'Blusas', sizes: adultas });
    expect(damas.columnas).toContain('Busto (cm)');
  });

  it('si ninguna talla del artículo está en la tabla, la muestra completa', () => {
    expect(guiaDeTallas({ lineName: 'Damas', subLineName: 'Blusas', sizes: [{ code: 'UN', label: 'Única' }] }).filas).toHaveLength(6);
  });
});
