// /dashboard/config/tasa (admin, administración): the tasa del día, setting a new one, and its history.
import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import { fijarTasa, historialTasas, normalizeRateInput, tasaDelDia, traerTasaBcv } from '#domain/contracts/general.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { formatRate, formatRatePerUsd } from '#domain/money.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrap, unwrapList } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/tasa';

const ROLES = ['admin', 'administracion'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  const [current, history] = await allCritical(context.publicUrl, [
    context.api.call(tasaDelDia, {}),
    context.api.call(historialTasas, { page: /^\d+$/.test(page) ? page : '1' }),
  ]);
  const list = unwrapList(history);
  return { current: unwrap(current), history: list.items, meta: list.meta };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  if (form.get('intent') === 'bcv') {
    const bcv = await context.api.call(traerTasaBcv, {});
    if (!bcv.body.success) return data({ ...formErrors(bcv), saved: null }, { status: bcv.status });
    const { stored, message } = bcv.body.data;
    return stored ? { saved: message, message: undefined, errors: undefined } : { saved: null, message, errors: undefined };
  }
  const response = await context.api.call(fijarTasa, {
    amount: normalizeRateInput(String(form.get('amount') ?? '')),
    note: String(form.get('note') ?? ''),
  });
  if (!response.body.success) return data({ ...formErrors(response), saved: null }, { status: response.status });
  return {
    saved: `Tasa del día fijada en ${formatRatePerUsd(response.body.data.amount)}.`,
    message: undefined,
    errors: undefined,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Tasa del día');
}

export default function TasaDelDia({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { current } = loaderData;
  return (
    <Stack gap="md">
      <Title order={1}>Tasa del día</Title>
      {actionData?.saved && (
        <Alert color="green" role="status" data-testid="tasa-guardada">
          {actionData.saved}
        </Alert>
      )}
      {actionData?.message && !actionData.errors && <Alert color="red">{actionData.message}</Alert>}
      <Group align="stretch" wrap="wrap">
        <Card withBorder padding="lg" miw={260}>
          <Text size="sm" c="dimmed">
            Tasa vigente (1 USD)
          </Text>
          <Text fz={28} fw={700} data-testid="tasa-vigente">
            Bs. {formatRate(current.amount)}
          </Text>
          <Text size="sm" c="dimmed">
            {current.date ? `Desde el ${formatDateTime(current.date)}` : 'Aún no se ha fijado una tasa: se usa 1.'}
          </Text>
          <Text size="sm" data-testid="tasa-fuente">
            {current.source === 'bcv'
              ? `Fuente: Banco Central de Venezuela${current.valueDate ? `, fecha valor ${formatDate(current.valueDate)}` : ''}`
              : 'Fuente: fijada por el personal'}
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            {current.automatic
              ? 'Actualización automática desde el BCV: activada. Una tasa fijada a mano rige hasta que el BCV publique una fecha valor nueva.'
              : 'Actualización automática desde el BCV: desactivada (TASA_BCV_AUTOMATICA).'}
          </Text>
          {current.automatic && (
            <Form method="post">
              <input type="hidden" name="intent" value="bcv" />
              <Button type="submit" variant="light" size="xs" mt="xs" loading={busy}>
                Traer la tasa del BCV ahora
              </Button>
            </Form>
          )}
        </Card>
        <Card withBorder padding="lg" style={{ flex: 1 }} miw={300}>
          <Form method="post" key={actionData?.saved ?? 'form'}>
            <Stack gap="sm">
              <Group align="start" grow>
                <TextInput
                  label="Nueva tasa (Bs. por USD)"
                  name="amount"
                  required
                  inputMode="decimal"
                  placeholder="Ejemplo: 45,50"
                  description="Hasta 4 decimales."
                  error={fieldError(actionData ?? undefined, 'amount')}
                />
                <TextInput
                  label="Nota (opcional)"
                  name="note"
                  placeholder="Fuente: BCV"
                  error={fieldError(actionData ?? undefined, 'note')}
                />
              </Group>
              <Group>
                <Button type="submit" loading={busy}>
                  Fijar tasa
                </Button>
              </Group>
            </Stack>
          </Form>
        </Card>
      </Group>
      <Title order={2} size="h3">
        Historial
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder data-testid="tabla-tasas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th ta="right">Tasa</Table.Th>
              <Table.Th>Fuente</Table.Th>
              <Table.Th>Nota</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.history.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatDateTime(row.date)}</Table.Td>
                <Table.Td ta="right">Bs. {formatRate(row.amount)}</Table.Td>
                <Table.Td>
                  {row.source === 'bcv' ? (
                    `BCV${row.valueDate ? ` (fecha valor ${formatDate(row.valueDate)})` : ''}`
                  ) : row.user ? (
                    row.user.nickname
                  ) : (
                    <Text c="dimmed">Sistema</Text>
                  )}
                </Table.Td>
                <Table.Td>{row.note}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Paginacion meta={loaderData.meta} label="tasas" />
    </Stack>
  );
}
