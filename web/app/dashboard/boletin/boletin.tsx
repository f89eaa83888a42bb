// /dashboard/boletin (admin): the newsletter's campaigns with their progress, and its subscribers
// (paged, searched by e-mail, filtered by state).
import { Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Form, Link } from 'react-router';
import { BOLETIN_ROLES, campanas, ESTADOS_SUSCRIPTOR, suscriptores } from '#domain/contracts/boletin.ts';
import { formatDateTime } from '#domain/dates.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/boletin';
import { Avance, ESTADO_CAMPANA, ESTADO_SUSCRIPTOR } from './estados.tsx';

const isPage = (v: string | null): v is string => !!v && /^[1-9]\d{0,5}$/.test(v);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, BOLETIN_ROLES);
  const params = new URL(request.url).searchParams;
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const filter = ESTADOS_SUSCRIPTOR.find((e) => e === params.get('filter'));
  const page = params.get('page');
  const pageCampanas = params.get('campanas');
  const [subs, camps] = await Promise.all([
    context.api.call(suscriptores, { page: isPage(page) ? page : undefined, search: search || undefined, filter }),
    context.api.call(campanas, { page: isPage(pageCampanas) ? pageCampanas : undefined, per_page: '5' }),
  ]);
  const s = unwrapList(subs);
  const c = unwrapList(camps);
  return { suscriptores: s.items, meta: s.meta, campanas: c.items, metaCampanas: c.meta, query: { search, filter: filter ?? '' } };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Boletín');
}

export default function Boletin({ loaderData }: Route.ComponentProps) {
  const { suscriptores: subs, meta, campanas: camps, metaCampanas, query } = loaderData;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Boletín</Title>
        <Button component={Link} to="/dashboard/boletin/nueva" data-testid="nueva-campana">
          Nueva campaña
        </Button>
      </Group>

      <Title order={2} size="h3">
        Campañas
      </Title>
      {camps.length === 0 ? (
        <Text c="dimmed">Todavía no hay campañas.</Text>
      ) : (
        <Stack gap="xs" data-testid="lista-campanas">
          {camps.map((c) => (
            <Card
              key={c.id}
              withBorder
              padding="sm"
              component={Link}
              to={`/dashboard/boletin/${c.id}`}
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} truncate style={{ minWidth: 0 }}>
                  {c.asunto}
                </Text>
                <Badge color={ESTADO_CAMPANA[c.estado].color} variant="light">
                  {ESTADO_CAMPANA[c.estado].label}
                </Badge>
              </Group>
              {c.estado === 'programada' && c.programadaPara ? (
                <Text size="sm" data-testid="campana-programada">
                  Programada para {formatDateTime(c.programadaPara)}
                </Text>
              ) : (
                <Text size="xs" c="dimmed" mb={c.estado === 'borrador' ? 0 : 4}>
                  Creada el {formatDateTime(c.createdAt)}
                </Text>
              )}
              {(c.estado === 'enviando' || c.estado === 'enviada') && <Avance campana={c} />}
            </Card>
          ))}
        </Stack>
      )}
      <Paginacion meta={metaCampanas} param="campanas" label="campañas" />

      <Title order={2} size="h3">
        Suscriptores
      </Title>
      <Card withBorder padding="sm">
        <Form method="get">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput label="Buscar" name="search" placeholder="Correo" defaultValue={query.search} style={{ flex: '1 1 200px' }} />
            <NativeSelect
              label="Estado"
              name="filter"
              defaultValue={query.filter}
              data={[{ value: '', label: 'Todos' }, ...ESTADOS_SUSCRIPTOR.map((e) => ({ value: e, label: ESTADO_SUSCRIPTOR[e].label }))]}
            />
            <Button type="submit" variant="light">
              Filtrar
            </Button>
          </Group>
        </Form>
      </Card>
      {subs.length === 0 ? (
        <Text c="dimmed">No hay suscriptores{query.search || query.filter ? ' con ese filtro' : ''}.</Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table striped data-testid="lista-suscriptores">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Correo</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th visibleFrom="sm">Desde</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subs.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.email}</Table.Td>
                  <Table.Td>
                    <Badge color={ESTADO_SUSCRIPTOR[s.estado].color} variant="light">
                      {ESTADO_SUSCRIPTOR[s.estado].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatDateTime(s.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paginacion meta={meta} label="suscriptores" />
      <Text size="xs" c="dimmed">
        Solo los confirmados reciben las campañas; cada correo trae el enlace para darse de baja.
      </Text>
    </Stack>
  );
}
