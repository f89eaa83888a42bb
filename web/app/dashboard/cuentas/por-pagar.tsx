// /dashboard/cuentas/por-pagar (admin, administración): what the store owes its suppliers. Totals and
// aging per supplier (US$ equivalents), the filtered list with its XLSX/CSV export, a document's
// payments (?documento=<id>) with the form to pay or annul, and the forms for suppliers and documents.
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Form, Link, useLocation, useNavigation } from 'react-router';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '#domain/abono.ts';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { toQueryString } from '#domain/contracts/contract.ts';
import {
  anularPago,
  type DocumentoPorPagar,
  documento,
  exportar,
  LIST_FILTERS,
  listar,
  PAYABLES_ROLES,
  type PagoProveedor,
  proveedores,
  registrarDocumento,
  registrarPago,
  registrarProveedor,
  registrarRetencion,
  SORT_FIELDS,
} from '#domain/contracts/cuentas-por-pagar.ts';
import { tasaDelDia } from '#domain/contracts/general.ts';
import {
  methodCurrency,
  methodLabel,
  PAYABLE_KIND_LABELS,
  PAYABLE_KINDS,
  SUPPLIER_PAYMENT_METHODS,
  type SupplierPaymentMethod,
} from '#domain/cuentas-por-pagar.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import { igtfDePago } from '#domain/igtf.ts';
import {
  CURRENCIES,
  type Currency,
  formatRate,
  formatRatePerUsd,
  formatUsd,
  formatVes,
  leerMonto,
  parseAmountInput,
  toCents,
} from '#domain/money.ts';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket } from '#domain/ventas.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { RangoFechas } from '#web/dashboard/venta/rango-fechas.tsx';
import { orFallback, unwrapList } from '#web/lib/api.ts';
import { useClaveTrasExito } from '#web/lib/formulario.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/por-pagar';

const FILTER_LABELS: Record<(typeof LIST_FILTERS)[number], string> = {
  'por-pagar': 'Con saldo',
  pendiente: PAYMENT_STATUS_LABELS.pendiente,
  abonada: PAYMENT_STATUS_LABELS.abonada,
  pagada: PAYMENT_STATUS_LABELS.pagada,
};
const SORT_LABELS: Record<(typeof SORT_FIELDS)[number], string> = {
  due_date: 'Vencimiento',
  issued_on: 'Fecha',
  total: 'Total',
  outstanding: 'Saldo',
  proveedor: 'Proveedor',
  number: 'Número',
};
const NOWRAP = { whiteSpace: 'nowrap' } as const;
// Small coloured text on white needs 4.5:1: yellow and orange shades do not reach it.
const STATUS_COLORS: Record<PaymentStatus, string> = { pendiente: 'red.9', abonada: 'gray.8', pagada: 'green.9' };
const AGING_COLORS: Record<AgingBucket, string> = {
  'al-dia': 'green.9',
  '1-30': 'gray.8',
  '31-60': 'red.9',
  '61-90': 'red.9',
  'mas-de-90': 'grape.9',
};

const pick = <T extends string>(values: readonly T[], raw: string | null): T | undefined => values.find((v) => v === raw);
const isoDayOrUndefined = (raw: string | null) => (raw && /^20\d{2}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

function money(currency: Currency, value: string): string {
  return currency === 'VES' ? formatVes(toCents(value)) : formatUsd(toCents(value));
}

/** The list's query from the page's address: whatever is not valid is left out. */
function listInput(params: URLSearchParams) {
  const page = params.get('page') ?? '';
  const proveedor = params.get('proveedor') ?? '';
  return {
    page: /^[1-9]\d{0,8}$/.test(page) ? page : '1',
    search: (params.get('search') ?? '').trim().slice(0, 100) || undefined,
    filter: pick(LIST_FILTERS, params.get('filter')) ?? '',
    sort_by: pick(SORT_FIELDS, params.get('sort_by')) ?? 'due_date',
    sort_desc: params.get('sort_desc') === 'true' ? 'true' : undefined,
    filter_advance: {
      proveedor: /^[1-9]\d{0,8}$/.test(proveedor) ? proveedor : undefined,
      currency: pick(CURRENCIES, params.get('currency')),
      kind: pick(PAYABLE_KINDS, params.get('kind')),
      aging: pick(AGING_BUCKETS, params.get('aging')),
      date_from: isoDayOrUndefined(params.get('date_from')),
      date_to: isoDayOrUndefined(params.get('date_to')),
    },
  } as const;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, PAYABLES_ROLES);
  const params = new URL(request.url).searchParams;
  const input = listInput(params);
  const selected = params.get('documento') ?? '';
  const [listResponse, suppliersResponse, rateResponse, detailResponse] = await Promise.all([
    context.api.call(listar, input),
    context.api.call(proveedores, { per_page: '100' }),
    context.api.call(tasaDelDia, {}),
    /^[1-9]\d{0,8}$/.test(selected) ? context.api.call(documento, { id: selected }) : Promise.resolve(null),
  ]);
  const list = unwrapList(listResponse);
  const body = listResponse.body.success ? listResponse.body : null;
  const { page: _, ...exportFilters } = input;
  return {
    documents: list.items,
    meta: list.meta as ListMeta,
    totals: body && 'totals' in body ? body.totals : null,
    aging: body && 'aging' in body ? body.aging : [],
    suppliers: orFallback(suppliersResponse, []),
    rate: orFallback(rateResponse, { currency: 'USD', amount: '1', date: null }).amount,
    detail: detailResponse?.body.success ? detailResponse.body.data : null,
    input,
    exportQuery: toQueryString(exportFilters),
    today: caracasIsoDate(new Date()),
  };
}

type ActionResult = FormErrors & { intent: string; saved: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, PAYABLES_ROLES);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const optional = (name: string) => text(name) || undefined;
  // Amounts and rates as people type them here ("1.234,56"): the API reads "1234.56".
  const amountOf = (name: string) => parseAmountInput(text(name));
  const intent = text('intent');
  const number = (name: string) => (/^\d{1,10}$/.test(text(name)) ? Number(text(name)) : (text(name) as unknown as number));
  const response =
    intent === 'proveedor'
      ? await context.api.call(registrarProveedor, {
          rif: text('rif'),
          name: text('name'),
          contact: text('contact'),
          phone: text('phone'),
          email: text('email'),
        })
      : intent === 'documento'
        ? await context.api.call(registrarDocumento, {
            proveedorId: number('proveedorId'),
            number: text('number'),
            kind: text('kind') as (typeof PAYABLE_KINDS)[number],
            issuedOn: text('issuedOn'),
            dueDate: text('dueDate'),
            currency: text('currency') as Currency,
            total: amountOf('total'),
            discount: amountOf('discount') || '0',
            baseImponible: amountOf('baseImponible') || '0',
            controlNumber: text('controlNumber'),
            rate: optional('rate') && amountOf('rate'),
            note: text('note'),
          })
        : intent === 'pago'
          ? await context.api.call(registrarPago, {
              documentoId: number('documentoId'),
              method: text('method') as (typeof SUPPLIER_PAYMENT_METHODS)[number],
              amount: amountOf('amount'),
              rate: optional('rate') && amountOf('rate'),
              reference: text('reference'),
              bankCode: text('bankCode'),
              paidOn: text('paidOn'),
              note: text('note'),
            })
          : intent === 'retencion'
            ? await context.api.call(registrarRetencion, {
                documentoId: number('documentoId'),
                basisPoints: number('basisPoints') as 7500 | 10000,
                comprobante: text('comprobante'),
                fecha: text('fecha'),
              })
            : await context.api.call(anularPago, { pagoId: number('pagoId'), note: text('note') });
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), intent, saved: null }, { status: response.status });
  const saved =
    intent === 'proveedor'
      ? 'Proveedor registrado.'
      : intent === 'documento'
        ? 'Documento registrado.'
        : intent === 'pago'
          ? 'Pago registrado: el saldo del documento bajó.'
          : intent === 'retencion'
            ? 'Retención de IVA registrada: el saldo del documento bajó.'
            : 'Pago anulado: su monto volvió al saldo del documento.';
  return { intent, saved } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Cuentas por pagar');
}

function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
}

function Totales({ totals }: { totals: NonNullable<Route.ComponentProps['loaderData']['totals']> }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" data-testid="totales-por-pagar">
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          Por pagar (en US$)
        </Text>
        <Text fw={700} fz="lg">
          {formatUsd(toCents(totals.outstandingUsd))}
        </Text>
        <Text size="xs" c="dimmed">
          {totals.documents} {totals.documents === 1 ? 'documento' : 'documentos'}
        </Text>
      </Card>
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          Documentos en dólares
        </Text>
        <Text fw={700}>{formatUsd(toCents(totals.outstandingInUsd))}</Text>
      </Card>
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          Documentos en bolívares
        </Text>
        <Text fw={700}>{formatVes(toCents(totals.outstandingInVes))}</Text>
      </Card>
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          Vencido
        </Text>
        <Text fw={700} c="red">
          {formatUsd(AGING_BUCKETS.filter((b) => b !== 'al-dia').reduce((sum, b) => sum + toCents(totals.buckets[b]), 0))}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

function AntiguedadPorProveedor({ aging, href }: { aging: Route.ComponentProps['loaderData']['aging']; href: ReturnType<typeof useHref> }) {
  if (aging.length === 0) return <Text c="dimmed">Nada por pagar con estos filtros.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder data-testid="antiguedad-proveedores">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Proveedor</Table.Th>
            {AGING_BUCKETS.map((b) => (
              <Table.Th key={b} ta="right">
                {AGING_BUCKET_LABELS[b]}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total US$</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {aging.map((s) => (
            <Table.Tr key={s.proveedorId}>
              <Table.Td>
                <Anchor component={Link} to={href({ proveedor: String(s.proveedorId), page: null })} size="sm">
                  {s.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {s.rif}
                </Text>
              </Table.Td>
              {AGING_BUCKETS.map((b) => (
                <Table.Td key={b} ta="right" style={NOWRAP}>
                  {toCents(s.buckets[b]) > 0 ? formatUsd(toCents(s.buckets[b])) : '—'}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700} style={NOWRAP}>
                {formatUsd(toCents(s.total))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Filtros({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { input, suppliers, today } = loaderData;
  const a = input.filter_advance;
  return (
    <Form method="get" data-testid="filtros-por-pagar">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <TextInput label="Buscar" name="search" placeholder="Proveedor, RIF o número" defaultValue={input.search ?? ''} />
        <NativeSelect
          label="Estado"
          name="filter"
          data={[{ value: '', label: 'Todos' }, ...LIST_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))]}
          defaultValue={input.filter}
        />
        <NativeSelect
          label="Proveedor"
          name="proveedor"
          data={[{ value: '', label: 'Todos' }, ...suppliers.map((s) => ({ value: String(s.id), label: s.name }))]}
          defaultValue={a.proveedor ?? ''}
        />
        <NativeSelect
          label="Antigüedad"
          name="aging"
          data={[{ value: '', label: 'Cualquiera' }, ...AGING_BUCKETS.map((b) => ({ value: b, label: AGING_BUCKET_LABELS[b] }))]}
          defaultValue={a.aging ?? ''}
        />
        <NativeSelect
          label="Moneda"
          name="currency"
          data={[
            { value: '', label: 'Ambas' },
            { value: 'USD', label: 'Dólares' },
            { value: 'VES', label: 'Bolívares' },
          ]}
          defaultValue={a.currency ?? ''}
        />
        <RangoFechas
          label="Fecha del documento"
          desde={a.date_from ?? ''}
          hasta={a.date_to ?? ''}
          today={today}
          names={{ desde: 'date_from', hasta: 'date_to' }}
        />
        <NativeSelect
          label="Ordenar por"
          name="sort_by"
          data={SORT_FIELDS.map((f) => ({ value: f, label: SORT_LABELS[f] }))}
          defaultValue={input.sort_by}
        />
      </SimpleGrid>
      <Group mt="sm" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button type="submit" variant="light">
            Filtrar
          </Button>
          <Button component={Link} to="/dashboard/cuentas/por-pagar" variant="subtle">
            Limpiar
          </Button>
        </Group>
        <Group gap="xs">
          <Button
            component="a"
            href={`/api${exportar.path}${loaderData.exportQuery}${loaderData.exportQuery ? '&' : '?'}formato=xlsx`}
            variant="default"
            size="sm"
          >
            Exportar XLSX
          </Button>
          <Button
            component="a"
            href={`/api${exportar.path}${loaderData.exportQuery}${loaderData.exportQuery ? '&' : '?'}formato=csv`}
            variant="default"
            size="sm"
          >
            Exportar CSV
          </Button>
        </Group>
      </Group>
    </Form>
  );
}

function Documentos({ documents, href }: { documents: DocumentoPorPagar[]; href: ReturnType<typeof useHref> }) {
  if (documents.length === 0) return <Text c="dimmed">No hay documentos con estos filtros.</Text>;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped withTableBorder data-testid="tabla-por-pagar">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Proveedor</Table.Th>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Vence</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Saldo</Table.Th>
            <Table.Th ta="right">Saldo US$</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Text size="sm">{d.proveedorName}</Text>
                <Text size="xs" c="dimmed">
                  {d.proveedorRif}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.number}</Text>
                <Text size="xs" c="dimmed">
                  {PAYABLE_KIND_LABELS[d.kind]}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(d.issuedOn)}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(d.dueDate)}</Text>
                {d.aging && (
                  <Text size="xs" fw={600} c={AGING_COLORS[d.aging]}>
                    {d.aging === 'al-dia' ? 'Al día' : `Vencido hace ${d.daysOverdue} ${d.daysOverdue === 1 ? 'día' : 'días'}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {money(d.currency, d.total)}
              </Table.Td>
              <Table.Td ta="right" fw={600} style={NOWRAP}>
                {money(d.currency, d.outstandingBalance)}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatUsd(toCents(d.outstandingUsd))}
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c={STATUS_COLORS[d.paymentStatus]}>
                  {PAYMENT_STATUS_LABELS[d.paymentStatus]}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button component={Link} to={href({ documento: String(d.id) })} size="compact-sm" variant="subtle" preventScrollReset>
                  Pagos
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Pagos({ pagos, owed, result, busy }: { pagos: PagoProveedor[]; owed: Currency; result: ActionResult | undefined; busy: boolean }) {
  if (pagos.length === 0) return <Text c="dimmed">Todavía no hay pagos a este documento.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder data-testid="pagos-documento">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Método</Table.Th>
            <Table.Th>Referencia</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
            <Table.Th ta="right">Cuenta en el documento</Table.Th>
            <Table.Th ta="right">IGTF (aparte)</Table.Th>
            <Table.Th>Registró</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pagos.map((p) => (
            <Table.Tr key={p.id} style={p.annulled ? { opacity: 0.6 } : undefined}>
              <Table.Td>{formatDate(p.paidOn)}</Table.Td>
              <Table.Td>
                <Text size="sm">{methodLabel(p.method)}</Text>
                {p.currency !== owed ? (
                  <Text size="xs" c="dimmed">
                    Tasa {formatRate(p.rate)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {p.reference || '—'}
                {p.bankCode && (
                  <Text size="xs" c="dimmed">
                    Banco {p.bankCode}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {money(p.currency, p.amount)}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {money(owed, p.applied)}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP} data-testid={`pago-igtf-${p.id}`}>
                {toCents(p.igtf) > 0 ? formatUsd(toCents(p.igtf)) : '—'}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{p.registeredBy ?? '—'}</Text>
                {p.note && (
                  <Text size="xs" c="dimmed">
                    {p.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {p.annulled ? (
                  <Badge color="gray">Anulado</Badge>
                ) : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="anular" />
                    <input type="hidden" name="pagoId" value={p.id} />
                    <Group gap={4} wrap="nowrap">
                      <TextInput name="note" size="xs" placeholder="Motivo" aria-label={`Motivo de anular el pago ${p.id}`} w={110} />
                      <Button type="submit" size="compact-sm" color="red" variant="light" loading={busy && result?.intent === 'anular'}>
                        Anular
                      </Button>
                    </Group>
                  </Form>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const BANK_OPTIONS = [
  { value: '', label: '— Sin banco —' },
  ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} ${b.name}` })),
];

function DetalleDocumento({
  detail,
  result,
  busy,
  rate,
  today,
  href,
}: {
  detail: NonNullable<Route.ComponentProps['loaderData']['detail']>;
  result: ActionResult | undefined;
  busy: boolean;
  rate: string;
  today: string;
  href: ReturnType<typeof useHref>;
}) {
  const errors = result?.intent === 'pago' ? result : undefined;
  const error = (field: string) => fieldError(errors, field);
  return (
    <Card withBorder padding="lg" data-testid="detalle-documento">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={2} size="h4">
          {PAYABLE_KIND_LABELS[detail.kind]} {detail.number} · {detail.proveedorName}
        </Title>
        <Button component={Link} to={href({ documento: null })} variant="subtle" size="compact-sm" preventScrollReset>
          Cerrar
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        <div>
          <Text size="xs" c="dimmed">
            Total
          </Text>
          <Text>{money(detail.currency, detail.total)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Descuento
          </Text>
          <Text>{money(detail.currency, detail.discount)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Pagado
          </Text>
          <Text>{money(detail.currency, detail.balancePaid)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Saldo pendiente
          </Text>
          <Text fw={700}>{money(detail.currency, detail.outstandingBalance)}</Text>
        </div>
      </SimpleGrid>
      <Text size="sm" mb="xs" data-testid="desglose-fiscal">
        N° de control {detail.controlNumber || '—'} · Base imponible {money(detail.currency, detail.baseImponible)} · IVA{' '}
        {detail.ivaBasisPoints / 100} % {money(detail.currency, detail.iva)} · Exento {money(detail.currency, detail.exento)}
      </Text>
      {detail.retencionComprobante ? (
        <Text size="sm" mb="xs" data-testid="retencion-tienda">
          IVA retenido por la tienda ({(detail.retencionBasisPoints ?? 0) / 100} %): {money(detail.currency, detail.ivaRetenido)} ·
          comprobante {detail.retencionComprobante} del {formatDate(detail.retencionFecha ?? '')}
        </Text>
      ) : (
        toCents(detail.iva) > 0 &&
        toCents(detail.outstandingBalance) > 0 && (
          <Form method="post" preventScrollReset data-testid="form-retencion">
            <input type="hidden" name="intent" value="retencion" />
            <input type="hidden" name="documentoId" value={detail.id} />
            <Title order={3} size="h5" mt="sm" mb="xs">
              Registrar la retención de IVA de la tienda
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <NativeSelect
                label="Porcentaje"
                name="basisPoints"
                data={[
                  { value: '7500', label: '75 % del IVA' },
                  { value: '10000', label: '100 % del IVA' },
                ]}
                error={error('basisPoints')}
              />
              <TextInput label="N° del comprobante" name="comprobante" required error={error('comprobante')} />
              <TextInput label="Fecha del comprobante" name="fecha" type="date" defaultValue={today} required error={error('fecha')} />
              <Button type="submit" mt={{ base: 0, xs: 24 }} loading={busy && result?.intent === 'retencion'}>
                Registrar la retención
              </Button>
            </SimpleGrid>
          </Form>
        )
      )}
      {detail.currency === 'VES' && (
        <Text size="xs" c="dimmed" mb="sm">
          Tasa del documento: {formatRatePerUsd(detail.rate)} · equivale a {formatUsd(toCents(detail.outstandingUsd))} por pagar.
        </Text>
      )}
      <Pagos pagos={detail.pagos} owed={detail.currency} result={result} busy={busy} />
      {toCents(detail.outstandingBalance) > 0 && (
        <FormPago
          key={`pago-${detail.id}-${detail.pagos.length}`}
          detail={detail}
          error={error}
          busy={busy && result?.intent === 'pago'}
          rate={rate}
          today={today}
        />
      )}
    </Card>
  );
}

/** The payment form of a document; remounted after each payment, so it starts empty again. */
function FormPago({
  detail,
  error,
  busy,
  rate,
  today,
}: {
  detail: NonNullable<Route.ComponentProps['loaderData']['detail']>;
  error: (field: string) => string | undefined;
  busy: boolean;
  rate: string;
  today: string;
}) {
  const [method, setMethod] = useState<SupplierPaymentMethod>(detail.currency === 'VES' ? 'transferencia' : 'zelle');
  const [amount, setAmount] = useState('');
  // What the store pays on top of a payment in divisas, as it is typed (the server books the same rule).
  const typed = leerMonto(amount);
  const igtfCents = methodCurrency(method) === 'USD' && typed.ok ? igtfDePago('USD', typed.centimos, detail.igtfVigente) : 0;
  return (
    <Form method="post" preventScrollReset data-testid="form-pago">
      <input type="hidden" name="intent" value="pago" />
      <input type="hidden" name="documentoId" value={detail.id} />
      <Title order={3} size="h5" mt="md" mb="xs">
        Registrar un pago
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <NativeSelect
          label="Método"
          name="method"
          data={SUPPLIER_PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(m) }))}
          value={method}
          onChange={(e) => setMethod(e.currentTarget.value as SupplierPaymentMethod)}
          error={error('method')}
        />
        <CampoMonto
          label="Monto (en la moneda del método)"
          name="amount"
          required
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={error('amount')}
        />
        <TextInput
          label="Tasa del día (Bs. por US$)"
          name="rate"
          inputMode="decimal"
          defaultValue={rate}
          description="Cuenta cuando la moneda del pago no es la del documento."
          error={error('rate')}
        />
        <TextInput label="Fecha del pago" name="paidOn" type="date" defaultValue={today} max={today} required error={error('paidOn')} />
        <TextInput label="Referencia" name="reference" error={error('reference')} />
        <NativeSelect label="Banco" name="bankCode" data={BANK_OPTIONS} error={error('bankCode')} />
        <TextInput label="Nota" name="note" error={error('note')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Un pago en divisas (Zelle, efectivo en dólares, PayPal, Uphold) lleva el IGTF de la tienda sobre lo pagado: lo paga la tienda aparte
        y el documento cuenta todo lo pagado al proveedor.
      </Text>
      {igtfCents > 0 && (
        <Text size="sm" fw={600} mt={4} data-testid="pago-igtf-vivo">
          IGTF de este pago, aparte: {formatUsd(igtfCents)}
        </Text>
      )}
      <Group justify="end" mt="sm">
        <Button type="submit" loading={busy}>
          Registrar pago
        </Button>
      </Group>
    </Form>
  );
}

function NuevoProveedor({ result, busy }: { result: ActionResult | undefined; busy: boolean }) {
  const errors = result?.intent === 'proveedor' ? result : undefined;
  const error = (field: string) => fieldError(errors, field);
  const clave = useClaveTrasExito(result, 'proveedor');
  return (
    <Form method="post" preventScrollReset key={`proveedor-${clave}`} data-testid="form-proveedor">
      <input type="hidden" name="intent" value="proveedor" />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <CampoDocumento label="RIF" name="rif" required error={error('rif')} />
        <TextInput label="Nombre o razón social" name="name" required error={error('name')} />
        <TextInput label="Contacto" name="contact" error={error('contact')} />
        <CampoTelefono label="Teléfono" name="phone" error={error('phone')} />
        <TextInput label="Correo" name="email" type="email" error={error('email')} />
      </SimpleGrid>
      <Group justify="end" mt="sm">
        <Button type="submit" loading={busy && result?.intent === 'proveedor'}>
          Registrar proveedor
        </Button>
      </Group>
    </Form>
  );
}

function NuevoDocumento({
  suppliers,
  result,
  busy,
  rate,
  today,
}: {
  suppliers: { id: number; name: string }[];
  result: ActionResult | undefined;
  busy: boolean;
  rate: string;
  today: string;
}) {
  const errors = result?.intent === 'documento' ? result : undefined;
  const error = (field: string) => fieldError(errors, field);
  const clave = useClaveTrasExito(result, 'documento');
  if (suppliers.length === 0) return <Text c="dimmed">Registre primero un proveedor.</Text>;
  return (
    <Form method="post" preventScrollReset key={`documento-${clave}`} data-testid="form-documento">
      <input type="hidden" name="intent" value="documento" />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NativeSelect
          label="Proveedor"
          name="proveedorId"
          data={suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
          error={error('proveedorId')}
        />
        <NativeSelect
          label="Tipo"
          name="kind"
          data={PAYABLE_KINDS.map((k) => ({ value: k, label: PAYABLE_KIND_LABELS[k] }))}
          error={error('kind')}
        />
        <TextInput label="Número" name="number" required error={error('number')} />
        <TextInput label="N° de control" name="controlNumber" error={error('controlNumber')} />
        <NativeSelect
          label="Moneda"
          name="currency"
          data={[
            { value: 'USD', label: 'Dólares (US$)' },
            { value: 'VES', label: 'Bolívares (Bs.)' },
          ]}
          error={error('currency')}
        />
        <TextInput label="Fecha" name="issuedOn" type="date" defaultValue={today} required error={error('issuedOn')} />
        <TextInput label="Vence" name="dueDate" type="date" required error={error('dueDate')} />
        <CampoMonto label="Total" name="total" required error={error('total')} />
        <CampoMonto label="Descuento" name="discount" defaultValue="0" error={error('discount')} />
        <CampoMonto
          label="Base imponible (gravada con IVA 16 %)"
          name="baseImponible"
          defaultValue="0"
          description="Lo que queda del total tras la base y su IVA es exento"
          error={error('baseImponible')}
        />
        <TextInput
          label="Tasa del día (Bs. por US$)"
          name="rate"
          inputMode="decimal"
          defaultValue={rate}
          description="Solo para documentos en bolívares."
          error={error('rate')}
        />
        <TextInput label="Nota" name="note" error={error('note')} />
      </SimpleGrid>
      <Group justify="end" mt="sm">
        <Button type="submit" loading={busy && result?.intent === 'documento'}>
          Registrar documento
        </Button>
      </Group>
    </Form>
  );
}

export default function CuentasPorPagar({ loaderData, actionData }: Route.ComponentProps) {
  const state = useNavigation().state;
  const busy = state === 'submitting';
  const href = useHref();
  const result = actionData as ActionResult | undefined;
  const { totals, detail } = loaderData;
  // The action's answer arrives before the page's data is loaded again: confirm once both are in.
  const idle = state === 'idle';
  return (
    <Stack gap="md">
      <Title order={1}>Cuentas por pagar</Title>
      {result?.saved && idle && (
        <Alert color="green" role="status" data-testid="por-pagar-guardado">
          {result.saved}
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      {totals && <Totales totals={totals} />}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Antigüedad por proveedor (US$)
        </Title>
        <AntiguedadPorProveedor aging={loaderData.aging} href={href} />
      </Card>
      {detail && (
        <DetalleDocumento detail={detail} result={result} busy={busy} rate={loaderData.rate} today={loaderData.today} href={href} />
      )}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Documentos
        </Title>
        <Stack gap="sm">
          <Filtros loaderData={loaderData} />
          <Documentos documents={loaderData.documents} href={href} />
          <Paginacion meta={loaderData.meta} label="documentos" />
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Nuevo documento
          </Title>
          <NuevoDocumento suppliers={loaderData.suppliers} result={result} busy={busy} rate={loaderData.rate} today={loaderData.today} />
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Nuevo proveedor
          </Title>
          <NuevoProveedor result={result} busy={busy} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
