// Bulk change of prices, promotions or the active flag for a selection of models: what each model
// becomes. Prices in integer cents; a percentage in basis points (−1500 = −15 %), rounded half-up
// once to the cent. A price never goes below 0 and a promotion never above its price.
import { divideHalfUp } from './decimal.ts';

export const BULK_CHANGE_KINDS = [
  'precio-porcentaje',
  'precio-monto',
  'promocion-porcentaje',
  'promocion-monto',
  'quitar-promocion',
  'activar',
  'desactivar',
] as const;
export type BulkChangeKind = (typeof BULK_CHANGE_KINDS)[number];

export const BULK_CHANGE_LABELS: Record<BulkChangeKind, string> = {
  'precio-porcentaje': 'Subir o bajar el precio un porcentaje',
  'precio-monto': 'Poner un precio fijo',
  'promocion-porcentaje': 'Promoción de un porcentaje del precio',
  'promocion-monto': 'Promoción de un monto fijo (USD menos)',
  'quitar-promocion': 'Quitar la promoción',
  activar: 'Activar (se ven en la tienda)',
  desactivar: 'Desactivar (dejan de verse)',
};

export type BulkChange =
  /** The price changes by a percentage: −1500 lowers it 15 %, 1000 raises it 10 %. */
  | { kind: 'precio-porcentaje'; basisPoints: number }
  /** Every price becomes this amount. */
  | { kind: 'precio-monto'; cents: number }
  /** The promotion (the amount taken off the price) becomes this share of the price. */
  | { kind: 'promocion-porcentaje'; basisPoints: number }
  /** The promotion becomes this amount off the price. */
  | { kind: 'promocion-monto'; cents: number }
  | { kind: 'quitar-promocion' }
  | { kind: 'activar' }
  | { kind: 'desactivar' };

export type ModelPricing = { priceCents: number; promotionCents: number; active: boolean };

/** What a model becomes; `capped`: its promotion was lowered to its new price. */
export type BulkOutcome = ModelPricing & { capped: boolean };

/** The highest price a model can have: what the price field accepts (9 digits and 2 decimals). */
export const MAX_PRICE_CENTS = 99_999_999_999;

/** A price may rise up to 10 times (+1000 %) and fall to 0 (−100 %). */
export const MIN_PRICE_BASIS_POINTS = -10_000;
export const MAX_PRICE_BASIS_POINTS = 100_000;

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} debe ser un entero de céntimos no negativo (recibido: ${value})`);
}

/** `cents` × basisPoints / 10 000, rounded half-up to the cent. */
function shareOf(cents: number, basisPoints: number): number {
  return Number(divideHalfUp(BigInt(cents) * BigInt(basisPoints), 10_000n));
}

export function applyBulkChange(before: ModelPricing, change: BulkChange): BulkOutcome {
  assertCents(before.priceCents, 'El precio');
  assertCents(before.promotionCents, 'La promoción');
  let price = before.priceCents;
  let promotion = before.promotionCents;
  let active = before.active;
  switch (change.kind) {
    case 'precio-porcentaje':
      if (
        !Number.isSafeInteger(change.basisPoints) ||
        change.basisPoints < MIN_PRICE_BASIS_POINTS ||
        change.basisPoints > MAX_PRICE_BASIS_POINTS
      ) {
        throw new RangeError(`Porcentaje de precio fuera de rango: ${change.basisPoints}`);
      }
      price = Math.max(0, shareOf(price, 10_000 + change.basisPoints));
      break;
    case 'precio-monto':
      assertCents(change.cents, 'El precio nuevo');
      price = change.cents;
      break;
    case 'promocion-porcentaje':
      if (!Number.isSafeInteger(change.basisPoints) || change.basisPoints < 0 || change.basisPoints > 10_000) {
        throw new RangeError(`Porcentaje de promoción fuera de rango: ${change.basisPoints}`);
      }
      promotion = shareOf(price, change.basisPoints);
      break;
    case 'promocion-monto':
      assertCents(change.cents, 'La promoción nueva');
      promotion = change.cents;
      break;
    case 'quitar-promocion':
      promotion = 0;
      break;
    case 'activar':
      active = true;
      break;
    case 'desactivar':
      active = false;
      break;
  }
  const capped = promotion > price;
  return { priceCents: price, promotionCents: capped ? price : promotion, active, capped };
}

/** Whether the outcome differs from what the model had. */
export function changesSomething(before: ModelPricing, after: ModelPricing): boolean {
  return before.priceCents !== after.priceCents || before.promotionCents !== after.promotionCents || before.active !== after.active;
}

/**
 * A percentage as a person types it ("-15", "−15", "15,5", "+10 %") in basis points; null when it is
 * not a number with at most 2 decimals.
 */
export function parsePercent(text: string): number | null {
  const match = /^([+\-−]?)\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' || sign === '−' ? -value : value;
}

/** −1500 → "−15 %", 1050 → "+10,5 %": a percentage as the screens show it. */
export function formatPercent(basisPoints: number, withSign = true): string {
  const abs = Math.abs(basisPoints);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  const digits = fraction === 0 ? String(whole) : `${whole},${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
  const sign = !withSign ? '' : basisPoints < 0 ? '−' : basisPoints > 0 ? '+' : '';
  return `${sign}${digits} %`;
}
