import { describe, expect, it } from 'vitest';
import { formatHistoryValue, historyFieldLabel, overrideOf, overrideValue } from './catalogo-historial.ts';

describe('historial del catálogo', () => {
  it('muestra precios en dólares, el estado y las marcas en palabras', () => {
    expect(formatHistoryValue('precio', '1234.5')).toBe('$ 1.234,50');
    expect(formatHistoryValue('promocion', '0.00')).toBe('$ 0,00');
    expect(formatHistoryValue('activo', 'false')).toBe('Inactivo');
    expect(formatHistoryValue('nuevo', 'si')).toBe('Siempre');
    expect(formatHistoryValue('mas-vendido', 'auto')).toBe('Automático');
    expect(formatHistoryValue('fotos', '1')).toBe('1 foto');
    expect(formatHistoryValue('fotos', '3')).toBe('3 fotos');
    expect(formatHistoryValue('nombre', null)).toBe('—');
    expect(formatHistoryValue('nombre', 'Blusa Carolina')).toBe('Blusa Carolina');
  });

  it('un campo que no conoce se muestra tal cual (otra fuente puede escribir los suyos)', () => {
    expect(historyFieldLabel('precio')).toBe('Precio');
    expect(historyFieldLabel('existencia-ccs')).toBe('existencia-ccs');
    expect(formatHistoryValue('precio', 'n/d')).toBe('n/d');
  });

  it('las marcas de «nuevo» y «más vendido»: null es automático', () => {
    expect([null, true, false].map(overrideOf)).toEqual(['auto', 'si', 'no']);
    expect((['auto', 'si', 'no'] as const).map(overrideValue)).toEqual([null, true, false]);
  });
});
