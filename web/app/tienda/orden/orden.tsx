import { Button, Group, TextInput } from '@mantine/core';
import { data, Form, redirect } from 'react-router';
import { PaginaSimple } from '../../components/pagina-simple.tsx';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/orden';

export function loader({ params, request }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get('codigo')?.trim();
  if (!params.codigo && typed) throw redirect(`/orden/${encodeURIComponent(typed.toUpperCase())}`);
  if (params.codigo) throw data({ message: `No encontramos la orden ${params.codigo}.` }, { status: 404 });
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Seguimiento de orden'), { name: 'robots', content: 'noindex' }];
}

export default function Orden() {
  return (
    <PaginaSimple
      title="Seguimiento de orden"
      intro="Escriba el código de su orden de compra (por ejemplo OC-000123) para ver en qué paso está."
    >
      <Form method="get" action="/orden">
        <Group align="end">
          <TextInput name="codigo" label="Código de la orden" required maxLength={20} />
          <Button type="submit">Buscar</Button>
        </Group>
      </Form>
    </PaginaSimple>
  );
}
