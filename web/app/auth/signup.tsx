import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { fieldError } from '../components/campo-error.ts';
import { pageMeta } from '../lib/meta.ts';
import { cookieHeaders, formErrors, requireGuest } from '../lib/session.ts';
import type { Route } from './+types/signup';
import { AuthPage } from './auth-page.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireGuest(request, context.api);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const response = await context.api.post('auth/register', {
    nickname: String(form.get('nickname') ?? ''),
    email: String(form.get('email') ?? ''),
    password: String(form.get('password') ?? ''),
    password_confirmation: String(form.get('password_confirmation') ?? ''),
    remember: form.get('remember') === 'on',
  });
  if (!response.body.success) return data(formErrors(response), { status: response.status });
  return redirect('/dashboard?mensaje=bienvenida', { headers: cookieHeaders(response) });
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Crear cuenta'), { name: 'robots', content: 'noindex' }];
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthPage title="Crear cuenta" error={actionData?.errors ? null : actionData?.message}>
      <Form method="post">
        <Stack gap="sm">
          <TextInput label="Nombre" name="nickname" autoComplete="given-name" required error={fieldError(actionData, 'nickname')} />
          <TextInput
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={fieldError(actionData, 'email')}
          />
          <PasswordInput
            label="Contraseña"
            description="De 8 a 128 caracteres"
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
          <Checkbox label="Recordarme en este equipo" name="remember" />
          <Button type="submit" loading={busy} fullWidth>
            Crear cuenta
          </Button>
          <Text size="sm" ta="center">
            ¿Ya tiene cuenta?{' '}
            <Anchor component={Link} to="/auth/login">
              Ingresar
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthPage>
  );
}
