import { data } from 'react-router';
import { PAGINA_NO_ENCONTRADA } from '#web/lib/no-encontrada.ts';

export function loader() {
  throw data({ message: PAGINA_NO_ENCONTRADA }, { status: 404 });
}

export default function NoEncontrada() {
  return null;
}
