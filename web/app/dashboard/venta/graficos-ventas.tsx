// The charts of the sales reports (@mantine/charts on recharts), each with a table of the very same
// series: the bar and the row read one value, formatted by one function. Charts draw in the browser
// only (after hydration); the server and the first render show the tables and a placeholder of the
// same height, so hydration never differs.
// The tabs' own styles unlayered: in the dashboard's layer they lose to the storefront's unlayered
// UnstyledButton they are built on (dashboard/layout.tsx), and showed as plain text with no active tab.
import '@mantine/core/styles/Tabs.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Card, Group, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { formatUsd, toCents } from '#domain/money.ts';
import { usd, ves } from './reporte-comun.tsx';

export type Serie = { key: string; label: string; documentos: number; totalUsd: string; totalVes: string; unidades?: number };
export type Metodo = { key: string; label: string; pagos: number; amountUsd: string };

const CHART_HEIGHT = 260;
const COLORS = ['teal.6', 'blue.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6', 'indigo.6', 'yellow.7'];

/** A chart's value and its table cell come from the same text: "1234.56" → 1234.56 → "$ 1.234,56". */
const chartUsd = (value: number) => formatUsd(toCents(String(value)));

function SoloEnNavegador({ children, testId }: { children: ReactNode; testId: string }) {
  const mounted = useMounted();
  return (
    <Box h={CHART_HEIGHT} data-testid={testId} data-dibujado={mounted ? 'si' : 'no'}>
      {mounted ? children : <Skeleton h={CHART_HEIGHT} radius="md" animate={false} />}
    </Box>
  );
}

function Barras({ data, testId, unidadLabel }: { data: Serie[]; testId: string; unidadLabel?: string }) {
  return (
    <SoloEnNavegador testId={testId}>
      <BarChart
        h={CHART_HEIGHT}
        data={data.map((s) => ({ label: s.label, total: Number(s.totalUsd) }))}
        dataKey="label"
        series={[{ name: 'total', label: unidadLabel ?? 'Total $', color: 'teal.6' }]}
        valueFormatter={chartUsd}
        tickLine="y"
        gridAxis="y"
        yAxisProps={{ width: 80 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
      />
    </SoloEnNavegador>
  );
}

function TablaSerie({ data, testId, first, count }: { data: Serie[]; testId: string; first: string; count: string }) {
  const withUnits = data.some((s) => s.unidades !== undefined);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th ta="right">{count}</Table.Th>
            {withUnits && <Table.Th ta="right">Unidades</Table.Th>}
            <Table.Th ta="right">USD</Table.Th>
            <Table.Th ta="right">Bs.</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((s) => (
            <Table.Tr key={s.key || s.label}>
              <Table.Td>{s.label}</Table.Td>
              <Table.Td ta="right">{s.documentos}</Table.Td>
              {withUnits && <Table.Td ta="right">{s.unidades ?? 0}</Table.Td>}
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-valor={s.totalUsd}>
                {usd(s.totalUsd)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {ves(s.totalVes)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function GraficoMetodos({ data, testId = 'grafico-metodos' }: { data: Metodo[]; testId?: string }) {
  return (
    <Stack gap="sm">
      <SoloEnNavegador testId={testId}>
        <Group justify="center" h={CHART_HEIGHT}>
          <DonutChart
            size={200}
            thickness={34}
            withLabelsLine={false}
            data={data.map((m, i) => ({ name: m.label, value: Number(m.amountUsd), color: COLORS[i % COLORS.length] }))}
            valueFormatter={chartUsd}
            tooltipDataSource="segment"
          />
        </Group>
      </SoloEnNavegador>
      <Table.ScrollContainer minWidth={300}>
        <Table striped withTableBorder data-testid={`tabla-${testId}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Método</Table.Th>
              <Table.Th ta="right">Pagos</Table.Th>
              <Table.Th ta="right">USD</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((m, i) => (
              <Table.Tr key={m.key}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Box w={10} h={10} style={{ borderRadius: 2, flex: 'none' }} bg={COLORS[i % COLORS.length]} />
                    {m.label}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{m.pagos}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {usd(m.amountUsd)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export type SeriesVentas = { porDia: Serie[]; porTienda: Serie[]; porVendedor: Serie[]; porLinea: Serie[]; porMetodo: Metodo[] };

export function GraficosVentas({ series, conVendedor = true }: { series: SeriesVentas; conVendedor?: boolean }) {
  const empty = series.porDia.length === 0;
  return (
    <Card withBorder padding="md" data-testid="graficos-ventas">
      <Title order={2} size="h4" mb="sm">
        Gráficos
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm" data-testid="graficos-vacio">
          No hay ventas en este rango para graficar.
        </Text>
      ) : (
        <Tabs defaultValue="dia" keepMounted={false}>
          <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
            <Tabs.Tab value="dia">Por día</Tabs.Tab>
            <Tabs.Tab value="tienda">Por tienda</Tabs.Tab>
            {conVendedor && <Tabs.Tab value="vendedor">Por vendedor</Tabs.Tab>}
            <Tabs.Tab value="linea">Por línea</Tabs.Tab>
            <Tabs.Tab value="metodo">Métodos de pago</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="dia">
            <Stack gap="sm">
              <Barras data={series.porDia} testId="grafico-dia" />
              <TablaSerie data={series.porDia} testId="tabla-dia" first="Día" count="Documentos" />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="tienda">
            <Stack gap="sm">
              <Barras data={series.porTienda} testId="grafico-tienda" />
              <TablaSerie data={series.porTienda} testId="tabla-tienda" first="Tienda" count="Documentos" />
            </Stack>
          </Tabs.Panel>
          {conVendedor && (
            <Tabs.Panel value="vendedor">
              <Stack gap="sm">
                <Barras data={series.porVendedor} testId="grafico-vendedor" />
                <TablaSerie data={series.porVendedor} testId="tabla-vendedor" first="Vendedor" count="Documentos" />
              </Stack>
            </Tabs.Panel>
          )}
          <Tabs.Panel value="linea">
            <Stack gap="sm">
              <Text size="xs" c="dimmed">
                Neto de los artículos por línea del catálogo, después de descuentos y devoluciones, sin IVA.
              </Text>
              <Barras data={series.porLinea} testId="grafico-linea" unidadLabel="Neto $" />
              <TablaSerie data={series.porLinea} testId="tabla-linea" first="Línea" count="Renglones" />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="metodo">
            <Text size="xs" c="dimmed" mb="xs">
              Lo cobrado con los documentos del reporte (pagos de la venta y abonos aprobados), en dólares.
            </Text>
            <GraficoMetodos data={series.porMetodo} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Card>
  );
}
