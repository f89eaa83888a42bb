// Test helpers for logged-in calls: log in a demo user or sign up a new one, call with its bearer
// token or cookie.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD, DEMO_USERS } from '#server/db/seed/demo-usuarios.ts';
import { correos } from '#server/modules/correo/correo.schema.ts';

let ipCounter = 1;
/** Each login from its own address, so per-IP limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/** The session of a login or a confirmed sign-up, asking for the token as an API client does. */
function sessionOf(response: Awaited<ReturnType<FastifyInstance['inject']>>, what: string) {
  if (response.statusCode !== 200 && response.statusCode !== 201) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  const cookie = String(response.headers['set-cookie']).split(';')[0];
  return { token: response.json().data.access_token as string, cookie, user: response.json().data };
}

export async function loginAs(app: FastifyInstance, email: string, password = DEMO_PASSWORD, remember = false) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, remember, token: true },
    remoteAddress: nextIp(),
  });
  return sessionOf(response, `login de ${email}`);
}

/**
 * The code of the last sign-up link mailed to `email`, read from the outbox (an app without SMTP
 * outside production keeps links readable there), once the sign-up's background work is done.
 */
export async function signupCode(app: FastifyInstance, email: string): Promise<string> {
  await app.authContext().background.idle();
  const [mail] = await app.deps.database.db
    .select({ text: correos.text })
    .from(correos)
    .where(and(eq(correos.to, email), eq(correos.kind, 'registro')))
    .orderBy(desc(correos.id))
    .limit(1);
  const code = /[?&]codigo=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`sin enlace de registro para ${email}`);
  return code;
}

/** A new customer account: sign-up, the mailed link followed, logged in. */
export async function signUp(app: FastifyInstance, account: { nickname: string; email: string; password: string }) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { ...account, password_confirmation: account.password },
  });
  if (asked.statusCode !== 202) throw new Error(`registro de ${account.email}: ${asked.statusCode} ${asked.body}`);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/auth/register/confirm',
    remoteAddress: nextIp(),
    payload: { codigo: await signupCode(app, account.email), token: true },
  });
  return sessionOf(confirmed, `confirmación de ${account.email}`);
}

export function demoEmail(role: string): string {
  const user = role === 'cliente' ? DEMO_USERS.find((u) => u.roles.length === 0) : DEMO_USERS.find((u) => u.roles.includes(role as never));
  if (!user) throw new Error(`sin usuario demo para ${role}`);
  return user.email;
}

export function asBearer(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } };
}
