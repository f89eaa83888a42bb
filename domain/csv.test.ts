import { describe, expect, it } from 'vitest';
import { csvDecimal, csvField, csvText, parseCsv, toCsv, UTF8_BOM } from './csv.ts';

describe('CSV en español', () => {
  it('comilla solo los campos con separador, comillas o saltos de línea', () => {
    expect(csvField('Pérez')).toBe('Pérez');
    expect(csvField('Pérez; Juan')).toBe('"Pérez; Juan"');
    expect(csvField('Camisa "Oxford"')).toBe('"Camisa ""Oxford"""');
    expect(csvField('línea\nnueva')).toBe('"línea\nnueva"');
  });

  it('neutraliza fórmulas en texto escrito por personas', () => {
    expect(csvText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvText('@SUMA')).toBe(`'@SUMA`);
    expect(csvText('María')).toBe('María');
  });

  it('usa coma decimal sin separador de miles', () => {
    expect(csvDecimal('1234.56')).toBe('1234,56');
    expect(csvDecimal('312.4500')).toBe('312,4500');
  });

  it('lo que escribe se vuelve a leer igual', () => {
    const rows = [
      ['Orden', 'Nombre', 'Total'],
      ['OC-000001', 'Pérez; "Juancho"\r\nhijo', '12,50'],
      ['OC-000002', '', '0,00'],
    ];
    const text = toCsv(rows);
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual(rows);
  });
});
