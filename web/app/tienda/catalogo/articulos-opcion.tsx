// /articulos/lo-nuevo, /articulos/mas-vendidos and /articulos/promociones.
import { data } from 'react-router';
import { articulos } from '#domain/contracts/catalogo.ts';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { PAGINA_NO_ENCONTRADA } from '#web/lib/no-encontrada.ts';
import type { Route } from './+types/articulos-opcion';
import { filterParams, STOREFRONT_LIST } from './filtros.tsx';
import classes from './listas.module.css';

const OPTIONS = {
  'lo-nuevo': {
    title: 'Nueva colección',
    description: 'Los artículos que acaban de llegar a nuestras tiendas.',
    sort: { sort_by: 'nuevo', sort_desc: 'true' },
  },
  'mas-vendidos': {
    title: 'Más vendidos',
    description: 'Los favoritos de nuestros clientes.',
    sort: { sort_by: 'vendidos', sort_desc: 'true' },
  },
  promociones: {
    title: 'Promociones',
    description: 'Artículos con precio especial por tiempo limitado.',
    sort: { sort_by: 'nuevo', sort_desc: 'true' },
  },
} as const;

type Option = keyof typeof OPTIONS;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!Object.hasOwn(OPTIONS, params.option)) throw data({ message: PAGINA_NO_ENCONTRADA }, { status: 404 });
  const option = params.option as Option;
  const { page = '1', despues } = filterParams(new URL(request.url));
  const { items, meta } = unwrapList(
    await context.api.call(articulos, { opcion: option, page, despues, ...OPTIONS[option].sort, ...STOREFRONT_LIST }),
  );
  return { option, items, meta };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const option = loaded ? OPTIONS[loaded.option] : null;
  return pageMeta(matches, option?.title ?? 'Artículos', {
    path: loaded ? `/articulos/${loaded.option}` : undefined,
    description: option?.description,
  });
}

export default function ArticulosOpcion({ loaderData }: Route.ComponentProps) {
  const option = OPTIONS[loaderData.option];
  return (
    <div className={`contenedor contenedor-xl ${classes.pagina}`}>
      <h1 className="titulo">{option.title}</h1>
      <p className={`texto ${classes.bajada}`}>{option.description}</p>
      <ArticleGrid articles={loaderData.items} />
      <Paginacion meta={loaderData.meta} />
    </div>
  );
}
