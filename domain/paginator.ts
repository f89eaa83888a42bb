// List state (page, sort, search, filters) shared by the API query parser and the screens.
import { z } from 'zod';

export type FilterAdvance = Record<string, string>;

export type Paginator = {
  currentPage: number;
  perPage: number;
  total: number;
  firstItem: number | null;
  lastItem: number | null;
  lastPage: number;
  filter: string;
  sortBy: string;
  sortDesc: boolean;
  search: string;
  filterAdvance: FilterAdvance;
};

/** The `meta` of a list response. */
export type ListMeta = {
  current_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  last_page: number;
};

export const PAGE_SIZES = { articulosVenta: 5, catalogo: 6, admin: 15, generic: 5, sublineas: 12 } as const;
export const MAX_PER_PAGE = 100;

function assertPositiveInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} debe ser un entero mayor o igual a 1 (recibido: ${value})`);
  }
}

export type PaginatorDefaults = { sortBy?: string; sortDesc?: boolean };

/** First page, nothing loaded, descending unless told otherwise. */
export function defaultPaginator(perPage: number, defaults: PaginatorDefaults = {}): Paginator {
  assertPositiveInteger(perPage, 'perPage');
  return {
    currentPage: 1,
    perPage,
    total: 0,
    firstItem: null,
    lastItem: null,
    lastPage: 1,
    filter: '',
    sortBy: defaults.sortBy ?? '',
    sortDesc: defaults.sortDesc ?? true,
    search: '',
    filterAdvance: {},
  };
}

export function offsetOf(page: number, perPage: number): number {
  assertPositiveInteger(page, 'page');
  assertPositiveInteger(perPage, 'perPage');
  return (page - 1) * perPage;
}

export function metaFor(page: number, perPage: number, total: number): ListMeta {
  const offset = offsetOf(page, perPage);
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new RangeError(`total debe ser un entero no negativo (recibido: ${total})`);
  }
  const empty = offset >= total;
  return {
    current_page: page,
    per_page: perPage,
    total,
    from: empty ? null : offset + 1,
    to: empty ? null : Math.min(offset + perPage, total),
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

export function applyMeta(paginator: Paginator, meta: ListMeta): Paginator {
  return {
    ...paginator,
    currentPage: meta.current_page,
    perPage: meta.per_page,
    total: meta.total,
    firstItem: meta.from,
    lastItem: meta.to,
    lastPage: meta.last_page,
  };
}

/** After a failed load: the list is empty, the filters stay. */
export function resetPagination(paginator: Paginator): Paginator {
  return { ...paginator, currentPage: 1, total: 0, firstItem: null, lastItem: null, lastPage: 1 };
}

export function setPage(paginator: Paginator, page: number): Paginator {
  assertPositiveInteger(page, 'page');
  return { ...paginator, currentPage: page };
}

export function setSearch(paginator: Paginator, search: string): Paginator {
  return { ...paginator, search, currentPage: 1 };
}

export function setFilter(paginator: Paginator, filter: string): Paginator {
  return { ...paginator, filter, currentPage: 1 };
}

export function setSort(paginator: Paginator, sortBy: string, sortDesc: boolean): Paginator {
  return { ...paginator, sortBy, sortDesc, currentPage: 1 };
}

/**
 * Merges the given advanced-filter fields (a blank value removes that field); an empty map
 * clears them all. Either way the page goes back to 1 and the plain filter is cleared.
 */
export function setFilterAdvance(paginator: Paginator, fields: FilterAdvance): Paginator {
  const merged: FilterAdvance = Object.keys(fields).length === 0 ? {} : { ...paginator.filterAdvance, ...fields };
  const filterAdvance = Object.fromEntries(Object.entries(merged).filter(([, value]) => value.trim() !== ''));
  return { ...paginator, filterAdvance, currentPage: 1, filter: '' };
}

/** Query parameters of a list call, as API.md names them. */
export function toListQuery(paginator: Paginator): Record<string, string> {
  const query: Record<string, string> = {
    page: String(paginator.currentPage),
    per_page: String(paginator.perPage),
    sort_desc: String(paginator.sortDesc),
  };
  if (paginator.sortBy !== '') query.sort_by = paginator.sortBy;
  if (paginator.search !== '') query.search = paginator.search;
  if (paginator.filter !== '') query.filter = paginator.filter;
  for (const [field, value] of Object.entries(paginator.filterAdvance)) {
    query[`filter_advance[${field}]`] = value;
  }
  return query;
}

export const PAGINATION_TARGETS = ['sublines', 'latest', 'bestSeller'] as const;
export type PaginationTarget = (typeof PAGINATION_TARGETS)[number];
export type SublineLists = Record<PaginationTarget, Paginator>;

export function defaultSublineLists(): SublineLists {
  return {
    sublines: defaultPaginator(PAGE_SIZES.sublineas),
    latest: defaultPaginator(PAGE_SIZES.sublineas),
    bestSeller: defaultPaginator(PAGE_SIZES.sublineas),
  };
}

function isPaginationTarget(value: string): value is PaginationTarget {
  return (PAGINATION_TARGETS as readonly string[]).includes(value);
}

/** An unknown target leaves the state as it was and returns a warning for the caller to log. */
export function mergePagination<S extends SublineLists>(state: S, target: string, meta: ListMeta): { state: S; warning: string | null } {
  if (!isPaginationTarget(target)) {
    return { state, warning: `Destino de paginación desconocido: "${target}"` };
  }
  return { state: { ...state, [target]: applyMeta(state[target], meta) }, warning: null };
}

// Query strings send "page=" for an empty field: treat it as absent so the default applies.
function blankAsAbsent(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

const FIELD_NAME = /^[A-Za-z0-9_.-]+$/;

export type ListQueryDefaults = { sortBy?: string; sortDesc?: boolean };

/** Parses the list parameters of API.md from a query object; messages are Spanish. */
export function listQuerySchema(defaultPerPage: number, maxPerPage = MAX_PER_PAGE, defaults: ListQueryDefaults = {}) {
  assertPositiveInteger(defaultPerPage, 'defaultPerPage');
  assertPositiveInteger(maxPerPage, 'maxPerPage');
  const integer = (name: string, min: number, max: number) =>
    z.coerce
      .number({ error: `El parámetro ${name} debe ser un número` })
      .int({ error: `El parámetro ${name} debe ser un número entero` })
      .min(min, { error: `El parámetro ${name} debe ser mayor o igual a ${min}` })
      .max(max, { error: `El parámetro ${name} debe ser menor o igual a ${max}` });
  const text = (name: string, max: number) =>
    z
      .string({ error: `El parámetro ${name} debe ser un texto` })
      .trim()
      .max(max, { error: `El parámetro ${name} admite hasta ${max} caracteres` });
  return z.object({
    page: z.preprocess(blankAsAbsent, integer('page', 1, Number.MAX_SAFE_INTEGER).default(1)),
    per_page: z.preprocess(blankAsAbsent, integer('per_page', 1, maxPerPage).default(defaultPerPage)),
    sort_by: text('sort_by', 64)
      .regex(/^[A-Za-z0-9_.-]*$/, {
        error: 'El parámetro sort_by solo admite letras, dígitos, punto, guion y guion bajo',
      })
      .default(defaults.sortBy ?? ''),
    sort_desc: z.preprocess(
      blankAsAbsent,
      z
        .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
          error: 'El parámetro sort_desc debe ser true o false',
        })
        .default(defaults.sortDesc ?? true),
    ),
    search: text('search', 200).default(''),
    filter: text('filter', 200).default(''),
    filter_advance: z
      .record(z.string().regex(FIELD_NAME), text('filter_advance', 200), {
        error: (issue) =>
          issue.code === 'invalid_key'
            ? 'Nombre de campo no válido en filter_advance'
            : 'El parámetro filter_advance debe ser un mapa de campo a valor',
      })
      .default({}),
  });
}

export type ListQuery = z.output<ReturnType<typeof listQuerySchema>>;
