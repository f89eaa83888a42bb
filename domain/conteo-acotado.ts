// The meta of a list whose count stops at a bound: past it the list says «más de N resultados»
// instead of counting every row on every page (issue 13; decision 0025).
import type { ListMeta } from '#domain/contracts/contract.ts';
import { offsetOf } from '#domain/paginator.ts';

/** Storefront lists count exactly up to this many results. */
export const COUNT_LIMIT = 1000;

/**
 * A text search, or a list filtered by size in stock or by price, counts up to this many: counting a
 * thousand of them reads every candidate (every match of a common word, the stock of every model of a
 * colour), while a hundred is found after a few hundred; past a hundred the shopper narrows the search
 * rather than paging on (decision 0031).
 */
export const NARROW_COUNT_LIMIT = 100;

/**
 * `counted` is the number of rows found when counting at most `cap + 1`; more than `cap` means
 * there are more: `total` is then `cap`, flagged as a lower bound, and the last page is the one that
 * surely has rows (the one holding row `cap + 1`), or the one after this page when this page is full.
 */
export function cappedMeta(page: number, perPage: number, counted: number, cap: number, rowsOnPage: number): ListMeta {
  const offset = offsetOf(page, perPage);
  const estimate = counted > cap;
  const total = estimate ? cap : counted;
  const empty = rowsOnPage === 0;
  return {
    current_page: page,
    per_page: perPage,
    total,
    from: empty ? null : offset + 1,
    to: empty ? null : offset + rowsOnPage,
    last_page: estimate
      ? Math.max(Math.ceil((cap + 1) / perPage), page + (rowsOnPage === perPage ? 1 : 0))
      : Math.max(1, Math.ceil(total / perPage)),
    ...(estimate ? { total_is_estimate: true } : {}),
  };
}

/** What a shopper reads of a list's count: «1 artículo», «24 artículos», or «más de 100 artículos» past the bound. */
export function articleCountLabel(meta: Pick<ListMeta, 'total' | 'total_is_estimate'>): string {
  if (meta.total_is_estimate) return `más de ${meta.total.toLocaleString('es-VE')} artículos`;
  return meta.total === 1 ? '1 artículo' : `${meta.total.toLocaleString('es-VE')} artículos`;
}
