// /dashboard/galeria (admin, inventario): the gallery's photos, newest first, each with a button to
// remove it; «Subir fotos» leads to the upload page.
import { Alert, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { data, Form, Link } from 'react-router';
import { eliminar, fotos as fotosRoute, GALERIA_ROLES } from '#domain/contracts/galeria.ts';
import { formatDate } from '#domain/dates.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/galeria';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, GALERIA_ROLES);
  const params = new URL(request.url).searchParams;
  const page = params.get('page') ?? '';
  const { items, meta } = unwrapList(
    await context.api.call(fotosRoute, { page: /^[1-9]\d{0,6}$/.test(page) ? page : undefined, per_page: 24 }),
  );
  return { fotos: items, meta, subidas: params.get('subidas') };
}

type ActionResult = FormErrors & { removed?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, GALERIA_ROLES);
  const form = await request.formData();
  const response = await context.api.call(eliminar, { id: String(form.get('id') ?? '') });
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return { removed: true } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Galería');
}

export default function GaleriaPanel({ loaderData, actionData }: Route.ComponentProps) {
  const { fotos, meta, subidas } = loaderData;
  const result = actionData as ActionResult | undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Galería</Title>
        <Button component={Link} to="/dashboard/galeria/UploadImage" data-testid="ir-a-subir">
          Subir fotos
        </Button>
      </Group>
      {subidas && (
        <Alert color="green" role="status" data-testid="fotos-subidas">
          {subidas === '1' ? 'Se subió 1 foto.' : `Se subieron ${subidas} fotos.`}
        </Alert>
      )}
      {result?.removed && (
        <Alert color="green" role="status">
          Foto quitada de la galería.
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      {fotos.length === 0 ? (
        <Text c="dimmed">La galería aún no tiene fotos.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {fotos.map((foto) => (
            <Card key={foto.id} withBorder padding="xs" data-testid="foto-panel">
              <Card.Section>
                <Image src={foto.thumb} alt={foto.title || 'Foto de la galería'} style={{ aspectRatio: '4 / 3', objectFit: 'cover' }} />
              </Card.Section>
              <Text size="xs" mt={6} lineClamp={1}>
                {foto.title || 'Sin título'}
              </Text>
              <Text size="xs" c="dimmed">
                {foto.width} × {foto.height} px · {formatDate(foto.created_at)}
              </Text>
              <Form method="post">
                <input type="hidden" name="id" value={foto.id} />
                <Button type="submit" size="compact-xs" variant="subtle" color="red" mt={4}>
                  Quitar
                </Button>
              </Form>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Paginacion meta={meta} label="fotos" />
    </Stack>
  );
}
