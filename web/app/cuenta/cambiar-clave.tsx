// /mi-cuenta/cambiar-clave: the logged-in user changes their password.
import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import { cambiarClave } from '#domain/contracts/profile.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors } from '#web/lib/session.ts';
import type { Route } from './+types/cambiar-clave';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const response = await context.api.call(cambiarClave, {
    current_password: String(form.get('current_password') ?? ''),
    password: String(form.get('password') ?? ''),
    password_confirmation: String(form.get('password_confirmation') ?? ''),
  });
  if (!response.body.success) return data({ ...formErrors(response), done: null }, { status: response.status });
  return { done: response.body.data.message, message: undefined, errors: undefined };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Cambiar contraseña');
}

export default function CambiarClave({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>Cambiar contraseña</Title>
      {actionData?.done && <Alert color="green">{actionData.done}</Alert>}
      {actionData?.message && !actionData.errors && <Alert color="red">{actionData.message}</Alert>}
      <Card withBorder padding="lg">
        <Form method="post">
          <Stack gap="sm">
            <PasswordInput
              label="Contraseña actual"
              name="current_password"
              autoComplete="current-password"
              required
              error={fieldError(actionData ?? undefined, 'current_password')}
            />
            <PasswordInput
              label="Nueva contraseña"
              name="password"
              autoComplete="new-password"
              required
              error={fieldError(actionData ?? undefined, 'password')}
            />
            <PasswordInput
              label="Confirmar nueva contraseña"
              name="password_confirmation"
              autoComplete="new-password"
              required
              error={fieldError(actionData ?? undefined, 'password_confirmation')}
            />
            <Button type="submit" loading={busy}>
              Cambiar contraseña
            </Button>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
