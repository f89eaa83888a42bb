// Search results: one card per style, 24 a page, in the order the shopper picks (the header's
// search box keeps the query).

import { Form, useSubmit } from 'react-router';
import { articleCountLabel } from '#domain/conteo-acotado.ts';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { type ArticleCard, buscarArticulos } from '#domain/contracts/catalogo.ts';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/buscar';
import { filterParams, STOREFRONT_LIST } from './filtros.tsx';
import classes from './listas.module.css';
import { OpcionesDeOrden, SORT_OPTIONS, sortParams } from './orden.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const orden = SORT_OPTIONS.find((o) => o.value === url.searchParams.get('orden'))?.value ?? 'nuevo';
  if (q.length < 2)
    return { q, orden, items: [] as ArticleCard[], meta: null as ListMeta | null, message: 'Escriba al menos 2 caracteres para buscar.' };
  const response = await context.api.call(buscarArticulos, {
    search: q,
    page: filterParams(url).page ?? '1',
    ...sortParams(orden),
    ...STOREFRONT_LIST,
  });
  if (!response.body.success) return { q, orden, items: [], meta: null, message: response.body.message };
  return { q, orden, items: response.body.data, meta: response.body.meta ?? null, message: null };
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
          <div className={`fila ${classes.conteoYOrden}`}>
            <p className="texto semi" data-testid="conteo-resultados">
              {articleCountLabel(meta)}
            </p>
            {meta.total > 1 && <OrdenBusqueda q={q} orden={loaderData.orden} />}
          </div>
          <ArticleGrid articles={loaderData.items} empty="No encontramos artículos con esa búsqueda." />
          <Paginacion meta={meta} />
        </>
      )}
    </div>
  );
}

/** The order of the results: a GET form that sends itself when the choice changes (a button without JavaScript). */
function OrdenBusqueda({ q, orden }: { q: string; orden: string }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="fila gap-xs" data-testid="orden-busqueda">
      <input type="hidden" name="q" value={q} />
      <label className={`campo ${classes.orden}`}>
        Ordenar por
        {/* Keyed by the order: a new search from the header (without «orden») shows the default again. */}
        <select
          key={orden}
          name="orden"
          defaultValue={orden}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
        >
          <OpcionesDeOrden />
        </select>
      </label>
      <noscript>
        <button type="submit" className="boton boton-borde boton-xs">
          Ordenar
        </button>
      </noscript>
    </Form>
  );
}
