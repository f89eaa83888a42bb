// /mi-cuenta: the user's personal data (name, phone, cédula, state, city, address).
import { Alert, Button, Card, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { usuarioDetalles } from '#domain/contracts/profile.ts';
import { citiesOfState, VENEZUELAN_STATES } from '#domain/venezuela.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireUser } from '#web/lib/session.ts';
import type { Route } from './+types/perfil';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.api);
  const mensaje = new URL(request.url).searchParams.get('mensaje');
  return { user, verified: mensaje === 'correo-verificado', welcome: mensaje === 'bienvenida' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  const response = await context.api.call(usuarioDetalles, {
    fullName: field('fullName'),
    phone: field('phone'),
    dni: field('dni'),
    state: field('state'),
    city: field('city'),
    address: field('address'),
  });
  if (!response.body.success) return data({ ...formErrors(response), saved: false }, { status: response.status });
  return { saved: true, message: undefined, errors: undefined };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Mi perfil');
}

export default function Perfil({ loaderData, actionData }: Route.ComponentProps) {
  const { user, verified, welcome } = loaderData;
  const [state, setState] = useState(user.detail.state);
  const cities = state ? citiesOfState(state).map((c) => c.name) : [];
  const busy = useNavigation().state === 'submitting';
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Mi perfil</Title>
      {welcome && (
        <Alert color="green" role="status" data-testid="mensaje-bienvenida">
          ¡Bienvenido! Su cuenta fue creada.
        </Alert>
      )}
      {verified && <Alert color="green">Su correo fue verificado.</Alert>}
      {actionData?.saved && (
        <Alert color="green" role="status" data-testid="perfil-guardado">
          Sus datos fueron guardados.
        </Alert>
      )}
      {actionData?.message && !actionData.errors && <Alert color="red">{actionData.message}</Alert>}
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed" mb="sm">
          {user.email} · {user.email_verified_at ? 'correo verificado' : 'correo sin verificar'}
        </Text>
        <Form method="post">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nombre completo"
              name="fullName"
              defaultValue={user.detail.fullName}
              required
              error={fieldError(actionData, 'fullName')}
            />
            <CampoDocumento label="Cédula o RIF" name="dni" defaultValue={user.detail.dni} required error={fieldError(actionData, 'dni')} />
            <CampoTelefono
              label="Teléfono"
              name="phone"
              defaultValue={user.detail.phone}
              required
              error={fieldError(actionData, 'phone')}
            />
            <NativeSelect
              label="Estado"
              name="state"
              value={state}
              onChange={(e) => setState(e.currentTarget.value)}
              data={[{ value: '', label: 'Elija un estado' }, ...VENEZUELAN_STATES.map((s) => ({ value: s.name, label: s.name }))]}
              error={fieldError(actionData, 'state')}
            />
            {cities.length > 0 ? (
              <NativeSelect
                key={state}
                label="Ciudad"
                name="city"
                defaultValue={user.detail.city}
                data={[{ value: '', label: 'Elija una ciudad' }, ...cities]}
                error={fieldError(actionData, 'city')}
              />
            ) : (
              <TextInput label="Ciudad" name="city" defaultValue={user.detail.city} error={fieldError(actionData, 'city')} />
            )}
            <TextInput
              label="Dirección"
              name="address"
              defaultValue={user.detail.address}
              required
              error={fieldError(actionData, 'address')}
            />
          </SimpleGrid>
          <Button type="submit" mt="md" loading={busy}>
            Guardar
          </Button>
        </Form>
      </Card>
    </Stack>
  );
}
