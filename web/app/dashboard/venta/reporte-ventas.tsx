// The sales report shared by /dashboard/venta/todas-las-ventas, /mis-ventas and /tiendas/facturas:
// filters (a Form GET that works without JavaScript), the totals in USD and Bs., the charts with
// their tables, the documents 15 a page and the export of the same list. Loader and page together.
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Form, Link } from 'react-router';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '#domain/abono.ts';
import type { ApiClient, ListMeta } from '#domain/contracts/api-client.ts';
import {
  buscarVendedor,
  graficos,
  listar,
  type ResumenTienda,
  totales,
  type VentaFila,
  type VentasTotales,
  ventasPorTienda,
} from '#domain/contracts/ventas-reportes.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import { addCents, fromCents, toCents } from '#domain/money.ts';
import { SALE_CONDITION_LABELS, SALE_KIND_LABELS } from '#domain/ventas.ts';
import { REPORT_PAYMENT_METHODS } from '#domain/ventas-reportes.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrap, unwrapList } from '#web/lib/api.ts';
import { useHrefWith } from '#web/lib/enlace-con.ts';
import { GraficosVentas, type SeriesVentas } from './graficos-ventas.tsx';
import { RangoFechas } from './rango-fechas.tsx';
import { apiFiltros, Exportar, type Filtros, facturasYNotas, filtrosDe, TablaTotales, usd, ves } from './reporte-comun.tsx';

export type Modo = 'todas' | 'mias' | 'tienda';

export type ReporteData = {
  modo: Modo;
  filtros: Filtros;
  today: string;
  ventas: VentaFila[];
  meta: ListMeta;
  totales: VentasTotales;
  series: SeriesVentas | null;
  tiendas: Pick<ResumenTienda, 'tiendaId' | 'name'>[];
  vendedores: { id: number; name: string }[];
  exportQuery: Record<string, unknown>;
};

export async function cargarReporte(request: Request, api: ApiClient, modo: Modo): Promise<ReporteData> {
  const url = new URL(request.url);
  const today = caracasIsoDate(new Date());
  const filtros = filtrosDe(url, today);
  const stores = unwrap(await api.call(ventasPorTienda, { filter_advance: { date_from: today, date_to: today } }));
  // A store's invoices: one store always (the first unless chosen).
  if (modo === 'tienda' && !filtros.tienda && stores.length > 0) filtros.tienda = String(stores[0].tiendaId);
  if (modo === 'mias') filtros.vendedor = '';
  const query = apiFiltros(filtros, modo === 'mias' ? 'mias' : 'todas');
  const page = url.searchParams.get('page') ?? '';
  const orden = filtros.orden as 'fecha' | 'numero' | 'total' | 'cliente' | '';
  const [list, sums, charts, sellers] = await Promise.all([
    api.call(listar, { ...query, page: /^[1-9]\d{0,8}$/.test(page) ? page : '1', sort_by: orden || undefined }),
    api.call(totales, query),
    modo === 'tienda' ? null : api.call(graficos, query),
    modo === 'mias' ? null : api.call(buscarVendedor, {}),
  ]);
  const { items, meta } = unwrapList(list);
  return {
    modo,
    filtros,
    today,
    ventas: items,
    meta: meta as ListMeta,
    totales: unwrap(sums),
    series: charts ? unwrap(charts) : null,
    tiendas: stores.map((s) => ({ tiendaId: s.tiendaId, name: s.name })),
    vendedores: sellers ? unwrap(sellers).map((s) => ({ id: s.id, name: `${s.name} (${s.code})` })) : [],
    exportQuery: { ...query, sort_by: orden || undefined },
  };
}

const STATUS_COLORS: Record<PaymentStatus, string> = { pendiente: 'red', abonada: 'orange', pagada: 'green' };

export const documentoHref = (number: string) => `/dashboard/venta/documento/${encodeURIComponent(number)}`;

const TITLES: Record<Modo, { title: string; help: string }> = {
  todas: { title: 'Todas las ventas', help: 'Facturas y notas de entrega de todas las tiendas y vendedores.' },
  mias: { title: 'Mis ventas', help: 'Las facturas y notas de entrega en que usted es el vendedor.' },
  tienda: { title: 'Facturas de la tienda', help: 'Los documentos de una tienda, con sus totales.' },
};

export function ReporteVentas({ data }: { data: ReporteData }) {
  const { modo, filtros, ventas, meta, totales: t, series, tiendas, vendedores, today } = data;
  const hrefWith = useHrefWith();
  const path = modo === 'todas' ? 'todas-las-ventas' : modo === 'mias' ? 'mis-ventas' : 'tiendas/facturas';
  const storeName = tiendas.find((s) => String(s.tiendaId) === filtros.tienda)?.name;
  const masFiltros = Boolean(filtros.vendedor || filtros.condicion || filtros.metodo || filtros.numero);
  return (
    <Stack gap="md" data-testid={`reporte-${modo}`}>
      <div>
        <Title order={1}>{modo === 'tienda' && storeName ? `Facturas de ${storeName}` : TITLES[modo].title}</Title>
        <Text size="sm" c="dimmed">
          {TITLES[modo].help}
        </Text>
      </div>

      <Card withBorder padding="md">
        <Form method="get" data-testid="filtros-ventas">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <RangoFechas desde={filtros.desde} hasta={filtros.hasta} today={today} />
            <NativeSelect
              label="Tienda"
              name="tienda"
              defaultValue={filtros.tienda}
              data={[
                ...(modo === 'tienda' ? [] : [{ value: '', label: 'Todas' }]),
                ...tiendas.map((s) => ({ value: String(s.tiendaId), label: s.name })),
              ]}
              data-testid="filtro-tienda"
            />
            <TextInput label="Buscar" name="search" placeholder="Número, cliente o cédula" defaultValue={filtros.search} maxLength={100} />
          </SimpleGrid>
          <Box component="details" mt="sm" open={masFiltros || undefined} data-testid="mas-filtros">
            <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>
              Más filtros: {modo === 'mias' ? '' : 'vendedor, '}condición, método de pago y número
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="xs">
              {modo !== 'mias' && (
                <NativeSelect
                  label="Vendedor"
                  name="vendedor"
                  defaultValue={filtros.vendedor}
                  data={[{ value: '', label: 'Todos' }, ...vendedores.map((v) => ({ value: String(v.id), label: v.name }))]}
                  data-testid="filtro-vendedor"
                />
              )}
              <NativeSelect
                label="Condición"
                name="condicion"
                defaultValue={filtros.condicion}
                data={[
                  { value: '', label: 'Contado y crédito' },
                  { value: 'contado', label: SALE_CONDITION_LABELS.contado },
                  { value: 'credito', label: SALE_CONDITION_LABELS.credito },
                ]}
                data-testid="filtro-condicion"
              />
              <NativeSelect
                label="Método de pago"
                name="metodo"
                defaultValue={filtros.metodo}
                data={[{ value: '', label: 'Todos' }, ...REPORT_PAYMENT_METHODS]}
                data-testid="filtro-metodo"
              />
              <TextInput
                label="Número"
                name="numero"
                placeholder="F-CCS-000123"
                defaultValue={filtros.numero}
                data-testid="filtro-numero"
              />
            </SimpleGrid>
          </Box>
          {filtros.cliente && <input type="hidden" name="cliente" value={filtros.cliente} />}
          <Group mt="md" gap="sm" justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Button type="submit" data-testid="filtrar-ventas">
                Filtrar
              </Button>
              <Button component={Link} to={`/dashboard/venta/${path}`} variant="subtle">
                Limpiar
              </Button>
            </Group>
          </Group>
          {filtros.cliente && (
            <Group gap="xs" mt="sm">
              <Badge variant="light">Un solo cliente</Badge>
              <Anchor component={Link} to={hrefWith({ cliente: null, page: null })} size="sm">
                Quitar el filtro de cliente
              </Anchor>
            </Group>
          )}
        </Form>
      </Card>

      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="tarjetas-totales">
        <Resumen label="Documentos" value={String(t.documentos)} sub={facturasYNotas(t.facturas, t.notas)} testId="documentos" />
        <Resumen label="Base imponible" value={usd(t.baseImponibleUsd)} sub={ves(t.baseImponibleVes)} testId="base" />
        <Resumen
          label="IVA + IGTF"
          value={usd(addMoney(t.ivaUsd, t.igtfUsd))}
          sub={ves(addMoney(t.ivaVes, t.igtfVes))}
          testId="impuestos"
        />
        <Resumen label="Total" value={usd(t.totalUsd)} sub={ves(t.totalVes)} testId="total" strong />
      </SimpleGrid>

      <TablaTotales totales={t} />
      {series && <GraficosVentas series={series} conVendedor={modo !== 'mias'} />}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          Documentos
        </Title>
        <Exportar path="/ventas/exportar" query={data.exportQuery} />
      </Group>
      {ventas.length === 0 ? (
        <Alert color="gray" data-testid="ventas-vacio">
          {modo === 'mias'
            ? 'No tiene ventas con estos filtros. Si no ve ninguna, pida que su usuario quede ligado a su código de vendedor.'
            : 'No hay ventas con estos filtros.'}
        </Alert>
      ) : (
        <TablaVentas ventas={ventas} hrefWith={hrefWith} orden={filtros.orden} />
      )}
      <Paginacion meta={meta} label="documentos" />
    </Stack>
  );
}

function addMoney(a: string, b: string): string {
  return fromCents(addCents(toCents(a), toCents(b)));
}

function Resumen({ label, value, sub, testId, strong }: { label: string; value: string; sub: string; testId: string; strong?: boolean }) {
  return (
    <Card withBorder padding="sm" data-testid={`resumen-${testId}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 800 : 700} size="lg" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {sub}
      </Text>
    </Card>
  );
}

function TablaVentas({ ventas, hrefWith, orden }: { ventas: VentaFila[]; hrefWith: ReturnType<typeof useHrefWith>; orden: string }) {
  const sortLink = (key: string, label: string) => (
    <Anchor
      component={Link}
      to={hrefWith({ orden: key === 'fecha' ? null : key, page: null })}
      fw={orden === key || (!orden && key === 'fecha') ? 700 : 500}
      c="inherit"
      underline="hover"
    >
      {label}
    </Anchor>
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder data-testid="tabla-ventas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{sortLink('numero', 'Número')}</Table.Th>
            <Table.Th>{sortLink('fecha', 'Fecha')}</Table.Th>
            <Table.Th>Tienda</Table.Th>
            <Table.Th>Vendedor</Table.Th>
            <Table.Th>{sortLink('cliente', 'Cliente')}</Table.Th>
            <Table.Th ta="right">{sortLink('total', 'Total')}</Table.Th>
            <Table.Th>Cobro</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ventas.map((v) => (
            <Table.Tr key={v.id} data-testid={`venta-${v.number}`}>
              <Table.Td>
                <Anchor component={Link} to={documentoHref(v.number)} fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {v.number}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {SALE_KIND_LABELS[v.kind]} · {SALE_CONDITION_LABELS[v.condition]}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(v.createdAt)}</Table.Td>
              <Table.Td>{v.tienda}</Table.Td>
              <Table.Td>{v.vendedor ?? '—'}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={hrefWith({ cliente: String(v.clienteId), page: null })} size="sm" c="inherit">
                  {v.cliente}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {v.dni}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} td={v.anulada ? 'line-through' : undefined}>
                  {usd(v.total)}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {ves(v.totalVes)}
                </Text>
              </Table.Td>
              <Table.Td>
                {v.anulada ? (
                  <Badge color="red" variant="filled" data-testid={`anulada-${v.number}`}>
                    Anulada
                  </Badge>
                ) : (
                  <Badge color={STATUS_COLORS[v.paymentStatus] ?? 'gray'} variant="light">
                    {PAYMENT_STATUS_LABELS[v.paymentStatus] ?? v.paymentStatus}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
