import { SimpleGrid, Text } from '@mantine/core';
import { useNavigation } from 'react-router';
import type { ArticleCard as Card_ } from '#domain/contracts/catalogo.ts';
import { ArticleCard, ArticleCardSkeleton } from './article-card.tsx';

/** A grid of article cards; while a navigation is loading it shows skeletons in their place. */
export function ArticleGrid({
  articles,
  empty = 'No hay artículos para mostrar.',
  skeletonWhileLoading = true,
}: {
  articles: Card_[];
  empty?: string;
  skeletonWhileLoading?: boolean;
}) {
  const navigation = useNavigation();
  const loading = skeletonWhileLoading && navigation.state === 'loading' && navigation.location.pathname.includes('articulos');
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 3 }} spacing="md" aria-busy>
        {Array.from({ length: Math.max(articles.length, 6) }, (_, i) => (
          <ArticleCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  }
  if (articles.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 3 }} spacing="md">
      {articles.map((article, index) => (
        <ArticleCard key={article.model} article={article} eager={index < 2} />
      ))}
    </SimpleGrid>
  );
}
