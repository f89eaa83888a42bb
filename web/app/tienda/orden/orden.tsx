// /orden/{codigo}: the public status of an order with its timeline; a pending order can report its payment.
// Codes are sequential, so the page needs the signed link of the buyer's mails (?t=…) or, without
// it, the buyer's e-mail or cédula, which trades for that link.
import { Alert, Badge, Button, Card, Container, Grid, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { data, Form, redirect, useNavigation } from 'react-router';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import { acceder, estado, type OrderStatus, registrarPago } from '#domain/contracts/orden-compra.ts';
import { iniciarPaypal, iniciarTarjeta } from '#domain/contracts/pagos-en-linea.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { formatRatePerUsd, formatUsd, formatVes, parseAmountInput, toCents, usdToVesCents } from '#domain/money.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS, SHIPPING_AGENCY_LABELS } from '#domain/store-constants.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { DocumentoOrden } from '#web/components/documento-orden.tsx';
import { NumeroGuia } from '#web/components/numero-guia.tsx';
import { PaginaSimple } from '#web/components/pagina-simple.tsx';
import { SaldoPendiente } from '#web/components/saldo-orden.tsx';
import { deliveryOfStatus, discountRows, TotalesOrden } from '#web/components/totales-orden.tsx';
import { formInput } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors } from '#web/lib/session.ts';
import type { Route } from './+types/orden';
import { ArticulosOrden } from './articulos-orden.tsx';
import { LineaDeTiempo } from './linea-de-tiempo.tsx';
import { PagarEnLinea, ResultadoPagoEnLinea } from './pago-en-linea.tsx';
import { SubirComprobante } from './subir-comprobante.tsx';

const optionalAmount = (value: string | undefined) => (value ? parseAmountInput(value) : undefined);

type Loaded = { order: OrderStatus | null; code: string | null; token: string | null; linkInvalid?: boolean; pago?: string | null };

export async function loader({ params, request, context }: Route.LoaderArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const typed = url.searchParams.get('codigo')?.trim();
  if (!params.codigo && typed) throw redirect(`/orden/${encodeURIComponent(typed.toUpperCase())}`);
  if (!params.codigo) return { order: null, code: null, token: null };
  const code = params.codigo.toUpperCase();
  const token = url.searchParams.get('t');
  if (!token) return { order: null, code, token: null };
  const response = await context.api.call(estado, { code, t: token });
  if (response.status === 429) throw data({ message: 'Demasiadas consultas. Intente de nuevo en un minuto.' }, { status: 429 });
  // A link that does not open this order: the buyer may still prove it with the e-mail or cédula.
  if (!response.body.success) return { order: null, code, token: null, linkInvalid: true };
  return { order: response.body.data, code, token, pago: url.searchParams.get('pago') };
}

type ActionResult = FormErrors & { saved?: boolean; online?: boolean };

/** The e-mail or cédula of the purchase opens the order (its signed link); a pending order reports its payment. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = String(form.get(name) ?? '').trim();
    return value === '' ? undefined : value;
  };
  if (form.get('intent') === 'acceder') {
    const code = (params.codigo ?? text('codigo') ?? '').toUpperCase();
    const response = await context.api.call(acceder, { code, prueba: text('prueba') ?? '' });
    if (!response.body.success) {
      const result = formErrors(response);
      // A field error shown under its field needs no banner as well.
      const shownByField = Boolean(result.errors?.prueba || (result.errors?.code && !params.codigo));
      return data<ActionResult>({ ...result, message: shownByField ? undefined : result.message }, { status: response.status });
    }
    throw redirect(`/orden/${response.body.data.code}?t=${response.body.data.token}`);
  }
  const intent = form.get('intent');
  if (intent === 'paypal' || intent === 'tarjeta') {
    const started = await context.api.call(intent === 'paypal' ? iniciarPaypal : iniciarTarjeta, {
      code: params.codigo ?? '',
      t: text('t'),
    });
    if (started.body.success) throw redirect(started.body.data.approvalUrl);
    return data<ActionResult>({ ...formErrors(started), online: true }, { status: started.status });
  }
  const response = await context.api.call(
    registrarPago,
    formInput(registrarPago, {
      code: params.codigo,
      token: text('t'),
      payment: {
        method: text('method'),
        reference: text('reference'),
        bankCode: text('bankCode'),
        amount: optionalAmount(text('amount')),
        date: text('date'),
      },
    }),
  );
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return { saved: true, message: undefined, errors: undefined } as ActionResult;
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const title = loaded?.order ? `Orden ${loaded.order.code}` : 'Seguimiento de orden';
  return [...pageMeta(matches, title), { name: 'robots', content: 'noindex' }];
}

/**
 * The code (unless the URL has it) and the e-mail or cédula of the purchase: a plain form that works
 * before JavaScript loads.
 */
function Acceder({ code, result, linkInvalid }: { code: string | null; result: ActionResult | undefined; linkInvalid?: boolean }) {
  const busy = useNavigation().state === 'submitting';
  const intro = code
    ? `Para ver la orden ${code}, escriba el correo o la cédula con que hizo la compra. El enlace de los correos de la orden la abre directamente.`
    : 'Escriba el código de su orden de compra (por ejemplo OC-000123) y el correo o la cédula con que la hizo.';
  return (
    <PaginaSimple title="Seguimiento de orden" intro={intro}>
      {linkInvalid && (
        <Alert color="yellow" mb="sm" data-testid="enlace-invalido">
          El enlace no abre esta orden. Escriba el correo o la cédula de la compra.
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" mb="sm" role="alert" data-testid="acceso-error">
          {result.message}
        </Alert>
      )}
      <Form method="post" action={code ? `/orden/${code}` : '/orden'}>
        <input type="hidden" name="intent" value="acceder" />
        <Stack gap="sm" maw={420}>
          {!code && (
            <TextInput
              name="codigo"
              label="Código de la orden"
              required
              maxLength={20}
              error={fieldError(result, 'code')}
              data-testid="acceso-codigo"
            />
          )}
          <TextInput
            name="prueba"
            label="Correo o cédula de la compra"
            required
            maxLength={254}
            autoComplete="email"
            error={fieldError(result, 'prueba')}
            data-testid="acceso-prueba"
          />
          <Group>
            <Button type="submit" loading={busy} data-testid="acceso-ver">
              Ver mi orden
            </Button>
          </Group>
        </Stack>
      </Form>
    </PaginaSimple>
  );
}

function ReportarPago({ result, token }: { result: ActionResult | undefined; token: string }) {
  const busy = useNavigation().state === 'submitting';
  const paymentError = (field: string) => fieldError(result, `payment.${field}`);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        Reportar el pago
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Si ya pagó, escriba los datos del pago.
      </Text>
      {result?.message && (
        <Alert color="red" mb="sm" role="alert">
          {result.message}
        </Alert>
      )}
      <Form method="post">
        <input type="hidden" name="t" value={token} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            name="method"
            label="Método de pago"
            data={PAYMENT_METHOD_IDS.filter((id) => PAYMENT_METHODS[id].takesReference).map((id) => ({
              value: id,
              label: PAYMENT_METHODS[id].label,
            }))}
            error={paymentError('method')}
          />
          <TextInput name="reference" label="Número de referencia" autoComplete="off" required error={paymentError('reference')} />
          <NativeSelect
            name="bankCode"
            label="Banco (pago móvil o transferencia)"
            data={[{ value: '', label: 'No aplica' }, ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }))]}
            error={paymentError('bankCode')}
          />
          <CampoMonto name="amount" label="Monto pagado" autoComplete="off" required error={paymentError('amount')} />
          <TextInput name="date" type="date" label="Fecha del pago" required error={paymentError('date')} />
        </SimpleGrid>
        <Button type="submit" mt="md" loading={busy}>
          Reportar pago
        </Button>
      </Form>
    </Card>
  );
}

/** A line's reductions, under its name: its discount, its share of the coupon and of the payment discount. */
function DescuentosDeLinea({ item, couponCode }: { item: OrderStatus['items'][number]; couponCode: string | null }) {
  const rows = [
    toCents(item.discount) > 0
      ? `Descuento${item.discountName ? ` «${item.discountName}»` : ''}: −${formatUsd(toCents(item.discount))}`
      : '',
    toCents(item.couponDiscount) > 0 ? `Cupón ${couponCode ?? ''}: −${formatUsd(toCents(item.couponDiscount))}` : '',
    toCents(item.paymentDiscount) > 0 ? `Por el método de pago: −${formatUsd(toCents(item.paymentDiscount))}` : '',
  ].filter(Boolean);
  return rows.map((row) => (
    <Text key={row} size="xs" c="pink.8">
      {row}
    </Text>
  ));
}

export default function Orden({ loaderData, actionData }: Route.ComponentProps) {
  const { order, code, token, linkInvalid, pago = null } = loaderData;
  if (!order || !token) return <Acceder code={code} result={actionData} linkInvalid={linkInvalid} />;
  const totalCents = toCents(order.total);
  const method = PAYMENT_METHODS[order.paymentMethod as keyof typeof PAYMENT_METHODS];
  const agency = SHIPPING_AGENCY_LABELS[order.agency as keyof typeof SHIPPING_AGENCY_LABELS] ?? order.agency;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1}>
            Orden <span style={{ whiteSpace: 'nowrap' }}>{order.code}</span>
          </Title>
          <Badge size="lg" color={order.step === 'anulada' ? 'red' : 'pink'} data-testid="paso-orden">
            {ORDER_STEP_LABELS[order.step as OrderStep] ?? order.step}
          </Badge>
        </Group>
        {actionData?.saved && (
          <Alert color="green" role="status">
            Recibimos el reporte de su pago. Le avisaremos por correo cuando lo confirmemos.
          </Alert>
        )}
        <ResultadoPagoEnLinea pago={pago} method={order.paymentMethod} />
        <SaldoPendiente saldo={order.paymentBalance} />
        <DocumentoOrden document={order.document} />
        {order.step === 'pago-por-confirmar' && <SubirComprobante code={order.code} token={token} sent={order.receiptSent} />}
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <LineaDeTiempo order={order} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Card withBorder padding="md">
                <Stack gap={4}>
                  <Text size="sm">Fecha: {formatDate(order.createdAt)}</Text>
                  <Text size="sm">Método de pago: {method?.label ?? order.paymentMethod}</Text>
                  {order.pickupStore ? (
                    <Text size="sm" data-testid="retiro-en-tienda">
                      Retiro en tienda: {order.pickupStore} (sin costo de envío)
                    </Text>
                  ) : (
                    <Text size="sm">Agencia de envío: {agency}</Text>
                  )}
                  {order.trackingNumber && <NumeroGuia number={order.trackingNumber} agency={order.agency} />}
                  <Text fw={700}>
                    Total: {formatUsd(totalCents)} · {formatVes(usdToVesCents(totalCents, order.rate))}
                  </Text>
                  {discountRows(order).length > 0 && (
                    <Text size="sm" c="pink.8" data-testid="ahorro-orden">
                      Ahorró {formatUsd(discountRows(order).reduce((sum, row) => sum + toCents(row.usd), 0))} con sus descuentos.
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    A la tasa de la orden: {formatRatePerUsd(order.rate)}.
                  </Text>
                  {order.step === 'pendiente' && order.expiresAt && (
                    <Text size="sm" c="red.8">
                      Si no se reporta el pago, la orden vence el {formatDateTime(order.expiresAt)} y se liberan los artículos.
                    </Text>
                  )}
                </Stack>
              </Card>
              <ArticulosOrden
                items={order.items}
                below={(item) => (
                  <>
                    <Text size="xs">{formatUsd(toCents(item.price) - toCents(item.promotion))} c/u</Text>
                    <DescuentosDeLinea item={item} couponCode={order.couponCode} />
                  </>
                )}
              />
              <Card withBorder padding="md">
                <TotalesOrden order={order} delivery={deliveryOfStatus(order)} />
              </Card>
              {order.step === 'pendiente' && (order.paymentMethod === 'paypal' || order.paymentMethod === 'tarjeta') && (
                <PagarEnLinea method={order.paymentMethod} token={token} message={actionData?.online ? actionData.message : undefined} />
              )}
              {/* A card is only paid on the provider's page: nothing to report by hand. */}
              {order.step === 'pendiente' && order.paymentMethod !== 'tarjeta' && !actionData?.saved && (
                <ReportarPago result={actionData?.online ? undefined : actionData} token={token} />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
