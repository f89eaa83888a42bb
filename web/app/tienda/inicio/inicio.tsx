import { Anchor, Box, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { linePath } from '#domain/catalogo-urls.ts';
import { type ArticleCard, articulos, loNuevo, masVendidos } from '#domain/contracts/catalogo.ts';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { orFallback } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/inicio';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Inicio', {
    path: '/',
    description: 'Ropa y calzado para damas, caballeros y niños. Envíos a toda Venezuela; pague con Zelle, Pago Móvil o transferencia.',
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const [nuevos, vendidos, ofertas] = await Promise.all([
    context.api.call(loNuevo, {}),
    context.api.call(masVendidos, {}),
    context.api.call(articulos, { opcion: 'promociones', per_page: 6 }),
  ]);
  return { nuevos: orFallback(nuevos, []), vendidos: orFallback(vendidos, []), ofertas: orFallback(ofertas, []) };
}

function Seccion({ title, to, articles, testId }: { title: string; to: string; articles: ArticleCard[]; testId: string }) {
  return (
    <Stack component="section" gap="md" data-testid={testId} aria-labelledby={`${testId}-titulo`}>
      <Group justify="space-between" align="baseline">
        <Title order={2} id={`${testId}-titulo`}>
          {title}
        </Title>
        <Anchor component={Link} to={to} fw={600}>
          Ver todo
        </Anchor>
      </Group>
      <ArticleGrid articles={articles} skeletonWhileLoading={false} />
    </Stack>
  );
}

export default function Inicio({ loaderData }: Route.ComponentProps) {
  const { info, lines } = useRootData();
  return (
    <>
      <Box component="section" aria-label="Portada" bg="pink.0">
        <Container size="xl" p={0}>
          <img
            src={info.banner || '/imagenes/banner.webp'}
            alt={info.offer || 'Nueva colección'}
            width={1600}
            height={600}
            style={{ width: '100%', height: 'auto', display: 'block' }}
          />
        </Container>
      </Box>
      <Container size="xl" py="xl">
        <Stack gap={48}>
          {(info.offer || info.facility) && (
            <Stack gap={4} ta="center">
              {info.offer && (
                <Text fw={700} size="lg" c="pink.9">
                  {info.offer}
                </Text>
              )}
              {info.facility && <Text c="dimmed">{info.facility}</Text>}
            </Stack>
          )}
          <Stack component="section" gap="md" aria-labelledby="lineas-titulo">
            <Title order={2} id="lineas-titulo">
              Compre por línea
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {lines.map((line) => (
                <Card key={line.code} component={Link} to={linePath(line.code)} withBorder padding="sm">
                  {line.image && (
                    <Card.Section>
                      <Image src={line.image.replace('-640.', '-320.')} alt="" h={160} fit="cover" />
                    </Card.Section>
                  )}
                  <Text fw={700} mt="sm">
                    {line.name}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {line.description}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
          <Seccion title="Nueva colección" to="/articulos/lo-nuevo" articles={loaderData.nuevos} testId="lo-nuevo" />
          <Seccion title="Más vendidos" to="/articulos/mas-vendidos" articles={loaderData.vendidos} testId="mas-vendidos" />
          <Seccion title="Promociones" to="/articulos/promociones" articles={loaderData.ofertas} testId="promociones" />
        </Stack>
      </Container>
    </>
  );
}
