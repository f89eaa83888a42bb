// /dashboard/contacto (admin): the messages sent from /contact, newest first, with the unread count;
// ?mensaje=<id> opens one: mark it read or unread, and reply by e-mail (the reply stays in its thread).
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import {
  CONTACTO_LIMITS,
  CONTACTO_ROLES,
  type Informe,
  marcarLeido,
  obtenerInformes,
  repuestaInforme,
  sinLeer,
  verInforme,
} from '#domain/contracts/contacto.ts';
import { formatDateTime } from '#domain/dates.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { formInput, orFallback, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/bandeja';

const FILTERS = [
  { value: '', label: 'Todos' },
  { value: 'no-leidos', label: 'No leídos' },
  { value: 'leidos', label: 'Leídos' },
];

const isId = (v: string | null): v is string => !!v && /^[1-9]\d{0,8}$/.test(v);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, CONTACTO_ROLES);
  const params = new URL(request.url).searchParams;
  const filter = (FILTERS.find((f) => f.value === params.get('filter'))?.value ?? '') as '' | 'no-leidos' | 'leidos';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const page = params.get('page');
  const selected = params.get('mensaje');
  const [list, unread, detail] = await Promise.all([
    context.api.call(obtenerInformes, { page: isId(page) ? page : undefined, filter: filter || undefined, search: search || undefined }),
    context.api.call(sinLeer, {}),
    isId(selected) ? context.api.call(verInforme, { id: selected }) : Promise.resolve(null),
  ]);
  const { items, meta } = unwrapList(list);
  return {
    messages: items,
    meta,
    unread: orFallback(unread, { total: 0 }).total,
    detail: detail?.body.success ? detail.body.data : null,
    detailError: detail && !detail.body.success ? detail.body.message : null,
    query: { filter, search },
  };
}

type ActionResult = FormErrors & { done?: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, CONTACTO_ROLES);
  const form = await request.formData();
  const id = Number(form.get('id'));
  if (form.get('intent') === 'responder') {
    const response = await context.api.call(
      repuestaInforme,
      formInput(repuestaInforme, { id, message: String(form.get('message') ?? '') }),
    );
    if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
    return { done: `Respuesta enviada a ${response.body.data.attributes.email}.` } satisfies ActionResult;
  }
  const response = await context.api.call(marcarLeido, { id, readed: form.get('readed') === 'true' });
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return {
    done: response.body.data.attributes.readed ? 'Mensaje marcado como leído.' : 'Mensaje marcado como no leído.',
  } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Mensajes de contacto');
}

function Detalle({ informe, result }: { informe: Informe; result: ActionResult | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const a = informe.attributes;
  return (
    <Card withBorder padding="lg" data-testid="detalle-mensaje">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {a.subject}
          </Title>
          <Badge color={a.readed ? 'gray' : 'red'} variant="light">
            {a.readed ? 'Leído' : 'No leído'}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <strong>{a.name}</strong> · <Anchor href={`mailto:${a.email}`}>{a.email}</Anchor>
          {a.phone ? ` · ${a.phone}` : ''} · {formatDateTime(a.created_at)}
        </Text>
        <Paper withBorder p="sm" bg="gray.0">
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="texto-mensaje">
            {a.message}
          </Text>
        </Paper>
        {a.replies.map((r) => (
          <Paper key={r.id} withBorder p="sm" ml={{ base: 'sm', sm: 'xl' }} data-testid="respuesta">
            <Text size="xs" c="dimmed" mb={4}>
              Respuesta de {r.user ?? 'la tienda'} · {formatDateTime(r.created_at)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.message}</Text>
          </Paper>
        ))}
        {result?.done && (
          <Alert color="green" role="status" data-testid="accion-hecha">
            {result.done}
          </Alert>
        )}
        {result?.message && !result.errors && (
          <Alert color="red" role="alert">
            {result.message}
          </Alert>
        )}
        <Form method="post">
          <input type="hidden" name="id" value={informe.id} />
          <input type="hidden" name="readed" value={a.readed ? 'false' : 'true'} />
          <Button type="submit" name="intent" value="leido" variant="light" size="xs" data-testid="marcar-leido">
            {a.readed ? 'Marcar como no leído' : 'Marcar como leído'}
          </Button>
        </Form>
        <Form method="post" key={a.replies.length}>
          <input type="hidden" name="id" value={informe.id} />
          <Stack gap="xs">
            <Textarea
              label={`Responder a ${a.email}`}
              name="message"
              required
              autosize
              minRows={3}
              maxLength={CONTACTO_LIMITS.reply}
              error={fieldError(result, 'message')}
            />
            <Button
              type="submit"
              name="intent"
              value="responder"
              loading={busy}
              style={{ alignSelf: 'flex-start' }}
              data-testid="enviar-respuesta"
            >
              Enviar respuesta
            </Button>
          </Stack>
        </Form>
      </Stack>
    </Card>
  );
}

export default function Bandeja({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, meta, unread, detail, detailError, query } = loaderData;
  const linkTo = (id: number) => {
    const params = new URLSearchParams();
    if (query.filter) params.set('filter', query.filter);
    if (query.search) params.set('search', query.search);
    params.set('mensaje', String(id));
    return `/dashboard/contacto?${params}`;
  };
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Title order={1}>Mensajes de contacto</Title>
        <Badge color={unread > 0 ? 'red' : 'gray'} size="lg" data-testid="no-leidos">
          {unread === 1 ? '1 sin leer' : `${unread} sin leer`}
        </Badge>
      </Group>
      {detailError && <Alert color="red">{detailError}</Alert>}
      {detail && <Detalle informe={detail} result={actionData as ActionResult | undefined} />}
      <Card withBorder padding="sm">
        <Form method="get">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Buscar"
              name="search"
              placeholder="Nombre, correo o asunto"
              defaultValue={query.search}
              style={{ flex: '1 1 200px' }}
            />
            <NativeSelect label="Mostrar" name="filter" defaultValue={query.filter} data={FILTERS} />
            <Button type="submit" variant="light">
              Filtrar
            </Button>
          </Group>
        </Form>
      </Card>
      {messages.length === 0 ? (
        <Text c="dimmed">No hay mensajes{query.filter || query.search ? ' con ese filtro' : ''}.</Text>
      ) : (
        <Stack gap="xs" data-testid="lista-mensajes">
          {messages.map((m) => (
            <Paper
              key={m.id}
              withBorder
              p="sm"
              component={Link}
              to={linkTo(m.id)}
              style={{
                textDecoration: 'none',
                color: 'inherit',
                borderColor: detail?.id === m.id ? 'var(--mantine-primary-color-filled)' : undefined,
              }}
              data-testid="mensaje"
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={m.attributes.readed ? 400 : 700} truncate style={{ minWidth: 0 }}>
                  {m.attributes.subject}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(m.attributes.created_at)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {m.attributes.name} · {m.attributes.email}
                {m.attributes.replies.length > 0
                  ? ` · ${m.attributes.replies.length} respuesta${m.attributes.replies.length === 1 ? '' : 's'}`
                  : ''}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <Paginacion meta={meta} label="mensajes" />
    </Stack>
  );
}
