// /dashboard/config/notificacion (admin): who is e-mailed about each web sale, the staff user in
// charge of web sales placed without a salesman, the IGTF of staff sales, and the most staff may
// write off of a short web payment (docs/dominio.md §Lo que se recibe y lo que se debe).
import { Alert, Button, Card, MultiSelect, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import { formatPercent } from '#domain/cambio-masivo.ts';
import {
  encargadoDeVentas,
  fijarEncargadoDeVentas,
  fijarIgtf,
  fijarToleranciaCastigo,
  fijarUsuariosNotificados,
  igtfDeVentas,
  type StaffUser,
  toleranciaCastigo,
  usuariosNotificados,
} from '#domain/contracts/config.ts';
import { formatDateTime } from '#domain/dates.ts';
import { montoParaCampo } from '#domain/money.ts';
import { ROLE_LABELS } from '#domain/roles.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { formInput, unwrap } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/notificacion';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ['admin']);
  const [notified, inCharge, igtf, tolerancia] = await allCritical(context.publicUrl, [
    context.api.call(usuariosNotificados, {}),
    context.api.call(encargadoDeVentas, {}),
    context.api.call(igtfDeVentas, {}),
    context.api.call(toleranciaCastigo, {}),
  ]);
  const n = unwrap(notified);
  const c = unwrap(inCharge);
  return {
    notified: n.users.map((u) => String(u.id)),
    inCharge: c.user ? String(c.user.id) : null,
    options: n.options,
    igtf: unwrap(igtf),
    tolerancia: unwrap(tolerancia).tolerancia,
  };
}

/** 350 → "3,5": the rate as the field shows it, without the sign. */
const percentText = (basisPoints: number) => formatPercent(basisPoints, false).replace(' %', '');

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
      : intent === 'igtf'
        ? // A switch posts "on" when it is on and nothing when it is off.
          await context.api.call(
            fijarIgtf,
            formInput(fijarIgtf, { cobrar: form.get('cobrar') === 'on', tasa: String(form.get('tasa') ?? '') }),
          )
        : intent === 'tolerancia'
          ? await context.api.call(
              fijarToleranciaCastigo,
              formInput(fijarToleranciaCastigo, { tolerancia: String(form.get('tolerancia') ?? '') }),
            )
          : await context.api.call(fijarUsuariosNotificados, { users: ids('users') });
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), saved: null, intent }, { status: response.status });
  const saved: Record<string, string> = {
    encargado: 'Encargado de las ventas web guardado.',
    igtf: 'IGTF guardado: las ventas nuevas lo usan desde ya.',
    tolerancia: 'Tolerancia para castigar guardada.',
  };
  return {
    saved: saved[intent] ?? 'Usuarios notificados guardados.',
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
  const { igtf, tolerancia } = loaderData;
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
      <Card withBorder padding="lg">
        {/* Remounted when the saved value changes, so the fields show what was stored. */}
        <Form method="post" key={`${igtf.cobrar}-${igtf.basisPoints}`}>
          <input type="hidden" name="intent" value="igtf" />
          <Stack gap="sm">
            <Title order={2} size="h4">
              IGTF en pagos en divisas
            </Title>
            <Text size="sm" c="dimmed">
              En las ventas del personal, lo pagado en efectivo en dólares, Zelle, PayPal o Uphold lleva el IGTF en su propia línea de la
              factura. Los pagos en bolívares no lo llevan.
            </Text>
            <Text fw={600} data-testid="igtf-vigente">
              {igtf.cobrar ? `Hoy se cobra el ${formatPercent(igtf.basisPoints, false)}.` : 'Hoy no se cobra.'}
            </Text>
            <Switch name="cobrar" label="Cobrar el IGTF" defaultChecked={igtf.cobrar} data-testid="igtf-cobrar" />
            <TextInput
              label="Tasa (%)"
              name="tasa"
              required
              inputMode="decimal"
              defaultValue={percentText(igtf.basisPoints)}
              placeholder="Ejemplo: 3 o 3,5"
              description="De 0 a 10 %, con hasta 2 decimales."
              error={fieldError(errorsFor('igtf'), 'tasa') ?? fieldError(errorsFor('igtf'), 'cobrar')}
              maw={220}
              data-testid="igtf-tasa"
            />
            {igtf.updatedAt && (
              <Text size="xs" c="dimmed">
                Último cambio de estos ajustes: {formatDateTime(igtf.updatedAt)}
                {igtf.updatedBy ? ` por ${igtf.updatedBy.nickname}` : ''}.
              </Text>
            )}
            <Button type="submit" loading={busy} w="fit-content">
              Guardar IGTF
            </Button>
          </Stack>
        </Form>
      </Card>
      <Card withBorder padding="lg">
        <Form method="post" key={tolerancia}>
          <input type="hidden" name="intent" value="tolerancia" />
          <Stack gap="sm">
            <Title order={2} size="h4">
              Tolerancia para castigar diferencias
            </Title>
            <Text size="sm" c="dimmed">
              Cuando un pago de una orden web llega corto, quien aprueba el pago puede castigar la diferencia, con un motivo, hasta este
              monto; si falta más, la orden espera el resto. Con 0 nunca se castiga.
            </Text>
            <CampoMonto
              label="Tolerancia (USD)"
              name="tolerancia"
              required
              etiqueta="La tolerancia"
              defaultValue={montoParaCampo(tolerancia)}
              error={fieldError(errorsFor('tolerancia'), 'tolerancia')}
              maw={220}
              data-testid="tolerancia-castigo"
            />
            <Button type="submit" loading={busy} w="fit-content">
              Guardar tolerancia
            </Button>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
