// /dashboard/venta/nueva (admin, vendedor-admin): a counter or wholesale sale. Articles searched 5 a
// page with their free units per store, the customer by cédula/RIF, contado or crédito, payments in
// mixed methods and currencies at the tasa del día, and the totals as they change (the same domain
// functions the server uses; the server prices and settles the sale again). A refusal keeps the form.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import { type OpcionCliente, clientes as opcionesClientes, vendedor as opcionesVendedor } from '#domain/contracts/opciones.ts';
import { buscarUsuario, PROSPECT_STATUS_LABELS } from '#domain/contracts/prospecto.ts';
import {
  type ArticuloVenta,
  articulosVenta,
  type DocumentoVenta,
  datosDeVenta,
  registrarVenta,
  retenerVenta,
  type VentaRetenida,
} from '#domain/contracts/ventas-venta.ts';
import { formatRatePerUsd, formatUsd, formatVes, parseAmountInput, toCents, usdToVesCents } from '#domain/money.ts';
import { amountToCover, type CounterPayment, currencyOf, settleSale } from '#domain/venta-mostrador.ts';
import {
  normalizeDni,
  SALE_CONDITION_LABELS,
  SALE_PAYMENT_METHOD_IDS,
  SALE_PAYMENT_METHODS,
  type SaleCondition,
  type SaleLineInput,
  type SalePaymentMethod,
} from '#domain/ventas.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { formInput, orFallback, unwrap, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/nueva';

const VENDEN = ['admin', 'vendedor-admin'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, VENDEN);
  const params = new URL(request.url).searchParams;
  const buscar = (params.get('buscar') ?? '').trim().slice(0, 100);
  const page = /^[1-9]\d{0,6}$/.test(params.get('page') ?? '') ? (params.get('page') as string) : '1';
  const tienda = /^[1-9]\d{0,9}$/.test(params.get('tienda') ?? '') ? (params.get('tienda') as string) : undefined;
  const dni = (params.get('dni') ?? '').trim().slice(0, 20);
  const [datos, articulos, encontrados, vendedores] = await Promise.all([
    context.api.call(datosDeVenta, {}),
    context.api.call(articulosVenta, { page, search: buscar || undefined, tiendaId: tienda }),
    dni ? context.api.call(opcionesClientes, { search: dni, limit: 5 }) : Promise.resolve(null),
    context.api.call(opcionesVendedor, {}),
  ]);
  const { items, meta } = unwrapList(articulos);
  let exact: string | null = null;
  try {
    exact = dni ? normalizeDni(dni) : null;
  } catch {
    exact = null;
  }
  const cliente = encontrados?.body.success ? (encontrados.body.data.find((c) => c.dni === exact) ?? null) : null;
  const prospecto = /^[1-9]\d{0,8}$/.test(params.get('prospecto') ?? '')
    ? await desdeProspecto(context.api, params.get('prospecto') as string)
    : null;
  return { datos: unwrap(datos), articulos: items, meta, buscar, dni: exact, cliente, vendedores: orFallback(vendedores, []), prospecto };
}

/**
 * «Procesar como venta» of a prospect request: its customer and its lines with today's articles for
 * sale. Only a request still cotizada; an article no longer for sale is named, not added.
 */
async function desdeProspecto(api: Route.LoaderArgs['context']['api'], id: string) {
  const response = await api.call(buscarUsuario, { id });
  if (!response.body.success) return null;
  const p = response.body.data;
  if (p.status !== 'cotizada')
    return { id: p.id, name: p.name, closed: PROSPECT_STATUS_LABELS[p.status], cliente: null, lines: [], missing: [] };
  const found = await Promise.all(
    p.lines.map(async (l) => {
      const list = await api.call(articulosVenta, { page: '1', search: l.articleCode });
      const article = list.body.success ? list.body.data.find((a) => a.articleCode === l.articleCode) : undefined;
      return { code: l.articleCode, article, quantity: l.quantity };
    }),
  );
  return {
    id: p.id,
    name: p.name,
    closed: null,
    cliente: { dni: p.dni, name: p.name, phone: p.phone, email: p.email, address: '' },
    lines: found.flatMap((f) => (f.article ? [{ article: f.article, quantity: f.quantity }] : [])),
    missing: found.filter((f) => !f.article).map((f) => f.code),
  };
}

type ActionResult = { message?: string; errors?: Record<string, string[]>; documento?: DocumentoVenta; retenida?: VentaRetenida };

/**
 * The sale comes as a form with two fields: its idempotency key (a retried submit never sells twice)
 * and the sale as JSON text (pages receive forms only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const idempotencyKey = form.get('idempotencyKey');
  let body: unknown = null;
  try {
    body = JSON.parse(String(form.get('venta') ?? ''));
  } catch {
    body = null;
  }
  if (typeof idempotencyKey !== 'string' || typeof body !== 'object' || body === null) {
    return data<ActionResult>({ message: 'No pudimos leer la venta. Recargue la página e intente de nuevo.' }, { status: 400 });
  }
  if (form.get('intent') === 'retener') {
    // A credit sale the customer's limit does not cover: held for admin or administración to decide.
    const held = await context.api.call(retenerVenta, formInput(retenerVenta, body as Record<string, unknown>), {
      headers: { 'idempotency-key': idempotencyKey },
    });
    if (!held.body.success) return data<ActionResult>(formErrors(held), { status: held.status });
    return data<ActionResult>({ retenida: held.body.data });
  }
  const response = await context.api.call(registrarVenta, formInput(registrarVenta, body as Record<string, unknown>), {
    headers: { 'idempotency-key': idempotencyKey },
  });
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return data<ActionResult>({ documento: response.body.data });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Nueva venta');
}

type Line = { article: ArticuloVenta; quantity: number };
type Payment = { method: SalePaymentMethod; amount: string; reference: string; bankCode: string };
type Cliente = { dni: string; name: string; phone: string; email: string; address: string };

const emptyPayment = (): Payment => ({ method: 'efectivo', amount: '', reference: '', bankCode: '' });
const emptyCliente = (): Cliente => ({ dni: '', name: '', phone: '', email: '', address: '' });

/** Cents of an amount typed as a person writes it ("1.234,56"), or null when it is not one. */
function centsOf(typed: string): number | null {
  const plain = parseAmountInput(typed);
  return /^\d{1,9}(\.\d{1,2})?$/.test(plain) ? toCents(plain) : null;
}

const amountText = (cents: number) => (cents / 100).toFixed(2);

function Monto({ usd, rate, testid }: { usd: number; rate: string; testid?: string }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid={testid ? `${testid}-usd` : undefined}>
        {formatUsd(usd)}
      </Text>
      <Text c="dimmed" size="xs" style={{ whiteSpace: 'nowrap' }} data-testid={testid ? `${testid}-ves` : undefined}>
        {formatVes(usdToVesCents(usd, rate))}
      </Text>
    </Stack>
  );
}

function Fila({ label, usd, rate, testid, strong }: { label: string; usd: number; rate: string; testid?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Monto usd={usd} rate={rate} testid={testid} />
    </Group>
  );
}

export default function NuevaVenta({ loaderData }: Route.ComponentProps) {
  const { datos } = loaderData;
  const rate = datos.rate;
  const articulosFetcher = useFetcher<typeof loader>();
  const clienteFetcher = useFetcher<typeof loader>();
  const venta = useFetcher<ActionResult>();
  const listado = articulosFetcher.data ?? loaderData;

  const [tiendaId, setTiendaId] = useState<number>(datos.tiendas[0]?.id ?? 0);
  const [buscar, setBuscar] = useState('');
  const prospecto = loaderData.prospecto;
  const [prospectoId, setProspectoId] = useState<number | null>(prospecto && !prospecto.closed ? prospecto.id : null);
  const [lines, setLines] = useState<Line[]>(() => (prospectoId ? (prospecto?.lines ?? []) : []));
  const [cliente, setCliente] = useState<Cliente>(() => (prospectoId && prospecto?.cliente ? prospecto.cliente : emptyCliente()));
  const [condition, setCondition] = useState<SaleCondition>('contado');
  const [payments, setPayments] = useState<Payment[]>([emptyPayment()]);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [hecha, setHecha] = useState<DocumentoVenta | null>(null);
  const [retenida, setRetenida] = useState<VentaRetenida | null>(null);
  const [credito, setCredito] = useState({ limit: '', days: '30' });
  const [vendedorId, setVendedorId] = useState(datos.vendedorId ? String(datos.vendedorId) : '');

  useEffect(() => setIdempotencyKey(crypto.randomUUID()), []);
  useEffect(() => {
    if (venta.state === 'idle' && venta.data?.documento) setHecha(venta.data.documento);
    if (venta.state === 'idle' && venta.data?.retenida) setRetenida(venta.data.retenida);
  }, [venta.state, venta.data]);

  const found: OpcionCliente | null = clienteFetcher.data?.cliente ?? null;
  const looked = clienteFetcher.data?.dni ?? null;
  const isNew = looked !== null && found === null;
  const tienda = datos.tiendas.find((s) => s.id === tiendaId);

  const buscarArticulos = (page = 1) => {
    const params = new URLSearchParams({ page: String(page), tienda: String(tiendaId) });
    if (buscar.trim()) params.set('buscar', buscar.trim());
    articulosFetcher.load(`/dashboard/venta/nueva?${params}`);
  };
  const buscarCliente = () => {
    if (cliente.dni.trim()) clienteFetcher.load(`/dashboard/venta/nueva?dni=${encodeURIComponent(cliente.dni.trim())}`);
  };

  const availableHere = (a: ArticuloVenta) => a.stores.find((s) => s.tiendaId === tiendaId)?.available ?? 0;
  const addLine = (article: ArticuloVenta) =>
    setLines((current) =>
      current.some((l) => l.article.articleCode === article.articleCode)
        ? current.map((l) => (l.article.articleCode === article.articleCode ? { ...l, quantity: l.quantity + 1 } : l))
        : [...current, { article, quantity: 1 }],
    );
  const setQuantity = (code: string, quantity: number) =>
    setLines((current) => current.map((l) => (l.article.articleCode === code ? { ...l, quantity } : l)));
  const updatePayment = (index: number, change: Partial<Payment>) =>
    setPayments((current) => current.map((p, i) => (i === index ? { ...p, ...change } : p)));

  // The same rules as the server: lines with today's unit discount, payments at the rate, IGTF.
  const saleLines: SaleLineInput[] = lines
    .filter((l) => l.quantity >= 1)
    .map((l) => {
      const priceCents = toCents(l.article.price);
      const promotionCents = toCents(l.article.promotion);
      const lineCents = (priceCents - promotionCents) * l.quantity;
      return {
        priceCents,
        promotionCents,
        quantity: l.quantity,
        discountCents: Math.min(toCents(l.article.discount) * l.quantity, lineCents),
      };
    });
  // Payments with a valid amount, each with its place in the form.
  const valid = payments.flatMap((p, index) => {
    const cents = centsOf(p.amount);
    return cents && cents > 0 ? [{ index, payment: { method: p.method, amountCents: cents } as CounterPayment }] : [];
  });
  const settle = (list: CounterPayment[]) => settleSale(saleLines, list, { rate, igtf: datos.igtf, condition: 'credito' });
  const settled = saleLines.length > 0 ? settle(valid.map((v) => v.payment)) : null;
  const totals = settled?.ok ? settled.settlement : null;
  const settledAt = (index: number) => {
    const k = valid.findIndex((v) => v.index === index);
    return k >= 0 ? totals?.payments[k] : undefined;
  };

  // A credit sale the customer's limit does not cover (a new customer has none, or overdue notes):
  // the seller sends it to authorisation with the limit asked for (docs/dominio.md «Venta retenida»).
  const freeCredit = found ? toCents(found.creditLimit) - toCents(found.owed) : 0;
  const needsAuthorization =
    condition === 'credito' && (isNew || (found !== null && (found.overdue || freeCredit < (totals?.owedCents ?? 0))));
  const limitCents = centsOf(credito.limit);

  /** Fills the payment with what covers the rest exactly, counting its own IGTF. */
  const completar = (index: number) => {
    const without = settle(valid.filter((v) => v.index !== index).map((v) => v.payment));
    if (!without.ok) return;
    updatePayment(index, { amount: amountText(amountToCover(payments[index].method, without.settlement.owedCents, rate, datos.igtf)) });
  };

  function registrar() {
    const body = {
      cliente: {
        dni: cliente.dni.trim(),
        ...(isNew || !found ? { name: cliente.name, phone: cliente.phone, email: cliente.email, address: cliente.address } : {}),
      },
      vendedorId: vendedorId ? Number(vendedorId) : null,
      tiendaId,
      lines: lines.map((l) => ({ articleCode: l.article.articleCode, quantity: l.quantity })),
      condition,
      ...(prospectoId ? { prospectoId } : {}),
      payments: payments
        .filter((p) => p.amount.trim() !== '')
        .map((p) => ({
          method: p.method,
          amount: parseAmountInput(p.amount),
          ...(SALE_PAYMENT_METHODS[p.method].reference ? { reference: p.reference } : {}),
          ...(SALE_PAYMENT_METHODS[p.method].bank ? { bankCode: p.bankCode } : {}),
        })),
    };
    if (needsAuthorization) {
      const { payments: _none, condition: _credito, ...sale } = body;
      const held = { ...sale, creditLimit: parseAmountInput(credito.limit), creditDays: Number(credito.days) };
      venta.submit({ intent: 'retener', idempotencyKey, venta: JSON.stringify(held) }, { method: 'post' });
      return;
    }
    venta.submit({ idempotencyKey, venta: JSON.stringify(body) }, { method: 'post' });
  }

  function otraVenta() {
    setHecha(null);
    setRetenida(null);
    setCredito({ limit: '', days: '30' });
    setProspectoId(null);
    setLines([]);
    setCliente(emptyCliente());
    setPayments([emptyPayment()]);
    setCondition('contado');
    setIdempotencyKey(crypto.randomUUID());
  }

  if (retenida) {
    return (
      <Stack gap="md" data-testid="venta-retenida">
        <Title order={1}>Venta enviada a autorización</Title>
        <Alert color="orange" title={`Venta retenida N° ${retenida.id}`}>
          <Stack gap={4}>
            <Text size="sm">
              Cliente: {retenida.cliente.name} ({retenida.cliente.dni}) · {retenida.tienda.name}
            </Text>
            <Text size="sm" data-testid="retenida-total">
              Total {formatUsd(toCents(retenida.total))} · límite pedido {formatUsd(toCents(retenida.requestedLimit))} a{' '}
              {retenida.requestedDays} días
            </Text>
            <Text size="sm">
              El cliente quedó registrado y las unidades apartadas. Administración la aprueba o la rechaza desde su inicio del panel; al
              aprobarla se escribe la nota de entrega.
            </Text>
          </Stack>
        </Alert>
        <Group>
          <Button component={Link} to="/dashboard" variant="light" data-testid="ver-retenidas">
            Ver mis ventas retenidas
          </Button>
          <Button variant="light" onClick={otraVenta} data-testid="otra-venta">
            Nueva venta
          </Button>
        </Group>
      </Stack>
    );
  }

  if (hecha) {
    return (
      <Stack gap="md" data-testid="venta-registrada">
        <Title order={1}>Venta registrada</Title>
        <Alert color="green" title={`${hecha.kind === 'factura' ? 'Factura' : 'Nota de entrega'} ${hecha.number}`}>
          <Stack gap={4}>
            <Text size="sm">
              Número: <strong data-testid="venta-numero">{hecha.number}</strong> · control{' '}
              {hecha.controlNumber ?? 'por asignar: la imprenta digital lo dará en unos momentos'}
              {hecha.controlStatus === 'interno' ? ' (interno de la tienda)' : ''}
            </Text>
            <Text size="sm">
              Cliente: {hecha.cliente.name} ({hecha.cliente.dni}) · {hecha.tienda.name}
            </Text>
            <Text size="sm" data-testid="venta-total">
              Total {formatUsd(toCents(hecha.total))} · {formatVes(toCents(hecha.ves.total))}
            </Text>
            {toCents(hecha.igtf) > 0 && <Text size="sm">IGTF {formatUsd(toCents(hecha.igtf))}</Text>}
            {toCents(hecha.change) > 0 && <Text size="sm">Vuelto {formatUsd(toCents(hecha.change))}</Text>}
            {hecha.kind === 'nota-entrega' && (
              <Text size="sm">
                Saldo pendiente {formatUsd(toCents(hecha.outstandingBalance))}
                {hecha.dueDate ? ` · vence el ${hecha.dueDate.split('-').reverse().join('/')}` : ''}
              </Text>
            )}
          </Stack>
        </Alert>
        <Group>
          <Button component={Link} to={`/dashboard/venta/documento/${hecha.number}`} data-testid="ver-documento">
            Ver el documento
          </Button>
          <Button variant="light" onClick={otraVenta} data-testid="otra-venta">
            Nueva venta
          </Button>
        </Group>
      </Stack>
    );
  }

  const error = venta.state === 'idle' ? venta.data?.message : undefined;
  const fieldErrors = venta.state === 'idle' ? venta.data?.errors : undefined;
  const sending = venta.state !== 'idle';
  const owed = totals?.owedCents ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Nueva venta</Title>
        <Anchor component={Link} to="/dashboard/venta" size="sm">
          Volver a las órdenes
        </Anchor>
      </Group>
      {prospecto?.closed && (
        <Alert color="gray" data-testid="prospecto-cerrado">
          La solicitud #{prospecto.id} de {prospecto.name} ya no está cotizada ({prospecto.closed}): esta venta no la procesa.
        </Alert>
      )}
      {prospectoId && prospecto && (
        <Alert color="blue" data-testid="prospecto-venta">
          Venta de la solicitud #{prospecto.id} de {prospecto.name}: al guardarla, la solicitud queda procesada con el número de la venta.
          {prospecto.missing.length > 0 && ` No se agregaron (ya no están a la venta): ${prospecto.missing.join(', ')}.`}{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setProspectoId(null)} data-testid="prospecto-soltar">
            No procesarla con esta venta
          </Anchor>
        </Alert>
      )}
      <Text size="sm" c="dimmed" data-testid="tasa">
        Tasa del día: {formatRatePerUsd(rate)}
        {datos.igtf.charged ? ` · IGTF ${datos.igtf.basisPoints / 100} % en divisas` : ' · sin IGTF'}
      </Text>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Artículos
            </Title>
            <NativeSelect
              label="Tienda de la venta"
              value={String(tiendaId)}
              onChange={(e) => setTiendaId(Number(e.currentTarget.value))}
              data={datos.tiendas.map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` }))}
              data-testid="venta-tienda"
            />
            <form
              onSubmit={(e) => {
                e.preventDefault();
                buscarArticulos(1);
              }}
            >
              <Group align="end" gap="xs" wrap="nowrap">
                <TextInput
                  label="Buscar por código o nombre"
                  value={buscar}
                  onChange={(e) => setBuscar(e.currentTarget.value)}
                  maxLength={100}
                  style={{ flex: 1 }}
                  data-testid="buscar-articulo"
                />
                <Button type="submit" variant="light" loading={articulosFetcher.state !== 'idle'} data-testid="buscar-articulo-boton">
                  Buscar
                </Button>
              </Group>
            </form>
            {listado.articulos.length === 0 ? (
              <Text size="sm" c="dimmed">
                Ningún artículo coincide con la búsqueda.
              </Text>
            ) : (
              listado.articulos.map((a) => {
                const here = availableHere(a);
                return (
                  <Card key={a.articleCode} withBorder padding="xs" data-testid={`articulo-${a.articleCode}`}>
                    <Group justify="space-between" wrap="nowrap" align="start" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {a.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {a.articleCode} · {a.colorName} · {a.sizeLabel}
                        </Text>
                        <Text size="xs">
                          {formatUsd(toCents(a.unitPrice))}
                          {a.unitPrice !== a.price && (
                            <Text span size="xs" c="dimmed" td="line-through" ml={4}>
                              {formatUsd(toCents(a.price))}
                            </Text>
                          )}
                        </Text>
                        <Text size="xs" c={here > 0 ? 'green' : 'red'}>
                          {here > 0 ? `${here} libres aquí` : 'Sin existencia libre aquí'}
                          {a.stores.filter((s) => s.tiendaId !== tiendaId && s.available > 0).length > 0 &&
                            ` · ${a.stores
                              .filter((s) => s.tiendaId !== tiendaId && s.available > 0)
                              .map((s) => `${s.code} ${s.available}`)
                              .join(' · ')}`}
                        </Text>
                      </Stack>
                      <Button
                        size="xs"
                        onClick={() => addLine(a)}
                        disabled={here <= 0}
                        style={{ flexShrink: 0 }}
                        data-testid={`agregar-${a.articleCode}`}
                      >
                        Agregar
                      </Button>
                    </Group>
                  </Card>
                );
              })
            )}
            {listado.meta.last_page > 1 && (
              <Group justify="space-between">
                <Button
                  size="xs"
                  variant="subtle"
                  disabled={listado.meta.current_page <= 1}
                  onClick={() => buscarArticulos(listado.meta.current_page - 1)}
                >
                  Anterior
                </Button>
                <Text size="xs" c="dimmed">
                  Página {listado.meta.current_page} de{' '}
                  {listado.meta.total_is_estimate
                    ? `más de ${Math.floor(listado.meta.total / listado.meta.per_page)}`
                    : listado.meta.last_page}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  disabled={listado.meta.current_page >= listado.meta.last_page}
                  onClick={() => buscarArticulos(listado.meta.current_page + 1)}
                >
                  Siguiente
                </Button>
              </Group>
            )}
          </Stack>
        </Card>

        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Cliente
            </Title>
            <Group align="end" gap="xs" wrap="nowrap">
              <CampoDocumento
                label="Cédula o RIF"
                value={cliente.dni}
                onChange={(e) => setCliente({ ...cliente, dni: e.currentTarget.value })}
                onBlur={buscarCliente}
                maxLength={20}
                style={{ flex: 1 }}
                error={fieldErrors?.['cliente.dni']?.[0]}
                data-testid="cliente-dni"
              />
              <Button variant="light" onClick={buscarCliente} loading={clienteFetcher.state !== 'idle'} data-testid="cliente-buscar">
                Buscar
              </Button>
            </Group>
            {found && (
              <Alert color="blue" data-testid="cliente-encontrado">
                <Text size="sm" fw={600}>
                  {found.name}
                </Text>
                <Text size="xs">
                  Crédito: límite {formatUsd(toCents(found.creditLimit))} · {found.creditDays} días · debe {formatUsd(toCents(found.owed))}
                  {found.overdue ? ' · tiene notas vencidas' : ''}
                </Text>
              </Alert>
            )}
            {isNew && (
              <>
                <Text size="sm" c="dimmed">
                  Cliente nuevo: se registra con la venta.
                </Text>
                <TextInput
                  label="Nombre o razón social"
                  value={cliente.name}
                  onChange={(e) => setCliente({ ...cliente, name: e.currentTarget.value })}
                  maxLength={120}
                  error={fieldErrors?.['cliente.name']?.[0]}
                  data-testid="cliente-nombre"
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <CampoTelefono
                    label="Teléfono"
                    value={cliente.phone}
                    onChange={(e) => setCliente({ ...cliente, phone: e.currentTarget.value })}
                    error={fieldErrors?.['cliente.phone']?.[0]}
                    data-testid="cliente-telefono"
                  />
                  <TextInput
                    label="Correo"
                    value={cliente.email}
                    onChange={(e) => setCliente({ ...cliente, email: e.currentTarget.value })}
                    error={fieldErrors?.['cliente.email']?.[0]}
                    data-testid="cliente-correo"
                  />
                </SimpleGrid>
                <TextInput
                  label="Dirección"
                  value={cliente.address}
                  onChange={(e) => setCliente({ ...cliente, address: e.currentTarget.value })}
                  maxLength={300}
                  data-testid="cliente-direccion"
                />
              </>
            )}
            <NativeSelect
              label="Vendedor"
              value={vendedorId}
              onChange={(e) => setVendedorId(e.currentTarget.value)}
              data={[
                { value: '', label: 'Sin vendedor' },
                ...loaderData.vendedores.map((v) => ({ value: String(v.value), label: v.label })),
              ]}
              data-testid="venta-vendedor"
            />
            <Text size="sm" fw={500}>
              Condición
            </Text>
            <SegmentedControl
              value={condition}
              onChange={(v) => setCondition(v as SaleCondition)}
              data={[
                { value: 'contado', label: `${SALE_CONDITION_LABELS.contado} (factura)` },
                { value: 'credito', label: `${SALE_CONDITION_LABELS.credito} (nota)` },
              ]}
              data-testid="condicion"
            />
            {needsAuthorization && (
              <Card withBorder padding="sm" bg="var(--mantine-color-orange-light)" data-testid="credito-a-autorizar">
                <Stack gap="xs">
                  <Text size="sm" fw={600}>
                    {isNew ? 'Cliente nuevo: no tiene crédito todavía.' : 'Esta venta pasa el crédito del cliente.'} Se envía a
                    autorización.
                  </Text>
                  <Text size="xs">
                    El cliente queda registrado y las unidades apartadas; administración aprueba o rechaza la venta desde su inicio. No
                    lleva pagos: la inicial se registra como abono en la nota.
                  </Text>
                  <Group align="end" gap="xs" wrap="wrap">
                    <TextInput
                      label="Límite solicitado (USD)"
                      placeholder="1.500,00"
                      inputMode="decimal"
                      value={credito.limit}
                      onChange={(e) => setCredito({ ...credito, limit: e.currentTarget.value })}
                      error={
                        credito.limit.trim() !== '' && limitCents === null
                          ? 'Monto no válido (ejemplo: 1.234,56)'
                          : fieldErrors?.creditLimit?.[0]
                      }
                      w={170}
                      data-testid="credito-limite"
                    />
                    <TextInput
                      label="Días de crédito"
                      type="number"
                      min={0}
                      max={365}
                      value={credito.days}
                      onChange={(e) => setCredito({ ...credito, days: e.currentTarget.value })}
                      error={fieldErrors?.creditDays?.[0]}
                      w={110}
                      data-testid="credito-dias"
                    />
                  </Group>
                </Stack>
              </Card>
            )}
          </Stack>
        </Card>
      </SimpleGrid>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Artículos de la venta {tienda ? `· ${tienda.name}` : ''}
          </Title>
          {lines.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="venta-vacia">
              Agregue artículos desde la búsqueda.
            </Text>
          ) : (
            lines.map((l) => (
              <Group
                key={l.article.articleCode}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid={`linea-${l.article.articleCode}`}
              >
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text size="sm" fw={600} truncate>
                    {l.article.name} · {l.article.sizeLabel}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {l.article.articleCode} · {formatUsd(toCents(l.article.unitPrice))} c/u
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    aria-label={`Cantidad de ${l.article.articleCode}`}
                    type="number"
                    min={1}
                    value={String(l.quantity)}
                    onChange={(e) => setQuantity(l.article.articleCode, Math.max(0, Math.floor(Number(e.currentTarget.value) || 0)))}
                    w={80}
                    data-testid={`cantidad-${l.article.articleCode}`}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => setLines((current) => current.filter((x) => x.article.articleCode !== l.article.articleCode))}
                  >
                    Quitar
                  </Button>
                </Group>
              </Group>
            ))
          )}
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Pagos {condition === 'credito' ? '(inicial, opcional)' : ''}
            </Title>
            {payments.map((p, i) => {
              const method = SALE_PAYMENT_METHODS[p.method];
              const cents = centsOf(p.amount);
              const settledPayment = settledAt(i);
              const key = `pago-${i}`;
              return (
                <Card key={key} withBorder padding="xs">
                  <Stack gap="xs">
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                      <NativeSelect
                        label="Método"
                        value={p.method}
                        onChange={(e) => updatePayment(i, { method: e.currentTarget.value as SalePaymentMethod })}
                        data={SALE_PAYMENT_METHOD_IDS.map((id) => ({ value: id, label: SALE_PAYMENT_METHODS[id].label }))}
                        data-testid={`pago-metodo-${i}`}
                      />
                      <CampoMonto
                        label={`Monto en ${currencyOf(p.method) === 'USD' ? 'dólares' : 'bolívares'}`}
                        value={p.amount}
                        onChange={(e) => updatePayment(i, { amount: e.currentTarget.value })}
                        error={
                          p.amount.trim() !== '' && cents === null
                            ? 'Monto no válido (ejemplo: 1.234,56)'
                            : fieldErrors?.[`payments.${i}.amount`]?.[0]
                        }
                        data-testid={`pago-monto-${i}`}
                      />
                      {method.reference && (
                        <TextInput
                          label="Referencia"
                          value={p.reference}
                          onChange={(e) => updatePayment(i, { reference: e.currentTarget.value })}
                          maxLength={40}
                          error={fieldErrors?.[`payments.${i}.reference`]?.[0]}
                          data-testid={`pago-referencia-${i}`}
                        />
                      )}
                      {method.bank && (
                        <NativeSelect
                          label="Banco"
                          value={p.bankCode}
                          onChange={(e) => updatePayment(i, { bankCode: e.currentTarget.value })}
                          data={[
                            { value: '', label: 'Elija el banco' },
                            ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} ${b.name}` })),
                          ]}
                          error={fieldErrors?.[`payments.${i}.bankCode`]?.[0]}
                          data-testid={`pago-banco-${i}`}
                        />
                      )}
                    </SimpleGrid>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text size="xs" c="dimmed" data-testid={`pago-equivalente-${i}`}>
                        {cents
                          ? currencyOf(p.method) === 'USD'
                            ? `≈ ${formatVes(usdToVesCents(cents, rate))}`
                            : `≈ ${formatUsd(settledPayment?.amountUsdCents ?? 0)}`
                          : ' '}
                        {settledPayment && settledPayment.igtfCents > 0 ? ` · IGTF ${formatUsd(settledPayment.igtfCents)}` : ''}
                        {settledPayment && settledPayment.changeCents > 0
                          ? ` · vuelto ${currencyOf(p.method) === 'USD' ? formatUsd(settledPayment.changeCents) : formatVes(settledPayment.changeCents)}`
                          : ''}
                      </Text>
                      <Group gap={4}>
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => completar(i)}
                          disabled={saleLines.length === 0}
                          data-testid={`pago-completar-${i}`}
                        >
                          Completar
                        </Button>
                        {payments.length > 1 && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setPayments((c) => c.filter((_, j) => j !== i))}
                          >
                            Quitar
                          </Button>
                        )}
                      </Group>
                    </Group>
                  </Stack>
                </Card>
              );
            })}
            <Button
              variant="light"
              onClick={() => setPayments((c) => [...c, emptyPayment()])}
              disabled={payments.length >= 10}
              data-testid="agregar-pago"
            >
              Agregar otro pago
            </Button>
          </Stack>
        </Card>

        <Card withBorder padding="md">
          <Stack gap={6}>
            <Title order={2} size="h4">
              Totales
            </Title>
            {totals ? (
              <>
                <Fila label="Subtotal" usd={totals.totals.subtotalCents} rate={rate} />
                <Fila label="Descuento" usd={totals.totals.descuentoCents} rate={rate} />
                <Fila label="Base imponible" usd={totals.totals.baseImponibleCents} rate={rate} />
                <Fila label="IVA (16 %)" usd={totals.totals.ivaCents} rate={rate} />
                <Fila label="IGTF" usd={totals.totals.igtfCents} rate={rate} testid="total-igtf" />
                <Fila label="Total" usd={totals.totals.totalCents} rate={rate} testid="total" strong />
                <Fila label="Pagado" usd={totals.paidCents} rate={rate} />
                {owed > 0 && (
                  <Badge color={condition === 'contado' ? 'red' : 'orange'} variant="light" data-testid="falta">
                    {condition === 'contado' ? 'Falta' : 'Queda a crédito'} {formatUsd(owed)} · {formatVes(usdToVesCents(owed, rate))}
                  </Badge>
                )}
                {totals.changeUsdCents > 0 && (
                  <Badge color="teal" variant="light" data-testid="vuelto">
                    Vuelto {formatUsd(totals.changeUsdCents)}
                  </Badge>
                )}
              </>
            ) : settled && !settled.ok ? (
              <Alert color="orange" data-testid="pagos-aviso">
                {settled.motivo}
              </Alert>
            ) : (
              <Text size="sm" c="dimmed">
                Los totales aparecen al agregar artículos.
              </Text>
            )}
            <Text size="xs" c="dimmed">
              El servidor vuelve a calcular precios, descuentos y totales al registrar.
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>

      {error && (
        <Alert color="red" title="No se registró la venta" data-testid="venta-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          size="md"
          onClick={registrar}
          loading={sending}
          disabled={lines.length === 0 || !idempotencyKey || (needsAuthorization && !limitCents)}
          data-testid="registrar-venta"
        >
          {needsAuthorization ? 'Enviar a autorización' : 'Registrar venta'}
        </Button>
      </Group>
    </Stack>
  );
}
