import { describe, expect, it } from 'vitest';
import { pageHref } from './enlace-de-pagina.ts';

describe('pageHref', () => {
  const path = '/linea/DAM/sub-lineas/BLU/articulos';

  it('la página siguiente lleva el cursor y conserva los filtros y el orden', () => {
    expect(pageHref(path, '?color=NEGR&orden=precio&page=3', 'page', 4, 'WyJwcmVjaW8iXQ')).toBe(
      `${path}?color=NEGR&orden=precio&page=4&despues=WyJwcmVjaW8iXQ`,
    );
  });

  it('otra página, o la primera, deja el cursor viejo fuera', () => {
    expect(pageHref(path, '?color=NEGR&page=4&despues=viejo', 'page', 2, null)).toBe(`${path}?color=NEGR&page=2`);
    expect(pageHref(path, '?page=4&despues=viejo', 'page', 1, 'nuevo')).toBe(path);
  });
});
