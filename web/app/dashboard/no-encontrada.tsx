// /dashboard/<anything else>: the 404 page (spec §2), after the layout's auth guard.
import { data } from 'react-router';

export function loader() {
  throw data({ message: 'This page could not be found' }, { status: 404 });
}

export default function NoEncontrada() {
  return null;
}
