// /carrito/ver-orden?codigo=…&t=…: the confirmation after checkout, with the order code, the articles
// and what comes next. `t` is the order's signed link token (the registration's answer): the buyer
// types nothing. A reported payment is never shown as received: staff still have to confirm it.
import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link, redirect, useLocation } from 'react-router';
import { estado, type OrderStatus } from '#domain/contracts/orden-compra.ts';
import { formatDateTime } from '#domain/dates.ts';
import { formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { PAYMENT_METHODS } from '#domain/store-constants.ts';
import { whatsappChatUrl, whatsappDigits, whatsappOrderMessage } from '#domain/whatsapp.ts';
import { DocumentoOrden } from '#web/components/documento-orden.tsx';
import { deliveryOfStatus, discountRows, envioDeOrden, TotalesOrden } from '#web/components/totales-orden.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useRootData } from '#web/root.tsx';
import { ArticulosOrden } from '../orden/articulos-orden.tsx';
import { SubirComprobante } from '../orden/subir-comprobante.tsx';
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

/** What the buyer should know about the payment, by the order's step. */
function EstadoDelPago({ order }: { order: OrderStatus }): ReactNode {
  const until = order.expiresAt ? ` hasta el ${formatDateTime(order.expiresAt)}` : '';
  switch (order.step) {
    case 'pendiente':
      if (order.origen === 'whatsapp') {
        return (
          <Alert color="yellow" title="Pago por acordar" data-testid="estado-pago">
            Sus artículos quedan reservados{until}. Acordamos el pago y el envío con usted por WhatsApp.
          </Alert>
        );
      }
      if (order.paymentMethod === 'efectivo') {
        return (
          <Alert color="yellow" title="Pago en efectivo al recibir" data-testid="estado-pago">
            Sus artículos quedan reservados{until}. Pague en efectivo al retirar o al recibir su pedido.
          </Alert>
        );
      }
      return (
        <Alert color="yellow" title="Falta el pago" data-testid="estado-pago">
          Sus artículos quedan reservados{until}. Cuando pague, repórtelo desde el seguimiento de la orden.
        </Alert>
      );
    case 'pago-por-confirmar':
      return (
        <Alert color="blue" title="Pago reportado, por confirmar" data-testid="estado-pago">
          Recibimos los datos de su pago. Todavía no está confirmado: lo revisaremos con el banco y le avisaremos por correo.
        </Alert>
      );
    case 'anulada':
      return (
        <Alert color="red" title="Orden anulada" data-testid="estado-pago">
          Esta orden fue anulada. Si cree que es un error, comuníquese con la tienda.
        </Alert>
      );
    default:
      return (
        <Alert color="green" title="Pago confirmado" data-testid="estado-pago">
          Confirmamos su pago; le avisaremos por correo en cada paso de su pedido.
        </Alert>
      );
  }
}

/** A message to send by WhatsApp: the order, its articles and total; no link that opens the order. */
function whatsappText(order: OrderStatus, totalText: string): string {
  const lines = order.items.map((i) => `• ${i.quantity} × ${i.name}${i.size ? ` (talla ${i.size})` : ''}`);
  return [`Mi pedido ${order.code} en Vitrina:`, ...lines, `Total: ${totalText}`].join('\n');
}

/**
 * A WhatsApp order (decision 0033): the chat with the store, opened once on arrival from the form
 * (?whatsapp=abrir, then dropped so a reload does not open it again) and by the button, in case the
 * browser blocked the new window.
 */
function AbrirWhatsapp({ order, token }: { order: OrderStatus; token: string }) {
  const { footer, origin } = useRootData();
  const location = useLocation();
  const digits = whatsappDigits(footer.whatsapp);
  const href = digits ? whatsappChatUrl(digits, whatsappOrderMessage(order, `${origin}/orden/${order.code}?t=${token}`)) : '';
  const arriving = new URLSearchParams(location.search).get('whatsapp') === 'abrir';
  useEffect(() => {
    if (!arriving || !href) return;
    window.open(href, '_blank', 'noopener');
    const url = new URL(window.location.href);
    url.searchParams.delete('whatsapp');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  }, [arriving, href]);
  if (!href) return null;
  return (
    <Card withBorder padding="lg" data-testid="pedido-whatsapp">
      <Stack gap="sm">
        <Text>Envíe el mensaje que preparamos en WhatsApp: ahí acordamos con usted el pago y el envío.</Text>
        <Button component="a" href={href} target="_blank" rel="noopener" color="green" size="md" data-testid="abrir-whatsapp">
          Abrir WhatsApp
        </Button>
      </Stack>
    </Card>
  );
}

export default function VerOrden({ loaderData }: Route.ComponentProps) {
  const { order, token } = loaderData;
  const porWhatsapp = order.origen === 'whatsapp';
  useEffect(() => clearDraft(), []);
  const totalCents = toCents(order.total);
  const method = PAYMENT_METHODS[order.paymentMethod as keyof typeof PAYMENT_METHODS];
  const totalText = `${formatUsd(totalCents)} · ${formatVes(usdToVesCents(totalCents, order.rate))}`;
  const envio = envioDeOrden(deliveryOfStatus(order));
  const shippingCents = toCents(order.shippingCost);
  const envioText = envio.instead ?? `${formatUsd(shippingCents)} · ${formatVes(usdToVesCents(shippingCents, order.rate))}`;
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
            <Text size="sm" data-testid="envio-confirmacion">
              {envio.label}: {envioText}
              {envio.estimate ? ` · ${envio.estimate}` : ''}
            </Text>
            <Text fw={700} data-testid="total-confirmacion">
              Total: {totalText}
            </Text>
          </Stack>
        </Card>
        {porWhatsapp && <AbrirWhatsapp order={order} token={token} />}
        <EstadoDelPago order={order} />
        <DocumentoOrden document={order.document} />
        {order.step === 'pago-por-confirmar' && <SubirComprobante code={order.code} token={token} sent={order.receiptSent} />}
        <ArticulosOrden items={order.items} />
        {discountRows(order).length > 0 && (
          <Card withBorder padding="lg" data-testid="descuentos-orden">
            <Text fw={700} mb="xs">
              Sus descuentos
            </Text>
            <TotalesOrden order={order} delivery={deliveryOfStatus(order)} />
          </Card>
        )}
        <Text size="sm" c="dimmed">
          {porWhatsapp
            ? 'Con el número de orden y su cédula puede seguir su pedido en «Seguimiento de orden»; el enlace va también en el mensaje de WhatsApp.'
            : 'Le enviamos un correo con el resumen y el enlace para seguir su pedido. Con el número de orden y su correo o cédula también puede verlo en «Seguimiento de orden».'}
        </Text>
        <Group>
          <Button component={Link} to={`/orden/${order.code}?t=${token}`} data-testid="ver-seguimiento">
            Seguir mi orden
          </Button>
          {!porWhatsapp && (
            <Button
              component="a"
              href={`https://wa.me/?text=${encodeURIComponent(whatsappText(order, totalText))}`}
              target="_blank"
              rel="noopener"
              variant="light"
              color="green"
              data-testid="compartir-whatsapp"
            >
              Compartir por WhatsApp
            </Button>
          )}
          <Button component={Link} to="/linea" variant="default">
            Seguir comprando
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
