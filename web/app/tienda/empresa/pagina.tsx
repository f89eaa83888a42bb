// Content pages kept in the database: privacy policy, terms and conditions, franchise.
import { Container, Text, Title } from '@mantine/core';
import { paginaRoute } from '#domain/contracts/general.ts';
import { formatDate } from '#domain/dates.ts';
import { Contenido } from '#web/components/contenido.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/pagina';

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\//, '').replace(/\/$/, '');
  return { pagina: unwrap(await context.api.call(paginaRoute, { slug })) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.pagina.title ?? 'Página', { path: data ? `/${data.pagina.slug}` : undefined });
}

export default function Pagina({ loaderData }: Route.ComponentProps) {
  const { pagina } = loaderData;
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        {pagina.title}
      </Title>
      <Text size="xs" c="dimmed" mb="lg">
        Actualizado el {formatDate(pagina.updatedAt)}
      </Text>
      <Contenido text={pagina.content} />
    </Container>
  );
}
