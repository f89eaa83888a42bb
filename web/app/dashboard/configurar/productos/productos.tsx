// /dashboard/configurar/productos (admin, inventario): every model, 15 a page, with search and
// filters (línea, sub-línea, colour, active, stock, promotion); pick some for a bulk price change.
import {
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
  VisuallyHidden,
} from '@mantine/core';
import { Form, Link } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { buscarLineas, buscarProductos, opcionesProducto, type ProductoFila } from '#domain/contracts/configuracion.ts';
import { formatUsd, toCents } from '#domain/money.ts';
import { IMAGE_DEFAULT, imageFallback } from '#web/components/imagen.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrap, unwrapList } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/productos';
import {
  lineaOptions,
  PROMO_OPTIONS,
  productFilters,
  ROLES,
  STATE_OPTIONS,
  STOCK_OPTIONS,
  sortOf,
  sublineaOptions,
} from './catalogo-vista.tsx';

const SORT_OPTIONS = [
  { value: '', label: 'Código' },
  { value: 'nombre', label: 'Nombre' },
  { value: 'precio', label: 'Precio' },
  { value: 'creado', label: 'Más nuevos' },
  { value: 'vendidos', label: 'Más vendidos' },
  { value: 'existencia', label: 'Existencia' },
];

const SELECTION_FORM = 'elegir-modelos';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const filters = productFilters(params);
  const page = /^\d{1,9}$/.test(params.get('page') ?? '') ? String(params.get('page')) : '1';
  const sort = sortOf(params);
  const [list, lineas, opciones] = await allCritical(context.publicUrl, [
    context.api.call(buscarProductos, {
      page,
      search: filters.search || undefined,
      lineaId: filters.lineaId || undefined,
      sublineaId: filters.sublineaId || undefined,
      color: filters.color || undefined,
      activo: (filters.activo || undefined) as 'true' | 'false' | undefined,
      existencia: (filters.existencia || undefined) as 'con' | 'sin' | undefined,
      promocion: (filters.promocion || undefined) as 'true' | 'false' | undefined,
      sort_by: sort,
    }),
    context.api.call(buscarLineas, {}),
    context.api.call(opcionesProducto, {}),
  ]);
  const { items, meta } = unwrapList(list);
  return { items, meta: meta as ListMeta, filters, sort: sort ?? '', lineas: unwrap(lineas), colores: unwrap(opciones).colores };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Productos');
}

function PrecioFila({ p }: { p: ProductoFila }) {
  const promo = toCents(p.promotion);
  if (promo === 0) return <Text size="sm">{formatUsd(toCents(p.price))}</Text>;
  return (
    <Text size="sm">
      <Text span c="pink.8" fw={600}>
        {formatUsd(toCents(p.finalPrice))}
      </Text>{' '}
      <Text span td="line-through" c="dimmed" size="xs">
        {formatUsd(toCents(p.price))}
      </Text>
    </Text>
  );
}

function Marcas({ p }: { p: ProductoFila }) {
  return (
    <Group gap={4} wrap="wrap">
      {p.active ? <Badge color="green">Activo</Badge> : <Badge color="gray">Inactivo</Badge>}
      {p.nuevo !== 'auto' && <Badge variant="outline">{p.nuevo === 'si' ? 'Nuevo' : 'Nunca nuevo'}</Badge>}
      {p.masVendido !== 'auto' && <Badge variant="outline">{p.masVendido === 'si' ? 'Más vendido' : 'Nunca más vendido'}</Badge>}
    </Group>
  );
}

function Swatch({ hex }: { hex: string }) {
  return (
    <span
      aria-hidden
      style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: hex, border: '1px solid #999' }}
    />
  );
}

const hrefOf = (code: string) => `/dashboard/configurar/productos/${encodeURIComponent(code)}`;

export default function Productos({ loaderData }: Route.ComponentProps) {
  const { items, meta, filters, lineas, colores } = loaderData;
  const bulkQuery = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '')).toString();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Productos</Title>
        <Group gap="xs" wrap="wrap">
          <Button component={Link} to="/dashboard/configurar/productos/nuevo">
            Nuevo modelo
          </Button>
          <Button component={Link} to="/dashboard/configurar/productos/linea" variant="default">
            Líneas y sub-líneas
          </Button>
          <Button
            component={Link}
            to={`/dashboard/configurar/productos/importar${bulkQuery ? `?${bulkQuery}` : ''}`}
            variant="default"
            data-testid="importar-exportar"
          >
            Importar o exportar
          </Button>
        </Group>
      </Group>

      <Card withBorder padding="md">
        <Form method="get" data-testid="filtros-productos">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <TextInput label="Buscar" name="search" placeholder="Nombre, color o código" defaultValue={filters.search} />
            <NativeSelect label="Línea" name="lineaId" data={lineaOptions(lineas, 'Todas')} defaultValue={filters.lineaId} />
            <NativeSelect label="Sub-línea" name="sublineaId" data={sublineaOptions(lineas, 'Todas')} defaultValue={filters.sublineaId} />
            <NativeSelect
              label="Color"
              name="color"
              data={[{ value: '', label: 'Todos' }, ...colores.map((c) => ({ value: c.code, label: c.name }))]}
              defaultValue={filters.color}
            />
            <NativeSelect label="Estado" name="activo" data={STATE_OPTIONS} defaultValue={filters.activo} />
            <NativeSelect label="Existencia" name="existencia" data={STOCK_OPTIONS} defaultValue={filters.existencia} />
            <NativeSelect label="Promoción" name="promocion" data={PROMO_OPTIONS} defaultValue={filters.promocion} />
            <NativeSelect label="Ordenar por" name="sort_by" data={SORT_OPTIONS} defaultValue={loaderData.sort} />
          </SimpleGrid>
          <Group mt="md" gap="xs" wrap="wrap">
            <Button type="submit" variant="light">
              Filtrar
            </Button>
            <Button component={Link} to="/dashboard/configurar/productos" variant="subtle">
              Quitar filtros
            </Button>
            <Button
              component={Link}
              to={`/dashboard/configurar/productos/cambio-masivo${bulkQuery ? `?${bulkQuery}` : ''}`}
              variant="default"
            >
              Cambiar precios de este filtro
            </Button>
          </Group>
        </Form>
      </Card>

      {/* The checkboxes of the list belong to this form: the chosen models go to the bulk change. */}
      <Form method="get" action="/dashboard/configurar/productos/cambio-masivo" id={SELECTION_FORM}>
        <Button type="submit" variant="light" size="xs">
          Cambiar precios de los elegidos
        </Button>
      </Form>

      {items.length === 0 ? (
        <Text c="dimmed">No hay modelos con ese filtro.</Text>
      ) : (
        <>
          <Table striped highlightOnHover withTableBorder visibleFrom="sm" data-testid="tabla-productos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>Elegir</VisuallyHidden>
                </Table.Th>
                <Table.Th w={56}>
                  <VisuallyHidden>Foto</VisuallyHidden>
                </Table.Th>
                <Table.Th>Modelo</Table.Th>
                <Table.Th>Línea / sub-línea</Table.Th>
                <Table.Th>Color</Table.Th>
                <Table.Th>Precio</Table.Th>
                <Table.Th ta="right">Existencia</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.code} data-testid={`producto-${p.code}`}>
                  <Table.Td>
                    <Checkbox name="modelo" value={p.code} form={SELECTION_FORM} aria-label={`Elegir ${p.code}`} />
                  </Table.Td>
                  <Table.Td>
                    <img
                      src={p.thumb || IMAGE_DEFAULT}
                      alt=""
                      width={40}
                      height={50}
                      loading="lazy"
                      style={{ objectFit: 'cover', borderRadius: 4 }}
                      {...imageFallback}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={hrefOf(p.code)} fw={600}>
                      {p.code}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {p.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {p.lineName} / {p.subLineName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Swatch hex={p.colorHex} />
                      <Text size="sm">{p.colorName}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <PrecioFila p={p} />
                  </Table.Td>
                  <Table.Td ta="right">{p.stock}</Table.Td>
                  <Table.Td>
                    <Marcas p={p} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="sm" hiddenFrom="sm" data-testid="tarjetas-productos">
            {items.map((p) => (
              <Card key={p.code} withBorder padding="sm" data-testid={`tarjeta-${p.code}`}>
                <Group wrap="nowrap" align="start" gap="sm">
                  <img
                    src={p.thumb || IMAGE_DEFAULT}
                    alt=""
                    width={56}
                    height={70}
                    loading="lazy"
                    style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }}
                    {...imageFallback}
                  />
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={hrefOf(p.code)} fw={700} truncate>
                        {p.code}
                      </Anchor>
                      <Checkbox name="modelo" value={p.code} form={SELECTION_FORM} aria-label={`Elegir ${p.code}`} />
                    </Group>
                    <Text size="sm" truncate>
                      {p.name}
                    </Text>
                    <Group gap={6} wrap="wrap">
                      <Swatch hex={p.colorHex} />
                      <Text size="xs" c="dimmed">
                        {p.colorName} · {p.subLineName} · {p.stock} u.
                      </Text>
                    </Group>
                    <PrecioFila p={p} />
                    <Marcas p={p} />
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <Paginacion meta={meta} label="modelos" />
    </Stack>
  );
}
