// /mi-cuenta/compras: the logged-in customer's own purchase orders, 15 a page.
import { Alert, Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { Form, Link } from 'react-router';
import { misOrdenes } from '#domain/contracts/profile.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireUser } from '#web/lib/session.ts';
import type { Route } from './+types/compras';
import { ComprasLista } from './compra-vista.tsx';
import { CUENTA } from './rutas.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context.api);
  const params = new URL(request.url).searchParams;
  const page = Number(params.get('page'));
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const { items, meta } = unwrapList(
    await context.api.call(misOrdenes, {
      page: Number.isSafeInteger(page) && page > 0 ? page : 1,
      ...(search ? { search } : {}),
    }),
  );
  return { orders: items, meta, search };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Mis compras');
}

export default function MisCompras({ loaderData }: Route.ComponentProps) {
  const { orders, meta, search } = loaderData;
  return (
    <Stack gap="md">
      <Title order={1}>Mis compras</Title>
      <Form method="get">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput label="Buscar" name="search" placeholder="Código de la orden" defaultValue={search} data-testid="buscar-mis-compras" />
          <Button type="submit" variant="light">
            Buscar
          </Button>
        </Group>
      </Form>
      {orders.length === 0 ? (
        <Alert color="gray">
          {search ? 'Ninguna de sus compras coincide con la búsqueda.' : 'Aún no tiene compras con esta cuenta. '}
          {!search && (
            <Anchor component={Link} to="/linea" fw={600}>
              Ver el catálogo
            </Anchor>
          )}
        </Alert>
      ) : (
        <ComprasLista items={orders} hrefFor={CUENTA.compra} />
      )}
      {meta.total > 0 && <Paginacion meta={meta} label="compras" />}
    </Stack>
  );
}
