// /dashboard/cupones (admin, vendedor-admin): the coupons with their code, limits and uses so far;
// create one, edit it, choose its scope, activate or deactivate it.
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { type Descuento, listar } from '#domain/contracts/descuento.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import {
  type ActivarResult,
  activarDesdeFormulario,
  BotonActivar,
  EstadoDescuento,
  reglaDe,
  VENTAS,
  vigenciaDe,
} from '../config/descuento-comun.tsx';
import type { Route } from './+types/cupones';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, VENTAS);
  const params = new URL(request.url).searchParams;
  const page = params.get('page') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const list = unwrapList(
    await context.api.call(listar, { page: /^[1-9]\d{0,8}$/.test(page) ? page : '1', search: search || undefined, aplicacion: 'cupon' }),
  );
  return { coupons: list.items, meta: list.meta as ListMeta, search, saved: params.get('guardado') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, VENTAS);
  const { status, result } = await activarDesdeFormulario(context.api, await request.formData());
  return data<ActivarResult>(result, { status });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Cupones');
}

function usos(c: Descuento): string {
  return c.maxUses === null ? `${c.uses} (sin límite)` : `${c.uses} de ${c.maxUses}`;
}

function porCliente(c: Descuento): string {
  return c.maxUsesPerCustomer === null ? 'Sin límite' : `${c.maxUsesPerCustomer} por cliente`;
}

function alcance(c: Descuento): string {
  const { lineas, sublineas, modelos } = c.assigned;
  return lineas + sublineas + modelos === 0 ? 'Todo el carrito' : `${lineas + sublineas + modelos} asignaciones`;
}

function Acciones({ c }: { c: Descuento }) {
  return (
    <Group gap="xs" justify="end" wrap="wrap">
      <Button component={Link} to={`/dashboard/config/descuentos/registrar?id=${c.id}`} size="compact-sm" variant="subtle">
        Editar
      </Button>
      <Button component={Link} to={`/dashboard/config/descuentos/asignar/${c.id}`} size="compact-sm" variant="subtle">
        Alcance
      </Button>
      <BotonActivar d={c} />
    </Group>
  );
}

export default function Cupones({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, meta, search, saved } = loaderData;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Cupones</Title>
        <Button component={Link} to="/dashboard/config/descuentos/registrar?aplicacion=cupon" data-testid="nuevo-cupon">
          Nuevo cupón
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        El comprador escribe el código en el carrito o al confirmar. El cupón se aplica después de los descuentos de los artículos y se
        cuenta al registrar la orden; si la orden se anula, el uso vuelve.
      </Text>
      {(saved || actionData?.saved) && (
        <Alert color="green" role="status" data-testid="cupon-guardado">
          {actionData?.saved ?? 'Cupón guardado.'}
        </Alert>
      )}
      {actionData?.message && <Alert color="red">{actionData.message}</Alert>}
      <Form method="get">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput label="Buscar" name="search" placeholder="Código o nombre" defaultValue={search} maxLength={100} />
          <Button type="submit" variant="light">
            Buscar
          </Button>
        </Group>
      </Form>
      {coupons.length === 0 ? (
        <Text c="dimmed">No hay cupones{search ? ' con esa búsqueda' : ''}.</Text>
      ) : (
        <>
          <Table striped withTableBorder visibleFrom="md" data-testid="tabla-cupones">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Código</Table.Th>
                <Table.Th>Descuento</Table.Th>
                <Table.Th>Vigencia</Table.Th>
                <Table.Th>Usos</Table.Th>
                <Table.Th>Límite por cliente</Table.Th>
                <Table.Th>Alcance</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coupons.map((c) => (
                <Table.Tr key={c.id} data-testid={`cupon-${c.code}`}>
                  <Table.Td>
                    <Text fw={700} size="sm" ff="monospace">
                      {c.code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.name}
                      {c.onlyEmail ? ` · solo ${c.onlyEmail}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{reglaDe(c)}</Table.Td>
                  <Table.Td>{vigenciaDe(c)}</Table.Td>
                  <Table.Td data-testid={`usos-${c.code}`}>{usos(c)}</Table.Td>
                  <Table.Td>{porCliente(c)}</Table.Td>
                  <Table.Td>{alcance(c)}</Table.Td>
                  <Table.Td>
                    <EstadoDescuento d={c} />
                  </Table.Td>
                  <Table.Td>
                    <Acciones c={c} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="sm" hiddenFrom="md">
            {coupons.map((c) => (
              <Card key={c.id} withBorder padding="sm" data-testid={`tarjeta-cupon-${c.code}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component={Link} to={`/dashboard/config/descuentos/registrar?id=${c.id}`} fw={700} ff="monospace">
                    {c.code}
                  </Anchor>
                  <EstadoDescuento d={c} />
                </Group>
                <Text size="sm">
                  {reglaDe(c)} · {c.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {vigenciaDe(c)} · {alcance(c)}
                </Text>
                <Group gap="xs" mt={4}>
                  <Badge variant="light">Usos: {usos(c)}</Badge>
                  <Badge variant="light" color="gray">
                    {porCliente(c)}
                  </Badge>
                </Group>
                <Group mt={6} justify="end">
                  <Acciones c={c} />
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <Paginacion meta={meta} label="cupones" />
    </Stack>
  );
}
