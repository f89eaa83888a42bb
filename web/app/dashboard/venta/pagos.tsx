// /dashboard/venta/pagos (admin, vendedor-admin, administración): every payment received — the
// payments taken with a sale and the approved abonos of notas de entrega — with the rate each was
// taken at, a summary by method (chart and table of the same figures) and the export.
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { type PaymentOrigin, pagos, ventasPorTienda } from '#domain/contracts/ventas-reportes.ts';
import { caracasIsoDate, formatDateTime } from '#domain/dates.ts';
import { addCents, formatRate, formatVes, fromCents, toCents } from '#domain/money.ts';
import { SALES_REPORT_ROLES } from '#domain/roles.ts';
import { REPORT_PAYMENT_METHODS } from '#domain/ventas-reportes.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/pagos';
import { GraficoMetodos } from './graficos-ventas.tsx';
import { RangoFechas } from './rango-fechas.tsx';
import { Exportar, filtrosDe, usd } from './reporte-comun.tsx';
import { documentoHref } from './reporte-ventas.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, SALES_REPORT_ROLES);
  const url = new URL(request.url);
  const today = caracasIsoDate(new Date());
  const f = filtrosDe(url, today);
  const origenParam = url.searchParams.get('origen') ?? '';
  const origen = (['venta', 'abono'] as const).find((o) => o === origenParam) ?? '';
  const query = {
    search: f.search || undefined,
    filter_advance: {
      date_from: f.desde || undefined,
      date_to: f.hasta || undefined,
      tienda: f.tienda || undefined,
      payment_method: f.metodo || undefined,
      origen: (origen || undefined) as PaymentOrigin | undefined,
    },
  };
  const page = url.searchParams.get('page') ?? '';
  const [list, stores] = await Promise.all([
    context.api.call(pagos, { ...query, page: /^[1-9]\d{0,8}$/.test(page) ? page : '1' }),
    context.api.call(ventasPorTienda, { filter_advance: { date_from: today, date_to: today } }),
  ]);
  const body = list.body;
  if (!body.success) throw data({ message: body.message }, { status: list.status });
  return {
    pagos: body.data,
    meta: body.meta as ListMeta,
    resumen: body.resumen,
    descuentos: body.descuentos,
    reembolsos: body.reembolsos,
    filtros: { ...f, origen },
    tiendas: unwrap(stores).map((s) => ({ value: String(s.tiendaId), label: s.name })),
    query,
    today,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Pagos recibidos');
}

const ORIGIN = {
  venta: { label: 'Venta', color: 'teal' },
  abono: { label: 'Abono', color: 'grape' },
  // Money approved on a web order still waiting for the rest: its link is the order.
  anticipo: { label: 'Anticipo de orden', color: 'orange' },
} as const;

/** An amount in its own currency. */
function enMoneda(amount: string, currency: string): string {
  return currency === 'VES' ? formatVes(toCents(amount)) : usd(amount);
}

export default function Pagos({ loaderData }: Route.ComponentProps) {
  const { pagos: rows, meta: listMeta, resumen, descuentos, reembolsos, filtros, tiendas, query, today } = loaderData;
  const totalUsd = fromCents(addCents(0, ...resumen.map((r) => toCents(r.amountUsd))));
  const totalIgtf = fromCents(addCents(0, ...resumen.map((r) => toCents(r.igtf))));
  const porMetodo = resumen.map((r) => ({ key: `${r.method}/${r.currency}`, label: r.label, pagos: r.pagos, amountUsd: r.amountUsd }));
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Pagos recibidos</Title>
        <Text size="sm" c="dimmed">
          Los pagos tomados con cada venta y los abonos aprobados de las notas de entrega, con la tasa a la que se tomaron. Las órdenes web
          cobradas llegan aquí cuando pasan a venta.
        </Text>
      </div>
      <Card withBorder padding="md">
        <Form method="get">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <RangoFechas desde={filtros.desde} hasta={filtros.hasta} today={today} />
            <NativeSelect label="Tienda" name="tienda" defaultValue={filtros.tienda} data={[{ value: '', label: 'Todas' }, ...tiendas]} />
            <NativeSelect
              label="Método"
              name="metodo"
              defaultValue={filtros.metodo}
              data={[{ value: '', label: 'Todos' }, ...REPORT_PAYMENT_METHODS]}
              data-testid="filtro-metodo"
            />
            <NativeSelect
              label="Origen"
              name="origen"
              defaultValue={filtros.origen}
              data={[
                { value: '', label: 'Ventas y abonos' },
                { value: 'venta', label: 'Pagos de ventas' },
                { value: 'abono', label: 'Abonos aprobados' },
              ]}
            />
            <TextInput
              label="Buscar"
              name="search"
              placeholder="Documento, referencia o cliente"
              defaultValue={filtros.search}
              maxLength={100}
            />
          </SimpleGrid>
          <Group mt="md" gap="sm" justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Button type="submit" data-testid="filtrar-pagos">
                Filtrar
              </Button>
              <Button component={Link} to="/dashboard/venta/pagos" variant="subtle">
                Limpiar
              </Button>
            </Group>
          </Group>
        </Form>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="md" data-testid="resumen-pagos">
          <Title order={2} size="h4">
            Por método
          </Title>
          <Text size="sm" mb="sm">
            {listMeta.total} {listMeta.total === 1 ? 'pago' : 'pagos'} · total{' '}
            <Text span fw={700} data-testid="pagos-total-usd">
              {usd(totalUsd)}
            </Text>{' '}
            · IGTF {usd(totalIgtf)}
          </Text>
          {reembolsos.cantidad > 0 && (
            <Text size="sm" mb="sm" data-testid="pagos-reembolsos">
              Menos {reembolsos.cantidad} {reembolsos.cantidad === 1 ? 'reembolso' : 'reembolsos'} al comprador por{' '}
              {usd(reembolsos.amountUsd)}: neto recibido{' '}
              <Text span fw={700}>
                {usd(fromCents(toCents(totalUsd) - toCents(reembolsos.amountUsd)))}
              </Text>
              .
            </Text>
          )}
          {descuentos.cantidad > 0 && (
            <Text size="sm" mb="sm" c="dimmed" data-testid="pagos-descuentos">
              Además, {descuentos.cantidad} {descuentos.cantidad === 1 ? 'descuento otorgado' : 'descuentos otorgados'} por{' '}
              {usd(descuentos.amountUsd)}: no son dinero recibido y no suman al total.
            </Text>
          )}
          {resumen.length === 0 ? (
            <Text size="sm" c="dimmed">
              Sin pagos en este rango.
            </Text>
          ) : (
            <GraficoMetodos data={porMetodo} testId="grafico-pagos" />
          )}
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            En su moneda
          </Title>
          <Table.ScrollContainer minWidth={300}>
            <Table withTableBorder striped data-testid="tabla-monedas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Método</Table.Th>
                  <Table.Th ta="right">Recibido</Table.Th>
                  <Table.Th ta="right">IGTF $</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {resumen.map((r) => (
                  <Table.Tr key={`${r.method}/${r.currency}`}>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {enMoneda(r.amount, r.currency)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {usd(r.igtf)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </SimpleGrid>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          Pagos
        </Title>
        <Exportar path="/ventas/pagos/exportar" query={query} testId="exportar-pagos" />
      </Group>
      {rows.length === 0 ? (
        <Alert color="gray" data-testid="pagos-vacio">
          No hay pagos con estos filtros.
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped withTableBorder highlightOnHover data-testid="tabla-pagos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Método</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th ta="right">Tasa</Table.Th>
                <Table.Th ta="right">USD</Table.Th>
                <Table.Th>Referencia</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={`${p.origen}-${p.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.date)}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={p.origen === 'anticipo' ? `/dashboard/venta/${p.number}` : documentoHref(p.number)}
                      fw={600}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {p.number}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {p.tienda}
                    </Text>
                  </Table.Td>
                  <Table.Td>{p.cliente}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.methodLabel}</Text>
                    <Badge size="xs" variant="light" color={ORIGIN[p.origen].color}>
                      {ORIGIN[p.origen].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {enMoneda(p.amount, p.currency)}
                  </Table.Td>
                  <Table.Td ta="right">{formatRate(p.rate)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {usd(p.amountUsd)}
                    {toCents(p.igtf) > 0 && (
                      <Text size="xs" c="dimmed">
                        IGTF {usd(p.igtf)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{p.reference || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paginacion meta={listMeta} label="pagos" />
    </Stack>
  );
}
