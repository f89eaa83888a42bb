// What approving a web order's payments books (issue 22): the money received, in its currency and
// worth its USD at the order's rate, never the order's total. Short: the order waits for the rest,
// unless staff write the difference off with a reason within the store's tolerance. Over: the
// excess stays as the customer's credit (saldo a favor). All amounts are USD cents.

import { igtfOfOrder, type OrderCharges } from './checkout.ts';
import { type IgtfSettings, igtfDePago, igtfParaCubrir } from './igtf.ts';
import { addCents, assertCents, formatUsd, formatVes, fromCents, subtractCents, toCents, usdToVesCents, vesToUsdCents } from './money.ts';
import { PAYMENT_METHODS, type PaymentMethodId } from './store-constants.ts';

/** A cent either way is the rounding of Bs. ↔ $ at the order's rate, not a difference. */
export const ROUNDING_CENTS = 1;

/** The write-off tolerance a store starts with: $ 1,00. */
export const DEFAULT_WRITE_OFF_TOLERANCE_CENTS = 100;

/** A payment's worth in USD cents: a Bs. payment at the order's rate, a $ one as it is. */
export function usdWorthOf(payment: { method: string; amount: string }, rate: string): number {
  const cents = toCents(payment.amount);
  return PAYMENT_METHODS[payment.method as PaymentMethodId]?.currency === 'VES' ? vesToUsdCents(cents, rate) : cents;
}

export type Liquidacion =
  /** Received what is due (to the cent of rounding): booked as the order's total. */
  | { kind: 'completo'; bookedCents: number; paidCents: number; missingCents: 0; writtenOffCents: 0; excessCents: 0 }
  /** Short: the payments are booked, the order waits for `missingCents`. */
  | { kind: 'falta'; bookedCents: number; paidCents: number; missingCents: number; writtenOffCents: 0; excessCents: 0 }
  /** Short, and staff wrote the difference off (within the tolerance). */
  | { kind: 'castigo'; bookedCents: number; paidCents: number; missingCents: 0; writtenOffCents: number; excessCents: 0 }
  /** Over: the order is paid and the excess is the customer's credit. */
  | { kind: 'exceso'; bookedCents: number; paidCents: number; missingCents: 0; writtenOffCents: 0; excessCents: number };

export type LiquidacionInput = {
  /** What the order owes before its payments' IGTF (deudaDeOrden), USD cents. */
  dueCents: number;
  /** Σ of what the approved payments leave toward it (netoRecibido: worth less IGTF), USD cents. */
  receivedCents: number;
  toleranceCents: number;
  /** Staff asked to write the difference off. */
  writeOff: boolean;
};

/**
 * bookedCents: the USD the payments count on the document (what was received; the total when only
 * rounding separates them). paidCents: what of it pays the document (never above the total).
 */
export function liquidarOrden(input: LiquidacionInput): { ok: true; value: Liquidacion } | { ok: false; motivo: string } {
  const { dueCents, receivedCents, toleranceCents } = input;
  for (const [name, value] of [
    ['total', dueCents],
    ['recibido', receivedCents],
    ['tolerancia', toleranceCents],
  ] as const) {
    assertCents(value, name);
    if (value < 0) throw new RangeError(`El ${name} no puede ser negativo (${value})`);
  }
  const diff = receivedCents - dueCents;
  if (Math.abs(diff) <= ROUNDING_CENTS) {
    if (input.writeOff) return { ok: false, motivo: 'El pago cubre la orden: no hay diferencia que castigar.' };
    return {
      ok: true,
      value: { kind: 'completo', bookedCents: dueCents, paidCents: dueCents, missingCents: 0, writtenOffCents: 0, excessCents: 0 },
    };
  }
  if (diff > 0) {
    if (input.writeOff)
      return { ok: false, motivo: 'El pago supera lo debido: no hay diferencia que castigar; el exceso queda como saldo a favor.' };
    return {
      ok: true,
      value: { kind: 'exceso', bookedCents: receivedCents, paidCents: dueCents, missingCents: 0, writtenOffCents: 0, excessCents: diff },
    };
  }
  const missing = subtractCents(dueCents, receivedCents);
  if (!input.writeOff) {
    return {
      ok: true,
      value: {
        kind: 'falta',
        bookedCents: receivedCents,
        paidCents: receivedCents,
        missingCents: missing,
        writtenOffCents: 0,
        excessCents: 0,
      },
    };
  }
  if (missing > toleranceCents) {
    return {
      ok: false,
      motivo: `La diferencia (${formatUsd(missing)}) supera la tolerancia para castigar (${formatUsd(toleranceCents)}): la orden debe esperar el resto.`,
    };
  }
  return {
    ok: true,
    value: {
      kind: 'castigo',
      bookedCents: receivedCents,
      paidCents: receivedCents,
      missingCents: 0,
      writtenOffCents: missing,
      excessCents: 0,
    },
  };
}

/** «$ 0,94 (Bs. 299,62)»: a difference in both currencies, at the order's rate. */
export function enAmbasMonedas(cents: number, rate: string): string {
  return `${formatUsd(cents)} (${formatVes(usdToVesCents(cents, rate))})`;
}

/** The buyer's and the history's words for what approving did. */
export function liquidacionTexto(l: Liquidacion, rate: string): string {
  const recibido = `Recibido ${enAmbasMonedas(l.bookedCents, rate)}`;
  switch (l.kind) {
    case 'completo':
      return `${recibido}: la orden está pagada.`;
    case 'falta':
      return `${recibido}. Falta ${enAmbasMonedas(l.missingCents, rate)} para completar el pago de la orden: repórtelo para continuar.`;
    case 'castigo':
      return `${recibido}. Diferencia castigada: ${enAmbasMonedas(l.writtenOffCents, rate)}.`;
    case 'exceso':
      return `${recibido}. Sobran ${enAmbasMonedas(l.excessCents, rate)}: quedan como saldo a favor del cliente.`;
  }
}

/** What a payment leaves toward what the order owes: its worth less its IGTF (domain/igtf.ts). */
export function netoDePago(payment: { method: string; amount: string }, rate: string, igtf: IgtfSettings): number {
  const worth = usdWorthOf(payment, rate);
  return worth - igtfDePago(currencyOf(payment.method), worth, igtf);
}

/** The IGTF of one payment of an order, on what it is worth. */
export function igtfDePagoDeOrden(payment: { method: string; amount: string }, rate: string, igtf: IgtfSettings): number {
  return igtfDePago(currencyOf(payment.method), usdWorthOf(payment, rate), igtf);
}

export function netoRecibido(payments: readonly { method: string; amount: string }[], rate: string, igtf: IgtfSettings): number {
  return addCents(0, ...payments.map((p) => netoDePago(p, rate, igtf)));
}

/** What the order owes before the IGTF of its payments (each payment in divisas brings its own). */
export function deudaDeOrden(order: { total: string; igtf?: string }): number {
  return subtractCents(toCents(order.total), toCents(order.igtf ?? '0'));
}

function currencyOf(method: string): 'USD' | 'VES' {
  return PAYMENT_METHODS[method as PaymentMethodId]?.currency === 'VES' ? 'VES' : 'USD';
}

/** Σ of the payments' worth. */
export function receivedCentsOf(payments: readonly { method: string; amount: string }[], rate: string): number {
  return addCents(0, ...payments.map((p) => usdWorthOf(p, rate)));
}

/**
 * What the order has received (its approved payments) and what it still misses, in $ and in Bs. at
 * the order's rate: the buyer's page and mail tell it while a short payment waits for the rest.
 */
export function saldoDeOrden(
  order: OrderCharges,
  payments: readonly { method: string; amount: string; status: string }[],
): { received: string; receivedVes: string; missing: string; missingVes: string; missingDivisas: string } {
  const approved = payments.filter((p) => p.status === 'aprobado');
  const received = receivedCentsOf(approved, order.rate);
  const net = netoRecibido(approved, order.rate, igtfOfOrder(order));
  const due = deudaDeOrden(order);
  const missing = net >= due - ROUNDING_CENTS ? 0 : subtractCents(due, net);
  return {
    received: fromCents(received),
    receivedVes: fromCents(usdToVesCents(received, order.rate)),
    missing: fromCents(missing),
    missingVes: fromCents(usdToVesCents(missing, order.rate)),
    // Paid in divisas, the rest brings its own IGTF.
    missingDivisas: fromCents(missing + igtfParaCubrir(missing, igtfOfOrder(order))),
  };
}

export type VueltoDePago = {
  /** Which of the payments gives the change back (the last one that is not all change). */
  index: number;
  /** The change, in that payment's own currency (cents). */
  changeCents: number;
  /** What that payment counts on the document once the change is given back (USD cents). */
  staysUsdCents: number;
  /** Its IGTF, on what stays only, as at the counter. */
  igtfCents: number;
};

/**
 * Staff give an order's excess back as change (vuelto) instead of keeping it as the customer's
 * credit: it comes out of the last payment, which keeps what the order still needed from it (plus
 * its own IGTF when it is in divisas). Null when the other payments already cover the order or the
 * last one cannot give the change (then the excess stays as credit).
 */
export function vueltoDelUltimoPago(
  payments: readonly { method: string; amount: string }[],
  rate: string,
  igtf: IgtfSettings,
  dueCents: number,
): VueltoDePago | null {
  const index = payments.length - 1;
  if (index < 0) return null;
  const last = payments[index];
  const others = netoRecibido(payments.slice(0, index), rate, igtf);
  const need = subtractCents(dueCents, others);
  if (need <= 0) return null;
  const currency = currencyOf(last.method);
  const stays = currency === 'USD' ? addCents(need, igtfParaCubrir(need, igtf)) : need;
  const worth = usdWorthOf(last, rate);
  if (stays >= worth) return null;
  // Bs. given back: what the payment brought less the Bs. of what stays, at the order's rate.
  const changeCents = currency === 'USD' ? subtractCents(worth, stays) : subtractCents(toCents(last.amount), usdToVesCents(stays, rate));
  if (changeCents <= 0 || changeCents >= toCents(last.amount)) return null;
  return { index, changeCents, staysUsdCents: stays, igtfCents: igtfDePago(currency, stays, igtf) };
}

/** «Vuelto por devolver: $ 5,00 (Bs. 1.593,71)», in the payment's currency first. */
export function vueltoTexto(v: VueltoDePago, payment: { method: string }, rate: string): string {
  const amount =
    currencyOf(payment.method) === 'USD'
      ? enAmbasMonedas(v.changeCents, rate)
      : `${formatVes(v.changeCents)} (${formatUsd(vesToUsdCents(v.changeCents, rate))})`;
  return `Vuelto por devolver al cliente: ${amount}.`;
}
