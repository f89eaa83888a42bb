// /dashboard/boletin/{campaña} (admin): a campaign. Until it starts (draft or scheduled) it can be
// changed, tried on the admin's own address, sent to every confirmed subscriber now or scheduled
// for a Caracas date and time (moved or cancelled until then); while it is being sent (in batches,
// by the periodic jobs) the page refreshes its progress bar; below, who it was sent to, one per row.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  TypographyStylesProvider,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { data, Form, Link, useNavigation, useRevalidator } from 'react-router';
import {
  BOLETIN_ROLES,
  cancelarProgramacion,
  editarCampana,
  enviarCampana,
  enviosCampana,
  probarCampana,
  programarCampana,
  suscriptores,
  verCampana,
} from '#domain/contracts/boletin.ts';
import { articulo } from '#domain/contracts/catalogo.ts';
import { caracasIsoDate, formatDateTime } from '#domain/dates.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { Precio } from '#web/components/precio.tsx';
import { formInput, unwrap, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/campana';
import { Avance, ESTADO_CAMPANA } from './estados.tsx';
import { type CampanaFormResult, campanaValues, FormCampana, type ProductoElegido } from './form-campana.tsx';
import { ProgramarEnvio, type ProgramarResult } from './programar-envio.tsx';

const isPage = (v: string | null): v is string => !!v && /^[1-9]\d{0,5}$/.test(v);
/** Draft or scheduled: its text, its time and «send now» are still open. */
const sinEmpezar = (estado: string) => estado === 'borrador' || estado === 'programada';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, BOLETIN_ROLES);
  const page = new URL(request.url).searchParams.get('page');
  const campana = unwrap(await context.api.call(verCampana, { id: params.campana }));
  const [envios, confirmados, productos] = await Promise.all([
    context.api.call(enviosCampana, { id: params.campana, page: isPage(page) ? page : undefined }),
    sinEmpezar(campana.estado) ? context.api.call(suscriptores, { filter: 'confirmado', per_page: '1' }) : Promise.resolve(null),
    Promise.all(campana.productos.map((code) => context.api.call(articulo, { code }))),
  ]);
  const log = unwrapList(envios);
  const elegidos: ProductoElegido[] = productos.flatMap((r) => (r.body.success ? [r.body.data] : []));
  const total = confirmados?.body.success ? (confirmados.body.meta?.total ?? 0) : null;
  return { campana, envios: log.items, meta: log.meta, confirmados: total, productos: elegidos, today: caracasIsoDate(new Date()) };
}

type ActionResult = CampanaFormResult & { programar?: ProgramarResult };

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireRole(request, context.api, BOLETIN_ROLES);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'prueba') {
    const response = await context.api.call(probarCampana, { id: params.campana });
    if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
    return { done: response.body.data.message } satisfies ActionResult;
  }
  if (intent === 'enviar') {
    const response = await context.api.call(enviarCampana, { id: params.campana });
    if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
    return { done: 'El envío empezó: la barra muestra su avance.' } satisfies ActionResult;
  }
  if (intent === 'programar') {
    const programada_para = String(form.get('programada_para') ?? '');
    const response = await context.api.call(programarCampana, { id: params.campana, programada_para });
    if (!response.body.success) {
      return data<ActionResult>({ programar: { ...formErrors(response), programada_para } }, { status: response.status });
    }
    return { done: 'Campaña programada: la cola de tareas la empezará a esa hora.' } satisfies ActionResult;
  }
  if (intent === 'cancelar-programacion') {
    const response = await context.api.call(cancelarProgramacion, { id: params.campana });
    if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
    return { done: 'Programación cancelada: la campaña volvió a borrador.' } satisfies ActionResult;
  }
  const values = campanaValues(form);
  const response = await context.api.call(editarCampana, formInput(editarCampana, { id: params.campana, ...values }));
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), values }, { status: response.status });
  return { done: 'Cambios guardados.' } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Campaña del boletín');
}

/** While the campaign is being sent, the page reads its progress again every two seconds. */
function useRefrescarMientras(activo: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!activo) return;
    const timer = setInterval(() => {
      if (state === 'idle') void revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [activo, revalidate, state]);
}

export default function CampanaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campana, envios, meta, confirmados, productos, today } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const [confirmar, setConfirmar] = useState(false);
  useRefrescarMientras(campana.estado === 'enviando');
  const estado = ESTADO_CAMPANA[campana.estado];
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to="/dashboard/boletin">
          ← Boletín
        </Anchor>
        <Badge color={estado.color} variant="light" size="lg" data-testid="estado-campana">
          {estado.label}
        </Badge>
      </Group>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {campana.asunto}
      </Title>
      {result?.done && (
        <Alert color="green" role="status" data-testid="accion-hecha">
          {result.done}
        </Alert>
      )}
      {result?.message && !result.values && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}

      {sinEmpezar(campana.estado) ? (
        <>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Text>
                Pruébela en su correo antes de enviarla. Se enviará a{' '}
                <strong data-testid="confirmados">{(confirmados ?? 0).toLocaleString('es-VE')}</strong> suscriptores confirmados, por lotes.
              </Text>
              <Group gap="sm" wrap="wrap">
                <Form method="post">
                  <Button type="submit" name="intent" value="prueba" variant="light" loading={busy} data-testid="enviar-prueba">
                    Enviarme una prueba
                  </Button>
                </Form>
                <Button onClick={() => setConfirmar(true)} disabled={!confirmados} data-testid="enviar-campana">
                  {campana.estado === 'programada' ? 'Enviar ahora' : 'Enviar a todos'}
                </Button>
              </Group>
            </Stack>
          </Card>
          <ProgramarEnvio campana={campana} today={today} result={result?.programar} />
          <Modal opened={confirmar} onClose={() => setConfirmar(false)} title="Enviar la campaña">
            <Stack gap="sm">
              <Text>
                «{campana.asunto}» saldrá a {(confirmados ?? 0).toLocaleString('es-VE')} suscriptores. Después no se puede cambiar.
              </Text>
              <Form method="post" onSubmit={() => setConfirmar(false)}>
                <Button type="submit" name="intent" value="enviar" data-testid="confirmar-envio">
                  Sí, enviar
                </Button>
              </Form>
            </Stack>
          </Modal>
          <Title order={2} size="h3">
            {campana.estado === 'programada' ? 'Editar la campaña' : 'Editar el borrador'}
          </Title>
          <FormCampana campana={campana} productos={productos} result={result?.values ? result : undefined} submitLabel="Guardar cambios" />
        </>
      ) : (
        <>
          <Card withBorder padding="md">
            <Stack gap="xs">
              <Avance campana={campana} />
              <Text size="sm" c="dimmed">
                {campana.startedAt && `Empezó el ${formatDateTime(campana.startedAt)}`}
                {campana.finishedAt && ` · terminó el ${formatDateTime(campana.finishedAt)}`}
              </Text>
            </Stack>
          </Card>
          <Paper withBorder p="md">
            <TypographyStylesProvider>
              <div
                style={{ overflowWrap: 'anywhere' }}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server when saved (server/src/html.ts allow-list: no scripts, events, SVG or javascript: links)
                dangerouslySetInnerHTML={{ __html: campana.contenido }}
              />
            </TypographyStylesProvider>
            {productos.length > 0 && (
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="sm">
                {productos.map((p) => (
                  <Stack key={p.model} gap={2}>
                    <img src={p.image} alt="" style={{ width: '100%', height: 90, objectFit: 'contain' }} />
                    <Text size="sm">{p.name}</Text>
                    <Precio price={p.price} promotion={p.promotion} discount={p.discount} size="sm" />
                  </Stack>
                ))}
              </SimpleGrid>
            )}
          </Paper>
          <Title order={2} size="h3">
            Enviada a
          </Title>
          {envios.length === 0 ? (
            <Text c="dimmed">Todavía no sale ningún correo.</Text>
          ) : (
            <Table.ScrollContainer minWidth={0}>
              <Table striped data-testid="registro-envios">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Correo</Table.Th>
                    <Table.Th>Hora</Table.Th>
                    <Table.Th>En la bandeja</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {envios.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.email}</Table.Td>
                      <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
                      <Table.Td>{e.correoId ? `n.º ${e.correoId}` : 'Omitido (límite por hora)'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Paginacion meta={meta} label="envíos" />
        </>
      )}
    </Stack>
  );
}
