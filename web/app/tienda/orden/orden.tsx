// /orden/{codigo}: the public status of an order with its timeline; a pending order can report its payment.
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { data, Form, redirect, useNavigation } from 'react-router';
import { VENEZUELAN_BANKS } from '../../../../domain/banks.ts';
import type { OrderCreated, OrderStatus } from '../../../../domain/contracts/carrito.ts';
import { formatDate, formatDateTime } from '../../../../domain/dates.ts';
import { formatUsd, formatVes, parseAmountInput, toCents, usdToVesCents } from '../../../../domain/money.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '../../../../domain/order-steps.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS, SHIPPING_AGENCY_LABELS } from '../../../../domain/store-constants.ts';
import { fieldError } from '../../components/campo-error.ts';
import { PaginaSimple } from '../../components/pagina-simple.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { type FormErrors, formErrors } from '../../lib/session.ts';
import type { Route } from './+types/orden';
import { LineaDeTiempo } from './linea-de-tiempo.tsx';

const optionalAmount = (value: string | undefined) => (value ? parseAmountInput(value) : undefined);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get('codigo')?.trim();
  if (!params.codigo && typed) throw redirect(`/orden/${encodeURIComponent(typed.toUpperCase())}`);
  if (!params.codigo) return { order: null };
  const response = await context.api.get<OrderStatus>(`orden-compra/estado/${encodeURIComponent(params.codigo)}`);
  if (!response.body.success) {
    const status = response.status === 422 ? 404 : response.status;
    throw data({ message: `No encontramos la orden ${params.codigo}. Revise el código.` }, { status });
  }
  return { order: response.body.data };
}

/** Reporting the payment of a pending order: the buyer proves it is theirs with the order's e-mail. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = String(form.get(name) ?? '').trim();
    return value === '' ? undefined : value;
  };
  const response = await context.api.post<OrderCreated>('orden-compra/registrar-pago', {
    code: params.codigo,
    email: text('email'),
    payment: {
      method: text('method'),
      reference: text('reference'),
      bankCode: text('bankCode'),
      amount: optionalAmount(text('amount')),
      date: text('date'),
    },
  });
  if (!response.body.success) return data<FormErrors & { saved?: false }>(formErrors(response), { status: response.status });
  return { saved: true as const, message: undefined, errors: undefined };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const title = loaded?.order ? `Orden ${loaded.order.code}` : 'Seguimiento de orden';
  return [...pageMeta(matches, title), { name: 'robots', content: 'noindex' }];
}

function Buscador() {
  return (
    <PaginaSimple
      title="Seguimiento de orden"
      intro="Escriba el código de su orden de compra (por ejemplo OC-000123) para ver en qué paso está."
    >
      <Form method="get" action="/orden">
        <Group align="end">
          <TextInput name="codigo" label="Código de la orden" required maxLength={20} />
          <Button type="submit">Buscar</Button>
        </Group>
      </Form>
    </PaginaSimple>
  );
}

function ReportarPago({ result }: { result: (FormErrors & { saved?: boolean }) | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const paymentError = (field: string) => fieldError(result, `payment.${field}`);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        Reportar el pago
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Si ya pagó, escriba los datos del pago y el correo con el que hizo la compra.
      </Text>
      {result?.message && (
        <Alert color="red" mb="sm" role="alert">
          {result.message}
        </Alert>
      )}
      <Form method="post">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput name="email" type="email" label="Correo de la compra" required error={fieldError(result, 'email')} />
          <NativeSelect
            name="method"
            label="Método de pago"
            data={PAYMENT_METHOD_IDS.filter((id) => PAYMENT_METHODS[id].takesReference).map((id) => ({
              value: id,
              label: PAYMENT_METHODS[id].label,
            }))}
            error={paymentError('method')}
          />
          <TextInput name="reference" label="Número de referencia" required error={paymentError('reference')} />
          <NativeSelect
            name="bankCode"
            label="Banco (pago móvil o transferencia)"
            data={[{ value: '', label: 'No aplica' }, ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }))]}
            error={paymentError('bankCode')}
          />
          <TextInput name="amount" label="Monto pagado" inputMode="decimal" required error={paymentError('amount')} />
          <TextInput name="date" type="date" label="Fecha del pago" required error={paymentError('date')} />
        </SimpleGrid>
        <Button type="submit" mt="md" loading={busy}>
          Reportar pago
        </Button>
      </Form>
    </Card>
  );
}

export default function Orden({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order) return <Buscador />;
  const totalCents = toCents(order.total);
  const method = PAYMENT_METHODS[order.paymentMethod as keyof typeof PAYMENT_METHODS];
  const agency = SHIPPING_AGENCY_LABELS[order.agency as keyof typeof SHIPPING_AGENCY_LABELS] ?? order.agency;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1}>Orden {order.code}</Title>
          <Badge size="lg" color={order.step === 'anulada' ? 'red' : 'pink'} data-testid="paso-orden">
            {ORDER_STEP_LABELS[order.step as OrderStep] ?? order.step}
          </Badge>
        </Group>
        {actionData?.saved && (
          <Alert color="green" role="status">
            Recibimos el reporte de su pago. Le avisaremos por correo cuando lo confirmemos.
          </Alert>
        )}
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
                  <Text size="sm">Agencia de envío: {agency}</Text>
                  {order.trackingNumber && <Text size="sm">Número de guía: {order.trackingNumber}</Text>}
                  <Text fw={700}>
                    Total: {formatUsd(totalCents)} · {formatVes(usdToVesCents(totalCents, order.rate))}
                  </Text>
                  <Text size="xs" c="dimmed">
                    A la tasa de la orden: {formatVes(toCents(order.rate))} por dólar.
                  </Text>
                  {order.step === 'pendiente' && order.expiresAt && (
                    <Text size="sm" c="red.8">
                      Si no se reporta el pago, la orden vence el {formatDateTime(order.expiresAt)} y se liberan los artículos.
                    </Text>
                  )}
                </Stack>
              </Card>
              <Table.ScrollContainer minWidth={320}>
                <Table withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Artículo</Table.Th>
                      <Table.Th>Tienda</Table.Th>
                      <Table.Th ta="right">Cant.</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {order.items.map((item) => (
                      <Table.Tr key={`${item.articleCode}-${item.store}`}>
                        <Table.Td>
                          {item.name}
                          <Text size="xs" c="dimmed">
                            {item.articleCode}
                          </Text>
                        </Table.Td>
                        <Table.Td>{item.store}</Table.Td>
                        <Table.Td ta="right">{item.quantity}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {order.step === 'pendiente' && !actionData?.saved && <ReportarPago result={actionData} />}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
