// The headline of a set of receivables (the cuentas por cobrar list, a customer's statement and its
// PDF): the documents' total, the discounts granted on them, what was paid and what is still owed,
// each its own figure, so that total − descuentos − abonado = por cobrar can be checked at a glance.
import { subtractCents } from './money.ts';

export type ResumenCobroKey = 'total' | 'descuento' | 'abonado' | 'retenido' | 'pendiente';

export type ResumenCobroFila = {
  key: ResumenCobroKey;
  label: string;
  /** Shown with a minus sign: it is taken off the total. */
  resta: boolean;
  usdCents: number;
  vesCents: number;
};

export type ResumenCobroInput = {
  totalCents: number;
  discountCents: number;
  paidCents: number;
  outstandingCents: number;
  totalVesCents: number;
  discountVesCents: number;
  paidVesCents: number;
  outstandingVesCents: number;
  /** IVA retained by contribuyentes especiales (docs/dominio.md §Libros fiscales); its line shows only when there is some. */
  retainedCents?: number;
  retainedVesCents?: number;
};

export const RESUMEN_COBRO_LABELS: Record<ResumenCobroKey, string> = {
  total: 'Total',
  descuento: 'Descuentos',
  abonado: 'Abonado',
  retenido: 'IVA retenido',
  pendiente: 'Por cobrar',
};

/** The four figures in the order they are subtracted. */
export function resumenDeCobro(t: ResumenCobroInput): ResumenCobroFila[] {
  const row = (key: ResumenCobroKey, usdCents: number, vesCents: number): ResumenCobroFila => ({
    key,
    label: RESUMEN_COBRO_LABELS[key],
    resta: key === 'descuento' || key === 'abonado' || key === 'retenido',
    usdCents,
    vesCents,
  });
  return [
    row('total', t.totalCents, t.totalVesCents),
    row('descuento', t.discountCents, t.discountVesCents),
    row('abonado', t.paidCents, t.paidVesCents),
    ...(t.retainedCents ? [row('retenido', t.retainedCents, t.retainedVesCents ?? 0)] : []),
    row('pendiente', t.outstandingCents, t.outstandingVesCents),
  ];
}

/** Whether the headline adds up: total − descuentos − abonado = por cobrar (each nota keeps it). */
export function cuadraElResumen(
  t: Pick<ResumenCobroInput, 'totalCents' | 'discountCents' | 'paidCents' | 'outstandingCents' | 'retainedCents'>,
): boolean {
  return (
    subtractCents(subtractCents(subtractCents(t.totalCents, t.discountCents), t.paidCents), t.retainedCents ?? 0) === t.outstandingCents
  );
}
