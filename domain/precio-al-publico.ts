// The price a shopper sees: the precio de venta al público (PVP), the unit price after promotion
// and discount plus its 16 % IVA, computed as the cart computes one unit, so both always agree.
import { addCents, multiplyCents, toCents } from './money.ts';
import { ivaOf } from './vat.ts';

/** PVP in cents of a net unit price in cents. */
export function pvpCents(netCents: number): number {
  return addCents(netCents, ivaOf(netCents));
}

/** The PVP of a card or article: (price − promotion − discount) + IVA, and the struck-out PVP before reductions. */
export function precioAlPublico({ price, promotion = '0', discount = '0' }: { price: string; promotion?: string; discount?: string }) {
  const reductionCents = toCents(promotion) + toCents(discount);
  const netCents = Math.max(0, toCents(price) - reductionCents);
  return {
    pvpCents: pvpCents(netCents),
    beforeCents: reductionCents > 0 ? pvpCents(toCents(price)) : null,
    /** Whole percent taken off, for the «−30 %» badge; 0 when nothing is. */
    percentOff: reductionCents > 0 && toCents(price) > 0 ? Math.round((reductionCents * 100) / toCents(price)) : 0,
  };
}

/**
 * The net unit price bound for a PVP a shopper typed in a price filter: a lower bound rounds down
 * and an upper one up, so a model priced exactly at the bound is never left out.
 */
export function netoDeUnPvp(pvp: number, bound: 'min' | 'max'): number {
  const exact = (pvp * 10_000) / (10_000 + 1600);
  return bound === 'min' ? Math.floor(exact) : Math.ceil(exact);
}

/**
 * A cart line as the shopper reads it, IVA included like the article's price
 * (docs/dominio.md §Precio al público en el carrito): the unit price after promotion and the line's automatic discount (what
 * the article page showed), the line's total, what the discount and the coupon take off, and what the
 * line comes to. Each figure is the PVP of a net amount, so the rows add up exactly: line − discount
 * shown − coupon shown = what it comes to. The order's totals keep the breakdown (base, IVA, total).
 */
export function lineaConIva({
  price,
  promotion,
  discount,
  couponDiscount,
  quantity,
}: {
  price: string;
  promotion: string;
  discount: string;
  couponDiscount: string;
  quantity: number;
}) {
  const grossCents = multiplyCents(Math.max(0, toCents(price) - toCents(promotion)), quantity);
  const afterDiscountCents = Math.max(0, grossCents - toCents(discount));
  const netCents = Math.max(0, afterDiscountCents - toCents(couponDiscount));
  // An amount per unit divides exactly; a percentage of the line is the article's per-unit figure
  // to a cent.
  const unitNetCents = quantity > 0 ? Math.round(afterDiscountCents / quantity) : 0;
  const lineCents = pvpCents(grossCents);
  const afterDiscountPvp = pvpCents(afterDiscountCents);
  const netPvp = pvpCents(netCents);
  return {
    unitCents: pvpCents(unitNetCents),
    /** Before the discount: the line as price × units. */
    beforeCents: lineCents,
    /** With the automatic discount: units × the article's price. */
    lineCents: afterDiscountPvp,
    discountCents: lineCents - afterDiscountPvp,
    couponCents: afterDiscountPvp - netPvp,
    netCents: netPvp,
  };
}
