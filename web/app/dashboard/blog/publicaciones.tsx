// /dashboard/blog/publicaciones (admin): every post with its state, by state or title; a new one or
// one to edit. A programado post whose time came reads as publicado.
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Form, Link } from 'react-router';
import { POST_STATUS_LABELS, POST_STATUSES, type PostStatus } from '#domain/blog.ts';
import { BLOG_ROLES, panelPosts } from '#domain/contracts/blog.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/publicaciones';

const STATUS_COLORS: Record<PostStatus, string> = { borrador: 'gray.7', publicado: 'green.9', programado: 'blue.8' };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, BLOG_ROLES);
  const params = new URL(request.url).searchParams;
  const filter = POST_STATUSES.find((s) => s === params.get('filter')) ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const page = params.get('page') ?? '';
  const { items, meta } = unwrapList(
    await context.api.call(panelPosts, { page: /^[1-9]\d{0,6}$/.test(page) ? page : undefined, filter, search: search || undefined }),
  );
  return { posts: items, meta, query: { filter, search }, saved: params.get('guardada') };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Publicaciones');
}

export default function Publicaciones({ loaderData }: Route.ComponentProps) {
  const { posts, meta, query, saved } = loaderData;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Publicaciones</Title>
        <Group gap="xs">
          <Button component={Link} to="/dashboard/blog/categoria" variant="light">
            Categorías
          </Button>
          <Button component={Link} to="/dashboard/blog/nueva-publicacion" data-testid="nueva-publicacion">
            Nueva publicación
          </Button>
        </Group>
      </Group>
      {saved && (
        <Alert color="green" role="status" data-testid="publicacion-guardada">
          Publicación guardada.{' '}
          <Anchor href={`/blog/detail/${encodeURIComponent(saved)}`} target="_blank">
            Verla en la tienda
          </Anchor>
        </Alert>
      )}
      <Card withBorder padding="sm">
        <Form method="get">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput label="Buscar" name="search" placeholder="Título o slug" defaultValue={query.search} style={{ flex: '1 1 200px' }} />
            <NativeSelect
              label="Estado"
              name="filter"
              defaultValue={query.filter}
              data={[{ value: '', label: 'Todos' }, ...POST_STATUSES.map((s) => ({ value: s, label: POST_STATUS_LABELS[s] }))]}
            />
            <Button type="submit" variant="light">
              Filtrar
            </Button>
          </Group>
        </Form>
      </Card>
      {posts.length === 0 ? (
        <Text c="dimmed">No hay publicaciones{query.filter || query.search ? ' con ese filtro' : ''}.</Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table striped verticalSpacing="sm" data-testid="tabla-publicaciones">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Título</Table.Th>
                <Table.Th visibleFrom="sm">Categoría</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th visibleFrom="sm">Autor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {posts.map((post) => (
                <Table.Tr key={post.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/dashboard/blog/editar-publicacion?id=${post.id}`} fw={600}>
                      {post.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      /blog/detail/{post.slug}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{post.category}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[post.status]} variant="filled">
                      {POST_STATUS_LABELS[post.status]}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {post.status === 'programado' && post.schedule_post
                        ? formatDateTime(post.schedule_post)
                        : post.published_at
                          ? formatDate(post.published_at)
                          : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{post.user ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paginacion meta={meta} label="publicaciones" />
    </Stack>
  );
}
