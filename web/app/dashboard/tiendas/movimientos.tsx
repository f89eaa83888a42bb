// /dashboard/tiendas/movimientos (admin, inventario): the stock of an article in every store,
// recording an entry, exit, transfer or physical count (?mover=<tipo>), and the ledger of
// movements with its filters. Every form works without JavaScript.
import { Alert, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import {
  type ArticleStock,
  existencia,
  type LedgerRow,
  movimientos,
  registrarMovimiento,
  type Store,
  tiendas,
} from '#domain/contracts/almacen.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { formatUnits, LEDGER_KIND_LABELS, LEDGER_KINDS, type LedgerKind, MOVEMENT_KINDS, type MovementKind } from '#domain/existencia.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { formInput, unwrap, unwrapList } from '#web/lib/api.ts';
import { useHrefWith } from '#web/lib/enlace-con.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/movimientos';

const ROLES = ['admin', 'inventario'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ARTICLE = /^[A-Za-z0-9]{8,22}$/;

const MOVE_HELP: Record<MovementKind, string> = {
  entrada: 'Mercancía que llega a la tienda (de un proveedor o de producción), con su lote y fecha de fabricación.',
  salida: 'Unidades que salen sin venderse en la web (daño, muestra, venta en tienda). Solo se saca lo libre.',
  traslado: 'Unidades libres que pasan de una tienda a otra.',
  conteo: 'Lo que se contó en el estante: la existencia queda en ese número y el libro guarda la diferencia.',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const text = (name: string) => (params.get(name) ?? '').trim();
  const articulo = ARTICLE.test(text('articulo')) ? text('articulo').toUpperCase() : '';
  const filters = {
    articulo,
    tienda: /^\d{1,10}$/.test(text('tienda')) ? text('tienda') : '',
    tipo: LEDGER_KINDS.find((k) => k === text('tipo')) ?? '',
    desde: DAY.test(text('desde')) ? text('desde') : '',
    hasta: DAY.test(text('hasta')) ? text('hasta') : '',
  };
  const mover = MOVEMENT_KINDS.find((k) => k === text('mover')) ?? 'entrada';
  const page = text('page');
  const [storeList, ledger, stock] = await Promise.all([
    context.api.call(tiendas, { per_page: 100 }),
    context.api.call(movimientos, {
      page: /^\d{1,6}$/.test(page) ? page : '1',
      articleCode: filters.articulo || undefined,
      tiendaId: filters.tienda || undefined,
      kind: filters.tipo || undefined,
      desde: filters.desde || undefined,
      hasta: filters.hasta && (!filters.desde || filters.hasta >= filters.desde) ? filters.hasta : undefined,
    }),
    articulo ? context.api.call(existencia, { articleCode: articulo }) : null,
  ]);
  const list = unwrapList(ledger);
  // An unknown article is said next to its field, not as an error page.
  const articleStock = stock?.body.success ? stock.body.data : null;
  const articleMissing = stock && !stock.body.success ? stock.body.message : null;
  return { stores: unwrap(storeList), rows: list.items, meta: list.meta, filters, mover, articleStock, articleMissing };
}

type ActionResult = FormErrors & { saved: string | null };

/** What the confirmation calls each movement, with its article. */
const RECORDED: Partial<Record<LedgerKind, string>> = {
  entrada: 'la entrada',
  salida: 'la salida',
  traslado: 'el traslado',
  conteo: 'el conteo físico',
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  const value = (name: string) => String(form.get(name) ?? '');
  const kind = value('kind');
  const common = {
    kind,
    articleCode: value('articleCode'),
    tiendaId: value('tiendaId'),
    reference: value('reference'),
    note: value('note'),
  };
  const byKind: Record<string, Record<string, string>> = {
    entrada: { quantity: value('quantity'), lote: value('lote'), manufacturedAt: value('manufacturedAt') },
    salida: { quantity: value('quantity') },
    traslado: { quantity: value('quantity'), toTiendaId: value('toTiendaId') },
    conteo: { counted: value('counted') },
  };
  const response = await context.api.call(registrarMovimiento, formInput(registrarMovimiento, { ...common, ...byKind[kind] }));
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), saved: null }, { status: response.status });
  const [first] = response.body.data.movimientos;
  const where = response.body.data.existencia.map(
    (s) => `${s.name}: ${formatUnits(s.quantity)} en mano, ${formatUnits(s.available)} libres`,
  );
  const saved = `Se registró ${RECORDED[first.kind] ?? 'el movimiento'} de ${first.articleCode}. ${where.join('; ')}.`;
  return { saved, message: undefined, errors: undefined } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Movimientos de existencia');
}

const signed = (n: number) => (n > 0 ? `+${formatUnits(n)}` : n < 0 ? `−${formatUnits(-n)}` : '0');
const KIND_COLORS: Record<LedgerKind, string> = {
  inicial: 'gray',
  entrada: 'green',
  salida: 'red',
  traslado: 'blue',
  conteo: 'yellow',
  venta: 'grape',
  devolucion: 'teal',
};

function KindBadge({ kind }: { kind: LedgerKind }) {
  return (
    <Badge color={KIND_COLORS[kind]} variant="light" tt="none" styles={{ root: { maxWidth: 'none', flexShrink: 0 } }}>
      {LEDGER_KIND_LABELS[kind]}
    </Badge>
  );
}

function MovementForm({
  mover,
  stores,
  articulo,
  tienda,
  result,
  busy,
}: {
  mover: MovementKind;
  stores: Store[];
  articulo: string;
  tienda: string;
  result: ActionResult | undefined;
  busy: boolean;
}) {
  const hrefWith = useHrefWith();
  const error = (field: string) => fieldError(result, field);
  const storeOptions = (placeholder: string) => [
    { value: '', label: placeholder },
    ...stores.map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}${s.active ? '' : ' (inactiva)'}` })),
  ];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Registrar un movimiento
      </Title>
      <Group gap="xs" wrap="wrap" component="nav" aria-label="Tipo de movimiento">
        {MOVEMENT_KINDS.map((k) => (
          <Button
            key={k}
            component={Link}
            to={hrefWith({ mover: k })}
            size="compact-md"
            variant={k === mover ? 'filled' : 'light'}
            aria-current={k === mover ? 'page' : undefined}
            data-testid={`mover-${k}`}
          >
            {LEDGER_KIND_LABELS[k]}
          </Button>
        ))}
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {MOVE_HELP[mover]}
      </Text>
      <Form method="post" key={`${mover}-${result?.saved ?? ''}`} data-testid="form-movimiento">
        <input type="hidden" name="kind" value={mover} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm">
          <TextInput
            label="Artículo"
            name="articleCode"
            required
            placeholder="Código del artículo"
            defaultValue={articulo}
            error={error('articleCode')}
            autoCapitalize="characters"
          />
          <NativeSelect
            label={mover === 'traslado' ? 'Desde la tienda' : 'Tienda'}
            name="tiendaId"
            data={storeOptions('Elija la tienda')}
            defaultValue={tienda}
            error={error('tiendaId')}
          />
          {mover === 'traslado' && (
            <NativeSelect label="Hacia la tienda" name="toTiendaId" data={storeOptions('Elija el destino')} error={error('toTiendaId')} />
          )}
          {mover === 'conteo' ? (
            <TextInput label="Unidades contadas" name="counted" required inputMode="numeric" error={error('counted')} />
          ) : (
            <TextInput label="Cantidad" name="quantity" required inputMode="numeric" error={error('quantity')} />
          )}
          {mover === 'entrada' && (
            <>
              <TextInput label="Lote" name="lote" placeholder="L202605" error={error('lote')} />
              <TextInput label="Fecha de fabricación" name="manufacturedAt" type="date" error={error('manufacturedAt')} />
            </>
          )}
          <TextInput label="Referencia" name="reference" placeholder="Factura, guía, nota de entrega…" error={error('reference')} />
          <TextInput
            label={mover === 'salida' ? 'Motivo' : 'Nota'}
            name="note"
            required={mover === 'salida'}
            placeholder={mover === 'salida' ? 'Mercancía dañada, muestra…' : ''}
            error={error('note')}
          />
        </SimpleGrid>
        <Group justify="end" mt="md">
          <Button type="submit" loading={busy} data-testid="registrar-movimiento">
            Registrar {LEDGER_KIND_LABELS[mover].toLowerCase()}
          </Button>
        </Group>
      </Form>
    </Card>
  );
}

function StockPanel({ stock }: { stock: ArticleStock }) {
  return (
    <Card withBorder padding="lg" data-testid="existencia-articulo">
      <Title order={2} size="h4">
        {stock.articleCode} · {stock.name}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {stock.colorName} · talla {stock.sizeLabel} — {formatUnits(stock.quantity)} en mano, {formatUnits(stock.held)} apartadas,{' '}
        {formatUnits(stock.available)} libres
      </Text>
      <Table striped withTableBorder visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tienda</Table.Th>
            <Table.Th ta="right">En mano</Table.Th>
            <Table.Th ta="right">Apartadas</Table.Th>
            <Table.Th ta="right">Libres</Table.Th>
            <Table.Th>Lote</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stock.stores.map((s) => (
            <Table.Tr key={s.tiendaId}>
              <Table.Td>
                {s.code} · {s.name}
                {!s.active && (
                  <Badge ml="xs" color="gray" size="xs">
                    Inactiva
                  </Badge>
                )}
                {s.active && !s.sellsWeb && (
                  <Badge ml="xs" color="orange" variant="outline" size="xs">
                    No vende en la web
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatUnits(s.quantity)}</Table.Td>
              <Table.Td ta="right">{formatUnits(s.held)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatUnits(s.available)}
              </Table.Td>
              <Table.Td>
                {s.lote || '—'}
                {s.manufacturedAt ? ` (${formatDate(s.manufacturedAt)})` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={6} hiddenFrom="sm">
        {stock.stores.map((s) => (
          <Group key={s.tiendaId} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {s.code} · {s.name}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatUnits(s.available)} / {formatUnits(s.quantity)}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          Libres / en mano
        </Text>
      </Stack>
    </Card>
  );
}

function Ledger({ rows }: { rows: LedgerRow[] }) {
  const place = (m: LedgerRow) =>
    m.otherTienda ? `${m.tienda.code} ${m.quantity < 0 ? '→' : '←'} ${m.otherTienda.code}` : `${m.tienda.code} · ${m.tienda.name}`;
  const detail = (m: LedgerRow) =>
    [m.lote && `Lote ${m.lote}`, m.manufacturedAt && `fabricado ${formatDate(m.manufacturedAt)}`, m.reference, m.note]
      .filter(Boolean)
      .join(' · ');
  return (
    <>
      <Table striped withTableBorder visibleFrom="sm" data-testid="tabla-movimientos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Artículo</Table.Th>
            <Table.Th>Tienda</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th ta="right">Cambio</Table.Th>
            <Table.Th ta="right">Queda</Table.Th>
            <Table.Th>Detalle</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {m.articleCode}
                </Text>
                <Text size="xs" c="dimmed">
                  {m.articleName}
                </Text>
              </Table.Td>
              <Table.Td>{place(m)}</Table.Td>
              <Table.Td>
                <KindBadge kind={m.kind} />
              </Table.Td>
              <Table.Td ta="right" fw={600} c={m.quantity < 0 ? 'red.8' : m.quantity > 0 ? 'green.8' : undefined}>
                {signed(m.quantity)}
              </Table.Td>
              <Table.Td ta="right">{formatUnits(m.balance)}</Table.Td>
              <Table.Td>
                <Text size="xs">{detail(m) || '—'}</Text>
                {m.user && (
                  <Text size="xs" c="dimmed">
                    {m.user.nickname}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="sm" hiddenFrom="sm" data-testid="tarjetas-movimientos">
        {rows.map((m) => (
          <Card key={m.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <KindBadge kind={m.kind} />
              <Text fw={700} c={m.quantity < 0 ? 'red.8' : m.quantity > 0 ? 'green.8' : undefined}>
                {signed(m.quantity)}{' '}
                <Text span size="xs" c="dimmed" fw={400}>
                  (queda {formatUnits(m.balance)})
                </Text>
              </Text>
            </Group>
            <Text size="sm" fw={600}>
              {m.articleCode}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {m.articleName}
            </Text>
            <Text size="sm">{place(m)}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(m.createdAt)}
              {m.user ? ` · ${m.user.nickname}` : ''}
              {detail(m) ? ` · ${detail(m)}` : ''}
            </Text>
          </Card>
        ))}
      </Stack>
    </>
  );
}

export default function Movimientos({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const { stores, rows, meta, filters, mover, articleStock, articleMissing } = loaderData;
  const storeFilter = [{ value: '', label: 'Todas' }, ...stores.map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}` }))];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Movimientos de existencia</Title>
        <Button component={Link} to="/dashboard/tiendas" variant="subtle">
          Tiendas y almacenes
        </Button>
      </Group>
      {result?.saved && (
        <Alert color="green" role="status" data-testid="movimiento-guardado">
          {result.saved}
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" role="alert" data-testid="movimiento-error">
          {result.message}
        </Alert>
      )}

      <Card withBorder padding="md">
        <Form method="get">
          <input type="hidden" name="mover" value={mover} />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            <TextInput
              label="Artículo"
              name="articulo"
              placeholder="Código del artículo"
              defaultValue={filters.articulo}
              error={articleMissing ?? undefined}
              data-testid="filtro-articulo"
            />
            <NativeSelect label="Tienda" name="tienda" data={storeFilter} defaultValue={filters.tienda} />
            <NativeSelect
              label="Tipo"
              name="tipo"
              data={[{ value: '', label: 'Todos' }, ...LEDGER_KINDS.map((k) => ({ value: k, label: LEDGER_KIND_LABELS[k] }))]}
              defaultValue={filters.tipo}
            />
            <TextInput label="Desde" name="desde" type="date" defaultValue={filters.desde} />
            <TextInput label="Hasta" name="hasta" type="date" defaultValue={filters.hasta} />
          </SimpleGrid>
          <Group mt="md" gap="sm">
            <Button type="submit" variant="light" data-testid="filtrar-movimientos">
              Buscar
            </Button>
            <Button component={Link} to="/dashboard/tiendas/movimientos" variant="subtle">
              Limpiar
            </Button>
          </Group>
        </Form>
      </Card>

      {articleStock && <StockPanel stock={articleStock} />}

      <MovementForm mover={mover} stores={stores} articulo={filters.articulo} tienda={filters.tienda} result={result} busy={busy} />

      <Title order={2} size="h3">
        Libro de movimientos
      </Title>
      {rows.length === 0 ? <Text c="dimmed">No hay movimientos con estos filtros.</Text> : <Ledger rows={rows} />}
      <Paginacion meta={meta} label="movimientos" />
    </Stack>
  );
}
