// The steps of an order as a timeline: reached steps with their date, the rest still to come.
import { Text, Timeline } from '@mantine/core';
import type { OrderStatus } from '#domain/contracts/orden-compra.ts';
import { formatDateTime } from '#domain/dates.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';

const HAPPY_PATH: OrderStep[] = ['pendiente', 'pago-por-confirmar', 'pago-confirmado', 'inventario-confirmado', 'despachada', 'entregada'];

export function LineaDeTiempo({ order }: { order: Pick<OrderStatus, 'step' | 'timeline' | 'trackingNumber'> }) {
  const reachedAt = new Map<string, string>();
  for (const entry of order.timeline) reachedAt.set(entry.step, entry.at);
  const cancelled = order.step === 'anulada';
  const steps = cancelled ? [...HAPPY_PATH.filter((s) => reachedAt.has(s)), 'anulada' as const] : HAPPY_PATH;
  const active = steps.indexOf(order.step as OrderStep);
  return (
    <Timeline active={active} bulletSize={22} lineWidth={3} color={cancelled ? 'red' : 'pink'} data-testid="linea-de-tiempo">
      {steps.map((step, index) => {
        const at = reachedAt.get(step);
        return (
          <Timeline.Item
            key={step}
            title={ORDER_STEP_LABELS[step]}
            data-testid={`hito-${step}`}
            data-alcanzado={index <= active ? 'si' : 'no'}
          >
            <Text size="sm" c="dimmed">
              {index > active ? 'Por venir' : at ? formatDateTime(at) : 'Incluido al registrar la orden'}
            </Text>
            {step === 'despachada' && order.trackingNumber && index <= active && (
              <Text size="sm">Número de guía: {order.trackingNumber}</Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
