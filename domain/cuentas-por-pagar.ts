// Payables (cuentas por pagar): a supplier's document keeps its balance in its own currency (Bs.
// owed are settled with Bs.), with the invariant of a nota de entrega: outstanding = total −
// discount − paid, never negative. A payment in the other currency counts at the payment's rate.
import { notaEntrega, type PaymentStatus } from './abono.ts';
import {
  addCents,
  assertCents,
  type Currency,
  formatUsd,
  formatVes,
  percentOfCents,
  subtractCents,
  usdToVesCents,
  vesToUsdCents,
} from './money.ts';
import { SALE_PAYMENT_METHODS } from './ventas.ts';

export const PAYABLE_KINDS = ['factura', 'nota'] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];
export const PAYABLE_KIND_LABELS: Record<PayableKind, string> = { factura: 'Factura', nota: 'Nota de entrega' };

/** How the store pays a supplier; each method's currency is the one of SALE_PAYMENT_METHODS. */
export const SUPPLIER_PAYMENT_METHODS = ['transferencia', 'pago-movil', 'efectivo-bs', 'zelle', 'efectivo', 'paypal', 'uphold'] as const;
export type SupplierPaymentMethod = (typeof SUPPLIER_PAYMENT_METHODS)[number];

export function methodCurrency(method: SupplierPaymentMethod): Currency {
  return SALE_PAYMENT_METHODS[method].currency;
}

export function methodLabel(method: string): string {
  return SALE_PAYMENT_METHODS[method as SupplierPaymentMethod]?.label ?? method;
}

/** The three stored figures of a document's balance, in its currency. */
export type PayableBalance = { totalCents: number; discountCents: number; balancePaidCents: number };
export type PayableState = PayableBalance & { outstandingBalanceCents: number; paymentStatus: PaymentStatus };

export type Refused = { ok: false; motivo: string };
export type PayableOutcome = { ok: true; state: PayableState } | Refused;

export function payableState(balance: PayableBalance): PayableState {
  return notaEntrega(balance);
}

export function formatIn(currency: Currency, cents: number): string {
  return currency === 'VES' ? formatVes(cents) : formatUsd(cents);
}

/** What `amountCents` paid in `paid` counts on a document in `owed`: same currency 1:1, else at `rate` (Bs. per US$). */
export function appliedAmount(amountCents: number, paid: Currency, owed: Currency, rate: string): number {
  assertCents(amountCents);
  if (paid === owed) return amountCents;
  return paid === 'USD' ? usdToVesCents(amountCents, rate) : vesToUsdCents(amountCents, rate);
}

/** A document's figure in US$: itself for a USD document, at the document's rate for one in Bs. */
export function usdEquivalent(cents: number, currency: Currency, rate: string): number {
  return currency === 'USD' ? cents : vesToUsdCents(cents, rate);
}

/** A new document's balance; the discount may not reach the total. */
export function newPayable(totalCents: number, discountCents: number): PayableOutcome {
  assertCents(totalCents);
  assertCents(discountCents);
  if (totalCents <= 0) return { ok: false, motivo: 'El total del documento debe ser mayor que cero.' };
  if (discountCents < 0) return { ok: false, motivo: 'El descuento no puede ser negativo.' };
  if (discountCents >= totalCents) return { ok: false, motivo: 'El descuento debe ser menor que el total del documento.' };
  return { ok: true, state: payableState({ totalCents, discountCents, balancePaidCents: 0 }) };
}

/** A payment counting `appliedCents` (in the document's currency): refused above the outstanding balance. */
export function registrarPago(state: PayableState, appliedCents: number, currency: Currency): PayableOutcome {
  assertCents(appliedCents);
  if (appliedCents <= 0) return { ok: false, motivo: 'El monto del pago debe ser mayor que cero.' };
  if (state.outstandingBalanceCents === 0) return { ok: false, motivo: 'El documento ya está pagado.' };
  if (appliedCents > state.outstandingBalanceCents) {
    const owed = formatIn(currency, state.outstandingBalanceCents);
    return { ok: false, motivo: `El pago (${formatIn(currency, appliedCents)}) supera el saldo pendiente (${owed}).` };
  }
  return { ok: true, state: payableState({ ...state, balancePaidCents: addCents(state.balancePaidCents, appliedCents) }) };
}

/** Annulling a payment gives exactly what it counted back to the balance. */
export function anularPago(state: PayableState, appliedCents: number): PayableOutcome {
  assertCents(appliedCents);
  if (appliedCents <= 0 || appliedCents > state.balancePaidCents) {
    return { ok: false, motivo: 'El pago no corresponde a lo abonado en el documento.' };
  }
  return { ok: true, state: payableState({ ...state, balancePaidCents: subtractCents(state.balancePaidCents, appliedCents) }) };
}

// ── the fiscal breakdown and the IVA the store retains (docs/dominio.md §Libros fiscales) ──

/** The share of the IVA an agente de retención retains: 75 % or 100 % (basis points). */
export const RETENCION_IVA_BASIS_POINTS = [7500, 10000] as const;
export type RetencionBasisPoints = (typeof RETENCION_IVA_BASIS_POINTS)[number];

export type DesgloseFiscal = { baseCents: number; ivaCents: number; exentoCents: number };

/** A document's base, IVA (base × rate, rounded once) and exento (the rest of its total); refused when base + IVA pass the total. */
export function desgloseFiscal(
  totalCents: number,
  baseCents: number,
  ivaBasisPoints: number,
  currency: Currency,
): { ok: true; desglose: DesgloseFiscal } | Refused {
  assertCents(totalCents);
  assertCents(baseCents);
  if (baseCents < 0) return { ok: false, motivo: 'La base imponible no puede ser negativa.' };
  const ivaCents = percentOfCents(baseCents, ivaBasisPoints);
  const exentoCents = subtractCents(totalCents, addCents(baseCents, ivaCents));
  if (exentoCents < 0) {
    return {
      ok: false,
      motivo: `La base imponible (${formatIn(currency, baseCents)}) más su IVA (${formatIn(currency, ivaCents)}) supera el total del documento (${formatIn(currency, totalCents)}).`,
    };
  }
  return { ok: true, desglose: { baseCents, ivaCents, exentoCents } };
}

export type RetencionState = PayableState & { ivaCents: number; ivaRetenidoCents: number };

/**
 * The IVA the store retains on a supplier's document: IVA × share, recorded once; it lowers the
 * balance, so it may not pass what is still owed.
 */
export function retenerIva(
  state: RetencionState,
  basisPoints: RetencionBasisPoints,
  currency: Currency,
): { ok: true; retenidoCents: number; state: PayableState } | Refused {
  if (state.ivaRetenidoCents > 0) return { ok: false, motivo: 'El documento ya tiene su retención de IVA registrada.' };
  if (state.ivaCents <= 0) return { ok: false, motivo: 'El documento no tiene IVA que retener: registre su base imponible.' };
  const retenidoCents = percentOfCents(state.ivaCents, basisPoints);
  if (retenidoCents > state.outstandingBalanceCents) {
    return {
      ok: false,
      motivo: `La retención (${formatIn(currency, retenidoCents)}) supera el saldo pendiente (${formatIn(currency, state.outstandingBalanceCents)}).`,
    };
  }
  const outstanding = subtractCents(state.outstandingBalanceCents, retenidoCents);
  return {
    ok: true,
    retenidoCents,
    state: { ...state, outstandingBalanceCents: outstanding, paymentStatus: outstanding === 0 ? 'pagada' : state.paymentStatus },
  };
}
