// /carrito/ver-orden?codigo=…&t=…: the confirmation after checkout, with the order code and what comes
// next. `t` is the order's signed link token (the registration's answer): the buyer types nothing.
import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, redirect } from 'react-router';
import { estado } from '#domain/contracts/orden-compra.ts';
import { formatDateTime } from '#domain/dates.ts';
import { formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { PAYMENT_METHODS } from '#domain/store-constants.ts';
import { discountRows, TotalesOrden } from '#web/components/totales-orden.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/ver-orden';
import { clearDraft } from './checkout-storage.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get('codigo')?.trim().toUpperCase();
  const token = params.get('t')?.trim();
  // Without an order to show there is nothing to review: back to the cart.
  if (!code || !token) throw redirect('/carrito');
  const response = await context.api.call(estado, { code, t: token });
  if (!response.body.success) throw redirect('/carrito');
  return { order: response.body.data, token };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Pedido recibido'), { name: 'robots', content: 'noindex' }];
}

export default function VerOrden({ loaderData }: Route.ComponentProps) {
  const { order, token } = loaderData;
  useEffect(() => clearDraft(), []);
  const totalCents = toCents(order.total);
  const method = PAYMENT_METHODS[order.paymentMethod as keyof typeof PAYMENT_METHODS];
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>¡Gracias por su compra!</Title>
        <Card withBorder padding="lg">
          <Stack gap={6}>
            <Text>Su número de orden es</Text>
            <Text fz={32} fw={800} data-testid="codigo-orden">
              {order.code}
            </Text>
            <Text size="sm">Estado: {ORDER_STEP_LABELS[order.step as OrderStep] ?? order.step}</Text>
            <Text size="sm">Método de pago: {method?.label ?? order.paymentMethod}</Text>
            <Text fw={700}>
              Total: {formatUsd(totalCents)} · {formatVes(usdToVesCents(totalCents, order.rate))}
            </Text>
          </Stack>
        </Card>
        {discountRows(order).length > 0 && (
          <Card withBorder padding="lg" data-testid="descuentos-orden">
            <Text fw={700} mb="xs">
              Sus descuentos
            </Text>
            <TotalesOrden order={order} />
          </Card>
        )}
        {order.step === 'pendiente' ? (
          <Alert color="yellow" title="Falta el pago">
            Sus artículos quedan reservados
            {order.expiresAt ? ` hasta el ${formatDateTime(order.expiresAt)}` : ''}. Cuando pague, repórtelo desde el seguimiento de la
            orden.
          </Alert>
        ) : (
          <Alert color="green" title="Pago recibido">
            Recibimos los datos de su pago; lo confirmaremos y le avisaremos por correo en cada paso.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Le enviamos un correo con el resumen y el enlace para seguir su pedido. Con el número de orden y su correo o cédula también puede
          verlo en «Seguimiento de orden».
        </Text>
        <Group>
          <Button component={Link} to={`/orden/${order.code}?t=${token}`} data-testid="ver-seguimiento">
            Seguir mi orden
          </Button>
          <Button component={Link} to="/linea" variant="default">
            Seguir comprando
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
