// /mi-cuenta/compras/:codigo: one of the customer's own orders; while it is pending,
// the form to report its payment (the same payment schema the checkout uses).

import { Alert, Anchor, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import { paymentSchema, registrarPago } from '#domain/contracts/orden-compra.ts';
import { miOrden } from '#domain/contracts/profile.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { parseAmountInput } from '#domain/money.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS, type PaymentMethodId } from '#domain/store-constants.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { montoOrden } from '#web/components/monto-orden.tsx';
import { SaldoPendiente } from '#web/components/saldo-orden.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireUser } from '#web/lib/session.ts';
import type { Route } from './+types/compra';
import { CompraVista, EstadoBadge, stepWords } from './compra-vista.tsx';
import { CUENTA } from './rutas.ts';

const optionalAmount = (value: string | undefined) => (value ? parseAmountInput(value) : undefined);

const CODE = /^OC-\d{6,}$/;
const REPORTABLE = PAYMENT_METHOD_IDS.filter((id) => PAYMENT_METHODS[id].takesReference);

function orderCode(param: string | undefined): string {
  const code = (param ?? '').toUpperCase();
  if (!CODE.test(code)) throw data({ message: 'No encontramos esa orden de compra.' }, { status: 404 });
  return code;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context.api);
  const code = orderCode(params.codigo);
  const detail = unwrap(await context.api.call(miOrden, { code }));
  return { detail, today: caracasIsoDate(new Date()) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const code = orderCode(params.codigo);
  const form = await request.formData();
  const method = String(form.get('method') ?? '');
  const needsBank = PAYMENT_METHODS[method as PaymentMethodId]?.needsBank ?? false;
  const field = (name: string) => String(form.get(name) ?? '').trim() || undefined;
  const parsed = paymentSchema.safeParse({
    method,
    reference: field('reference'),
    bankCode: needsBank ? field('bankCode') : undefined,
    amount: optionalAmount(field('amount')),
    date: field('date'),
  });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    return data({ ok: null, message: 'Revise los datos del pago.', errors }, { status: 422 });
  }
  const response = await context.api.call(registrarPago, { code, payment: parsed.data });
  if (!response.body.success) {
    const { message, errors } = formErrors(response);
    // The API names the fields inside `payment`; the form names them bare.
    const bare = errors && Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^payment\./, ''), v]));
    return data({ ok: null, message, errors: bare }, { status: response.status });
  }
  return {
    message: undefined,
    errors: undefined,
    ok: `Recibimos el reporte de su pago. La orden ${code} está en «${stepWords(response.body.data.step).label}»; le avisaremos por correo al confirmarlo.`,
  };
}

/** "1.234,56" (as the store writes it) or "1234.56" → "1234.56". */

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta(matches, `Mi compra ${(params.codigo ?? '').toUpperCase()}`);
}

export default function MiCompra({ loaderData, actionData }: Route.ComponentProps) {
  const idle = useNavigation().state === 'idle';
  const { detail, today } = loaderData;
  const { order } = detail;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={CUENTA.compras} size="sm">
        ← Mis compras
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Compra <span style={{ whiteSpace: 'nowrap' }}>{order.code}</span>
        </Title>
        <EstadoBadge step={order.step} />
      </Group>
      <SaldoPendiente saldo={detail.paymentBalance} />
      {actionData?.ok && idle && (
        <Alert color="green" role="status" data-testid="accion-resultado">
          {actionData.ok}
        </Alert>
      )}
      {actionData?.message && (
        <Alert color="red" role="alert" data-testid="accion-error">
          {actionData.message}
        </Alert>
      )}
      <CompraVista detail={detail}>
        {order.step === 'pendiente' && <ReportarPago total={order.total} rate={order.rate} today={today} result={actionData} />}
      </CompraVista>
    </Stack>
  );
}

function ReportarPago({ total, rate, today, result }: { total: string; rate: string; today: string; result?: FormErrors }) {
  const [method, setMethod] = useState<PaymentMethodId>('pago-movil');
  const busy = useNavigation().state === 'submitting';
  const info = PAYMENT_METHODS[method];
  const due = montoOrden(total, rate);
  return (
    <Card withBorder padding="md" data-testid="reportar-pago">
      <Title order={2} size="h4">
        Reportar el pago
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Total de la orden: {due.usd} ({due.ves}). Si ya pagó, indique los datos del pago para que lo confirmemos.
      </Text>
      <Form method="post">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <NativeSelect
            label="Método de pago"
            name="method"
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value as PaymentMethodId)}
            data={REPORTABLE.map((id) => ({ value: id, label: PAYMENT_METHODS[id].label }))}
            error={fieldError(result, 'method')}
            data-testid="pago-metodo"
          />
          {info.needsBank && (
            <NativeSelect
              label="Banco desde el que pagó"
              name="bankCode"
              data={[
                { value: '', label: 'Elija el banco' },
                ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` })),
              ]}
              error={fieldError(result, 'bankCode')}
              data-testid="pago-banco"
            />
          )}
          <TextInput
            label={method === 'paypal' || method === 'uphold' ? 'Identificador del pago' : 'Número de referencia'}
            name="reference"
            maxLength={40}
            required
            error={fieldError(result, 'reference')}
            data-testid="pago-referencia"
          />
          <CampoMonto
            label={`Monto pagado (${info.needsBank ? 'Bs.' : 'USD'})`}
            name="amount"
            placeholder={info.needsBank ? due.ves.replace('Bs. ', '') : due.usd.replace('$ ', '')}
            required
            error={fieldError(result, 'amount')}
            data-testid="pago-monto"
          />
          <TextInput
            label="Fecha del pago"
            name="date"
            type="date"
            max={today}
            defaultValue={today}
            required
            error={fieldError(result, 'date')}
            data-testid="pago-fecha"
          />
        </SimpleGrid>
        <Button type="submit" mt="md" loading={busy} data-testid="accion-reportar-pago">
          Reportar pago
        </Button>
      </Form>
    </Card>
  );
}
