// /dashboard/configurar/productos/linea (admin, inventario): líneas and their sub-líneas — create,
// edit (?editar=linea-<id> or sublinea-<id>), move up or down, activate or deactivate, and the
// history of a línea (?historial=<id>).
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
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { data, Form, Link, useLocation, useNavigation } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import {
  actualizarLinea,
  actualizarSublinea,
  buscarLineas,
  historial,
  type LineaAdmin,
  PRENDAS,
  registrarLinea,
  registrarSublinea,
  type SublineaAdmin,
} from '#domain/contracts/configuracion.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { formInput, unwrap, unwrapList } from '#web/lib/api.ts';
import { useClaveTrasExito } from '#web/lib/formulario.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/lineas';
import { Historial, ROLES } from './catalogo-vista.tsx';

const PRENDA_OPTIONS = Object.entries(PRENDAS).map(([value, label]) => ({ value, label }));
const ID = /^\d{1,9}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const lineas = unwrap(await context.api.call(buscarLineas, {}));
  const historyId = ID.test(params.get('historial') ?? '') ? Number(params.get('historial')) : null;
  const historyOf = lineas.find((l) => l.id === historyId) ?? null;
  let history = null;
  if (historyOf) {
    const hpage = ID.test(params.get('hpage') ?? '') ? String(params.get('hpage')) : '1';
    const list = unwrapList(await context.api.call(historial, { lineaId: String(historyOf.id), page: hpage }));
    history = { linea: historyOf, items: list.items, meta: list.meta as ListMeta };
  }
  return { lineas, editing: params.get('editar') ?? '', newSubOf: Number(params.get('nueva-sublinea')) || null, history };
}

type ActionResult = FormErrors & { intent: string; target?: string; saved?: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const target = String(form.get('target') ?? '');
  const text = (name: string) => String(form.get(name) ?? '');
  const id = Number(form.get('id'));
  const answer = async (response: { status: number; body: { success: boolean } }, saved: string) => {
    if (!response.body.success) {
      return data<ActionResult>(
        { ...formErrors(response as Parameters<typeof formErrors>[0]), intent, target },
        { status: response.status },
      );
    }
    return { intent, target, saved } satisfies ActionResult;
  };
  switch (intent) {
    case 'crear-linea':
      return answer(
        await context.api.call(
          registrarLinea,
          formInput(registrarLinea, {
            code: text('code'),
            name: text('name'),
            description: text('description'),
            url: text('url'),
            garment: text('garment'),
            active: form.get('active') === 'on',
          }),
        ),
        'Línea creada.',
      );
    case 'editar-linea':
      return answer(
        await context.api.call(
          actualizarLinea,
          formInput(actualizarLinea, {
            id,
            name: text('name'),
            description: text('description'),
            url: text('url'),
            garment: text('garment'),
          }),
        ),
        'Línea guardada.',
      );
    case 'crear-sublinea':
      return answer(
        await context.api.call(
          registrarSublinea,
          formInput(registrarSublinea, {
            lineaId: id,
            code: text('code'),
            name: text('name'),
            url: text('url'),
            garment: text('garment'),
            active: form.get('active') === 'on',
          }),
        ),
        'Sub-línea creada.',
      );
    case 'editar-sublinea':
      return answer(
        await context.api.call(
          actualizarSublinea,
          formInput(actualizarSublinea, { id, name: text('name'), url: text('url'), garment: text('garment') }),
        ),
        'Sub-línea guardada.',
      );
    case 'estado-linea':
    case 'estado-sublinea': {
      const active = form.get('active') === 'true';
      const contract = intent === 'estado-linea' ? actualizarLinea : actualizarSublinea;
      const what = intent === 'estado-linea' ? 'La línea' : 'La sub-línea';
      return answer(
        await context.api.call(contract, { id, active }),
        active ? `${what} quedó activa.` : `${what} quedó inactiva: ya no se ve en la tienda.`,
      );
    }
    case 'mover-linea':
    case 'mover-sublinea': {
      const position = Number(form.get('position'));
      const contract = intent === 'mover-linea' ? actualizarLinea : actualizarSublinea;
      return answer(await context.api.call(contract, { id, position }), 'Orden guardado.');
    }
    default:
      return data<ActionResult>({ intent, message: 'Acción desconocida.' }, { status: 400 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Líneas y sub-líneas');
}

function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>, hash = '') => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}${hash}`;
  };
}

function Boton({
  intent,
  id,
  fields,
  children,
  label,
  color,
}: {
  intent: string;
  id: number;
  fields: Record<string, string>;
  children: ReactNode;
  label: string;
  color?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="compact-sm" variant="light" color={color} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}

function Conteo({ models }: { models: { total: number; active: number } }) {
  return (
    <Text size="xs" c="dimmed">
      {models.active} de {models.total} {models.total === 1 ? 'modelo activo' : 'modelos activos'}
    </Text>
  );
}

function LineaForm({ linea, result, busy }: { linea: LineaAdmin | null; result: ActionResult | undefined; busy: boolean }) {
  const intent = linea ? 'editar-linea' : 'crear-linea';
  const errors = result?.intent === intent ? result : undefined;
  const error = (field: string) => fieldError(errors, field);
  const clave = useClaveTrasExito(result, 'crear-linea');
  return (
    <Form method="post" key={linea ? `l-${linea.id}` : `nueva-${clave}`}>
      <input type="hidden" name="intent" value={intent} />
      {linea && <input type="hidden" name="id" value={linea.id} />}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {!linea && <TextInput label="Código" name="code" required placeholder="HOG" error={error('code')} />}
        <TextInput label="Nombre" name="name" required defaultValue={linea?.name} error={error('name')} />
        <TextInput
          label="Dirección"
          name="url"
          placeholder="se toma del nombre"
          description="Minúsculas, sin acentos, con guiones."
          defaultValue={linea?.url}
          error={error('url')}
        />
        <NativeSelect
          label="Dibujo de prenda"
          name="garment"
          data={PRENDA_OPTIONS}
          defaultValue={linea?.garment}
          error={error('garment')}
        />
      </SimpleGrid>
      <Textarea
        label="Descripción"
        name="description"
        mt="sm"
        autosize
        minRows={2}
        defaultValue={linea?.description}
        error={error('description')}
      />
      <Group justify="space-between" mt="sm">
        {!linea ? <Checkbox name="active" label="Activa" defaultChecked /> : <span />}
        <Button type="submit" loading={busy} size="sm">
          {linea ? 'Guardar línea' : 'Crear línea'}
        </Button>
      </Group>
    </Form>
  );
}

function SublineaForm({
  lineaId,
  sub,
  result,
  busy,
  cancel,
}: {
  lineaId: number;
  sub: SublineaAdmin | null;
  result: ActionResult | undefined;
  busy: boolean;
  cancel: string;
}) {
  const intent = sub ? 'editar-sublinea' : 'crear-sublinea';
  const errors = result?.intent === intent ? result : undefined;
  const error = (field: string) => fieldError(errors, field);
  const clave = useClaveTrasExito(result, 'crear-sublinea');
  return (
    <Form method="post" key={sub ? `s-${sub.id}` : `nueva-${lineaId}-${clave}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={sub ? sub.id : lineaId} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {!sub && <TextInput label="Código" name="code" required placeholder="BLU" error={error('code')} />}
        <TextInput label="Nombre" name="name" required defaultValue={sub?.name} error={error('name')} />
        <TextInput label="Dirección" name="url" placeholder="se toma del nombre" defaultValue={sub?.url} error={error('url')} />
        <NativeSelect label="Dibujo de prenda" name="garment" data={PRENDA_OPTIONS} defaultValue={sub?.garment} error={error('garment')} />
      </SimpleGrid>
      <Group justify="space-between" mt="sm">
        {!sub ? <Checkbox name="active" label="Activa" defaultChecked /> : <span />}
        <Group gap="xs">
          <Button component={Link} to={cancel} variant="default" size="sm">
            Cancelar
          </Button>
          <Button type="submit" loading={busy} size="sm">
            {sub ? 'Guardar sub-línea' : 'Crear sub-línea'}
          </Button>
        </Group>
      </Group>
    </Form>
  );
}

function LineaCard({
  linea,
  index,
  count,
  editing,
  newSub,
  result,
  busy,
}: {
  linea: LineaAdmin;
  index: number;
  count: number;
  editing: string;
  newSub: boolean;
  result: ActionResult | undefined;
  busy: boolean;
}) {
  const href = useHref();
  const products = (params: Record<string, string>) => `/dashboard/configurar/productos?${new URLSearchParams(params).toString()}`;
  return (
    <Card withBorder padding="md" data-testid={`linea-${linea.code}`}>
      <Group justify="space-between" align="start" wrap="wrap" gap="xs">
        <div>
          <Group gap="xs">
            <Title order={2} size="h4">
              {linea.name}
            </Title>
            <Badge variant="outline">{linea.code}</Badge>
            {linea.active ? <Badge color="green">Activa</Badge> : <Badge color="gray">Inactiva</Badge>}
          </Group>
          <Conteo models={linea.models} />
        </div>
        <Group gap={4} wrap="wrap">
          {index > 0 && (
            <Boton intent="mover-linea" id={linea.id} fields={{ position: String(index - 1) }} label={`Subir ${linea.name}`}>
              ↑
            </Boton>
          )}
          {index < count - 1 && (
            <Boton intent="mover-linea" id={linea.id} fields={{ position: String(index + 1) }} label={`Bajar ${linea.name}`}>
              ↓
            </Boton>
          )}
          <Button component={Link} to={href({ editar: `linea-${linea.id}` })} size="compact-sm" variant="subtle">
            Editar
          </Button>
          <Boton
            intent="estado-linea"
            id={linea.id}
            fields={{ active: linea.active ? 'false' : 'true' }}
            label={linea.active ? `Desactivar ${linea.name}` : `Activar ${linea.name}`}
            color={linea.active ? 'red' : 'green'}
          >
            {linea.active ? 'Desactivar' : 'Activar'}
          </Boton>
          <Button component={Link} to={href({ historial: String(linea.id), hpage: null }, '#historial')} size="compact-sm" variant="subtle">
            Historial
          </Button>
          <Button component={Link} to={products({ lineaId: String(linea.id) })} size="compact-sm" variant="subtle">
            Productos
          </Button>
        </Group>
      </Group>
      {editing === `linea-${linea.id}` && (
        <Card withBorder mt="sm" padding="sm">
          <LineaForm linea={linea} result={result} busy={busy} />
        </Card>
      )}
      <Stack gap={0} mt="sm">
        {linea.sublineas.map((sub, i) => (
          <div
            key={sub.id}
            data-testid={`sublinea-${linea.code}-${sub.code}`}
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: '8px 0' }}
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} size="sm">
                    {sub.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {sub.code}
                  </Text>
                  {!sub.active && <Badge color="gray">Inactiva</Badge>}
                </Group>
                <Conteo models={sub.models} />
              </div>
              <Group gap={4} wrap="wrap">
                {i > 0 && (
                  <Boton intent="mover-sublinea" id={sub.id} fields={{ position: String(i - 1) }} label={`Subir ${sub.name}`}>
                    ↑
                  </Boton>
                )}
                {i < linea.sublineas.length - 1 && (
                  <Boton intent="mover-sublinea" id={sub.id} fields={{ position: String(i + 1) }} label={`Bajar ${sub.name}`}>
                    ↓
                  </Boton>
                )}
                <Button component={Link} to={href({ editar: `sublinea-${sub.id}` })} size="compact-sm" variant="subtle">
                  Editar
                </Button>
                <Boton
                  intent="estado-sublinea"
                  id={sub.id}
                  fields={{ active: sub.active ? 'false' : 'true' }}
                  label={sub.active ? `Desactivar ${sub.name}` : `Activar ${sub.name}`}
                  color={sub.active ? 'red' : 'green'}
                >
                  {sub.active ? 'Desactivar' : 'Activar'}
                </Boton>
                <Button component={Link} to={products({ sublineaId: String(sub.id) })} size="compact-sm" variant="subtle">
                  Productos
                </Button>
              </Group>
            </Group>
            {editing === `sublinea-${sub.id}` && (
              <Card withBorder mt="xs" padding="sm">
                <SublineaForm lineaId={linea.id} sub={sub} result={result} busy={busy} cancel={href({ editar: null })} />
              </Card>
            )}
          </div>
        ))}
      </Stack>
      {newSub ? (
        <Card withBorder mt="sm" padding="sm">
          <Text fw={600} size="sm" mb="xs">
            Nueva sub-línea de {linea.name}
          </Text>
          <SublineaForm lineaId={linea.id} sub={null} result={result} busy={busy} cancel={href({ 'nueva-sublinea': null })} />
        </Card>
      ) : (
        <Group mt="xs">
          <Anchor component={Link} to={href({ 'nueva-sublinea': String(linea.id) })} size="sm">
            + Agregar sub-línea
          </Anchor>
        </Group>
      )}
    </Card>
  );
}

export default function Lineas({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const { lineas, history } = loaderData;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Líneas y sub-líneas</Title>
        <Button component={Link} to="/dashboard/configurar/productos" variant="subtle">
          Ir a productos
        </Button>
      </Group>
      {result?.saved && (
        <Alert color="green" role="status" data-testid="linea-guardada">
          {result.saved}
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" data-testid="error-linea">
          {result.message}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        El orden de esta lista es el de la tienda. Una línea o sub-línea con modelos activos no se puede desactivar: desactive antes sus
        modelos (en Productos, con el cambio masivo).
      </Text>
      {lineas.map((linea, index) => (
        <LineaCard
          key={linea.id}
          linea={linea}
          index={index}
          count={lineas.length}
          editing={loaderData.editing}
          newSub={loaderData.newSubOf === linea.id}
          result={result}
          busy={busy}
        />
      ))}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Nueva línea
        </Title>
        <LineaForm linea={null} result={result} busy={busy} />
      </Card>
      {history && (
        <Card withBorder padding="lg" id="historial">
          <Title order={2} size="h4" mb="sm">
            Historial de {history.linea.name}
          </Title>
          <Historial items={history.items} meta={history.meta} param="hpage" withEntity />
        </Card>
      )}
    </Stack>
  );
}
