// /dashboard/configurar/productos/cambio-masivo (admin, inventario): change the price, the
// promotion or the state of a selection of models (a línea, a sub-línea, a filter, or models picked
// in the list): first a preview, before → after per model, then apply it all at once.
import { Alert, Badge, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import { BULK_CHANGE_KINDS, BULK_CHANGE_LABELS } from '#domain/cambio-masivo.ts';
import { buscarLineas, type CambioMasivoResultado, cambioMasivo, opcionesProducto } from '#domain/contracts/configuracion.ts';
import { formatUsd, parseAmountInput, toCents } from '#domain/money.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { formInput, unwrap } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/cambio-masivo';
import {
  chosenModels,
  lineaOptions,
  PROMO_OPTIONS,
  type ProductFilters,
  productFilters,
  ROLES,
  STATE_OPTIONS,
  STOCK_OPTIONS,
  sublineaOptions,
} from './catalogo-vista.tsx';

const KIND_OPTIONS = BULK_CHANGE_KINDS.map((k) => ({ value: k, label: BULK_CHANGE_LABELS[k] }));
const NEEDS_PERCENT: readonly string[] = ['precio-porcentaje', 'promocion-porcentaje'];
const NEEDS_AMOUNT: readonly string[] = ['precio-monto', 'promocion-monto'];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const [lineas, opciones] = await allCritical(context.publicUrl, [
    context.api.call(buscarLineas, {}),
    context.api.call(opcionesProducto, {}),
  ]);
  return { lineas: unwrap(lineas), colores: unwrap(opciones).colores, filters: productFilters(params), models: chosenModels(params) };
}

type Cambio = { kind: string; percent: string; amount: string };
type ActionResult = FormErrors & {
  preview?: CambioMasivoResultado;
  applied?: CambioMasivoResultado;
  cambio?: Cambio;
  filters?: ProductFilters;
  todos?: boolean;
  models?: string[];
};

/** The selection and the change as the form sent them: what the API needs, in its types. */
function bodyOf(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const id = (name: string) => (text(name) === '' ? undefined : Number(text(name)));
  const bool = (name: string) => (text(name) === '' ? undefined : text(name) === 'true');
  const models = form.getAll('modelo').map(String);
  const kind = text('kind');
  return {
    todos: form.get('todos') === 'on',
    search: text('search') || undefined,
    lineaId: id('lineaId'),
    sublineaId: id('sublineaId'),
    color: text('color') || undefined,
    activo: bool('activo'),
    existencia: text('existencia') || undefined,
    promocion: bool('promocion'),
    models: models.length > 0 ? models : undefined,
    kind,
    percent: NEEDS_PERCENT.includes(kind) ? text('percent') : undefined,
    amount: NEEDS_AMOUNT.includes(kind) ? parseAmountInput(text('amount')) : undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  const apply = form.get('intent') === 'aplicar';
  const body = bodyOf(form);
  const echo = {
    cambio: { kind: body.kind, percent: String(form.get('percent') ?? ''), amount: String(form.get('amount') ?? '') },
    filters: productFilters(new URLSearchParams([...form.entries()].filter(([, v]) => typeof v === 'string') as [string, string][])),
    todos: body.todos,
    models: body.models ?? [],
  };
  const response = await context.api.call(
    cambioMasivo,
    formInput(cambioMasivo, { ...body, aplicar: apply, huella: apply ? String(form.get('huella') ?? '') : undefined }),
  );
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), ...echo }, { status: response.status });
  const result = response.body.data;
  return (apply ? { applied: result, ...echo } : { preview: result, ...echo }) satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Cambio masivo de precios');
}

function Selection({
  filters,
  models,
  todos,
  lineas,
  colores,
}: {
  filters: ProductFilters;
  models: string[];
  todos: boolean;
  lineas: Route.ComponentProps['loaderData']['lineas'];
  colores: Route.ComponentProps['loaderData']['colores'];
}) {
  if (models.length > 0) {
    return (
      <>
        {models.map((m) => (
          <input key={m} type="hidden" name="modelo" value={m} />
        ))}
        <Text size="sm" data-testid="modelos-elegidos">
          {models.length === 1 ? '1 modelo elegido' : `${models.length} modelos elegidos`}: {models.slice(0, 12).join(', ')}
          {models.length > 12 ? '…' : ''}
        </Text>
        <Button component={Link} to="/dashboard/configurar/productos/cambio-masivo" size="compact-sm" variant="subtle" mt={4}>
          Elegir por filtros
        </Button>
      </>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <NativeSelect label="Línea" name="lineaId" data={lineaOptions(lineas, 'Todas')} defaultValue={filters.lineaId} />
      <NativeSelect label="Sub-línea" name="sublineaId" data={sublineaOptions(lineas, 'Todas')} defaultValue={filters.sublineaId} />
      <NativeSelect
        label="Color"
        name="color"
        data={[{ value: '', label: 'Todos' }, ...colores.map((c) => ({ value: c.code, label: c.name }))]}
        defaultValue={filters.color}
      />
      <TextInput label="Buscar" name="search" placeholder="Nombre, color o código" defaultValue={filters.search} />
      <NativeSelect label="Estado" name="activo" data={STATE_OPTIONS} defaultValue={filters.activo} />
      <NativeSelect label="Existencia" name="existencia" data={STOCK_OPTIONS} defaultValue={filters.existencia} />
      <NativeSelect label="Promoción" name="promocion" data={PROMO_OPTIONS} defaultValue={filters.promocion} />
      <Checkbox name="todos" label="Todo el catálogo" defaultChecked={todos} mt="lg" />
    </SimpleGrid>
  );
}

const money = (value: string) => formatUsd(toCents(value));

/** before → after, or the value alone when it stays. */
function Change({ before, after }: { before: string; after: string }) {
  if (before === after) return <span style={{ color: 'var(--mantine-color-dimmed)' }}>{money(before)}</span>;
  return (
    <>
      {money(before)} → <strong>{money(after)}</strong>
    </>
  );
}

function Preview({ result }: { result: CambioMasivoResultado }) {
  return (
    <>
      <Table striped withTableBorder visibleFrom="sm" data-testid="vista-previa">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Modelo</Table.Th>
            <Table.Th>Precio</Table.Th>
            <Table.Th>Promoción</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((r) => (
            <Table.Tr key={r.code} data-testid={`previa-${r.code}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {r.code}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Change before={r.before.price} after={r.after.price} />
              </Table.Td>
              <Table.Td>
                <Change before={r.before.promotion} after={r.after.promotion} />
                {r.capped && (
                  <Badge ml={6} color="yellow" variant="light">
                    ajustada al precio
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {r.before.active === r.after.active
                  ? r.after.active
                    ? 'Activo'
                    : 'Inactivo'
                  : r.after.active
                    ? 'Inactivo → Activo'
                    : 'Activo → Inactivo'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" hiddenFrom="sm" data-testid="tarjetas-previa">
        {result.rows.map((r) => (
          <Card key={r.code} withBorder padding="xs">
            <Text size="sm" fw={600}>
              {r.code} · {r.name}
            </Text>
            <Text size="sm">
              Precio: <Change before={r.before.price} after={r.after.price} />
            </Text>
            <Text size="sm">
              Promoción: <Change before={r.before.promotion} after={r.after.promotion} />
              {r.capped ? ' (ajustada al precio)' : ''}
            </Text>
            {r.before.active !== r.after.active && <Text size="sm">{r.after.active ? 'Inactivo → Activo' : 'Activo → Inactivo'}</Text>}
          </Card>
        ))}
      </Stack>
    </>
  );
}

export default function CambioMasivo({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const filters = result?.filters ?? loaderData.filters;
  const models = result?.models ?? loaderData.models;
  const cambio = result?.cambio ?? { kind: 'precio-porcentaje', percent: '', amount: '' };
  const error = (field: string) => fieldError(result, field);
  const preview = result?.preview;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Cambio masivo de precios</Title>
        <Button component={Link} to="/dashboard/configurar/productos" variant="subtle">
          Volver a productos
        </Button>
      </Group>
      {result?.applied && (
        <Alert color="green" role="status" data-testid="cambio-aplicado">
          Listo: {result.applied.changed === 1 ? 'cambió 1 modelo' : `cambiaron ${result.applied.changed} modelos`}. La tienda ya muestra
          los precios nuevos y cada cambio quedó en el historial de su modelo.
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" data-testid="error-cambio">
          {result.message}
        </Alert>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="vista-previa" />
        <Stack gap="md">
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              1. Qué modelos
            </Title>
            <Selection
              filters={filters}
              models={models}
              todos={result?.todos ?? false}
              lineas={loaderData.lineas}
              colores={loaderData.colores}
            />
            {error('todos') && (
              <Text c="red" size="sm" mt="xs">
                {error('todos')}
              </Text>
            )}
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              2. Qué cambio
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NativeSelect label="Cambio" name="kind" data={KIND_OPTIONS} defaultValue={cambio.kind} error={error('kind')} />
              <TextInput
                label="Porcentaje"
                name="percent"
                placeholder="-15"
                description="Para los cambios en porcentaje: -15 baja 15 %, 10 sube 10 %."
                defaultValue={cambio.percent}
                error={error('percent')}
              />
              <CampoMonto
                label="Monto (USD)"
                name="amount"
                placeholder="19,99"
                description="Para el precio fijo o la promoción fija."
                defaultValue={cambio.amount}
                error={error('amount')}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt="sm">
              Los montos se redondean al céntimo (mitad hacia arriba). Un precio nunca baja de cero y una promoción nunca pasa del precio.
            </Text>
          </Card>
          <Group justify="end">
            <Button type="submit" variant="light" loading={busy} data-testid="ver-vista-previa">
              Ver vista previa
            </Button>
          </Group>
        </Stack>
      </Form>
      {preview && (
        <Card withBorder padding="lg" data-testid="resultado-vista-previa">
          <Title order={2} size="h4" mb={4}>
            3. Vista previa
          </Title>
          <Text size="sm" mb="sm">
            {preview.total === 1 ? '1 modelo en la selección' : `${preview.total} modelos en la selección`};{' '}
            <strong>{preview.changed === 1 ? 'cambia 1' : `cambian ${preview.changed}`}</strong>
            {preview.capped > 0 ? `; a ${preview.capped} se les ajusta la promoción al precio` : ''}.
            {preview.total > preview.rows.length ? ` Se muestran los primeros ${preview.rows.length}.` : ''}
          </Text>
          <Preview result={preview} />
          {preview.changed > 0 && (
            <Form method="post">
              <input type="hidden" name="intent" value="aplicar" />
              <input type="hidden" name="huella" value={preview.huella} />
              {models.map((m) => (
                <input key={m} type="hidden" name="modelo" value={m} />
              ))}
              {models.length === 0 &&
                Object.entries(filters).map(([name, value]) =>
                  value ? <input key={name} type="hidden" name={name} value={value} /> : null,
                )}
              {models.length === 0 && result?.todos && <input type="hidden" name="todos" value="on" />}
              <input type="hidden" name="kind" value={cambio.kind} />
              <input type="hidden" name="percent" value={cambio.percent} />
              <input type="hidden" name="amount" value={cambio.amount} />
              <Group justify="end" mt="md">
                <Button type="submit" color="red" loading={busy} data-testid="aplicar-cambio">
                  Aplicar a {preview.changed === 1 ? '1 modelo' : `${preview.changed} modelos`}
                </Button>
              </Group>
            </Form>
          )}
        </Card>
      )}
    </Stack>
  );
}
