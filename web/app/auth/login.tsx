import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { login, loginSecondStep, needsSecondStep, socialProveedores } from '#domain/contracts/auth.ts';
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
  const volver = String(form.get('volver') ?? '');
  // The second step (decision 0039): the code of the app, with the challenge the password earned.
  if (form.get('paso') === 'codigo') {
    const challenge = String(form.get('challenge') ?? '');
    const response = await context.api.call(loginSecondStep, { challenge, code: String(form.get('code') ?? '') });
    if (!response.body.success) {
      // A wrong code keeps the step (the challenge is still good); an expired one goes back to the password.
      const expired = response.status === 401 && /venció|no es válido\. Escriba de nuevo/.test(response.body.message);
      return data({ ...formErrors(response), segundoPaso: expired ? undefined : { challenge } }, { status: response.status });
    }
    const merged = await mergeGuestCart(request, context.api);
    return redirect(safeNext(volver, landingFor(response.body.data)), { headers: cookieHeaders([...response.cookies, ...merged]) });
  }
  const response = await context.api.call(login, {
    email: String(form.get('email') ?? ''),
    password: String(form.get('password') ?? ''),
    remember: form.get('remember') === 'on',
  });
  if (!response.body.success) return data(formErrors(response), { status: response.status });
  const answer = response.body.data;
  if (needsSecondStep(answer)) return { segundoPaso: { challenge: answer.challenge }, message: undefined, errors: undefined };
  const merged = await mergeGuestCart(request, context.api);
  return redirect(safeNext(volver, landingFor(answer)), {
    headers: cookieHeaders([...response.cookies, ...merged]),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Ingresar'), { name: 'robots', content: 'noindex' }];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const error = actionData && 'message' in actionData && !actionData.errors ? actionData.message : null;
  const segundoPaso = actionData && 'segundoPaso' in actionData ? actionData.segundoPaso : undefined;
  const formResult = actionData && !('segundoPaso' in actionData) ? actionData : undefined;
  if (segundoPaso) {
    return (
      <AuthPage title="Verificación en dos pasos" error={error}>
        <Form method="post">
          <input type="hidden" name="volver" value={loaderData.volver} />
          <input type="hidden" name="paso" value="codigo" />
          <input type="hidden" name="challenge" value={segundoPaso.challenge} />
          <Stack gap="sm">
            <Text size="sm">
              Escriba el código de 6 dígitos que muestra su aplicación de verificación. Si no tiene el teléfono a mano, use uno de sus
              códigos de recuperación (cada uno sirve una sola vez).
            </Text>
            <TextInput
              label="Código"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              autoFocus
              data-testid="codigo-segundo-paso"
            />
            <Button type="submit" loading={busy} fullWidth>
              Verificar
            </Button>
            <Anchor component={Link} to={loaderData.volver ? loginHref(loaderData.volver, 'login') : '/auth/login'} size="sm" ta="center">
              Volver a escribir la contraseña
            </Anchor>
          </Stack>
        </Form>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Ingresar" mensaje={loaderData.mensaje} error={error}>
      <Form method="post">
        <input type="hidden" name="volver" value={loaderData.volver} />
        <Stack gap="sm">
          <TextInput
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={fieldError(formResult, 'email')}
          />
          <PasswordInput
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            required
            error={fieldError(formResult, 'password')}
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
