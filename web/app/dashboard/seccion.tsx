// Dashboard pages of the spec not built yet (domain/dashboard-pages.ts): a clear notice, only for their roles.
import { Alert, Title } from '@mantine/core';
import { data } from 'react-router';
import { dashboardPageAt } from '#domain/dashboard-pages.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { PAGINA_NO_ENCONTRADA } from '#web/lib/no-encontrada.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/seccion';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = dashboardPageAt(new URL(request.url).pathname);
  if (!page) throw data({ message: PAGINA_NO_ENCONTRADA }, { status: 404 });
  await requireRole(request, context.api, page.roles);
  return { title: page.title };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title ?? 'Sección del panel');
}

export default function Seccion({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Title order={1} mb="md">
        {loaderData.title}
      </Title>
      <Alert color="gray" data-testid="seccion-no-disponible">
        Esta sección del panel todavía no está disponible en esta versión.
      </Alert>
    </>
  );
}
