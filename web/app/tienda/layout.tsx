// The default layout: header with lines, search, currency and cart; footer with the store's data.
import { type ReactNode, useEffect, useState } from 'react';
import { Form, Link, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { linePath } from '#domain/catalogo-urls.ts';
import { numeroWhatsapp } from '#domain/identidad.ts';
import { loginHref } from '#web/auth/volver.ts';
import { SelectorMoneda } from '#web/components/selector-moneda.tsx';
import { isChunkLoadError, reloadTabOnceAMinute } from '#web/lib/recarga-modulo.ts';
import { describeRouteError, ErrorPage, useRootData } from '#web/root.tsx';
import { FormularioBoletin } from '#web/tienda/correo/formulario-boletin.tsx';
import { ABRE_MENU_MOVIL, MenuMovil } from '#web/tienda/menu-movil.tsx';
import classes from './layout.module.css';

/** A route's `handle` that wants the minimal header (logo, currency, back to the cart) for some URLs. */
export type MinimalHeader = { minimalHeader?: (search: string) => boolean };

export default function TiendaLayout() {
  return (
    <TiendaChrome>
      <Outlet />
    </TiendaChrome>
  );
}

/**
 * A storefront page that failed (404, 429, an error): the store's header with its search and its
 * footer stay, with a way on (home, the catalogue). Without this boundary the root's bare page showed
 * (docs/arquitectura.md §Errores en las páginas).
 */
export function ErrorBoundary({ error }: { error: unknown }) {
  // A route chunk that failed to load: reload (at most once a minute), as the root does.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadTabOnceAMinute();
  }, [error]);
  const { status, message } = describeRouteError(error);
  return (
    <TiendaChrome>
      <ErrorPage status={status} message={message} ways={WAYS_ON} />
    </TiendaChrome>
  );
}

const WAYS_ON: [string, string][] = [
  ['/', 'Ir al inicio'],
  ['/linea', 'Ver el catálogo'],
];

function TiendaChrome({ children }: { children: ReactNode }) {
  const { info, lines, footer, empresa, user, cartUnits, galleryPhotos } = useRootData();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  const location = useLocation();
  // A page may ask for a header without distractions (the checkout's steps): see MinimalHeader.
  const minimal = useMatches().some((m) => (m.handle as MinimalHeader | undefined)?.minimalHeader?.(location.search));
  const account = user
    ? { to: '/mi-cuenta', label: 'Mi cuenta' }
    : { to: loginHref(location.pathname + location.search), label: 'Ingresar' };
  const menu = [
    ['/', 'Inicio'],
    ['/linea', 'Todas las líneas'],
    ...lines.map((line) => [linePath(line.code), line.name]),
    ['/articulos/lo-nuevo', 'Lo nuevo'],
    ['/articulos/mas-vendidos', 'Más vendidos'],
    ['/articulos/promociones', 'Ofertas'],
    ['/nuestras-tiendas', 'Nuestras tiendas'],
    [account.to, account.label],
  ];

  return (
    // Plain elements, not Mantine's AppShell: its header imports react-remove-scroll for one class
    // name, and every storefront page loaded it (docs/decisions/0037).
    <div>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      {minimal ? (
        <header className="cabecera-tienda cabecera-minima">
          <div className={`contenedor contenedor-xl ${classes.alto}`}>
            <div className={`${classes.barra} ${classes.alto}`}>
              <Link to="/" aria-label={`${info.storeName}, inicio`}>
                <img src={info.logo || '/imagenes/logo.svg'} alt={info.storeName} height={32} width={107} className={classes.logo} />
              </Link>
              <div className={`${classes.grupo} ${classes.gapSm}`}>
                <SelectorMoneda />
                <Link to="/carrito" className={`${classes.enlace} ${classes.chico} ${classes.semi}`} data-testid="encabezado-checkout">
                  Volver al carrito
                </Link>
              </div>
            </div>
          </div>
        </header>
      ) : (
        <header className="cabecera-tienda">
          <div className={`contenedor contenedor-xl ${classes.alto}`}>
            <div className={classes.barra}>
              <div className={classes.grupo}>
                <button
                  type="button"
                  className={classes.burger}
                  onClick={() => setOpened(true)}
                  aria-label="Abrir menú"
                  {...ABRE_MENU_MOVIL}
                >
                  <span className={classes.rayas} />
                </button>
                <Link to="/" aria-label={`${info.storeName}, inicio`}>
                  <img src={info.logo || '/imagenes/logo.svg'} alt={info.storeName} height={36} width={120} className={classes.logo} />
                </Link>
              </div>
              <nav className={classes.lineas} aria-label="Líneas">
                {lines.map((line) => (
                  <NavLink key={line.code} to={linePath(line.code)} className={`${classes.enlace} ${classes.semi}`}>
                    {line.name}
                  </NavLink>
                ))}
                <NavLink to="/articulos/promociones" className={`${classes.enlace} ${classes.ofertas}`}>
                  Ofertas
                </NavLink>
              </nav>
              <div className={classes.grupo}>
                <div className={classes.desdeSm}>
                  <BuscarForm key={location.key} />
                </div>
                <SelectorMoneda />
                <Link to="/carrito" className={`${classes.enlace} ${classes.conIcono}`} data-testid="enlace-carrito">
                  <IconoBolsa />
                  {/* Named by its own words («Carrito 3 artículos»), not an aria-label: one that differs
                      from what is seen fails WCAG 2.5.3 (label in name). One inline span, so the
                      space between the word and the count is kept (the link is a flex box). */}
                  <span>
                    Carrito
                    {cartUnits > 0 && (
                      <>
                        {' '}
                        <span className={classes.unidades} data-testid="unidades-carrito">
                          {cartUnits}
                        </span>
                        <span className="visually-hidden">{cartUnits === 1 ? ' artículo' : ' artículos'}</span>
                      </>
                    )}
                  </span>
                </Link>
                <Link to={account.to} className={`${classes.enlace} ${classes.conIcono} ${classes.desdeXs}`} data-testid="enlace-cuenta">
                  <IconoPersona />
                  <span>{account.label}</span>
                </Link>
              </div>
            </div>
            <div className={`${classes.hastaSm} ${classes.buscarTelefono}`}>
              <BuscarForm key={location.key} />
            </div>
          </div>
        </header>
      )}

      <MenuMovil opened={opened} onClose={close} title="Menú">
        <div className="pila gap-0">
          {menu.map(([to, label]) => (
            <Link key={to} to={to} className={classes.enlaceMenu} onClick={close}>
              {label}
            </Link>
          ))}
        </div>
      </MenuMovil>

      <main id="contenido">
        {children}
        {!minimal && <PiePagina footer={footer} storeName={info.storeName} empresa={empresa} gallery={galleryPhotos > 0} />}
      </main>
    </div>
  );
}

/** A line icon of the header, drawn with the text's colour. Written here rather than taken from
 * Tabler: its runtime would go to every storefront page (docs/decisions/0037, the 120 KB budget). */
function Icono({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

const IconoBolsa = () => (
  <Icono>
    <path d="M6.3 8h11.4a2 2 0 0 1 2 1.7l1.2 8a2 2 0 0 1-2 2.3H5.1a2 2 0 0 1-2-2.3l1.2-8a2 2 0 0 1 2-1.7z" />
    <path d="M9 11V6a3 3 0 0 1 6 0v5" />
  </Icono>
);

const IconoPersona = () => (
  <Icono>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20a7.5 7.5 0 0 1 15 0" />
  </Icono>
);

function BuscarForm() {
  // On the results page the box keeps what was searched.
  const location = useLocation();
  const q = location.pathname === '/buscar' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  return (
    <Form action="/buscar" method="get" role="search">
      <input
        key={q}
        name="q"
        type="search"
        defaultValue={q}
        placeholder="Buscar artículos…"
        aria-label="Buscar artículos"
        className={classes.buscar}
      />
    </Form>
  );
}

type RootData = ReturnType<typeof useRootData>;

const STORE_LINKS = [
  ['/orden', 'Seguir mi pedido'],
  ['/sobre-nosotros', 'Sobre nosotros'],
  ['/nuestras-tiendas', 'Nuestras tiendas'],
  ['/franchise', 'Franquicias'],
  ['/blog', 'Blog'],
  ['/galeria', 'Galería'],
  ['/contact', 'Contacto'],
  ['/privacy-policy', 'Política de privacidad'],
  ['/terms-and-condition', 'Términos y condiciones'],
];

function PiePagina({
  footer,
  storeName,
  empresa,
  gallery,
}: {
  footer: RootData['footer'];
  storeName: string;
  empresa: RootData['empresa'];
  /** Whether the gallery has photos: an empty one is not linked. */
  gallery: boolean;
}) {
  const social = Object.entries(footer.social_links).filter(([, url]) => url);
  const contacto = `${classes.pieEnlace} ${classes.pieContacto}`;
  return (
    <footer className={classes.pie}>
      <div className="contenedor contenedor-xl">
        <div className={classes.columnas}>
          <div className="pila gap-xs">
            {footer.logo ? (
              <img src={footer.logo} alt={storeName} height={40} loading="lazy" className={classes.pieLogo} data-testid="pie-logo" />
            ) : (
              <p className={`${classes.pieTitulo} ${classes.pieNombre}`}>{storeName}</p>
            )}
            {footer.about_text.map((p) => (
              <p key={p} className="texto texto-sm">
                {p}
              </p>
            ))}
          </div>
          <div className={`pila ${classes.lista}`}>
            <p className={classes.pieTitulo}>La tienda</p>
            {STORE_LINKS.filter(([to]) => gallery || to !== '/galeria').map(([to, label]) => (
              <Link key={to} to={to} className={classes.pieEnlace}>
                {label}
              </Link>
            ))}
          </div>
          <div className={`pila ${classes.lista}`}>
            <p className={classes.pieTitulo}>Contacto</p>
            {footer.address && <p className="texto texto-sm">{footer.address}</p>}
            {[footer.phone1, footer.phone2].filter(Boolean).map((phone) => (
              <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={contacto}>
                {phone}
              </a>
            ))}
            {footer.whatsapp && (
              <a href={`https://wa.me/${numeroWhatsapp(footer.whatsapp)}`} className={contacto} rel="noopener">
                WhatsApp
              </a>
            )}
            {footer.email && (
              <a href={`mailto:${footer.email}`} className={contacto}>
                {footer.email}
              </a>
            )}
            <div className={`fila ${classes.redes}`}>
              {social.map(([name, url]) => (
                <a key={name} href={url} className={contacto} rel="noopener" target="_blank">
                  {name}
                </a>
              ))}
            </div>
          </div>
        </div>
        <div className={`pila ${classes.boletin}`} data-testid="pie-boletin">
          <h2 className={classes.pieTitulo}>Boletín</h2>
          <p className="texto texto-sm">Novedades, promociones y lo nuevo de la tienda en su correo.</p>
          <FormularioBoletin dark />
        </div>
        <hr className={classes.divisor} />
        <p className="texto texto-xs centrado">{footer.copyright_text}</p>
        {empresa?.razonSocial && (
          <p className={`texto texto-xs centrado ${classes.empresa}`} data-testid="pie-empresa">
            {[empresa.razonSocial, empresa.rif && `RIF ${empresa.rif}`, empresa.address].filter(Boolean).join(' · ')}
          </p>
        )}
      </div>
    </footer>
  );
}
