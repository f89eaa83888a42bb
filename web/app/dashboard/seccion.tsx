// Dashboard sections that later issues build (sales, accounts, catalogue admin…): a clear notice.
import { Alert, Title } from '@mantine/core';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/seccion';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Sección del panel');
}

export default function Seccion() {
  return (
    <>
      <Title order={1} mb="md">
        Sección del panel
      </Title>
      <Alert color="gray">Esta sección del panel todavía no está disponible en esta versión.</Alert>
    </>
  );
}
