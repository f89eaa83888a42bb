import { PaginaSimple } from '#web/components/pagina-simple.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/galeria';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Galería', { path: '/galeria' });
}

export default function Galeria() {
  return <PaginaSimple title="Galería" intro="Fotos de nuestras colecciones y tiendas." aviso="La galería aún no tiene fotos." />;
}
