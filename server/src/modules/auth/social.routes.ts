// /api/auth/social/*: start a Google or Facebook login and finish it on the callback page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/auth.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { safeEqual } from '#server/tokens.ts';
import { socialLogin } from './auth.service.ts';
import { clientOf, setDeviceCookie, setSessionCookie } from './session.ts';
import { generateCodeVerifier, generateState, type SocialProvider, socialProviders } from './social.ts';

const FLOW_COOKIES = ['oauth_state', 'oauth_verifier', 'oauth_provider', 'oauth_volver'] as const;

function flowCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string) {
  void reply.setCookie(name, value, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/', maxAge: 600 });
}

export async function socialRoutes(app: FastifyInstance): Promise<void> {
  let providers: SocialProvider[] | null = null;
  const enabled = () => {
    providers ??= socialProviders(app.deps.env, app.authContext().publicUrl);
    return providers;
  };

  route(app, contract.socialProveedores, { access: 'public' }, async () => ok(enabled().map((p) => ({ id: p.id, label: p.label }))));

  route(app, contract.socialIr, { access: 'public' }, async (request, reply) => {
    const provider = enabled().find((p) => p.id === request.params.provider);
    if (!provider) throw new NoEncontrado('Ese proveedor de ingreso no está habilitado.');
    const state = generateState();
    const verifier = generateCodeVerifier();
    flowCookie(request, reply, 'oauth_state', state);
    flowCookie(request, reply, 'oauth_verifier', verifier);
    flowCookie(request, reply, 'oauth_provider', provider.id);
    // Only a path of this store travels; the callback page checks it again before redirecting.
    const volver = request.query.volver;
    if (volver?.startsWith('/') && !/^[/\\]{2}/.test(volver)) flowCookie(request, reply, 'oauth_volver', volver);
    else void reply.clearCookie('oauth_volver', { path: '/' });
    return reply.redirect(provider.authorizationUrl(state, verifier).toString());
  });

  route(app, contract.socialCallback, { access: 'public', rateLimit: { max: 20, timeWindow: 15 * 60_000 } }, async (request, reply) => {
    const cookies = request.cookies ?? {};
    for (const name of FLOW_COOKIES) void reply.clearCookie(name, { path: '/' });
    const provider = enabled().find((p) => p.id === cookies.oauth_provider);
    if (!provider || !cookies.oauth_state || !cookies.oauth_verifier || !safeEqual(cookies.oauth_state, request.body.state)) {
      throw new ReglaNegocio('El ingreso con redes sociales no es válido o venció. Intente de nuevo.');
    }
    let profile: Awaited<ReturnType<SocialProvider['exchange']>>;
    try {
      profile = await provider.exchange(request.body.code, cookies.oauth_verifier);
    } catch (error) {
      request.log.warn({ err: error, provider: provider.id }, 'ingreso social rechazado');
      throw new ReglaNegocio(`${provider.label} no confirmó el ingreso. Intente de nuevo.`);
    }
    const { session, user } = await socialLogin(app.authContext(), profile, clientOf(request));
    setSessionCookie(request, reply, session);
    setDeviceCookie(request, reply, app.authContext().secret, user.email);
    return ok(user);
  });
}
