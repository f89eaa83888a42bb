import './lib/zod-sin-eval.ts';
// Every page: Mantine's reset and CSS variables with the store's theme, and the store's own pieces.
// The pages a shopper browses use no Mantine component (docs/decisions/0037); the rest mount
// MantineProvider and its components' styles in their layouts (tienda/con-mantine.tsx, dashboard/layout.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './lib/tema-variables.css';
import './ui.css';
import './app.css';
import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import { ver } from '#domain/contracts/carrito.ts';
import { lineas } from '#domain/contracts/catalogo.ts';
import { galeria } from '#domain/contracts/galeria.ts';
import { datosEmpresaRoute, type Footer, footerContent, type InfoPagina, infoPaginaRoute, tasaDelDia } from '#domain/contracts/general.ts';
import { DEFAULT_EXCHANGE_RATE } from '#domain/store-constants.ts';
import type { Route } from './+types/root';
import { LoadingBar } from './components/loading-bar.tsx';
import { orFallback } from './lib/api.ts';
import { readCurrency } from './lib/moneda.ts';
import { PAGINA_NO_ENCONTRADA } from './lib/no-encontrada.ts';
import { useNonce } from './lib/nonce.ts';
import { isChunkLoadError, reloadTabOnceAMinute } from './lib/recarga-modulo.ts';
import { currentUser } from './lib/session.ts';

const EMPTY_INFO: InfoPagina = { storeName: 'Vitrina', logo: '', banner: '', facility: '', sizeGuide: '', offer: '' };
const EMPTY_FOOTER: Footer = {
  about_text: [],
  logo: '',
  address: '',
  phone1: '',
  phone2: '',
  whatsapp: '',
  email: '',
  social_links: {},
  copyright_text: '',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Only a visitor with a cart or a session can have something in the cart; the panel does not show it.
  const mayHaveCart =
    !url.pathname.startsWith('/dashboard') && /(?:^|;\s*)(?:carrito|access_token)=/.test(request.headers.get('cookie') ?? '');
  const storefront = !url.pathname.startsWith('/dashboard');
  const [info, rate, lines, footer, empresa, user, cartResponse, gallery] = await Promise.all([
    context.api.call(infoPaginaRoute, {}),
    context.api.call(tasaDelDia, {}),
    context.api.call(lineas, {}),
    context.api.call(footerContent, {}),
    context.api.call(datosEmpresaRoute, {}),
    currentUser(request, context.api),
    mayHaveCart ? context.api.call(ver, {}) : null,
    // The footer links the gallery only when it has photos (an empty page is a dead end).
    storefront ? context.api.call(galeria, {}) : null,
  ]);
  const cart = cartResponse ? orFallback(cartResponse, null) : null;
  // Canonical and OpenGraph links use the configured public origin, never the Host a client sent.
  const origin = context.publicUrl;
  return {
    info: orFallback(info, EMPTY_INFO),
    rate: orFallback(rate, { ...DEFAULT_EXCHANGE_RATE, date: null }),
    lines: orFallback(lines, []),
    footer: orFallback(footer, EMPTY_FOOTER),
    // The company's legal data (razón social, RIF) under the footer; none saved yet: nothing shown.
    empresa: orFallback(empresa, null),
    currency: readCurrency(request.headers.get('cookie')),
    user: user ? { nickname: user.nickname } : null,
    cartUnits: cart ? cart.items.reduce((n, item) => n + item.quantity, 0) : 0,
    galleryPhotos: gallery ? orFallback(gallery, { total: 0, latest: [] }).total : 0,
    origin,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root loader data missing');
  return data;
}

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Store settings change rarely: reload them only after a form was sent.
  return formAction ? defaultShouldRevalidate : false;
}

export function links() {
  return [
    { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    { rel: 'manifest', href: '/manifest.webmanifest' },
  ];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Once the page is hydrated its buttons and fields answer: the browser journeys wait for this mark
  // (e2e/fixtures.ts) instead of acting on server HTML whose clicks would be lost.
  useEffect(() => {
    document.documentElement.dataset.hidratada = '';
  }, []);
  return (
    // The colour-scheme attribute is in the server HTML, so colours are right before any script runs.
    <html lang="es" data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2255c" />
        <Meta />
        <Links />
      </head>
      <body>
        <LoadingBar />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const STATUS_TITLES: Record<number, string> = {
  401: 'Sesión requerida',
  403: 'Acceso denegado',
  404: 'Página no encontrada',
  429: 'Demasiadas solicitudes',
  500: 'Error del servidor',
};

/** The status and the Spanish message of an error a route threw (shared with the store's layout). */
export function describeRouteError(error: unknown): { status: number; message: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'object' && error.data && 'message' in error.data
      ? String(error.data.message)
      : status === 404
        ? PAGINA_NO_ENCONTRADA
        : error.statusText
    : 'Ocurrió un error inesperado. Intente de nuevo más tarde.';
  return { status, message };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A route chunk that failed to load: reload (at most once a minute) rather than show the error.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadTabOnceAMinute();
  }, [error]);
  const { status, message } = describeRouteError(error);
  return <ErrorPage status={status} message={message} />;
}

/** An error's page body; `ways` are the links on (the store's home and catalogue), «Inicio» if none. */
export function ErrorPage({ status, message, ways = [['/', 'Inicio']] }: { status: number; message: string; ways?: [string, string][] }) {
  const navigate = useNavigate();
  return (
    <div className="contenedor contenedor-sm pagina-error">
      <title>{`${STATUS_TITLES[status] ?? 'Error'} | Vitrina`}</title>
      <div className="pila centrado" style={{ alignItems: 'center' }}>
        <p className="texto pagina-error-codigo">{status}</p>
        <h1 className="titulo">{STATUS_TITLES[status] ?? 'Error'}</h1>
        <p className="texto texto-lg" data-testid="mensaje-error">
          {message}
        </p>
        <div className="fila" data-testid="salidas-error">
          {ways.map(([to, label]) => (
            <a key={to} href={to} className="enlace semi">
              {label}
            </a>
          ))}
          <button type="button" className="boton boton-claro" onClick={() => navigate(-1)}>
            Volver
          </button>
        </div>
      </div>
    </div>
  );
}
