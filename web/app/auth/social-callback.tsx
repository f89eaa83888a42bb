import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/social-callback';
import { AuthPage } from './auth-page.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Ingreso con redes sociales'), { name: 'robots', content: 'noindex' }];
}

export default function SocialCallback() {
  return (
    <AuthPage title="Ingreso con redes sociales">
      <Alert color="gray">
        El ingreso con Google o Facebook no está configurado en esta tienda.{' '}
        <Anchor component={Link} to="/auth/login">
          Ingrese con su correo
        </Anchor>
        .
      </Alert>
    </AuthPage>
  );
}
