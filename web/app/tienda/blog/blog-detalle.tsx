// /blog/detail/{slug}: one visible post with its Article JSON-LD, OpenGraph tags and canonical URL.
import { Anchor, AspectRatio, Badge, Breadcrumbs, Container, Group, Image, Stack, Text, Title, Typography } from '@mantine/core';
import { data, Link } from 'react-router';
import { type BlogPost, getPost } from '#domain/contracts/blog.ts';
import { formatDate } from '#domain/dates.ts';
import { IMAGE_DEFAULT, imageFallback } from '#web/components/imagen.tsx';
import { unwrap } from '#web/lib/api.ts';
import { originOf, pageMeta } from '#web/lib/meta.ts';
import { useNonce } from '#web/lib/nonce.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/blog-detalle';
import { postPath } from './tarjeta-publicacion.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.slug) throw data({ message: 'La publicación solicitada no existe.' }, { status: 404 });
  return { post: unwrap(await context.api.call(getPost, { slug: params.slug })) };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded) return pageMeta(matches, 'Publicación no encontrada');
  const { post } = loaded;
  const origin = originOf(matches);
  const path = postPath(post.slug);
  return [
    ...pageMeta(matches, post.title, { path, description: post.summary }),
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: post.title },
    { property: 'og:description', content: post.summary },
    { property: 'og:image', content: origin + (post.images ?? IMAGE_DEFAULT) },
    { property: 'og:url', content: origin + path },
    { property: 'og:locale', content: 'es_VE' },
    ...(post.published_at ? [{ property: 'article:published_time', content: post.published_at }] : []),
    { property: 'article:section', content: post.category },
  ];
}

function articleJsonLd(post: BlogPost, origin: string, storeName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.summary,
    image: [origin + (post.images ?? IMAGE_DEFAULT)],
    datePublished: post.published_at,
    dateModified: post.updated_at,
    articleSection: post.category,
    author: { '@type': 'Organization', name: storeName },
    publisher: { '@type': 'Organization', name: storeName },
    mainEntityOfPage: origin + postPath(post.slug),
  };
}

export default function BlogDetalle({ loaderData, matches }: Route.ComponentProps) {
  const { post } = loaderData;
  const { info } = useRootData();
  const nonce = useNonce();
  const origin = originOf(matches);
  return (
    <Container size="md" py="xl" component="article">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning>
        {JSON.stringify(articleJsonLd(post, origin, info.storeName)).replace(/</g, '\\u003c')}
      </script>
      <Breadcrumbs mb="md" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/">
          Inicio
        </Anchor>
        <Anchor component={Link} to="/blog">
          Blog
        </Anchor>
        <Anchor component={Link} to={`/blog?categoria=${post.category_id}`}>
          {post.category}
        </Anchor>
      </Breadcrumbs>
      <Stack gap="md">
        <Title order={1}>{post.title}</Title>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{post.category}</Badge>
          {post.published_at && (
            <Text size="sm" c="dimmed" component="time" dateTime={post.published_at}>
              {formatDate(post.published_at)}
            </Text>
          )}
        </Group>
        <AspectRatio ratio={16 / 9}>
          <Image src={post.images ?? IMAGE_DEFAULT} alt={post.title} radius="md" data-testid="imagen-publicacion" {...imageFallback} />
        </AspectRatio>
        <Typography>
          <div
            data-testid="contenido-publicacion"
            style={{ overflowWrap: 'anywhere' }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server when saved (server/src/html.ts allow-list: no scripts, events, SVG or javascript: links)
            dangerouslySetInnerHTML={{ __html: post.content }}
          />
        </Typography>
        <Anchor component={Link} to="/blog">
          ← Volver al blog
        </Anchor>
      </Stack>
    </Container>
  );
}
