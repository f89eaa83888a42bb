import { data } from 'react-router';

export function loader() {
  throw data({ message: 'La publicación solicitada no existe.' }, { status: 404 });
}

export default function BlogDetalle() {
  return null;
}
