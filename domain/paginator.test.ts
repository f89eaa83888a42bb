import { describe, expect, it } from 'vitest';
import {
  applyMeta,
  defaultPaginator,
  defaultSublineLists,
  mergePagination,
  metaFor,
  offsetOf,
  PAGE_SIZES,
  resetPagination,
  setFilter,
  setFilterAdvance,
  setPage,
  setSearch,
  setSort,
  toListQuery,
} from './paginator.ts';

describe('paginador por defecto', () => {
  it('usa los tamaños de página de la especificación', () => {
    expect(PAGE_SIZES).toEqual({ articulosVenta: 5, catalogo: 6, admin: 15, generic: 5, sublineas: 12 });
  });

  it('empieza en la primera página, vacío y en orden descendente', () => {
    expect(defaultPaginator(PAGE_SIZES.generic)).toEqual({
      currentPage: 1,
      perPage: 5,
      total: 0,
      firstItem: null,
      lastItem: null,
      lastPage: 1,
      filter: '',
      sortBy: '',
      sortDesc: true,
      search: '',
      filterAdvance: {},
    });
  });

  it('admite un orden por defecto, como cumpleaños en el perfil', () => {
    expect(defaultPaginator(15, { sortBy: 'birthday', sortDesc: false })).toMatchObject({
      sortBy: 'birthday',
      sortDesc: false,
    });
  });

  it('rechaza tamaños de página no positivos', () => {
    expect(() => defaultPaginator(0)).toThrow(RangeError);
    expect(() => defaultPaginator(2.5)).toThrow(RangeError);
  });
});

describe('filtro avanzado', () => {
  const onPage3 = { ...defaultPaginator(15), currentPage: 3, filter: 'activos', filterAdvance: { linea: 'damas' } };

  it('cambiarlo vuelve a la página 1 y borra el filtro simple', () => {
    const next = setFilterAdvance(onPage3, { talla: 'M' });
    expect(next.currentPage).toBe(1);
    expect(next.filter).toBe('');
    expect(next.filterAdvance).toEqual({ linea: 'damas', talla: 'M' });
  });

  it('un mapa vacío borra todos los campos avanzados', () => {
    const next = setFilterAdvance(onPage3, {});
    expect(next.filterAdvance).toEqual({});
    expect(next.currentPage).toBe(1);
    expect(next.filter).toBe('');
  });

  it('un valor en blanco quita ese campo y deja los demás', () => {
    const next = setFilterAdvance({ ...onPage3, filterAdvance: { linea: 'damas', talla: 'M' } }, { linea: ' ' });
    expect(next.filterAdvance).toEqual({ talla: 'M' });
  });

  it('no modifica el paginador recibido', () => {
    setFilterAdvance(onPage3, {});
    expect(onPage3).toMatchObject({ currentPage: 3, filter: 'activos', filterAdvance: { linea: 'damas' } });
  });
});

describe('búsqueda, filtro, orden y página', () => {
  const onPage4 = { ...defaultPaginator(5), currentPage: 4 };

  it('buscar, filtrar u ordenar vuelve a la página 1', () => {
    expect(setSearch(onPage4, 'blusa')).toMatchObject({ search: 'blusa', currentPage: 1 });
    expect(setFilter(onPage4, 'activos')).toMatchObject({ filter: 'activos', currentPage: 1 });
    expect(setSort(onPage4, 'precio', false)).toMatchObject({ sortBy: 'precio', sortDesc: false, currentPage: 1 });
  });

  it('cambia de página solo a enteros desde 1', () => {
    expect(setPage(onPage4, 2).currentPage).toBe(2);
    expect(() => setPage(onPage4, 0)).toThrow(RangeError);
  });

  it('tras un fallo la lista queda vacía en la página 1 y conserva filtros', () => {
    const loaded = applyMeta(setSearch(onPage4, 'blusa'), metaFor(2, 5, 12));
    expect(resetPagination(loaded)).toMatchObject({
      currentPage: 1,
      total: 0,
      firstItem: null,
      lastItem: null,
      lastPage: 1,
      search: 'blusa',
    });
  });

  it('se traduce a los parámetros de consulta de la API', () => {
    const p = setFilterAdvance(setSort(setSearch(defaultPaginator(15), 'niño'), 'nombre', false), {
      linea: 'damas',
    });
    expect(toListQuery(setPage(p, 2))).toEqual({
      page: '2',
      per_page: '15',
      sort_by: 'nombre',
      sort_desc: 'false',
      search: 'niño',
      'filter_advance[linea]': 'damas',
    });
    expect(toListQuery(defaultPaginator(5))).toEqual({ page: '1', per_page: '5', sort_desc: 'true' });
  });
});

describe('meta de la respuesta', () => {
  it('calcula desde, hasta y última página', () => {
    expect(metaFor(1, 5, 12)).toEqual({ current_page: 1, per_page: 5, total: 12, from: 1, to: 5, last_page: 3 });
    expect(metaFor(3, 5, 12)).toEqual({ current_page: 3, per_page: 5, total: 12, from: 11, to: 12, last_page: 3 });
    expect(metaFor(2, 6, 12)).toMatchObject({ from: 7, to: 12, last_page: 2 });
  });

  it('sin resultados desde y hasta son null y la última página es 1', () => {
    expect(metaFor(1, 15, 0)).toEqual({ current_page: 1, per_page: 15, total: 0, from: null, to: null, last_page: 1 });
  });

  it('una página más allá de la última no tiene desde ni hasta', () => {
    expect(metaFor(4, 5, 12)).toMatchObject({ from: null, to: null, last_page: 3 });
  });

  it('el desplazamiento es (página − 1) × tamaño', () => {
    expect(offsetOf(1, 15)).toBe(0);
    expect(offsetOf(3, 15)).toBe(30);
    expect(() => offsetOf(0, 15)).toThrow(RangeError);
    expect(() => metaFor(1, 5, -1)).toThrow(RangeError);
  });

  it('aplicar la meta copia los números al paginador', () => {
    expect(applyMeta(defaultPaginator(5), metaFor(2, 5, 12))).toMatchObject({
      currentPage: 2,
      perPage: 5,
      total: 12,
      firstItem: 6,
      lastItem: 10,
      lastPage: 3,
    });
  });
});

describe('paginación de sub-líneas', () => {
  it('cada lista empieza con 12 por página', () => {
    const lists = defaultSublineLists();
    expect([lists.sublines.perPage, lists.latest.perPage, lists.bestSeller.perPage]).toEqual([12, 12, 12]);
  });

  it('combina la meta solo en la lista indicada', () => {
    const state = defaultSublineLists();
    const { state: next, warning } = mergePagination(state, 'latest', metaFor(2, 12, 30));
    expect(warning).toBeNull();
    expect(next.latest).toMatchObject({ currentPage: 2, total: 30, lastPage: 3 });
    expect(next.sublines).toBe(state.sublines);
    expect(next.bestSeller).toBe(state.bestSeller);
    expect(state.latest.total).toBe(0);
  });

  it('un destino desconocido deja el estado igual y avisa', () => {
    const state = defaultSublineLists();
    const { state: next, warning } = mergePagination(state, 'promociones', metaFor(1, 12, 3));
    expect(next).toBe(state);
    expect(warning).toMatch(/desconocido.*promociones/);
  });
});
