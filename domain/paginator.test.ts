import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  applyMeta,
  defaultPaginator,
  defaultSublineLists,
  listQuerySchema,
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

describe('listQuerySchema', () => {
  const schema = listQuerySchema(PAGE_SIZES.admin);

  it('aplica los valores por defecto a una consulta vacía', () => {
    expect(schema.parse({})).toEqual({
      page: 1,
      per_page: 15,
      sort_by: '',
      sort_desc: true,
      search: '',
      filter: '',
      filter_advance: {},
    });
  });

  it('convierte los textos de la consulta a números y booleanos', () => {
    expect(
      schema.parse({
        page: '3',
        per_page: '50',
        sort_by: 'created_at',
        sort_desc: 'false',
        search: '  blusa ',
        filter: 'activos',
        filter_advance: { linea: 'damas', 'talla.code': 'M' },
      }),
    ).toEqual({
      page: 3,
      per_page: 50,
      sort_by: 'created_at',
      sort_desc: false,
      search: 'blusa',
      filter: 'activos',
      filter_advance: { linea: 'damas', 'talla.code': 'M' },
    });
    expect(schema.parse({ sort_desc: '1' }).sort_desc).toBe(true);
    expect(schema.parse({ sort_desc: '0' }).sort_desc).toBe(false);
    expect(schema.parse({ sort_desc: true }).sort_desc).toBe(true);
  });

  it('trata los parámetros vacíos como ausentes', () => {
    expect(schema.parse({ page: '', per_page: ' ', sort_desc: '' })).toMatchObject({
      page: 1,
      per_page: 15,
      sort_desc: true,
    });
  });

  it('el orden descendente por defecto y el campo de orden son configurables', () => {
    const ascending = listQuerySchema(5, 100, { sortDesc: false, sortBy: 'birthday' });
    expect(ascending.parse({})).toMatchObject({ sort_desc: false, sort_by: 'birthday', per_page: 5 });
  });

  it('rechaza página y tamaño inválidos con mensajes en español', () => {
    const messages = (query: Record<string, unknown>) => {
      const result = schema.safeParse(query);
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ page: '0' })).toEqual(['page: El parámetro page debe ser mayor o igual a 1']);
    expect(messages({ page: '1.5' })).toEqual(['page: El parámetro page debe ser un número entero']);
    expect(messages({ page: 'dos' })).toEqual(['page: El parámetro page debe ser un número']);
    expect(messages({ per_page: '101' })).toEqual(['per_page: El parámetro per_page debe ser menor o igual a 100']);
    expect(messages({ sort_desc: 'si' })).toEqual(['sort_desc: El parámetro sort_desc debe ser true o false']);
    expect(messages({ sort_by: 'nombre; drop' })[0]).toMatch(/^sort_by: El parámetro sort_by solo admite/);
    expect(messages({ search: 'x'.repeat(201) })).toEqual(['search: El parámetro search admite hasta 200 caracteres']);
    expect(messages({ filter_advance: 'linea' })).toEqual([
      'filter_advance: El parámetro filter_advance debe ser un mapa de campo a valor',
    ]);
    expect(messages({ filter_advance: { 'linea[0]': 'x' } })[0]).toMatch(/Nombre de campo no válido/);
    expect(messages({ filter_advance: { linea: 'x'.repeat(201) } })).toEqual([
      'filter_advance.linea: El parámetro filter_advance admite hasta 200 caracteres',
    ]);
  });

  it('se puede describir como JSON Schema para la documentación de la API', () => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    expect(Object.keys(json.properties ?? {})).toEqual(['page', 'per_page', 'sort_by', 'sort_desc', 'search', 'filter', 'filter_advance']);
  });

  it('respeta un máximo por página propio', () => {
    expect(listQuerySchema(6, 24).safeParse({ per_page: '25' }).success).toBe(false);
    expect(listQuerySchema(6, 24).parse({ per_page: '24' }).per_page).toBe(24);
  });

  it('se puede extender con parámetros propios de cada lista', () => {
    const extended = schema.extend({ tienda: schema.shape.search });
    expect(extended.parse({ tienda: 'centro' })).toMatchObject({ tienda: 'centro', page: 1 });
  });
});
