// IVA, cart totals and the card-payment commission, all in integer cents.
import { addCents, assertCents, multiplyCents, percentOfCents, subtractCents } from './money.ts';

export const IVA_RATE = 0.16;
export const IVA_BASIS_POINTS = 1600;

export const CARD_COMMISSION = {
  percent: 5.8,
  fixedUsd: 0.3,
  basisPoints: 580,
  fixedCents: 30,
} as const;

export type CartLineInput = { priceCents: number; promotionCents?: number; quantity: number };
export type CartLine = { netCents: number; ivaCents: number; totalCents: number };
export type CartTotals = { subtotalCents: number; ivaCents: number; totalCents: number };

export type CartLineV2Input = { priceCents: number; discountCents?: number; quantity: number };
export type CartTotalsV2 = { grossCents: number; discountCents: number; totalCents: number };

function assertQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`La cantidad debe ser un entero no negativo (recibida: ${quantity})`);
  }
}

function assertReduction(priceCents: number, reductionCents: number, name: string): void {
  assertCents(priceCents, 'precio');
  assertCents(reductionCents, name);
  if (priceCents < 0 || reductionCents < 0 || reductionCents > priceCents) {
    throw new RangeError(`El ${name} (${reductionCents}) debe estar entre 0 y el precio (${priceCents})`);
  }
}

export function ivaOf(netCents: number): number {
  return percentOfCents(netCents, IVA_BASIS_POINTS);
}

/** net = (price − promotion) × quantity; iva = 16 % of net. */
export function cartLine({ priceCents, promotionCents = 0, quantity }: CartLineInput): CartLine {
  assertReduction(priceCents, promotionCents, 'promoción');
  assertQuantity(quantity);
  const netCents = multiplyCents(priceCents - promotionCents, quantity);
  const ivaCents = ivaOf(netCents);
  return { netCents, ivaCents, totalCents: addCents(netCents, ivaCents) };
}

/**
 * IVA is taken once on the subtotal (the base imponible of the invoice), so the cart total
 * can differ by a cent from the sum of the rounded per-line IVA shown beside each line.
 */
export function cartTotals(lines: readonly CartLineInput[]): CartTotals {
  const subtotalCents = addCents(...lines.map((line) => cartLine(line).netCents));
  const ivaCents = ivaOf(subtotalCents);
  return { subtotalCents, ivaCents, totalCents: addCents(subtotalCents, ivaCents) };
}

/** Second cart version: price × quantity and discount × quantity per line; total = gross − discount. */
export function cartTotalsV2(lines: readonly CartLineV2Input[]): CartTotalsV2 {
  let grossCents = 0;
  let discountCents = 0;
  for (const { priceCents, discountCents: lineDiscount = 0, quantity } of lines) {
    assertReduction(priceCents, lineDiscount, 'descuento');
    assertQuantity(quantity);
    grossCents = addCents(grossCents, multiplyCents(priceCents, quantity));
    discountCents = addCents(discountCents, multiplyCents(lineDiscount, quantity));
  }
  return { grossCents, discountCents, totalCents: subtractCents(grossCents, discountCents) };
}

/** 5,8 % + 0,30 USD on the amount paid by card or online provider; nothing to pay, no commission. */
export function cardCommissionCents(amountCents: number): number {
  assertCents(amountCents);
  if (amountCents < 0) {
    throw new RangeError(`El monto a pagar no puede ser negativo (recibido: ${amountCents})`);
  }
  if (amountCents === 0) return 0;
  return addCents(percentOfCents(amountCents, CARD_COMMISSION.basisPoints), CARD_COMMISSION.fixedCents);
}

export function withCardCommission(amountCents: number): number {
  return addCents(amountCents, cardCommissionCents(amountCents));
}
