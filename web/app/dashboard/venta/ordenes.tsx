// /dashboard/venta (staff): purchase orders, 15 a page, with search, step chips, advanced
// filters, and live notices of new orders and reported payments.
import { Alert, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import type { ApiResponse, ListMeta } from '../../../../domain/contracts/api-client.ts';
import { caracasIsoDate } from '../../../../domain/dates.ts';
import { ORDER_STEP_LABELS, ORDER_STEPS } from '../../../../domain/order-steps.ts';
import { hasAnyRole, PROFIT_EXPORT_ROLES, ROLES } from '../../../../domain/roles.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS } from '../../../../domain/store-constants.ts';
import { Paginacion } from '../../components/paginacion.tsx';
import { unwrapList } from '../../lib/api.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireRole } from '../../lib/session.ts';
import type { Route } from './+types/ordenes';
import { OrdenesLista, type OrdenFila } from './orden-vista.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const page = Number(params.get('page'));
  const step = params.get('paso') ?? '';
  const method = params.get('metodo') ?? '';
  const from = params.get('desde') ?? '';
  const to = params.get('hasta') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  // Only well-formed filters reach the API; anything else is ignored rather than an error page.
  const filters = {
    search,
    paso: (ORDER_STEPS as readonly string[]).includes(step) ? step : '',
    metodo: (PAYMENT_METHOD_IDS as readonly string[]).includes(method) ? method : '',
    desde: DATE.test(from) ? from : '',
    hasta: DATE.test(to) ? to : '',
  };
  const response = await context.api.post<OrdenFila[]>('orden-compra/buscar-ordenes-compras', {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.paso ? { filter: filters.paso } : {}),
    filter_advance: {
      ...(filters.metodo ? { payment_method: filters.metodo } : {}),
      ...(filters.desde ? { date_from: filters.desde } : {}),
      ...(filters.hasta ? { date_to: filters.hasta } : {}),
    },
  });
  const { items, meta } = unwrapList(response);
  const steps = (response.body as ApiResponse<unknown>['body'] & { steps?: Record<string, number> }).steps ?? {};
  // The export form starts on this month so far (Caracas days); computed here so the server and
  // the browser render the same dates.
  const today = caracasIsoDate(new Date());
  const exportar = hasAnyRole(user.roles, PROFIT_EXPORT_ROLES) ? { from: `${today.slice(0, 8)}01`, to: today } : null;
  return { orders: items, meta: meta as ListMeta, steps, filters, exportar };
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

export default function Ordenes({ loaderData }: Route.ComponentProps) {
  const { orders, meta, steps, filters, exportar } = loaderData;
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
        <Button
          variant={nuevos > 0 ? 'filled' : 'light'}
          onClick={actualizar}
          loading={revalidator.state === 'loading'}
          data-testid="actualizar-lista"
        >
          {nuevos > 0 ? `Actualizar (${nuevos} ${nuevos === 1 ? 'aviso' : 'avisos'})` : 'Actualizar'}
        </Button>
      </Group>

      <Card withBorder padding="md">
        <Form method="get">
          {filters.paso && <input type="hidden" name="paso" value={filters.paso} />}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
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
        <PasoChip to={hrefWith({ paso: '' })} active={!filters.paso} label="Todas" count={totalAll} />
        {ORDER_STEPS.map((step) => (
          <PasoChip
            key={step}
            to={hrefWith({ paso: step })}
            active={filters.paso === step}
            label={ORDER_STEP_LABELS[step]}
            count={steps[step] ?? 0}
            testId={`paso-${step}`}
          />
        ))}
      </Group>

      {orders.length === 0 ? (
        <Alert color="gray">No hay órdenes de compra con estos filtros.</Alert>
      ) : (
        <OrdenesLista items={orders} hrefFor={(code) => `/dashboard/venta/${code}`} />
      )}
      {orders.length === 0 && filters.paso === '' && filters.search === '' && (
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

function PasoChip({ to, active, label, count, testId }: { to: string; active: boolean; label: string; count: number; testId?: string }) {
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
        <Badge size="xs" variant={active ? 'white' : 'light'} color={active ? 'pink' : 'gray'} circle={count < 10}>
          {count}
        </Badge>
      }
    >
      {label}
    </Button>
  );
}
