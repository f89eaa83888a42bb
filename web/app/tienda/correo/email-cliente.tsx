// /email/{cliente}?firma=…: the newsletter preferences of whoever holds the signed link of a mail
// (no login): confirm the sign-up, unsubscribe in one click, or subscribe again. Opening the link
// changes nothing by itself (mail scanners open links); each change is a button, a real form POST.
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import { confirmar, desuscribir, type EstadoSuscriptor, resuscribir, verPreferencias } from '#domain/contracts/boletin.ts';
import { PaginaSimple } from '#web/components/pagina-simple.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/email-cliente';

const ESTADOS: Record<EstadoSuscriptor, { label: string; color: string; texto: string }> = {
  pendiente: {
    label: 'Sin confirmar',
    color: 'yellow',
    texto: 'Falta confirmar su suscripción: hasta entonces no le enviamos el boletín.',
  },
  confirmado: { label: 'Suscrito', color: 'green', texto: 'Recibe el boletín de la tienda en este correo.' },
  desuscrito: { label: 'Dado de baja', color: 'gray', texto: 'No recibe el boletín: no le enviaremos más campañas.' },
};

function linkOf(params: { cliente?: string }, url: URL) {
  const cliente = params.cliente && /^[1-9]\d{0,9}$/.test(params.cliente) ? params.cliente : null;
  const firma = url.searchParams.get('firma') ?? '';
  return cliente && firma ? { cliente, firma } : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = linkOf(params, url);
  if (!link) return { link: null, preferencias: null, error: null, baja: false };
  const response = await context.api.call(verPreferencias, { cliente: link.cliente, firma: link.firma });
  if (!response.body.success) {
    // A malformed signature is a 422 whose field says what is wrong with the link.
    const error = response.body.errors?.firma?.[0] ?? response.body.message;
    return data({ link: null, preferencias: null, error, baja: false }, { status: response.status === 429 ? 429 : 400 });
  }
  return { link, preferencias: response.body.data, error: null, baja: url.searchParams.get('baja') === '1' };
}

const ACCIONES = { confirmar, desuscribir, resuscribir } as const;
const HECHO: Record<keyof typeof ACCIONES, string> = {
  confirmar: '¡Listo! Su suscripción quedó confirmada.',
  desuscribir: 'Listo: se dio de baja del boletín. No le enviaremos más campañas.',
  resuscribir: '¡Bienvenido de nuevo! Volverá a recibir el boletín.',
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const link = linkOf(params, new URL(request.url));
  const intent = String(form.get('intent') ?? '');
  if (!link || !Object.hasOwn(ACCIONES, intent)) return data({ done: null, message: 'El enlace no es válido.' }, { status: 400 });
  const key = intent as keyof typeof ACCIONES;
  const response = await context.api.call(ACCIONES[key], { cliente: Number(link.cliente), firma: link.firma });
  if (!response.body.success) return data({ done: null, message: response.body.message }, { status: response.status });
  return { done: HECHO[key], message: null };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Preferencias de correo'), { name: 'robots', content: 'noindex' }];
}

export default function EmailCliente({ loaderData, actionData }: Route.ComponentProps) {
  const { preferencias, error, baja } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const result = actionData as { done: string | null; message: string | null } | undefined;
  if (!preferencias) {
    return (
      <PaginaSimple title="Preferencias de correo" intro="Desde aquí maneja su suscripción al boletín de la tienda.">
        {error && (
          <Alert color="red" role="alert" data-testid="enlace-invalido">
            {error}
          </Alert>
        )}
        <Text>
          Abra esta página con el enlace «Preferencias de correo» o «Darse de baja» de cualquier correo del boletín. ¿Quiere recibirlo?{' '}
          <Anchor component={Link} to="/boletin">
            Suscríbase aquí
          </Anchor>
          .
        </Text>
      </PaginaSimple>
    );
  }
  const estado = ESTADOS[preferencias.estado];
  const boton = (intent: keyof typeof ACCIONES, label: string, color?: string) => (
    <Form method="post">
      <Button type="submit" name="intent" value={intent} loading={busy} color={color} data-testid={`boton-${intent}`}>
        {label}
      </Button>
    </Form>
  );
  return (
    <PaginaSimple title="Preferencias de correo" intro="Desde aquí maneja su suscripción al boletín de la tienda.">
      {result?.done && (
        <Alert color="green" role="status" data-testid="preferencia-hecha">
          {result.done}
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="correo-suscriptor">
              {preferencias.email}
            </Text>
            <Badge color={estado.color} variant="light" data-testid="estado-suscripcion">
              {estado.label}
            </Badge>
          </Group>
          <Text>{estado.texto}</Text>
          {preferencias.estado === 'pendiente' && boton('confirmar', 'Confirmar mi suscripción')}
          {preferencias.estado === 'confirmado' && (
            <>
              {baja && !result?.done && <Text fw={500}>¿No quiere recibir más el boletín? Un clic y listo:</Text>}
              {boton('desuscribir', 'Darme de baja', 'red')}
            </>
          )}
          {preferencias.estado === 'desuscrito' && boton('resuscribir', 'Volver a suscribirme')}
        </Stack>
      </Card>
    </PaginaSimple>
  );
}
