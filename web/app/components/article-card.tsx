import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ArticleCard as Card_ } from '#domain/contracts/catalogo.ts';
import { IMAGE_DEFAULT, imageFallback } from './imagen.tsx';
import { Precio } from './precio.tsx';

export function ArticleCard({ article, eager = false }: { article: Card_; eager?: boolean }) {
  return (
    <Card component={Link} to={article.path} withBorder padding="sm" className="article-card" data-testid="articulo">
      <Card.Section pos="relative">
        <img
          {...imageFallback}
          src={article.image || IMAGE_DEFAULT}
          srcSet={article.image ? article.imageSrcSet : undefined}
          sizes="(max-width: 48em) 50vw, 25vw"
          alt={`${article.name}, color ${article.colorName}`}
          width={640}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        {article.onPromotion && (
          <Badge pos="absolute" top={8} left={8} color="pink">
            Oferta
          </Badge>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} lineClamp={2} size="sm">
          {article.name}
        </Text>
        <Group gap={6}>
          <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: article.colorHex, border: '1px solid #999' }} />
          <Text size="xs" c="dimmed">
            {article.colorName}
          </Text>
        </Group>
        <Precio price={article.price} promotion={article.promotion} discount={article.discount} size="sm" />
        {!article.inStock && (
          <Text size="xs" c="red.8">
            Agotado
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function ArticleCardSkeleton() {
  return (
    <Card withBorder padding="sm" aria-hidden>
      <Card.Section>
        <Skeleton style={{ aspectRatio: '4 / 5' }} radius={0} />
      </Card.Section>
      <Skeleton height={14} mt="sm" />
      <Skeleton height={12} mt={8} width="50%" />
      <Skeleton height={16} mt={8} width="40%" />
    </Card>
  );
}
