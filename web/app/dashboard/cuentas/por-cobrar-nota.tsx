// /dashboard/cuentas/por-cobrar/:numero: one nota de entrega (or factura) with its lines, abonos
// and returns; register an abono (admin, administración, vendedor-admin); approve or reject a
// pending one, apply a discount, give units back (admin, administración). Every abono says who
// registered it and who approved or rejected it, and when. Works without JavaScript.

import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import type { ApiResponse } from '#domain/contracts/api-client.ts';
import {
  type AbonoView,
  aplicarDescuento,
  aprobarAbono,
  buscarFacturas,
  buscarNotaEntrega,
  devolver,
  obtenerTasa,
  registrarAbono,
  verAbonos,
} from '#domain/contracts/mayor-cuentas.ts';
import { caracasIsoDate, formatDate, formatDateTime } from '#domain/dates.ts';
import { formatRate, formatRatePerUsd, formatVes, toCents } from '#domain/money.ts';
import { SALE_KIND_LABELS, SALE_PAYMENT_METHOD_IDS, SALE_PAYMENT_METHODS } from '#domain/ventas.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { montoOrden } from '#web/components/monto-orden.tsx';
import { formInput, orFallback, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/por-cobrar-nota';
import { Antiguedad, COBROS_ROLES, EstadoPago, mayReview, PasoAbono, tasaDeHoyTexto, usd } from './cobros-comun.tsx';

const NUMBER = /^(NE|F)-[A-Z0-9]{1,10}-\d{6,10}$/;

function numberOf(param: string | undefined): string {
  const number = (param ?? '').trim().toUpperCase();
  if (!NUMBER.test(number)) throw data({ message: 'No encontramos ese documento.' }, { status: 404 });
  return number;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireRole(request, context.api, COBROS_ROLES);
  const number = numberOf(params.numero);
  const hits = unwrap(await context.api.call(number.startsWith('F-') ? buscarFacturas : buscarNotaEntrega, { search: number }));
  const hit = hits.find((h) => h.number === number);
  if (!hit) throw data({ message: 'No encontramos ese documento.' }, { status: 404 });
  const [detail, tasa] = await Promise.all([
    context.api.call(verAbonos, { client: String(hit.client.id), deliveryNote: number }).then(unwrap),
    context.api.call(obtenerTasa, {}).then((r) => orFallback(r, { currency: 'USD', amount: '1', date: null })),
  ]);
  return { detail, tasa, review: mayReview(user.roles), today: caracasIsoDate(new Date()) };
}

type Intent = 'abono' | 'revisar' | 'descuento' | 'devolver';

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireRole(request, context.api, COBROS_ROLES);
  const deliveryNote = numberOf(params.numero);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '').trim();
  const intent = field('intent') as Intent;
  const calls: Record<Intent, () => Promise<ApiResponse<unknown>>> = {
    abono: () =>
      context.api.call(
        registrarAbono,
        formInput(registrarAbono, {
          deliveryNote,
          method: field('method'),
          amount: field('amount'),
          reference: field('reference'),
          ...(field('bankCode') ? { bankCode: field('bankCode') } : {}),
          ...(field('paidOn') ? { paidOn: field('paidOn') } : {}),
          note: field('note'),
        }),
      ),
    revisar: () => context.api.call(aprobarAbono, formInput(aprobarAbono, { id: Number(field('id')), step: field('step') })),
    descuento: () =>
      context.api.call(aplicarDescuento, formInput(aplicarDescuento, { deliveryNote, amount: field('amount'), note: field('note') })),
    devolver: () =>
      context.api.call(
        devolver,
        formInput(devolver, { deliveryNote, lineId: Number(field('lineId')), quantity: Number(field('quantity')), note: field('note') }),
      ),
  };
  if (!(intent in calls)) return data({ ok: null, intent, message: 'Acción desconocida.', errors: undefined }, { status: 400 });
  const response = await calls[intent]();
  if (!response.body.success) return data({ ok: null, intent, ...formErrors(response) }, { status: response.status });
  const done: Record<Intent, string> = {
    abono: 'Abono registrado: queda pendiente de aprobación.',
    revisar: field('step') === 'aprobado' ? 'Abono aprobado.' : 'Abono rechazado: su monto volvió al saldo.',
    descuento: 'Descuento aplicado.',
    devolver: 'Devolución registrada: las unidades volvieron a su tienda.',
  };
  return { ok: done[intent], intent, message: undefined, errors: undefined };
}

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta(matches, `Cuenta ${(params.numero ?? '').toUpperCase()}`);
}

function QuienYCuando({ a }: { a: AbonoView }) {
  return (
    <Stack gap={0}>
      <Text size="xs">
        Registró {a.registeredBy ?? 'alguien que ya no está'} el {formatDateTime(a.registeredAt)}
      </Text>
      {a.step !== 'pendiente' && a.updatedAt && (
        <Text size="xs" c={a.step === 'rechazado' ? 'red' : 'green'} data-testid={`revision-${a.id}`}>
          {a.step === 'aprobado' ? 'Aprobó' : 'Rechazó'} {a.updatedBy ?? 'alguien que ya no está'} el {formatDateTime(a.updatedAt)}
        </Text>
      )}
    </Stack>
  );
}

function Revisar({ a, busy }: { a: AbonoView; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="revisar" />
      <input type="hidden" name="id" value={a.id} />
      <Group gap="xs" wrap="wrap">
        <Button type="submit" name="step" value="aprobado" size="compact-sm" color="green" loading={busy} data-testid={`aprobar-${a.id}`}>
          Aprobar
        </Button>
        <Button
          type="submit"
          name="step"
          value="rechazado"
          size="compact-sm"
          color="red"
          variant="light"
          loading={busy}
          data-testid={`rechazar-${a.id}`}
        >
          Rechazar
        </Button>
      </Group>
    </Form>
  );
}

function metodo(a: AbonoView): string {
  if (a.reference === 'descuento') return 'Descuento';
  return SALE_PAYMENT_METHODS[a.method as keyof typeof SALE_PAYMENT_METHODS]?.label ?? a.method;
}

export default function NotaPorCobrar({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, tasa, review, today } = loaderData;
  const { bill, lines, abonos, devoluciones } = detail;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const err = (intent: Intent, name: string) => (actionData?.intent === intent ? fieldError(actionData ?? undefined, name) : undefined);
  const nota = bill.kind === 'nota-entrega';
  const debe = Number(bill.outstandingBalance) > 0;
  return (
    <Stack gap="md">
      <Group gap="md">
        <Anchor component={Link} to="/dashboard/cuentas/por-cobrar" size="sm">
          ← Cuentas por cobrar
        </Anchor>
        <Anchor component={Link} to={`/dashboard/cuentas/por-cobrar/cliente/${bill.client.id}`} size="sm" data-testid="ver-estado-cuenta">
          Estado de cuenta de {bill.client.name}
        </Anchor>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          {SALE_KIND_LABELS[bill.kind]} {bill.number}
        </Title>
        <Group gap="xs">
          <EstadoPago status={bill.paymentStatus} />
          {nota && debe && <Antiguedad aging={bill.aging} days={bill.daysOverdue} />}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {bill.client.name} ({bill.client.dni}) · {bill.store.name}
        {bill.seller ? ` · vendedor ${bill.seller}` : ''} · {formatDate(bill.createdAt)}
        {bill.dueDate ? ` · vence el ${formatDate(`${bill.dueDate}T12:00:00-04:00`)}` : ''} · tasa {formatRatePerUsd(bill.rate)}
      </Text>

      {actionData?.ok && navigation.state === 'idle' && (
        <Alert color="green" role="status" data-testid="accion-resultado">
          {actionData.ok}
        </Alert>
      )}
      {actionData && !actionData.ok && actionData.message && (
        <Alert color="red" role="alert" data-testid="accion-error">
          {actionData.message}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="saldo-nota">
        {[
          { label: 'Total', value: bill.total, id: 'total' },
          { label: 'Descuento', value: bill.discount, id: 'descuento' },
          { label: 'Abonado', value: bill.balancePaid, id: 'abonado' },
          { label: 'Saldo pendiente', value: bill.outstandingBalance, id: 'pendiente' },
        ].map((f) => (
          <Card key={f.id} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text fw={700} data-testid={`nota-${f.id}`}>
              {usd(f.value)}
            </Text>
            <Text size="xs" c="dimmed" data-testid={`nota-${f.id}-ves`}>
              {f.id === 'pendiente'
                ? `${formatVes(toCents(bill.outstandingBalanceVes))} ${tasaDeHoyTexto(tasa)}`
                : `${montoOrden(f.value, bill.rate).ves} a la tasa de la nota`}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {Number(bill.creditInFavor) > 0 && (
        <Alert color="blue" data-testid="saldo-a-favor">
          El cliente tiene {usd(bill.creditInFavor)} a su favor por devoluciones.
        </Alert>
      )}

      {(nota || abonos.length > 0) && (
        <Title order={2} size="h3">
          Abonos
        </Title>
      )}
      {!nota && abonos.length === 0 ? null : abonos.length === 0 ? (
        <Alert color="gray" data-testid="sin-abonos">
          Esta nota todavía no tiene abonos.
        </Alert>
      ) : (
        <Stack gap="xs" data-testid="abonos">
          {abonos.map((a) => (
            <Card key={a.id} withBorder padding="sm" data-testid={`abono-${a.id}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Text fw={700}>{usd(a.total)}</Text>
                  <PasoAbono step={a.step} />
                </Group>
                {review && a.step === 'pendiente' && <Revisar a={a} busy={busy('revisar')} />}
              </Group>
              <Text size="sm">
                {metodo(a)}
                {a.reference !== 'descuento' ? ` · ref. ${a.reference}` : ''}
                {a.bankCode ? ` · banco ${a.bankCode}` : ''}
                {a.currency === 'VES' ? ` · Bs. ${a.amount.replace('.', ',')} a ${formatRate(a.rate)}` : ''}
                {a.paidOn ? ` · pagado el ${formatDate(`${a.paidOn}T12:00:00-04:00`)}` : ''}
              </Text>
              {a.note && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {a.note}
                </Text>
              )}
              <QuienYCuando a={a} />
            </Card>
          ))}
        </Stack>
      )}

      {nota && debe && (
        <Card withBorder padding="md">
          <Title order={3} size="h4" mb="xs">
            Registrar un abono
          </Title>
          <Form method="post" data-testid="form-abono">
            <input type="hidden" name="intent" value="abono" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NativeSelect
                label="Método"
                name="method"
                data={SALE_PAYMENT_METHOD_IDS.map((m) => ({
                  value: m,
                  label: `${SALE_PAYMENT_METHODS[m].label} (${SALE_PAYMENT_METHODS[m].currency})`,
                }))}
                defaultValue="zelle"
                error={err('abono', 'method')}
                data-testid="abono-metodo"
              />
              <CampoMonto
                label="Monto (en la moneda del método)"
                name="amount"
                required
                description={`Tasa del día: ${formatRatePerUsd(tasa.amount)}`}
                error={err('abono', 'amount')}
                data-testid="abono-monto"
              />
              <TextInput
                label="Referencia"
                name="reference"
                required
                description="Escriba «descuento» para registrarlo como descuento."
                error={err('abono', 'reference')}
                data-testid="abono-referencia"
              />
              <NativeSelect
                label="Banco (pago móvil, transferencia, punto)"
                name="bankCode"
                data={[
                  { value: '', label: 'Sin banco' },
                  ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} ${b.name}` })),
                ]}
                defaultValue=""
                error={err('abono', 'bankCode')}
              />
              <TextInput label="Fecha del pago" name="paidOn" type="date" max={today} error={err('abono', 'paidOn')} />
              <TextInput label="Nota" name="note" maxLength={300} error={err('abono', 'note')} />
            </SimpleGrid>
            {actionData?.intent === 'abono' && fieldError(actionData, 'currency') && (
              <Text c="red" size="sm">
                {fieldError(actionData, 'currency')}
              </Text>
            )}
            <Button type="submit" mt="sm" loading={busy('abono')} data-testid="registrar-abono">
              Registrar abono
            </Button>
          </Form>
        </Card>
      )}

      {review && nota && debe && (
        <Card withBorder padding="md">
          <Title order={3} size="h4" mb="xs">
            Aplicar un descuento
          </Title>
          <Form method="post" data-testid="form-descuento">
            <input type="hidden" name="intent" value="descuento" />
            <Group align="end" gap="sm" wrap="wrap">
              <CampoMonto label="Monto en dólares" name="amount" required error={err('descuento', 'amount')} style={{ flex: '1 1 8rem' }} />
              <TextInput label="Motivo" name="note" maxLength={300} style={{ flex: '2 1 12rem' }} />
              <Button type="submit" variant="light" loading={busy('descuento')} data-testid="aplicar-descuento">
                Aplicar
              </Button>
            </Group>
          </Form>
        </Card>
      )}

      <Title order={2} size="h3">
        Artículos
      </Title>
      <Table.ScrollContainer minWidth={300}>
        <Table withTableBorder data-testid="lineas-nota">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Artículo</Table.Th>
              <Table.Th ta="right">Cant.</Table.Th>
              <Table.Th ta="right">Neto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => {
              const returnable = l.quantity - l.returnedQuantity;
              return (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Text size="sm">{l.name}</Text>
                    <Text size="xs" c="dimmed">
                      {l.articleCode} · {l.store.name}
                    </Text>
                    {l.returnedQuantity > 0 && (
                      <Badge size="xs" color="gray" variant="light" data-testid={`devueltas-${l.id}`}>
                        {l.returnedQuantity} devuelta{l.returnedQuantity === 1 ? '' : 's'}
                      </Badge>
                    )}
                    {review && returnable > 0 && (
                      <Box mt={4}>
                        <Form method="post">
                          <input type="hidden" name="intent" value="devolver" />
                          <input type="hidden" name="lineId" value={l.id} />
                          <Group gap={4} wrap="nowrap">
                            <TextInput
                              name="quantity"
                              type="number"
                              min={1}
                              max={returnable}
                              defaultValue="1"
                              w={64}
                              size="xs"
                              aria-label={`Unidades de ${l.name} a devolver`}
                            />
                            <Button
                              type="submit"
                              size="compact-xs"
                              variant="light"
                              loading={busy('devolver')}
                              data-testid={`devolver-${l.id}`}
                            >
                              Devolver
                            </Button>
                          </Group>
                        </Form>
                      </Box>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{l.quantity}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {usd(l.net)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        Subtotal {usd(bill.subtotal)} · descuento {usd(bill.descuento)} · devoluciones {usd(bill.devoluciones)} · base{' '}
        {usd(bill.baseImponible)} · IVA {usd(bill.iva)}
        {Number(bill.igtf) > 0 ? ` · IGTF ${usd(bill.igtf)}` : ''}
      </Text>

      {devoluciones.length > 0 && (
        <>
          <Title order={2} size="h3">
            Devoluciones
          </Title>
          <Stack gap={4} data-testid="devoluciones">
            {devoluciones.map((d) => (
              <Text key={d.id} size="sm">
                {d.quantity} × {d.name}: {usd(d.amount)} · {d.by ?? 'alguien que ya no está'}, {formatDateTime(d.at)}
                {d.note ? ` · ${d.note}` : ''}
              </Text>
            ))}
          </Stack>
        </>
      )}
      {actionData?.intent === 'devolver' && fieldError(actionData, 'quantity') && (
        <Text c="red" size="sm">
          {fieldError(actionData, 'quantity')}
        </Text>
      )}
    </Stack>
  );
}
