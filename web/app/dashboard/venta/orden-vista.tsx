// Purchase-order pieces shared by the back office (venta) and the customer's "Mis compras":
// the list (table on wide screens, cards on phones) and the read-only parts of the detail.

import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { bankByCode } from '#domain/banks.ts';
import type { OrdenDetalle, OrdenFila } from '#domain/contracts/orden-compra.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { formatRatePerUsd, formatUsd, formatVes, fromCents, toCents } from '#domain/money.ts';
import { isOrderStep, ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import {
  PAY_SHIPPING_LABELS,
  PAYMENT_METHODS,
  type PaymentMethodId,
  type PayShippingId,
  SHIPPING_AGENCY_LABELS,
  type ShippingAgencyId,
} from '#domain/store-constants.ts';
import { MontoOrden, montoOrden } from '#web/components/monto-orden.tsx';
import { SaldoPendiente } from '#web/components/saldo-orden.tsx';
import { discountRows, envioDeOrden } from '#web/components/totales-orden.tsx';
import { PagosEnLinea } from './pagos-en-linea.tsx';

const STEP_COLORS: Record<OrderStep, string> = {
  pendiente: 'yellow',
  'pago-por-confirmar': 'orange',
  'pago-confirmado': 'blue',
  'inventario-confirmado': 'indigo',
  despachada: 'violet',
  entregada: 'green',
  anulada: 'gray',
};

const PAYMENT_STATUS: Record<string, { label: string; color: string }> = {
  reportado: { label: 'Por confirmar', color: 'orange' },
  aprobado: { label: 'Aprobado', color: 'green' },
  rechazado: { label: 'Rechazado', color: 'red' },
};

const SHIPPING_LABELS: Record<string, string> = {
  envio: 'Envío a la dirección',
  'retiro-en-agencia': 'Retiro en la agencia',
  'retiro-en-tienda': 'Retiro en tienda',
  'por-acordar': 'Por acordar por WhatsApp',
};

export function stepLabel(step: string): string {
  return isOrderStep(step) ? ORDER_STEP_LABELS[step] : step;
}

export function methodLabel(method: string): string {
  return PAYMENT_METHODS[method as PaymentMethodId]?.label ?? method;
}

export function PasoBadge({ step, testId }: { step: string; testId?: string }) {
  return (
    <Badge color={isOrderStep(step) ? STEP_COLORS[step] : 'gray'} variant="light" data-testid={testId} data-paso={step}>
      {stepLabel(step)}
    </Badge>
  );
}

/** «WhatsApp»: the order came from «Pedir por WhatsApp» (decision 0033); nothing for the checkout's. */
export function OrigenBadge({ origen, code }: { origen: string; code: string }) {
  if (origen !== 'whatsapp') return null;
  return (
    <Badge color="green" variant="light" data-testid={`origen-${code}`}>
      WhatsApp
    </Badge>
  );
}

/** A checkbox per order that `puede` allows, submitted with the form whose id is `form`. */
export type Seleccion = { form: string; puede: (orden: OrdenFila) => boolean };

/** Wide screens: a table; phones (under 576 px): one card per order, no sideways scrolling. */
export function OrdenesLista({
  items,
  hrefFor,
  seleccion,
}: {
  items: OrdenFila[];
  hrefFor: (code: string) => string;
  seleccion?: Seleccion;
}) {
  return (
    <>
      <Table striped highlightOnHover withTableBorder visibleFrom="sm" data-testid="tabla-ordenes">
        <Table.Thead>
          <Table.Tr>
            {seleccion && (
              <Table.Th w={40}>
                <VisuallyHidden>Elegir</VisuallyHidden>
              </Table.Th>
            )}
            <Table.Th>Código</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Comprador</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Pago</Table.Th>
            <Table.Th>Paso</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => (
            <Table.Tr key={o.id} data-testid={`orden-${o.code}`}>
              {seleccion && (
                <Table.Td>
                  {seleccion.puede(o) && (
                    <Checkbox
                      name="code"
                      value={o.code}
                      form={seleccion.form}
                      aria-label={`Elegir la orden ${o.code}`}
                      data-testid={`elegir-${o.code}`}
                    />
                  )}
                </Table.Td>
              )}
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={hrefFor(o.code)} fw={600}>
                    {o.code}
                  </Anchor>
                  <OrigenBadge origen={o.origen} code={o.code} />
                </Group>
              </Table.Td>
              <Table.Td>{formatDate(o.createdAt)}</Table.Td>
              <Table.Td>
                <Text size="sm">{o.buyer}</Text>
                <Text size="xs" c="dimmed">
                  {o.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <MontoOrden usd={o.total} rate={o.rate} />
              </Table.Td>
              <Table.Td>{methodLabel(o.paymentMethod)}</Table.Td>
              <Table.Td>
                <PasoBadge step={o.step} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="sm" hiddenFrom="sm" data-testid="tarjetas-ordenes">
        {items.map((o) => {
          const monto = montoOrden(o.total, o.rate);
          return (
            <Card key={o.id} withBorder padding="sm" component={Link} to={hrefFor(o.code)} data-testid={`tarjeta-${o.code}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700}>{o.code}</Text>
                <PasoBadge step={o.step} />
              </Group>
              {/* The origin beside the buyer, not the code: on a 360 px card three pieces on one line were cut. */}
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>
                  {o.buyer}
                </Text>
                <OrigenBadge origen={o.origen} code={o.code} />
              </Group>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {formatDate(o.createdAt)} · {methodLabel(o.paymentMethod)}
                </Text>
                <Text size="sm" fw={600}>
                  {monto.usd}{' '}
                  <Text span size="xs" c="dimmed">
                    ({monto.ves})
                  </Text>
                </Text>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </>
  );
}

function Dato({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function Seccion({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * Order data, buyer, delivery, lines, totals, payments and history; `staff` adds who moved each step,
 * `verComprobantes` the link to the buyer's receipt (only for the roles the server lets open it).
 */
export function OrdenDetalleVista({
  detail,
  staff,
  verComprobantes = false,
}: {
  detail: OrdenDetalle;
  staff: boolean;
  verComprobantes?: boolean;
}) {
  const { order, details, payments, history } = detail;
  const rate = order.rate;
  const d = order.delivery;
  const envio = envioDeOrden(d);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Seccion title="Orden" testId="seccion-orden">
          <Stack gap="xs">
            <Dato label="Fecha">{formatDateTime(order.createdAt)}</Dato>
            <Dato label="Método de pago">{methodLabel(order.paymentMethod)}</Dato>
            {order.origen === 'whatsapp' && <Dato label="Pedido por">WhatsApp</Dato>}
            <Dato label="Tasa de la orden">{formatRatePerUsd(rate)}</Dato>
            <Dato label="Número de guía">
              <span data-testid="numero-guia-actual">{order.trackingNumber ?? '—'}</span>
            </Dato>
            {order.step === 'pendiente' && order.expiresAt && <Dato label="Vence si no se paga">{formatDateTime(order.expiresAt)}</Dato>}
            {staff && order.clientIp && <Dato label="Registrada desde la dirección">{order.clientIp}</Dato>}
            {order.comment && <Dato label="Comentario">{order.comment}</Dato>}
            {detail.salesman && (
              <Dato label="Vendedor">
                <span data-testid="vendedor-orden">{`${detail.salesman.name} (${detail.salesman.code})`}</span>
              </Dato>
            )}
            {staff && (detail.inCharge || !detail.salesman) && (
              <Dato label="Encargado de ventas">
                <span data-testid="encargado-ventas">{detail.inCharge ? personName(detail.inCharge) : 'Sin asignar'}</span>
              </Dato>
            )}
          </Stack>
        </Seccion>
        <Seccion title="Comprador" testId="seccion-comprador">
          <Stack gap="xs">
            <Dato label="Nombre">{order.buyer.fullName}</Dato>
            <Dato label="Cédula o RIF">{order.buyer.dni}</Dato>
            <Dato label="Correo">{order.buyer.email}</Dato>
            <Dato label="Teléfono">{order.buyer.phone}</Dato>
            <Dato label="Dirección">{`${order.buyer.address}, ${order.buyer.city}, ${order.buyer.state}`}</Dato>
          </Stack>
        </Seccion>
        <Seccion title="Entrega" testId="seccion-entrega">
          <Stack gap="xs">
            <Dato label="Modalidad">{SHIPPING_LABELS[d.shipping] ?? d.shipping}</Dato>
            {d.pickupStore ? (
              <Dato label="Tienda de retiro">
                <span data-testid="tienda-de-retiro">{d.pickupStore}</span>
              </Dato>
            ) : (
              <>
                <Dato label="Agencia">{SHIPPING_AGENCY_LABELS[d.agency as ShippingAgencyId] ?? d.agency}</Dato>
                <Dato label="Paga el envío">{PAY_SHIPPING_LABELS[d.payShipping as PayShippingId] ?? d.payShipping}</Dato>
                <Dato label="Costo del envío">
                  <span data-testid="costo-envio">{envio.instead ?? montoOrden(order.shippingCost, rate).usd}</span>
                </Dato>
                {envio.estimate && <Dato label="Tiempo estimado">{envio.estimate}</Dato>}
              </>
            )}
            <Dato label="Recibe">{`${d.contact} · ${d.dni} · ${d.phone}`}</Dato>
            <Dato label="Dirección">{`${d.address}, ${d.city}, ${d.state}`}</Dato>
          </Stack>
        </Seccion>
      </SimpleGrid>

      <Seccion title="Artículos" testId="seccion-lineas">
        <Table striped withTableBorder visibleFrom="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Artículo</Table.Th>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Color</Table.Th>
              <Table.Th>Talla</Table.Th>
              <Table.Th>Tienda</Table.Th>
              <Table.Th ta="right">Cant.</Table.Th>
              <Table.Th ta="right">Precio</Table.Th>
              <Table.Th ta="right">Descuento</Table.Th>
              <Table.Th ta="right">Neto</Table.Th>
              <Table.Th ta="right">IVA</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {details.map((l, i) => (
              <Table.Tr key={`${l.articleCode}-${i}`}>
                <Table.Td>{l.articleCode}</Table.Td>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{l.color ?? '—'}</Table.Td>
                <Table.Td>{l.size ?? '—'}</Table.Td>
                <Table.Td>{l.store}</Table.Td>
                <Table.Td ta="right">{l.quantity}</Table.Td>
                <Table.Td>
                  <MontoOrden usd={unitPrice(l.price, l.promotion)} rate={rate} fw={400} />
                </Table.Td>
                <Table.Td data-testid={`descuento-linea-${i}`}>
                  <MontoOrden usd={lineReduction(l)} rate={rate} fw={400} />
                  {l.discountName && (
                    <Text size="xs" c="dimmed" ta="right">
                      {l.discountName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <MontoOrden usd={l.net} rate={rate} fw={400} />
                </Table.Td>
                <Table.Td>
                  <MontoOrden usd={l.iva} rate={rate} fw={400} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap="xs" hiddenFrom="md">
          {details.map((l, i) => (
            <Card key={`${l.articleCode}-${i}`} withBorder padding="xs">
              <Text fw={600} size="sm">
                {l.name}
              </Text>
              <Text size="xs" c="dimmed">
                {l.articleCode} · {l.color ?? '—'} · Talla {l.size ?? '—'} · {l.store}
              </Text>
              <Text size="sm">
                {l.quantity} × {montoOrden(unitPrice(l.price, l.promotion), rate).usd}
                {toCents(lineReduction(l)) > 0 ? ` − ${montoOrden(lineReduction(l), rate).usd}` : ''} = {montoOrden(l.net, rate).usd} + IVA{' '}
                {montoOrden(l.iva, rate).usd}
              </Text>
              {l.discountName && (
                <Text size="xs" c="dimmed">
                  {l.discountName}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
        <Stack gap={4} mt="md" align="flex-end" data-testid="totales-orden">
          {discountRows(order).map((row) => (
            <Total key={row.testId} label={row.label} usd={`-${row.usd}`} rate={rate} />
          ))}
          <Total label="Subtotal" usd={order.subtotal} rate={rate} />
          <Total label="IVA (16 %)" usd={order.iva} rate={rate} />
          {toCents(order.shippingCost) > 0 && <Total label={envio.label} usd={order.shippingCost} rate={rate} />}
          {Number(order.commission) > 0 && <Total label="Comisión de la plataforma" usd={order.commission} rate={rate} />}
          {toCents(order.igtf) > 0 && (
            <Total
              label={`IGTF (${(order.igtfBasisPoints / 100).toLocaleString('es-VE')} %, pago en divisas)`}
              usd={order.igtf}
              rate={rate}
            />
          )}
          <Total label="Total" usd={order.total} rate={rate} strong />
        </Stack>
      </Seccion>

      <Seccion title="Pagos reportados" testId="seccion-pagos">
        <SaldoPendiente saldo={detail.paymentBalance} />
        {payments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No se ha reportado ningún pago.
          </Text>
        ) : (
          <Stack gap="xs">
            {payments.map((p) => {
              const status = PAYMENT_STATUS[p.status] ?? { label: p.status, color: 'gray' };
              return (
                <Card key={p.id} withBorder padding="xs" data-testid={`pago-${p.reference}`}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={600} size="sm">
                      {methodLabel(p.method)}
                      {p.bankCode ? ` · ${bankByCode(p.bankCode)?.name ?? p.bankCode}` : ''}
                    </Text>
                    <Group gap={6}>
                      {staff && p.amountDiffers && (
                        <Badge color="red" variant="filled" data-testid={`monto-distinto-${p.reference}`}>
                          Monto distinto
                        </Badge>
                      )}
                      <Badge color={status.color} variant="light">
                        {status.label}
                      </Badge>
                    </Group>
                  </Group>
                  <Text size="sm">
                    Referencia {p.reference} · {paidAmount(p.method, p.amount)} · pagado el {p.date ? formatDate(p.date) : '—'}
                  </Text>
                  {staff && p.amountDiffers && p.expectedAmount && (
                    <Text size="sm" c="red.8" fw={600}>
                      Reportó {paidAmount(p.method, p.amount)}, pero la orden pide{' '}
                      {p.currency === 'VES' ? formatVes(toCents(p.expectedAmount)) : formatUsd(toCents(p.expectedAmount))} con este método.
                      Revise el monto antes de aprobar.
                    </Text>
                  )}
                  {verComprobantes && p.receipt && (
                    <Anchor
                      href={`/api/orden-compra/pagos/${p.id}/comprobante`}
                      target="_blank"
                      rel="noopener"
                      size="sm"
                      fw={600}
                      data-testid={`comprobante-${p.reference}`}
                    >
                      Ver el comprobante que adjuntó el comprador
                    </Anchor>
                  )}
                  <Text size="xs" c="dimmed">
                    Reportado el {formatDateTime(p.reportedAt)}
                  </Text>
                </Card>
              );
            })}
          </Stack>
        )}
      </Seccion>

      {staff && detail.onlinePayments && detail.onlinePayments.length > 0 && (
        <Seccion title="Pagos en línea" testId="seccion-pagos-en-linea">
          <PagosEnLinea payments={detail.onlinePayments} />
        </Seccion>
      )}

      <Seccion title="Historial" testId="seccion-historial">
        <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
          {history.map((h, i) => (
            <Timeline.Item key={`${h.at}-${i}`} title={h.from === h.to ? `${stepLabel(h.to)} (sin cambio de paso)` : stepLabel(h.to)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(h.at)}
                {staff ? ` · ${h.by ?? 'Comprador o sistema'}` : ''}
              </Text>
              {h.note && <Text size="sm">{h.note}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Seccion>
    </Stack>
  );
}

function personName(user: { nickname: string; fullName: string; email: string }): string {
  return `${user.fullName || user.nickname} · ${user.email}`;
}

/** Bank payments (Pago móvil, transferencia) are reported in bolívares, the rest in dollars. */
function paidAmount(method: string, amount: string): string {
  const cents = toCents(amount);
  return PAYMENT_METHODS[method as PaymentMethodId]?.needsBank ? formatVes(cents) : formatUsd(cents);
}

function unitPrice(price: string, promotion: string): string {
  return fromCents(toCents(price) - toCents(promotion));
}

/** Everything a line lost after its promotion: its discount and its shares of the coupon and the payment discount. */
function lineReduction(l: { discount: string; couponDiscount: string; paymentDiscount: string }): string {
  return fromCents(toCents(l.discount) + toCents(l.couponDiscount) + toCents(l.paymentDiscount));
}

function Total({ label, usd, rate, strong = false }: { label: string; usd: string; rate: string; strong?: boolean }) {
  const monto = montoOrden(usd, rate);
  return (
    <Group gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} ta="right" miw={110} data-testid={strong ? 'total-orden' : undefined}>
        {monto.usd}
        <Text span display="block" size="xs" c="dimmed">
          {monto.ves}
        </Text>
      </Text>
    </Group>
  );
}

/**
 * The confirmation before cancelling (one order or the marked ones): says what happens to the
 * stock, asks for a reason and submits its form only when confirmed.
 */
export function ConfirmarAnulacion({
  opened,
  onClose,
  title,
  text,
  formId,
  testIds,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  formId?: string;
  testIds: { note: string; confirm: string };
  children?: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Form method="post" id={formId} onSubmit={onClose}>
        {children}
        <Text size="sm" mb="sm">
          {text} Esta acción no se puede deshacer.
        </Text>
        <Textarea name="note" label="Motivo" maxLength={300} autosize minRows={2} data-testid={testIds.note} />
        <Group justify="end" mt="md">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button type="submit" color="red" data-testid={testIds.confirm}>
            Sí, anular y liberar
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}
