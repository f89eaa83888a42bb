// /api/auth/social/*: start a Google or Facebook login and finish it on the callback page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NoEncontrado, ReglaNegocio } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { socialLogin } from './auth.service.ts';
import { clientOf, setSessionCookie } from './session.ts';
import { generateCodeVerifier, generateState, type SocialProvider, socialProviders } from './social.ts';
import { safeEqual } from './tokens.ts';

const FLOW_COOKIES = ['oauth_state', 'oauth_verifier', 'oauth_provider'] as const;

function flowCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string) {
  void reply.setCookie(name, value, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/', maxAge: 600 });
}

export async function socialRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  let providers: SocialProvider[] | null = null;
  const enabled = () => {
    providers ??= socialProviders(app.deps.env, app.authContext().publicUrl);
    return providers;
  };

  app.get(
    '/social/proveedores',
    { config: { access: 'public' }, schema: { tags, summary: 'Proveedores de ingreso social habilitados' } },
    async () => ok(enabled().map((p) => ({ id: p.id, label: p.label }))),
  );

  app.get(
    '/social/:provider',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Ir al proveedor para ingresar',
        params: z.object({ provider: z.enum(['google', 'facebook'], { error: 'Proveedor desconocido' }) }),
      },
    },
    async (request, reply) => {
      const provider = enabled().find((p) => p.id === request.params.provider);
      if (!provider) throw new NoEncontrado('Ese proveedor de ingreso no está habilitado.');
      const state = generateState();
      const verifier = generateCodeVerifier();
      flowCookie(request, reply, 'oauth_state', state);
      flowCookie(request, reply, 'oauth_verifier', verifier);
      flowCookie(request, reply, 'oauth_provider', provider.id);
      return reply.redirect(provider.authorizationUrl(state, verifier).toString());
    },
  );

  app.post(
    '/social/callback',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: 15 * 60_000 } },
      schema: {
        tags,
        summary: 'Terminar el ingreso social con el código del proveedor',
        body: z.object({
          code: z.string({ error: 'Falta el código del proveedor' }).min(1).max(2000),
          state: z.string({ error: 'Falta el estado' }).min(1).max(200),
        }),
      },
    },
    async (request, reply) => {
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
      return ok({ ...user, access_token: session.token });
    },
  );
}
