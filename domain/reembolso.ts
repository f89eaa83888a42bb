// Money given back to a buyer after the sale was paid (a refund of an online payment). It pays out
// the customer's credit in favour first (what a return left there); the rest is a concession on the
// price, so what the document was paid drops and its discount grows by the same amount, and what it
// still owes does not move. Never more than what the document holds: paid plus credit. USD cents.
import { addCents, assertCents, formatUsd, subtractCents } from './money.ts';

export type DocumentoAntes = { paidCents: number; creditCents: number; discountCents: number };
export type EfectoDeReembolso =
  | { ok: true; fromCreditCents: number; paidCents: number; creditCents: number; discountCents: number }
  | { ok: false; motivo: string };

export function efectoDeReembolso(refundCents: number, doc: DocumentoAntes): EfectoDeReembolso {
  for (const [name, value] of Object.entries({ refundCents, ...doc })) {
    assertCents(value, name);
    if (value < 0) throw new RangeError(`${name} no puede ser negativo (${value})`);
  }
  if (refundCents <= 0) return { ok: false, motivo: 'El reembolso debe ser mayor que cero.' };
  const holds = addCents(doc.paidCents, doc.creditCents);
  if (refundCents > holds) {
    return { ok: false, motivo: `El reembolso (${formatUsd(refundCents)}) supera lo cobrado en el documento (${formatUsd(holds)}).` };
  }
  const fromCreditCents = Math.min(refundCents, doc.creditCents);
  const rest = subtractCents(refundCents, fromCreditCents);
  return {
    ok: true,
    fromCreditCents,
    creditCents: subtractCents(doc.creditCents, fromCreditCents),
    paidCents: subtractCents(doc.paidCents, rest),
    discountCents: addCents(doc.discountCents, rest),
  };
}
