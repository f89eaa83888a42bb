// Pricing with discounts, in integer cents: the one calculation the cart, the checkout summary and
// the order registration share, so what the shopper saw is what the order charges.
//
// Order of the reductions on a line (docs/dominio.md §Descuentos y cupones): the article's own promotion, then the largest
// automatic discount that applies (never two), then the coupon (its scope, or the whole cart),
// then the payment-method discount; IVA on what is left. A percentage is taken on the whole line
// (or the whole order, split over the lines) and rounded half-up once; an amount is per unit.
// Nothing goes below zero.
import { caracasIsoDate, formatDate } from './dates.ts';
import { addCents, allocateCents, assertCents, multiplyCents, percentOfCents, subtractCents, toCents } from './money.ts';
import { ivaOf } from './vat.ts';

export const DISCOUNT_KINDS = ['porcentaje', 'monto'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = { porcentaje: 'Porcentaje', monto: 'Monto por unidad (USD)' };

export const DISCOUNT_APPLICATIONS = ['automatico', 'cupon', 'metodo-pago'] as const;
export type DiscountApplication = (typeof DISCOUNT_APPLICATIONS)[number];
export const DISCOUNT_APPLICATION_LABELS: Record<DiscountApplication, string> = {
  automatico: 'Automático',
  cupon: 'Cupón',
  'metodo-pago': 'Método de pago',
};

/** porcentaje: `valueCents` are basis points (2000 = 20 %); monto: USD cents off each unit. */
export type DiscountRule = { kind: DiscountKind; valueCents: number };

/** A discount as the database keeps its value ("20.00" = 20 % or USD 20,00 per unit). */
export function ruleOf(kind: DiscountKind, value: string): DiscountRule {
  return { kind, valueCents: toCents(value) };
}

function assertRule(rule: DiscountRule): void {
  assertCents(rule.valueCents, 'valor del descuento');
  if (rule.valueCents < 0 || (rule.kind === 'porcentaje' && rule.valueCents > 10_000)) {
    throw new RangeError(`Descuento fuera de rango: ${rule.kind} ${rule.valueCents}`);
  }
}

/**
 * What `rule` takes off `quantity` units worth `lineCents` together: a percentage of the line,
 * rounded half-up once; an amount per unit. Never more than the line.
 */
export function discountOf(rule: DiscountRule, lineCents: number, quantity: number): number {
  assertRule(rule);
  assertCents(lineCents, 'monto de la línea');
  if (lineCents <= 0) return 0;
  const off = rule.kind === 'porcentaje' ? percentOfCents(lineCents, rule.valueCents) : multiplyCents(rule.valueCents, quantity);
  return Math.min(off, lineCents);
}

/** An automatic discount that applies to a line. */
export type LineDiscount = { id: number; name: string; rule: DiscountRule };

/** The largest discount for the line (discounts never add up); on a tie, the lowest id. */
export function bestDiscount(
  candidates: readonly LineDiscount[],
  lineCents: number,
  quantity: number,
): { id: number; name: string; cents: number } | null {
  let best: { id: number; name: string; cents: number } | null = null;
  for (const candidate of candidates) {
    const cents = discountOf(candidate.rule, lineCents, quantity);
    if (cents <= 0) continue;
    if (!best || cents > best.cents || (cents === best.cents && candidate.id < best.id)) {
      best = { id: candidate.id, name: candidate.name, cents };
    }
  }
  return best;
}

export type PricingLine = {
  priceCents: number;
  promotionCents: number;
  quantity: number;
  /** Automatic discounts assigned to this line's model, sub-line or line and valid today. */
  discounts: readonly LineDiscount[];
  /** Whether the coupon reaches this line (its scope, or every line when it has none). */
  inCouponScope: boolean;
};

export type PricingInput = {
  lines: readonly PricingLine[];
  coupon?: DiscountRule | null;
  /** The discount of the chosen payment method. */
  payment?: DiscountRule | null;
};

export type PricedLine = {
  /** price × quantity */
  grossCents: number;
  /** promotion × quantity */
  promotionCents: number;
  discountCents: number;
  discountId: number | null;
  discountName: string;
  couponCents: number;
  paymentCents: number;
  /** What is left after every reduction: the IVA base of the line. */
  netCents: number;
  ivaCents: number;
};

export type PricedCart = {
  lines: PricedLine[];
  grossCents: number;
  promotionCents: number;
  discountCents: number;
  couponCents: number;
  paymentCents: number;
  /** Σ net of the lines: the order's base imponible. */
  subtotalCents: number;
  /** 16 % of the subtotal, taken once (it may differ by a cent from the sum of the lines' IVA). */
  ivaCents: number;
  totalCents: number;
};

/**
 * An order-level reduction over lines worth `bases`: a percentage of their sum rounded once and
 * split in proportion (the parts add up exactly), or an amount per unit, line by line.
 */
function spread(rule: DiscountRule | null | undefined, bases: readonly number[], quantities: readonly number[]): number[] {
  if (!rule) return bases.map(() => 0);
  if (rule.kind === 'monto') return bases.map((base, i) => discountOf(rule, base, quantities[i]));
  const total = discountOf(rule, addCents(...bases), 1);
  return allocateCents(total, bases);
}

function assertLine(line: PricingLine): void {
  assertCents(line.priceCents, 'precio');
  assertCents(line.promotionCents, 'promoción');
  if (line.priceCents < 0 || line.promotionCents < 0 || line.promotionCents > line.priceCents) {
    throw new RangeError(`La promoción (${line.promotionCents}) debe estar entre 0 y el precio (${line.priceCents})`);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`La cantidad debe ser un entero no negativo (recibida: ${line.quantity})`);
  }
}

/** Prices a cart or an order: every reduction per line, and the totals they add up to. */
export function priceCart({ lines, coupon, payment }: PricingInput): PricedCart {
  lines.forEach(assertLine);
  const afterPromotion = lines.map((l) => multiplyCents(l.priceCents - l.promotionCents, l.quantity));
  const best = lines.map((l, i) => bestDiscount(l.discounts, afterPromotion[i], l.quantity));
  const afterDiscount = afterPromotion.map((cents, i) => subtractCents(cents, best[i]?.cents ?? 0));
  const quantities = lines.map((l) => l.quantity);
  const couponBases = afterDiscount.map((cents, i) => (lines[i].inCouponScope ? cents : 0));
  const couponParts = spread(coupon, couponBases, quantities);
  const afterCoupon = afterDiscount.map((cents, i) => subtractCents(cents, couponParts[i]));
  const paymentParts = spread(payment, afterCoupon, quantities);
  const priced = lines.map((l, i): PricedLine => {
    const netCents = subtractCents(afterCoupon[i], paymentParts[i]);
    return {
      grossCents: multiplyCents(l.priceCents, l.quantity),
      promotionCents: multiplyCents(l.promotionCents, l.quantity),
      discountCents: best[i]?.cents ?? 0,
      discountId: best[i]?.id ?? null,
      discountName: best[i]?.name ?? '',
      couponCents: couponParts[i],
      paymentCents: paymentParts[i],
      netCents,
      ivaCents: ivaOf(netCents),
    };
  });
  const sum = (pick: (l: PricedLine) => number) => addCents(0, ...priced.map(pick));
  const subtotalCents = sum((l) => l.netCents);
  const ivaCents = ivaOf(subtotalCents);
  return {
    lines: priced,
    grossCents: sum((l) => l.grossCents),
    promotionCents: sum((l) => l.promotionCents),
    discountCents: sum((l) => l.discountCents),
    couponCents: sum((l) => l.couponCents),
    paymentCents: sum((l) => l.paymentCents),
    subtotalCents,
    ivaCents,
    totalCents: addCents(subtotalCents, ivaCents),
  };
}

/** Every reduction of a line together: what a line's price loses before IVA. */
export function reductionOf(line: Pick<PricedLine, 'promotionCents' | 'discountCents' | 'couponCents' | 'paymentCents'>): number {
  return addCents(line.promotionCents, line.discountCents, line.couponCents, line.paymentCents);
}

/**
 * One priced line (an article) split over the stores its units come from, in proportion to their
 * units: the parts of each amount add up exactly to the line's.
 */
export function splitByStores(line: PricedLine, quantities: readonly number[], priceCents: number, promotionCents: number): PricedLine[] {
  // Each reduction is split in proportion to what each part still has left, so no part goes below 0.
  const left = quantities.map((quantity) => multiplyCents(priceCents - promotionCents, quantity));
  const take = (cents: number) => {
    const parts = allocateCents(cents, left);
    parts.forEach((part, i) => {
      left[i] = subtractCents(left[i], part);
    });
    return parts;
  };
  const discount = take(line.discountCents);
  const coupon = take(line.couponCents);
  const payment = take(line.paymentCents);
  return quantities.map((quantity, i) => {
    const netCents = left[i];
    return {
      grossCents: multiplyCents(priceCents, quantity),
      promotionCents: multiplyCents(promotionCents, quantity),
      discountCents: discount[i],
      discountId: line.discountId,
      discountName: line.discountName,
      couponCents: coupon[i],
      paymentCents: payment[i],
      netCents,
      ivaCents: ivaOf(netCents),
    };
  });
}

// ── validity and coupons ────────────────────────────────────────────────────

export type Validity = { active: boolean; validFrom: string; validTo: string | null };

/** Active, and today (a Caracas day aaaa-mm-dd) within desde–hasta, both included. */
export function isValidOn(discount: Validity, today: string): boolean {
  return discount.active && discount.validFrom <= today && (discount.validTo === null || today <= discount.validTo);
}

/** The Caracas day of an instant: what the validity of a discount is compared with. */
export function discountDay(now: Date): string {
  return caracasIsoDate(now);
}

/** A coupon code as it is kept and compared: upper case, no spaces. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, '');
}

export type CouponState = Validity & {
  code: string;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  uses: number;
  onlyEmail: string | null;
  onlyUserId: number | null;
};

/** Who wants to use a coupon, as far as it is known (a guest's e-mail only at registration). */
export type CouponCustomer = { email?: string | null; userId?: number | null; usesByCustomer?: number };

/**
 * Why a coupon cannot be used now, in the words the shopper reads; null when it can. The per-customer
 * limit is checked when `usesByCustomer` is known; the total limit is checked again, under a lock,
 * when the order is placed.
 */
export function couponProblem(
  coupon: CouponState | null | undefined,
  typed: string,
  today: string,
  customer: CouponCustomer = {},
): string | null {
  const code = normalizeCouponCode(typed);
  if (!coupon) return `El cupón «${code}» no existe. Revise que esté bien escrito.`;
  if (!coupon.active) return `El cupón «${coupon.code}» ya no está activo.`;
  if (today < coupon.validFrom) return `El cupón «${coupon.code}» se puede usar desde el ${formatDate(coupon.validFrom)}.`;
  if (coupon.validTo !== null && today > coupon.validTo) return `El cupón «${coupon.code}» venció el ${formatDate(coupon.validTo)}.`;
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return `El cupón «${coupon.code}» ya alcanzó su límite de usos.`;
  const personal = coupon.onlyEmail !== null || coupon.onlyUserId !== null;
  if (personal) {
    const byAccount = coupon.onlyUserId !== null && customer.userId === coupon.onlyUserId;
    const byEmail = coupon.onlyEmail !== null && customer.email != null && sameEmail(customer.email, coupon.onlyEmail);
    // A guest's e-mail is known only when the order is placed; until then a personal coupon is allowed.
    const unknown = customer.email == null && customer.userId == null;
    if (!byAccount && !byEmail && !unknown) return `El cupón «${coupon.code}» es personal y no corresponde a este comprador.`;
  }
  if (coupon.maxUsesPerCustomer !== null && (customer.usesByCustomer ?? 0) >= coupon.maxUsesPerCustomer) {
    const times = coupon.maxUsesPerCustomer === 1 ? 'una vez' : `${coupon.maxUsesPerCustomer} veces`;
    return `El cupón «${coupon.code}» se puede usar ${times} por cliente y ya lo usó.`;
  }
  return null;
}

/** The key a customer's coupon uses are counted by: the e-mail written the ways a person may vary it. */
export function customerEmailKey(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return `${local.replace(/\+.*$/, '')}@${domain}`;
}

function sameEmail(a: string, b: string): boolean {
  return customerEmailKey(a) === customerEmailKey(b);
}

/** "20 %" or "$ 5,00 por unidad": how a discount reads on a screen or in a mail. */
export function describeRule(kind: DiscountKind, value: string): string {
  const [whole, fraction = '00'] = value.split('.');
  const decimals = fraction.replace(/0+$/, '');
  if (kind === 'porcentaje') return `${whole}${decimals ? `,${decimals}` : ''} %`;
  return `$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction.padEnd(2, '0').slice(0, 2)} por unidad`;
}
