// An amount of a placed order: in dollars and in bolívares at the rate the order froze, not today's.
import { Stack, Text } from '@mantine/core';
import { formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';

export function montoOrden(usd: string, rate: string): { usd: string; ves: string } {
  const cents = toCents(usd);
  return { usd: formatUsd(cents), ves: formatVes(usdToVesCents(cents, rate)) };
}

export function MontoOrden({ usd, rate, fw = 600 }: { usd: string; rate: string; fw?: number }) {
  const monto = montoOrden(usd, rate);
  return (
    <Stack gap={0} align="flex-end">
      <Text fw={fw} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {monto.usd}
      </Text>
      <Text c="dimmed" size="xs" style={{ whiteSpace: 'nowrap' }}>
        {monto.ves}
      </Text>
    </Stack>
  );
}
