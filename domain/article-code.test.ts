import { describe, expect, it } from 'vitest';
import {
  baseModelOf,
  buildArticleCode,
  colorCodeOf,
  isValidArticleCode,
  isValidColorCode,
  isValidModel,
  isValidSizeCode,
  modelOf,
  normalizeCode,
  parseArticleCode,
  sizeCodeOf,
  withColor,
} from './article-code.ts';

describe('códigos de artículo', () => {
  it('el artículo es el modelo seguido del código de talla', () => {
    expect(buildArticleCode('BL1020NEGR', 'XS')).toBe('BL1020NEGRXS');
    expect(buildArticleCode('ZP3300BL01', '38')).toBe('ZP3300BL0138');
  });

  it('la talla son los 2 últimos caracteres del artículo y el modelo el resto', () => {
    expect(sizeCodeOf('BL1020NEGRXS')).toBe('XS');
    expect(modelOf('BL1020NEGRXS')).toBe('BL1020NEGR');
  });

  it('el color son los 4 últimos caracteres del modelo y la base lo anterior', () => {
    expect(colorCodeOf('BL1020NEGR')).toBe('NEGR');
    expect(baseModelOf('BL1020NEGR')).toBe('BL1020');
    expect(baseModelOf('BL-1020NEGR')).toBe('BL-1020');
  });

  it('descompone un artículo en todas sus partes', () => {
    expect(parseArticleCode('ZP3300BL0138')).toEqual({
      model: 'ZP3300BL01',
      baseModel: 'ZP3300',
      colorCode: 'BL01',
      sizeCode: '38',
    });
  });

  it('construir y descomponer son inversos', () => {
    const article = buildArticleCode('CA77ROJO', '10');
    expect(buildArticleCode(modelOf(article), sizeCodeOf(article))).toBe(article);
  });

  it('cambia el color de un modelo conservando la base', () => {
    expect(withColor('BL1020NEGR', 'BLAN')).toBe('BL1020BLAN');
    expect(() => withColor('BL1020NEGR', 'bl')).toThrow(TypeError);
  });

  it('valida tallas de 2 y colores de 4 caracteres alfanuméricos en mayúscula', () => {
    expect(isValidSizeCode('XS')).toBe(true);
    expect(isValidSizeCode('38')).toBe(true);
    expect(isValidSizeCode('xs')).toBe(false);
    expect(isValidSizeCode('X')).toBe(false);
    expect(isValidSizeCode('XXL')).toBe(false);
    expect(isValidSizeCode('X-')).toBe(false);
    expect(isValidSizeCode(38)).toBe(false);
    expect(isValidColorCode('NEGR')).toBe(true);
    expect(isValidColorCode('BL01')).toBe(true);
    expect(isValidColorCode('NEG')).toBe(false);
    expect(isValidColorCode('negr')).toBe(false);
    expect(isValidColorCode('NE-R')).toBe(false);
  });

  it('un modelo necesita al menos un carácter de base antes del color', () => {
    expect(isValidModel('BL1020NEGR')).toBe(true);
    expect(isValidModel('ANEGR')).toBe(true);
    expect(isValidModel('NEGR')).toBe(false);
    expect(isValidModel('BL1020 NEGR')).toBe(false);
    expect(isValidModel('BL10-NEG')).toBe(false);
    expect(isValidArticleCode('BL1020NEGRXS')).toBe(true);
    expect(isValidArticleCode('NEGRXS')).toBe(false);
  });

  it('lanza error ante códigos mal formados', () => {
    expect(() => buildArticleCode('BL1020NEGR', 'xs')).toThrow(/talla/);
    expect(() => buildArticleCode('bl1020negr', 'XS')).toThrow(/Modelo/);
    expect(() => sizeCodeOf('XS')).toThrow(/artículo/);
    expect(() => modelOf('')).toThrow(TypeError);
    expect(() => colorCodeOf('NEG')).toThrow(TypeError);
  });

  it('normaliza espacios y minúsculas antes de validar', () => {
    expect(normalizeCode('  bl1020negrxs ')).toBe('BL1020NEGRXS');
  });
});
