// Pieces shared by the sales report pages: the filters read from the page's URL (only well-formed
// values reach the API), the export links with those same filters and the table of totals in both
// currencies. The date range is rango-fechas.tsx.
import { Button, Group, Table, Text } from '@mantine/core';
import { toQueryString } from '#domain/contracts/contract.ts';
import { TOTAL_FIGURE_LABELS, TOTAL_FIGURES, type VentasTotales } from '#domain/contracts/ventas-reportes.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { formatUsd, formatVes, toCents } from '#domain/money.ts';
import { SALE_CONDITIONS } from '#domain/ventas.ts';
import { REPORT_PAYMENT_METHODS } from '#domain/ventas-reportes.ts';

const DAY = /^20\d{2}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,8}$/;
const NUMBER = /^(F|NE)-[A-Z0-9]{1,10}-\d{1,10}$/;

/** What the filters of a report page show, as the URL carries them (desde, hasta, tienda…). */
export type Filtros = {
  desde: string;
  hasta: string;
  tienda: string;
  vendedor: string;
  cliente: string;
  numero: string;
  metodo: string;
  condicion: string;
  search: string;
  orden: string;
};

/**
 * The filters of the URL: without desde and hasta, the month so far (Caracas days); a field sent
 * empty means no bound. Malformed values are dropped (the page never shows an error for a bad link).
 */
export function filtrosDe(url: URL, today = caracasIsoDate(new Date())): Filtros {
  const p = url.searchParams;
  const text = (name: string) => (p.get(name) ?? '').trim();
  const untouched = !p.has('desde') && !p.has('hasta');
  const desde = untouched ? `${today.slice(0, 8)}01` : DAY.test(text('desde')) ? text('desde') : '';
  let hasta = untouched ? today : DAY.test(text('hasta')) ? text('hasta') : '';
  if (desde && hasta && hasta < desde) hasta = desde;
  const numero = text('numero').toUpperCase();
  return {
    desde,
    hasta,
    tienda: ID.test(text('tienda')) ? text('tienda') : '',
    vendedor: ID.test(text('vendedor')) ? text('vendedor') : '',
    cliente: ID.test(text('cliente')) ? text('cliente') : '',
    numero: NUMBER.test(numero) ? numero : '',
    metodo: REPORT_PAYMENT_METHODS.some((m) => m.value === text('metodo')) ? text('metodo') : '',
    condicion: (SALE_CONDITIONS as readonly string[]).includes(text('condicion')) ? text('condicion') : '',
    search: text('search').slice(0, 100),
    orden: ['fecha', 'numero', 'total', 'cliente'].includes(text('orden')) ? text('orden') : '',
  };
}

/** The API's query for these filters (the same for the list, its totals, the charts and the export). */
export function apiFiltros(f: Filtros, alcance: 'todas' | 'mias' = 'todas') {
  const some = (value: string) => value || undefined;
  return {
    alcance,
    search: some(f.search),
    filter_advance: {
      date_from: some(f.desde),
      date_to: some(f.hasta),
      tienda: some(f.tienda),
      vendedor: some(f.vendedor),
      cliente: some(f.cliente),
      numero: some(f.numero),
      payment_method: some(f.metodo),
      condicion: some(f.condicion) as 'contado' | 'credito' | undefined,
    },
  };
}

/** The link that downloads the list as XLSX or CSV with the page's filters. */
export function exportHref(path: string, formato: 'xlsx' | 'csv', query: Record<string, unknown>): string {
  return `/api${path}${toQueryString({ formato, ...query })}`;
}

export function Exportar({ path, query, testId = 'exportar' }: { path: string; query: Record<string, unknown>; testId?: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        Descargar con estos filtros:
      </Text>
      <Button component="a" href={exportHref(path, 'xlsx', query)} size="xs" variant="light" data-testid={`${testId}-xlsx`} download>
        Excel (XLSX)
      </Button>
      <Button component="a" href={exportHref(path, 'csv', query)} size="xs" variant="default" data-testid={`${testId}-csv`} download>
        CSV
      </Button>
    </Group>
  );
}

export const usd = (value: string) => formatUsd(toCents(value));

/** «1 factura · 3 notas». */
export const facturasYNotas = (facturas: number, notas: number) =>
  `${facturas} ${facturas === 1 ? 'factura' : 'facturas'} · ${notas} ${notas === 1 ? 'nota' : 'notas'}`;
export const ves = (value: string) => formatVes(toCents(value));

/** Every figure of the totals with its USD and Bs. */
export function TablaTotales({ totales }: { totales: VentasTotales }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table withTableBorder striped data-testid="tabla-totales">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Concepto</Table.Th>
            <Table.Th ta="right">USD</Table.Th>
            <Table.Th ta="right">Bs.</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TOTAL_FIGURES.map((f) => (
            <Table.Tr key={f} data-testid={`total-${f}`} fw={f === 'total' ? 700 : undefined}>
              <Table.Td>{TOTAL_FIGURE_LABELS[f]}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`total-${f}-usd`}>
                {usd(totales[`${f}Usd`])}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`total-${f}-ves`}>
                {ves(totales[`${f}Ves`])}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
