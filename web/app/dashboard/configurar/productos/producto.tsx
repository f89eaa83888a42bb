// /dashboard/configurar/productos/:modelo (admin, inventario): one model — its data, price and
// promotion, marks, sizes with their stock, photos (upload with progress, order, delete), its other
// colours and the history of its changes.
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
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import {
  actualizarProducto,
  buscarLineas,
  detallesProducto,
  eliminarFoto,
  type Foto,
  historial,
  opcionesProducto,
  ordenarFotos,
  type ProductoDetalle,
} from '#domain/contracts/configuracion.ts';
import { formatUsd, montoParaCampo, parseAmountInput, toCents } from '#domain/money.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { imageFallback } from '#web/components/imagen.tsx';
import { formInput, unwrap, unwrapList } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/producto';
import { Historial, OVERRIDE_OPTIONS, ROLES, sublineaOptions } from './catalogo-vista.tsx';
import { SubirFotos } from './subir-fotos.tsx';

const MODEL = /^[A-Za-z0-9][A-Za-z0-9-]{4,19}$/;

function modelOf(param: string | undefined): string {
  const code = (param ?? '').toUpperCase();
  if (!MODEL.test(code)) throw data({ message: 'El modelo no existe.' }, { status: 404 });
  return code;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const code = modelOf(params.modelo);
  const search = new URL(request.url).searchParams;
  const hpage = /^\d{1,9}$/.test(search.get('hpage') ?? '') ? String(search.get('hpage')) : '1';
  const [detail, lineas, opciones, cambios] = await allCritical(context.publicUrl, [
    context.api.call(detallesProducto, { code }),
    context.api.call(buscarLineas, {}),
    context.api.call(opcionesProducto, {}),
    context.api.call(historial, { modelo: code, page: hpage }),
  ]);
  const history = unwrapList(cambios);
  return {
    producto: unwrap(detail),
    lineas: unwrap(lineas),
    tallas: unwrap(opciones).tallas,
    history: history.items,
    historyMeta: history.meta as ListMeta,
    created: search.get('creado') === '1',
    fotosOutcome: search.get('fotos'),
  };
}

type ActionResult = FormErrors & { intent: string; saved?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const code = modelOf(params.modelo);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const text = (name: string) => String(form.get(name) ?? '');
  const fail = (response: { status: number; body: unknown }) =>
    data<ActionResult>({ ...formErrors(response as Parameters<typeof formErrors>[0]), intent }, { status: response.status });

  if (intent === 'guardar') {
    const sublinea = text('sublineaId');
    const response = await context.api.call(
      actualizarProducto,
      formInput(actualizarProducto, {
        code,
        name: text('name'),
        description: text('description'),
        sublineaId: sublinea === '' ? undefined : Number(sublinea),
        price: parseAmountInput(text('price')),
        promotion: parseAmountInput(text('promotion')) || '0',
        active: form.get('active') === 'on',
        nuevo: text('nuevo'),
        masVendido: text('masVendido'),
      }),
    );
    if (!response.body.success) return fail(response);
    return { intent, saved: 'Cambios guardados. La tienda ya los muestra.' } satisfies ActionResult;
  }
  if (intent === 'tallas') {
    const addSizes = form.getAll('addSizes').map(String);
    if (addSizes.length === 0) return data<ActionResult>({ intent, message: 'Elija las tallas que desea agregar.' }, { status: 400 });
    const response = await context.api.call(actualizarProducto, formInput(actualizarProducto, { code, addSizes }));
    if (!response.body.success) return fail(response);
    return { intent, saved: addSizes.length === 1 ? 'Talla agregada.' : 'Tallas agregadas.' } satisfies ActionResult;
  }
  if (intent === 'mover-foto') {
    const ids = form.getAll('orden').map(Number);
    const response = await context.api.call(ordenarFotos, formInput(ordenarFotos, { code, ids }));
    if (!response.body.success) return fail(response);
    return { intent, saved: 'Orden de las fotos guardado.' } satisfies ActionResult;
  }
  if (intent === 'borrar-foto') {
    const response = await context.api.call(eliminarFoto, { id: text('id') });
    if (!response.body.success) return fail(response);
    return { intent, saved: 'Foto borrada.' } satisfies ActionResult;
  }
  return data<ActionResult>({ intent, message: 'Acción desconocida.' }, { status: 400 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData ? `${loaderData.producto.code} · ${loaderData.producto.name}` : 'Producto');
}

function Dato({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

/** The photo ids with `id` moved one place (-1: earlier, +1: later). */
function movedOrder(fotos: Foto[], id: number, step: -1 | 1): number[] {
  const ids = fotos.map((f) => f.id);
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to], ids[from]];
  return ids;
}

function Fotos({ producto }: { producto: ProductoDetalle }) {
  const { fotos } = producto;
  return (
    <Stack gap="md">
      {fotos.length === 0 ? (
        <Text c="dimmed" size="sm">
          Sin fotos: la tienda muestra el dibujo de la prenda en su color.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} data-testid="fotos">
          {fotos.map((foto, index) => (
            <Card key={foto.id} withBorder padding={4} data-testid={`foto-${index}`}>
              <img
                src={foto.thumb}
                alt={`Foto ${index + 1} de ${producto.name}`}
                width={320}
                height={400}
                style={{ width: '100%', height: 'auto' }}
                {...imageFallback}
              />
              <Text size="xs" c="dimmed" ta="center">
                {index === 0 ? 'Principal' : `Foto ${index + 1}`} · {foto.width} × {foto.height}
              </Text>
              <Group gap={4} justify="center" wrap="wrap" mt={4}>
                {index > 0 && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="mover-foto" />
                    {movedOrder(fotos, foto.id, -1).map((id) => (
                      <input key={id} type="hidden" name="orden" value={id} />
                    ))}
                    <Button type="submit" size="compact-xs" variant="light" aria-label={`Poner la foto ${index + 1} antes`}>
                      ←
                    </Button>
                  </Form>
                )}
                {index < fotos.length - 1 && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="mover-foto" />
                    {movedOrder(fotos, foto.id, 1).map((id) => (
                      <input key={id} type="hidden" name="orden" value={id} />
                    ))}
                    <Button type="submit" size="compact-xs" variant="light" aria-label={`Poner la foto ${index + 1} después`}>
                      →
                    </Button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="borrar-foto" />
                  <input type="hidden" name="id" value={foto.id} />
                  <Button type="submit" size="compact-xs" variant="light" color="red" aria-label={`Borrar la foto ${index + 1}`}>
                    Borrar
                  </Button>
                </Form>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <SubirFotos code={producto.code} />
    </Stack>
  );
}

function Articulos({ producto }: { producto: ProductoDetalle }) {
  return (
    <>
      <Table withTableBorder striped visibleFrom="sm" data-testid="tabla-articulos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Artículo</Table.Th>
            <Table.Th>Talla</Table.Th>
            <Table.Th ta="right">En tiendas</Table.Th>
            <Table.Th ta="right">Apartadas</Table.Th>
            <Table.Th ta="right">Disponibles</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {producto.articles.map((a) => (
            <Table.Tr key={a.code}>
              <Table.Td>{a.code}</Table.Td>
              <Table.Td>{a.sizeLabel}</Table.Td>
              <Table.Td ta="right">{a.onHand}</Table.Td>
              <Table.Td ta="right">{a.held}</Table.Td>
              <Table.Td ta="right">{a.available}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={6} hiddenFrom="sm">
        {producto.articles.map((a) => (
          <Group key={a.code} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <strong>{a.sizeLabel}</strong> · {a.code}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {a.available} disp. ({a.held} apart.)
            </Text>
          </Group>
        ))}
      </Stack>
    </>
  );
}

export default function Producto({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { producto: p, lineas, tallas } = loaderData;
  const result = actionData as ActionResult | undefined;
  const errorsOf = (intent: string) => (result?.intent === intent ? result : undefined);
  const error = (field: string) => fieldError(errorsOf('guardar'), field);
  const missing = tallas.filter((t) => !p.articles.some((a) => a.sizeCode === t.code));
  const hiddenBy = !p.active ? null : lineas.find((l) => l.id === p.lineaId)?.active === false ? 'su línea' : null;
  const subInactive = lineas.flatMap((l) => l.sublineas).find((s) => s.id === p.sublineaId)?.active === false;
  const anotherColor = new URLSearchParams({
    base: p.baseCode,
    sublinea: String(p.sublineaId),
    nombre: p.name,
    descripcion: p.description,
    precio: p.price,
  }).toString();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="start">
        <div>
          <Title order={1}>{p.name}</Title>
          <Group gap="xs" wrap="wrap">
            <Text c="dimmed">{p.code}</Text>
            {p.active ? <Badge color="green">Activo</Badge> : <Badge color="gray">Inactivo</Badge>}
          </Group>
        </div>
        <Group gap="xs" wrap="wrap">
          {p.active && (
            <Button component="a" href={p.path} target="_blank" rel="noopener" variant="default">
              Ver en la tienda
            </Button>
          )}
          <Button component={Link} to="/dashboard/configurar/productos" variant="subtle">
            Volver a productos
          </Button>
        </Group>
      </Group>
      {loaderData.created && (
        <Alert color="green" role="status" data-testid="modelo-creado">
          Modelo creado con {p.articles.length} {p.articles.length === 1 ? 'artículo' : 'artículos'}. Agregue sus fotos abajo.
        </Alert>
      )}
      {loaderData.fotosOutcome === 'ok' && (
        <Alert color="green" role="status">
          Fotos subidas.
        </Alert>
      )}
      {loaderData.fotosOutcome === 'error' && (
        <Alert color="red">
          No se pudieron subir las fotos: deben ser JPEG, PNG o WebP de al menos 640 × 800 px y hasta 10 MB, y un modelo tiene como máximo
          12.
        </Alert>
      )}
      {(hiddenBy || subInactive) && (
        <Alert color="yellow">
          La {hiddenBy ? 'línea' : 'sub-línea'} de este modelo está inactiva: no se ve en la tienda aunque el modelo esté activo.
        </Alert>
      )}
      {result?.saved && (
        <Alert color="green" role="status" data-testid="producto-guardado">
          {result.saved}
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" data-testid="error-producto">
          {result.message}
        </Alert>
      )}

      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Datos y precio
        </Title>
        <Form method="post" key={`${p.price}-${p.promotion}-${p.active}-${p.name}`}>
          <input type="hidden" name="intent" value="guardar" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre" name="name" required defaultValue={p.name} error={error('name')} />
            <NativeSelect
              label="Sub-línea"
              name="sublineaId"
              data={sublineaOptions(lineas)}
              defaultValue={String(p.sublineaId)}
              error={error('sublineaId')}
            />
            <SimpleGrid cols={2}>
              <CampoMonto label="Precio (USD)" name="price" required defaultValue={montoParaCampo(p.price)} error={error('price')} />
              <CampoMonto
                label="Promoción (USD menos)"
                name="promotion"
                defaultValue={montoParaCampo(p.promotion)}
                error={error('promotion')}
              />
            </SimpleGrid>
            <Group gap="lg" align="end">
              <Dato label="Precio final" value={formatUsd(toCents(p.finalPrice))} />
              <Dato label="Disponibles" value={p.stock} />
              <Dato label="Vendidos" value={p.soldCount} />
            </Group>
            <NativeSelect
              label="En «lo nuevo»"
              name="nuevo"
              data={OVERRIDE_OPTIONS}
              defaultValue={p.nuevo}
              description="Automático: por su fecha."
            />
            <NativeSelect
              label="En «más vendidos»"
              name="masVendido"
              data={OVERRIDE_OPTIONS}
              defaultValue={p.masVendido}
              description="Automático: por lo que vende."
            />
          </SimpleGrid>
          <Textarea
            label="Descripción"
            name="description"
            mt="sm"
            autosize
            minRows={3}
            defaultValue={p.description}
            error={error('description')}
          />
          <Group justify="space-between" mt="md" wrap="wrap">
            <Checkbox name="active" label="Activo (se ve en la tienda)" defaultChecked={p.active} />
            <Button type="submit" loading={busy} data-testid="guardar-producto">
              Guardar cambios
            </Button>
          </Group>
        </Form>
      </Card>

      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Fotos
        </Title>
        <Fotos producto={p} />
      </Card>

      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Tallas y existencia
        </Title>
        <Articulos producto={p} />
        {missing.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="tallas" />
            <Text size="sm" mt="md" mb={4}>
              Agregar tallas:
            </Text>
            <Group gap="sm" wrap="wrap">
              {missing.map((t) => (
                <Checkbox key={t.code} name="addSizes" value={t.code} label={t.label} />
              ))}
              <Button type="submit" size="xs" variant="light">
                Agregar
              </Button>
            </Group>
            {errorsOf('tallas')?.message && (
              <Text c="red" size="sm" mt={4}>
                {errorsOf('tallas')?.message}
              </Text>
            )}
          </Form>
        )}
      </Card>

      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4">
            Colores de este estilo
          </Title>
          <Button component={Link} to={`/dashboard/configurar/productos/nuevo?${anotherColor}`} size="xs" variant="light">
            Agregar otro color
          </Button>
        </Group>
        <Group gap="sm" wrap="wrap">
          {p.colors.map((c) => (
            <Anchor key={c.code} component={Link} to={`/dashboard/configurar/productos/${encodeURIComponent(c.code)}`} size="sm">
              <Group gap={6} wrap="nowrap">
                <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: c.colorHex, border: '1px solid #999' }} />
                {c.colorName}
                {c.code === p.code ? ' (este)' : ''}
                {!c.active && ' (inactivo)'}
              </Group>
            </Anchor>
          ))}
        </Group>
      </Card>

      <Card withBorder padding="lg" id="historial">
        <Title order={2} size="h4" mb="sm">
          Historial de cambios
        </Title>
        <Historial items={loaderData.history} meta={loaderData.historyMeta} param="hpage" />
      </Card>
    </Stack>
  );
}
