// Pieces shared by the receivables pages: who may do what, the badges of a document's payment
// state, an abono's step and a debt's age, and amounts in dollars with their bolívares.
import { Badge, Stack, Text } from '@mantine/core';
import { ABONO_STEP_LABELS, type AbonoStep, PAYMENT_STATUS_LABELS, type PaymentStatus } from '#domain/abono.ts';
import type { ReceivableTotals } from '#domain/contracts/mayor-cuentas.ts';
import { formatDate } from '#domain/dates.ts';
import { formatRatePerUsd, formatUsd, formatVes, subtractCents, toCents, usdToVesCents } from '#domain/money.ts';
import type { ResumenCobroInput } from '#domain/resumen-cobro.ts';
import { CREDIT_SALE_ROLES, hasAnyRole, type Role } from '#domain/roles.ts';
import { AGING_BUCKET_LABELS, type AgingBucket } from '#domain/ventas.ts';

/** Read receivables and register abonos (docs/dominio.md §Roles). */
export const COBROS_ROLES = CREDIT_SALE_ROLES;
/** Approve, reject, discount, take returns. */
export const FINANZAS_ROLES = ['admin', 'administracion'] as const satisfies readonly Role[];

export const mayReview = (roles: readonly string[]) => hasAnyRole(roles, FINANZAS_ROLES);

const STATUS_COLORS: Record<PaymentStatus, string> = { pendiente: 'red', abonada: 'orange', pagada: 'green' };
const STEP_COLORS: Record<AbonoStep, string> = { pendiente: 'yellow', aprobado: 'green', rechazado: 'red' };
const AGING_COLORS: Record<AgingBucket, string> = {
  'al-dia': 'gray',
  '1-30': 'yellow',
  '31-60': 'orange',
  '61-90': 'red',
  'mas-de-90': 'grape',
};

export function EstadoPago({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-estado={status}>
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

export function PasoAbono({ step }: { step: AbonoStep }) {
  return (
    <Badge color={STEP_COLORS[step] ?? 'gray'} variant="light" data-paso={step}>
      {ABONO_STEP_LABELS[step] ?? step}
    </Badge>
  );
}

export function Antiguedad({ aging, days }: { aging: AgingBucket; days: number }) {
  return (
    <Badge color={AGING_COLORS[aging]} variant={aging === 'al-dia' ? 'outline' : 'light'} data-antiguedad={aging}>
      {aging === 'al-dia' ? 'Al día' : `${days} ${days === 1 ? 'día' : 'días'} vencida`}
    </Badge>
  );
}

/** The API's totals as the headline cards take them (total − descuentos − abonado = por cobrar). */
/**
 * The headline's four figures. Their Bs. are all at today's rate (what is owed is owed in dollars,
 * docs/dominio.md §Cuentas por cobrar), and «por cobrar» in Bs. is the subtraction of the other
 * three, so the cards add up in both currencies; each document's Bs. at its own rate is history,
 * shown on its row.
 */
export function resumenInput(t: ReceivableTotals, tasa: TasaHoy): ResumenCobroInput {
  const totalCents = toCents(t.totalAmount);
  const discountCents = toCents(t.discount);
  const paidCents = toCents(t.balancePaid);
  const totalVesCents = usdToVesCents(totalCents, tasa.amount);
  const discountVesCents = usdToVesCents(discountCents, tasa.amount);
  const paidVesCents = usdToVesCents(paidCents, tasa.amount);
  const retainedCents = toCents(t.ivaRetenido);
  const retainedVesCents = usdToVesCents(retainedCents, tasa.amount);
  return {
    totalCents,
    discountCents,
    paidCents,
    outstandingCents: toCents(t.outstandingBalance),
    totalVesCents,
    discountVesCents,
    paidVesCents,
    retainedCents,
    retainedVesCents,
    outstandingVesCents: subtractCents(subtractCents(subtractCents(totalVesCents, discountVesCents), paidVesCents), retainedVesCents),
  };
}

export const agingLabel = (aging: AgingBucket) => AGING_BUCKET_LABELS[aging];

/** A figure already in both currencies (totals summed per document at each one's rate). */
export function Monto({ usd, ves, fw = 600, testId }: { usd: string; ves?: string; fw?: number; testId?: string }) {
  return (
    <Stack gap={0} align="flex-end" data-testid={testId}>
      <Text fw={fw} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatUsd(toCents(usd))}
      </Text>
      {ves !== undefined && (
        <Text c="dimmed" size="xs" style={{ whiteSpace: 'nowrap' }}>
          {formatVes(toCents(ves))}
        </Text>
      )}
    </Stack>
  );
}

export const usd = (value: string) => formatUsd(toCents(value));

/** The tasa del día as the receivables read it: a loader's `tasaDelDia`, with since when it rules. */
export type TasaHoy = { amount: string; date: string | null };

/** «a la tasa de hoy, Bs. 318,7425 por US$ (vigente desde el 01/12/2026)»: what the Bs. of a balance is at. */
export function tasaDeHoyTexto(tasa: TasaHoy): string {
  return `a la tasa de hoy, ${formatRatePerUsd(tasa.amount)}${tasa.date ? ` (vigente desde el ${formatDate(tasa.date)})` : ''}`;
}

/** Under a receivables list or statement: what is owed is owed in dollars, its Bs. is at today's rate. */
export function TasaDeHoy({ tasa }: { tasa: TasaHoy }) {
  return (
    <Text size="xs" c="dimmed" data-testid="tasa-de-hoy">
      Lo que se debe está en dólares; en bolívares, {tasaDeHoyTexto(tasa)}. Los bolívares de cada documento a su propia tasa son históricos:
      no son lo que se debe.
    </Text>
  );
}
