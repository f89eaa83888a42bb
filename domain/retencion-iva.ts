// The IVA a customer retains (docs/dominio.md §Libros fiscales, «Retenciones de IVA»): a contribuyente
// especial pays an invoice less the IVA it retains (75 % or 100 % of it) and hands the store the
// comprobante. Recorded once per document, it lowers what the document owes; whatever the customer
// had already paid of it becomes the customer's credit (saldo a favor), so nothing goes negative:
// saldo = total − descuento − pagado − retenido ≥ 0.
import { type PaymentStatus, paymentStatusOf } from './abono.ts';
import { addCents, assertCents, formatUsd, percentOfCents, subtractCents } from './money.ts';

export const RETENCION_CLIENTE_BASIS_POINTS = [7500, 10000] as const;
export type RetencionClienteBasisPoints = (typeof RETENCION_CLIENTE_BASIS_POINTS)[number];

export function retencionLabel(basisPoints: number | null): string {
  return basisPoints === null ? 'No es contribuyente especial' : `Contribuyente especial: retiene el ${basisPoints / 100} % del IVA`;
}

/** The most a customer with this share may retain of a document's IVA (rounded once). */
export function retencionMaxima(ivaCents: number, basisPoints: number): number {
  return percentOfCents(ivaCents, basisPoints);
}

export type SaldoConRetencion = {
  totalCents: number;
  discountCents: number;
  balancePaidCents: number;
  ivaRetenidoCents: number;
  creditInFavorCents: number;
};

export type SaldoRetenido = SaldoConRetencion & { outstandingBalanceCents: number; paymentStatus: PaymentStatus };

export type Rechazo = { ok: false; motivo: string; yaRegistrada?: true };

export function saldoDe(s: SaldoConRetencion): SaldoRetenido {
  const outstanding = subtractCents(subtractCents(subtractCents(s.totalCents, s.discountCents), s.balancePaidCents), s.ivaRetenidoCents);
  if (outstanding < 0) throw new RangeError(`Descuento, pagos y retención superan el total (${s.totalCents})`);
  return { ...s, outstandingBalanceCents: outstanding, paymentStatus: paymentStatusOf(outstanding, s.balancePaidCents) };
}

/**
 * Records a retention of `amountCents` on a document with IVA `ivaCents`: refused when the document
 * already has one, when it passes IVA × share, or when nothing is left of the document to retain.
 */
export function registrarRetencion(
  saldo: SaldoConRetencion,
  ivaCents: number,
  basisPoints: number,
  amountCents: number,
): { ok: true; saldo: SaldoRetenido; aFavorCents: number } | Rechazo {
  assertCents(amountCents);
  if (saldo.ivaRetenidoCents > 0)
    return { ok: false, yaRegistrada: true, motivo: 'El documento ya tiene su comprobante de retención registrado.' };
  if (amountCents <= 0) return { ok: false, motivo: 'El monto retenido debe ser mayor que cero.' };
  const max = retencionMaxima(ivaCents, basisPoints);
  if (amountCents > max) {
    return {
      ok: false,
      motivo: `El monto retenido (${formatUsd(amountCents)}) supera el ${basisPoints / 100} % del IVA del documento (${formatUsd(max)}).`,
    };
  }
  const current = saldoDe(saldo);
  const fromOutstanding = Math.min(amountCents, current.outstandingBalanceCents);
  const fromPaid = subtractCents(amountCents, fromOutstanding);
  if (fromPaid > current.balancePaidCents) {
    return { ok: false, motivo: 'El monto retenido supera lo que queda del documento.' };
  }
  const next = saldoDe({
    ...saldo,
    balancePaidCents: subtractCents(saldo.balancePaidCents, fromPaid),
    creditInFavorCents: addCents(saldo.creditInFavorCents, fromPaid),
    ivaRetenidoCents: amountCents,
  });
  return { ok: true, saldo: next, aFavorCents: fromPaid };
}
