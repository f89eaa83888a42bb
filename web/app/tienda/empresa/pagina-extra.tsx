// /pagina/:slug: a content page the admin added (the fixed ones live at their own addresses).
import { redirect } from 'react-router';
import { isPaginaFija, paginaRoute, paginaUrl } from '#domain/contracts/general.ts';
import { PaginaDeContenido } from '#web/components/pagina-de-contenido.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/pagina-extra';

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug ?? '';
  if (isPaginaFija(slug)) throw redirect(paginaUrl(slug), 301);
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) throw new Response('No encontrada', { status: 404 });
  return { pagina: unwrap(await context.api.call(paginaRoute, { slug })) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.pagina.title ?? 'Página', { path: data ? `/pagina/${data.pagina.slug}` : undefined });
}

export default function PaginaExtra({ loaderData }: Route.ComponentProps) {
  return <PaginaDeContenido pagina={loaderData.pagina} />;
}
