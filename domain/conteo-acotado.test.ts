import { describe, expect, it } from 'vitest';
import { articleCountLabel, cappedMeta } from './conteo-acotado.ts';

describe('el conteo que lee el comprador', () => {
  it('exacto, en singular y con separador de miles; pasado el tope, «más de»', () => {
    expect(articleCountLabel({ total: 1 })).toBe('1 artículo');
    expect(articleCountLabel({ total: 0 })).toBe('0 artículos');
    expect(articleCountLabel({ total: 1234 })).toBe('1.234 artículos');
    expect(articleCountLabel(cappedMeta(1, 24, 101, 100, 24))).toBe('más de 100 artículos');
    expect(articleCountLabel(cappedMeta(1, 24, 100, 100, 24))).toBe('100 artículos');
  });

  it('pasado el tope, la última página ofrecida es una que seguro tiene filas', () => {
    // 101 or more rows, 24 a page: page 5 holds row 101; a sixth may not exist.
    expect(cappedMeta(1, 24, 101, 100, 24).last_page).toBe(5);
    expect(cappedMeta(5, 24, 101, 100, 24).last_page).toBe(6);
    expect(cappedMeta(5, 24, 101, 100, 5).last_page).toBe(5);
  });
});
