import { Link } from 'react-router';
import { bannerSrcSet, DEFAULT_BANNER, linePath } from '#domain/catalogo-urls.ts';
import { listarAliados } from '#domain/contracts/aliados.ts';
import { type ArticleCard, articulos, loNuevo, masVendidos } from '#domain/contracts/catalogo.ts';
import { AliadosComerciales } from '#web/components/aliados.tsx';
import { ArticleGrid } from '#web/components/article-grid.tsx';
import { imageFallback } from '#web/components/imagen.tsx';
import { orFallback } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/inicio';
import classes from './inicio.module.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Inicio', {
    path: '/',
    share: true,
    description: 'Ropa y calzado para damas, caballeros y niños. Envíos a toda Venezuela; pague con Zelle, Pago Móvil o transferencia.',
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const [nuevos, vendidos, ofertas, aliados] = await Promise.all([
    context.api.call(loNuevo, {}),
    context.api.call(masVendidos, {}),
    context.api.call(articulos, { opcion: 'promociones', per_page: 6, agrupar_colores: 'true' }),
    context.api.call(listarAliados, {}),
  ]);
  return {
    nuevos: orFallback(nuevos, []),
    vendidos: orFallback(vendidos, []),
    ofertas: orFallback(ofertas, []),
    aliados: orFallback(aliados, []),
  };
}

function Seccion({
  title,
  to,
  articles,
  testId,
  eager = 0,
}: {
  title: string;
  to: string;
  articles: ArticleCard[];
  testId: string;
  /** Pictures loaded at once: only the first section's, the banner is the page's largest paint. */
  eager?: number;
}) {
  return (
    <section className={`pila ${classes.seccion}`} data-testid={testId} aria-labelledby={`${testId}-titulo`}>
      <div className={`fila ${classes.cabeceraSeccion}`}>
        <h2 className={`titulo ${classes.tituloSeccion}`} id={`${testId}-titulo`}>
          {title}
        </h2>
        <Link to={to} className={`enlace ${classes.verTodo}`}>
          Ver todo
        </Link>
      </div>
      <ArticleGrid articles={articles} skeletonWhileLoading={false} eager={eager} />
    </section>
  );
}

export default function Inicio({ loaderData }: Route.ComponentProps) {
  const { info, lines } = useRootData();
  const banner = info.banner || DEFAULT_BANNER;
  return (
    <>
      <section aria-label="Portada" className={classes.portada}>
        <div className={`contenedor contenedor-xl ${classes.portadaContenedor}`}>
          <Link to="/articulos/lo-nuevo" aria-label={`${info.offer || 'Nueva colección'}: ver la nueva colección`}>
            <img
              src={banner}
              srcSet={bannerSrcSet(banner)}
              // The banner spans the page up to the widest container (1320 px).
              sizes="(min-width: 1320px) 1320px, 100vw"
              alt={info.offer || 'Nueva colección'}
              width={1600}
              height={600}
              fetchPriority="high"
            />
          </Link>
        </div>
      </section>
      <div className={`contenedor contenedor-xl ${classes.cuerpo}`}>
        <div className="pila gap-xl">
          <div className={`pila centrado ${classes.encabezado}`}>
            <h1 className={`titulo ${classes.tituloInicio}`}>{info.storeName}: ropa y calzado con envíos a toda Venezuela</h1>
            {info.offer && <p className={`texto negrita ${classes.oferta}`}>{info.offer}</p>}
          </div>
          {/* Products first: on a phone the first of them shows without scrolling far. */}
          <Seccion title="Nueva colección" to="/articulos/lo-nuevo" articles={loaderData.nuevos} testId="lo-nuevo" eager={2} />
          <section className={`pila ${classes.seccion}`} aria-labelledby="lineas-titulo">
            <h2 className="titulo" id="lineas-titulo">
              Compre por línea
            </h2>
            <div className={`rejilla ${classes.lineas}`}>
              {lines.map((line) => (
                <Link key={line.code} to={linePath(line.code)} className={`tarjeta tarjeta-foto ${classes.linea}`}>
                  {line.image && (
                    <img className="al-borde" src={line.image.replace('-640.', '-320.')} alt="" loading="lazy" {...imageFallback} />
                  )}
                  <p className={`texto negrita ${classes.lineaNombre}`}>{line.name}</p>
                  <p className={`texto texto-xs ${classes.gris} recorte-2`}>{line.description}</p>
                </Link>
              ))}
            </div>
          </section>
          <Seccion title="Más vendidos" to="/articulos/mas-vendidos" articles={loaderData.vendidos} testId="mas-vendidos" />
          <Seccion title="Promociones" to="/articulos/promociones" articles={loaderData.ofertas} testId="promociones" />
          <AliadosComerciales aliados={loaderData.aliados} />
          {info.facility && <p className={`texto centrado ${classes.gris}`}>{info.facility}</p>}
        </div>
      </div>
    </>
  );
}
