// /dashboard/venta (staff): purchase orders, 15 a page, with search, step chips, advanced
// filters, and live notices of new orders and reported payments.
import { Alert, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { data, Form, Link, useNavigation, useRevalidator } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { anularImpagas, buscarOrdenes, ORDER_ORIGIN_LABELS, ORDER_ORIGINS, ORDER_REFUND_FILTERS } from '#domain/contracts/orden-compra.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { ORDER_STEP_LABELS, ORDER_STEPS } from '#domain/order-steps.ts';
import { hasAnyRole, PROFIT_EXPORT_ROLES, ROLES } from '#domain/roles.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS } from '#domain/store-constants.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/ordenes';
import { ConfirmarAnulacion, OrdenesLista } from './orden-vista.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const page = Number(params.get('page'));
  const step = params.get('paso') ?? '';
  const method = params.get('metodo') ?? '';
  const origen = params.get('origen') ?? '';
  const from = params.get('desde') ?? '';
  const to = params.get('hasta') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  // Only well-formed filters reach the API; anything else is ignored rather than an error page.
  const filters = {
    search,
    paso: (ORDER_STEPS as readonly string[]).includes(step) ? step : '',
    metodo: (PAYMENT_METHOD_IDS as readonly string[]).includes(method) ? method : '',
    origen: (ORDER_ORIGINS as readonly string[]).includes(origen) ? origen : '',
    desde: DATE.test(from) ? from : '',
    hasta: DATE.test(to) ? to : '',
    // reembolso=por-revisar: the orders with an online refund to review (the home's card leads here).
    reembolso: params.get('reembolso') === 'por-revisar' ? 'por-revisar' : '',
  };
  const response = await context.api.call(buscarOrdenes, {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    search: filters.search || undefined,
    filter: ORDER_STEPS.find((s) => s === filters.paso),
    filter_advance: {
      payment_method: PAYMENT_METHOD_IDS.find((m) => m === filters.metodo),
      origen: ORDER_ORIGINS.find((o) => o === filters.origen),
      date_from: filters.desde || undefined,
      date_to: filters.hasta || undefined,
      reembolso: ORDER_REFUND_FILTERS.find((r) => r === filters.reembolso),
    },
  });
  const { items, meta } = unwrapList(response);
  const steps = response.body.success ? response.body.steps : {};
  // Steps with more than 1.000 matching orders are counted up to 1.000 (decision 0031).
  const stepsOver = response.body.success ? response.body.steps_are_estimates : [];
  // The export form starts on this month so far (Caracas days); computed here so the server and
  // the browser render the same dates.
  const today = caracasIsoDate(new Date());
  const exportar = hasAnyRole(user.roles, PROFIT_EXPORT_ROLES) ? { from: `${today.slice(0, 8)}01`, to: today } : null;
  // Orders awaiting payment (an attack of unpaid orders or of made-up references, say) are released
  // in bulk from the pending and the payment-to-confirm lists.
  const anularImpagas = AWAITING_PAYMENT.includes(filters.paso) && hasAnyRole(user.roles, ANULAR_ROLES);
  // Staff who sell at the counter start a sale from here (Nueva venta).
  const vende = hasAnyRole(user.roles, ['admin', 'vendedor-admin']);
  return { orders: items, meta: meta as ListMeta, steps, stepsOver, filters, exportar, anularImpagas, vende };
}

const ANULAR_ROLES = ['admin', 'administracion'] as const;
const AWAITING_PAYMENT: readonly string[] = ['pendiente', 'pago-por-confirmar'];
const ANULAR_FORM = 'anular-impagas';

type AnularResult = { ok?: string; omitidas?: { code: string; motivo: string }[]; message?: string };

/** Cancels the chosen pending orders and gives their units back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const codes = form.getAll('code').map(String);
  if (codes.length === 0) return data<AnularResult>({ message: 'Elija al menos una orden que espere su pago.' }, { status: 400 });
  const response = await context.api.call(anularImpagas, { codes, note: String(form.get('note') ?? '').trim() });
  if (!response.body.success) return data<AnularResult>({ message: formErrors(response).message }, { status: response.status });
  const { anuladas, omitidas } = response.body.data;
  const ok =
    anuladas.length === 0
      ? undefined
      : `${anuladas.length === 1 ? 'Se anuló 1 orden' : `Se anularon ${anuladas.length} órdenes`} y su existencia quedó libre: ${anuladas.join(', ')}.`;
  return { ok, omitidas } as AnularResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Órdenes de compra');
}

type Aviso = { type: 'orden-registrada' | 'pago-reportado'; code: string; total: string };

/** Live notices from GET /api/orden-compra/eventos; the browser reconnects on its own. */
function useAvisosDeOrdenes(onAviso: (aviso: Aviso) => void) {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/orden-compra/eventos');
    const handle = (event: MessageEvent<string>) => {
      try {
        onAviso(JSON.parse(event.data) as Aviso);
      } catch {
        // A malformed frame is skipped.
      }
    };
    source.addEventListener('orden-registrada', handle);
    source.addEventListener('pago-reportado', handle);
    return () => source.close();
  }, [onAviso]);
}

export default function Ordenes({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, meta, steps, stepsOver, filters, exportar, anularImpagas, vende } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [nuevos, setNuevos] = useState(0);
  const [onAviso] = useState(() => (aviso: Aviso) => {
    setNuevos((n) => n + 1);
    notifications.show({
      color: aviso.type === 'orden-registrada' ? 'green' : 'orange',
      title: aviso.type === 'orden-registrada' ? 'Nueva orden' : 'Pago reportado',
      message: aviso.type === 'orden-registrada' ? `Nueva orden ${aviso.code}` : `Pago reportado en ${aviso.code}`,
    });
  });
  useAvisosDeOrdenes(onAviso);
  const actualizar = () => {
    setNuevos(0);
    void revalidator.revalidate();
  };

  const hrefWith = (changes: Record<string, string>) => {
    const params = new URLSearchParams();
    const merged = { ...filters, ...changes };
    for (const [key, value] of Object.entries(merged)) if (value) params.set(key, value);
    const qs = params.toString();
    return `/dashboard/venta${qs ? `?${qs}` : ''}`;
  };
  const totalAll = Object.values(steps).reduce((a, b) => a + b, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Órdenes de compra</Title>
        <Group gap="xs">
          {vende && (
            <Button component={Link} to="/dashboard/venta/nueva" data-testid="nueva-venta">
              Nueva venta
            </Button>
          )}
          <Button
            variant={nuevos > 0 ? 'filled' : 'light'}
            onClick={actualizar}
            loading={revalidator.state === 'loading'}
            data-testid="actualizar-lista"
          >
            {nuevos > 0 ? `Actualizar (${nuevos} ${nuevos === 1 ? 'aviso' : 'avisos'})` : 'Actualizar'}
          </Button>
        </Group>
      </Group>

      {filters.reembolso && (
        <Alert color="orange" variant="light" data-testid="filtro-reembolso">
          Solo las órdenes con un reembolso por revisar en el panel del proveedor. <Link to={hrefWith({ reembolso: '' })}>Ver todas</Link>
        </Alert>
      )}
      <Card withBorder padding="md">
        <Form method="get">
          {filters.paso && <input type="hidden" name="paso" value={filters.paso} />}
          {filters.reembolso && <input type="hidden" name="reembolso" value={filters.reembolso} />}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            <TextInput
              label="Buscar"
              name="search"
              placeholder="Código, nombre, cédula o correo"
              defaultValue={filters.search}
              data-testid="buscar-ordenes"
            />
            <NativeSelect
              label="Método de pago"
              name="metodo"
              defaultValue={filters.metodo}
              data={[{ value: '', label: 'Todos' }, ...PAYMENT_METHOD_IDS.map((id) => ({ value: id, label: PAYMENT_METHODS[id].label }))]}
              data-testid="filtro-metodo"
            />
            <NativeSelect
              label="Pedido por"
              name="origen"
              defaultValue={filters.origen}
              data={[{ value: '', label: 'Todos' }, ...ORDER_ORIGINS.map((id) => ({ value: id, label: ORDER_ORIGIN_LABELS[id] }))]}
              data-testid="filtro-origen"
            />
            <TextInput label="Desde" name="desde" type="date" defaultValue={filters.desde} data-testid="filtro-desde" />
            <TextInput label="Hasta" name="hasta" type="date" defaultValue={filters.hasta} data-testid="filtro-hasta" />
          </SimpleGrid>
          <Group mt="md" gap="sm">
            <Button type="submit" data-testid="filtrar-ordenes">
              Filtrar
            </Button>
            <Button component={Link} to="/dashboard/venta" variant="subtle">
              Limpiar
            </Button>
          </Group>
        </Form>
      </Card>

      <Group gap="xs" wrap="wrap" aria-label="Filtrar por paso" data-testid="filtro-pasos">
        <PasoChip to={hrefWith({ paso: '' })} active={!filters.paso} label="Todas" count={totalAll} over={stepsOver.length > 0} />
        {ORDER_STEPS.map((step) => (
          <PasoChip
            key={step}
            to={hrefWith({ paso: step })}
            active={filters.paso === step}
            label={ORDER_STEP_LABELS[step]}
            count={steps[step] ?? 0}
            over={stepsOver.includes(step)}
            testId={`paso-${step}`}
          />
        ))}
      </Group>

      {actionData?.ok && navigation.state === 'idle' && (
        <Alert color="green" role="status" data-testid="anular-impagas-resultado">
          {actionData.ok}
        </Alert>
      )}
      {(actionData?.message || (actionData?.omitidas?.length ?? 0) > 0) && (
        <Alert color="red" role="alert" data-testid="anular-impagas-error">
          {actionData?.message}
          {actionData?.omitidas?.map((o) => (
            <Text key={o.code} size="sm">
              {o.code}: {o.motivo}
            </Text>
          ))}
        </Alert>
      )}
      {anularImpagas && orders.length > 0 && <AnularImpagas />}
      {orders.length === 0 ? (
        <Alert color="gray">No hay órdenes de compra con estos filtros.</Alert>
      ) : (
        <OrdenesLista
          items={orders}
          hrefFor={(code) => `/dashboard/venta/${code}`}
          seleccion={anularImpagas ? { form: ANULAR_FORM, puede: (o) => AWAITING_PAYMENT.includes(o.step) } : undefined}
        />
      )}
      {orders.length === 0 && filters.paso === '' && filters.search === '' && filters.reembolso === '' && (
        <Text size="sm" c="dimmed">
          Las órdenes nuevas aparecerán aquí al registrarse en la tienda.
        </Text>
      )}
      <Paginacion meta={meta} label="órdenes" />

      {exportar && <ExportarProfit from={exportar.from} to={exportar.to} />}
    </Stack>
  );
}

/**
 * Cancels the orders ticked in the list (their checkboxes belong to this form through its id) after
 * a confirmation, releasing the units they hold.
 */
function AnularImpagas() {
  const [abierto, confirmar] = useDisclosure(false);
  return (
    <Card withBorder padding="sm" data-testid="anular-impagas">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Marque las órdenes sin pago confirmado que quiera anular: su existencia vuelve a estar a la venta. El comprador recibe un correo.
        </Text>
        <Button color="red" variant="outline" onClick={confirmar.open} data-testid="anular-impagas-abrir">
          Anular y liberar existencia
        </Button>
      </Group>
      <ConfirmarAnulacion
        opened={abierto}
        onClose={confirmar.close}
        title="¿Anular las órdenes marcadas?"
        text="Las órdenes marcadas que sigan esperando su pago pasarán a «Anulada», sus pagos sin confirmar quedarán rechazados y sus artículos volverán a estar disponibles."
        formId={ANULAR_FORM}
        testIds={{ note: 'anular-impagas-nota', confirm: 'anular-impagas-confirmar' }}
      />
    </Card>
  );
}

/**
 * The CSV of confirmed web sales for Profit. A plain GET form to the API (not a router <Form>):
 * the browser sends the session cookie and saves the attachment, with or without JavaScript.
 */
function ExportarProfit({ from, to }: { from: string; to: string }) {
  const [error, setError] = useState('');
  const validar = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    if (String(form.get('date_from')) > String(form.get('date_to'))) {
      event.preventDefault();
      setError('La fecha final no puede ser anterior a la inicial');
    } else setError('');
  };
  return (
    <Card withBorder padding="md" data-testid="exportar-profit">
      <Title order={2} size="h4">
        Exportar ventas para Profit
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Ventas web con pago confirmado (sin anuladas), una fila por artículo, entre las dos fechas (hora de Caracas).
      </Text>
      <form method="get" action="/api/orden-compra/sync-venta-web-profit" onSubmit={validar}>
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput label="Desde" name="date_from" type="date" required defaultValue={from} data-testid="exportar-desde" />
          <TextInput label="Hasta" name="date_to" type="date" required defaultValue={to} data-testid="exportar-hasta" />
          <Button type="submit" variant="light" data-testid="exportar-csv">
            Descargar CSV para Profit
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red" mt="xs" role="alert" data-testid="exportar-error">
            {error}
          </Text>
        )}
      </form>
    </Card>
  );
}

/** over: the count stopped at its bound, so there are more («más de 1.000», «+1.000» on the chip). */
function PasoChip({
  to,
  active,
  label,
  count,
  over = false,
  testId,
}: {
  to: string;
  active: boolean;
  label: string;
  count: number;
  over?: boolean;
  testId?: string;
}) {
  return (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      radius="xl"
      variant={active ? 'filled' : 'light'}
      color={active ? 'pink' : 'gray'}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
      rightSection={
        <Badge
          size="xs"
          variant={active ? 'white' : 'light'}
          color={active ? 'pink' : 'gray'}
          circle={!over && count < 10}
          title={over ? `más de ${count.toLocaleString('es-VE')}` : undefined}
        >
          {over ? `+${count.toLocaleString('es-VE')}` : count}
        </Badge>
      }
    >
      {label}
    </Button>
  );
}
