// /dashboard/config/descuentos (admin, vendedor-admin): every discount (automatic, coupons and
// payment-method ones), searched by name or code, filtered by kind; activate, edit, assign.
import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { type Descuento, listar } from '#domain/contracts/descuento.ts';
import { DISCOUNT_APPLICATION_LABELS, DISCOUNT_APPLICATIONS } from '#domain/descuentos.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/descuentos';
import {
  type ActivarResult,
  activarDesdeFormulario,
  aplicacionDe,
  BotonActivar,
  EstadoDescuento,
  reglaDe,
  VENTAS,
  vigenciaDe,
} from './descuento-comun.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, VENTAS);
  const params = new URL(request.url).searchParams;
  const page = params.get('page') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const aplicacion = DISCOUNT_APPLICATIONS.find((a) => a === params.get('aplicacion')) ?? '';
  const list = unwrapList(
    await context.api.call(listar, { page: /^[1-9]\d{0,8}$/.test(page) ? page : '1', search: search || undefined, aplicacion }),
  );
  return { discounts: list.items, meta: list.meta as ListMeta, search, aplicacion, saved: params.get('guardado') };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, VENTAS);
  const { status, result } = await activarDesdeFormulario(context.api, await request.formData());
  return data<ActivarResult>(result, { status });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Descuentos');
}

function Acciones({ d }: { d: Descuento }) {
  return (
    <Group gap="xs" justify="end" wrap="wrap">
      <Button component={Link} to={`/dashboard/config/descuentos/registrar?id=${d.id}`} size="compact-sm" variant="subtle">
        Editar
      </Button>
      {d.aplicacion !== 'metodo-pago' && (
        <Button
          component={Link}
          to={`/dashboard/config/descuentos/asignar/${d.id}`}
          size="compact-sm"
          variant="subtle"
          data-testid={`asignar-${d.id}`}
        >
          Asignar
        </Button>
      )}
      <BotonActivar d={d} />
    </Group>
  );
}

function alcance(d: Descuento): string {
  if (d.aplicacion === 'metodo-pago') return 'Todo el pedido';
  const { lineas, sublineas, modelos } = d.assigned;
  const parts = [
    lineas ? `${lineas} ${lineas === 1 ? 'línea' : 'líneas'}` : '',
    sublineas ? `${sublineas} ${sublineas === 1 ? 'sub-línea' : 'sub-líneas'}` : '',
    modelos ? `${modelos} ${modelos === 1 ? 'modelo' : 'modelos'}` : '',
  ].filter(Boolean);
  if (parts.length > 0) return parts.join(', ');
  return d.aplicacion === 'cupon' ? 'Todo el carrito' : 'Sin asignar: no se aplica';
}

export default function Descuentos({ loaderData, actionData }: Route.ComponentProps) {
  const { discounts, meta, search, aplicacion, saved } = loaderData;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Descuentos</Title>
        <Group gap="xs">
          <Button component={Link} to="/dashboard/config/descuentos/registrar" data-testid="nuevo-descuento">
            Nuevo descuento
          </Button>
          <Button component={Link} to="/dashboard/cupones" variant="default">
            Cupones
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Un descuento automático se aplica solo a lo que tiene asignado, sobre el precio con su promoción; en cada línea del carrito vale el
        mayor, nunca dos. Un cupón lo escribe el comprador. El de un método de pago se aplica al pedido cuando se paga con ese método.
      </Text>
      {(saved || actionData?.saved) && (
        <Alert color="green" role="status" data-testid="descuento-guardado">
          {actionData?.saved ?? 'Descuento guardado.'}
        </Alert>
      )}
      {actionData?.message && <Alert color="red">{actionData.message}</Alert>}
      <Form method="get">
        <Group align="end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Tipo"
            name="aplicacion"
            defaultValue={aplicacion}
            data={[
              { value: '', label: 'Todos' },
              ...DISCOUNT_APPLICATIONS.map((a) => ({ value: a, label: DISCOUNT_APPLICATION_LABELS[a] })),
            ]}
          />
          <TextInput label="Buscar" name="search" placeholder="Nombre o código" defaultValue={search} maxLength={100} />
          <Button type="submit" variant="light">
            Filtrar
          </Button>
        </Group>
      </Form>
      {discounts.length === 0 ? (
        <Text c="dimmed">No hay descuentos con ese filtro.</Text>
      ) : (
        <>
          <Table striped withTableBorder visibleFrom="md" data-testid="tabla-descuentos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Descuento</Table.Th>
                <Table.Th>Vigencia</Table.Th>
                <Table.Th>Alcance</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {discounts.map((d) => (
                <Table.Tr key={d.id} data-testid={`descuento-${d.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {d.name}
                    </Text>
                    {d.code && (
                      <Text size="xs" c="dimmed">
                        Código {d.code}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{aplicacionDe(d)}</Table.Td>
                  <Table.Td>{reglaDe(d)}</Table.Td>
                  <Table.Td>{vigenciaDe(d)}</Table.Td>
                  <Table.Td>{alcance(d)}</Table.Td>
                  <Table.Td>
                    <EstadoDescuento d={d} />
                  </Table.Td>
                  <Table.Td>
                    <Acciones d={d} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="sm" hiddenFrom="md">
            {discounts.map((d) => (
              <Card key={d.id} withBorder padding="sm" data-testid={`tarjeta-descuento-${d.id}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component={Link} to={`/dashboard/config/descuentos/registrar?id=${d.id}`} fw={700} size="sm">
                    {d.name}
                  </Anchor>
                  <EstadoDescuento d={d} />
                </Group>
                <Text size="sm">
                  {reglaDe(d)} · {aplicacionDe(d)}
                  {d.code ? ` · ${d.code}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {vigenciaDe(d)} · {alcance(d)}
                </Text>
                <Group mt={6} justify="end">
                  <Acciones d={d} />
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <Paginacion meta={meta} label="descuentos" />
    </Stack>
  );
}
