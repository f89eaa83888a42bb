import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import { passwordEmail } from '#domain/contracts/auth.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireGuest } from '#web/lib/session.ts';
import type { Route } from './+types/password-email';
import { AuthPage } from './auth-page.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireGuest(request, context.api);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const response = await context.api.call(passwordEmail, { email: String(form.get('email') ?? '') });
  if (!response.body.success) return data({ ...formErrors(response), sent: null }, { status: response.status });
  return { sent: response.body.data.message, message: undefined, errors: undefined };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Recuperar contraseña'), { name: 'robots', content: 'noindex' }];
}

export default function PasswordEmail({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthPage title="Recuperar contraseña" error={actionData?.errors ? null : actionData?.message}>
      {actionData?.sent ? (
        <Alert color="green" role="status" data-testid="aviso-enviado">
          {actionData.sent}
        </Alert>
      ) : (
        <Form method="post">
          <Stack gap="sm">
            <TextInput
              label="Correo electrónico"
              name="email"
              type="email"
              autoComplete="email"
              required
              error={fieldError(actionData ?? undefined, 'email')}
            />
            <Button type="submit" loading={busy} fullWidth>
              Enviar enlace
            </Button>
          </Stack>
        </Form>
      )}
    </AuthPage>
  );
}
