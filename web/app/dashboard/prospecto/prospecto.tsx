// /dashboard/prospecto (admin, vendedor-admin): prospect requests. A would-be or wholesale customer
// asks for articles; staff enter the request with its articles (found in the catalogue on the same
// page), it is answered with a quote at the catalogue's prices, quoted again while open, and
// processed once: noted as an order of the customer or discarded. ?solicitud=<id> opens one.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
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
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import {
  buscarArticulo,
  buscarUsuario,
  buscarUsuarios,
  PROSPECT_STATUS_LABELS,
  PROSPECT_STATUSES,
  PROSPECTO_ROLES,
  type ProspectDetail,
  type ProspectStatus,
  procesarSolicitud,
} from '#domain/contracts/prospecto.ts';
import { formatDateTime } from '#domain/dates.ts';
import { formatUsd, formatVes, toCents } from '#domain/money.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { formInput, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/prospecto';

const PAGE = '/dashboard/prospecto';
const LINE_ROWS = 6;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const STATUS_COLORS: Record<ProspectStatus, string> = { cotizada: 'blue', pedido: 'green', vendida: 'green', descartada: 'gray' };

const usd = (v: string) => formatUsd(toCents(v));
const isId = (v: string) => /^[1-9]\d{0,8}$/.test(v);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, PROSPECTO_ROLES);
  const params = new URL(request.url).searchParams;
  const page = params.get('page') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const filter = PROSPECT_STATUSES.find((s) => s === params.get('filter')) ?? '';
  const selected = params.get('solicitud') ?? '';
  const articulo = (params.get('articulo') ?? '').trim().slice(0, 100);
  const [list, detail, articles] = await Promise.all([
    context.api.call(buscarUsuarios, { page: isId(page) ? page : '1', search: search || undefined, filter }),
    isId(selected) ? context.api.call(buscarUsuario, { id: selected }) : Promise.resolve(null),
    articulo.length >= 2 ? context.api.call(buscarArticulo, { search: articulo }) : Promise.resolve(null),
  ]);
  const { items, meta } = unwrapList(list);
  return {
    requests: items,
    meta: meta as ListMeta,
    detail: detail?.body.success ? detail.body.data : null,
    detailError: detail && !detail.body.success ? detail.body.message : null,
    articles: articles?.body.success ? articles.body.data : null,
    articlesError: articles && !articles.body.success ? articles.body.message : null,
    query: { search, filter, articulo, selected },
  };
}

type ActionResult = FormErrors & { intent: string };

/** The article rows of a form: codigo-N and cantidad-N, the empty ones left out. */
function itemsOf(form: FormData) {
  const items: Array<{ articleCode: string; quantity: string }> = [];
  for (let i = 0; i < 40; i++) {
    const code = String(form.get(`codigo-${i}`) ?? '').trim();
    const quantity = String(form.get(`cantidad-${i}`) ?? '').trim();
    if (code || quantity) items.push({ articleCode: code, quantity });
  }
  return items;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, PROSPECTO_ROLES);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const intent = text('intent');
  const id = isId(text('id')) ? Number(text('id')) : text('id');
  const body =
    intent === 'registrar'
      ? {
          accion: 'registrar',
          name: text('name'),
          dni: text('dni'),
          phone: text('phone'),
          email: text('email'),
          note: text('note'),
          items: itemsOf(form),
        }
      : intent === 'cotizar'
        ? { accion: 'cotizar', id, items: itemsOf(form) }
        : { accion: 'procesar', id, resultado: text('resultado'), note: text('note') };
  const response = await context.api.call(procesarSolicitud, formInput(procesarSolicitud, body));
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), intent }, { status: response.status });
  return redirect(`${PAGE}?solicitud=${response.body.data.id}`);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Prospectos');
}

function LineInputs({ result, initial }: { result: ActionResult | undefined; initial: Array<{ articleCode: string; quantity: number }> }) {
  const rows = Math.max(LINE_ROWS, initial.length + 2);
  return (
    <Stack gap={6}>
      {Array.from({ length: rows }, (_, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`Código del artículo ${i + 1}`}
            placeholder="Código del artículo"
            name={`codigo-${i}`}
            defaultValue={initial[i]?.articleCode ?? ''}
            error={fieldError(result, `items.${i}.articleCode`)}
            style={{ flex: 1, minWidth: 0 }}
          />
          <TextInput
            aria-label={`Cantidad ${i + 1}`}
            placeholder="Cant."
            name={`cantidad-${i}`}
            inputMode="numeric"
            defaultValue={initial[i] ? String(initial[i].quantity) : ''}
            error={fieldError(result, `items.${i}.quantity`)}
            w={80}
          />
        </Group>
      ))}
      {fieldError(result, 'items') && (
        <Text size="sm" c="red.8" role="alert">
          {fieldError(result, 'items')}
        </Text>
      )}
    </Stack>
  );
}

function Refusal({ result, intent }: { result: ActionResult | undefined; intent: string }) {
  if (result?.intent !== intent || !result.message || result.errors) return null;
  return (
    <Alert color="red" role="alert" data-testid="error-solicitud">
      {result.message}
    </Alert>
  );
}

function Nueva({ result }: { result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const mine = result?.intent === 'registrar' ? result : undefined;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Nueva solicitud
      </Title>
      <Form method="post" data-testid="form-solicitud">
        <input type="hidden" name="intent" value="registrar" />
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre o razón social" name="name" required error={fieldError(mine, 'name')} />
            <CampoDocumento label="Cédula o RIF" name="dni" error={fieldError(mine, 'dni')} />
            <CampoTelefono label="Teléfono" name="phone" required error={fieldError(mine, 'phone')} />
            <TextInput label="Correo" name="email" type="email" error={fieldError(mine, 'email')} />
          </SimpleGrid>
          <Textarea label="Lo que pide" name="note" autosize minRows={2} error={fieldError(mine, 'note')} />
          <Text size="sm" fw={500}>
            Artículos y cantidades
          </Text>
          <LineInputs result={mine} initial={[]} />
          <Refusal result={result} intent="registrar" />
          <Group>
            <Button type="submit" loading={navigation.state === 'submitting'} data-testid="registrar-solicitud">
              Registrar y cotizar
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

function Articulos({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { articles, articlesError, query } = loaderData;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Buscar artículos
      </Title>
      <Form method="get" data-testid="form-articulo">
        {query.selected && <input type="hidden" name="solicitud" value={query.selected} />}
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput label="Código o nombre" name="articulo" defaultValue={query.articulo} style={{ flex: 1, minWidth: 180 }} />
          <Button type="submit" variant="default">
            Buscar
          </Button>
        </Group>
      </Form>
      {articlesError && (
        <Text size="sm" c="red.8" mt="xs">
          {articlesError}
        </Text>
      )}
      {articles && (
        <Table.ScrollContainer minWidth={420} mt="sm">
          <Table striped withTableBorder data-testid="articulos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Código</Table.Th>
                <Table.Th>Artículo</Table.Th>
                <Table.Th ta="right">Precio</Table.Th>
                <Table.Th ta="right">Libres</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {articles.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>Ningún artículo activo coincide.</Table.Td>
                </Table.Tr>
              )}
              {articles.map((a) => (
                <Table.Tr key={a.articleCode}>
                  <Table.Td style={NOWRAP}>{a.articleCode}</Table.Td>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {toCents(a.promotion) > 0 ? `${usd(a.price)} − ${usd(a.promotion)}` : usd(a.price)}
                  </Table.Td>
                  <Table.Td ta="right">{a.available}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function Solicitud({ detail, result }: { detail: ProspectDetail; result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const open = detail.status === 'cotizada';
  return (
    <Card withBorder padding="lg" data-testid="solicitud">
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="xs">
        <div>
          <Title order={2} size="h4">
            Solicitud #{detail.id} · {detail.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[detail.dni, detail.phone, detail.email].filter(Boolean).join(' · ')}
          </Text>
          <Text size="xs" c="dimmed">
            Registrada el {formatDateTime(detail.createdAt)}
            {detail.createdBy ? ` por ${detail.createdBy}` : ''}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[detail.status]} variant="light" data-testid="estado-solicitud">
          {PROSPECT_STATUS_LABELS[detail.status]}
        </Badge>
      </Group>
      {detail.note && (
        <Text size="sm" mb="xs">
          {detail.note}
        </Text>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder data-testid="cotizacion">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Artículo</Table.Th>
              <Table.Th ta="right">Cant.</Table.Th>
              <Table.Th ta="right">Precio</Table.Th>
              <Table.Th ta="right">Neto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.lines.map((l) => (
              <Table.Tr key={l.articleCode}>
                <Table.Td>
                  <Text size="sm">{l.name}</Text>
                  <Text size="xs" c="dimmed">
                    {l.articleCode}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{l.quantity}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {usd(l.price)}
                  {toCents(l.promotion) > 0 && (
                    <Text size="xs" c="dimmed">
                      − {usd(l.promotion)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {usd(l.net)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={2} mt="xs" align="flex-end" data-testid="totales-cotizacion">
        <Text size="sm">Subtotal {usd(detail.subtotal)}</Text>
        <Text size="sm">IVA {usd(detail.iva)}</Text>
        <Text fw={700}>Total {usd(detail.total)}</Text>
        <Text size="sm" c="dimmed">
          {formatVes(toCents(detail.totalVes))} a la tasa de hoy
        </Text>
      </Stack>
      {detail.result && (
        <Alert mt="sm" color={detail.status === 'descartada' ? 'gray' : 'green'} data-testid="resultado-solicitud">
          {detail.status === 'vendida' ? (
            <>
              Vendida:{' '}
              <Anchor component={Link} to={`/dashboard/venta/documento/${detail.result}`} data-testid="venta-de-solicitud">
                {detail.result}
              </Anchor>
            </>
          ) : (
            detail.result
          )}
          {detail.processedAt ? ` (${formatDateTime(detail.processedAt)}${detail.processedBy ? `, ${detail.processedBy}` : ''})` : ''}
        </Alert>
      )}
      {open && (
        <Stack gap="md" mt="md">
          <Form method="post" data-testid="form-procesar">
            <input type="hidden" name="intent" value="procesar" />
            <input type="hidden" name="id" value={detail.id} />
            <Stack gap="xs">
              <TextInput label="Nota" name="note" error={result?.intent === 'procesar' ? fieldError(result, 'note') : undefined} />
              <Refusal result={result} intent="procesar" />
              <Group gap="xs" wrap="wrap">
                <Button
                  type="submit"
                  name="resultado"
                  value="pedido"
                  loading={navigation.state === 'submitting'}
                  data-testid="anotar-pedido"
                >
                  Anotar como pedido
                </Button>
                <Button
                  component={Link}
                  to={`/dashboard/venta/nueva?prospecto=${detail.id}`}
                  variant="light"
                  data-testid="procesar-como-venta"
                >
                  Procesar como venta
                </Button>
                <Button type="submit" name="resultado" value="descartada" variant="default" data-testid="descartar">
                  Descartar
                </Button>
              </Group>
            </Stack>
          </Form>
          <Form method="post" data-testid="form-cotizar">
            <input type="hidden" name="intent" value="cotizar" />
            <input type="hidden" name="id" value={detail.id} />
            <Text size="sm" fw={500} mb={6}>
              Cotizar de nuevo (precios del catálogo de hoy)
            </Text>
            <LineInputs result={result?.intent === 'cotizar' ? result : undefined} initial={detail.lines} />
            <Refusal result={result} intent="cotizar" />
            <Button type="submit" variant="default" mt="sm" data-testid="cotizar">
              Cotizar de nuevo
            </Button>
          </Form>
        </Stack>
      )}
    </Card>
  );
}

export default function Prospectos({ loaderData, actionData }: Route.ComponentProps) {
  const { requests, meta, detail, detailError, query } = loaderData;
  const result = actionData as ActionResult | undefined;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Prospectos
        </Title>
        <Text size="sm" c="dimmed">
          Solicitudes de clientes posibles o mayoristas: cotizadas con los precios del catálogo y anotadas como pedido, procesadas como
          venta o descartadas.
        </Text>
      </div>
      {detailError && <Alert color="red">{detailError}</Alert>}
      {detail && <Solicitud key={detail.id} detail={detail} result={result} />}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Solicitudes
        </Title>
        <Form method="get">
          <Group align="flex-end" gap="xs" wrap="wrap" mb="sm">
            <TextInput
              label="Buscar"
              name="search"
              placeholder="Nombre, cédula, teléfono o correo"
              defaultValue={query.search}
              style={{ flex: 1, minWidth: 180 }}
            />
            <NativeSelect
              label="Estado"
              name="filter"
              defaultValue={query.filter}
              data={[{ value: '', label: 'Todas' }, ...PROSPECT_STATUSES.map((s) => ({ value: s, label: PROSPECT_STATUS_LABELS[s] }))]}
            />
            <Button type="submit" variant="default">
              Filtrar
            </Button>
          </Group>
        </Form>
        {requests.length === 0 ? (
          <Text size="sm" c="dimmed">
            No hay solicitudes.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped withTableBorder data-testid="solicitudes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Solicitud</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th ta="right">Unidades</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Estado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${PAGE}?solicitud=${r.id}`} size="sm">
                        #{r.id} · {r.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {[r.dni, r.phone].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td style={NOWRAP}>{formatDateTime(r.createdAt)}</Table.Td>
                    <Table.Td ta="right">{r.units}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      {usd(r.total)}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[r.status]} variant="light">
                        {PROSPECT_STATUS_LABELS[r.status]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Paginacion meta={meta} label="solicitudes" />
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Nueva key={detail?.id ?? 'nueva'} result={result} />
        <Articulos loaderData={loaderData} />
      </SimpleGrid>
    </Stack>
  );
}
