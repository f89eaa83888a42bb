import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PaginaSimple } from '../../components/pagina-simple.tsx';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/carrito';

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Carrito'), { name: 'robots', content: 'noindex' }];
}

export default function Carrito() {
  return (
    <PaginaSimple title="Carrito" aviso="Su carrito está vacío.">
      <Button component={Link} to="/linea" w="fit-content">
        Ver el catálogo
      </Button>
    </PaginaSimple>
  );
}
