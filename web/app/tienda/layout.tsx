// The default layout: header with lines, search, currency and cart; footer with the store's data.
import {
  Anchor,
  Badge,
  Box,
  Burger,
  Container,
  Divider,
  Group,
  NavLink,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Form, Link, Outlet, NavLink as RouterNavLink, useLocation, useMatches } from 'react-router';
import { linePath } from '#domain/catalogo-urls.ts';
import { loginHref } from '#web/auth/volver.ts';
import { SelectorMoneda } from '#web/components/selector-moneda.tsx';
import { useRootData } from '#web/root.tsx';
import { FormularioBoletin } from '#web/tienda/correo/formulario-boletin.tsx';
import { ABRE_MENU_MOVIL, MenuMovil } from '#web/tienda/menu-movil.tsx';

/** A route's `handle` that wants the minimal header (logo, currency, back to the cart) for some URLs. */
export type MinimalHeader = { minimalHeader?: (search: string) => boolean };

export default function TiendaLayout() {
  const { info, lines, footer, empresa, user, cartUnits } = useRootData();
  const [opened, { open, close }] = useDisclosure(false);
  const location = useLocation();
  // A page may ask for a header without distractions (the checkout's steps): see MinimalHeader.
  const minimal = useMatches().some((m) => (m.handle as MinimalHeader | undefined)?.minimalHeader?.(location.search));
  const account = user
    ? { to: '/mi-cuenta', label: 'Mi cuenta' }
    : { to: loginHref(location.pathname + location.search), label: 'Ingresar' };

  return (
    // Plain elements, not Mantine's AppShell: its header imports react-remove-scroll for one class
    // name, and every storefront page loaded it (docs/decisions/0037).
    <div>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      {minimal ? (
        <header className="cabecera-tienda cabecera-minima">
          <Container size="xl" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
              <Link to="/" aria-label={`${info.storeName}, inicio`}>
                <img src={info.logo || '/imagenes/logo.svg'} alt={info.storeName} height={32} width={107} style={{ display: 'block' }} />
              </Link>
              <Group gap="sm" wrap="nowrap">
                <SelectorMoneda />
                <Anchor component={Link} to="/carrito" c="dark" fw={600} size="sm" data-testid="encabezado-checkout">
                  Volver al carrito
                </Anchor>
              </Group>
            </Group>
          </Container>
        </header>
      ) : (
        <header className="cabecera-tienda">
          <Container size="xl" h="100%">
            <Group h={{ base: 56, sm: '100%' }} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap">
                <Burger opened={opened} onClick={open} hiddenFrom="md" size="sm" aria-label="Abrir menú" {...ABRE_MENU_MOVIL} />
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
                <Anchor component={Link} to="/carrito" c="dark" fw={600} size="sm" data-testid="enlace-carrito">
                  {/* Named by its own text («Carrito 3 artículos»): an aria-label that differs from
                      the visible «Carrito3» fails WCAG 2.5.3 (label in name). */}
                  Carrito{' '}
                  {cartUnits > 0 && (
                    <>
                      <Badge size="sm" circle ml={4} data-testid="unidades-carrito">
                        {cartUnits}
                      </Badge>
                      <VisuallyHidden>{cartUnits === 1 ? ' artículo' : ' artículos'}</VisuallyHidden>
                    </>
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
        </header>
      )}

      <MenuMovil opened={opened} onClose={close} title="Menú">
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
      </MenuMovil>

      <main id="contenido">
        <Outlet />
        {!minimal && <PiePagina footer={footer} storeName={info.storeName} empresa={empresa} />}
      </main>
    </div>
  );
}

function BuscarForm() {
  // On the results page the box keeps what was searched.
  const location = useLocation();
  const q = location.pathname === '/buscar' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  return (
    <Form action="/buscar" method="get" role="search">
      <TextInput
        key={q}
        name="q"
        type="search"
        defaultValue={q}
        size="xs"
        placeholder="Buscar artículos…"
        aria-label="Buscar artículos"
        w={{ base: '100%', sm: 200 }}
      />
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
            {footer.logo ? (
              <img
                src={footer.logo}
                alt={storeName}
                height={40}
                loading="lazy"
                style={{ display: 'block', height: 40, width: 'auto', maxWidth: 200 }}
                data-testid="pie-logo"
              />
            ) : (
              <Text fw={700} c="white" size="lg">
                {storeName}
              </Text>
            )}
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
              ['/orden', 'Seguir mi pedido'],
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
        <Stack gap={6} mt="xl" maw={480} data-testid="pie-boletin">
          <Text fw={700} c="white" component="h2" size="md" m={0}>
            Boletín
          </Text>
          <Text size="sm">Novedades, promociones y lo nuevo de la tienda en su correo.</Text>
          <FormularioBoletin dark />
        </Stack>
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
