import { Anchor, Box, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { bannerSrcSet, DEFAULT_BANNER, linePath } from '#domain/catalogo-urls.ts';
import { listarAliados } from '#domain/contracts/aliados.ts';
import { type ArticleCard, articulos, loNuevo, masVendidos } from '#domain/contracts/catalogo.ts';
import { AliadosComerciales } from '#web/components/aliados.tsx';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { imageFallback } from '#web/components/imagen.tsx';
import { orFallback } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/inicio';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Inicio', {
    path: '/',
    share: true,
    description: 'Ropa y calzado para damas, caballeros y niños. Envíos a toda Venezuela; pague con Zelle, Pago Móvil o transferencia.',
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const [nuevos, vendidos, ofertas, aliados] = await Promise.all([
    context.api.call(loNuevo, {}),
    context.api.call(masVendidos, {}),
    context.api.call(articulos, { opcion: 'promociones', per_page: 6, agrupar_colores: 'true' }),
    context.api.call(listarAliados, {}),
  ]);
  return {
    nuevos: orFallback(nuevos, []),
    vendidos: orFallback(vendidos, []),
    ofertas: orFallback(ofertas, []),
    aliados: orFallback(aliados, []),
  };
}

function Seccion({
  title,
  to,
  articles,
  testId,
  eager = 0,
}: {
  title: string;
  to: string;
  articles: ArticleCard[];
  testId: string;
  /** Pictures loaded at once: only the first section's, the banner is the page's largest paint. */
  eager?: number;
}) {
  return (
    <Stack component="section" gap="md" data-testid={testId} aria-labelledby={`${testId}-titulo`}>
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Title order={2} id={`${testId}-titulo`} fz={{ base: 24, sm: 32 }}>
          {title}
        </Title>
        <Anchor component={Link} to={to} fw={600} py={10} style={{ flex: 'none' }}>
          Ver todo
        </Anchor>
      </Group>
      <ArticleGrid articles={articles} skeletonWhileLoading={false} eager={eager} />
    </Stack>
  );
}

export default function Inicio({ loaderData }: Route.ComponentProps) {
  const { info, lines } = useRootData();
  const banner = info.banner || DEFAULT_BANNER;
  return (
    <>
      <Box component="section" aria-label="Portada" bg="pink.0">
        <Container size="xl" p={0}>
          <Link to="/articulos/lo-nuevo" aria-label={`${info.offer || 'Nueva colección'}: ver la nueva colección`}>
            <img
              src={banner}
              srcSet={bannerSrcSet(banner)}
              // The banner spans the page up to the widest container (1320 px).
              sizes="(min-width: 1320px) 1320px, 100vw"
              alt={info.offer || 'Nueva colección'}
              width={1600}
              height={600}
              fetchPriority="high"
              style={{ width: '100%', height: 'auto', display: 'block' }}
            />
          </Link>
        </Container>
      </Box>
      <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Stack gap={4} ta="center">
            <Title order={1} fz={{ base: 22, sm: 32 }}>
              {info.storeName}: ropa y calzado con envíos a toda Venezuela
            </Title>
            {info.offer && (
              <Text fw={700} c="pink.9">
                {info.offer}
              </Text>
            )}
          </Stack>
          {/* Products first: on a phone the first of them shows without scrolling far. */}
          <Seccion title="Nueva colección" to="/articulos/lo-nuevo" articles={loaderData.nuevos} testId="lo-nuevo" eager={2} />
          <Stack component="section" gap="md" aria-labelledby="lineas-titulo">
            <Title order={2} id="lineas-titulo">
              Compre por línea
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {lines.map((line) => (
                <Card key={line.code} component={Link} to={linePath(line.code)} withBorder padding="sm">
                  {line.image && (
                    <Card.Section>
                      <Image src={line.image.replace('-640.', '-320.')} alt="" h={160} fit="cover" loading="lazy" {...imageFallback} />
                    </Card.Section>
                  )}
                  <Text fw={700} mt="sm">
                    {line.name}
                  </Text>
                  <Text size="xs" c="gray.7" lineClamp={2}>
                    {line.description}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
          <Seccion title="Más vendidos" to="/articulos/mas-vendidos" articles={loaderData.vendidos} testId="mas-vendidos" />
          <Seccion title="Promociones" to="/articulos/promociones" articles={loaderData.ofertas} testId="promociones" />
          <AliadosComerciales aliados={loaderData.aliados} />
          {info.facility && (
            <Text c="gray.7" ta="center">
              {info.facility}
            </Text>
          )}
        </Stack>
      </Container>
    </>
  );
}
