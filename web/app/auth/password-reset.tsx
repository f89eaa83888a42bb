import { Alert } from '@mantine/core';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/password-reset';
import { ACCOUNTS_PENDING, AuthPage } from './auth-page.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Restablecer contraseña'), { name: 'robots', content: 'noindex' }];
}

export default function Page() {
  return (
    <AuthPage title="Restablecer contraseña">
      <Alert color="gray">{ACCOUNTS_PENDING}</Alert>
    </AuthPage>
  );
}
