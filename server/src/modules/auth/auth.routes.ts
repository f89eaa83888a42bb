// /api/auth/*: sign-up, login, sessions, e-mail verification, password reset, the menu.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filterMenu } from '../../../../domain/roles.ts';
import { DemasiadasSolicitudes, NoAutorizado } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './auth.service.ts';
import { DASHBOARD_MENU } from './menu.ts';
import { passwordPair, passwordsMatch } from './passwords.ts';
import { clearSessionCookie, clientOf, setSessionCookie, tokenOf } from './session.ts';

export const emailSchema = z
  .string({ error: 'El correo es obligatorio' })
  .trim()
  .toLowerCase()
  .max(254, 'El correo es demasiado largo')
  .pipe(z.email('El correo no es válido'));

const remember = z.boolean({ error: 'recordarme debe ser verdadero o falso' }).default(false);

const MINUTE = 60_000;

function accountKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return `cuenta:${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : request.ip}`;
}

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = () => app.authContext();
  const tags = ['auth'];
  // Per account, on top of the per-IP limit of the route (the plugin runs one limiter per request,
  // so this one is applied by hand).
  const perAccount = (max: number, timeWindow: number) => {
    const limiter = app.createRateLimit({ max, timeWindow, keyGenerator: accountKey });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      void reply.header('retry-after', String(result.ttlInSeconds));
      throw new DemasiadasSolicitudes();
    };
  };

  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: 60 * MINUTE } },
      schema: {
        tags,
        summary: 'Crear una cuenta de cliente',
        body: z
          .object({
            nickname: z
              .string({ error: 'El nombre es obligatorio' })
              .trim()
              .min(2, 'El nombre debe tener al menos 2 caracteres')
              .max(60, 'El nombre no puede tener más de 60 caracteres'),
            email: emailSchema,
            remember,
            ...passwordPair,
          })
          .refine(...passwordsMatch),
      },
    },
    async (request, reply) => {
      const { session, user } = await service.register(ctx(), request.body, clientOf(request));
      setSessionCookie(request, reply, session);
      return reply.status(201).send(ok({ ...user, access_token: session.token }));
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: 15 * MINUTE } },
      preHandler: perAccount(5, 15 * MINUTE),
      schema: {
        tags,
        summary: 'Iniciar sesión',
        body: z.object({
          email: emailSchema,
          password: z
            .string({ error: 'La contraseña es obligatoria' })
            .min(1, 'La contraseña es obligatoria')
            .max(128, 'La contraseña no es válida'),
          remember,
        }),
      },
    },
    async (request, reply) => {
      const { session, user } = await service.login(ctx(), request.body, clientOf(request));
      setSessionCookie(request, reply, session);
      return ok({ ...user, access_token: session.token });
    },
  );

  app.post('/refresh', { config: { access: 'usuario' }, schema: { tags, summary: 'Renovar la sesión' } }, async (request, reply) => {
    const user = request.user;
    if (!user) throw new NoAutorizado();
    const { session, user: shape } = await service.refresh(ctx(), user, clientOf(request));
    setSessionCookie(request, reply, session);
    return ok({ ...shape, access_token: session.token });
  });

  app.post('/logout', { config: { access: 'public' }, schema: { tags, summary: 'Cerrar la sesión' } }, async (request, reply) => {
    await service.logout(ctx(), tokenOf(request));
    clearSessionCookie(request, reply);
    return ok({ message: 'Sesión cerrada.' });
  });

  app.post(
    '/email/resend',
    {
      config: {
        access: 'usuario',
        rateLimit: {
          max: 3,
          timeWindow: 15 * MINUTE,
          keyGenerator: (r) => `reenvio:${r.cookies?.access_token ?? r.headers.authorization ?? r.ip}`,
        },
      },
      schema: { tags, summary: 'Reenviar el correo de verificación' },
    },
    async (request) => {
      const result = await service.resendVerification(ctx(), request.user?.id ?? 0);
      return ok({ message: result === 'enviado' ? 'Le enviamos un nuevo enlace de verificación.' : 'Su correo ya está verificado.' });
    },
  );

  app.get(
    '/email/verify/:id/:hash',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verificar el correo con el enlace firmado',
        params: z.object({
          id: z.coerce.number().int().positive('El enlace no es válido'),
          hash: z.string().regex(/^[a-f0-9]{40}$/, 'El enlace no es válido'),
        }),
        querystring: z.object({
          expires: z.coerce.number().int().positive('El enlace no es válido'),
          signature: z.string().regex(/^[a-f0-9]{64}$/, 'El enlace no es válido'),
        }),
      },
    },
    async (request, reply) => {
      await service.verifyEmail(ctx(), { ...request.params, ...request.query });
      if (request.headers.accept?.includes('text/html')) return reply.redirect('/dashboard/perfil?mensaje=correo-verificado');
      return ok({ message: 'Su correo fue verificado.' });
    },
  );

  app.post(
    '/password/email',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: 15 * MINUTE } },
      preHandler: perAccount(3, 60 * MINUTE),
      schema: { tags, summary: 'Enviar el enlace para restablecer la contraseña', body: z.object({ email: emailSchema }) },
    },
    async (request) => {
      await service.requestPasswordReset(ctx(), request.body.email);
      return ok({ message: 'Si el correo está registrado, recibirá un enlace para restablecer su contraseña.' });
    },
  );

  app.post(
    '/password/reset',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: 15 * MINUTE } },
      schema: {
        tags,
        summary: 'Restablecer la contraseña con el enlace recibido',
        body: z
          .object({
            token: z.string({ error: 'Falta el código del enlace' }).min(20, 'El enlace no es válido').max(100, 'El enlace no es válido'),
            email: emailSchema,
            ...passwordPair,
          })
          .refine(...passwordsMatch),
      },
    },
    async (request) => {
      await service.resetPassword(ctx(), request.body);
      return ok({ message: 'Su contraseña fue restablecida. Ya puede iniciar sesión.' });
    },
  );

  app.get('/menu', { config: { access: 'usuario' }, schema: { tags, summary: 'Menú del panel según los roles' } }, async (request) =>
    ok(filterMenu(DASHBOARD_MENU, request.user?.roles ?? [])),
  );
}
