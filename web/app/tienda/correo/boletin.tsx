// /boletin: signs an address up for the newsletter. The footer's form posts here (inline with
// JavaScript through a fetcher; without it, this page shows the answer), and the page has the same
// form. A hidden honeypot field catches bots; the answer is the same whether or not the address was subscribed.
import { data } from 'react-router';
import { newsletter } from '#domain/contracts/boletin.ts';
import { PaginaSimple } from '#web/components/pagina-simple.tsx';
import { formInput } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors } from '#web/lib/session.ts';
import type { Route } from './+types/boletin';
import { FormularioBoletin, type SuscripcionResult } from './formulario-boletin.tsx';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { email: String(form.get('email') ?? ''), website: String(form.get('website') ?? '') };
  const response = await context.api.call(newsletter, formInput(newsletter, values));
  if (!response.body.success) {
    const message =
      response.status === 429 ? 'Recibimos varias suscripciones desde su conexión: espere unos minutos e intente de nuevo.' : undefined;
    return data<SuscripcionResult>(
      { ...formErrors(response), ...(message ? { message } : {}), email: values.email },
      { status: response.status },
    );
  }
  return { sent: response.body.data.message } satisfies SuscripcionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Boletín', {
    path: '/boletin',
    description: 'Reciba en su correo las novedades, promociones y lo nuevo de la tienda.',
  });
}

export default function Boletin({ actionData }: Route.ComponentProps) {
  return (
    <PaginaSimple
      title="Boletín"
      intro="Reciba en su correo las novedades, las promociones y lo nuevo de la tienda. Le enviaremos un enlace para confirmar, y cada correo trae uno para darse de baja."
    >
      <FormularioBoletin initial={actionData as SuscripcionResult | undefined} />
    </PaginaSimple>
  );
}
