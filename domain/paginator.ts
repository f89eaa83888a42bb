// List state of the screens (page, sort, search, filters) and the meta of a list answer. The API
// reads the list query with listQuery of domain/contracts/campos.ts.
import type { ListMeta } from '#domain/contracts/contract.ts';

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

export const PAGE_SIZES = { articulosVenta: 5, catalogo: 6, admin: 15, generic: 5, sublineas: 12 } as const;

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

/** Query parameters of a list call (docs/api.md §Listas). */
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
