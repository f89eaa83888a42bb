// /dashboard/cuentas/por-cobrar/:numero: one nota de entrega (or factura) with its lines, abonos
// and returns; register an abono (admin, administración, vendedor-admin); approve or reject a
// pending one, apply a discount, give units back (admin, administración). Rejecting and giving back
// ask first (?rechazar=ID, ?devolver=LINEA&cantidad=N): the effect in $ and Bs. and a reason, which
// the history keeps. Every abono says who registered it and who approved or rejected it, when and
// why. A form that succeeded starts empty again. Works without JavaScript.

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
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { data, Form, Link, useLocation, useNavigation } from 'react-router';
import { abonoRecibido, montoEnDivisasParaCubrir, type NotaEntrega, notaEntrega, registrarDevolucion } from '#domain/abono.ts';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import type { ApiResponse } from '#domain/contracts/api-client.ts';
import {
  type AbonoView,
  aplicarDescuento,
  aprobarAbono,
  type BillWithAbonos,
  buscarFacturas,
  buscarNotaEntrega,
  devolver,
  obtenerTasa,
  registrarAbono,
  verAbonos,
} from '#domain/contracts/mayor-cuentas.ts';
import { caracasIsoDate, formatDate, formatDateTime } from '#domain/dates.ts';
import { type IgtfSettings, igtfTasaTexto } from '#domain/igtf.ts';
import { formatRate, formatRatePerUsd, formatUsd, formatVes, leerMonto, toCents, usdToVesCents, vesToUsdCents } from '#domain/money.ts';
import {
  DEFAULT_IGTF,
  montoDeDevolucion,
  SALE_KIND_LABELS,
  SALE_PAYMENT_METHOD_IDS,
  SALE_PAYMENT_METHODS,
  type SalePaymentMethod,
} from '#domain/ventas.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { montoOrden } from '#web/components/monto-orden.tsx';
import { formInput, orFallback, unwrap } from '#web/lib/api.ts';
import { useClaveTrasExito } from '#web/lib/formulario.ts';
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
    context.api.call(obtenerTasa, {}).then((r) => orFallback(r, { currency: 'USD', amount: '1', date: null, igtf: DEFAULT_IGTF })),
  ]);
  const url = new URL(request.url);
  const entero = (name: string) => {
    const v = url.searchParams.get(name) ?? '';
    return /^[1-9]\d{0,8}$/.test(v) ? Number(v) : null;
  };
  const confirmar: Confirmar =
    entero('rechazar') !== null
      ? { tipo: 'rechazar', id: entero('rechazar') as number }
      : entero('devolver') !== null
        ? { tipo: 'devolver', lineId: entero('devolver') as number, quantity: entero('cantidad') }
        : null;
  return { detail, tasa, review: mayReview(user.roles), today: caracasIsoDate(new Date()), confirmar };
}

type Confirmar = { tipo: 'rechazar'; id: number } | { tipo: 'devolver'; lineId: number; quantity: number | null } | null;

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
    revisar: () =>
      context.api.call(
        aprobarAbono,
        formInput(aprobarAbono, { id: Number(field('id')), step: field('step'), ...(field('note') ? { note: field('note') } : {}) }),
      ),
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
          {a.reviewNote ? ` · motivo: ${a.reviewNote}` : ''}
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
          component={Link}
          to={`?rechazar=${a.id}`}
          preventScrollReset
          size="compact-sm"
          color="red"
          variant="light"
          data-testid={`rechazar-${a.id}`}
        >
          Rechazar…
        </Button>
      </Group>
    </Form>
  );
}

function centsOrNull(written: string): number | null {
  const lectura = leerMonto(written);
  return lectura.ok && lectura.centimos > 0 ? lectura.centimos : null;
}

/**
 * Before registering: what the abono being typed carries of IGTF and what goes to the note
 * (domain/abono.ts abonoRecibido), and what settles the note in divisas. Without JavaScript the
 * rule and the settling amount are still there; the figures of the typed amount come with it.
 */
function IgtfDelAbono(p: { method: SalePaymentMethod; amount: string; reference: string; owed: string; rate: string; igtf: IgtfSettings }) {
  const { currency } = SALE_PAYMENT_METHODS[p.method];
  const owedCents = toCents(p.owed);
  const charges = p.igtf.charged && p.igtf.basisPoints > 0;
  const written = centsOrNull(p.amount);
  const worth = written === null ? null : currency === 'USD' ? written : vesToUsdCents(written, p.rate);
  const split = worth === null ? null : abonoRecibido(currency, worth, p.igtf, p.reference);
  return (
    <Box mt="xs" data-testid="abono-igtf">
      {charges && (
        <Text size="sm" c="dimmed">
          Un abono en divisas lleva IGTF {igtfTasaTexto(p.igtf)} de lo recibido, aparte del saldo: saldar la nota en divisas pide{' '}
          <b data-testid="abono-saldar-divisas">{formatUsd(montoEnDivisasParaCubrir(owedCents, p.igtf))}</b> (IGTF incluido). En bolívares
          no lleva IGTF.
        </Text>
      )}
      {split && (
        <Text size="sm" fw={600} data-testid="abono-igtf-detalle">
          {split.igtfCents > 0
            ? `IGTF ${igtfTasaTexto(p.igtf)}: ${formatUsd(split.igtfCents)} · a la nota: ${formatUsd(split.toNoteCents)}`
            : `Sin IGTF · a la nota: ${formatUsd(split.toNoteCents)}`}
          {split.toNoteCents > owedCents ? ` · supera el saldo pendiente (${formatUsd(owedCents)})` : ''}
        </Text>
      )}
    </Box>
  );
}

function metodo(a: AbonoView): string {
  if (a.reference === 'descuento') return 'Descuento';
  return SALE_PAYMENT_METHODS[a.method as keyof typeof SALE_PAYMENT_METHODS]?.label ?? a.method;
}

/** An amount in dollars with its bolívares at the day's rate: «$ 11,60 (Bs. 3.697,41)». */
function enAmbas(cents: number, rate: string): string {
  return `${formatUsd(cents)} (${formatVes(usdToVesCents(cents, rate))})`;
}

function notaDe(bill: { total: string; discount: string; balancePaid: string }): NotaEntrega {
  return notaEntrega({
    totalCents: toCents(bill.total),
    discountCents: toCents(bill.discount),
    balancePaidCents: toCents(bill.balancePaid),
  });
}

/** Rejecting an abono: what it gives back to the balance, and the reason, before it happens. */
function ConfirmarRechazo({
  a,
  bill,
  rate,
  action,
  busy,
}: {
  a: AbonoView;
  bill: BillWithAbonos['bill'];
  rate: string;
  action: string;
  busy: boolean;
}) {
  const cents = toCents(a.total);
  const descuento = a.reference === 'descuento';
  const saldoDespues = toCents(bill.outstandingBalance) + cents;
  const pagado = a.currency === 'VES' ? `${formatUsd(cents)} (${formatVes(toCents(a.amount))} pagados)` : enAmbas(cents, rate);
  return (
    <Alert
      color="red"
      variant="light"
      mt="xs"
      title={`¿Rechazar ${descuento ? 'el descuento' : 'el abono'} de ${formatUsd(cents)}?`}
      data-testid={`confirmar-rechazo-${a.id}`}
    >
      <Text size="sm" data-testid="efecto-rechazo">
        {descuento ? 'El descuento' : 'El abono'} de {pagado} deja de contar: el saldo pendiente de {bill.number} pasa de{' '}
        {enAmbas(toCents(bill.outstandingBalance), rate)} a {enAmbas(saldoDespues, rate)}. Bs. a la tasa del día, Bs. {formatRate(rate)}.
      </Text>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="revisar" />
        <input type="hidden" name="id" value={a.id} />
        <input type="hidden" name="step" value="rechazado" />
        <MotivoYConfirmar label="Motivo del rechazo" name="rechazo" color="red" confirm="Rechazar el abono" action={action} busy={busy} />
      </Form>
    </Alert>
  );
}

/** The reason a money action asks for, and its two buttons: do it, or go back (a link: no JavaScript needed). */
function MotivoYConfirmar({
  label,
  name,
  color,
  confirm,
  action,
  busy,
}: {
  label: string;
  /** Names its test ids: motivo-…, confirmar-…, cancelar-…. */
  name: string;
  color: string;
  confirm: string;
  action: string;
  busy: boolean;
}) {
  return (
    <>
      <Textarea
        label={label}
        name="note"
        required
        minLength={3}
        maxLength={300}
        autosize
        minRows={2}
        mt="xs"
        data-testid={`motivo-${name}`}
      />
      <Group gap="xs" mt="xs">
        <Button type="submit" color={color} loading={busy} data-testid={`confirmar-${name}`}>
          {confirm}
        </Button>
        <Button component={Link} to={action} preventScrollReset variant="subtle" data-testid={`cancelar-${name}`}>
          Cancelar
        </Button>
      </Group>
    </>
  );
}

/** Giving units back: how much the document goes down, where it comes from, and the reason, before it happens. */
function ConfirmarDevolucion({
  detail,
  index,
  quantity,
  rate,
  action,
  busy,
}: {
  detail: BillWithAbonos;
  index: number;
  quantity: number | null;
  rate: string;
  action: string;
  busy: boolean;
}) {
  const { bill, lines, abonos } = detail;
  const l = lines[index];
  const returnable = l.quantity - l.returnedQuantity;
  const problema = quantity === null || quantity > returnable ? `Escriba cuántas unidades devuelve: de 1 a ${returnable}.` : null;
  const amountCents =
    problema === null
      ? montoDeDevolucion(
          lines.map((x) => ({
            priceCents: toCents(x.price),
            promotionCents: toCents(x.promotion),
            quantity: x.quantity,
            discountCents: toCents(x.discount),
            returnedQuantity: x.returnedQuantity,
          })),
          index,
          quantity as number,
        )
      : 0;
  const outcome =
    problema === null && amountCents > 0
      ? registrarDevolucion(notaDe(bill), amountCents, {
          creditInFavorCents: toCents(bill.creditInFavor),
          pendingAbonos: abonos.some((a) => a.step === 'pendiente'),
        })
      : null;
  const units = quantity === 1 ? '1 unidad' : `${quantity} unidades`;
  return (
    <Alert color="orange" variant="light" mt={4} title={`¿Devolver ${units} de ${l.name}?`} data-testid={`confirmar-devolucion-${l.id}`}>
      {problema ? (
        <Text size="sm" c="red" data-testid="efecto-devolucion">
          {problema}
        </Text>
      ) : outcome && !outcome.ok ? (
        <Text size="sm" c="red" data-testid="efecto-devolucion">
          {outcome.motivo}
        </Text>
      ) : (
        <Text size="sm" data-testid="efecto-devolucion">
          {units === '1 unidad' ? 'La unidad vuelve' : `Las ${units} vuelven`} a {l.store.name}. El total de {bill.number} baja{' '}
          {enAmbas(amountCents, rate)}
          {outcome?.ok
            ? `: ${formatUsd(outcome.fromOutstandingCents)} del saldo pendiente, ${formatUsd(outcome.fromDiscountCents)} del descuento y ${formatUsd(outcome.fromPaidCents)} quedan a favor del cliente`
            : ''}
          . Bs. a la tasa del día, Bs. {formatRate(rate)}.
        </Text>
      )}
      {problema === null && (outcome === null || outcome.ok) && (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="devolver" />
          <input type="hidden" name="lineId" value={l.id} />
          <input type="hidden" name="quantity" value={quantity ?? ''} />
          <MotivoYConfirmar
            label="Motivo de la devolución"
            name="devolucion"
            color="orange"
            confirm={`Devolver ${units}`}
            action={action}
            busy={busy}
          />
        </Form>
      )}
      {problema !== null && (
        <Button component={Link} to={action} preventScrollReset variant="subtle" size="xs" mt="xs">
          Cancelar
        </Button>
      )}
    </Alert>
  );
}

export default function NotaPorCobrar({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, tasa, review, today, confirmar } = loaderData;
  const { pathname } = useLocation();
  const claveAbono = useClaveTrasExito(actionData, 'abono');
  const claveDescuento = useClaveTrasExito(actionData, 'descuento');
  const { bill, lines, abonos, devoluciones } = detail;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const err = (intent: Intent, name: string) => (actionData?.intent === intent ? fieldError(actionData ?? undefined, name) : undefined);
  const nota = bill.kind === 'nota-entrega';
  const debe = Number(bill.outstandingBalance) > 0;
  const [abonoMethod, setAbonoMethod] = useState<SalePaymentMethod>('zelle');
  const [abonoAmount, setAbonoAmount] = useState('');
  const [abonoReference, setAbonoReference] = useState('');
  // The form empties after a registered abono (its key changes): so does what the IGTF line reads.
  useEffect(() => {
    if (claveAbono === 0) return;
    setAbonoMethod('zelle');
    setAbonoAmount('');
    setAbonoReference('');
  }, [claveAbono]);
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
              {review && a.step === 'pendiente' && confirmar?.tipo === 'rechazar' && confirmar.id === a.id && (
                <ConfirmarRechazo a={a} bill={bill} rate={tasa.amount} action={pathname} busy={busy('revisar')} />
              )}
              <Text size="sm">
                {metodo(a)}
                {a.reference !== 'descuento' ? ` · ref. ${a.reference}` : ''}
                {a.bankCode ? ` · banco ${a.bankCode}` : ''}
                {a.currency === 'VES' ? ` · Bs. ${a.amount.replace('.', ',')} a ${formatRate(a.rate)}` : ''}
                {Number(a.igtf) > 0 ? ` · recibido ${usd(a.amount)}, IGTF ${usd(a.igtf)} aparte del saldo` : ''}
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
          <Form method="post" data-testid="form-abono" key={`abono-${claveAbono}`}>
            <input type="hidden" name="intent" value="abono" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NativeSelect
                label="Método"
                name="method"
                data={SALE_PAYMENT_METHOD_IDS.map((m) => ({
                  value: m,
                  label: `${SALE_PAYMENT_METHODS[m].label} (${SALE_PAYMENT_METHODS[m].currency})`,
                }))}
                value={abonoMethod}
                onChange={(e) => setAbonoMethod(e.currentTarget.value as SalePaymentMethod)}
                error={err('abono', 'method')}
                data-testid="abono-metodo"
              />
              <CampoMonto
                label="Monto (en la moneda del método)"
                name="amount"
                required
                description={`Tasa del día: ${formatRatePerUsd(tasa.amount)}`}
                value={abonoAmount}
                onChange={(e) => setAbonoAmount(e.currentTarget.value)}
                error={err('abono', 'amount')}
                data-testid="abono-monto"
              />
              <TextInput
                label="Referencia"
                name="reference"
                required
                description="Escriba «descuento» para registrarlo como descuento."
                value={abonoReference}
                onChange={(e) => setAbonoReference(e.currentTarget.value)}
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
            <IgtfDelAbono
              method={abonoMethod}
              amount={abonoAmount}
              reference={abonoReference}
              owed={bill.outstandingBalance}
              rate={tasa.amount}
              igtf={tasa.igtf}
            />
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
          <Form method="post" data-testid="form-descuento" key={`descuento-${claveDescuento}`}>
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
            {lines.map((l, index) => {
              const returnable = l.quantity - l.returnedQuantity;
              const confirmando = review && confirmar?.tipo === 'devolver' && confirmar.lineId === l.id && returnable > 0;
              return (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Text size="sm">{l.name}</Text>
                    <Text size="xs" c="dimmed">
                      {l.articleCode} · {l.store.name}
                    </Text>
                    {review && returnable > 0 && !confirmando && (
                      <Box mt={4}>
                        <Form method="get" preventScrollReset>
                          <input type="hidden" name="devolver" value={l.id} />
                          <Group gap={4} wrap="nowrap">
                            <TextInput
                              name="cantidad"
                              type="text"
                              inputMode="numeric"
                              pattern="[0-9]*"
                              defaultValue="1"
                              required
                              w={72}
                              size="xs"
                              aria-label={`Unidades de ${l.name} a devolver`}
                              data-testid={`devolver-cantidad-${l.id}`}
                            />
                            <Button type="submit" size="compact-xs" variant="light" data-testid={`devolver-${l.id}`}>
                              Devolver…
                            </Button>
                          </Group>
                        </Form>
                      </Box>
                    )}
                    {confirmando && (
                      <ConfirmarDevolucion
                        detail={detail}
                        index={index}
                        quantity={confirmar.quantity}
                        rate={tasa.amount}
                        action={pathname}
                        busy={busy('devolver')}
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{l.quantity}</Text>
                    {l.returnedQuantity > 0 && (
                      <Badge size="xs" color="gray" variant="light" data-testid={`devueltas-${l.id}`} style={{ whiteSpace: 'nowrap' }}>
                        {l.returnedQuantity} devuelta{l.returnedQuantity === 1 ? '' : 's'}
                      </Badge>
                    )}
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
                {d.note ? ` · motivo: ${d.note}` : ''}
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
