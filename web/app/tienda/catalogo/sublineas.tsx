import { Link } from 'react-router';
import { subLinePath } from '#domain/catalogo-urls.ts';
import { articleCountLabel } from '#domain/conteo-acotado.ts';
import { sublinea } from '#domain/contracts/catalogo.ts';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { Migas } from '#web/components/migas.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/sublineas';
import { FotoSublinea } from './foto-sublinea.tsx';
import classes from './sublineas.module.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = (key: string) => {
    const value = url.searchParams.get(key);
    return value && /^\d+$/.test(value) ? value : undefined;
  };
  const query = {
    linea: params.lineCode,
    page_sublines: page('page_sublines'),
    page_latest: page('page_latest'),
    page_best_seller: page('page_best_seller'),
  };
  return unwrap(await context.api.call(sublinea, query));
}

export function meta({ data, matches, params }: Route.MetaArgs) {
  const name = data?.line.name ?? 'Línea';
  return pageMeta(matches, name, {
    path: `/linea/${params.lineCode}/sub-lineas`,
    description: data?.line.description,
    share: true,
  });
}

export default function SubLineas({ loaderData }: Route.ComponentProps) {
  const { line, sublines } = loaderData;
  return (
    <div className={`contenedor contenedor-xl ${classes.pagina}`}>
      <Migas className={classes.migas} items={[{ label: 'Inicio', to: '/' }, { label: 'Líneas', to: '/linea' }, { label: line.name }]} />
      <div className={`fila ${classes.cabecera}`}>
        <div>
          <h1 className="titulo">{line.name}</h1>
          <p className={`texto ${classes.gris}`}>{line.description}</p>
        </div>
        <Link to={subLinePath(line.code)} className={`enlace ${classes.fuerte}`}>
          Ver todos los artículos de {line.name}
        </Link>
      </div>
      <div className={`pila ${classes.secciones}`}>
        <section aria-labelledby="sublineas-titulo">
          <h2 className={`titulo ${classes.subtitulo}`} id="sublineas-titulo">
            Sub-líneas
          </h2>
          <div className={`rejilla ${classes.sublineas}`} data-testid="sublineas">
            {sublines.allActiveSublines.map((sub) => (
              <Link key={sub.code} to={subLinePath(line.code, sub.code)} className={`tarjeta tarjeta-foto ${classes.sublinea}`}>
                <FotoSublinea image={sub.image} />
                <p className={`texto negrita ${classes.sublineaNombre}`}>{sub.name}</p>
                <p className={`texto texto-xs ${classes.gris}`}>{articleCountLabel({ total: sub.models })}</p>
              </Link>
            ))}
          </div>
          <Paginacion meta={sublines.pagination.sublines} param="page_sublines" label="sub-líneas" />
        </section>
        <section aria-labelledby="nuevo-titulo">
          <h2 className={`titulo ${classes.subtitulo}`} id="nuevo-titulo">
            Lo más nuevo en {line.name}
          </h2>
          <ArticleGrid articles={sublines.allActiveLatest} skeletonWhileLoading={false} />
          <Paginacion meta={sublines.pagination.latest} param="page_latest" />
        </section>
        <section aria-labelledby="vendidos-titulo">
          <h2 className={`titulo ${classes.subtitulo}`} id="vendidos-titulo">
            Lo más vendido en {line.name}
          </h2>
          <ArticleGrid articles={sublines.allActiveBestSeller} skeletonWhileLoading={false} eager={0} />
          <Paginacion meta={sublines.pagination.bestSeller} param="page_best_seller" />
        </section>
      </div>
    </div>
  );
}
