// Each checkout step's check, with the order's own schemas (contracts/orden-compra.ts): what the
// steps let through, the API accepts. zod comes with them, so the cart page (step 1, checkCart in
// checkout.ts) does not import this file; the later steps' code does (web/app/tienda/carrito).

import {
  type CheckoutDraft,
  checkCart,
  draftShipping,
  type FieldErrors,
  PICKUP_NEEDS_ONE_STORE,
  paymentInput,
  pickupStoresOf,
} from './checkout.ts';
import type { CartView } from './contracts/carrito.ts';
import { buyerSchema, deliverySchema, paymentSchema } from './contracts/orden-compra.ts';
import { noShippingRateMessage, type ShippingRate } from './envios.ts';
import { type CheckoutStep, SHIPPING_AGENCY_LABELS, type ShippingAgencyId } from './store-constants.ts';

function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Errors of one step, by field; empty when the shopper may go on. With the rates, a shipment no rate covers is refused. */
export function checkStep(step: CheckoutStep, draft: CheckoutDraft, cart: CartView, rates?: readonly ShippingRate[]): FieldErrors {
  switch (step) {
    case 1:
      return checkCart(cart);
    case 2: {
      const result = buyerSchema.safeParse(draft.user);
      return result.success ? {} : issuesToErrors(result.error.issues);
    }
    case 3: {
      const result = deliverySchema.safeParse(draft.delivery);
      if (!result.success) return issuesToErrors(result.error.issues);
      if (draft.delivery.shipping === 'retiro-en-tienda') {
        // Only where every unit already is (docs/dominio.md §Retiro en tienda).
        const holding = pickupStoresOf(cart.items.map((item) => item.stores.map((s) => s.id)));
        if (holding.length === 0) return { pickupTiendaId: PICKUP_NEEDS_ONE_STORE };
        if (!holding.includes(draft.delivery.pickupTiendaId ?? -1)) return { pickupTiendaId: 'Elija la tienda donde retirará' };
      }
      const shipping = rates ? draftShipping(draft, rates) : null;
      if (shipping && shipping.cents === null) {
        const { agency, state } = draft.delivery;
        return { agency: noShippingRateMessage(SHIPPING_AGENCY_LABELS[agency as ShippingAgencyId] ?? agency, state) };
      }
      return {};
    }
    case 4: {
      const result = paymentSchema.safeParse(paymentInput(draft.payment));
      return result.success ? {} : issuesToErrors(result.error.issues);
    }
    case 5: {
      const errors: FieldErrors = {};
      if (draft.comment.length > 500) errors.comment = 'El comentario no puede tener más de 500 caracteres';
      if (!draft.acceptTerms) errors.acceptTerms = 'Acepte los términos y condiciones para confirmar el pedido';
      return errors;
    }
  }
}

/** The first step with errors, for the last check before sending the order (and a reload on a later step). */
export function firstInvalidStep(
  draft: CheckoutDraft,
  cart: CartView,
  rates?: readonly ShippingRate[],
): { step: CheckoutStep; errors: FieldErrors } | null {
  for (const step of [1, 2, 3, 4, 5] as const) {
    const errors = checkStep(step, draft, cart, rates);
    if (Object.keys(errors).length > 0) return { step, errors };
  }
  return null;
}
