import { Alert } from '@mantine/core';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/password-email';
import { ACCOUNTS_PENDING, AuthPage } from './auth-page.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Recuperar contraseña'), { name: 'robots', content: 'noindex' }];
}

export default function Page() {
  return (
    <AuthPage title="Recuperar contraseña">
      <Alert color="gray">{ACCOUNTS_PENDING}</Alert>
    </AuthPage>
  );
}
