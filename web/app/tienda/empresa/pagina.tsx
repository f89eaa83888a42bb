// Content pages kept in the database: privacy policy, terms and conditions (/franchise adds a form: franquicia.tsx).
import { paginaRoute } from '#domain/contracts/general.ts';
import { PaginaDeContenido } from '#web/components/pagina-de-contenido.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/pagina';

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\//, '').replace(/\/$/, '');
  return { pagina: unwrap(await context.api.call(paginaRoute, { slug })) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.pagina.title ?? 'Página', { path: data ? `/${data.pagina.slug}` : undefined });
}

export default function Pagina({ loaderData }: Route.ComponentProps) {
  return <PaginaDeContenido pagina={loaderData.pagina} />;
}
