import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { data, Form, redirect, useNavigation } from 'react-router';
import { passwordReset } from '#domain/contracts/auth.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors } from '#web/lib/session.ts';
import type { Route } from './+types/password-reset';
import { AuthPage } from './auth-page.tsx';

export function loader({ params, request }: Route.LoaderArgs) {
  if (!params.token) throw redirect('/auth/password/email');
  return { token: params.token, email: new URL(request.url).searchParams.get('email') ?? '' };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const response = await context.api.call(passwordReset, {
    token: params.token ?? '',
    email: String(form.get('email') ?? ''),
    password: String(form.get('password') ?? ''),
    password_confirmation: String(form.get('password_confirmation') ?? ''),
  });
  if (!response.body.success) return data(formErrors(response), { status: response.status });
  return redirect('/auth/login?mensaje=clave-restablecida');
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Restablecer contraseña'), { name: 'robots', content: 'noindex' }];
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthPage title="Restablecer contraseña" error={actionData?.errors ? null : actionData?.message}>
      <Form method="post">
        <Stack gap="sm">
          <TextInput
            label="Correo electrónico"
            name="email"
            type="email"
            defaultValue={loaderData.email}
            required
            error={fieldError(actionData, 'email')}
          />
          <PasswordInput
            label="Nueva contraseña"
            name="password"
            autoComplete="new-password"
            required
            error={fieldError(actionData, 'password')}
          />
          <PasswordInput
            label="Confirmar contraseña"
            name="password_confirmation"
            autoComplete="new-password"
            required
            error={fieldError(actionData, 'password_confirmation')}
          />
          <Button type="submit" loading={busy} fullWidth>
            Guardar contraseña
          </Button>
        </Stack>
      </Form>
    </AuthPage>
  );
}
