import { PaginaSimple } from '#web/components/pagina-simple.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/blog';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Blog', { path: '/blog', description: 'Tendencias, consejos de moda y novedades de la tienda.' });
}

export default function Blog() {
  return (
    <PaginaSimple title="Blog" intro="Tendencias, consejos de moda y novedades de nuestras tiendas." aviso="Aún no hay publicaciones." />
  );
}
