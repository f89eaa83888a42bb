// One post in the /blog list: picture (or the placeholder), category, date, title and summary.
import { Anchor, AspectRatio, Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { BlogPost } from '#domain/contracts/blog.ts';
import { formatDate } from '#domain/dates.ts';
import { IMAGE_DEFAULT, imageFallback } from '#web/components/imagen.tsx';

export function postPath(slug: string): string {
  return `/blog/detail/${encodeURIComponent(slug)}`;
}

export function TarjetaPublicacion({ post }: { post: BlogPost }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="tarjeta-publicacion" component="article">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          <Image src={post.images ?? IMAGE_DEFAULT} alt={post.title} loading="lazy" {...imageFallback} />
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{post.category}</Badge>
          {post.published_at && (
            <Text size="xs" c="dimmed" component="time" dateTime={post.published_at}>
              {formatDate(post.published_at)}
            </Text>
          )}
        </Group>
        <Title order={2} size="h4">
          <Anchor component={Link} to={postPath(post.slug)} c="inherit" underline="hover">
            {post.title}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          {post.summary}
        </Text>
      </Stack>
    </Card>
  );
}
