// The back-office layout: auth and has-role guards, sidebar built from auth/menu, e-mail verification notice.
// Every Mantine component's styles, in a CSS layer, so that the unlayered copies of the storefront's
// ones (lib/estilos-tienda.ts, which ProveedorMantine brings here too) and app.css win over them as
// before; then the sales reports' charts and the notifications (only the back office shows them:
// the storefront loads neither their code nor their styles).
import '@mantine/core/styles.layer.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import { Alert, AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { Form, Link, Outlet, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useLocation } from 'react-router';
import { emailResend, menu as menuRoute, segundoFactorEstado } from '#domain/contracts/auth.ts';
import { dashboardPageAt } from '#domain/dashboard-pages.ts';
import { isStaff, type MenuEntry } from '#domain/roles.ts';
import { TOAST_TIMEOUT_MS } from '#domain/store-constants.ts';
import { ProveedorMantine } from '#web/components/proveedor-mantine.tsx';
import { CUENTA, movedAccountPath } from '#web/cuenta/rutas.ts';
import { requireRoleOf, requireUser } from '#web/lib/session.ts';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const moved = movedAccountPath(url.pathname);
  if (moved) throw redirect(moved + url.search);
  const user = await requireUser(request, context.api);
  // A customer has nothing to do in the back office: their account lives in the store.
  if (!isStaff(user.roles)) throw redirect(customerLanding(url));
  // An admin the install requires to have a second factor enrols before anything else (decision 0039).
  if (user.roles.includes('admin')) {
    const factor = await context.api.call(segundoFactorEstado, {});
    if (factor.body.success && factor.body.data.required) throw redirect(`${CUENTA.verificacion}?obligatorio=1`);
  }
  // has-role guard of every dashboard page, built or not, from the one table (unknown paths: the 404 route).
  const page = dashboardPageAt(url.pathname);
  if (page) requireRoleOf(user, page.roles);
  const menu = await context.api.call(menuRoute, {});
  return { user, menu: menu.body.success ? menu.body.data : [] };
}

function customerLanding(url: URL): string {
  const mensaje = url.searchParams.get('mensaje');
  return mensaje === 'bienvenida' ? `${CUENTA.perfil}?mensaje=bienvenida` : CUENTA.perfil;
}

/** The guard above runs on every move inside the panel, not only on the first page loaded. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export async function action({ context }: Route.ActionArgs) {
  const response = await context.api.call(emailResend, {});
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

export default function DashboardLayout(props: Route.ComponentProps) {
  return (
    <ProveedorMantine>
      <Panel {...props} />
    </ProveedorMantine>
  );
}

function Panel({ loaderData }: Route.ComponentProps) {
  const { user, menu } = loaderData;
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const resend = useFetcher<typeof action>();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <Notifications position="top-right" autoClose={TOAST_TIMEOUT_MS} />
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
            <Button component={Link} to="/" variant="subtle" size="xs" data-testid="panel-a-tienda">
              Tienda
            </Button>
            <Button component={Link} to={CUENTA.perfil} variant="subtle" size="xs" visibleFrom="sm">
              Mi cuenta
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
          <NavLink component={Link} to={CUENTA.perfil} label="Mi cuenta" onClick={close} />
          <NavLink component={Link} to="/" label="Volver a la tienda" onClick={close} />
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
