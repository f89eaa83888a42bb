// /mi-cuenta/verificacion: a staff member turns on (or changes, or off) the second factor of their
// login (decision 0039): the key for the authenticator app as a QR code and as text, a first code
// to confirm it, and the ten recovery codes, shown once. An admin who must enrol is sent here.
import { Alert, Button, Card, Code, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { data, Form, redirect, useNavigation } from 'react-router';
import { segundoFactorConfirmar, segundoFactorDesactivar, segundoFactorEstado, segundoFactorIniciar } from '#domain/contracts/auth.ts';
import { isStaff } from '#domain/roles.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireUser } from '#web/lib/session.ts';
import type { Route } from './+types/verificacion';
import { CUENTA } from './rutas.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.api);
  if (!isStaff(user.roles)) throw redirect(CUENTA.perfil);
  const estado = await context.api.call(segundoFactorEstado, {});
  if (!estado.body.success) throw redirect(CUENTA.perfil);
  return { estado: estado.body.data };
}

type Result = {
  message?: string;
  done?: string;
  enrolment?: { secret: string; uri: string; qr_svg: string };
  recoveryCodes?: string[];
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = String(form.get('code') ?? '').trim();
  const intent = form.get('intent');
  if (intent === 'iniciar') {
    const response = await context.api.call(segundoFactorIniciar, code ? { code } : {});
    if (!response.body.success) return data<Result>({ message: response.body.message }, { status: response.status });
    return data<Result>({ enrolment: response.body.data });
  }
  if (intent === 'confirmar') {
    const enrolment = { secret: String(form.get('secret') ?? ''), uri: String(form.get('uri') ?? ''), qr_svg: '' };
    const response = await context.api.call(segundoFactorConfirmar, { code });
    if (!response.body.success) return data<Result>({ message: response.body.message, enrolment }, { status: response.status });
    return data<Result>({ done: response.body.data.message, recoveryCodes: response.body.data.recovery_codes });
  }
  const response = await context.api.call(segundoFactorDesactivar, { code });
  if (!response.body.success) return data<Result>({ message: response.body.message }, { status: response.status });
  return data<Result>({ done: response.body.data.message });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Verificación en dos pasos');
}

export default function Verificacion({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { estado } = loaderData;
  const result: Result | undefined = actionData;
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Verificación en dos pasos</Title>
      {estado.required && (
        <Alert color="yellow" data-testid="segundo-factor-obligatorio">
          Como administrador, debe activar la verificación en dos pasos antes de usar el panel.
        </Alert>
      )}
      {result?.done && <Alert color="green">{result.done}</Alert>}
      {result?.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      {result?.recoveryCodes ? (
        <Card withBorder padding="lg" data-testid="codigos-recuperacion">
          <Stack gap="sm">
            <Text fw={600}>Sus códigos de recuperación</Text>
            <Text size="sm">
              Guárdelos en un lugar seguro: solo se muestran esta vez. Cada uno sirve una sola vez para ingresar si no tiene su teléfono.
            </Text>
            <List spacing={2}>
              {result.recoveryCodes.map((c) => (
                <List.Item key={c}>
                  <Code>{c}</Code>
                </List.Item>
              ))}
            </List>
            <Button component="a" href="/dashboard">
              Ir al panel
            </Button>
          </Stack>
        </Card>
      ) : result?.enrolment ? (
        <Card withBorder padding="lg">
          <Form method="post">
            <input type="hidden" name="intent" value="confirmar" />
            <input type="hidden" name="secret" value={result.enrolment.secret} />
            <input type="hidden" name="uri" value={result.enrolment.uri} />
            <Stack gap="sm">
              <Text size="sm">
                Abra su aplicación de verificación (Google Authenticator, Microsoft Authenticator, FreeOTP…) y escanee el código QR, o
                escriba la clave a mano.
              </Text>
              {result.enrolment.qr_svg && (
                <div
                  style={{ width: 200, height: 200, background: 'white', padding: 8 }}
                  // The SVG is made by the server from the otpauth:// address only (the `qr` package): no text of anyone's.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own QR drawing
                  dangerouslySetInnerHTML={{ __html: result.enrolment.qr_svg }}
                  data-testid="qr-segundo-factor"
                />
              )}
              <Text size="sm">
                Clave: <Code data-testid="clave-segundo-factor">{result.enrolment.secret}</Code>
              </Text>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {result.enrolment.uri}
              </Text>
              <TextInput label="Código de 6 dígitos que muestra la aplicación" name="code" autoComplete="one-time-code" required />
              <Button type="submit" loading={busy}>
                Confirmar y activar
              </Button>
            </Stack>
          </Form>
        </Card>
      ) : estado.enrolled ? (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Text data-testid="segundo-factor-activo">
              La verificación en dos pasos está activa. Le quedan {estado.recovery_codes_left} códigos de recuperación.
            </Text>
            <Form method="post">
              <Stack gap="sm">
                <TextInput
                  label="Código vigente de su aplicación (o uno de recuperación)"
                  name="code"
                  autoComplete="one-time-code"
                  required
                />
                <Group>
                  <Button type="submit" name="intent" value="iniciar" loading={busy}>
                    Cambiar de teléfono
                  </Button>
                  <Button type="submit" name="intent" value="desactivar" color="red" variant="light" loading={busy}>
                    Desactivar
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding="lg">
          <Form method="post">
            <Stack gap="sm">
              <Text size="sm">
                Además de su contraseña, al ingresar se le pedirá el código de 6 dígitos de una aplicación de su teléfono. Así nadie entra a
                su cuenta solo con adivinar o robar la contraseña.
              </Text>
              <Button type="submit" name="intent" value="iniciar" loading={busy}>
                Activar
              </Button>
            </Stack>
          </Form>
        </Card>
      )}
    </Stack>
  );
}
