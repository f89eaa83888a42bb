// /dashboard/<anything else>: the 404 page (docs/arquitectura.md §Páginas y guardias), after the layout's auth guard.
import { data, redirect } from 'react-router';
import { movedAccountPath } from '#web/cuenta/rutas.ts';
import { PAGINA_NO_ENCONTRADA } from '#web/lib/no-encontrada.ts';
import type { Route } from './+types/no-encontrada';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const moved = movedAccountPath(url.pathname);
  if (moved) throw redirect(moved + url.search);
  throw data({ message: PAGINA_NO_ENCONTRADA }, { status: 404 });
}

export default function NoEncontrada() {
  return null;
}
