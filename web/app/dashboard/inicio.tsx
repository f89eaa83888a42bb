// The dashboard landing: a welcome and the sections the user's roles open.
import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteLoaderData } from 'react-router';
import { ROLE_LABELS } from '#domain/roles.ts';
import { ownValue } from '#domain/tabla.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/inicio';
import type { loader as layoutLoader } from './layout.tsx';

const MESSAGES: Record<string, { color: string; text: string }> = {
  'sin-permiso': { color: 'red', text: '¡Error! Se necesita permiso para visualizar esta área.' },
  bienvenida: { color: 'green', text: '¡Bienvenido! Su cuenta fue creada.' },
};

export function loader({ request }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('mensaje') ?? '';
  return { mensaje: ownValue(MESSAGES, key) ?? null };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Panel');
}

export default function DashboardInicio({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('dashboard/layout');
  const user = layout?.user;
  const sections = (layout?.menu ?? []).flatMap((entry) => (entry.items ? entry.items.map((i) => ({ ...i, group: entry.title })) : []));
  return (
    <Stack gap="lg">
      {loaderData.mensaje && (
        <Alert color={loaderData.mensaje.color} data-testid="mensaje-panel">
          {loaderData.mensaje.text}
        </Alert>
      )}
      <div>
        <Title order={1}>Hola, {user?.nickname}</Title>
        <Text c="dimmed">
          {user && user.roles.length > 0 ? `Roles: ${user.roles.map((r) => ROLE_LABELS[r]).join(', ')}` : 'Cuenta de cliente'}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {sections.map((s) => (
          <Card key={s.route} component={Link} to={s.route ?? '/dashboard'} withBorder padding="md">
            <Text size="xs" c="dimmed">
              {s.group}
            </Text>
            <Text fw={600}>{s.title}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
