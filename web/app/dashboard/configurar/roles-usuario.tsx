// /dashboard/configurar/roles-usuario (admin): search a user and change their roles.
import { Alert, Badge, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import { actualizarPermisos, permisosRoles, permisosUsuarios } from '#domain/contracts/profile.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { formInput, unwrap, unwrapList } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/roles-usuario';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ['admin']);
  const url = new URL(request.url);
  const page = /^\d+$/.test(url.searchParams.get('page') ?? '') ? String(url.searchParams.get('page')) : '1';
  const search = url.searchParams.get('search')?.trim();
  const [users, roles] = await allCritical(context.publicUrl, [
    context.api.call(permisosUsuarios, { page, ...(search ? { search: search.slice(0, 100) } : {}) }),
    context.api.call(permisosRoles, {}),
  ]);
  const list = unwrapList(users);
  return { users: list.items, meta: list.meta, roles: unwrap(roles), search: search ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const userId = Number(form.get('userId'));
  const roles = form.getAll('roles').map(String);
  const response = await context.api.call(actualizarPermisos, formInput(actualizarPermisos, { userId, roles }));
  if (!response.body.success) return data({ ...formErrors(response), saved: null }, { status: response.status });
  return {
    saved: response.body.data.isCurrentUser
      ? 'Sus roles fueron actualizados; el menú ya muestra los cambios.'
      : 'Roles actualizados. Las sesiones de ese usuario se cerraron.',
    message: undefined,
    errors: undefined,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Roles de usuario');
}

export default function RolesUsuario({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Stack gap="md">
      <Title order={1}>Roles de usuario</Title>
      {actionData?.saved && (
        <Alert color="green" role="status" data-testid="roles-guardados">
          {actionData.saved}
        </Alert>
      )}
      {actionData?.message && <Alert color="red">{actionData.message}</Alert>}
      <Form method="get">
        <Group align="end">
          <TextInput label="Buscar usuario" name="search" placeholder="Correo o nombre" defaultValue={loaderData.search} />
          <Button type="submit" variant="light">
            Buscar
          </Button>
        </Group>
      </Form>
      {loaderData.users.length === 0 && <Text c="dimmed">No hay usuarios con esa búsqueda.</Text>}
      <Stack gap="sm">
        {loaderData.users.map((user) => (
          <Card key={user.id} withBorder padding="md" data-testid={`usuario-${user.email}`}>
            <Form method="post">
              <input type="hidden" name="userId" value={user.id} />
              <Group justify="space-between" align="start" wrap="wrap">
                <div>
                  <Text fw={600}>
                    {user.nickname} {user.disabled && <Badge color="gray">Deshabilitado</Badge>}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {user.email}
                  </Text>
                </div>
                <Group gap="md" wrap="wrap">
                  {loaderData.roles.map((role) => (
                    <Checkbox key={role.id} name="roles" value={role.id} label={role.name} defaultChecked={user.roles.includes(role.id)} />
                  ))}
                  <Button type="submit" size="xs" loading={busy}>
                    Guardar
                  </Button>
                </Group>
              </Group>
            </Form>
          </Card>
        ))}
      </Stack>
      <Paginacion meta={loaderData.meta} label="usuarios" />
    </Stack>
  );
}
