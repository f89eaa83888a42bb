import { Alert } from '@mantine/core';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/social-callback';
import { ACCOUNTS_PENDING, AuthPage } from './auth-page.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Ingreso con redes sociales'), { name: 'robots', content: 'noindex' }];
}

export default function Page() {
  return (
    <AuthPage title="Ingreso con redes sociales">
      <Alert color="gray">{ACCOUNTS_PENDING}</Alert>
    </AuthPage>
  );
}
