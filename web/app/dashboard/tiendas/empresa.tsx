// /dashboard/tiendas/empresa (admin): the company's legal data — razón social, RIF, fiscal address,
// phones and e-mail — printed on the store's footer, at the foot of every e-mail and on invoices.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import { actualizarDatosEmpresa, actualizarEmpresa, datosEmpresaRoute, empresa } from '#domain/contracts/general.ts';
import { formatDateTime } from '#domain/dates.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { formInput, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/empresa';
import { SeccionesEmpresa } from './secciones-empresa.tsx';

const ROLES = ['admin'] as const;
const FIELDS = ['razonSocial', 'rif', 'address', 'phone1', 'phone2', 'email'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const [datos, secciones] = await Promise.all([context.api.call(datosEmpresaRoute, {}), context.api.call(empresa, {})]);
  return { datos: unwrap(datos), secciones: unwrap(secciones) };
}

type ActionResult = FormErrors & { saved: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  if (form.get('intent') === 'seccion') {
    const seccion = {
      section: String(form.get('section') ?? ''),
      title: String(form.get('title') ?? ''),
      content: String(form.get('content') ?? ''),
    };
    const response = await context.api.call(actualizarEmpresa, formInput(actualizarEmpresa, seccion));
    if (!response.body.success) return data<ActionResult>({ ...formErrors(response), saved: null }, { status: response.status });
    return { saved: 'Sección guardada.', message: undefined, errors: undefined } satisfies ActionResult;
  }
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
  const response = await context.api.call(actualizarDatosEmpresa, formInput(actualizarDatosEmpresa, values));
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), saved: null }, { status: response.status });
  return { saved: 'Datos de la empresa guardados.', message: undefined, errors: undefined } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Datos de la empresa');
}

export default function Empresa({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const { datos } = loaderData;
  const error = (field: string) => fieldError(result, field);
  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>Datos de la empresa</Title>
      <Text size="sm" c="dimmed">
        La razón social y el RIF aparecen en el pie de la tienda, al final de cada correo y en las facturas.
      </Text>
      {result?.saved && (
        <Alert color="green" role="status" data-testid="empresa-guardada">
          {result.saved}
        </Alert>
      )}
      {result?.message && !result.errors && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      <Card withBorder padding="lg">
        {/* A new key after each save: the fields show what was stored (the RIF as normalized). */}
        <Form method="post" data-testid="form-empresa" key={datos.updatedAt ?? 'nuevo'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Razón social" name="razonSocial" required defaultValue={datos.razonSocial} error={error('razonSocial')} />
            <CampoDocumento label="RIF" name="rif" required defaultValue={datos.rif} error={error('rif')} />
            <CampoTelefono label="Teléfono principal" name="phone1" defaultValue={datos.phone1} error={error('phone1')} />
            <CampoTelefono label="Otro teléfono" name="phone2" defaultValue={datos.phone2} error={error('phone2')} />
            <TextInput label="Correo" name="email" type="email" defaultValue={datos.email} error={error('email')} />
          </SimpleGrid>
          <Textarea
            mt="sm"
            label="Dirección fiscal"
            name="address"
            autosize
            minRows={2}
            defaultValue={datos.address}
            error={error('address')}
          />
          <Group justify="space-between" mt="md" wrap="wrap">
            <Text size="xs" c="dimmed">
              {datos.updatedAt ? `Última actualización: ${formatDateTime(datos.updatedAt)}` : 'Aún no se han guardado.'}
            </Text>
            <Button type="submit" loading={busy} data-testid="guardar-empresa">
              Guardar
            </Button>
          </Group>
        </Form>
      </Card>
      <SeccionesEmpresa secciones={loaderData.secciones} />
    </Stack>
  );
}
