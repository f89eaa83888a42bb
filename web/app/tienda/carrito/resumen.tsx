// The order summary beside every step: subtotal, IVA, commission and total in USD and bolívares.
import { Card, Divider, Group, Stack, Text } from '@mantine/core';
import { amountToPay } from '../../../../domain/checkout.ts';
import type { CartView } from '../../../../domain/contracts/carrito.ts';
import { formatUsd, formatVes, toCents, usdToVesCents } from '../../../../domain/money.ts';
import type { PaymentMethodId } from '../../../../domain/store-constants.ts';

function Fila({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

export function ResumenPedido({ cart, method }: { cart: CartView; method: PaymentMethodId | '' }) {
  const units = cart.items.reduce((n, i) => n + i.quantity, 0);
  const due = amountToPay(cart.totals.total, method);
  const totalCents = toCents(due.total);
  return (
    <Card withBorder padding="md" pos="sticky" top={90} component="aside" aria-label="Resumen del pedido">
      <Stack gap={8}>
        <Text fw={700}>Resumen del pedido</Text>
        <Fila label={`${units} ${units === 1 ? 'artículo' : 'artículos'}`} value={formatUsd(toCents(cart.totals.subtotal))} />
        <Fila label="IVA (16 %)" value={formatUsd(toCents(cart.totals.iva))} />
        {toCents(due.commission) > 0 && <Fila label="Comisión del método de pago" value={formatUsd(toCents(due.commission))} />}
        <Divider />
        <Fila label="Total" value={formatUsd(totalCents)} strong testId="total-usd" />
        <Fila label="Total en bolívares" value={formatVes(usdToVesCents(totalCents, cart.totals.rate))} testId="total-ves" />
        <Text size="xs" c="dimmed">
          Tasa del día: {formatVes(toCents(cart.totals.rate))} por dólar. Su pedido guarda la tasa con la que se hace.
        </Text>
      </Stack>
    </Card>
  );
}
