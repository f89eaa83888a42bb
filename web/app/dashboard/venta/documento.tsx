// /dashboard/venta/documento/:numero (admin, vendedor-admin, administración): one factura or nota
// de entrega as its detail (docs/dominio.md §Documentos de venta y sus totales): header, articles, payments (method, currency, amount, rate,
// IGTF), totals in USD and Bs. at the document's frozen rate and, for a nota, what is still owed.
// Admin and vendedor-admin void a counter sale here («Anular», with its reason); an anulada says
// when, who and why.
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { ABONO_STEP_LABELS, type AbonoStep, PAYMENT_STATUS_LABELS } from '#domain/abono.ts';
import { fillPath } from '#domain/contracts/contract.ts';
import { documentoPdf } from '#domain/contracts/ventas-pdf.ts';
import { detalleFactura, TOTAL_FIGURE_LABELS, TOTAL_FIGURES } from '#domain/contracts/ventas-reportes.ts';
import { anularVenta } from '#domain/contracts/ventas-venta.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { formatRate, formatRatePerUsd, formatVes, toCents } from '#domain/money.ts';
import { hasAnyRole, SALES_REPORT_ROLES } from '#domain/roles.ts';
import { SALE_CONDITION_LABELS, SALE_KIND_LABELS } from '#domain/ventas.ts';
import { formInput, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/documento';
import { usd, ves } from './reporte-comun.tsx';

const NUMBER = /^(F|NE)-[A-Z0-9]{1,10}-\d{1,10}$/;

const ANULAN = ['admin', 'vendedor-admin'] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireRole(request, context.api, SALES_REPORT_ROLES);
  const numero = (params.numero ?? '').trim().toUpperCase();
  if (!NUMBER.test(numero)) throw data({ message: `El documento ${params.numero} no existe.` }, { status: 404 });
  return { ...unwrap(await context.api.call(detalleFactura, { numero })), anula: hasAnyRole(user.roles, ANULAN) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireRole(request, context.api, ANULAN);
  const form = await request.formData();
  const response = await context.api.call(
    anularVenta,
    formInput(anularVenta, { numero: (params.numero ?? '').trim(), motivo: String(form.get('motivo') ?? '') }),
  );
  if (!response.body.success) return data(formErrors(response), { status: response.status });
  return {
    ok: `Venta anulada: ${response.body.data.unidades} ${response.body.data.unidades === 1 ? 'unidad volvió' : 'unidades volvieron'} a la tienda.`,
  };
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  return pageMeta(matches, loaded ? `${SALE_KIND_LABELS[loaded.bill.kind]} ${loaded.bill.number}` : 'Documento de venta');
}

function Par({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** «Anular» a counter sale: its reason, then the units go back to the store. */
function Anular({ kind }: { kind: string }) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const failed = result && 'message' in result ? result : undefined;
  return (
    <Card withBorder padding="md" data-testid="anular-venta">
      <Title order={2} size="h4">
        Anular {kind}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Sus unidades vuelven a la tienda y sale de todos los totales y de las cuentas por cobrar; el documento queda en la lista marcado
        como anulado. Una nota con abonos aprobados o por aprobar no se anula.
      </Text>
      <Form method="post">
        <Stack gap="xs">
          <Textarea
            label="Motivo"
            name="motivo"
            withAsterisk
            maxLength={300}
            autosize
            minRows={2}
            error={failed?.errors?.motivo?.[0]}
            data-testid="anular-motivo"
          />
          {failed && !failed.errors?.motivo && (
            <Alert color="red" data-testid="anular-error">
              {failed.message}
            </Alert>
          )}
          <Group>
            <Button type="submit" color="red" loading={busy} data-testid="anular-enviar">
              Anular
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

export default function Documento({ loaderData }: Route.ComponentProps) {
  const { bill, items, payments, totals, balance, anula } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <Stack gap="md" data-testid="documento">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1} data-testid="documento-numero">
            {SALE_KIND_LABELS[bill.kind]} {bill.number}{' '}
            {bill.voided && (
              <Badge color="red" size="lg" variant="filled" data-testid="documento-anulada">
                Anulada
              </Badge>
            )}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(bill.date)} · {bill.store.name} · {SALE_CONDITION_LABELS[bill.condition]}
            {bill.source === 'web' ? ' · venta web' : ''}
          </Text>
        </div>
        <Group gap="md">
          <Anchor
            href={`/api${fillPath(documentoPdf.path, { numero: bill.number }).path}`}
            target="_blank"
            size="sm"
            data-testid="descargar-pdf"
          >
            Descargar PDF
          </Anchor>
          <Anchor component={Link} to="/dashboard/venta/todas-las-ventas" size="sm">
            Volver a las ventas
          </Anchor>
        </Group>
      </Group>

      {bill.voided && (
        <Alert color="red" title="Venta anulada" data-testid="documento-anulacion">
          Anulada el {formatDateTime(bill.voided.at)}
          {bill.voided.by ? ` por ${bill.voided.by}` : ''}. Motivo: {bill.voided.reason}. No cuenta en los totales ni en las cuentas por
          cobrar.
        </Alert>
      )}

      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Par label="Cliente" value={bill.customer.name} />
          <Par label="Cédula / RIF" value={bill.customer.dni} />
          <Par label="Vendedor" value={bill.seller ? `${bill.seller.name} (${bill.seller.code})` : 'Sin vendedor'} />
          <Par label="Tasa del día" value={formatRatePerUsd(bill.rate)} testId="documento-tasa" />
          <Par label="IVA" value={`${usd(bill.taxUsd)} · ${ves(bill.taxVes)}`} testId="documento-iva" />
          <Par label="Total" value={`${usd(bill.totalUsd)} · ${ves(bill.totalVes)}`} testId="documento-total-resumen" />
          {bill.customer.phone && <Par label="Teléfono" value={bill.customer.phone} />}
          {bill.customer.address && <Par label="Dirección" value={bill.customer.address} />}
        </SimpleGrid>
        {bill.note && (
          <Text size="sm" mt="sm" c="dimmed">
            Nota: {bill.note}
          </Text>
        )}
      </Card>

      {balance && !bill.voided && (
        <Alert
          color={balance.paymentStatus === 'pagada' ? 'green' : 'orange'}
          data-testid="documento-saldo"
          title="Saldo de la nota de entrega"
        >
          <Group gap="lg" wrap="wrap">
            <Text size="sm">
              Abonado {usd(balance.balancePaidUsd)} · Descuento {usd(balance.discountUsd)}
            </Text>
            <Text size="sm" fw={700}>
              Pendiente {usd(balance.outstandingBalanceUsd)} ({ves(balance.outstandingBalanceVes)})
            </Text>
            <Badge variant="light">{PAYMENT_STATUS_LABELS[balance.paymentStatus]}</Badge>
            {balance.dueDate && <Text size="sm">Vence el {formatDate(balance.dueDate)}</Text>}
            {toCents(balance.creditInFavorUsd) > 0 && <Text size="sm">Saldo a favor del cliente {usd(balance.creditInFavorUsd)}</Text>}
          </Group>
        </Alert>
      )}

      <Title order={2} size="h4">
        Artículos
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder data-testid="documento-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Artículo</Table.Th>
              <Table.Th ta="right">Cant.</Table.Th>
              <Table.Th ta="right">Precio</Table.Th>
              <Table.Th ta="right">Promoción</Table.Th>
              <Table.Th ta="right">Descuento</Table.Th>
              <Table.Th ta="right">Neto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i, n) => (
              <Table.Tr key={`${i.articleCode}-${n}`}>
                <Table.Td>
                  <Text size="sm">{i.name}</Text>
                  <Text size="xs" c="dimmed">
                    {i.articleCode}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {i.quantity}
                  {i.returnedQuantity > 0 && (
                    <Text size="xs" c="red">
                      {i.returnedQuantity} devuelta{i.returnedQuantity === 1 ? '' : 's'}
                    </Text>
                  )}
                </Table.Td>
                <Dos usdValue={i.priceUsd} vesValue={i.priceVes} />
                <Dos usdValue={i.promotionUsd} vesValue={i.promotionVes} />
                <Dos usdValue={i.discountUsd} vesValue={i.discountVes} />
                <Dos usdValue={i.netUsd} vesValue={i.netVes} strong />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={2} size="h4">
        Pagos
      </Title>
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin pagos registrados.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder data-testid="documento-pagos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Método</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th ta="right">Tasa</Table.Th>
                <Table.Th ta="right">USD</Table.Th>
                <Table.Th ta="right">IGTF</Table.Th>
                <Table.Th>Referencia</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={`${p.origen}-${p.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.date)}</Table.Td>
                  <Table.Td>
                    {p.methodLabel}
                    <Text size="xs" c="dimmed">
                      {p.origen === 'abono' ? 'Abono' : 'Con la venta'} · {p.currency}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {p.currency === 'VES' ? formatVes(toCents(p.amount)) : usd(p.amount)}
                  </Table.Td>
                  <Table.Td ta="right">{formatRate(p.rate)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {usd(p.amountUsd)}
                  </Table.Td>
                  <Dos usdValue={p.igtfUsd} vesValue={p.igtfVes} />
                  <Table.Td>{p.reference || '—'}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={p.step === 'aprobado' ? 'green' : p.step === 'rechazado' ? 'red' : 'orange'}>
                      {ABONO_STEP_LABELS[p.step as AbonoStep] ?? p.step}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Title order={2} size="h4">
        Totales
      </Title>
      <Table.ScrollContainer minWidth={300}>
        <Table withTableBorder striped data-testid="documento-totales">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Concepto</Table.Th>
              <Table.Th ta="right">USD</Table.Th>
              <Table.Th ta="right">Bs.</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TOTAL_FIGURES.filter((f) => (f !== 'comision' && f !== 'envio') || toCents(totals[`${f}Usd`]) > 0).map((f) => (
              <Table.Tr key={f} fw={f === 'total' ? 700 : undefined} data-testid={`documento-${f}`}>
                <Table.Td>{TOTAL_FIGURE_LABELS[f]}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {usd(totals[`${f}Usd`])}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {ves(totals[`${f}Ves`])}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {anula && !bill.voided && bill.source === 'mostrador' && <Anular kind={SALE_KIND_LABELS[bill.kind].toLowerCase()} />}
      {result && 'ok' in result && (
        <Alert color="green" data-testid="anular-listo">
          {result.ok}
        </Alert>
      )}
    </Stack>
  );
}

function Dos({ usdValue, vesValue, strong }: { usdValue: string; vesValue: string; strong?: boolean }) {
  return (
    <Table.Td ta="right">
      <Text size="sm" fw={strong ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
        {usd(usdValue)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {ves(vesValue)}
      </Text>
    </Table.Td>
  );
}
