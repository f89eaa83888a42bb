import { Alert } from '@mantine/core';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/signup';
import { ACCOUNTS_PENDING, AuthPage } from './auth-page.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Crear cuenta'), { name: 'robots', content: 'noindex' }];
}

export default function Page() {
  return (
    <AuthPage title="Crear cuenta">
      <Alert color="gray">{ACCOUNTS_PENDING}</Alert>
    </AuthPage>
  );
}
