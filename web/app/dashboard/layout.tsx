// The back-office layout. Its auth guard sends visitors without a session to the login page
// with the message of spec §6; staff sessions arrive with the accounts module.
import { AppShell, Group, Text } from '@mantine/core';
import { Outlet, redirect } from 'react-router';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  const menu = await context.api.get<unknown[]>('auth/menu');
  if (menu.status !== 200) throw redirect('/auth/login?mensaje=sesion-culminada');
  return { menu: menu.body.success ? menu.body.data : [] };
}

export default function DashboardLayout() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md">
          <Text fw={700}>Vitrina · Administración</Text>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
