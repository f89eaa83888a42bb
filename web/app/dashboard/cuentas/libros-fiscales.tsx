// /dashboard/cuentas/libros-fiscales (admin, administración): the libro de ventas and the libro de
// compras of a month (docs/dominio.md §Libros fiscales): the month picker (this month by default),
// the totals of each book in Bs. and US$, their rows (a table on a wide screen, cards on a phone)
// and the XLSX/CSV downloads, which are the API's files of the same period.
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form } from 'react-router';
import { toQueryString } from '#domain/contracts/contract.ts';
import { LIBROS_ROLES, libroDeCompras, libroDeVentas } from '#domain/contracts/libros-fiscales.ts';
import { formatDate } from '#domain/dates.ts';
import { periodoDelMes } from '#domain/libro-de-ventas.ts';
import { formatRate, formatUsd, formatVes, toCents } from '#domain/money.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/libros-fiscales';

type Par = { usd: string; ves: string };
type Totales = { documentos: number; anulados?: number; total: Par; exento: Par; base: Par; iva: Par; ivaRetenido: Par; igtf: Par };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, LIBROS_ROLES);
  const periodo = periodoDelMes(new URL(request.url).searchParams.get('mes'));
  const query = { desde: periodo.desde, hasta: periodo.hasta };
  const [ventas, compras] = await Promise.all([context.api.call(libroDeVentas, query), context.api.call(libroDeCompras, query)]);
  if (!ventas.body.success || !compras.body.success) {
    throw data({ message: 'No se pudieron leer los libros del mes. Intente de nuevo.' }, { status: 502 });
  }
  return { periodo, ventas: ventas.body.data, compras: compras.body.data, query: toQueryString(query) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Libros fiscales');
}

const bs = (v: string) => formatVes(toCents(v));
const usd = (v: string) => formatUsd(toCents(v));

function Descargas({ path, query, label }: { path: string; query: string; label: string }) {
  return (
    <Group gap="xs">
      <Button
        component="a"
        href={`/api${path}${query}&formato=xlsx`}
        variant="default"
        size="sm"
        aria-label={`Descargar el ${label} en XLSX`}
      >
        XLSX
      </Button>
      <Button
        component="a"
        href={`/api${path}${query}&formato=csv`}
        variant="default"
        size="sm"
        aria-label={`Descargar el ${label} en CSV`}
      >
        CSV
      </Button>
    </Group>
  );
}

function ResumenTotales({ titulo, totales, testid }: { titulo: string; totales: Totales; testid: string }) {
  const filas: [string, Par][] = [
    ['Total con IVA', totales.total],
    ['Exento', totales.exento],
    ['Base imponible', totales.base],
    ['IVA', totales.iva],
    ['IVA retenido', totales.ivaRetenido],
    ['IGTF', totales.igtf],
  ];
  return (
    <Card withBorder padding="md" data-testid={testid}>
      <Title order={3} size="h5" mb="xs">
        {titulo}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {totales.documentos} documentos{totales.anulados ? `, ${totales.anulados} anulados` : ''}
      </Text>
      <Stack gap={4}>
        {filas.map(([label, par]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{label}</Text>
            <Text size="sm" ta="right">
              {bs(par.ves)} · {usd(par.usd)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

type FilaComun = {
  fecha: string;
  kindLabel: string;
  number: string;
  controlNumber: string;
  rif: string;
  nombre: string;
  rate: string;
  anulada: boolean;
  total: Par;
  base: Par;
  iva: Par;
  ivaRetenido: Par;
  comprobante: string;
  extra?: string;
};

function Filas({ filas, vacio, testid }: { filas: FilaComun[]; vacio: string; testid: string }) {
  if (filas.length === 0) return <Text c="dimmed">{vacio}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={900} visibleFrom="sm">
        <Table striped data-testid={`${testid}-tabla`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Documento</Table.Th>
              <Table.Th>N° de control</Table.Th>
              <Table.Th>RIF o cédula</Table.Th>
              <Table.Th>Nombre</Table.Th>
              <Table.Th ta="right">Total con IVA</Table.Th>
              <Table.Th ta="right">Base</Table.Th>
              <Table.Th ta="right">IVA</Table.Th>
              <Table.Th ta="right">IVA retenido</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filas.map((f) => (
              <Table.Tr key={`${f.kindLabel}-${f.number}-${f.rif}`}>
                <Table.Td>{formatDate(f.fecha)}</Table.Td>
                <Table.Td>
                  {f.kindLabel} {f.number}
                  {f.anulada && (
                    <Badge ml={4} color="gray" variant="light" size="sm">
                      Anulado
                    </Badge>
                  )}
                  {f.extra && (
                    <Text size="xs" c="dimmed">
                      {f.extra}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{f.controlNumber || '—'}</Table.Td>
                <Table.Td>{f.rif}</Table.Td>
                <Table.Td>{f.nombre}</Table.Td>
                <Table.Td ta="right">
                  {bs(f.total.ves)}
                  <Text size="xs" c="dimmed">
                    {usd(f.total.usd)} · tasa {formatRate(f.rate)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{bs(f.base.ves)}</Table.Td>
                <Table.Td ta="right">{bs(f.iva.ves)}</Table.Td>
                <Table.Td ta="right">
                  {bs(f.ivaRetenido.ves)}
                  {f.comprobante && (
                    <Text size="xs" c="dimmed">
                      Comprobante {f.comprobante}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" data-testid={`${testid}-tarjetas`}>
        {filas.map((f) => (
          <Card key={`${f.kindLabel}-${f.number}-${f.rif}`} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap" gap={4}>
              <Text fw={600} size="sm">
                {f.kindLabel} {f.number}
              </Text>
              {f.anulada ? (
                <Badge color="gray" variant="light" size="sm">
                  Anulado
                </Badge>
              ) : (
                <Text size="sm">{formatDate(f.fecha)}</Text>
              )}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {f.nombre} · {f.rif}
            </Text>
            <Text size="xs" c="dimmed">
              N° de control {f.controlNumber || '—'}
              {f.extra ? ` · ${f.extra}` : ''}
            </Text>
            <Text size="sm">
              Total {bs(f.total.ves)} · {usd(f.total.usd)}
            </Text>
            <Text size="sm">
              Base {bs(f.base.ves)} · IVA {bs(f.iva.ves)}
            </Text>
            {toCents(f.ivaRetenido.usd) !== 0 && (
              <Text size="sm">
                IVA retenido {bs(f.ivaRetenido.ves)} · comprobante {f.comprobante}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
    </>
  );
}

export default function LibrosFiscales({ loaderData }: Route.ComponentProps) {
  const { periodo, ventas, compras, query } = loaderData;
  return (
    <Stack gap="md">
      <Title order={1}>Libros fiscales</Title>
      <Form method="get">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput type="month" name="mes" label="Mes" defaultValue={periodo.mes} required />
          <Button type="submit" variant="light">
            Ver el mes
          </Button>
        </Group>
      </Form>
      <Text size="sm" c="dimmed">
        Del {formatDate(periodo.desde)} al {formatDate(periodo.hasta)} ({periodo.nombre}). Cada documento en Bs. a su propia tasa y en US$.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ResumenTotales titulo="Libro de ventas" totales={ventas.totales} testid="totales-ventas" />
        <ResumenTotales titulo="Libro de compras" totales={compras.totales} testid="totales-compras" />
      </SimpleGrid>
      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4">
            Libro de ventas
          </Title>
          <Descargas path={libroDeVentas.path} query={query} label="libro de ventas" />
        </Group>
        <Filas
          testid="libro-ventas"
          vacio="No hay documentos de venta en este mes."
          filas={ventas.filas.map((f) => ({
            ...f,
            rif: f.clienteRif,
            nombre: f.clienteName,
            comprobante: f.comprobanteRetencion,
            extra: f.afectadoNumber ? `Afecta a ${f.afectadoNumber}` : undefined,
          }))}
        />
      </Card>
      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4">
            Libro de compras
          </Title>
          <Descargas path={libroDeCompras.path} query={query} label="libro de compras" />
        </Group>
        <Filas
          testid="libro-compras"
          vacio="No hay documentos de proveedores en este mes."
          filas={compras.filas.map((f) => ({
            ...f,
            rif: f.proveedorRif,
            nombre: f.proveedorName,
            anulada: false,
            comprobante: f.comprobanteRetencion,
            extra: f.currency === 'VES' ? 'En bolívares' : 'En dólares',
          }))}
        />
      </Card>
      <Alert color="gray" variant="light">
        Los documentos anulados aparecen en el libro de ventas con sus montos en cero. Las notas de crédito restan.
      </Alert>
    </Stack>
  );
}
