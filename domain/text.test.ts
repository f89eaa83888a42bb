import { describe, expect, it } from 'vitest';
import { includesNormalized, normalizeSearch, slugify } from './text.ts';

describe('normalizeSearch', () => {
  it('quita acentos y eñes y pasa a minúsculas', () => {
    expect(normalizeSearch('Niño')).toBe('nino');
    expect(normalizeSearch('ANZOÁTEGUI')).toBe('anzoategui');
    expect(normalizeSearch('Güiria')).toBe('guiria');
    expect(normalizeSearch('Café crème')).toBe('cafe creme');
  });

  it('recorta y junta los espacios repetidos', () => {
    expect(normalizeSearch('  Camisa \t  NIÑO \n')).toBe('camisa nino');
  });

  it('deja igual un texto vacío o ya normalizado', () => {
    expect(normalizeSearch('')).toBe('');
    expect(normalizeSearch('blusa 38')).toBe('blusa 38');
  });

  it('compara sin importar acentos ni mayúsculas', () => {
    expect(includesNormalized('Zapatos de Niña', 'nina')).toBe(true);
    expect(includesNormalized('Zapatos de Niña', 'NIÑO')).toBe(false);
  });
});

describe('slugify', () => {
  it('genera una dirección legible sin acentos ni símbolos', () => {
    expect(slugify('Camisa Niño 100% algodón')).toBe('camisa-nino-100-algodon');
    expect(slugify('  ¡Ofertas de Diciembre!  ')).toBe('ofertas-de-diciembre');
    expect(slugify('Damas / Blusas & Tops')).toBe('damas-blusas-tops');
  });

  it('un texto solo de símbolos da una cadena vacía', () => {
    expect(slugify('¿?¡!')).toBe('');
  });
});
