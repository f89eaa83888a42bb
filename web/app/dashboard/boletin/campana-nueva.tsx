// /dashboard/boletin/nueva (admin): writes a campaign, saved as a draft; its page then sends a test
// and the campaign. With ?buscar= the loader answers the product picker's search.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { data, Link, redirect } from 'react-router';
import { BOLETIN_ROLES, crearCampana } from '#domain/contracts/boletin.ts';
import { buscarArticulos } from '#domain/contracts/catalogo.ts';
import { formInput, orFallback } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/campana-nueva';
import { type CampanaFormResult, campanaValues, FormCampana, type ProductoElegido } from './form-campana.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, BOLETIN_ROLES);
  const search = (new URL(request.url).searchParams.get('buscar') ?? '').trim().slice(0, 100);
  if (search.length < 2) return { resultados: [] as ProductoElegido[] };
  const response = await context.api.call(buscarArticulos, { search, per_page: '8' });
  return { resultados: orFallback(response, []) as ProductoElegido[] };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, BOLETIN_ROLES);
  const values = campanaValues(await request.formData());
  const response = await context.api.call(crearCampana, formInput(crearCampana, values));
  if (!response.body.success) return data<CampanaFormResult>({ ...formErrors(response), values }, { status: response.status });
  return redirect(`/dashboard/boletin/${response.body.data.id}`);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Nueva campaña');
}

export default function CampanaNueva({ actionData }: Route.ComponentProps) {
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Nueva campaña</Title>
        <Anchor component={Link} to="/dashboard/boletin">
          ← Boletín
        </Anchor>
      </Group>
      <FormCampana campana={null} productos={[]} result={actionData as CampanaFormResult | undefined} submitLabel="Guardar borrador" />
    </Stack>
  );
}
