// /dashboard/venta/tiendas (admin, vendedor-admin, administración): sales per store in a date range
// (documents, units sold less returned, base, taxes and total in USD and Bs.), a chart of the same
// figures, and each store's invoices one click away.
import { BarChart } from '@mantine/charts';
import { Anchor, Box, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { Form, Link } from 'react-router';
import { ventasPorTienda } from '#domain/contracts/ventas-reportes.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { addCents, formatUsd, fromCents, toCents } from '#domain/money.ts';
import { SALES_REPORT_ROLES } from '#domain/roles.ts';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/tiendas';
import { RangoFechas } from './rango-fechas.tsx';
import { apiFiltros, facturasYNotas, filtrosDe, usd, ves } from './reporte-comun.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, SALES_REPORT_ROLES);
  const today = caracasIsoDate(new Date());
  const filtros = filtrosDe(new URL(request.url), today);
  const { filter_advance } = apiFiltros(filtros);
  const tiendas = unwrap(
    await context.api.call(ventasPorTienda, { filter_advance: { date_from: filter_advance.date_from, date_to: filter_advance.date_to } }),
  );
  return { tiendas, desde: filtros.desde, hasta: filtros.hasta, today };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Ventas por tienda');
}

const sum = (values: string[]) => fromCents(addCents(...values.map(toCents)));

export default function VentasPorTienda({ loaderData }: Route.ComponentProps) {
  const { tiendas, desde, hasta, today } = loaderData;
  const mounted = useMounted();
  const facturasHref = (id: number) => `/dashboard/venta/tiendas/facturas?${new URLSearchParams({ tienda: String(id), desde, hasta })}`;
  const withSales = tiendas.filter((t) => t.documentos > 0);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Ventas por tienda</Title>
        <Text size="sm" c="dimmed">
          Documentos, unidades vendidas (menos las devueltas) y totales de cada tienda en el rango.
        </Text>
      </div>
      <Card withBorder padding="md">
        <Form method="get">
          <Group align="end" gap="sm" wrap="wrap">
            <RangoFechas desde={desde} hasta={hasta} today={today} style={{ flex: '1 1 16rem' }} />
            <Button type="submit">Ver</Button>
          </Group>
        </Form>
      </Card>

      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Total por tienda
        </Title>
        {withSales.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="tiendas-vacio">
            Ninguna tienda tiene ventas en este rango.
          </Text>
        ) : (
          <Box h={240} data-testid="grafico-tiendas" data-dibujado={mounted ? 'si' : 'no'}>
            {mounted ? (
              <BarChart
                h={240}
                data={withSales.map((t) => ({ tienda: t.name, total: Number(t.totalUsd) }))}
                dataKey="tienda"
                series={[{ name: 'total', label: 'Total $', color: 'teal.6' }]}
                valueFormatter={(v) => formatUsd(toCents(String(v)))}
                yAxisProps={{ width: 80 }}
              />
            ) : (
              <Skeleton h={240} animate={false} />
            )}
          </Box>
        )}
      </Card>

      <Table.ScrollContainer minWidth={820}>
        <Table striped withTableBorder data-testid="tabla-tiendas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tienda</Table.Th>
              <Table.Th ta="right">Documentos</Table.Th>
              <Table.Th ta="right">Unidades</Table.Th>
              <Table.Th ta="right">Base imponible</Table.Th>
              <Table.Th ta="right">IVA</Table.Th>
              <Table.Th ta="right">IGTF</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tiendas.map((t) => (
              <Table.Tr key={t.tiendaId} data-testid={`tienda-${t.code}`}>
                <Table.Td>
                  <Anchor component={Link} to={facturasHref(t.tiendaId)} fw={600}>
                    {t.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {facturasYNotas(t.facturas, t.notas)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{t.documentos}</Table.Td>
                <Table.Td ta="right">{t.unidades}</Table.Td>
                <Celda usdValue={t.baseImponibleUsd} vesValue={t.baseImponibleVes} />
                <Celda usdValue={t.ivaUsd} vesValue={t.ivaVes} />
                <Celda usdValue={t.igtfUsd} vesValue={t.igtfVes} />
                <Celda usdValue={t.totalUsd} vesValue={t.totalVes} strong />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="tiendas-total">
              <Table.Th>Todas</Table.Th>
              <Table.Th ta="right">{tiendas.reduce((n, t) => n + t.documentos, 0)}</Table.Th>
              <Table.Th ta="right">{tiendas.reduce((n, t) => n + t.unidades, 0)}</Table.Th>
              <Celda usdValue={sum(tiendas.map((t) => t.baseImponibleUsd))} vesValue={sum(tiendas.map((t) => t.baseImponibleVes))} />
              <Celda usdValue={sum(tiendas.map((t) => t.ivaUsd))} vesValue={sum(tiendas.map((t) => t.ivaVes))} />
              <Celda usdValue={sum(tiendas.map((t) => t.igtfUsd))} vesValue={sum(tiendas.map((t) => t.igtfVes))} />
              <Celda usdValue={sum(tiendas.map((t) => t.totalUsd))} vesValue={sum(tiendas.map((t) => t.totalVes))} strong />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Celda({ usdValue, vesValue, strong }: { usdValue: string; vesValue: string; strong?: boolean }) {
  return (
    <Table.Td ta="right">
      <Text size="sm" fw={strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
        {usd(usdValue)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {ves(vesValue)}
      </Text>
    </Table.Td>
  );
}
