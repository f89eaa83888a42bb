// Where Google or Facebook send the visitor back: finish the login and return to the page the login
// started from, or else go to the panel (staff) or the account.
import { Alert, Anchor } from '@mantine/core';
import { Link, redirect } from 'react-router';
import { socialCallback } from '#domain/contracts/auth.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { cookieHeaders, landingFor, mergeGuestCart } from '#web/lib/session.ts';
import type { Route } from './+types/social-callback';
import { AuthPage } from './auth-page.tsx';
import { volverDeIngresoSocial } from './volver.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (!code || !state)
    return {
      error: url.searchParams.get('error') ? 'Canceló el ingreso con redes sociales.' : 'Faltan datos del proveedor para ingresar.',
    };
  const response = await context.api.call(socialCallback, { code, state });
  if (!response.body.success) return { error: response.body.message };
  const merged = await mergeGuestCart(request, context.api);
  const volver = volverDeIngresoSocial(request.headers.get('cookie'), landingFor(response.body.data));
  throw redirect(volver, { headers: cookieHeaders([...response.cookies, ...merged]) });
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Ingreso con redes sociales'), { name: 'robots', content: 'noindex' }];
}

export default function SocialCallback({ loaderData }: Route.ComponentProps) {
  return (
    <AuthPage title="Ingreso con redes sociales">
      <Alert color="red" role="alert">
        {loaderData.error}{' '}
        <Anchor component={Link} to="/auth/login">
          Volver a ingresar
        </Anchor>
      </Alert>
    </AuthPage>
  );
}
