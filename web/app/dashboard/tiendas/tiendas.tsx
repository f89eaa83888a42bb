// /dashboard/tiendas (admin, inventario): stores and warehouses; add one, edit one (?editar=<id>),
// activate or deactivate it, and go to its stock movements.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import {
  actualizarTienda,
  registrarTienda,
  STORE_FILTERS,
  STORE_KIND_LABELS,
  STORE_KINDS,
  type Store,
  tiendas,
} from '#domain/contracts/almacen.ts';
import { VENEZUELAN_STATES } from '#domain/venezuela.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoTelefono } from '#web/components/campo-identidad.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { formInput, unwrapList } from '#web/lib/api.ts';
import { useHrefWith } from '#web/lib/enlace-con.ts';
import { useClaveTrasExito } from '#web/lib/formulario.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/tiendas';

const ROLES = ['admin', 'inventario'] as const;

const FILTER_LABELS: Record<(typeof STORE_FILTERS)[number], string> = {
  activas: 'Activas',
  inactivas: 'Inactivas',
  tiendas: 'Solo tiendas',
  almacenes: 'Solo almacenes',
  web: 'Venden en la web',
  'no-web': 'No venden en la web',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const url = new URL(request.url);
  const page = url.searchParams.get('page') ?? '1';
  const filter = STORE_FILTERS.find((f) => f === url.searchParams.get('filter'));
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 100);
  const list = unwrapList(
    await context.api.call(tiendas, { page: /^\d{1,6}$/.test(page) ? page : '1', filter, search: search || undefined }),
  );
  const editId = Number(url.searchParams.get('editar'));
  return { stores: list.items, meta: list.meta, filter: filter ?? '', search, editing: list.items.find((s) => s.id === editId) ?? null };
}

function storeFromForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    code: text('code'),
    name: text('name'),
    kind: text('kind'),
    state: text('state'),
    city: text('city'),
    address: text('address'),
    phone: text('phone'),
    hours: text('hours'),
    mapUrl: text('mapUrl'),
    ships: form.get('ships') === 'on',
    sellsWeb: form.get('sellsWeb') === 'on',
    active: form.get('active') === 'on',
  };
}

type ActionResult = FormErrors & { saved: string | null; intent: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  const response =
    intent === 'crear'
      ? await context.api.call(registrarTienda, formInput(registrarTienda, storeFromForm(form)))
      : intent === 'editar'
        ? await context.api.call(actualizarTienda, formInput(actualizarTienda, { id, ...storeFromForm(form) }))
        : await context.api.call(actualizarTienda, formInput(actualizarTienda, { id, active: form.get('active') === 'true' }));
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), saved: null, intent }, { status: response.status });
  const store = response.body.data;
  const saved =
    intent === 'crear'
      ? `${store.name} quedó registrada.`
      : intent === 'editar'
        ? `${store.name} quedó actualizada.`
        : store.active
          ? `${store.name} quedó activa.`
          : `${store.name} quedó inactiva: ya no vende ni recibe mercancía.`;
  return { saved, intent, message: undefined, errors: undefined } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Tiendas y almacenes');
}

const STATE_OPTIONS = [{ value: '', label: 'Elija un estado' }, ...VENEZUELAN_STATES.map((s) => ({ value: s.name, label: s.name }))];
const KIND_OPTIONS = STORE_KINDS.map((k) => ({ value: k, label: STORE_KIND_LABELS[k] }));

function StoreForm({ store, result, busy }: { store: Store | null; result: ActionResult | undefined; busy: boolean }) {
  const clave = useClaveTrasExito(result, 'crear');
  const hrefWith = useHrefWith();
  const errors = result && result.intent === (store ? 'editar' : 'crear') ? result : undefined;
  const error = (field: string) => fieldError(errors, field);
  return (
    <Form method="post" key={store ? `editar-${store.id}` : `crear-${clave}`} data-testid="form-tienda">
      <input type="hidden" name="intent" value={store ? 'editar' : 'crear'} />
      {store && <input type="hidden" name="id" value={store.id} />}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <TextInput label="Código" name="code" required maxLength={10} placeholder="CCS" defaultValue={store?.code} error={error('code')} />
        <TextInput label="Nombre" name="name" required defaultValue={store?.name} error={error('name')} />
        <NativeSelect label="Tipo" name="kind" data={KIND_OPTIONS} defaultValue={store?.kind ?? 'tienda'} error={error('kind')} />
        <NativeSelect label="Estado" name="state" data={STATE_OPTIONS} defaultValue={store?.state ?? ''} error={error('state')} />
        <TextInput label="Ciudad" name="city" required defaultValue={store?.city} error={error('city')} />
        <TextInput label="Dirección" name="address" required defaultValue={store?.address} error={error('address')} />
        <CampoTelefono label="Teléfono" name="phone" placeholder="0212-555-0142" defaultValue={store?.phone} error={error('phone')} />
        <TextInput
          label="Horario"
          name="hours"
          placeholder="Lunes a sábado, 10:00 a 20:00"
          defaultValue={store?.hours}
          error={error('hours')}
        />
        <TextInput
          label="Enlace del mapa"
          name="mapUrl"
          type="url"
          placeholder="https://maps.app.goo.gl/…"
          description="Dirección https:// de Google Maps u otro mapa."
          defaultValue={store?.mapUrl}
          error={error('mapUrl')}
        />
      </SimpleGrid>
      <Group mt="md" gap="lg">
        <Checkbox name="ships" label="Despacha pedidos" defaultChecked={store?.ships ?? true} />
        <Checkbox
          name="sellsWeb"
          label="Vende en la web"
          description="Sin marcar, su existencia no se ofrece en la tienda en línea."
          defaultChecked={store?.sellsWeb ?? true}
        />
        <Checkbox name="active" label="Activa" defaultChecked={store?.active ?? true} />
      </Group>
      <Group mt="md" justify="end">
        {store && (
          <Button component={Link} to={hrefWith({ editar: null })} variant="default">
            Cancelar
          </Button>
        )}
        <Button type="submit" loading={busy}>
          {store ? 'Guardar cambios' : 'Registrar'}
        </Button>
      </Group>
    </Form>
  );
}

function Flags({ store }: { store: Store }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={store.kind === 'almacen' ? 'grape' : 'blue'} variant="light">
        {STORE_KIND_LABELS[store.kind]}
      </Badge>
      {store.active ? <Badge color="green">Activa</Badge> : <Badge color="gray">Inactiva</Badge>}
      {store.sellsWeb ? (
        <Badge variant="outline">Vende en la web</Badge>
      ) : (
        <Badge color="orange" variant="outline">
          No vende en la web
        </Badge>
      )}
      {store.ships && <Badge variant="dot">Despacha</Badge>}
    </Group>
  );
}

function Actions({ store }: { store: Store }) {
  const hrefWith = useHrefWith();
  return (
    <Group gap="xs" wrap="wrap" justify="end">
      <Button component={Link} to={hrefWith({ editar: store.id })} size="compact-sm" variant="subtle" aria-label={`Editar ${store.name}`}>
        Editar
      </Button>
      <Button
        component={Link}
        to={`/dashboard/tiendas/movimientos?tienda=${store.id}`}
        size="compact-sm"
        variant="subtle"
        aria-label={`Movimientos de ${store.name}`}
      >
        Movimientos
      </Button>
      <Form method="post">
        <input type="hidden" name="intent" value="estado" />
        <input type="hidden" name="id" value={store.id} />
        <input type="hidden" name="active" value={store.active ? 'false' : 'true'} />
        <Button type="submit" size="compact-sm" variant="light" color={store.active ? 'red' : 'green'}>
          {store.active ? 'Desactivar' : 'Activar'}
        </Button>
      </Form>
    </Group>
  );
}

export default function Tiendas({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const { editing, stores } = loaderData;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Tiendas y almacenes</Title>
        <Button component={Link} to="/dashboard/tiendas/movimientos" variant="light">
          Movimientos de existencia
        </Button>
      </Group>
      {result?.saved && (
        <Alert color="green" role="status" data-testid="tienda-guardada">
          {result.saved}
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {editing ? `Editar ${editing.name}` : 'Nueva tienda o almacén'}
        </Title>
        <StoreForm store={editing} result={result} busy={busy} />
      </Card>
      <Form method="get">
        <Group align="end" wrap="wrap">
          <NativeSelect
            label="Mostrar"
            name="filter"
            data={[{ value: '', label: 'Todas' }, ...STORE_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))]}
            defaultValue={loaderData.filter}
          />
          <TextInput label="Buscar" name="search" placeholder="Código, nombre, ciudad o estado" defaultValue={loaderData.search} />
          <Button type="submit" variant="light">
            Filtrar
          </Button>
        </Group>
      </Form>
      {stores.length === 0 ? (
        <Text c="dimmed">No hay tiendas con ese filtro.</Text>
      ) : (
        <>
          <Table striped withTableBorder visibleFrom="sm" data-testid="tabla-tiendas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Código</Table.Th>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Ubicación</Table.Th>
                <Table.Th>Contacto</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stores.map((s) => (
                <Table.Tr key={s.id} data-testid={`tienda-${s.code}`}>
                  <Table.Td fw={600}>{s.code}</Table.Td>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {s.city}, {s.state}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.address}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {s.phone || '—'}
                    </Text>
                    {s.mapUrl && (
                      <Anchor href={s.mapUrl} target="_blank" rel="noopener noreferrer" size="xs">
                        Ver en el mapa
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Flags store={s} />
                  </Table.Td>
                  <Table.Td>
                    <Actions store={s} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="sm" hiddenFrom="sm" data-testid="tarjetas-tiendas">
            {stores.map((s) => (
              <Card key={s.id} withBorder padding="sm" data-testid={`tarjeta-${s.code}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={700}>
                    {s.code} · {s.name}
                  </Text>
                </Group>
                <Text size="sm">
                  {s.city}, {s.state}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {s.address}
                  {s.phone ? ` · ${s.phone}` : ''}
                </Text>
                <Stack gap="xs" mt="xs">
                  <Flags store={s} />
                  <Actions store={s} />
                </Stack>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <Paginacion meta={loaderData.meta} label="tiendas" />
    </Stack>
  );
}
