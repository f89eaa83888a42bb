// The order's payments made online (PayPal, docs/decisions/0035; the card through Stripe, 0036), for
// staff: the capture and the payer,
// what is held for review and why, and what was refunded.
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { OrdenDetalle } from '#domain/contracts/orden-compra.ts';
import { formatUsd, toCents } from '#domain/money.ts';

type OnlinePayment = NonNullable<OrdenDetalle['onlinePayments']>[number];

const PROVIDERS: Record<string, string> = { paypal: 'PayPal', stripe: 'Tarjeta (Stripe)' };

const STATUS: Record<string, { label: string; color: string }> = {
  creado: { label: 'Esperando al comprador', color: 'gray' },
  capturado: { label: 'Cobrado', color: 'green' },
  rechazado: { label: 'Rechazado', color: 'red' },
  retenido: { label: 'Retenido para revisión', color: 'orange' },
  anulado: { label: 'No se cobró', color: 'gray' },
};

export function PagosEnLinea({ payments }: { payments: OnlinePayment[] }) {
  if (payments.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="pagos-en-linea">
      {payments.map((p) => {
        const status = STATUS[p.status] ?? { label: p.status, color: 'gray' };
        const refunded = toCents(p.refunded);
        const requested = toCents(p.refundRequested);
        const toReview = toCents(p.refundToReview);
        const provider = PROVIDERS[p.provider] ?? p.provider;
        return (
          <Card key={p.providerOrderId} withBorder padding="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600} size="sm">
                {PROVIDERS[p.provider] ?? p.provider} · {formatUsd(toCents(p.capturedAmount ?? p.amount))}
              </Text>
              <Badge color={status.color} variant="light">
                {status.label}
              </Badge>
            </Group>
            {p.captureId && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Captura {p.captureId}
                {p.payerEmail ? ` · pagó ${p.payerEmail}` : ''}
              </Text>
            )}
            {p.note && (
              <Text size="sm" c={p.status === 'retenido' ? 'orange.9' : 'dimmed'}>
                {p.note}
              </Text>
            )}
            {refunded > 0 && (
              <Text size="sm" c="red.8">
                Reembolsado: {formatUsd(refunded)}
              </Text>
            )}
            {requested > 0 && (
              <Text size="sm" c="orange.9" data-testid="reembolso-solicitado">
                Reembolso solicitado, por confirmar: {formatUsd(requested)} (la tienda lo termina sola en unos minutos)
              </Text>
            )}
            {toReview > 0 && (
              <Text size="sm" c="orange.9" data-testid="reembolso-por-revisar">
                Reembolso por revisar: {formatUsd(toReview)}. {provider} no lo confirmó; revise en {provider} si se hizo.
              </Text>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
