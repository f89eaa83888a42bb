// Catalogue filters as a GET form (colour swatches, size, price with IVA, offers, order): a side
// column on wide screens, a bottom sheet on phones; above the list, the active filters as chips
// that remove themselves and the result count.

import { type FormEvent, useEffect, useRef } from 'react';
import { Form, Link, useLocation, useSubmit } from 'react-router';
import { articleCountLabel } from '#domain/conteo-acotado.ts';
import type { LineWithFilters } from '#domain/contracts/catalogo.ts';
import type { ListMeta } from '#domain/contracts/contract.ts';
import { formatAmount, fromCents, parseAmountInput, toCents } from '#domain/money.ts';
import { netoDeUnPvp, pvpCents } from '#domain/precio-al-publico.ts';
import { IconoCerrar } from '#web/components/icono-cerrar.tsx';
import { MontoInput, montoVenezolano } from '#web/components/monto-input.tsx';
import classes from './filtros.module.css';
import { OpcionesDeOrden, sortParams } from './orden.tsx';

/** A list's count as the API gives it: exact, or a lower bound. */
type ListCount = Pick<ListMeta, 'total' | 'total_is_estimate'>;

/** Storefront lists show 24 cards a page, one per style (the API's own default stays 6). */
export const STOREFRONT_LIST = { per_page: '24', agrupar_colores: 'true' } as const;

/** A price the shopper typed ("25,50", "1.234") in cents, or null when it is not an amount. */
function typedCents(value: string | null): number | null {
  if (!value) return null;
  const parsed = parseAmountInput(value);
  return /^\d{1,6}(\.\d{1,2})?$/.test(parsed) ? toCents(parsed) : null;
}

/**
 * Keeps only well-formed filter values from the page URL, so a typo shows all articles instead of
 * an error. Prices are typed with IVA (as shown); the API filters the price before IVA.
 */
export function filterParams(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  const colors = url.searchParams.getAll('color').filter((c) => /^[A-Za-z0-9]{4}$/.test(c));
  if (colors.length > 0) out.color = [...new Set(colors)].slice(0, 20).join(',');
  const talla = url.searchParams.get('talla');
  if (talla && /^[A-Za-z0-9]{2}$/.test(talla)) out.talla = talla;
  const min = typedCents(url.searchParams.get('precio_min'));
  if (min !== null) out.precio_min = fromCents(netoDeUnPvp(min, 'min'));
  const max = typedCents(url.searchParams.get('precio_max'));
  if (max !== null) out.precio_max = fromCents(netoDeUnPvp(max, 'max'));
  if (/^(true|1)$/.test(url.searchParams.get('promocion') ?? '')) out.promocion = 'true';
  const page = url.searchParams.get('page');
  if (page && /^\d{1,5}$/.test(page)) out.page = page;
  // The «next page» link carries the API's cursor: a deep page then costs what the first one costs.
  const despues = url.searchParams.get('despues');
  if (despues && /^[\w-]{1,400}$/.test(despues)) out.despues = despues;
  return { ...out, ...sortParams(url.searchParams.get('orden')) };
}

type Filters = LineWithFilters['filtros'];
type Chip = { key: string; label: string; to: string };

/** The active filters of the URL, each with the link that removes it. */
function activeChips(filters: Filters, search: URLSearchParams, pathname: string): Chip[] {
  const without = (name: string, value?: string) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    params.delete('despues');
    if (value === undefined) params.delete(name);
    else params.delete(name, value);
    const qs = params.toString();
    return `${pathname}${qs ? `?${qs}` : ''}`;
  };
  const chips: Chip[] = [];
  for (const code of new Set(search.getAll('color'))) {
    const color = filters.colors.find((c) => c.code === code);
    if (color) chips.push({ key: `color-${code}`, label: color.name, to: without('color', code) });
  }
  const size = filters.sizes.find((s) => s.code === search.get('talla'));
  if (size) chips.push({ key: 'talla', label: `Talla ${size.label}`, to: without('talla') });
  const min = typedCents(search.get('precio_min'));
  if (min !== null) chips.push({ key: 'min', label: `Desde $ ${formatAmount(min)}`, to: without('precio_min') });
  const max = typedCents(search.get('precio_max'));
  if (max !== null) chips.push({ key: 'max', label: `Hasta $ ${formatAmount(max)}`, to: without('precio_max') });
  if (/^(true|1)$/.test(search.get('promocion') ?? '')) chips.push({ key: 'oferta', label: 'Solo ofertas', to: without('promocion') });
  return chips;
}

/** Above the list: on phones the «Filtros» button; everywhere the result count and the active filters. */
export function BarraDeFiltros({ filters, total, onAbrir }: { filters: Filters; total: ListCount; onAbrir: () => void }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const chips = activeChips(filters, search, location.pathname);
  return (
    <div className={`pila gap-xs ${classes.barra}`} id="lista-articulos">
      <div className={`fila ${classes.cabecera}`}>
        <p className="texto semi" data-testid="conteo-resultados" aria-live="polite">
          {articleCountLabel(total)}
        </p>
        {/* biome-ignore lint/a11y/useValidAnchor: a link to the sheet: without JavaScript the sheet opens as the page's :target */}
        <a
          href="#filtros-panel"
          className={`boton ${classes.botonDefecto} ${classes.alto44} ${classes.soloTelefono}`}
          onClick={(event) => {
            event.preventDefault();
            onAbrir();
          }}
          aria-controls="filtros-panel"
          data-testid="abrir-filtros"
        >
          Filtros{chips.length > 0 ? ` (${chips.length})` : ''}
        </a>
      </div>
      {chips.length > 0 && (
        <ul className={`fila ${classes.chips}`} aria-label="Filtros activos" data-testid="filtros-activos">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Link
                to={chip.to}
                preventScrollReset
                className={`boton ${classes.pastilla} ${classes.chip}`}
                aria-label={`Quitar filtro ${chip.label}`}
                data-testid="chip-filtro"
              >
                {chip.label}
                <span aria-hidden>×</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={location.pathname} className={`boton boton-sutil ${classes.pastilla}`}>
              Borrar todo
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}

export function Filtros({
  filters,
  total,
  abierto,
  onCerrar,
}: {
  filters: Filters;
  total: ListCount;
  abierto: boolean;
  onCerrar: () => void;
}) {
  const submit = useSubmit();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const colors = new Set(current.getAll('color'));
  // The sheet, once open, takes the focus and closes with Escape.
  const closeButton = useRef<HTMLAnchorElement>(null);
  // Closing also leaves the #filtros-panel address a visit without JavaScript may have left behind.
  const cerrar = (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    if (window.location.hash === '#filtros-panel')
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    onCerrar();
  };
  const close = useRef(cerrar);
  close.current = cerrar;
  useEffect(() => {
    if (!abierto) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close.current();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [abierto]);
  const pvpOf = (net: string | null) => (net ? formatAmount(pvpCents(toCents(net))) : '');
  // The form is drawn again for each URL (a removed chip unticks its box); focus returns to the choice just made.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (location.search !== undefined && focused.current) document.querySelector<HTMLElement>(focused.current)?.focus();
  }, [location.search]);
  const send = (form: HTMLFormElement) => {
    const active = document.activeElement;
    focused.current =
      active instanceof HTMLInputElement && form.contains(active)
        ? `#filtros-panel input[name="${active.name}"][value="${active.value}"]`
        : null;
    if (active instanceof HTMLSelectElement && form.contains(active)) focused.current = `#filtros-panel select[name="${active.name}"]`;
    // Empty fields stay out of the address: «?color=NEGR», not «?color=NEGR&talla=&precio_min=».
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (value !== '') fields.append(name, String(value));
    submit(fields, { method: 'get', action: location.pathname, preventScrollReset: true, replace: true });
  };
  // Choices apply at once; a price applies when its field is left or with Enter.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLInputElement).type !== 'text') send(event.currentTarget);
  };
  return (
    <>
      <div className={classes.fondo} data-abierto={abierto} onClick={() => cerrar()} aria-hidden />
      <Form
        method="get"
        id="filtros-panel"
        className={classes.panel}
        data-abierto={abierto}
        onChange={onChange}
        aria-label="Filtros"
        data-testid="filtros"
        key={location.search}
      >
        <div className={classes.encabezado}>
          <h2 className="titulo">Filtros</h2>
          {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript it leaves the :target sheet for the list */}
          <a ref={closeButton} href="#lista-articulos" className={classes.cerrar} onClick={cerrar} aria-label="Cerrar los filtros">
            <IconoCerrar width="70%" height="70%" />
          </a>
        </div>
        <div className={`pila ${classes.cuerpo}`}>
          <label className={`campo ${classes.campo}`}>
            Ordenar por
            <select name="orden" defaultValue={current.get('orden') ?? 'nuevo'}>
              <OpcionesDeOrden />
            </select>
          </label>
          {filters.colors.length > 0 && (
            <fieldset className={classes.grupo}>
              <legend>Color</legend>
              <div className={`fila ${classes.opciones}`}>
                {filters.colors.map((c) => (
                  <label key={c.code} className={classes.muestra} data-testid={`filtro-color-${c.code}`}>
                    <input type="checkbox" name="color" value={c.code} defaultChecked={colors.has(c.code)} />
                    <span className={classes.circulo} style={{ background: c.hex }} />
                    {c.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {filters.sizes.length > 0 && (
            <fieldset className={classes.grupo}>
              <legend>Talla</legend>
              <div className={`fila ${classes.opciones}`}>
                {[{ code: '', label: 'Todas' }, ...filters.sizes].map((s) => (
                  <label key={s.code || 'todas'} className={classes.opcion} data-testid={`filtro-talla-${s.code || 'todas'}`}>
                    <input type="radio" name="talla" value={s.code} defaultChecked={(current.get('talla') ?? '') === s.code} />
                    <span>{s.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <fieldset className={classes.grupo}>
            <legend>Precio con IVA ($)</legend>
            <div className={`fila gap-xs ${classes.precios}`}>
              <MontoInput
                label="Desde"
                name="precio_min"
                className={classes.campo}
                defaultValue={montoVenezolano(current.get('precio_min') ?? '')}
                placeholder={pvpOf(filters.priceRange.min)}
                onBlur={(e) => e.currentTarget.form && send(e.currentTarget.form)}
              />
              <MontoInput
                label="Hasta"
                name="precio_max"
                className={classes.campo}
                defaultValue={montoVenezolano(current.get('precio_max') ?? '')}
                placeholder={pvpOf(filters.priceRange.max)}
                onBlur={(e) => e.currentTarget.form && send(e.currentTarget.form)}
              />
            </div>
          </fieldset>
          <label className={classes.casilla}>
            <input type="checkbox" name="promocion" value="true" defaultChecked={current.get('promocion') === 'true'} />
            Solo ofertas
          </label>
          <div className={`fila gap-xs ${classes.soloEscritorio}`}>
            <button type="submit" className="boton">
              Aplicar
            </button>
            <Link to={location.pathname} className="boton boton-sutil">
              Limpiar filtros
            </Link>
          </div>
        </div>
        <div className={classes.pie}>
          <Link to={location.pathname} className={`boton ${classes.botonDefecto} ${classes.alto44}`} style={{ flex: 1 }}>
            Limpiar
          </Link>
          {/* With JavaScript the choices already applied, so it only closes; without it, it sends the form. */}
          <button type="submit" onClick={cerrar} className={`boton ${classes.alto44}`} style={{ flex: 2 }} data-testid="ver-resultados">
            Ver {articleCountLabel(total)}
          </button>
        </div>
      </Form>
    </>
  );
}
