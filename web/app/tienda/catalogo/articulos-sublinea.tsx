// Articles of a line or of one of its sub-lines: one card per style, 24 a page, with filters.
import { Anchor, Box, Breadcrumbs, Button, Container, Grid, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { linePath, subLinePath } from '#domain/catalogo-urls.ts';
import { articulos, linea } from '#domain/contracts/catalogo.ts';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrap, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/articulos-sublinea';
import filtrosClasses from './filtros.module.css';
import { BarraDeFiltros, Filtros, filterParams, STOREFRONT_LIST } from './filtros.tsx';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const line = unwrap(await context.api.call(linea, { linea: params.lineCode, sublinea: params.subLineCode }));
  const query = { ...filterParams(url), ...STOREFRONT_LIST, linea: line.code, sublinea: params.subLineCode?.toUpperCase() };
  const { items, meta } = unwrapList(await context.api.call(articulos, query));
  const subLine = line.sublineas.find((s) => s.code === params.subLineCode?.toUpperCase()) ?? null;
  return { line, subLine, items, meta };
}

export function meta({ data, matches, params }: Route.MetaArgs) {
  if (!data) return pageMeta(matches, 'Artículos');
  const title = data.subLine ? `${data.subLine.name} · ${data.line.name}` : data.line.name;
  return pageMeta(matches, title, {
    path: subLinePath(data.line.code, params.subLineCode?.toUpperCase()),
    description: data.line.description,
    share: true,
  });
}

export default function ArticulosSubLinea({ loaderData }: Route.ComponentProps) {
  const { line, subLine, items, meta } = loaderData;
  const [abierto, setAbierto] = useState(false);
  return (
    <Container size="xl" py="xl">
      <Breadcrumbs mb="md" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/">
          Inicio
        </Anchor>
        <Anchor component={Link} to={linePath(line.code)}>
          {line.name}
        </Anchor>
        <Text>{subLine?.name ?? 'Todos los artículos'}</Text>
      </Breadcrumbs>
      <Title order={1} mb="sm">
        {subLine ? subLine.name : `${line.name}: todos los artículos`}
      </Title>
      <Box style={{ overflowX: 'auto' }} mb="md">
        <Group gap={6} component="nav" aria-label="Sub-líneas" wrap="nowrap" pb={4}>
          <Button
            component={Link}
            to={subLinePath(line.code)}
            size="compact-md"
            h={36}
            radius="xl"
            variant={subLine ? 'default' : 'filled'}
            style={{ flex: 'none' }}
          >
            Todas
          </Button>
          {line.sublineas.map((sub) => (
            <Button
              key={sub.code}
              component={Link}
              to={subLinePath(line.code, sub.code)}
              size="compact-md"
              h={36}
              radius="xl"
              variant={subLine?.code === sub.code ? 'filled' : 'default'}
              style={{ flex: 'none' }}
            >
              {sub.name}
            </Button>
          ))}
        </Group>
      </Box>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 3 }} className={filtrosClasses.columna}>
          <Filtros filters={line.filtros} total={meta} abierto={abierto} onCerrar={() => setAbierto(false)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <BarraDeFiltros filters={line.filtros} total={meta} onAbrir={() => setAbierto(true)} />
          <ArticleGrid articles={items} empty="No hay artículos con estos filtros." />
          <Paginacion meta={meta} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
