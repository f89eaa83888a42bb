// A shopper's view of their own order: where it stands in words, the pictures, names, colours and
// sizes they bought, what they paid with IVA, and how it reaches them. No staff columns or codes.
import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { modelImageUrl } from '#domain/catalogo-urls.ts';
import type { OrdenDetalle, OrdenFila } from '#domain/contracts/orden-compra.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { fromCents } from '#domain/money.ts';
import { isOrderStep, ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { PAYMENT_METHODS, type PaymentMethodId, SHIPPING_AGENCY_LABELS, type ShippingAgencyId } from '#domain/store-constants.ts';
import { lineBeforeDiscounts } from '#domain/totales-orden.ts';
import { DocumentoOrden } from '#web/components/documento-orden.tsx';
import { IMAGE_DEFAULT, imageFallback } from '#web/components/imagen.tsx';
import { MontoOrden, montoOrden } from '#web/components/monto-orden.tsx';
import { NumeroGuia } from '#web/components/numero-guia.tsx';
import { envioDeOrden, TotalesOrden } from '#web/components/totales-orden.tsx';

const STEP_WORDS: Record<OrderStep, { color: string; text: string }> = {
  pendiente: { color: 'yellow', text: 'Esperamos su pago. Cuando lo haga, repórtelo aquí para confirmarlo.' },
  'pago-por-confirmar': { color: 'blue', text: 'Recibimos el reporte de su pago y lo estamos confirmando.' },
  'pago-confirmado': { color: 'teal', text: 'Su pago está confirmado. Estamos preparando su pedido.' },
  'inventario-confirmado': { color: 'teal', text: 'Su pedido está listo y pronto saldrá hacia usted.' },
  despachada: { color: 'green', text: 'Su pedido va en camino.' },
  entregada: { color: 'green', text: 'Su pedido fue entregado. ¡Gracias por su compra!' },
  anulada: { color: 'gray', text: 'Esta orden fue anulada y no se cobrará.' },
};

export function stepWords(step: string): { label: string; color: string; text: string } {
  if (!isOrderStep(step)) return { label: step, color: 'gray', text: '' };
  return { label: ORDER_STEP_LABELS[step], ...STEP_WORDS[step] };
}

export function EstadoBadge({ step }: { step: string }) {
  const words = stepWords(step);
  return (
    <Badge color={words.color} variant="light" size="lg" data-testid="paso-actual" data-paso={step}>
      {words.label}
    </Badge>
  );
}

/** `children`: what the shopper can do now (report the payment), right under where the order stands. */
export function CompraVista({ detail, children }: { detail: OrdenDetalle; children?: ReactNode }) {
  const { order, details } = detail;
  const words = stepWords(order.step);
  const d = order.delivery;
  const pickup = d.shipping === 'retiro-en-tienda';
  const envio = envioDeOrden(d);
  return (
    <Stack gap="md">
      <Card withBorder padding="md" data-testid="estado-compra">
        <Text>{words.text}</Text>
        {order.trackingNumber && <NumeroGuia number={order.trackingNumber} agency={d.agency} testId="numero-guia-actual" />}
        {order.step === 'pendiente' && order.expiresAt && (
          <Text size="sm" c="dimmed" mt={4}>
            Si no se paga antes del {formatDateTime(order.expiresAt)}, la orden se anula.
          </Text>
        )}
      </Card>
      <DocumentoOrden document={order.document} />
      {children}

      <Stack gap="xs" component="section" aria-labelledby="articulos-compra">
        <Title order={2} size="h4" id="articulos-compra">
          Lo que compró
        </Title>
        {details.map((line) => {
          // At its price before the order's discounts: the lines add up to the «Artículos» row of the totals.
          const lineTotal = fromCents(lineBeforeDiscounts(line));
          return (
            <Card key={`${line.articleCode}-${line.tiendaId}`} withBorder padding="sm" data-testid={`linea-${line.articleCode}`}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Image
                  src={line.model ? modelImageUrl(line.model, 320) : IMAGE_DEFAULT}
                  alt=""
                  w={72}
                  h={90}
                  radius="sm"
                  fit="cover"
                  {...imageFallback}
                />
                {/* The amount sits under the name, not beside it: beside it, a long name or a large amount in
                    bolívares squeezed the name's column and its words reached past a 360 px screen. */}
                <Stack gap={2} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text fw={600} size="sm">
                    {line.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[line.color && `Color: ${line.color}`, line.size && `Talla: ${line.size}`].filter(Boolean).join(' · ')}
                  </Text>
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Text size="sm">
                      {line.quantity === 1 ? '1 unidad' : `${line.quantity} unidades`} ×{' '}
                      {montoOrden(fromCents(lineBeforeDiscounts({ ...line, quantity: 1 })), order.rate).usd}
                    </Text>
                    <MontoOrden usd={lineTotal} rate={order.rate} />
                  </Group>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="md" component="section" aria-labelledby="totales-compra">
          <Title order={2} size="h4" id="totales-compra" mb="xs">
            Totales
          </Title>
          <Stack gap={6}>
            <TotalesOrden order={order} delivery={d} />
            <Text size="xs" c="dimmed">
              En bolívares a la tasa del día de la compra. Pago con{' '}
              {PAYMENT_METHODS[order.paymentMethod as PaymentMethodId]?.label ?? order.paymentMethod}.
            </Text>
          </Stack>
        </Card>
        <Card withBorder padding="md" component="section" aria-labelledby="entrega-compra">
          <Title order={2} size="h4" id="entrega-compra" mb="xs">
            Entrega
          </Title>
          <Stack gap={4}>
            {pickup ? (
              <Text size="sm">Retiro en la tienda {d.pickupStore ?? ''}</Text>
            ) : (
              <>
                <Text size="sm">
                  {d.shipping === 'retiro-en-agencia' ? 'Retiro en la agencia' : 'Envío a la dirección'}{' '}
                  {SHIPPING_AGENCY_LABELS[d.agency as ShippingAgencyId] ?? d.agency}
                </Text>
                <Text size="sm">{`${d.address}, ${d.city}, ${d.state}`}</Text>
                {envio.estimate && <Text size="sm">Tiempo estimado: {envio.estimate}</Text>}
              </>
            )}
            <Text size="sm">Recibe: {d.contact}</Text>
            <Text size="sm" c="dimmed">
              Orden del {formatDate(order.createdAt)}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** The shopper's orders as cards: code, date, status in words and total. */
export function ComprasLista({ items, hrefFor }: { items: OrdenFila[]; hrefFor: (code: string) => string }) {
  return (
    <Stack gap="xs" data-testid="lista-compras">
      {items.map((order) => {
        const words = stepWords(order.step);
        return (
          <Card key={order.id} withBorder padding="sm" data-testid={`compra-${order.code}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Anchor component={Link} to={hrefFor(order.code)} fw={700}>
                  {order.code}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {formatDate(order.createdAt)}
                </Text>
                <Badge color={words.color} variant="light">
                  {words.label}
                </Badge>
              </Stack>
              <MontoOrden usd={order.total} rate={order.rate} />
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
