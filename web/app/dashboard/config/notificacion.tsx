// /dashboard/config/notificacion (admin): who is e-mailed about each web sale, and the staff user
// in charge of web sales placed without a salesman.
import { Alert, Button, Card, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import {
  encargadoDeVentas,
  fijarEncargadoDeVentas,
  fijarUsuariosNotificados,
  type StaffUser,
  usuariosNotificados,
} from '#domain/contracts/config.ts';
import { ROLE_LABELS } from '#domain/roles.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { unwrap } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/notificacion';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ['admin']);
  const [notified, inCharge] = await allCritical(context.publicUrl, [
    context.api.call(usuariosNotificados, {}),
    context.api.call(encargadoDeVentas, {}),
  ]);
  const n = unwrap(notified);
  const c = unwrap(inCharge);
  return { notified: n.users.map((u) => String(u.id)), inCharge: c.user ? String(c.user.id) : null, options: n.options };
}

type ActionResult = FormErrors & { saved: string | null; intent: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ['admin']);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  // Mantine's selects post their value in one hidden input: ids joined by commas, or '' for none.
  const ids = (name: string) =>
    String(form.get(name) ?? '')
      .split(',')
      .filter((v) => v.trim() !== '')
      .map(Number);
  const response =
    intent === 'encargado'
      ? await context.api.call(fijarEncargadoDeVentas, { user_id: ids('user_id')[0] ?? null })
      : await context.api.call(fijarUsuariosNotificados, { users: ids('users') });
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), saved: null, intent }, { status: response.status });
  return {
    saved: intent === 'encargado' ? 'Encargado de las ventas web guardado.' : 'Usuarios notificados guardados.',
    intent,
    message: undefined,
    errors: undefined,
  } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Notificaciones de venta');
}

const describe = (u: StaffUser) => `${u.nickname} · ${u.email} (${u.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ')})`;

export default function Notificacion({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const options = loaderData.options.map((u) => ({ value: String(u.id), label: describe(u) }));
  const errorsFor = (intent: string) => (result?.intent === intent ? result : undefined);
  return (
    <Stack gap="md">
      <Title order={1}>Notificaciones de venta</Title>
      {result?.saved && (
        <Alert color="green" role="status" data-testid="notificacion-guardada">
          {result.saved}
        </Alert>
      )}
      {result?.message && <Alert color="red">{result.message}</Alert>}
      <Card withBorder padding="lg">
        <Form method="post">
          <input type="hidden" name="intent" value="notificados" />
          <Stack gap="sm">
            <Title order={2} size="h4">
              Avisos por correo
            </Title>
            <Text size="sm" c="dimmed">
              Estas personas reciben un correo con el código, el comprador y el total en dólares y bolívares cada vez que se registra una
              orden en la tienda y cada vez que un comprador reporta un pago.
            </Text>
            <MultiSelect
              label="Usuarios notificados"
              name="users"
              data={options}
              defaultValue={loaderData.notified}
              searchable
              clearable
              nothingFoundMessage="Ningún usuario del personal coincide"
              placeholder="Buscar por nombre o correo"
              error={fieldError(errorsFor('notificados'), 'users')}
              data-testid="usuarios-notificados"
            />
            <Button type="submit" loading={busy} w="fit-content">
              Guardar usuarios notificados
            </Button>
          </Stack>
        </Form>
      </Card>
      <Card withBorder padding="lg">
        <Form method="post">
          <input type="hidden" name="intent" value="encargado" />
          <Stack gap="sm">
            <Title order={2} size="h4">
              Encargado de las ventas web
            </Title>
            <Text size="sm" c="dimmed">
              Las órdenes en las que el comprador no eligió vendedor quedan a cargo de esta persona; se muestra en la orden.
            </Text>
            <Select
              label="Encargado"
              name="user_id"
              data={options}
              defaultValue={loaderData.inCharge}
              searchable
              clearable
              nothingFoundMessage="Ningún usuario del personal coincide"
              placeholder="Sin encargado"
              error={fieldError(errorsFor('encargado'), 'user_id')}
              data-testid="encargado-ventas"
            />
            <Button type="submit" loading={busy} w="fit-content">
              Guardar encargado
            </Button>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
