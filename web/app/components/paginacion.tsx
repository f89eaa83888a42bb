// Page links that keep the other query parameters; real links, so they work without JavaScript.
// Where the list gives a cursor (`meta.next_cursor`), the link to the next page carries it as
// `despues`, so walking the list page by page costs what its first page costs (decision 0025); the
// page number stays in the link for what the page shows («Mostrando 481–504»).
import { Link, useLocation } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { pageHref } from '#web/lib/enlace-de-pagina.ts';
import classes from './paginacion.module.css';

const ICONOS = {
  anterior: 'M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z',
  siguiente: 'M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z',
  puntos:
    'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z',
};

function Icono({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 16 16" className={classes.icono} aria-hidden>
      <path d={d} fill="currentColor" />
    </svg>
  );
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The numbers to show, Mantine's way (one sibling each side, one page at each end), `null` for «…». */
function paginas(current: number, last: number): (number | null)[] {
  if (last <= 7) return range(1, last);
  const left = Math.max(current - 1, 1);
  const right = Math.min(current + 1, last - 1);
  if (left <= 3) return [...range(1, 5), null, last];
  if (right >= last - 2) return [1, null, ...range(last - 4, last)];
  return [1, null, ...range(left, right), null, last];
}

export function Paginacion({ meta, param = 'page', label = 'artículos' }: { meta: ListMeta; param?: string; label?: string }) {
  const location = useLocation();
  const current = meta.current_page;
  const next = current + 1;
  const hrefFor = (page: number) => pageHref(location.pathname, location.search, param, page, page === next ? meta.next_cursor : null);
  // An empty list says so itself, in words that fit it; a second «Sin …» under that only repeats it.
  if (meta.total === 0) return null;
  // Previous/next on the first/last page lead nowhere: a disabled button, not a link.
  const control = (target: number, disabled: boolean, name: string, d: string) =>
    disabled ? (
      <button type="button" className={classes.control} disabled aria-label={name}>
        <Icono d={d} />
      </button>
    ) : (
      <Link to={hrefFor(target)} className={classes.control} aria-label={name}>
        <Icono d={d} />
      </Link>
    );
  return (
    <div className={`fila ${classes.pie}`}>
      <p className={`texto texto-sm ${classes.resumen}`}>
        {meta.total === 1
          ? 'Mostrando 1 de 1'
          : `Mostrando ${meta.from}–${meta.to} de ${meta.total_is_estimate ? 'más de ' : ''}${meta.total.toLocaleString('es-VE')} ${label}`}
      </p>
      {meta.last_page > 1 && (
        <nav aria-label="Paginación">
          <ul className={`fila ${classes.paginas}`}>
            <li>{control(current - 1, current <= 1, 'Página anterior', ICONOS.anterior)}</li>
            {paginas(current, meta.last_page).map((page, i) =>
              page === null ? (
                <li key={`puntos-${i}`} className={classes.puntos} aria-hidden>
                  <Icono d={ICONOS.puntos} />
                </li>
              ) : (
                <li key={page}>
                  <Link
                    to={hrefFor(page)}
                    className={`${classes.control} ${classes.numero}`}
                    aria-current={page === current ? 'page' : undefined}
                  >
                    {page}
                  </Link>
                </li>
              ),
            )}
            <li>{control(next, current >= meta.last_page, 'Página siguiente', ICONOS.siguiente)}</li>
          </ul>
        </nav>
      )}
    </div>
  );
}
