import { PaginaSimple } from '#web/components/pagina-simple.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/email-cliente';

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Correo'), { name: 'robots', content: 'noindex' }];
}

export default function EmailCliente() {
  return (
    <PaginaSimple
      title="Preferencias de correo"
      intro="Desde aquí podrá gestionar su suscripción al boletín de la tienda."
      aviso="Esta sección estará disponible cuando active su cuenta."
    />
  );
}
