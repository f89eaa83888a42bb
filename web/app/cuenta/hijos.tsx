// /mi-cuenta/hijos: the customer's children, by birthday, 15 a page; add and remove.
import { Alert, Button, Card, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { agregarHijo, eliminarHijo, obtenerHijos } from '#domain/contracts/profile.ts';
import { formatDate } from '#domain/dates.ts';
import { childRelationshipLabel, childRelationshipOptions, GENDER_OPTIONS } from '#domain/store-constants.ts';
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
  const [gender, setGender] = useState('');
  // A child added: the form starts again empty.
  useEffect(() => {
    if (actionData?.ok) setGender('');
  }, [actionData]);
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
            <Radio.Group
              label="Género"
              name="gender"
              withAsterisk
              value={gender}
              onChange={setGender}
              error={fieldError(actionData ?? undefined, 'gender')}
            >
              <Group gap="md" mt={8}>
                {GENDER_OPTIONS.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} required />
                ))}
              </Group>
            </Radio.Group>
            {/* The kinship agrees with the sex chosen just before it (hija with «Femenino»). */}
            <NativeSelect
              label="Parentesco"
              name="relationship"
              required
              defaultValue=""
              data={[{ value: '', label: 'Elija el parentesco' }, ...childRelationshipOptions(gender)]}
              error={fieldError(actionData ?? undefined, 'relationship')}
            />
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
        <Stack gap="xs" data-testid="tabla-hijos">
          {loaderData.hijos.map((h) => (
            <Card key={h.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{h.name}</Text>
                  <Text size="sm">
                    {childRelationshipLabel(h.relationship, h.gender)} · {label(GENDER_OPTIONS, h.gender)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Nació el {formatDate(h.birthday)}
                  </Text>
                </Stack>
                <Form method="post">
                  <input type="hidden" name="intent" value="eliminar" />
                  <input type="hidden" name="id" value={h.id} />
                  <Button type="submit" size="compact-sm" color="red" variant="subtle" aria-label={`Eliminar a ${h.name}`}>
                    Eliminar
                  </Button>
                </Form>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {loaderData.meta.total > 0 && <Paginacion meta={loaderData.meta} label="registros" />}
    </Stack>
  );
}
