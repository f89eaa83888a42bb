// /dashboard/correos (admin): the outbox, every message the store sent, readable in place.
import { Accordion, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { bandeja, bandejaCorreo } from '#domain/contracts/correo.ts';
import { formatDateTime } from '#domain/dates.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/correos';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ['admin']);
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  const list = unwrapList(await context.api.call(bandeja, { page: /^\d+$/.test(page) ? page : '1' }));
  const full = await Promise.all(list.items.map((c) => context.api.call(bandejaCorreo, { id: String(c.id) })));
  return { correos: full.flatMap((r) => (r.body.success ? [r.body.data] : [])), meta: list.meta };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Correos enviados');
}

export default function Correos({ loaderData }: Route.ComponentProps) {
  return (
    <Stack gap="md">
      <Title order={1}>Correos enviados</Title>
      <Text c="dimmed" size="sm">
        Todo correo de la tienda queda aquí; con SMTP configurado además se entrega al destinatario. Los enlaces para crear una cuenta o
        cambiar una contraseña solo viajan en el correo entregado: aquí se ven como «[enlace oculto]».
      </Text>
      {loaderData.correos.length === 0 && <Text c="dimmed">No hay correos.</Text>}
      <Accordion variant="separated">
        {loaderData.correos.map((c) => (
          <Accordion.Item key={c.id} value={String(c.id)} data-testid="correo">
            <Accordion.Control>
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>{c.subject}</Text>
                <Group gap="xs">
                  <Text size="sm">{c.to}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(c.createdAt)}
                  </Text>
                  {c.sentAt ? (
                    <Badge color="green">Entregado</Badge>
                  ) : c.error ? (
                    <Badge color="red">Error</Badge>
                  ) : (
                    <Badge color="gray">Solo bandeja</Badge>
                  )}
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {c.attempts > 0 && (
                <Text size="sm" c="dimmed" mb="xs" data-testid="correo-intentos">
                  {c.attempts === 1 ? '1 intento de entrega' : `${c.attempts} intentos de entrega`}
                  {c.lastAttemptAt ? `, el último el ${formatDateTime(c.lastAttemptAt)}` : ''}
                  {c.error && !c.sentAt ? `; el último falló: ${c.error}` : '.'}
                </Text>
              )}
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="correo-texto">
                {c.text}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Paginacion meta={loaderData.meta} label="correos" />
    </Stack>
  );
}
