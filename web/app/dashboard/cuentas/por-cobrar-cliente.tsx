// /dashboard/cuentas/por-cobrar/cliente/:cliente: a customer's documents and statement (estado de
// cuenta): each document, payment, abono, discount, rejection and return with the running balance.
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { data, Link } from 'react-router';
import { fillPath } from '#domain/contracts/contract.ts';
import { tasaDelDia } from '#domain/contracts/general.ts';
import { facturaCliente, type StatementEntry } from '#domain/contracts/mayor-cuentas.ts';
import { estadoDeCuentaPdf } from '#domain/contracts/ventas-pdf.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { formatRatePerUsd, formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';
import { resumenDeCobro } from '#domain/resumen-cobro.ts';
import { DEFAULT_EXCHANGE_RATE } from '#domain/store-constants.ts';
import { SALE_KIND_LABELS } from '#domain/ventas.ts';
import { montoOrden } from '#web/components/monto-orden.tsx';
import { orFallback, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/por-cobrar-cliente';
import { Antiguedad, COBROS_ROLES, EstadoPago, resumenInput, TasaDeHoy, tasaDeHoyTexto, usd } from './cobros-comun.tsx';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(request, context.api, COBROS_ROLES);
  const cliente = params.cliente ?? '';
  if (!/^\d{1,10}$/.test(cliente)) throw data({ message: 'No encontramos ese cliente.' }, { status: 404 });
  const [statement, tasa] = await Promise.all([
    context.api.call(facturaCliente, { client: cliente }).then(unwrap),
    context.api.call(tasaDelDia, {}).then((r) => orFallback(r, { ...DEFAULT_EXCHANGE_RATE, date: null })),
  ]);
  return { ...statement, tasa };
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  return pageMeta(matches, loaded ? `Estado de cuenta de ${loaded.client.name}` : 'Estado de cuenta');
}

const KIND_LABELS: Record<StatementEntry['kind'], string> = {
  documento: 'Documento',
  pago: 'Pago',
  abono: 'Abono',
  descuento: 'Descuento',
  rechazo: 'Rechazo',
  devolucion: 'Devolución',
  ajuste: 'Ajuste',
  retencion: 'Retención de IVA',
};

export default function EstadoDeCuenta({ loaderData }: Route.ComponentProps) {
  const { client, documents, statement, totals, tasa } = loaderData;
  const last = statement[statement.length - 1];
  const saldo = Number(last?.balance ?? '0');
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/cuentas/por-cobrar?tipo=clientes" size="sm">
        ← Cuentas por cobrar
      </Anchor>
      <Title order={1}>Estado de cuenta de {client.name}</Title>
      <Anchor
        href={`/api${fillPath(estadoDeCuentaPdf.path, { client: String(client.id) }).path}`}
        target="_blank"
        size="sm"
        data-testid="estado-de-cuenta-pdf"
      >
        Descargar el estado de cuenta en PDF
      </Anchor>
      <Text size="sm" c="dimmed">
        {client.dni}
        {client.phone ? ` · ${client.phone}` : ''} · límite de crédito {usd(client.creditLimit)} · {client.creditDays} días
      </Text>
      {/* Total − descuentos − abonado = debe (domain/resumen-cobro.ts), and what is in their favour. */}
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" data-testid="resumen-estado">
        {resumenDeCobro(resumenInput(totals, tasa)).map((f) => (
          <Card key={f.key} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {f.key === 'pendiente' ? 'Debe' : f.label}
            </Text>
            <Text fw={700} data-testid={f.key === 'pendiente' ? 'cliente-debe' : `cliente-${f.key}`}>
              {f.resta ? '− ' : ''}
              {formatUsd(f.usdCents)}
            </Text>
          </Card>
        ))}
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">
            A su favor
          </Text>
          <Text fw={700}>{usd(totals.creditInFavor)}</Text>
        </Card>
      </SimpleGrid>
      {toCents(totals.outstandingBalance) > 0 && (
        <Text size="sm" data-testid="cliente-debe-bs">
          Debe {usd(totals.outstandingBalance)}: {formatVes(toCents(totals.outstandingBalanceVes))} {tasaDeHoyTexto(tasa)}.
        </Text>
      )}
      <TasaDeHoy tasa={tasa} />

      <Title order={2} size="h3">
        Documentos
      </Title>
      {documents.length === 0 ? (
        <Alert color="gray">Este cliente todavía no tiene documentos.</Alert>
      ) : (
        <Stack gap="xs">
          {documents.map((d) => (
            <Card key={d.id} withBorder padding="sm" component={Link} to={`/dashboard/cuentas/por-cobrar/${d.number}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700}>
                  {SALE_KIND_LABELS[d.kind]} {d.number}
                </Text>
                <Group gap="xs">
                  <EstadoPago status={d.paymentStatus} />
                  {d.kind === 'nota-entrega' && Number(d.outstandingBalance) > 0 && <Antiguedad aging={d.aging} days={d.daysOverdue} />}
                </Group>
              </Group>
              <Text size="xs" c="dimmed">
                {formatDate(d.createdAt)} · total {usd(d.total)} ({montoOrden(d.total, d.rate).ves} a {formatRatePerUsd(d.rate)}) · saldo{' '}
                {usd(d.outstandingBalance)}
                {toCents(d.outstandingBalance) > 0 ? ` (${formatVes(toCents(d.outstandingBalanceVes))} hoy)` : ''}
                {Number(d.creditInFavor) > 0 ? ` · a favor ${usd(d.creditInFavor)}` : ''}
              </Text>
            </Card>
          ))}
        </Stack>
      )}

      <Title order={2} size="h3">
        Movimientos
      </Title>
      {statement.length === 0 ? (
        <Alert color="gray">Sin movimientos.</Alert>
      ) : (
        <Table.ScrollContainer minWidth={640} visibleFrom="sm">
          <Table striped withTableBorder data-testid="estado-de-cuenta">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Concepto</Table.Th>
                <Table.Th ta="right">Cargo</Table.Th>
                <Table.Th ta="right">Abono</Table.Th>
                <Table.Th ta="right">Saldo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.map((e, i) => (
                <Table.Tr key={`${e.document}-${e.kind}-${i}`}>
                  <Table.Td>
                    <Text size="xs">{formatDateTime(e.at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{e.document}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="xs" variant="light" color={e.kind === 'rechazo' || e.kind === 'ajuste' ? 'red' : 'gray'}>
                      {KIND_LABELS[e.kind]}
                    </Badge>
                    <Text size="xs">{e.description}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="xs">{Number(e.debit) > 0 ? usd(e.debit) : ''}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="xs">{Number(e.credit) > 0 ? usd(e.credit) : ''}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="xs" fw={600}>
                      {usd(e.balance)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {statement.length > 0 && (
        <Stack gap={0} hiddenFrom="sm" data-testid="estado-de-cuenta-tel">
          {statement.map((e, i) => (
            <Group
              key={`${e.document}-${e.kind}-${i}`}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at)} · {e.document}
                </Text>
                <Text size="sm">{e.description}</Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text size="sm" c={Number(e.debit) > 0 ? 'red' : 'green'} style={{ whiteSpace: 'nowrap' }}>
                  {Number(e.debit) > 0 ? `+${usd(e.debit)}` : `−${usd(e.credit)}`}
                </Text>
                <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {usd(e.balance)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      <Text fw={700} data-testid="saldo-final">
        {saldo < 0
          ? `Saldo a favor del cliente: ${usd((-saldo).toFixed(2))}`
          : `Saldo: ${usd(last?.balance ?? '0')}${saldo > 0 ? ` · ${formatVes(usdToVesCents(toCents(last?.balance ?? '0'), tasa.amount))} ${tasaDeHoyTexto(tasa)}` : ''}`}
      </Text>
    </Stack>
  );
}
