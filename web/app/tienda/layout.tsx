// The default layout: header with lines, search, currency and cart; footer with the store's data.
import {
  Anchor,
  AppShell,
  Badge,
  Box,
  Burger,
  Container,
  Divider,
  Drawer,
  Group,
  NavLink,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Form, Link, Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { linePath } from '#domain/catalogo-urls.ts';
import { SelectorMoneda } from '#web/components/selector-moneda.tsx';
import { useRootData } from '#web/root.tsx';

export default function TiendaLayout() {
  const { info, lines, footer, empresa, user, cartUnits } = useRootData();
  const account = user ? { to: '/dashboard', label: 'Mi cuenta' } : { to: '/auth/login', label: 'Ingresar' };
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();

  return (
    <AppShell header={{ height: { base: 112, sm: 72 } }} padding={0}>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <AppShell.Header>
        <Container size="xl" h="100%">
          <Group h={{ base: 56, sm: '100%' }} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Abrir menú" />
              <Link to="/" aria-label={`${info.storeName}, inicio`}>
                <img src={info.logo || '/imagenes/logo.svg'} alt={info.storeName} height={36} width={120} style={{ display: 'block' }} />
              </Link>
            </Group>
            <Group gap="lg" visibleFrom="md" component="nav" aria-label="Líneas">
              {lines.map((line) => (
                <Anchor key={line.code} component={RouterNavLink} to={linePath(line.code)} c="dark" fw={600}>
                  {line.name}
                </Anchor>
              ))}
              <Anchor component={RouterNavLink} to="/articulos/promociones" c="pink.8" fw={700}>
                Ofertas
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Box visibleFrom="sm">
                <BuscarForm key={location.key} />
              </Box>
              <SelectorMoneda />
              <Anchor
                component={Link}
                to="/carrito"
                aria-label={cartUnits > 0 ? `Carrito, ${cartUnits} ${cartUnits === 1 ? 'artículo' : 'artículos'}` : 'Carrito'}
                c="dark"
                fw={600}
                size="sm"
                data-testid="enlace-carrito"
              >
                Carrito
                {cartUnits > 0 && (
                  <Badge size="sm" circle ml={4} data-testid="unidades-carrito">
                    {cartUnits}
                  </Badge>
                )}
              </Anchor>
              <Anchor component={Link} to={account.to} c="dark" size="sm" visibleFrom="xs" data-testid="enlace-cuenta">
                {account.label}
              </Anchor>
            </Group>
          </Group>
          <Box hiddenFrom="sm" pb={8}>
            <BuscarForm key={location.key} />
          </Box>
        </Container>
      </AppShell.Header>

      <Drawer opened={opened} onClose={close} title="Menú" size="xs">
        <Stack gap={0} onClick={close}>
          <NavLink component={Link} to="/" label="Inicio" />
          <NavLink component={Link} to="/linea" label="Todas las líneas" />
          {lines.map((line) => (
            <NavLink key={line.code} component={Link} to={linePath(line.code)} label={line.name} />
          ))}
          <NavLink component={Link} to="/articulos/lo-nuevo" label="Lo nuevo" />
          <NavLink component={Link} to="/articulos/mas-vendidos" label="Más vendidos" />
          <NavLink component={Link} to="/articulos/promociones" label="Ofertas" />
          <NavLink component={Link} to="/nuestras-tiendas" label="Nuestras tiendas" />
          <NavLink component={Link} to={account.to} label={account.label} />
        </Stack>
      </Drawer>

      <AppShell.Main id="contenido">
        <Outlet />
        <PiePagina footer={footer} storeName={info.storeName} empresa={empresa} />
      </AppShell.Main>
    </AppShell>
  );
}

function BuscarForm() {
  return (
    <Form action="/buscar" method="get" role="search">
      <TextInput name="q" size="xs" placeholder="Buscar artículos…" aria-label="Buscar artículos" w={{ base: '100%', sm: 200 }} />
    </Form>
  );
}

type RootData = ReturnType<typeof useRootData>;

function PiePagina({ footer, storeName, empresa }: { footer: RootData['footer']; storeName: string; empresa: RootData['empresa'] }) {
  const social = Object.entries(footer.social_links).filter(([, url]) => url);
  return (
    <Box component="footer" bg="dark.8" c="gray.3" mt={48} py={40}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={700} c="white" size="lg">
              {storeName}
            </Text>
            {footer.about_text.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white">
              La tienda
            </Text>
            {[
              ['/sobre-nosotros', 'Sobre nosotros'],
              ['/nuestras-tiendas', 'Nuestras tiendas'],
              ['/franchise', 'Franquicias'],
              ['/blog', 'Blog'],
              ['/galeria', 'Galería'],
              ['/contact', 'Contacto'],
              ['/privacy-policy', 'Política de privacidad'],
              ['/terms-and-condition', 'Términos y condiciones'],
            ].map(([to, label]) => (
              <UnstyledButton key={to} component={Link} to={to} c="gray.3" fz="sm">
                {label}
              </UnstyledButton>
            ))}
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white">
              Contacto
            </Text>
            {footer.address && <Text size="sm">{footer.address}</Text>}
            {[footer.phone1, footer.phone2].filter(Boolean).map((phone) => (
              <Anchor key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`} c="gray.3" size="sm">
                {phone}
              </Anchor>
            ))}
            {footer.whatsapp && (
              <Anchor href={`https://wa.me/${footer.whatsapp.replace(/\D/g, '')}`} c="gray.3" size="sm" rel="noopener">
                WhatsApp
              </Anchor>
            )}
            {footer.email && (
              <Anchor href={`mailto:${footer.email}`} c="gray.3" size="sm">
                {footer.email}
              </Anchor>
            )}
            <Group gap="sm">
              {social.map(([name, url]) => (
                <Anchor key={name} href={url} c="gray.3" size="sm" rel="noopener" target="_blank" tt="capitalize">
                  {name}
                </Anchor>
              ))}
            </Group>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" color="dark.5" />
        <Text size="xs" ta="center">
          {footer.copyright_text}
        </Text>
        {empresa?.razonSocial && (
          <Text size="xs" ta="center" c="gray.5" mt={4} data-testid="pie-empresa">
            {[empresa.razonSocial, empresa.rif && `RIF ${empresa.rif}`, empresa.address].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Container>
    </Box>
  );
}
