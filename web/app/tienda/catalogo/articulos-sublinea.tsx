// Articles of a line or of one of its sub-lines: one card per style, 24 a page, with filters.

import { useState } from 'react';
import { Link } from 'react-router';
import { linePath, subLinePath } from '#domain/catalogo-urls.ts';
import { articulos, linea } from '#domain/contracts/catalogo.ts';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { Migas } from '#web/components/migas.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrap, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/articulos-sublinea';
import filtrosClasses from './filtros.module.css';
import { BarraDeFiltros, Filtros, filterParams, STOREFRONT_LIST } from './filtros.tsx';
import classes from './listas.module.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const line = unwrap(await context.api.call(linea, { linea: params.lineCode, sublinea: params.subLineCode }));
  const query = { ...filterParams(url), ...STOREFRONT_LIST, linea: line.code, sublinea: params.subLineCode?.toUpperCase() };
  const { items, meta } = unwrapList(await context.api.call(articulos, query));
  const subLine = line.sublineas.find((s) => s.code === params.subLineCode?.toUpperCase()) ?? null;
  return { line, subLine, items, meta };
}

export function meta({ data, matches, params }: Route.MetaArgs) {
  if (!data) return pageMeta(matches, 'Artículos');
  const title = data.subLine ? `${data.subLine.name} · ${data.line.name}` : data.line.name;
  return pageMeta(matches, title, {
    path: subLinePath(data.line.code, params.subLineCode?.toUpperCase()),
    description: data.line.description,
    share: true,
  });
}

export default function ArticulosSubLinea({ loaderData }: Route.ComponentProps) {
  const { line, subLine, items, meta } = loaderData;
  const [abierto, setAbierto] = useState(false);
  const pastilla = (activa: boolean) => `boton ${filtrosClasses.pastilla}${activa ? '' : ` ${filtrosClasses.botonDefecto}`}`;
  return (
    <div className={`contenedor contenedor-xl ${classes.pagina}`}>
      <Migas
        className={classes.migas}
        items={[
          { label: 'Inicio', to: '/' },
          { label: line.name, to: linePath(line.code) },
          { label: subLine?.name ?? 'Todos los artículos' },
        ]}
      />
      <h1 className={`titulo ${classes.tituloPagina}`}>{subLine ? subLine.name : `${line.name}: todos los artículos`}</h1>
      <div className={classes.subLineas}>
        <nav className="fila" aria-label="Sub-líneas">
          <Link to={subLinePath(line.code)} className={pastilla(!subLine)}>
            Todas
          </Link>
          {line.sublineas.map((sub) => (
            <Link key={sub.code} to={subLinePath(line.code, sub.code)} className={pastilla(subLine?.code === sub.code)}>
              {sub.name}
            </Link>
          ))}
        </nav>
      </div>
      <div className={classes.rejilla}>
        <div>
          <Filtros filters={line.filtros} total={meta} abierto={abierto} onCerrar={() => setAbierto(false)} />
        </div>
        <div>
          <BarraDeFiltros filters={line.filtros} total={meta} onAbrir={() => setAbierto(true)} />
          <ArticleGrid articles={items} empty="No hay artículos con estos filtros." />
          <Paginacion meta={meta} />
        </div>
      </div>
    </div>
  );
}
