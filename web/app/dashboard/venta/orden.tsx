// /dashboard/venta/:codigo (staff): one purchase order and the step actions this user may take now.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { igtfOfOrder } from '#domain/checkout.ts';
import type { ApiResponse } from '#domain/contracts/api-client.ts';
import * as contract from '#domain/contracts/orden-compra.ts';
import { reembolsarPago, resolverReembolso } from '#domain/contracts/pagos-en-linea.ts';
import { formatDateTime } from '#domain/dates.ts';
import { formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';
import { canSetTrackingNumber, mayPerform, nextStepFor, type OrderAction, type OrderStep } from '#domain/order-steps.ts';
import { deudaDeOrden, liquidarOrden, netoRecibido } from '#domain/pago-orden.ts';
import { CREDIT_SALE_ROLES, hasAnyRole, PAYMENT_CHECK_ROLES, ROLES } from '#domain/roles.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/orden';
import { ConfirmarAnulacion, OrdenDetalleVista, OrigenBadge, PasoBadge, stepLabel } from './orden-vista.tsx';

const CODE = /^OC-\d{6,}$/;

function orderCode(param: string | undefined): string {
  const code = (param ?? '').toUpperCase();
  if (!CODE.test(code)) throw data({ message: 'No encontramos esa orden de compra.' }, { status: 404 });
  return code;
}

type Accion =
  | 'confirmar-pago'
  | 'confirmar-inventario'
  | 'despachar'
  | 'numero-guia'
  | 'entregada'
  | 'anular'
  | 'a-credito'
  | 'reembolsar'
  | 'resolver-reembolso';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireRole(request, context.api, ROLES);
  const code = orderCode(params.codigo);
  const detail = unwrap(await context.api.call(contract.detalle, { code }));
  const step = detail.order.step as OrderStep;
  const actor = { roles: user.roles, loggedIn: true, isBuyer: false };
  const allowed = (action: OrderAction) => mayPerform(action, actor) && nextStepFor(action, step).ok;
  // The tracking number goes with the dispatch form before dispatching; afterwards on its own.
  const acciones: Record<Accion, boolean> = {
    'confirmar-pago': allowed('confirmar-pago'),
    'confirmar-inventario': allowed('confirmar-inventario'),
    despachar: allowed('despachar'),
    'numero-guia': mayPerform('numero-guia', actor) && canSetTrackingNumber(step).ok && step === 'despachada',
    entregada: allowed('entregada'),
    anular: allowed('anular'),
    // docs/decisions/0004: only a pending order with "pago pendiente", once.
    'a-credito':
      hasAnyRole(user.roles, CREDIT_SALE_ROLES) &&
      step === 'pendiente' &&
      detail.order.paymentMethod === 'pago-pendiente' &&
      detail.credit === false,
    // A payment captured online by the store (docs/decisions/0035, 0036): the server says what is left of it.
    reembolsar: hasAnyRole(user.roles, ['admin', 'administracion']) && (detail.onlinePayments ?? []).some((p) => p.status === 'capturado'),
    // A refund the provider never confirmed: staff close it once they looked at the provider's panel.
    'resolver-reembolso':
      hasAnyRole(user.roles, ['admin', 'administracion']) && (detail.onlinePayments ?? []).some((p) => p.refundsToReview.length > 0),
  };
  // A new key on every load: a double submit of this form is one refund; the next refund, after
  // the page reloads with what was refunded, is a new one.
  return { detail, acciones, verComprobantes: hasAnyRole(user.roles, PAYMENT_CHECK_ROLES), refundKey: crypto.randomUUID() };
}

const DONE: Record<Accion, string> = {
  'confirmar-pago': 'Pago aprobado.',
  'confirmar-inventario': 'Inventario confirmado.',
  despachar: 'Orden despachada.',
  'numero-guia': 'Número de guía guardado.',
  entregada: 'Orden marcada como entregada.',
  anular: 'Orden anulada; su existencia quedó libre.',
  'a-credito': 'Venta a crédito aprobada; la orden ya no vence sin pago.',
  reembolsar: 'Reembolso hecho.',
  'resolver-reembolso': 'Reembolso revisado.',
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const code = orderCode(params.codigo);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '') as Accion;
  const note = String(form.get('note') ?? '').trim();
  const tracking = String(form.get('trackingNumber') ?? '').trim();
  const calls: Record<Accion, () => Promise<ApiResponse<{ step: string }>>> = {
    'confirmar-pago': () =>
      context.api.call(contract.confirmarPago, {
        code,
        approve: form.get('approve') === 'si',
        note,
        castigo: form.get('castigar') === 'si' ? String(form.get('castigo') ?? '').trim() : '',
        excedente: form.get('excedente') === 'vuelto' ? 'vuelto' : 'saldo-a-favor',
      }),
    'confirmar-inventario': () => context.api.call(contract.confirmarInventario, { code }),
    despachar: () => context.api.call(contract.despachar, { code, trackingNumber: tracking || undefined }),
    'numero-guia': () => context.api.call(contract.numeroGuia, { code, trackingNumber: tracking }),
    entregada: () => context.api.call(contract.entregada, { code }),
    anular: () => context.api.call(contract.anular, { code, note }),
    'a-credito': () => context.api.call(contract.aCredito, { code, note }),
    reembolsar: () => {
      const amount = String(form.get('amount') ?? '').trim();
      const body = { code, note, anular: form.get('anular') === 'si', ...(amount ? { amount } : {}) };
      return context.api.call(reembolsarPago, body, { headers: { 'idempotency-key': String(form.get('refundKey') ?? '') } });
    },
    'resolver-reembolso': () => {
      const made = form.get('made') === 'si';
      // The provider's id only goes with «Se hizo»: a stray one must not block «No se hizo».
      const providerRefundId = made ? String(form.get('providerRefundId') ?? '').trim() : '';
      return context.api.call(resolverReembolso, {
        code,
        refund: Number(form.get('refund')),
        made,
        note,
        ...(providerRefundId ? { providerRefundId } : {}),
      });
    },
  };
  if (!(intent in calls)) return data({ ok: null, intent, message: 'Acción desconocida.', errors: undefined }, { status: 400 });
  const response = await calls[intent]();
  if (!response.body.success) {
    // An answer with an error does not reload the page: a refund tried again must carry a new key.
    const refundKey = intent === 'reembolsar' ? crypto.randomUUID() : undefined;
    return data({ ok: null, intent, refundKey, ...formErrors(response) }, { status: response.status });
  }
  const rejected = intent === 'confirmar-pago' && form.get('approve') !== 'si';
  const done = rejected ? 'Pago rechazado.' : DONE[intent];
  return { ok: `${done} La orden ${code} está en «${stepLabel(response.body.data.step)}».`, intent, message: undefined, errors: undefined };
}

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta(matches, `Orden ${(params.codigo ?? '').toUpperCase()}`);
}

export default function Orden({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, acciones, verComprobantes } = loaderData;
  const { order } = detail;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const [anularAbierto, anular] = useDisclosure(false);
  const [aprobarAbierto, aprobar] = useDisclosure(false);
  const hayAcciones = Object.values(acciones).some(Boolean);
  const trackingError = fieldError(actionData ?? undefined, 'trackingNumber');
  const noteError = fieldError(actionData ?? undefined, 'note');

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/venta" size="sm">
        ← Órdenes de compra
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Orden {order.code}</Title>
        <Group gap="xs">
          <OrigenBadge origen={order.origen} code={order.code} />
          {detail.credit && (
            <Badge color="grape" variant="light" data-testid="orden-a-credito">
              Venta a crédito
            </Badge>
          )}
          <PasoBadge step={order.step} testId="paso-actual" />
        </Group>
      </Group>

      {/* The action's answer arrives before the order is reloaded: shown once both agree. */}
      {actionData?.ok && navigation.state === 'idle' && (
        <Alert color="green" role="status" data-testid="accion-resultado">
          {actionData.ok}
        </Alert>
      )}
      {actionData?.message && (
        <Alert color="red" role="alert" data-testid="accion-error">
          {actionData.message}
        </Alert>
      )}

      {hayAcciones && (
        <Card withBorder padding="md" data-testid="acciones-orden">
          <Title order={2} size="h4" mb="sm">
            Acciones
          </Title>
          <Stack gap="md">
            {acciones['confirmar-pago'] && (
              <Form method="post" key={`pago-${order.step}`} id="form-pago">
                <input type="hidden" name="intent" value="confirmar-pago" />
                <NotaOpcional
                  label="Nota sobre el pago (opcional)"
                  error={actionData?.intent === 'confirmar-pago' ? noteError : undefined}
                  testId="nota-pago"
                />
                <Group mt="xs" gap="sm">
                  <Button
                    type="button"
                    color="green"
                    loading={busy('confirmar-pago')}
                    onClick={aprobar.open}
                    data-testid="accion-confirmar-pago"
                  >
                    Aprobar pago
                  </Button>
                  <Button type="submit" name="approve" value="no" color="red" variant="light" data-testid="accion-rechazar-pago">
                    Rechazar pago
                  </Button>
                </Group>
                <ConfirmarPago detail={detail} opened={aprobarAbierto} onClose={aprobar.close} />
              </Form>
            )}
            {acciones['a-credito'] && (
              <Form method="post">
                <input type="hidden" name="intent" value="a-credito" />
                <NotaOpcional
                  label="Nota de la venta a crédito (opcional)"
                  description="La orden dejará de vencer sin pago y aparecerá en Ventas a crédito con su saldo."
                  error={actionData?.intent === 'a-credito' ? noteError : undefined}
                  testId="nota-credito"
                />
                <Button type="submit" mt="xs" color="grape" loading={busy('a-credito')} data-testid="accion-a-credito">
                  Aprobar a crédito
                </Button>
              </Form>
            )}
            {acciones['confirmar-inventario'] && (
              <Form method="post">
                <input type="hidden" name="intent" value="confirmar-inventario" />
                <Button type="submit" loading={busy('confirmar-inventario')} data-testid="accion-confirmar-inventario">
                  Confirmar inventario
                </Button>
              </Form>
            )}
            {acciones.despachar && (
              <Form method="post">
                <input type="hidden" name="intent" value="despachar" />
                <Group align="end" gap="sm" wrap="wrap">
                  <TextInput
                    name="trackingNumber"
                    label="Número de guía (opcional)"
                    maxLength={40}
                    defaultValue={order.trackingNumber ?? ''}
                    error={actionData?.intent === 'despachar' ? trackingError : undefined}
                    data-testid="numero-guia"
                  />
                  <Button type="submit" loading={busy('despachar')} data-testid="accion-despachar">
                    Despachar
                  </Button>
                </Group>
              </Form>
            )}
            {acciones['numero-guia'] && (
              <Form method="post">
                <input type="hidden" name="intent" value="numero-guia" />
                <Group align="end" gap="sm" wrap="wrap">
                  <TextInput
                    name="trackingNumber"
                    label="Número de guía"
                    required
                    minLength={4}
                    maxLength={40}
                    defaultValue={order.trackingNumber ?? ''}
                    error={actionData?.intent === 'numero-guia' ? trackingError : undefined}
                    data-testid="numero-guia"
                  />
                  <Button type="submit" variant="light" loading={busy('numero-guia')} data-testid="accion-numero-guia">
                    Guardar guía
                  </Button>
                </Group>
              </Form>
            )}
            {acciones.reembolsar && (
              <Form method="post" data-testid="reembolso-paypal">
                <input type="hidden" name="intent" value="reembolsar" />
                <input
                  type="hidden"
                  name="refundKey"
                  value={(actionData && 'refundKey' in actionData && actionData.refundKey) || loaderData.refundKey}
                />
                <Stack gap="xs">
                  <CampoMonto
                    name="amount"
                    label={`Reembolsar en ${(detail.onlinePayments ?? []).some((p) => p.provider === 'stripe' && p.status === 'capturado') ? 'la tarjeta (Stripe)' : 'PayPal'} (USD)`}
                    description="Vacío: todo lo que queda del pago"
                    autoComplete="off"
                    error={actionData?.intent === 'reembolsar' ? fieldError(actionData ?? undefined, 'amount') : undefined}
                    data-testid="reembolso-monto"
                  />
                  <NotaOpcional label="Motivo (opcional)" testId="reembolso-nota" />
                  <Checkbox name="anular" value="si" label="Anular la orden y liberar su existencia" data-testid="reembolso-anular" />
                  <Group>
                    <Button type="submit" color="orange" loading={busy('reembolsar')} data-testid="accion-reembolsar">
                      Reembolsar
                    </Button>
                  </Group>
                </Stack>
              </Form>
            )}
            {acciones['resolver-reembolso'] &&
              (detail.onlinePayments ?? []).flatMap((p) =>
                p.refundsToReview.map((r) => (
                  <Form method="post" key={r.id} data-testid={`revisar-reembolso-${r.id}`}>
                    <input type="hidden" name="intent" value="resolver-reembolso" />
                    <input type="hidden" name="refund" value={r.id} />
                    <Stack gap="xs">
                      <Alert color="orange" title={`Reembolso por revisar: ${formatUsd(toCents(r.amount))}`}>
                        Pedido el {formatDateTime(r.createdAt)}; {p.provider === 'stripe' ? 'Stripe' : 'PayPal'} no lo confirmó. Búsquelo en
                        el panel del proveedor y diga si se hizo.
                      </Alert>
                      <TextInput
                        name="providerRefundId"
                        label="Id del reembolso en el proveedor (si se hizo)"
                        autoComplete="off"
                        error={
                          actionData?.intent === 'resolver-reembolso' ? fieldError(actionData ?? undefined, 'providerRefundId') : undefined
                        }
                      />
                      <NotaOpcional label="Nota (opcional)" testId={`revisar-nota-${r.id}`} />
                      <Group>
                        <Button type="submit" name="made" value="si" color="orange" loading={busy('resolver-reembolso')}>
                          Se hizo
                        </Button>
                        <Button type="submit" name="made" value="no" variant="outline" loading={busy('resolver-reembolso')}>
                          No se hizo
                        </Button>
                      </Group>
                    </Stack>
                  </Form>
                )),
              )}
            {acciones.entregada && (
              <Form method="post">
                <input type="hidden" name="intent" value="entregada" />
                <Button type="submit" color="green" loading={busy('entregada')} data-testid="accion-entregada">
                  Marcar como entregada
                </Button>
              </Form>
            )}
            {acciones.anular && (
              <div>
                <Button color="red" variant="outline" onClick={anular.open} data-testid="accion-anular">
                  Anular y liberar existencia
                </Button>
                <ConfirmarAnulacion
                  opened={anularAbierto}
                  onClose={anular.close}
                  title={`¿Anular la orden ${order.code}?`}
                  text="La orden pasará a «Anulada» y sus artículos volverán a estar disponibles."
                  testIds={{ note: 'nota-anular', confirm: 'confirmar-anular' }}
                >
                  <input type="hidden" name="intent" value="anular" />
                </ConfirmarAnulacion>
              </div>
            )}
          </Stack>
        </Card>
      )}

      <OrdenDetalleVista detail={detail} staff verComprobantes={verComprobantes} />
    </Stack>
  );
}

/**
 * A one-line note that grows as it is typed. `rows={1}` makes the server HTML as tall as the
 * client's first autosize measurement: without it the browser's default (2 rows) is shown until
 * hydration shrinks it, and the buttons below jump up under a click already aimed at them.
 */
function NotaOpcional({ label, description, error, testId }: { label: string; description?: string; error?: string; testId: string }) {
  return (
    <Textarea
      name="note"
      label={label}
      description={description}
      maxLength={300}
      autosize
      minRows={1}
      rows={1}
      error={error}
      data-testid={testId}
    />
  );
}

/**
 * «Aprobar pago» asks first, showing what approving books (domain/pago-orden.ts): what was
 * received in $ and Bs., and what is missing or left over. A short payment within the store's
 * tolerance may be written off with a reason; otherwise the order waits for the rest. The inputs
 * belong to the payment form (form="form-pago"): the modal is drawn outside it.
 */
function ConfirmarPago({
  detail,
  opened,
  onClose,
}: {
  detail: Route.ComponentProps['loaderData']['detail'];
  opened: boolean;
  onClose: () => void;
}) {
  const { order } = detail;
  const [castigar, setCastigar] = useState(false);
  const [excedente, setExcedente] = useState('saldo-a-favor');
  const received = netoRecibido(
    detail.payments.filter((p) => p.status === 'aprobado' || p.status === 'reportado'),
    order.rate,
    igtfOfOrder(order),
  );
  const toleranceCents = toCents(detail.writeOffTolerance ?? '0');
  const preview = liquidarOrden({ dueCents: deudaDeOrden(order), receivedCents: received, toleranceCents, writeOff: false });
  const l = preview.ok ? preview.value : null;
  const mayWriteOff = l?.kind === 'falta' && l.missingCents <= toleranceCents;
  const rows: [string, number][] = l
    ? [
        [toCents(order.igtf) > 0 ? 'Debe, antes del IGTF de los pagos' : 'Total de la orden', deudaDeOrden(order)],
        [toCents(order.igtf) > 0 ? 'Recibido, neto de IGTF' : 'Recibido', l.bookedCents],
        ...(l.kind === 'falta' ? ([['Falta', l.missingCents]] as [string, number][]) : []),
        ...(l.kind === 'exceso' ? ([['Sobra', l.excessCents]] as [string, number][]) : []),
      ]
    : [];
  return (
    <Modal opened={opened} onClose={onClose} title={`¿Aprobar el pago de la orden ${order.code}?`} centered>
      <Stack gap="sm" data-testid="confirmar-pago-efecto">
        <Table>
          <Table.Tbody>
            {rows.map(([label, cents]) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatUsd(cents)}
                  <br />
                  <Text span size="xs" c="dimmed">
                    {formatVes(usdToVesCents(cents, order.rate))}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm">
          {l?.kind === 'completo' && 'El pago cubre la orden: quedará pagada y se emitirá su factura.'}
          {l?.kind === 'exceso' &&
            (excedente === 'vuelto'
              ? 'La orden quedará pagada; lo que sobra se devuelve al cliente como vuelto y el pago cuenta solo lo que se queda.'
              : 'La orden quedará pagada y lo que sobra quedará como saldo a favor del cliente.')}
          {l?.kind === 'falta' &&
            (castigar
              ? 'La diferencia se castiga: la factura asienta lo recibido y la diferencia como descuento, con su motivo.'
              : 'Se asienta lo recibido y la orden vuelve a esperar el resto; al comprador se le dice lo que falta.')}
        </Text>
        {l?.kind === 'exceso' && !detail.credit && (
          <Radio.Group name="excedente" label="Lo que sobra" value={excedente} onChange={setExcedente} data-testid="excedente">
            <Stack gap={4} mt={4}>
              <Radio form="form-pago" value="saldo-a-favor" label="Queda como saldo a favor del cliente" />
              <Radio form="form-pago" value="vuelto" label="Se devuelve al cliente (vuelto por devolver)" />
            </Stack>
          </Radio.Group>
        )}
        {mayWriteOff && (
          <>
            <Checkbox
              form="form-pago"
              name="castigar"
              value="si"
              checked={castigar}
              onChange={(e) => setCastigar(e.currentTarget.checked)}
              label={`Castigar la diferencia (hasta ${formatUsd(toleranceCents)})`}
              data-testid="castigar-diferencia"
            />
            {castigar && (
              <TextInput
                form="form-pago"
                name="castigo"
                label="Motivo del castigo"
                required
                minLength={5}
                maxLength={300}
                data-testid="motivo-castigo"
              />
            )}
          </>
        )}
        {l?.kind === 'falta' && !mayWriteOff && toleranceCents > 0 && (
          <Text size="xs" c="dimmed">
            La diferencia pasa de la tolerancia para castigar ({formatUsd(toleranceCents)}).
          </Text>
        )}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button type="submit" form="form-pago" name="approve" value="si" color="green" data-testid="confirmar-aprobar-pago">
            Sí, aprobar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
