import { Link } from 'react-router';
import { CATALOGO_PDF_URL, linePath, subLinePath } from '#domain/catalogo-urls.ts';
import { articleCountLabel } from '#domain/conteo-acotado.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/lineas';
import { FotoSublinea } from './foto-sublinea.tsx';
import classes from './lineas.module.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Líneas', { path: '/linea', description: 'Todas las líneas de ropa y calzado de la tienda.' });
}

export default function Lineas() {
  const { lines } = useRootData();
  return (
    <div className={`contenedor contenedor-xl ${classes.pagina}`}>
      <div className={`fila ${classes.cabecera}`}>
        <h1 className="titulo">Líneas</h1>
        <a href={CATALOGO_PDF_URL} download className={`enlace ${classes.fuerte}`} data-testid="catalogo-pdf">
          Descargar el catálogo (PDF)
        </a>
      </div>
      <div className="pila gap-xl">
        {lines.map((line) => (
          <div key={line.code} className={`tarjeta ${classes.linea}`}>
            <div className={`fila ${classes.lineaCabecera}`}>
              <div>
                <h2 className={`titulo ${classes.lineaTitulo}`}>
                  <Link to={linePath(line.code)} className={`enlace ${classes.lineaEnlace}`}>
                    {line.name}
                  </Link>
                </h2>
                <p className={`texto texto-sm ${classes.gris}`}>{line.description}</p>
              </div>
              <Link to={subLinePath(line.code)} className={`enlace ${classes.fuerte}`}>
                Ver todos los artículos
              </Link>
            </div>
            <div className={`rejilla ${classes.sublineas}`}>
              {line.sublineas.map((sub) => (
                <Link key={sub.code} to={subLinePath(line.code, sub.code)} className={`tarjeta tarjeta-foto ${classes.sublinea}`}>
                  <FotoSublinea image={sub.image} />
                  <p className={`texto texto-sm semi ${classes.sublineaNombre}`}>{sub.name}</p>
                  <p className={`texto texto-xs ${classes.gris}`}>{articleCountLabel({ total: sub.models })}</p>
                </Link>
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
