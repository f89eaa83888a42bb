// /dashboard/venta/credito (admin, administración, vendedor-admin): every credit sale, 15 a page —
// the notas de entrega of the counter and wholesale sales and of the web orders approved on credit
// (docs/decisions/0004) — with its total, discounts, what was paid and what is still owed.
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { listado, type Receivable } from '#domain/contracts/mayor-cuentas.ts';
import { formatDate } from '#domain/dates.ts';
import { CREDIT_SALE_ROLES } from '#domain/roles.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { EstadoPago, Monto, usd } from '#web/dashboard/cuentas/cobros-comun.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/credito';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, CREDIT_SALE_ROLES);
  const params = new URL(request.url).searchParams;
  const page = params.get('page') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  // «todas»: every nota de entrega not voided, whatever its balance and wherever it was sold.
  const response = await context.api.call(listado, {
    type: 'todas',
    page: /^[1-9]\d{0,8}$/.test(page) ? page : '1',
    search: search || undefined,
  });
  if (!response.body.success) throw data({ message: response.body.message }, { status: response.status });
  return { ventas: response.body.data, meta: response.body.meta as ListMeta, search };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Ventas a crédito');
}

const notaHref = (number: string) => `/dashboard/cuentas/por-cobrar/${number}`;

function Origen({ venta }: { venta: Receivable }) {
  if (venta.source === 'web' && venta.orderCode) {
    return (
      <Anchor component={Link} to={`/dashboard/venta/${venta.orderCode}`} size="sm" data-origen="web">
        Web · {venta.orderCode}
      </Anchor>
    );
  }
  return (
    <Badge variant="light" color="gray" data-origen={venta.source}>
      {venta.source === 'web' ? 'Web' : 'Mostrador'}
    </Badge>
  );
}

export default function VentasACredito({ loaderData }: Route.ComponentProps) {
  const { ventas, meta, search } = loaderData;
  return (
    <Stack gap="md">
      <Title order={1}>Ventas a crédito</Title>
      <Text size="sm" c="dimmed">
        Todas las notas de entrega: las ventas a crédito del mostrador y al mayor, y las órdenes web aprobadas a crédito. Saldo = total −
        descuentos − abonado.
      </Text>

      <Form method="get">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput
            label="Buscar"
            name="search"
            placeholder="Número de nota, cliente o cédula"
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
            : 'Todavía no hay ventas a crédito. Se hacen en «Nueva venta» a crédito o aprobando a crédito una orden web con pago pendiente.'}
        </Alert>
      ) : (
        <>
          <Table striped highlightOnHover withTableBorder visibleFrom="md" data-testid="tabla-credito">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nota</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Origen</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Descuentos</Table.Th>
                <Table.Th ta="right">Abonado</Table.Th>
                <Table.Th ta="right">Saldo</Table.Th>
                <Table.Th>Cobro</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ventas.map((v) => (
                <Table.Tr key={v.number} data-testid={`credito-${v.number}`}>
                  <Table.Td>
                    <Anchor component={Link} to={notaHref(v.number)} fw={600}>
                      {v.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(v.createdAt)}</Text>
                    {v.seller && (
                      <Text size="xs" c="dimmed">
                        {v.seller}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Origen venta={v} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{v.client.name}</Text>
                    <Text size="xs" c="dimmed">
                      {v.client.dni}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Monto usd={v.total} ves={v.totalVes} fw={400} />
                  </Table.Td>
                  <Table.Td>
                    <Monto usd={v.discount} fw={400} />
                  </Table.Td>
                  <Table.Td data-testid={`pagado-${v.number}`}>
                    <Monto usd={v.balancePaid} fw={400} />
                  </Table.Td>
                  <Table.Td data-testid={`saldo-${v.number}`}>
                    <Monto usd={v.outstandingBalance} ves={v.outstandingBalanceVes} />
                  </Table.Td>
                  <Table.Td>
                    <EstadoPago status={v.paymentStatus} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>

          <Stack gap="sm" hiddenFrom="md" data-testid="tarjetas-credito">
            {ventas.map((v) => (
              <Card key={v.number} withBorder padding="sm" data-testid={`tarjeta-credito-${v.number}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component={Link} to={notaHref(v.number)} fw={700}>
                    {v.number}
                  </Anchor>
                  <EstadoPago status={v.paymentStatus} />
                </Group>
                <Text size="sm" truncate>
                  {v.client.name}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <Text size="xs" c="dimmed">
                    {v.client.dni} · {formatDate(v.createdAt)}
                  </Text>
                  <Origen venta={v} />
                </Group>
                <Text size="sm" mt={4}>
                  Total {usd(v.total)}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    − descuentos {usd(v.discount)} − abonado {usd(v.balancePaid)}
                  </Text>
                </Text>
                <Text size="sm" fw={700} data-testid={`tarjeta-saldo-credito-${v.number}`}>
                  Saldo {usd(v.outstandingBalance)}
                </Text>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <Paginacion meta={meta} label="ventas a crédito" />
    </Stack>
  );
}
