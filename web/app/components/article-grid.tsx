import { useNavigation } from 'react-router';
import type { ArticleCard as Card_ } from '#domain/contracts/catalogo.ts';
import { ArticleCard, ArticleCardSkeleton } from './article-card.tsx';
import classes from './article-grid.module.css';

/**
 * A grid of article cards; while a navigation is loading it shows skeletons in their place. The first
 * `eager` pictures load at once (React also preloads them from the <head>); the rest when scrolled to.
 * A grid below the fold asks for none, or its pictures compete with the page's largest one.
 */
export function ArticleGrid({
  articles,
  empty = 'No hay artículos para mostrar.',
  skeletonWhileLoading = true,
  eager = 2,
}: {
  articles: Card_[];
  empty?: string;
  skeletonWhileLoading?: boolean;
  eager?: number;
}) {
  const navigation = useNavigation();
  const loading = skeletonWhileLoading && navigation.state === 'loading' && navigation.location.pathname.includes('articulos');
  if (loading) {
    return (
      <div className={`rejilla ${classes.columnas}`} aria-busy>
        {Array.from({ length: Math.max(articles.length, 6) }, (_, i) => (
          <ArticleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (articles.length === 0) return <p className="texto tenue">{empty}</p>;
  return (
    <div className={`rejilla ${classes.columnas}`}>
      {articles.map((article, index) => (
        <ArticleCard key={article.model} article={article} eager={index < eager} />
      ))}
    </div>
  );
}
