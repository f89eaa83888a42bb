// The units an order carries per article (across its stores and repeated lines) and the limit per
// article: plain rules the cart checks before the order's schema (contracts/orden-compra.ts) does.
import { MAX_UNITS_PER_LINE } from './store-constants.ts';

type ItemUnits = { articleCode: string; stores: readonly { quantity: number }[] };

/** Units of each article across its stores (and across repeated lines of the same article). */
export function unitsByArticle(items: readonly ItemUnits[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const item of items) {
    const sum = item.stores.reduce((total, store) => total + store.quantity, 0);
    units.set(item.articleCode, (units.get(item.articleCode) ?? 0) + sum);
  }
  return units;
}

export function orderUnits(items: readonly ItemUnits[]): number {
  return [...unitsByArticle(items).values()].reduce((a, b) => a + b, 0);
}

export function tooManyUnitsMessage(label: string, units: number): string {
  return `Se pueden pedir hasta ${MAX_UNITS_PER_LINE} unidades de cada artículo por orden; ${label} lleva ${units}.`;
}
