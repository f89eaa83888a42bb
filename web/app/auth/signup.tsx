// Sign-up in two steps (docs/decisions/0008): the form asks for the account and always answers
// "check your mail"; the mailed link comes back here (?codigo=…) and creates it with one click.
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { register, registerConfirm } from '#domain/contracts/auth.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { cookieHeaders, type FormErrors, formErrors, mergeGuestCart, requireGuest, safeNext } from '#web/lib/session.ts';
import type { Route } from './+types/signup';
import { AuthPage } from './auth-page.tsx';
import { loginHref } from './volver.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireGuest(request, context.api);
  const params = new URL(request.url).searchParams;
  return { codigo: params.get('codigo') ?? '', volver: safeNext(params.get('volver'), '') };
}

// The mailed link opens in this browser most of the time: the page the shopper signed up from
// waits in a cookie of this page, so creating the account takes them back there.
const VOLVER_COOKIE = 'volver_registro';
const volverCookie = (path: string, maxAge: number) =>
  `${VOLVER_COOKIE}=${encodeURIComponent(path)}; Path=/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`;

function volverOf(request: Request): string | null {
  const match = (request.headers.get('cookie') ?? '').match(/(?:^|;\s*)volver_registro=([^;]*)/);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

type ActionData = FormErrors & { sent?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'confirmar') {
    const confirmed = await context.api.call(registerConfirm, {
      codigo: String(form.get('codigo') ?? ''),
      remember: form.get('remember') === 'on',
    });
    if (!confirmed.body.success) return data<ActionData>(formErrors(confirmed), { status: confirmed.status });
    const merged = await mergeGuestCart(request, context.api);
    const next = safeNext(volverOf(request), '/mi-cuenta?mensaje=bienvenida');
    return redirect(next, { headers: cookieHeaders([...confirmed.cookies, ...merged, volverCookie('', 0)]) });
  }
  const response = await context.api.call(register, {
    nickname: String(form.get('nickname') ?? ''),
    email: String(form.get('email') ?? ''),
    password: String(form.get('password') ?? ''),
    password_confirmation: String(form.get('password_confirmation') ?? ''),
  });
  if (!response.body.success) return data<ActionData>(formErrors(response), { status: response.status });
  const volver = safeNext(form.get('volver'), '');
  const headers = volver ? cookieHeaders([volverCookie(volver, 24 * 60 * 60)]) : undefined;
  return data<ActionData>({ sent: response.body.data.message }, { headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Crear cuenta'), { name: 'robots', content: 'noindex' }];
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const error = actionData?.errors ? null : actionData?.message;
  if (loaderData.codigo) {
    return (
      <AuthPage title="Crear su cuenta" error={error}>
        <Form method="post">
          <input type="hidden" name="intent" value="confirmar" />
          <input type="hidden" name="codigo" value={loaderData.codigo} />
          <Stack gap="sm">
            <Text>Su correo quedó confirmado con este enlace. Cree su cuenta para entrar.</Text>
            <Checkbox label="Recordarme en este equipo" name="remember" />
            <Button type="submit" loading={busy} fullWidth>
              Crear mi cuenta
            </Button>
            {error && (
              <Text size="sm" ta="center">
                <Anchor component={Link} to="/auth/signup">
                  Volver a registrarse
                </Anchor>
              </Text>
            )}
          </Stack>
        </Form>
      </AuthPage>
    );
  }
  if (actionData?.sent) {
    return (
      <AuthPage title="Crear cuenta">
        <Alert color="green" role="status" data-testid="aviso-registro">
          {actionData.sent}
        </Alert>
        <Text size="sm" c="dimmed">
          El enlace vence en 24 horas. Si no le llega en unos minutos, revise la carpeta de correo no deseado.
        </Text>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Crear cuenta" error={error}>
      <Form method="post">
        <input type="hidden" name="volver" value={loaderData.volver} />
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
          <Button type="submit" loading={busy} fullWidth>
            Crear cuenta
          </Button>
          <Text size="sm" ta="center">
            ¿Ya tiene cuenta?{' '}
            <Anchor component={Link} to={loaderData.volver ? loginHref(loaderData.volver) : '/auth/login'}>
              Ingresar
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthPage>
  );
}
