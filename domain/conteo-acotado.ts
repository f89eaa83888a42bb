// The meta of a list whose count stops at a bound: past it the list says «más de N resultados»
// instead of counting every row on every page (issue 13; decision 0025).
import type { ListMeta } from '#domain/contracts/contract.ts';
import { offsetOf } from '#domain/paginator.ts';

/** Storefront lists count exactly up to this many results. */
export const COUNT_LIMIT = 1000;

/**
 * A text search counts up to this many: a common word («negro») matches a tenth of a large catalogue,
 * and counting a thousand of its styles reads every match; past a hundred the shopper refines the
 * search rather than paging on (decision 0031).
 */
export const SEARCH_COUNT_LIMIT = 100;

/**
 * `counted` is the number of rows found when counting at most `cap + 1`; more than `cap` means
 * there are more: `total` is then `cap`, flagged as a lower bound, and the last page is at least
 * the one after this page (when this page is full) or after the bound.
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
      ? Math.max(Math.ceil(total / perPage) + 1, page + (rowsOnPage === perPage ? 1 : 0))
      : Math.max(1, Math.ceil(total / perPage)),
    ...(estimate ? { total_is_estimate: true } : {}),
  };
}
