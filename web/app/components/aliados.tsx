// The commercial partners' logos (home page, /franchise), in the admin's order; nothing when there are none.
import type { Aliado } from '#domain/contracts/aliados.ts';
import { imageFallback } from '#web/components/imagen.tsx';
import classes from './aliados.module.css';

const LOGO = { width: 160, height: 80 } as const;

export function AliadosComerciales({ aliados }: { aliados: readonly Aliado[] }) {
  if (aliados.length === 0) return null;
  return (
    <section className={`pila ${classes.aliados}`} aria-labelledby="aliados-titulo" data-testid="aliados-comerciales">
      <h2 className={`titulo ${classes.titulo}`} id="aliados-titulo">
        Nuestros aliados
      </h2>
      <div className={`rejilla ${classes.logos}`}>
        {aliados.map((a) => {
          const logo = (
            <img
              key="logo"
              src={a.logo}
              alt={a.name}
              width={LOGO.width}
              height={LOGO.height}
              loading="lazy"
              className={classes.logo}
              {...imageFallback}
            />
          );
          return a.url ? (
            <a
              key={a.id}
              href={a.url}
              className="enlace"
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${a.name} (se abre en otra pestaña)`}
            >
              {logo}
            </a>
          ) : (
            <div key={a.id}>{logo}</div>
          );
        })}
      </div>
    </section>
  );
}
