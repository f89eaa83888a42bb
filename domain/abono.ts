// Balance of a nota de entrega (credit sale) and the abonos registered against it, in USD cents.
import { type IgtfSettings, igtfDePago, igtfParaCubrir } from './igtf.ts';
import { addCents, assertCents, formatUsd, subtractCents } from './money.ts';

export const PAYMENT_STATUSES = ['pendiente', 'abonada', 'pagada'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pendiente: 'Pendiente',
  abonada: 'Abonada',
  pagada: 'Pagada',
};

export const ABONO_STEPS = ['pendiente', 'aprobado', 'rechazado'] as const;
export type AbonoStep = (typeof ABONO_STEPS)[number];

export const ABONO_STEP_LABELS: Record<AbonoStep, string> = {
  pendiente: 'Pendiente',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
};

/** The reference that marks an abono as a discount rather than money received. */
export const DESCUENTO_REFERENCE = 'descuento';

/** Invariant: outstandingBalanceCents = totalCents − discountCents − balancePaidCents. */
export type NotaEntrega = {
  totalCents: number;
  discountCents: number;
  balancePaidCents: number;
  outstandingBalanceCents: number;
  paymentStatus: PaymentStatus;
};

export type Abono = { totalCents: number; reference: string; step: AbonoStep };

/**
 * What an abono received is worth on the note (docs/dominio.md §IGTF): an abono in divisas carries
 * the IGTF of domain/igtf.ts on what was received (`worthUsdCents`), and only the rest goes to the
 * note, so the IGTF never lowers the balance. Bolívares and a discount carry none.
 */
export function abonoRecibido(
  currency: 'USD' | 'VES',
  worthUsdCents: number,
  settings: IgtfSettings,
  reference = '',
): { igtfCents: number; toNoteCents: number } {
  const igtfCents = isDescuentoReference(reference) ? 0 : igtfDePago(currency, worthUsdCents, settings);
  return { igtfCents, toNoteCents: subtractCents(worthUsdCents, igtfCents) };
}

/** What paying `neededCents` of a note in divisas takes: the smallest A with A − IGTF(A) ≥ neededCents. */
export function montoEnDivisasParaCubrir(neededCents: number, settings: IgtfSettings): number {
  return addCents(neededCents, igtfParaCubrir(neededCents, settings));
}

export type NotaBalance = Pick<NotaEntrega, 'totalCents' | 'discountCents' | 'balancePaidCents'>;

export type Refused = { ok: false; motivo: string };
export type NotaOutcome = { ok: true; note: NotaEntrega } | Refused;
export type AbonoOutcome = { ok: true; note: NotaEntrega; abono: Abono } | Refused;

export function paymentStatusOf(outstandingBalanceCents: number, balancePaidCents: number): PaymentStatus {
  if (outstandingBalanceCents <= 0) return 'pagada';
  return balancePaidCents > 0 ? 'abonada' : 'pendiente';
}

/** Builds a consistent note from its three stored figures; throws on an impossible balance. */
export function notaEntrega({ totalCents, discountCents, balancePaidCents }: NotaBalance): NotaEntrega {
  for (const [name, value] of [
    ['total', totalCents],
    ['descuento', discountCents],
    ['abonado', balancePaidCents],
  ] as const) {
    assertCents(value, name);
    if (value < 0) throw new RangeError(`El ${name} de la nota de entrega no puede ser negativo (${value})`);
  }
  const outstandingBalanceCents = subtractCents(subtractCents(totalCents, discountCents), balancePaidCents);
  if (outstandingBalanceCents < 0) {
    throw new RangeError(`Descuento y abonos (${discountCents + balancePaidCents}) superan el total de la nota (${totalCents})`);
  }
  return {
    totalCents,
    discountCents,
    balancePaidCents,
    outstandingBalanceCents,
    paymentStatus: paymentStatusOf(outstandingBalanceCents, balancePaidCents),
  };
}

export function isConsistent(note: NotaEntrega): boolean {
  return (
    note.outstandingBalanceCents === note.totalCents - note.discountCents - note.balancePaidCents &&
    note.paymentStatus === paymentStatusOf(note.outstandingBalanceCents, note.balancePaidCents)
  );
}

export function isDescuentoReference(reference: string): boolean {
  return reference.trim().toLowerCase() === DESCUENTO_REFERENCE;
}

/** Steps may arrive in any case ("Rechazado"); unknown values give null. */
export function abonoStepOf(raw: string): AbonoStep | null {
  const step = raw.trim().toLowerCase();
  return (ABONO_STEPS as readonly string[]).includes(step) ? (step as AbonoStep) : null;
}

function checkAmount(amountCents: number, note: NotaEntrega): Refused | null {
  assertCents(amountCents);
  if (amountCents <= 0) return { ok: false, motivo: 'El monto debe ser mayor que cero.' };
  if (note.outstandingBalanceCents === 0)
    return { ok: false, motivo: 'La nota de entrega no tiene saldo pendiente (está pagada o sus abonos por aprobar ya la cubren).' };
  if (amountCents > note.outstandingBalanceCents) {
    const owed = formatUsd(note.outstandingBalanceCents);
    return { ok: false, motivo: `El monto (${formatUsd(amountCents)}) supera el saldo pendiente (${owed}).` };
  }
  return null;
}

/**
 * A 'descuento' abono counts toward the note's discount, any other toward balancePaid, so the
 * invariant holds both when it is registered and when it is rejected.
 */
export function registrarAbono(note: NotaEntrega, input: { totalCents: number; reference: string }): AbonoOutcome {
  const refused = checkAmount(input.totalCents, note);
  if (refused) return refused;
  const reference = input.reference.trim();
  if (reference === '') return { ok: false, motivo: 'El abono necesita un número de referencia.' };
  const next = isDescuentoReference(reference)
    ? { ...note, discountCents: addCents(note.discountCents, input.totalCents) }
    : { ...note, balancePaidCents: addCents(note.balancePaidCents, input.totalCents) };
  return { ok: true, note: notaEntrega(next), abono: { totalCents: input.totalCents, reference, step: 'pendiente' } };
}

function refuseUnlessPending(abono: Abono, verb: string): Refused | null {
  if (abono.step === 'pendiente') return null;
  return {
    ok: false,
    motivo: `No se puede ${verb} un abono en estado «${ABONO_STEP_LABELS[abono.step]}»: debe estar pendiente.`,
  };
}

export function aprobarAbono(abono: Abono): { ok: true; abono: Abono } | Refused {
  const refused = refuseUnlessPending(abono, 'aprobar');
  if (refused) return refused;
  return { ok: true, abono: { ...abono, step: 'aprobado' } };
}

/** Takes the abono back: its total returns to the outstanding balance. */
export function rechazarAbono(note: NotaEntrega, abono: Abono): AbonoOutcome {
  const refused = refuseUnlessPending(abono, 'rechazar');
  if (refused) return refused;
  const next = isDescuentoReference(abono.reference)
    ? { ...note, discountCents: subtractCents(note.discountCents, abono.totalCents) }
    : { ...note, balancePaidCents: subtractCents(note.balancePaidCents, abono.totalCents) };
  return { ok: true, note: notaEntrega(next), abono: { ...abono, step: 'rechazado' } };
}

/** PATCH aplicar-descuento: a discount granted on the note, up to what is still owed. */
export function aplicarDescuento(note: NotaEntrega, amountCents: number): NotaOutcome {
  const refused = checkAmount(amountCents, note);
  if (refused) return refused;
  return { ok: true, note: notaEntrega({ ...note, discountCents: addCents(note.discountCents, amountCents) }) };
}

export type DevolucionOutcome =
  | {
      ok: true;
      note: NotaEntrega;
      /** The customer's credit (saldo a favor) after the return. */
      creditInFavorCents: number;
      /** How the return was taken: from what was owed, from what was paid (→ credit), from the discount. */
      fromOutstandingCents: number;
      fromPaidCents: number;
      fromDiscountCents: number;
    }
  | Refused;

/**
 * PATCH devoluciones (decision 0014): returned goods reduce the document's total. On a nota the
 * outstanding balance goes down first, then the discount granted on it (a discount does not outlive
 * the goods it was given on), and only what passes both is taken from balancePaid and becomes the
 * customer's credit in favour (on a paid factura, all of it). A return that would take back money while abonos are still
 * pending is refused: a pending abono may yet be rejected, and its total must still be there to
 * subtract (docs/dominio.md §Cuentas por cobrar), so they are settled first.
 */
export function registrarDevolucion(
  note: NotaEntrega,
  amountCents: number,
  options: { creditInFavorCents?: number; pendingAbonos?: boolean } = {},
): DevolucionOutcome {
  assertCents(amountCents);
  const credit = options.creditInFavorCents ?? 0;
  assertCents(credit, 'saldo a favor');
  if (amountCents <= 0) return { ok: false, motivo: 'El monto de la devolución debe ser mayor que cero.' };
  if (amountCents > note.totalCents) {
    return {
      ok: false,
      motivo: `La devolución (${formatUsd(amountCents)}) supera el total del documento (${formatUsd(note.totalCents)}).`,
    };
  }
  const fromOutstandingCents = Math.min(amountCents, note.outstandingBalanceCents);
  const excess = amountCents - fromOutstandingCents;
  if (excess > 0 && options.pendingAbonos) {
    return {
      ok: false,
      motivo: 'La devolución supera el saldo pendiente y la nota tiene abonos pendientes: apruébelos o rechácelos antes de devolver.',
    };
  }
  const fromDiscountCents = Math.min(excess, note.discountCents);
  const fromPaidCents = excess - fromDiscountCents;
  return {
    ok: true,
    note: notaEntrega({
      totalCents: subtractCents(note.totalCents, amountCents),
      discountCents: subtractCents(note.discountCents, fromDiscountCents),
      balancePaidCents: subtractCents(note.balancePaidCents, fromPaidCents),
    }),
    creditInFavorCents: addCents(credit, fromPaidCents),
    fromOutstandingCents,
    fromPaidCents,
    fromDiscountCents,
  };
}

/** A bank reference as it is stored and compared: "ab-123 45" and "AB12345" are the same payment. */
export function normalizeReference(reference: string): string {
  return reference.toUpperCase().replace(/[\s-]/g, '');
}

/** A reference may be used once per bank and payment method; spaces, dashes and case do not count. */
export function referenceKey(bankCode: string, method: string, reference: string): string {
  return [bankCode.trim(), method.trim().toLowerCase(), normalizeReference(reference)].join('|');
}
