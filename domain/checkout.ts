// The checkout draft the five steps fill in, each step's check, and the order it becomes.

import type { CartView } from './contracts/carrito.ts';
import { buyerSchema, deliverySchema, paymentSchema, type RegistrarOrden } from './contracts/orden-compra.ts';
import { addCents, fromCents, parseAmountInput, toCents } from './money.ts';
import { type CheckoutStep, DEFAULT_PAY_SHIPPING, PAYMENT_METHODS, type PaymentMethodId } from './store-constants.ts';
import { cardCommissionCents } from './vat.ts';

export type Buyer = { fullName: string; email: string; phone: string; dni: string; state: string; city: string; address: string };

export type CheckoutDraft = {
  /** One key per checkout: a second submit of the same draft returns the same order. */
  idempotencyKey: string;
  user: Buyer;
  delivery: Omit<Buyer, 'fullName' | 'email'> & { contact: string; agency: string; shipping: string; payShipping: string };
  payment: { method: PaymentMethodId | ''; reference: string; bankCode: string; amount: string; date: string };
  comment: string;
  withSeller: boolean;
  salesman: number | null;
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
    },
    payment: { method: '', reference: '', bankCode: '', amount: '', date: '' },
    comment: '',
    withSeller: false,
    salesman: null,
  };
}

function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
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

/** Errors of one step, by field; empty when the shopper may go on. */
export function checkStep(step: CheckoutStep, draft: CheckoutDraft, cart: CartView): FieldErrors {
  switch (step) {
    case 1: {
      if (cart.items.length === 0) return { carrito: 'Su carrito está vacío.' };
      const short = cart.items.filter((item) => item.stores.some((s) => s.status !== 'disponible'));
      if (short.length > 0) {
        return { carrito: `No hay existencia suficiente de ${short.map((i) => i.name).join(', ')}. Ajuste las cantidades.` };
      }
      return {};
    }
    case 2: {
      const result = buyerSchema.safeParse(draft.user);
      return result.success ? {} : issuesToErrors(result.error.issues);
    }
    case 3: {
      const result = deliverySchema.safeParse(draft.delivery);
      return result.success ? {} : issuesToErrors(result.error.issues);
    }
    case 4: {
      const result = paymentSchema.safeParse(paymentInput(draft.payment));
      return result.success ? {} : issuesToErrors(result.error.issues);
    }
    case 5:
      return draft.comment.length > 500 ? { comment: 'El comentario no puede tener más de 500 caracteres' } : {};
  }
}

/** The first step with errors, for the last check before sending the order. */
export function firstInvalidStep(draft: CheckoutDraft, cart: CartView): { step: CheckoutStep; errors: FieldErrors } | null {
  for (const step of [1, 2, 3, 4] as const) {
    const errors = checkStep(step, draft, cart);
    if (Object.keys(errors).length > 0) return { step, errors };
  }
  return null;
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
  } as RegistrarOrden;
}

/** What the shopper pays with a method: the cart total plus the card commission when it applies. */
export function amountToPay(cartTotal: string, method: PaymentMethodId | ''): { commission: string; total: string } {
  const totalCents = toCents(cartTotal);
  const commission = method && PAYMENT_METHODS[method].cardCommission ? cardCommissionCents(totalCents) : 0;
  return { commission: fromCents(commission), total: fromCents(addCents(totalCents, commission)) };
}
