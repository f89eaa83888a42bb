// /dashboard/perfil/hijo: the customer's children, by birthday, 15 a page; add and remove.
import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import { agregarHijo, eliminarHijo, obtenerHijos } from '#domain/contracts/profile.ts';
import { formatDate } from '#domain/dates.ts';
import { CHILD_RELATIONSHIP_OPTIONS, GENDER_OPTIONS } from '#domain/store-constants.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { formInput, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors } from '#web/lib/session.ts';
import type { Route } from './+types/hijos';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  const { items, meta } = unwrapList(await context.api.call(obtenerHijos, { page: /^\d+$/.test(page) ? page : '1' }));
  return { hijos: items, meta };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'eliminar') {
    const response = await context.api.call(eliminarHijo, { id: String(Number(form.get('id'))) });
    return response.body.success ? { ok: 'Registro eliminado.' } : data({ ...formErrors(response), ok: null }, { status: response.status });
  }
  const response = await context.api.call(
    agregarHijo,
    formInput(agregarHijo, {
      name: String(form.get('name') ?? ''),
      relationship: String(form.get('relationship') ?? ''),
      gender: String(form.get('gender') ?? ''),
      birthday: String(form.get('birthday') ?? ''),
    }),
  );
  if (!response.body.success) return data({ ...formErrors(response), ok: null }, { status: response.status });
  return { ok: 'Registro agregado.', message: undefined, errors: undefined };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Mis hijos');
}

const label = (options: { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

export default function Hijos({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Stack gap="md">
      <Title order={1}>Mis hijos</Title>
      {actionData?.ok && (
        <Alert color="green" role="status">
          {actionData.ok}
        </Alert>
      )}
      {actionData?.message && !actionData.errors && <Alert color="red">{actionData.message}</Alert>}
      <Card withBorder padding="lg">
        <Form method="post" key={actionData?.ok ?? 'form'}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <TextInput label="Nombre" name="name" required error={fieldError(actionData ?? undefined, 'name')} />
            <NativeSelect
              label="Parentesco"
              name="relationship"
              data={CHILD_RELATIONSHIP_OPTIONS}
              error={fieldError(actionData ?? undefined, 'relationship')}
            />
            <NativeSelect label="Género" name="gender" data={GENDER_OPTIONS} error={fieldError(actionData ?? undefined, 'gender')} />
            <TextInput
              label="Fecha de nacimiento"
              name="birthday"
              type="date"
              required
              error={fieldError(actionData ?? undefined, 'birthday')}
            />
          </SimpleGrid>
          <Button type="submit" mt="md" loading={busy}>
            Agregar
          </Button>
        </Form>
      </Card>
      {loaderData.hijos.length === 0 ? (
        <Text c="dimmed">Aún no ha registrado hijos.</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder data-testid="tabla-hijos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Parentesco</Table.Th>
                <Table.Th>Género</Table.Th>
                <Table.Th>Nacimiento</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.hijos.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{h.name}</Table.Td>
                  <Table.Td>{label(CHILD_RELATIONSHIP_OPTIONS, h.relationship)}</Table.Td>
                  <Table.Td>{label(GENDER_OPTIONS, h.gender)}</Table.Td>
                  <Table.Td>{formatDate(h.birthday)}</Table.Td>
                  <Table.Td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="eliminar" />
                      <input type="hidden" name="id" value={h.id} />
                      <Group justify="end">
                        <Button type="submit" size="compact-sm" color="red" variant="subtle" aria-label={`Eliminar a ${h.name}`}>
                          Eliminar
                        </Button>
                      </Group>
                    </Form>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paginacion meta={loaderData.meta} label="registros" />
    </Stack>
  );
}
