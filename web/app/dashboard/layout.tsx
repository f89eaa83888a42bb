// The back-office layout: auth guard, sidebar built from auth/menu, e-mail verification notice.
import { Alert, AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Form, Link, Outlet, useFetcher, useLocation } from 'react-router';
import type { MenuEntry } from '../../../domain/roles.ts';
import { requireUser } from '../lib/session.ts';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.api);
  const menu = await context.api.get<MenuEntry[]>('auth/menu');
  return { user, menu: menu.body.success ? menu.body.data : [] };
}

export async function action({ context }: Route.ActionArgs) {
  const response = await context.api.post<{ message: string }>('auth/email/resend');
  return { message: response.body.success ? response.body.data.message : response.body.message };
}

function MenuLinks({ entries, pathname, onNavigate }: { entries: MenuEntry[]; pathname: string; onNavigate: () => void }) {
  return (
    <>
      {entries.map((entry) =>
        entry.items ? (
          <NavLink key={entry.title} label={entry.title} defaultOpened={entry.items.some((i) => i.route === pathname)} childrenOffset={12}>
            <MenuLinks entries={[...entry.items]} pathname={pathname} onNavigate={onNavigate} />
          </NavLink>
        ) : (
          <NavLink
            key={entry.title}
            component={Link}
            to={entry.route ?? '/dashboard'}
            label={entry.title}
            active={entry.route === pathname}
            onClick={onNavigate}
          />
        ),
      )}
    </>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user, menu } = loaderData;
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const resend = useFetcher<typeof action>();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir menú del panel" />
            <Text component={Link} to="/dashboard" fw={700}>
              Vitrina · Panel
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="xs" data-testid="usuario-sesion">
              {user.nickname}
            </Text>
            <Button component={Link} to="/" variant="subtle" size="xs" visibleFrom="sm">
              Tienda
            </Button>
            <Form method="post" action="/auth/salir">
              <Button type="submit" variant="light" size="xs">
                Salir
              </Button>
            </Form>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menú del panel">
        <ScrollArea>
          <MenuLinks entries={menu} pathname={location.pathname} onNavigate={close} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {!user.email_verified_at && (
          <Alert color="yellow" mb="md" title="Verifique su correo" data-testid="aviso-verificacion">
            Le enviamos un enlace a {user.email} para confirmar su correo.{' '}
            <resend.Form method="post" action="/dashboard" style={{ display: 'inline' }}>
              <Button type="submit" variant="subtle" size="compact-sm" loading={resend.state !== 'idle'}>
                Reenviar enlace
              </Button>
            </resend.Form>
            {resend.data && <Text size="sm">{resend.data.message}</Text>}
          </Alert>
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
