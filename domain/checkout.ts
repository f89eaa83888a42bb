// The checkout draft the five steps fill in, each step's check, and the order it becomes.

import type { CartPaymentTotal, CartView } from './contracts/carrito.ts';
import type { RegistrarOrden } from './contracts/orden-compra.ts';
import { quoteShipping, type ShippingQuote, type ShippingRate, shippingCentsOf } from './envios.ts';
import { type IgtfSettings, igtfParaCubrir } from './igtf.ts';
import { addCents, type Currency, fromCents, parseAmountInput, subtractCents, toCents, usdToVesCents } from './money.ts';
import { DEFAULT_PAY_SHIPPING, MAX_UNITS_PER_LINE, MAX_UNITS_WEB_ORDER, PAYMENT_METHODS, type PaymentMethodId } from './store-constants.ts';
import { orderUnits, tooManyUnitsMessage, unitsByArticle } from './unidades-orden.ts';
import { cardCommissionCents } from './vat.ts';

export type Buyer = { fullName: string; email: string; phone: string; dni: string; state: string; city: string; address: string };

export type CheckoutDraft = {
  /** One key per checkout: a second submit of the same draft returns the same order. */
  idempotencyKey: string;
  user: Buyer;
  delivery: Omit<Buyer, 'fullName' | 'email'> & {
    contact: string;
    agency: string;
    shipping: string;
    payShipping: string;
    /** The store of a pickup («retiro-en-tienda»). */
    pickupTiendaId: number | null;
  };
  payment: {
    method: PaymentMethodId | '';
    reference: string;
    bankCode: string;
    amount: string;
    date: string;
    /** The amount the form wrote for the buyer when the method was chosen (see amountFollowingDue). */
    suggested?: string;
  };
  comment: string;
  withSeller: boolean;
  salesman: number | null;
  /** The store's terms and conditions, accepted with a checkbox at the last step. */
  acceptTerms: boolean;
};

export type FieldErrors = Record<string, string>;

const EMPTY_BUYER: Buyer = { fullName: '', email: '', phone: '', dni: '', state: '', city: '', address: '' };

export function emptyDraft(idempotencyKey: string, buyer: Partial<Buyer> = {}): CheckoutDraft {
  const user = { ...EMPTY_BUYER, ...buyer };
  return {
    idempotencyKey,
    user,
    delivery: {
      contact: user.fullName,
      phone: user.phone,
      dni: user.dni,
      state: user.state,
      city: user.city,
      address: user.address,
      agency: '',
      shipping: 'envio',
      payShipping: DEFAULT_PAY_SHIPPING,
      pickupTiendaId: null,
    },
    payment: { method: '', reference: '', bankCode: '', amount: '', date: '' },
    comment: '',
    withSeller: false,
    salesman: null,
    acceptTerms: false,
  };
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

export function paymentInput(payment: CheckoutDraft['payment']) {
  return {
    method: payment.method,
    reference: blankToUndefined(payment.reference),
    bankCode: blankToUndefined(payment.bankCode),
    amount: blankToUndefined(parseAmountInput(payment.amount)),
    date: blankToUndefined(payment.date),
  };
}

/**
 * The payment with its amount brought up to what is due now. The form writes the amount due when
 * the method is chosen; if the buyer later goes back and changes the delivery (another agency,
 * a pickup), the due amount moves and a written amount the buyer never touched must move with it.
 * An amount the buyer typed is theirs and stays.
 */
export function amountFollowingDue(payment: CheckoutDraft['payment'], due: string): CheckoutDraft['payment'] {
  const untouched = payment.suggested !== undefined && payment.amount === payment.suggested;
  if (!payment.method || !untouched || payment.suggested === due) return payment;
  return { ...payment, amount: due, suggested: due };
}

/**
 * The shipping of the draft's delivery as the server will charge it (a pickup is free); null until
 * the agency and the state are chosen. `cents` is null when no rate covers them.
 */
export function draftShipping(draft: CheckoutDraft, rates: readonly ShippingRate[]): { quote: ShippingQuote; cents: number | null } | null {
  const { shipping, agency, state } = draft.delivery;
  if (shipping !== 'retiro-en-tienda' && (!agency || !state)) return null;
  const quote = quoteShipping(rates, { shipping, agency, state });
  return { quote, cents: shippingCentsOf(quote) };
}

/** The cart's errors (step 1): nothing to buy, units no store has, too many units, a coupon that no longer applies. */
export function checkCart(cart: CartView): FieldErrors {
  if (cart.items.length === 0) return { carrito: 'Su carrito está vacío.' };
  const short = cart.items.filter((item) => item.stores.some((s) => s.status !== 'disponible'));
  if (short.length > 0) {
    return { carrito: `No hay existencia suficiente de ${short.map((i) => i.name).join(', ')}. Ajuste las cantidades.` };
  }
  const units = unitsByArticle(cartItems(cart));
  const over = cart.items.find((item) => (units.get(item.articleCode) ?? 0) > MAX_UNITS_PER_LINE);
  if (over) return { carrito: tooManyUnitsMessage(over.name, units.get(over.articleCode) ?? 0) };
  const total = orderUnits(cartItems(cart));
  if (total > MAX_UNITS_WEB_ORDER) return { carrito: webOrderTooBigMessage(total) };
  // A coupon that no longer applies would make the order refuse it: the shopper removes it first.
  if (cart.coupon && !cart.coupon.applies) {
    return { cupon: `${cart.coupon.message ?? `El cupón «${cart.coupon.code}» no se puede usar.`} Quítelo para continuar.` };
  }
  return {};
}

function cartItems(cart: CartView) {
  return cart.items.map((item) => ({ articleCode: item.articleCode, stores: item.stores }));
}

export function webOrderTooBigMessage(units: number): string {
  return (
    `Una orden de la tienda en línea lleva hasta ${MAX_UNITS_WEB_ORDER} unidades y esta lleva ${units}. ` +
    'Reduzca las cantidades o, para una compra mayor, comuníquese con la tienda.'
  );
}

/** The body of orden-compra/registrar: the cart's per-store quantities and the draft. */
export function orderBody(draft: CheckoutDraft, cart: CartView): RegistrarOrden {
  return {
    user: draft.user,
    delivery: draft.delivery,
    items: cart.items.map((item) => ({
      articleCode: item.articleCode,
      stores: item.stores.map((s) => ({ tiendaId: s.id, quantity: s.quantity })),
    })),
    payment: paymentInput(draft.payment),
    comment: draft.comment,
    withSeller: draft.withSeller,
    salesman: draft.withSeller ? draft.salesman : null,
    // The coupon the cart showed, named: the server checks it again and prices with it.
    coupon: cart.coupon?.code ?? null,
  } as RegistrarOrden;
}

/**
 * What the order totals with a payment method, as the server priced the cart (its discount, IVA
 * and card commission); before a method is chosen, the cart's totals without any.
 */
export function totalsFor(cart: CartView, method: PaymentMethodId | ''): CartPaymentTotal | null {
  return method ? (cart.paymentTotals.find((p) => p.method === method) ?? null) : null;
}

/**
 * What an order charges with its shipping: the articles (after discounts, with IVA) plus the shipping,
 * and the card commission of the method on both (the buyer pays the whole through the platform).
 * The server charges exactly this; the checkout shows it.
 */
export function chargeWithShipping(productsCents: number, shippingCents: number, method: PaymentMethodId | '', igtf: IgtfSettings) {
  const beforeCommission = addCents(productsCents, shippingCents);
  const { commissionCents, igtfCents } = methodCharges(beforeCommission, method, igtf);
  return { shippingCents, commissionCents, igtfCents, totalCents: addCents(beforeCommission, commissionCents, igtfCents) };
}

/** Whether paying with the method is paying in divisas (the IGTF's rule); «pago pendiente» is not yet. */
export function paysInDivisas(method: PaymentMethodId | ''): boolean {
  return method !== '' && method !== 'pago-pendiente' && PAYMENT_METHODS[method].currency === 'USD';
}

/**
 * What a method adds to what the order owes before it: the card commission, and then the IGTF of
 * paying the whole in divisas (domain/igtf.ts), so the buyer's one payment in dollars settles it.
 */
export function methodCharges(beforeCents: number, method: PaymentMethodId | '', igtf: IgtfSettings) {
  const commissionCents = method && PAYMENT_METHODS[method].cardCommission ? cardCommissionCents(beforeCents) : 0;
  const igtfCents = paysInDivisas(method) ? igtfParaCubrir(addCents(beforeCents, commissionCents), igtf) : 0;
  return { commissionCents, igtfCents };
}

/**
 * The amounts of the summary: with the chosen method's totals, or the cart's before one is chosen,
 * plus the shipping quoted for the delivery (0 while it is unknown).
 */
export function amountToPay(cart: CartView, method: PaymentMethodId | '', shippingCents = 0) {
  const chosen = totalsFor(cart, method);
  const products = chosen
    ? subtractCents(subtractCents(toCents(chosen.total), toCents(chosen.commission)), toCents(chosen.igtf))
    : toCents(cart.totals.total);
  const charge = chargeWithShipping(products, shippingCents, method, cart.igtf);
  return {
    paymentDiscount: chosen?.paymentDiscount ?? '0.00',
    paymentDiscountName: chosen?.discountName ?? null,
    subtotal: chosen?.subtotal ?? cart.totals.subtotal,
    iva: chosen?.iva ?? cart.totals.iva,
    shipping: fromCents(charge.shippingCents),
    commission: fromCents(charge.commissionCents),
    igtf: fromCents(charge.igtfCents),
    igtfPercent: cart.igtf.charged ? cart.igtf.basisPoints / 100 : 0,
    total: fromCents(charge.totalCents),
  };
}

/**
 * What the limit of orders awaiting payment counts per order: the buyer's e-mail, cédula and phone
 * (written the ways a person may vary them) and the client's address when given.
 */
export function unpaidOrderKeys(buyer: { email: string; dni: string; phone: string }, ip?: string): string[] {
  const [local = '', domain = ''] = buyer.email.trim().toLowerCase().split('@');
  const phone = buyer.phone.replace(/\D/g, '').replace(/^58(?=\d{10}$)/, '0');
  const keys = [`cedula:${buyer.dni.toUpperCase().replace(/[^A-Z0-9]/g, '')}`, `telefono:${phone}`];
  // A WhatsApp order may come without an e-mail (decision 0033): no key that all of them would share.
  if (local) keys.unshift(`correo:${local.replace(/\+.*$/, '')}@${domain}`);
  if (ip) keys.push(`ip:${ip}`);
  return keys;
}

export type UnpaidOrderKind = 'correo' | 'cedula' | 'telefono' | 'ip';

export function unpaidOrderKind(key: string): UnpaidOrderKind {
  return key.slice(0, key.indexOf(':')) as UnpaidOrderKind;
}

/**
 * What a reported payment should amount to: the order's total before any card commission, plus
 * the commission of the payment's own method, in the method's currency (bolívares at the
 * order's frozen rate). Within a cent it matches.
 */
export type OrderCharges = { total: string; commission: string; igtf?: string; igtfBasisPoints?: number; rate: string };

/** What the order owes before its method's commission and IGTF. */
export function beforeMethodCharges(order: OrderCharges): number {
  return subtractCents(subtractCents(toCents(order.total), toCents(order.commission)), toCents(order.igtf ?? '0'));
}

/** The order's IGTF as it was placed: the store's rate then (0: not charged). */
export function igtfOfOrder(order: OrderCharges): IgtfSettings {
  const basisPoints = order.igtfBasisPoints ?? 0;
  return { charged: basisPoints > 0, basisPoints };
}

export function expectedPayment(order: OrderCharges, method: PaymentMethodId): { currency: Currency; cents: number } {
  const base = beforeMethodCharges(order);
  const { commissionCents, igtfCents } = methodCharges(base, method, igtfOfOrder(order));
  const usd = addCents(base, commissionCents, igtfCents);
  const currency = PAYMENT_METHODS[method].currency;
  return { currency, cents: currency === 'VES' ? usdToVesCents(usd, order.rate) : usd };
}

export function paymentAmountDiffers(order: OrderCharges, method: PaymentMethodId, amount: string) {
  return Math.abs(toCents(amount) - expectedPayment(order, method).cents) > 1;
}

/**
 * The stores an order may be picked up at: the one every unit comes from
 * (docs/dominio.md §Retiro en tienda). Units from two stores would have to travel first: no store is
 * offered then, and the buyer takes all the units from one store in the cart, or chooses a shipment.
 */
export function pickupStoresOf(lines: readonly (readonly number[])[]): number[] {
  const stores = new Set(lines.flat());
  return lines.length > 0 && stores.size === 1 ? [...stores] : [];
}

/** Why the order cannot be picked up at `storeName`, or null when every unit is already there. */
export function pickupProblem(lines: readonly (readonly number[])[], storeId: number, storeName: string): string | null {
  return pickupStoresOf(lines).includes(storeId)
    ? null
    : `Para retirar en ${storeName}, todas las unidades deben salir de esa tienda. Elija sus unidades de esa tienda en el carrito, o un envío.`;
}

/** What step 3 says when the cart's units come from more than one store. */
export const PICKUP_NEEDS_ONE_STORE =
  'Sus artículos salen de varias tiendas. Para retirar en tienda, tome todas las unidades de una misma tienda en el carrito, o elija un envío.';
