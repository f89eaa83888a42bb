import { Alert } from '@mantine/core';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/login';
import { ACCOUNTS_PENDING, AuthPage, guardMessage } from './auth-page.tsx';

export function loader({ request }: Route.LoaderArgs) {
  return { mensaje: guardMessage(request) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Ingresar'), { name: 'robots', content: 'noindex' }];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <AuthPage title="Ingresar" mensaje={loaderData.mensaje}>
      <Alert color="gray">{ACCOUNTS_PENDING}</Alert>
    </AuthPage>
  );
}
