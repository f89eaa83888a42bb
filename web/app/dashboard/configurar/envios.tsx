// /dashboard/configurar/envios (admin, administración): the shipping rates of one state, one row per
// agency: cost in dollars (empty: por cobrar en destino) and estimated days.
import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { data, Form, useNavigation, useSubmit } from 'react-router';
import { fijarTarifasEnvio, tarifasEnvio } from '#domain/contracts/envios.ts';
import { formatShippingDays } from '#domain/envios.ts';
import { SHIPPING_AGENCY_IDS, SHIPPING_AGENCY_LABELS } from '#domain/store-constants.ts';
import { VENEZUELAN_STATES } from '#domain/venezuela.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/envios';

const ROLES = ['admin', 'administracion'] as const;

function chosenState(request: Request): string {
  const state = new URL(request.url).searchParams.get('estado') ?? '';
  return VENEZUELAN_STATES.some((s) => s.name === state) ? state : 'Distrito Capital';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const state = chosenState(request);
  const rates = unwrap(await context.api.call(tarifasEnvio, {})).filter((r) => r.state === state);
  return { state, rates };
}

/** "4,50" or "4.50" as the API takes it; empty: por cobrar. */
function costOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed.replace(',', '.');
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const state = chosenState(request);
  const form = await request.formData();
  const tarifas = SHIPPING_AGENCY_IDS.map((agency) => ({
    agency,
    state,
    costUsd: costOf(String(form.get(`${agency}.cost`) ?? '')),
    daysMin: Number(form.get(`${agency}.min`) || Number.NaN),
    daysMax: Number(form.get(`${agency}.max`) || Number.NaN),
  }));
  const response = await context.api.call(fijarTarifasEnvio, { tarifas });
  if (!response.body.success) return data({ ...formErrors(response), saved: null }, { status: response.status });
  return { saved: `Tarifas de ${state} guardadas.`, message: undefined, errors: undefined };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Tarifas de envío');
}

/** Dollars with a decimal comma, as the staff type them. */
const asTyped = (cost: string | null) => (cost === null ? '' : cost.replace('.', ','));

export default function TarifasDeEnvio({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const submit = useSubmit();
  const { state, rates } = loaderData;
  const errors = actionData?.errors ? Object.values(actionData.errors).flat() : [];
  return (
    <Stack gap="md">
      <Title order={1}>Tarifas de envío</Title>
      <Text c="dimmed" size="sm">
        Costo en dólares que se suma a la orden y días estimados de entrega, por agencia y estado. Deje el costo vacío cuando la agencia
        cobra el envío al recibir (por cobrar en destino). El retiro en tienda siempre es gratis.
      </Text>
      <Form method="get">
        <NativeSelect
          label="Estado"
          name="estado"
          key={state}
          defaultValue={state}
          maw={320}
          data={VENEZUELAN_STATES.map((s) => s.name)}
          onChange={(event) => submit(event.currentTarget.form)}
        />
      </Form>
      {actionData?.saved && (
        <Alert color="green" role="status" data-testid="tarifas-guardadas">
          {actionData.saved}
        </Alert>
      )}
      {actionData?.message && (
        <Alert color="red" role="alert">
          {errors.length > 0 ? errors.join(' · ') : actionData.message}
        </Alert>
      )}
      <Form method="post" key={`${state}-${actionData?.saved ?? ''}`}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {SHIPPING_AGENCY_IDS.map((agency) => {
              const rate = rates.find((r) => r.agency === agency);
              return (
                <Card key={agency} withBorder padding="sm" data-testid={`tarifa-${agency}`}>
                  <Group justify="space-between" mb="xs">
                    <Text fw={700}>{SHIPPING_AGENCY_LABELS[agency]}</Text>
                    <Text size="sm" c="dimmed">
                      {rate
                        ? `${rate.costUsd === null ? 'Por cobrar en destino' : 'Pagado en la orden'} · ${formatShippingDays(rate.daysMin, rate.daysMax)}`
                        : 'Sin tarifa'}
                    </Text>
                  </Group>
                  <Group grow align="start" wrap="nowrap" gap="xs">
                    <CampoMonto
                      label="Costo (US$)"
                      name={`${agency}.cost`}
                      placeholder="Por cobrar"
                      defaultValue={asTyped(rate?.costUsd ?? null)}
                    />
                    <TextInput label="Días mín." name={`${agency}.min`} inputMode="numeric" defaultValue={String(rate?.daysMin ?? 1)} />
                    <TextInput label="Días máx." name={`${agency}.max`} inputMode="numeric" defaultValue={String(rate?.daysMax ?? 3)} />
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={busy}>
              Guardar las tarifas de {state}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
