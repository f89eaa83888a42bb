import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ArticleCard as Card_ } from '#domain/contracts/catalogo.ts';
import { IMAGE_DEFAULT, imageFallback } from './imagen.tsx';
import { descuentoVisible, Precio } from './precio.tsx';

const MAX_SWATCHES = 6;

/** The style's colours as dots (the whole card is one link, so they are not links themselves). */
function Muestras({ article }: { article: Card_ }) {
  const colors = article.colors.length > 0 ? article.colors : [{ model: article.model, name: article.colorName, hex: article.colorHex }];
  const shown = colors.slice(0, MAX_SWATCHES);
  const names = colors.map((c) => c.name).join(', ');
  return (
    <Group gap={6} wrap="nowrap" data-testid="muestras-color">
      <span className="visually-hidden">{colors.length === 1 ? `Color: ${names}` : `${colors.length} colores: ${names}`}</span>
      {shown.map((c) => (
        <span
          key={c.model}
          aria-hidden
          title={c.name}
          style={{
            width: 16,
            height: 16,
            flex: 'none',
            borderRadius: 8,
            background: c.hex,
            border: '1px solid #868e96',
            boxShadow: c.model === article.model ? '0 0 0 2px #fff, 0 0 0 3px #495057' : undefined,
          }}
        />
      ))}
      {colors.length > MAX_SWATCHES && (
        <Text size="xs" c="gray.7" aria-hidden>
          +{colors.length - MAX_SWATCHES}
        </Text>
      )}
      {colors.length === 1 && (
        <Text size="xs" c="gray.7" aria-hidden lineClamp={1}>
          {article.colorName}
        </Text>
      )}
    </Group>
  );
}

export function ArticleCard({ article, eager = false }: { article: Card_; eager?: boolean }) {
  const off = descuentoVisible(article);
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
        <Group gap={4} pos="absolute" top={8} left={8}>
          {off && (
            <Badge color="pink.9" data-testid="insignia-descuento">
              {off}
            </Badge>
          )}
          {article.isNew && (
            <Badge color="dark" data-testid="insignia-nuevo">
              Nuevo
            </Badge>
          )}
        </Group>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} lineClamp={2} size="sm">
          {article.name}
        </Text>
        <Muestras article={article} />
        <Precio price={article.price} promotion={article.promotion} discount={article.discount} size="sm" />
        {!article.inStock && (
          <Text size="xs" c="red.9">
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
