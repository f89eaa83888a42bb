import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { login, socialProveedores } from '#domain/contracts/auth.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { cookieHeaders, formErrors, landingFor, mergeGuestCart, requireGuest, safeNext } from '#web/lib/session.ts';
import type { Route } from './+types/login';
import { AuthPage, guardMessage } from './auth-page.tsx';
import { loginHref } from './volver.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireGuest(request, context.api);
  const providers = await context.api.call(socialProveedores, {});
  return {
    mensaje: guardMessage(request),
    volver: safeNext(new URL(request.url).searchParams.get('volver'), ''),
    providers: providers.body.success ? providers.body.data : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const response = await context.api.call(login, {
    email: String(form.get('email') ?? ''),
    password: String(form.get('password') ?? ''),
    remember: form.get('remember') === 'on',
  });
  if (!response.body.success) return data(formErrors(response), { status: response.status });
  const merged = await mergeGuestCart(request, context.api);
  return redirect(safeNext(form.get('volver'), landingFor(response.body.data)), {
    headers: cookieHeaders([...response.cookies, ...merged]),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Ingresar'), { name: 'robots', content: 'noindex' }];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthPage title="Ingresar" mensaje={loaderData.mensaje} error={actionData?.errors ? null : actionData?.message}>
      <Form method="post">
        <input type="hidden" name="volver" value={loaderData.volver} />
        <Stack gap="sm">
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
            name="password"
            autoComplete="current-password"
            required
            error={fieldError(actionData, 'password')}
          />
          <Group justify="space-between">
            <Checkbox label="Recordarme" name="remember" />
            <Anchor component={Link} to="/auth/password/email" size="sm">
              ¿Olvidó su contraseña?
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth>
            Ingresar
          </Button>
          {loaderData.providers.map((p) => (
            <Button
              key={p.id}
              component="a"
              href={`/api/auth/social/${p.id}${loaderData.volver ? `?volver=${encodeURIComponent(loaderData.volver)}` : ''}`}
              variant="default"
              fullWidth
            >
              Ingresar con {p.label}
            </Button>
          ))}
          <Text size="sm" ta="center">
            ¿No tiene cuenta?{' '}
            <Anchor component={Link} to={loaderData.volver ? loginHref(loaderData.volver, 'signup') : '/auth/signup'}>
              Regístrese
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthPage>
  );
}
