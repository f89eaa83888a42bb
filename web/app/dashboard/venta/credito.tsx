// /dashboard/venta/credito (admin, administración, vendedor-admin): web orders approved as credit
// sales (docs/decisions/0004), 15 a page, with what was paid and what is still owed.
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Form, Link } from 'react-router';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '#domain/abono.ts';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { ventasACredito } from '#domain/contracts/orden-compra.ts';
import { formatDate } from '#domain/dates.ts';
import { CREDIT_SALE_ROLES } from '#domain/roles.ts';
import { MontoOrden, montoOrden } from '#web/components/monto-orden.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/credito';
import { PasoBadge } from './orden-vista.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, CREDIT_SALE_ROLES);
  const params = new URL(request.url).searchParams;
  const page = params.get('page') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const response = await context.api.call(ventasACredito, {
    page: /^[1-9]\d{0,8}$/.test(page) ? page : '1',
    search: search || undefined,
  });
  const { items, meta } = unwrapList(response);
  return { ventas: items, meta: meta as ListMeta, search };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Ventas a crédito');
}

const STATUS_COLORS: Record<PaymentStatus, string> = { pendiente: 'red', abonada: 'orange', pagada: 'green' };

function EstadoPago({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-estado={status}>
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

const hrefFor = (code: string) => `/dashboard/venta/${code}`;

export default function VentasACredito({ loaderData }: Route.ComponentProps) {
  const { ventas, meta, search } = loaderData;
  return (
    <Stack gap="md">
      <Title order={1}>Ventas a crédito</Title>
      <Text size="sm" c="dimmed">
        Órdenes web aprobadas a crédito. El pagado suma los pagos aprobados; el saldo es lo que falta por cobrar.
      </Text>

      <Form method="get">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput
            label="Buscar"
            name="search"
            placeholder="Código, comprador o cédula"
            defaultValue={search}
            maxLength={100}
            style={{ flex: '1 1 14rem' }}
            data-testid="buscar-credito"
          />
          <Button type="submit" variant="light" data-testid="filtrar-credito">
            Buscar
          </Button>
          {search && (
            <Button component={Link} to="/dashboard/venta/credito" variant="subtle">
              Limpiar
            </Button>
          )}
        </Group>
      </Form>

      {ventas.length === 0 ? (
        <Alert color="gray" data-testid="credito-vacio">
          {search
            ? 'Ninguna venta a crédito coincide con la búsqueda.'
            : 'Todavía no hay ventas a crédito. Se aprueban desde el detalle de una orden pendiente con pago pendiente.'}
        </Alert>
      ) : (
        <>
          <Table striped highlightOnHover withTableBorder visibleFrom="md" data-testid="tabla-credito">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Código</Table.Th>
                <Table.Th>Aprobada</Table.Th>
                <Table.Th>Comprador</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Pagado</Table.Th>
                <Table.Th ta="right">Saldo</Table.Th>
                <Table.Th>Cobro</Table.Th>
                <Table.Th>Paso</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ventas.map((v) => (
                <Table.Tr key={v.code} data-testid={`credito-${v.code}`}>
                  <Table.Td>
                    <Anchor component={Link} to={hrefFor(v.code)} fw={600}>
                      {v.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(v.approvedAt)}</Text>
                    {v.approvedBy && (
                      <Text size="xs" c="dimmed">
                        por {v.approvedBy}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{v.buyer}</Text>
                    <Text size="xs" c="dimmed">
                      {v.dni}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <MontoOrden usd={v.total} rate={v.rate} fw={400} />
                  </Table.Td>
                  <Table.Td data-testid={`pagado-${v.code}`}>
                    <MontoOrden usd={v.balancePaid} rate={v.rate} fw={400} />
                  </Table.Td>
                  <Table.Td data-testid={`saldo-${v.code}`}>
                    <MontoOrden usd={v.outstandingBalance} rate={v.rate} />
                  </Table.Td>
                  <Table.Td>
                    <EstadoPago status={v.paymentStatus} />
                  </Table.Td>
                  <Table.Td>
                    <PasoBadge step={v.step} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>

          <Stack gap="sm" hiddenFrom="md" data-testid="tarjetas-credito">
            {ventas.map((v) => {
              const pagado = montoOrden(v.balancePaid, v.rate);
              const saldo = montoOrden(v.outstandingBalance, v.rate);
              return (
                <Card key={v.code} withBorder padding="sm" component={Link} to={hrefFor(v.code)} data-testid={`tarjeta-credito-${v.code}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700}>{v.code}</Text>
                    <EstadoPago status={v.paymentStatus} />
                  </Group>
                  <Text size="sm" truncate>
                    {v.buyer}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {v.dni} · aprobada el {formatDate(v.approvedAt)}
                  </Text>
                  <Group justify="space-between" gap="xs" wrap="wrap" mt={4}>
                    <Text size="sm">
                      Total {montoOrden(v.total, v.rate).usd}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · pagado {pagado.usd}
                      </Text>
                    </Text>
                    <Text size="sm" fw={700}>
                      Saldo {saldo.usd}{' '}
                      <Text span size="xs" c="dimmed" fw={400}>
                        ({saldo.ves})
                      </Text>
                    </Text>
                  </Group>
                  <Group mt={4} gap="xs">
                    <Text size="xs" c="dimmed">
                      Paso de la orden
                    </Text>
                    <PasoBadge step={v.step} />
                  </Group>
                </Card>
              );
            })}
          </Stack>
        </>
      )}
      <Paginacion meta={meta} label="ventas a crédito" />
    </Stack>
  );
}
