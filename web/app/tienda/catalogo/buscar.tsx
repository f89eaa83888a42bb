// Search results: one card per style, 24 a page (the header's search box keeps the query).

import { articleCountLabel } from '#domain/conteo-acotado.ts';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { type ArticleCard, buscarArticulos } from '#domain/contracts/catalogo.ts';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/buscar';
import { filterParams, STOREFRONT_LIST } from './filtros.tsx';
import classes from './listas.module.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  if (q.length < 2)
    return { q, items: [] as ArticleCard[], meta: null as ListMeta | null, message: 'Escriba al menos 2 caracteres para buscar.' };
  const response = await context.api.call(buscarArticulos, { search: q, page: filterParams(url).page ?? '1', ...STOREFRONT_LIST });
  if (!response.body.success) return { q, items: [], meta: null, message: response.body.message };
  return { q, items: response.body.data, meta: response.body.meta ?? null, message: null };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [...pageMeta(matches, data?.q ? `Buscar «${data.q}»` : 'Buscar'), { name: 'robots', content: 'noindex' }];
}

export default function Buscar({ loaderData }: Route.ComponentProps) {
  const { q, meta } = loaderData;
  return (
    <div className={`contenedor contenedor-xl ${classes.pagina}`}>
      <h1 className={`titulo ${classes.tituloBuscar}`}>{q ? `Resultados para «${q}»` : 'Buscar artículos'}</h1>
      {loaderData.message && <p className={`texto ${classes.mensaje}`}>{loaderData.message}</p>}
      {meta && (
        <>
          <p className={`texto semi ${classes.conteo}`} data-testid="conteo-resultados">
            {articleCountLabel(meta)}
          </p>
          <ArticleGrid articles={loaderData.items} empty="No encontramos artículos con esa búsqueda." />
          <Paginacion meta={meta} />
        </>
      )}
    </div>
  );
}
