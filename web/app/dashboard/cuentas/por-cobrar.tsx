// /dashboard/cuentas/por-cobrar (admin, administración, vendedor-admin): notas de entrega by type
// (por cobrar, vencidas, pagadas, todas), facturas, or one row per customer with what they owe by
// age; search, dates and the totals of the whole list in dollars and bolívares. 15 a page.
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { tasaDelDia } from '#domain/contracts/general.ts';
import {
  exportarListado,
  LISTADO_TYPE_LABELS,
  type ListadoType,
  listado,
  listadoClientes,
  type Receivable,
  type ReceivableClient,
  type ReceivableTotals,
} from '#domain/contracts/mayor-cuentas.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import { formatUsd, formatVes } from '#domain/money.ts';
import { resumenDeCobro } from '#domain/resumen-cobro.ts';
import { DEFAULT_EXCHANGE_RATE } from '#domain/store-constants.ts';
import { AGING_BUCKET_LABELS, AGING_BUCKETS } from '#domain/ventas.ts';
import { MontoOrden } from '#web/components/monto-orden.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { RangoFechas } from '#web/dashboard/venta/rango-fechas.tsx';
import { Exportar } from '#web/dashboard/venta/reporte-comun.tsx';
import { orFallback } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/por-cobrar';
import { Antiguedad, COBROS_ROLES, EstadoPago, Monto, resumenInput, TasaDeHoy, type TasaHoy, usd } from './cobros-comun.tsx';

const DAY = /^20\d{2}-\d{2}-\d{2}$/;
type Tipo = ListadoType | 'clientes';
const TIPOS: readonly Tipo[] = ['pendientes', 'vencidas', 'clientes', 'pagadas', 'todas', 'facturas'];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, COBROS_ROLES);
  const params = new URL(request.url).searchParams;
  const text = (name: string) => (params.get(name) ?? '').trim();
  const tipo = TIPOS.find((t) => t === text('tipo')) ?? 'pendientes';
  const search = text('search').slice(0, 100);
  const desde = DAY.test(text('desde')) ? text('desde') : '';
  const hasta = DAY.test(text('hasta')) && (!desde || text('hasta') >= desde) ? text('hasta') : '';
  const page = /^[1-9]\d{0,8}$/.test(text('page')) ? text('page') : '1';
  // abonos=pendientes: the notes with an abono to approve (the home's card leads here).
  const abonos = text('abonos') === 'pendientes' ? ('pendientes' as const) : '';
  const filter_advance = {
    ...(desde ? { date_from: desde } : {}),
    ...(hasta ? { date_to: hasta } : {}),
    ...(abonos ? { abonos } : {}),
  };
  const filters = { tipo, search, desde, hasta, abonos };
  const today = caracasIsoDate(new Date());
  const tasa = await context.api.call(tasaDelDia, {}).then((r) => orFallback(r, { ...DEFAULT_EXCHANGE_RATE, date: null }));
  if (tipo === 'clientes') {
    const response = await context.api.call(listadoClientes, { page, search: search || undefined, filter_advance });
    if (!response.body.success) throw data({ message: response.body.message }, { status: response.status });
    const { data: clientes, meta, totals } = response.body;
    return { filters, today, tasa, documentos: [] as Receivable[], clientes, meta: meta as ListMeta, totals };
  }
  const response = await context.api.call(listado, { type: tipo, page, search: search || undefined, filter_advance });
  if (!response.body.success) throw data({ message: response.body.message }, { status: response.status });
  const { data: documentos, meta, totals } = response.body;
  return {
    filters,
    today,
    tasa,
    documentos,
    clientes: [] as ReceivableClient[],
    meta: meta as ListMeta,
    totals: { ...totals, aging: null },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Cuentas por cobrar');
}

const detalleHref = (number: string) => `/dashboard/cuentas/por-cobrar/${number}`;
const clienteHref = (id: number) => `/dashboard/cuentas/por-cobrar/cliente/${id}`;

/** Total − descuentos − abonado = por cobrar, each in its card (domain/resumen-cobro.ts). */
function Totales({ totals, tasa }: { totals: ReceivableTotals; tasa: TasaHoy }) {
  const items = resumenDeCobro(resumenInput(totals, tasa));
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="totales-cobro">
      {items.map((i) => (
        <Card key={i.key} withBorder padding="sm">
          <Text size="xs" c="dimmed">
            {i.label} · {totals.documents} {totals.documents === 1 ? 'documento' : 'documentos'}
          </Text>
          <Text fw={700} size="lg" data-testid={`total-${i.key}`}>
            {i.resta ? '− ' : ''}
            {formatUsd(i.usdCents)}
          </Text>
          <Text size="xs" c="dimmed" data-testid={`total-${i.key}-ves`}>
            {formatVes(i.vesCents)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function TablaDocumentos({ documentos }: { documentos: Receivable[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={900} visibleFrom="md">
        <Table striped highlightOnHover withTableBorder data-testid="tabla-cobros">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Documento</Table.Th>
              <Table.Th>Cliente</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Vence</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Abonado</Table.Th>
              <Table.Th ta="right">Saldo</Table.Th>
              <Table.Th>Estado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documentos.map((d) => (
              <Table.Tr key={d.id} data-testid={`cobro-${d.number}`}>
                <Table.Td>
                  <Anchor component={Link} to={detalleHref(d.number)} fw={600}>
                    {d.number}
                  </Anchor>
                  {d.pendingAbonos > 0 && (
                    <Text size="xs" c="orange">
                      {d.pendingAbonos} {d.pendingAbonos === 1 ? 'abono por aprobar' : 'abonos por aprobar'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={clienteHref(d.client.id)} size="sm">
                    {d.client.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {d.client.dni}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(d.createdAt)}</Text>
                  <Text size="xs" c="dimmed">
                    {d.store.name}
                    {d.seller ? ` · ${d.seller}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {d.dueDate && <Text size="sm">{formatDate(`${d.dueDate}T12:00:00-04:00`)}</Text>}
                  {toOwe(d) && <Antiguedad aging={d.aging} days={d.daysOverdue} />}
                </Table.Td>
                <Table.Td>
                  <MontoOrden usd={d.total} rate={d.rate} fw={400} />
                </Table.Td>
                <Table.Td>
                  <MontoOrden usd={d.balancePaid} rate={d.rate} fw={400} />
                </Table.Td>
                <Table.Td data-testid={`saldo-${d.number}`}>
                  <Monto usd={d.outstandingBalance} ves={d.outstandingBalanceVes} />
                </Table.Td>
                <Table.Td>
                  <EstadoPago status={d.paymentStatus} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="md" data-testid="tarjetas-cobros">
        {documentos.map((d) => (
          <Card key={d.id} withBorder padding="sm" component={Link} to={detalleHref(d.number)} data-testid={`tarjeta-cobro-${d.number}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700}>{d.number}</Text>
              <EstadoPago status={d.paymentStatus} />
            </Group>
            <Text size="sm" truncate>
              {d.client.name}
            </Text>
            <Text size="xs" c="dimmed">
              {d.client.dni} · {formatDate(d.createdAt)}
              {d.dueDate ? ` · vence ${formatDate(`${d.dueDate}T12:00:00-04:00`)}` : ''}
            </Text>
            <Group justify="space-between" gap="xs" wrap="wrap" mt={4}>
              <Text size="sm">
                Total {usd(d.total)}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · abonado {usd(d.balancePaid)}
                </Text>
              </Text>
              <Text size="sm" fw={700} data-testid={`tarjeta-saldo-${d.number}`}>
                Saldo {usd(d.outstandingBalance)}
              </Text>
            </Group>
            {toOwe(d) && (
              <Group mt={4} gap="xs">
                <Antiguedad aging={d.aging} days={d.daysOverdue} />
                {d.pendingAbonos > 0 && (
                  <Text size="xs" c="orange">
                    {d.pendingAbonos} por aprobar
                  </Text>
                )}
              </Group>
            )}
          </Card>
        ))}
      </Stack>
    </>
  );
}

const toOwe = (d: Receivable) => d.kind === 'nota-entrega' && Number(d.outstandingBalance) > 0;

function TablaClientes({ clientes }: { clientes: ReceivableClient[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={900} visibleFrom="md">
        <Table striped highlightOnHover withTableBorder data-testid="tabla-clientes-cobro">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cliente</Table.Th>
              <Table.Th ta="right">Notas</Table.Th>
              {AGING_BUCKETS.map((b) => (
                <Table.Th key={b} ta="right">
                  {AGING_BUCKET_LABELS[b]}
                </Table.Th>
              ))}
              <Table.Th ta="right">Debe</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clientes.map((c) => (
              <Table.Tr key={c.client.id} data-testid={`cliente-cobro-${c.client.id}`}>
                <Table.Td>
                  <Anchor component={Link} to={clienteHref(c.client.id)} fw={600} size="sm">
                    {c.client.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {c.client.dni}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{c.documents}</Table.Td>
                {AGING_BUCKETS.map((b) => (
                  <Table.Td key={b} ta="right" data-testid={`antiguedad-${c.client.id}-${b}`}>
                    <Text size="sm" c={Number(c.aging[b]) > 0 ? undefined : 'dimmed'}>
                      {usd(c.aging[b])}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td>
                  <Monto usd={c.outstandingBalance} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="md">
        {clientes.map((c) => (
          <Card key={c.client.id} withBorder padding="sm" component={Link} to={clienteHref(c.client.id)}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700} truncate>
                {c.client.name}
              </Text>
              <Text fw={700}>{usd(c.outstandingBalance)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {c.client.dni} · {c.documents} {c.documents === 1 ? 'nota' : 'notas'}
            </Text>
            <SimpleGrid cols={2} spacing={4} mt={4}>
              {AGING_BUCKETS.filter((b) => Number(c.aging[b]) > 0).map((b) => (
                <Text key={b} size="xs">
                  {AGING_BUCKET_LABELS[b]}: <b>{usd(c.aging[b])}</b>
                </Text>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    </>
  );
}

export default function PorCobrar({ loaderData }: Route.ComponentProps) {
  const { filters, today, tasa, documentos, clientes, meta, totals } = loaderData;
  const hrefTipo = (tipo: Tipo) => {
    const params = new URLSearchParams({ tipo });
    if (filters.search) params.set('search', filters.search);
    if (filters.desde) params.set('desde', filters.desde);
    if (filters.hasta) params.set('hasta', filters.hasta);
    if (filters.abonos) params.set('abonos', filters.abonos);
    return `?${params}`;
  };
  const exportFilters = {
    date_from: filters.desde || undefined,
    date_to: filters.hasta || undefined,
    abonos: filters.abonos || undefined,
  };
  const vacio = filters.tipo === 'clientes' ? clientes.length === 0 : documentos.length === 0;
  const filtrado = Boolean(filters.search || filters.desde || filters.hasta || filters.abonos);
  return (
    <Stack gap="md">
      <Title order={1}>Cuentas por cobrar</Title>
      <Group gap="xs" wrap="wrap" role="tablist" aria-label="Tipo de listado">
        {TIPOS.map((t) => (
          <Button
            key={t}
            component={Link}
            to={hrefTipo(t)}
            size="compact-sm"
            variant={t === filters.tipo ? 'filled' : 'light'}
            role="tab"
            aria-selected={t === filters.tipo}
            data-testid={`tipo-${t}`}
          >
            {LISTADO_TYPE_LABELS[t]}
          </Button>
        ))}
      </Group>

      {filters.abonos && (
        <Alert color="orange" variant="light" data-testid="filtro-abonos-pendientes">
          Solo las notas con abonos por aprobar.{' '}
          <Anchor component={Link} to={`?tipo=${filters.tipo}`}>
            Ver todas
          </Anchor>
        </Alert>
      )}
      <Form method="get">
        <input type="hidden" name="tipo" value={filters.tipo} />
        {filters.abonos && <input type="hidden" name="abonos" value={filters.abonos} />}
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput
            label="Buscar"
            name="search"
            placeholder="Cliente, cédula o número"
            defaultValue={filters.search}
            maxLength={100}
            style={{ flex: '1 1 14rem' }}
            data-testid="buscar-cobros"
          />
          <RangoFechas desde={filters.desde} hasta={filters.hasta} today={today} style={{ flex: '1 1 16rem' }} />
          <Button type="submit" variant="light" data-testid="filtrar-cobros">
            Buscar
          </Button>
          {filtrado && (
            <Button component={Link} to={`?tipo=${filters.tipo}`} variant="subtle">
              Limpiar
            </Button>
          )}
        </Group>
      </Form>

      <Totales totals={totals} tasa={tasa} />
      <TasaDeHoy tasa={tasa} />
      <Exportar
        path={exportarListado.path.replace(':type', filters.tipo)}
        query={{ search: filters.search || undefined, filter_advance: exportFilters }}
      />
      {totals.aging && (
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="antiguedad-total">
          {AGING_BUCKETS.map((b) => (
            <Card key={b} withBorder padding="xs">
              <Text size="xs" c="dimmed">
                {AGING_BUCKET_LABELS[b]}
              </Text>
              <Text fw={600} size="sm">
                {usd(totals.aging?.[b] ?? '0')}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}

      {vacio ? (
        <Alert color="gray" data-testid="cobros-vacio">
          {filtrado
            ? 'Ningún documento coincide con la búsqueda.'
            : filters.tipo === 'vencidas'
              ? 'No hay notas de entrega vencidas.'
              : filters.tipo === 'clientes' || filters.tipo === 'pendientes'
                ? 'Nadie debe: no hay notas de entrega por cobrar.'
                : 'Todavía no hay documentos de este tipo.'}
        </Alert>
      ) : filters.tipo === 'clientes' ? (
        <TablaClientes clientes={clientes} />
      ) : (
        <TablaDocumentos documentos={documentos} />
      )}
      <Paginacion meta={meta} label={filters.tipo === 'clientes' ? 'clientes' : 'documentos'} />
    </Stack>
  );
}
