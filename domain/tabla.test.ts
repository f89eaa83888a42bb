import { describe, expect, it } from 'vitest';
import { ownValue } from './tabla.ts';

describe('ownValue', () => {
  const table = { vargas: 'La Guaira' };
  it('da el valor de una clave de la tabla', () => {
    expect(ownValue(table, 'vargas')).toBe('La Guaira');
  });
  it('no da lo que el objeto hereda', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) expect(ownValue(table, key)).toBeUndefined();
  });
});
