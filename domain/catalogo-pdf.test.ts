import { describe, expect, it } from 'vitest';
import { type CatalogoFila, catalogoPorLinea, empiezaComoPdf, leyendaDePrecios } from './catalogo-pdf.ts';

const fila = (over: Partial<CatalogoFila>): CatalogoFila => ({
  linea: 'Damas',
  sublinea: 'Franelas',
  code: 'M1',
  name: 'Franela Lisa',
  color: 'Rojo',
  price: '10.00',
  promotion: '0',
  tallas: ['S', 'M'],
  ...over,
});

describe('catálogo en PDF', () => {
  it('agrupa por línea y sub-línea, con el PVP con IVA en US$ y en Bs. a la tasa', () => {
    const lineas = catalogoPorLinea(
      [fila({}), fila({ code: 'M2', promotion: '2.00' }), fila({ sublinea: 'Blusas', code: 'M3' }), fila({ linea: 'Niños', code: 'M4' })],
      '40.5',
    );
    expect(lineas.map((l) => [l.name, l.sublineas.map((s) => s.name)])).toEqual([
      ['Damas', ['Franelas', 'Blusas']],
      ['Niños', ['Franelas']],
    ]);
    const [m1, m2] = lineas[0].sublineas[0].modelos;
    expect(m1).toMatchObject({ usd: '$ 11,60', bs: 'Bs. 469,80', tallas: 'S · M' });
    expect(m2).toMatchObject({ usd: '$ 9,28', bs: 'Bs. 375,84' });
  });

  it('deja fuera los modelos sin tallas en existencia', () => {
    expect(catalogoPorLinea([fila({ tallas: [] })], '40')).toEqual([]);
  });

  it('dice la fecha y la tasa de los precios', () => {
    expect(leyendaDePrecios('1234.5', new Date('2026-03-09T15:00:00Z'))).toBe(
      'Precios al público con IVA incluido, al 09/03/2026. Tasa del día: Bs. 1.234,5000 por US$.',
    );
  });

  it('la tasa impresa es la que usan los precios en Bs., sin redondear', () => {
    expect(leyendaDePrecios('318.7425', new Date('2026-03-09T15:00:00Z'))).toContain('Tasa del día: Bs. 318,7425 por US$.');
  });

  it('reconoce un PDF por sus primeros bytes', () => {
    expect(empiezaComoPdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(empiezaComoPdf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe(false);
    expect(empiezaComoPdf(Buffer.alloc(0))).toBe(false);
  });
});
