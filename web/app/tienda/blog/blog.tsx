// /blog: the visible posts, newest first, nine per page, by category (?categoria=id).
import { Anchor, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { getAllCategories, getAllPosts } from '#domain/contracts/blog.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { orFallback, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/blog';
import { TarjetaPublicacion } from './tarjeta-publicacion.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A hand-typed ?page=abc or ?categoria=x shows the first page of every post, not an error.
  const number = (name: string) => {
    const value = url.searchParams.get(name) ?? '';
    return /^[1-9]\d{0,8}$/.test(value) ? value : undefined;
  };
  const categoria = number('categoria');
  const page = number('page');
  const [posts, categories] = await Promise.all([
    context.api.call(getAllPosts, { page, category: categoria }),
    context.api.call(getAllCategories, {}),
  ]);
  const { items, meta } = unwrapList(posts);
  const all = orFallback(categories, []).filter((c) => c.posts > 0);
  return { posts: items, meta, categories: all, selected: categoria ? Number(categoria) : null };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const selected = data?.categories.find((c) => c.id === data.selected);
  const page = data && data.meta.current_page > 1 ? data.meta.current_page : null;
  const query = new URLSearchParams();
  if (selected) query.set('categoria', String(selected.id));
  if (page) query.set('page', String(page));
  const qs = query.toString();
  return pageMeta(matches, selected ? `Blog: ${selected.category}` : 'Blog', {
    path: `/blog${qs ? `?${qs}` : ''}`,
    description: 'Tendencias, consejos de moda y novedades de la tienda.',
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, meta, categories, selected } = loaderData;
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>Blog</Title>
        <Text c="dimmed">Tendencias, consejos de moda y novedades de nuestras tiendas.</Text>
        {categories.length > 0 && (
          <Group gap="xs" wrap="wrap" component="nav" aria-label="Categorías del blog">
            <Button size="compact-sm" radius="xl" component={Link} to="/blog" variant={selected === null ? 'filled' : 'light'}>
              Todas
            </Button>
            {categories.map((c) => (
              <Button
                key={c.id}
                size="compact-sm"
                radius="xl"
                component={Link}
                to={`/blog?categoria=${c.id}`}
                variant={selected === c.id ? 'filled' : 'light'}
                aria-current={selected === c.id ? 'page' : undefined}
              >
                {c.category} ({c.posts})
              </Button>
            ))}
          </Group>
        )}
        {posts.length === 0 ? (
          <Text c="dimmed" data-testid="blog-vacio">
            Aún no hay publicaciones{selected ? ' en esta categoría' : ''}.{' '}
            {selected && (
              <Anchor component={Link} to="/blog">
                Ver todas
              </Anchor>
            )}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {posts.map((post) => (
              <TarjetaPublicacion key={post.id} post={post} />
            ))}
          </SimpleGrid>
        )}
        <Paginacion meta={meta} label="publicaciones" />
      </Stack>
    </Container>
  );
}
