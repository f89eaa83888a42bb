import { Anchor, Breadcrumbs, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { subLinePath } from '#domain/catalogo-urls.ts';
import { sublinea } from '#domain/contracts/catalogo.ts';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { imageFallback } from '#web/components/imagen.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/sublineas';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = (key: string) => {
    const value = url.searchParams.get(key);
    return value && /^\d+$/.test(value) ? value : undefined;
  };
  const query = {
    linea: params.lineCode,
    page_sublines: page('page_sublines'),
    page_latest: page('page_latest'),
    page_best_seller: page('page_best_seller'),
  };
  return unwrap(await context.api.call(sublinea, query));
}

export function meta({ data, matches, params }: Route.MetaArgs) {
  const name = data?.line.name ?? 'Línea';
  return pageMeta(matches, name, {
    path: `/linea/${params.lineCode}/sub-lineas`,
    description: data?.line.description,
    share: true,
  });
}

export default function SubLineas({ loaderData }: Route.ComponentProps) {
  const { line, sublines } = loaderData;
  return (
    <Container size="xl" py="xl">
      <Breadcrumbs mb="md">
        <Anchor component={Link} to="/">
          Inicio
        </Anchor>
        <Anchor component={Link} to="/linea">
          Líneas
        </Anchor>
        <Text>{line.name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="end" mb="lg">
        <div>
          <Title order={1}>{line.name}</Title>
          <Text c="gray.7">{line.description}</Text>
        </div>
        <Anchor component={Link} to={subLinePath(line.code)} fw={600}>
          Ver todos los artículos de {line.name}
        </Anchor>
      </Group>
      <Stack gap={48}>
        <section aria-labelledby="sublineas-titulo">
          <Title order={2} id="sublineas-titulo" mb="md">
            Sub-líneas
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} data-testid="sublineas">
            {sublines.allActiveSublines.map((sub) => (
              <Card key={sub.code} component={Link} to={subLinePath(line.code, sub.code)} withBorder padding="sm">
                {sub.image && (
                  <Card.Section>
                    <Image
                      src={sub.image.replace('-640.', '-320.')}
                      {...imageFallback}
                      alt=""
                      w="100%"
                      h="auto"
                      width={320}
                      height={400}
                      loading="lazy"
                      style={{ aspectRatio: '4 / 5' }}
                    />
                  </Card.Section>
                )}
                <Text fw={700} mt="sm">
                  {sub.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {sub.models} modelos
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Paginacion meta={sublines.pagination.sublines} param="page_sublines" label="sub-líneas" />
        </section>
        <section aria-labelledby="nuevo-titulo">
          <Title order={2} id="nuevo-titulo" mb="md">
            Lo más nuevo en {line.name}
          </Title>
          <ArticleGrid articles={sublines.allActiveLatest} skeletonWhileLoading={false} />
          <Paginacion meta={sublines.pagination.latest} param="page_latest" />
        </section>
        <section aria-labelledby="vendidos-titulo">
          <Title order={2} id="vendidos-titulo" mb="md">
            Lo más vendido en {line.name}
          </Title>
          <ArticleGrid articles={sublines.allActiveBestSeller} skeletonWhileLoading={false} eager={0} />
          <Paginacion meta={sublines.pagination.bestSeller} param="page_best_seller" />
        </section>
      </Stack>
    </Container>
  );
}
