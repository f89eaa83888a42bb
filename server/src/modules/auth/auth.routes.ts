// /api/auth/*: sign-up, login, sessions, e-mail verification, password reset, the menu.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/auth.ts';
import { filterMenu, ROLES } from '#domain/roles.ts';
import { adminSecondFactorRequired } from '#server/env.ts';
import { DemasiadasSolicitudes, NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as service from './auth.service.ts';
import { DASHBOARD_MENU } from './menu.ts';
import { POOL_FULL } from './passwords.ts';
import * as secondFactor from './segundo-factor.service.ts';
import { clearSessionCookie, clientOf, knownDevice, setDeviceCookie, setSessionCookie, tokenOf, usesBearer, withToken } from './session.ts';

const MINUTE = 60_000;

function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export const SIGNUP_SENT = 'Revise su correo para continuar: le enviamos un enlace para terminar el registro.';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = () => app.authContext();
  const loginSource = (request: FastifyRequest, email: string) => ({
    email,
    ip: request.ip,
    device: knownDevice(request, ctx().secret, email),
  });

  // The same answer and no session whether the address is new or has an account (decision 0008):
  // the account is created when the e-mailed link is followed (POST /register/confirm).
  route(app, contract.register, { access: 'public', rateLimit: { max: 10, timeWindow: 60 * MINUTE } }, async ({ body }) => {
    const { nickname, email, password } = body;
    ctx().background.run('registro', () => service.register(ctx(), { nickname, email, password }));
    return ok({ message: SIGNUP_SENT });
  });

  route(app, contract.registerConfirm, { access: 'public', rateLimit: { max: 20, timeWindow: 15 * MINUTE } }, async (request, reply) => {
    const { codigo, remember: keep, token } = request.body;
    const { session, user } = await service.confirmRegistration(ctx(), codigo, keep, clientOf(request));
    setSessionCookie(request, reply, session);
    setDeviceCookie(request, reply, ctx().secret, user.email);
    return ok(withToken(user, session, token));
  });

  route(
    app,
    contract.login,
    {
      access: 'public',
      // A flood guard per IP (shared through Redis when REDIS_URL is set), checked once the body
      // is read so that the account's known devices are left out of it. Wrong passwords have
      // their own limits (admitLogin).
      rateLimit: {
        max: 60,
        timeWindow: 15 * MINUTE,
        hook: 'preHandler',
        allowList: (request) => loginSource(request, (request.body as { email: string }).email).device !== null,
      },
    },
    async (request, reply) => {
      // Refused before any database read or hash when the password pool is full (decision 0026);
      // a known device of the account has a lane of its own there.
      const source = loginSource(request, request.body.email);
      if (service.passwordPool(ctx()).full(source.device ? 'reservada' : 'general')) throw new DemasiadasSolicitudes(POOL_FULL, 1);
      const refused = await service.admitLogin(ctx(), source);
      if (refused) throw new DemasiadasSolicitudes(refused.message, refused.retryAfterSeconds);
      const result = await service.login(ctx(), request.body, clientOf(request), source);
      if (result.secondStep) {
        return ok({
          second_factor: 'totp' as const,
          ...result.secondStep,
          message: 'Escriba el código de 6 dígitos de su aplicación de verificación (o un código de recuperación).',
        });
      }
      const { session, user } = result;
      setSessionCookie(request, reply, session);
      setDeviceCookie(request, reply, ctx().secret, user.email);
      return ok(withToken(user, session, request.body.token));
    },
  );

  // The second step: the same limits as the password (a wrong code counts as a wrong password for
  // the challenge's account and this browser); the known device is judged by its own failures.
  route(
    app,
    contract.loginSecondStep,
    {
      access: 'public',
      rateLimit: {
        max: 60,
        timeWindow: 15 * MINUTE,
        hook: 'preHandler',
        allowList: (request) => {
          const email = secondFactor.challengeEmail((request.body as { challenge: string }).challenge);
          return email !== null && knownDevice(request, ctx().secret, email) !== null;
        },
      },
    },
    async (request, reply) => {
      // The password was right: the pool's reserved lane (the code step hashes only recovery codes).
      if (service.passwordPool(ctx()).full('reservada')) throw new DemasiadasSolicitudes(POOL_FULL, 1);
      const pending = await secondFactor.readChallenge(ctx(), request.body.challenge);
      const source = loginSource(request, pending.user.email);
      const refused = await service.admitLogin(ctx(), source);
      if (refused) throw new DemasiadasSolicitudes(refused.message, refused.retryAfterSeconds);
      const { session, user } = await service.completeLogin(ctx(), pending, request.body.code, clientOf(request), source);
      setSessionCookie(request, reply, session);
      setDeviceCookie(request, reply, ctx().secret, user.email);
      return ok(withToken(user, session, request.body.token || pending.token));
    },
  );

  route(app, contract.refresh, { access: 'usuario' }, async (request, reply) => {
    const user = request.user;
    if (!user) throw new NoAutorizado();
    const { session, user: shape } = await service.refresh(ctx(), user, clientOf(request));
    setSessionCookie(request, reply, session);
    return ok(withToken(shape, session, usesBearer(request)));
  });

  route(app, contract.logout, { access: 'public' }, async (request, reply) => {
    await service.logout(ctx(), tokenOf(request));
    clearSessionCookie(request, reply);
    return ok({ message: 'Sesión cerrada.' });
  });

  route(
    app,
    contract.emailResend,
    {
      access: 'usuario',
      rateLimit: {
        max: 3,
        timeWindow: 15 * MINUTE,
        keyGenerator: (r) => `reenvio:${r.cookies?.access_token ?? r.headers.authorization ?? r.ip}`,
      },
    },
    async (request) => {
      const result = await service.resendVerification(ctx(), request.user?.id ?? 0);
      return ok({ message: result === 'enviado' ? 'Le enviamos un nuevo enlace de verificación.' : 'Su correo ya está verificado.' });
    },
  );

  route(app, contract.emailVerify, { access: 'public' }, async (request, reply) => {
    await service.verifyEmail(ctx(), { ...request.params, ...request.query });
    if (request.headers.accept?.includes('text/html')) return reply.redirect('/mi-cuenta?mensaje=correo-verificado');
    return ok({ message: 'Su correo fue verificado.' });
  });

  route(app, contract.passwordEmail, { access: 'public', rateLimit: { max: 10, timeWindow: 15 * MINUTE } }, async ({ body }) => {
    // After answering, so the answer takes the same time whether or not the address has an
    // account; the mailer caps how many reset mails one address gets per hour.
    ctx().background.run('restablecer-clave', () => service.requestPasswordReset(ctx(), body.email));
    return ok({ message: 'Si el correo está registrado, recibirá un enlace para restablecer su contraseña.' });
  });

  route(app, contract.passwordReset, { access: 'public', rateLimit: { max: 10, timeWindow: 15 * MINUTE } }, async ({ body }) => {
    await service.resetPassword(ctx(), body);
    return ok({ message: 'Su contraseña fue restablecida. Ya puede iniciar sesión.' });
  });

  // The staff's second factor (decision 0039): every staff role may enrol; an admin may reset another's.
  const staff = { access: ROLES, enrolment: true } as const;
  const adminRequired = adminSecondFactorRequired(app.deps.env);
  route(app, contract.segundoFactorEstado, staff, async ({ user }) => ok(await secondFactor.status(ctx(), signedIn(user), adminRequired)));
  route(app, contract.segundoFactorIniciar, staff, async ({ user, body }) =>
    ok(await secondFactor.begin(ctx(), signedIn(user), body.code)),
  );
  route(app, contract.segundoFactorConfirmar, staff, async ({ user, body }) =>
    ok(await secondFactor.confirm(ctx(), signedIn(user), body.code)),
  );
  route(app, contract.segundoFactorDesactivar, staff, async ({ user, body }) =>
    ok(await secondFactor.disable(ctx(), signedIn(user), body.code)),
  );
  route(app, contract.segundoFactorRestablecer, { access: ['admin'] }, async (request) => {
    const admin = signedIn(request.user);
    const answer = await secondFactor.reset(ctx(), admin, request.body.userId);
    // There is no audit table: the log keeps who reset whose factor, as for the server's other events.
    request.log.warn(
      { evento: 'segundo-factor-restablecido', admin: admin.id, usuario: request.body.userId },
      'segundo factor restablecido por un admin',
    );
    return ok(answer);
  });

  route(app, contract.menu, { access: 'usuario' }, async (request) => ok(filterMenu(DASHBOARD_MENU, request.user?.roles ?? [])));
}
