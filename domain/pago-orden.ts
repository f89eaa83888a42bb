// What approving a web order's payments books (issue 22): the money received, in its currency and
// worth its USD at the order's rate, never the order's total. Short: the order waits for the rest,
// unless staff write the difference off with a reason within the store's tolerance. Over: the
// excess stays as the customer's credit (saldo a favor). All amounts are USD cents.
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
  /** What the order asks for, USD cents. */
  dueCents: number;
  /** Σ of the approved payments' worth, USD cents. */
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

/** Σ of the payments' worth. */
export function receivedCentsOf(payments: readonly { method: string; amount: string }[], rate: string): number {
  return addCents(0, ...payments.map((p) => usdWorthOf(p, rate)));
}

/**
 * What the order has received (its approved payments) and what it still misses, in $ and in Bs. at
 * the order's rate: the buyer's page and mail tell it while a short payment waits for the rest.
 */
export function saldoDeOrden(
  order: { total: string; rate: string },
  payments: readonly { method: string; amount: string; status: string }[],
): { received: string; receivedVes: string; missing: string; missingVes: string } {
  const received = receivedCentsOf(
    payments.filter((p) => p.status === 'aprobado'),
    order.rate,
  );
  const due = toCents(order.total);
  const missing = received >= due - ROUNDING_CENTS ? 0 : subtractCents(due, received);
  return {
    received: fromCents(received),
    receivedVes: fromCents(usdToVesCents(received, order.rate)),
    missing: fromCents(missing),
    missingVes: fromCents(usdToVesCents(missing, order.rate)),
  };
}
