// Which stores a shopper's units come from by default (they may choose per store, docs/dominio.md §Carrito y tiendas de despacho): the
// store nearest to the shopper's state that has the article, then the one with most stock.
import { normalizeSearch } from './text.ts';
import { stateByName } from './venezuela.ts';

/** Approximate latitude and longitude of each state's capital, enough to rank distances. */
const CAPITALS: Record<string, readonly [number, number]> = {
  amazonas: [5.66, -67.62],
  anzoategui: [10.13, -64.69],
  apure: [7.89, -67.47],
  aragua: [10.25, -67.6],
  barinas: [8.62, -70.21],
  bolivar: [8.12, -63.55],
  carabobo: [10.16, -68.0],
  cojedes: [9.66, -68.58],
  'delta amacuro': [9.06, -62.05],
  'distrito capital': [10.49, -66.88],
  falcon: [11.4, -69.67],
  guarico: [9.91, -67.35],
  'la guaira': [10.6, -66.93],
  lara: [10.07, -69.32],
  merida: [8.59, -71.14],
  miranda: [10.34, -67.04],
  monagas: [9.75, -63.18],
  'nueva esparta': [11.03, -63.86],
  portuguesa: [9.04, -69.74],
  sucre: [10.45, -64.17],
  tachira: [7.77, -72.22],
  trujillo: [9.37, -70.43],
  yaracuy: [10.34, -68.74],
  zulia: [10.65, -71.64],
  'dependencias federales': [11.95, -66.67],
};

function capitalOf(stateName: string): readonly [number, number] | undefined {
  const state = stateByName(stateName);
  return state ? CAPITALS[normalizeSearch(state.name)] : undefined;
}

/** Great-circle distance in km between two states' capitals; unknown states are infinitely far. */
export function distanciaEntreEstados(a: string, b: string): number {
  const from = capitalOf(a);
  const to = capitalOf(b);
  if (!from || !to) return Number.POSITIVE_INFINITY;
  const rad = Math.PI / 180;
  const dLat = (to[0] - from[0]) * rad;
  const dLon = (to[1] - from[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from[0] * rad) * Math.cos(to[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export type TiendaConExistencia = { id: number; name: string; state: string; quantity: number };

/**
 * Stores with stock first, nearest to the shopper's state (same state first), then most stock, then
 * by name; stores without stock last. Without a state: most stock first.
 */
export function ordenarTiendasParaComprador<T extends TiendaConExistencia>(stores: readonly T[], estado?: string): T[] {
  const distance = (s: T) => (estado ? distanciaEntreEstados(estado, s.state) : 0);
  return [...stores].sort(
    (a, b) =>
      Number(b.quantity > 0) - Number(a.quantity > 0) ||
      distance(a) - distance(b) ||
      b.quantity - a.quantity ||
      a.name.localeCompare(b.name, 'es'),
  );
}

/** `quantity` units taken from the stores in the given order: as many as each has, until done. */
export function repartirUnidades(
  stores: readonly { id: number; quantity: number }[],
  quantity: number,
): { tiendaId: number; quantity: number }[] {
  const parts: { tiendaId: number; quantity: number }[] = [];
  let left = quantity;
  for (const store of stores) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, store.quantity));
    if (take > 0) parts.push({ tiendaId: store.id, quantity: take });
    left -= take;
  }
  return parts;
}
