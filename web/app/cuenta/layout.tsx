// The shopper's account inside the store's layout: the login guard and the account's own menu.
// Staff reach the back office from here too; customers never need the panel.
import { Button, Container, Group, Stack } from '@mantine/core';
import { Form, NavLink, Outlet } from 'react-router';
import { isStaff } from '#domain/roles.ts';
import { requireUser } from '#web/lib/session.ts';
import type { Route } from './+types/layout';
import { CUENTA } from './rutas.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.api);
  return { user, staff: isStaff(user.roles) };
}

const LINKS = [
  { to: CUENTA.perfil, label: 'Mi perfil', end: true },
  { to: CUENTA.compras, label: 'Mis compras', end: false },
  { to: CUENTA.hijos, label: 'Mis hijos', end: true },
  { to: CUENTA.clave, label: 'Contraseña', end: true },
] as const;

export default function CuentaLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group component="nav" aria-label="Mi cuenta" gap={6} wrap="wrap" data-testid="menu-cuenta">
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} style={{ textDecoration: 'none' }}>
              {({ isActive }) => (
                <Button component="span" size="sm" variant={isActive ? 'filled' : 'default'}>
                  {link.label}
                </Button>
              )}
            </NavLink>
          ))}
          {loaderData.staff && (
            <NavLink to={CUENTA.verificacion} end style={{ textDecoration: 'none' }}>
              {({ isActive }) => (
                <Button component="span" size="sm" variant={isActive ? 'filled' : 'default'}>
                  Verificación en dos pasos
                </Button>
              )}
            </NavLink>
          )}
          {loaderData.staff && (
            <Button component={NavLink} to="/dashboard" size="sm" variant="subtle">
              Panel
            </Button>
          )}
          <Form method="post" action="/auth/salir">
            <Button type="submit" size="sm" variant="subtle">
              Salir
            </Button>
          </Form>
        </Group>
        <Outlet />
      </Stack>
    </Container>
  );
}
