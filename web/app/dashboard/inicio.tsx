// The dashboard landing: first what waits for the user's roles (one card per kind of work, with its
// count, the age of the oldest item and a link to the list of exactly those items, refreshed by the
// live notices of orders: docs/dominio.md §Lo pendiente en el inicio del panel), then the credit sales held for authorisation (admin and
// administración approve or refuse them here; a seller sees how theirs went), the facturas waiting
// for their control number from the imprenta digital, and the sections the user's roles open.
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { data, Form, Link, useActionData, useNavigation, useRevalidator, useRouteLoaderData } from 'react-router';
import { porEmitir } from '#domain/contracts/imprenta.ts';
import { pendientes } from '#domain/contracts/panel.ts';
import {
  aprobarRetenida,
  RETENIDA_STATUS_LABELS,
  rechazarRetenida,
  type VentaRetenida,
  ventasRetenidas,
} from '#domain/contracts/ventas-venta.ts';
import { formatDateTime } from '#domain/dates.ts';
import { formatUsd, toCents } from '#domain/money.ts';
import { lineaDeEdad, ordenarPorAntiguedad, TARJETAS_PENDIENTES } from '#domain/panel-pendientes.ts';
import { hasAnyRole, isStaff, ROLE_LABELS } from '#domain/roles.ts';
import { ownValue } from '#domain/tabla.ts';
import { formInput, orFallback } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { currentUser, formErrors } from '#web/lib/session.ts';
import type { Route } from './+types/inicio';
import type { loader as layoutLoader } from './layout.tsx';

const MESSAGES: Record<string, { color: string; text: string }> = {
  'sin-permiso': { color: 'red', text: '¡Error! Se necesita permiso para visualizar esta área.' },
  bienvenida: { color: 'green', text: '¡Bienvenido! Su cuenta fue creada.' },
};

const DECIDEN = ['admin', 'administracion'] as const;
const VEN_RETENIDAS = ['admin', 'administracion', 'vendedor-admin'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('mensaje') ?? '';
  const user = await currentUser(request, context.api);
  const decide = user ? hasAnyRole(user.roles, DECIDEN) : false;
  let retenidas: VentaRetenida[] = [];
  if (user && hasAnyRole(user.roles, VEN_RETENIDAS)) {
    // Who decides sees what waits; a seller sees their own, waiting or decided.
    const response = await context.api.call(ventasRetenidas, { status: decide ? 'pendiente' : 'todas', per_page: '10' });
    retenidas = response.body.success ? response.body.data : [];
  }
  const fiscales = decide ? orFallback(await context.api.call(porEmitir, {}), null) : null;
  return {
    mensaje: ownValue(MESSAGES, key) ?? null,
    pendientes: user && isStaff(user.roles) ? await tarjetas(context.api) : [],
    retenidas,
    decide,
    porEmitir: fiscales?.configurada ? fiscales : null,
  };
}

type Api = Route.LoaderArgs['context']['api'];

/** The user's cards, the one whose oldest item waits longest first; the age is said here, on the server. */
async function tarjetas(api: Api) {
  const conteos = orFallback(await api.call(pendientes, {}), { tarjetas: [] }).tarjetas;
  const now = new Date();
  return ordenarPorAntiguedad(conteos).flatMap((c) => {
    const tarjeta = TARJETAS_PENDIENTES.find((t) => t.id === c.id);
    return tarjeta ? [{ id: c.id, title: tarjeta.title, href: tarjeta.href, total: c.total, edad: lineaDeEdad(tarjeta, c, now) }] : [];
  });
}

type ActionResult = { ok?: string; notaNumber?: string; message?: string; errors?: Record<string, string[]>; id?: number };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = Number(form.get('id'));
  if (form.get('intent') === 'rechazar') {
    const response = await context.api.call(
      rechazarRetenida,
      formInput(rechazarRetenida, { id, motivo: String(form.get('motivo') ?? '') }),
    );
    if (!response.body.success) return data<ActionResult>({ ...formErrors(response), id }, { status: response.status });
    return data<ActionResult>({ ok: `Venta retenida N° ${id} rechazada: sus unidades volvieron a la tienda.`, id });
  }
  const response = await context.api.call(aprobarRetenida, formInput(aprobarRetenida, { id }));
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), id }, { status: response.status });
  const { documento } = response.body.data;
  return data<ActionResult>({
    ok: `Venta aprobada: nota de entrega ${documento.number} por ${formatUsd(toCents(documento.total))}.`,
    notaNumber: documento.number,
    id,
  });
}

const STATUS_COLORS = { pendiente: 'orange', aprobada: 'green', rechazada: 'red' } as const;

function Retenidas({ retenidas, decide }: { retenidas: VentaRetenida[]; decide: boolean }) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <Stack gap="sm" data-testid="ventas-retenidas" id="ventas-retenidas">
      <Title order={2} size="h3">
        {decide ? 'Ventas a crédito por autorizar' : 'Mis ventas enviadas a autorización'}
      </Title>
      {result?.ok && (
        <Alert color="green" data-testid="retenida-resultado">
          {result.ok}{' '}
          {result.notaNumber && (
            <Link to={`/dashboard/cuentas/por-cobrar/${result.notaNumber}`} data-testid="retenida-nota">
              Ver la nota
            </Link>
          )}
        </Alert>
      )}
      {retenidas.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="retenidas-vacio">
          {decide ? 'Ninguna venta espera autorización.' : 'No tiene ventas enviadas a autorización.'}
        </Text>
      )}
      {retenidas.map((r) => {
        const mine = result?.id === r.id ? result : undefined;
        return (
          <Card key={r.id} withBorder padding="sm" data-testid={`retenida-${r.id}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700} truncate>
                  {r.cliente.name}
                </Text>
                <Badge color={STATUS_COLORS[r.status]} variant="light" data-estado={r.status}>
                  {RETENIDA_STATUS_LABELS[r.status]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                N° {r.id} · {r.cliente.dni} · {r.tienda.name} · {formatDateTime(r.createdAt)}
                {r.seller ? ` · vendió ${r.seller}` : ''}
              </Text>
              <Text size="sm" data-testid={`retenida-total-${r.id}`}>
                Total {formatUsd(toCents(r.total))} · pide límite {formatUsd(toCents(r.requestedLimit))} a {r.requestedDays} días
              </Text>
              <Text size="xs" c="dimmed">
                Hoy: límite {formatUsd(toCents(r.cliente.creditLimit))} · debe {formatUsd(toCents(r.cliente.owed))} ·{' '}
                {r.lines.map((l) => `${l.quantity} × ${l.articleCode}`).join(', ')}
                {r.note ? ` · ${r.note}` : ''}
              </Text>
              {r.status === 'rechazada' && (
                <Text size="sm" c="red" data-testid={`retenida-motivo-${r.id}`}>
                  Motivo: {r.reason}
                </Text>
              )}
              {r.ventaNumber && (
                <Text size="sm">
                  Nota de entrega <Link to={`/dashboard/cuentas/por-cobrar/${r.ventaNumber}`}>{r.ventaNumber}</Link>
                </Text>
              )}
              {mine?.message && (
                <Alert color="red" py={4}>
                  {mine.message}
                </Alert>
              )}
              {decide && r.status === 'pendiente' && (
                <Group align="end" gap="xs" wrap="wrap">
                  <Form method="post">
                    <input type="hidden" name="intent" value="aprobar" />
                    <input type="hidden" name="id" value={r.id} />
                    <Button type="submit" color="green" loading={busy} data-testid={`aprobar-retenida-${r.id}`}>
                      Aprobar
                    </Button>
                  </Form>
                  <Form method="post" style={{ flex: '1 1 14rem' }}>
                    <input type="hidden" name="intent" value="rechazar" />
                    <input type="hidden" name="id" value={r.id} />
                    <Group align="end" gap="xs" wrap="nowrap">
                      <TextInput
                        label="Motivo del rechazo"
                        name="motivo"
                        required
                        minLength={5}
                        maxLength={300}
                        error={mine?.errors?.motivo?.[0]}
                        style={{ flex: 1 }}
                        data-testid={`motivo-retenida-${r.id}`}
                      />
                      <Button type="submit" color="red" variant="light" loading={busy} data-testid={`rechazar-retenida-${r.id}`}>
                        Rechazar
                      </Button>
                    </Group>
                  </Form>
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Panel');
}

type PorEmitir = NonNullable<Route.ComponentProps['loaderData']['porEmitir']>;

/** Facturas the imprenta digital has not numbered yet: they are not fiscal invoices until it does. */
function PorEmitir({ data: { total, documentos } }: { data: PorEmitir }) {
  if (total === 0) return null;
  return (
    <Alert
      color="yellow"
      title={`${total} ${total === 1 ? 'factura espera' : 'facturas esperan'} su número de control`}
      id="por-emitir"
      data-testid="por-emitir"
    >
      <Stack gap={4}>
        <Text size="sm">
          La imprenta digital todavía no les asignó número de control: se reintenta sola y, hasta entonces, no se envían al comprador.
        </Text>
        {documentos.slice(0, 10).map((d) => (
          <Text size="sm" key={d.numero} data-testid={`por-emitir-${d.numero}`}>
            <Link to={`/dashboard/venta/documento/${d.numero}`}>{d.numero}</Link> · desde {formatDateTime(d.createdAt)} · {d.intentos}{' '}
            {d.intentos === 1 ? 'intento' : 'intentos'}
            {d.ultimoError ? ` · ${d.ultimoError}` : ''}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

type Pendiente = Route.ComponentProps['loaderData']['pendientes'][number];

/**
 * The live notices of orders (a new order, a payment reported: decision 0005) reload the counts
 * without reloading the page; the browser reconnects on its own.
 */
function useConteosEnVivo(activo: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!activo || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/orden-compra/eventos');
    const refresh = () => void revalidate();
    source.addEventListener('orden-registrada', refresh);
    source.addEventListener('pago-reportado', refresh);
    return () => source.close();
  }, [activo, revalidate]);
}

/** What waits: one card per kind of work, each a link to the list of exactly those items. */
function Pendientes({ tarjetas }: { tarjetas: Pendiente[] }) {
  return (
    <section aria-labelledby="pendientes-titulo" data-testid="pendientes">
      <Title order={2} size="h4" id="pendientes-titulo" mb="xs">
        Lo que le espera
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs">
        {tarjetas.map((t) => (
          <Card
            key={t.id}
            component={Link}
            to={t.href}
            withBorder
            padding="sm"
            style={{ minWidth: 0 }}
            data-testid={`pendiente-${t.id}`}
            data-total={t.total}
          >
            <Text size="sm" fw={600} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
              {t.title}
            </Text>
            <Text fw={700} fz={28} lh={1.2} c={t.total > 0 ? 'pink.7' : 'dimmed'} data-testid={`pendiente-${t.id}-total`}>
              {t.total.toLocaleString('es-VE')}
            </Text>
            <Text
              size="xs"
              // Small text on white: gray.7 and teal.9 pass WCAG's 4.5:1 (dimmed and green.8 did not).
              c={t.total > 0 ? 'gray.7' : 'teal.9'}
              style={{ overflowWrap: 'anywhere' }}
              data-testid={`pendiente-${t.id}-edad`}
            >
              {t.edad}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

export default function DashboardInicio({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('dashboard/layout');
  const user = layout?.user;
  const sections = (layout?.menu ?? []).flatMap((entry) => (entry.items ? entry.items.map((i) => ({ ...i, group: entry.title })) : []));
  useConteosEnVivo(loaderData.pendientes.length > 0);
  return (
    <Stack gap="lg">
      {loaderData.mensaje && (
        <Alert color={loaderData.mensaje.color} data-testid="mensaje-panel">
          {loaderData.mensaje.text}
        </Alert>
      )}
      <Title order={1} size="h3">
        Hola, {user?.nickname}
      </Title>
      {loaderData.pendientes.length > 0 && <Pendientes tarjetas={loaderData.pendientes} />}
      {loaderData.porEmitir && <PorEmitir data={loaderData.porEmitir} />}
      {(loaderData.decide || loaderData.retenidas.length > 0) && <Retenidas retenidas={loaderData.retenidas} decide={loaderData.decide} />}
      <Text c="dimmed" size="sm">
        {user && user.roles.length > 0 ? `Roles: ${user.roles.map((r) => ROLE_LABELS[r]).join(', ')}` : 'Cuenta de cliente'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {sections.map((s) => (
          <Card key={s.route} component={Link} to={s.route ?? '/dashboard'} withBorder padding="md">
            <Text size="xs" c="dimmed">
              {s.group}
            </Text>
            <Text fw={600}>{s.title}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
