// What the approved payments of an order cover and what is still missing, in $ and Bs. at the
// order's rate (domain/pago-orden.ts saldoDeOrden): shown while a short payment waits for the rest.
import { Alert, Text } from '@mantine/core';
import { formatUsd, formatVes, toCents } from '#domain/money.ts';

export type SaldoOrden = { received: string; receivedVes: string; missing: string; missingVes: string; missingDivisas: string };

export function SaldoPendiente({ saldo }: { saldo: SaldoOrden | undefined }) {
  if (!saldo || toCents(saldo.missing) <= 0 || toCents(saldo.received) <= 0) return null;
  return (
    <Alert color="orange" title="Falta parte del pago" data-testid="saldo-pendiente">
      <Text size="sm">
        Recibimos {formatUsd(toCents(saldo.received))} ({formatVes(toCents(saldo.receivedVes))}). Falta{' '}
        <Text span fw={700}>
          {formatUsd(toCents(saldo.missing))} ({formatVes(toCents(saldo.missingVes))})
        </Text>{' '}
        para completar el pago de la orden
        {toCents(saldo.missingDivisas) > toCents(saldo.missing)
          ? ` (en divisas, con su IGTF: ${formatUsd(toCents(saldo.missingDivisas))})`
          : ''}
        : repórtelo para continuar.
      </Text>
    </Alert>
  );
}
