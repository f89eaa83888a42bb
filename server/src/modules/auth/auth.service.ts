// Sign-up, login, sessions, e-mail verification and password reset.
import { createHash } from 'node:crypto';
import { LOGIN_LIMITS, loginVerdict } from '#domain/login-throttle.ts';
import type { Role } from '#domain/roles.ts';
import { ACCESS_COOKIE_DAYS } from '#domain/store-constants.ts';
import type { Db } from '#server/db/client.ts';
import { NoAutorizado, ReglaNegocio } from '#server/errors.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import {
  accountExistsMail,
  passwordChangedMail,
  passwordResetMail,
  signupMail,
  verificationMail,
} from '#server/modules/correo/plantillas.ts';
import { newToken, safeEqual, sha256, sign } from '#server/tokens.ts';
import * as repo from './auth.repo.ts';
import type { Background } from './background.ts';
import { defaultPasswordPool, hashPassword, type PasswordPool, verifyPassword } from './passwords.ts';
import * as secondFactorRepo from './segundo-factor.repo.ts';
import * as secondFactor from './segundo-factor.service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Remembered sessions live a year and survive a month idle; others a day, two hours idle. */
export const SESSION_RULES = {
  remembered: { absoluteMs: ACCESS_COOKIE_DAYS * DAY, idleMs: 30 * DAY },
  browser: { absoluteMs: DAY, idleMs: 2 * HOUR },
} as const;
const LINK_TTL_MS = HOUR;
const SIGNUP_TTL_MS = DAY;
const TOUCH_EVERY_MS = 60_000;

export type AuthContext = {
  db: Db;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /** Runs the sign-up and password-reset work after answering. */
  background: Background;
  now?: () => Date;
  /** How the login waits when an account is under attack (tests record it instead of waiting). */
  pause?: (ms: number) => Promise<void>;
  /** The bounded pool every password hash goes through (tests make it small). */
  passwords?: PasswordPool;
};

const now = (ctx: AuthContext) => ctx.now?.() ?? new Date();
const machinePool = defaultPasswordPool();
/** The context's pool, else the process's one, sized to the machine. */
export const passwordPool = (ctx: AuthContext): PasswordPool => ctx.passwords ?? machinePool;
const pause = (ctx: AuthContext, ms: number) => (ctx.pause ? ctx.pause(ms) : new Promise<void>((r) => setTimeout(r, ms)));

export type NewSession = { token: string; expiresAt: Date; remember: boolean };

type Client = { ip: string; userAgent: string };

export async function userShape(db: Db, userId: number, expiresAt: Date, at: Date) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw new NoAutorizado();
  const [roles, salesman] = await Promise.all([repo.findRoles(db, userId), repo.findSalesman(db, userId)]);
  return {
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    roles,
    expires_in: Math.max(0, Math.floor((expiresAt.getTime() - at.getTime()) / 1000)),
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    salesman,
    detail: { fullName: user.fullName, phone: user.phone, dni: user.dni, state: user.state, city: user.city, address: user.address },
  };
}

export type UserShape = Awaited<ReturnType<typeof userShape>>;

async function openSession(ctx: AuthContext, userId: number, remember: boolean, client: Client): Promise<NewSession> {
  const token = newToken();
  const rules = remember ? SESSION_RULES.remembered : SESSION_RULES.browser;
  const at = now(ctx);
  const session = await repo.insertSession(ctx.db, {
    tokenHash: sha256(token),
    userId,
    remember,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + rules.absoluteMs),
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
  });
  return { token, expiresAt: session.expiresAt, remember };
}

export function verificationUrl(ctx: AuthContext, userId: number, email: string): string {
  const expires = Math.floor((now(ctx).getTime() + LINK_TTL_MS) / 1000);
  const { hash, signature } = verificationParams(ctx.secret, userId, email, expires);
  return `${ctx.publicUrl}/api/auth/email/verify/${userId}/${hash}?expires=${expires}&signature=${signature}`;
}

async function sendVerification(ctx: AuthContext, user: repo.UserRow) {
  const mail = verificationMail(user.nickname, verificationUrl(ctx, user.id, user.email));
  await ctx.mailer.send(ctx.db, { to: user.email, kind: 'verificacion', ...mail });
}

/**
 * Sign-up, run after answering "check your mail" (the same answer for every address, so it tells
 * nobody whether one has an account). A new address gets the link that creates the account; an
 * address with an account gets a mail saying so, with the ways back in (docs/decisions/0008).
 */
export async function register(ctx: AuthContext, input: { nickname: string; email: string; password: string }): Promise<void> {
  const existing = await repo.findUserByEmail(ctx.db, input.email);
  if (existing) {
    const mail = accountExistsMail(existing.nickname, `${ctx.publicUrl}/auth/login`, `${ctx.publicUrl}/auth/password/email`);
    await ctx.mailer.send(ctx.db, { to: existing.email, kind: 'cuenta-existente', ...mail });
    return;
  }
  const codigo = newToken();
  const at = now(ctx);
  await repo.insertPendingRegistration(
    ctx.db,
    {
      tokenHash: sha256(codigo),
      email: input.email,
      nickname: input.nickname,
      passwordHash: await passwordPool(ctx).runWaiting(() => hashPassword(input.password)),
      expiresAt: new Date(at.getTime() + SIGNUP_TTL_MS),
      createdAt: at,
    },
    at,
  );
  const url = `${ctx.publicUrl}/auth/signup?codigo=${codigo}`;
  await ctx.mailer.send(ctx.db, { to: input.email, kind: 'registro', ...signupMail(input.nickname, url) });
}

const BAD_SIGNUP_LINK = 'El enlace para crear su cuenta no es válido, ya se usó o venció. Regístrese de nuevo.';

/** The e-mailed sign-up link, followed: the account exists from now on, verified, with a session. */
export async function confirmRegistration(ctx: AuthContext, codigo: string, remember: boolean, client: Client) {
  const at = now(ctx);
  const pending = await repo.takePendingRegistration(ctx.db, sha256(codigo), at);
  if (!pending) throw new ReglaNegocio(BAD_SIGNUP_LINK);
  const user = await repo.insertUser(ctx.db, {
    email: pending.email,
    nickname: pending.nickname,
    passwordHash: pending.passwordHash,
    emailVerifiedAt: at,
  });
  // Another sign-up for the address was confirmed first: only its mailbox's owner can be here.
  if (!user) throw new ReglaNegocio('Ya existe una cuenta con este correo. Ingrese con su contraseña o restablézcala.');
  await repo.deletePendingRegistrations(ctx.db, user.email);
  const session = await openSession(ctx, user.id, remember, client);
  return { session, user: await userShape(ctx.db, user.id, session.expiresAt, at) };
}

const BAD_LOGIN = 'El correo o la contraseña no son correctos.';

/**
 * Before a password is checked: null to go on (after a pause when the account is under attack
 * and the browser is not one of its known devices), or how long this source must wait.
 * Failures are counted in PostgreSQL rather than in the rate limiter's store: only wrong passwords
 * count, the count is read before checking and written after, and every process sharing the
 * database (which they must anyway) shares it, with or without REDIS_URL.
 */
const ACCOUNT_UNDER_ATTACK =
  'Esta cuenta recibió demasiadas contraseñas erradas en poco tiempo. Ingrese desde un equipo donde ya haya ingresado, espere unos minutos o restablezca su contraseña con «¿Olvidó su contraseña?».';

export async function admitLogin(
  ctx: AuthContext,
  source: repo.LoginSource,
): Promise<{ retryAfterSeconds: number; message?: string } | null> {
  const at = now(ctx);
  const failures = await repo.countLoginFailures(ctx.db, source, new Date(at.getTime() - LOGIN_LIMITS.windowMs));
  const verdict = loginVerdict(failures, source.device !== null);
  if (verdict.refused) {
    const first = { source: failures.firstFromSource, ip: failures.firstFromIp, account: failures.firstForAccount }[verdict.refused];
    const freeAt = new Date(first ?? at).getTime() + LOGIN_LIMITS.windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000));
    return verdict.refused === 'account' ? { retryAfterSeconds, message: ACCOUNT_UNDER_ATTACK } : { retryAfterSeconds };
  }
  if (verdict.delayMs > 0) await pause(ctx, verdict.delayMs);
  return null;
}

export type LoginResult =
  | { session: NewSession; user: UserShape; secondStep?: undefined }
  | { secondStep: ReturnType<typeof secondFactor.issueChallenge>; session?: undefined; user?: undefined };

/**
 * The password step. An account with a second factor gets no session yet: a signed challenge to
 * finish with its code (completeLogin); its source's failures are cleared only then, so knowing the
 * password does not reset the count of wrong codes.
 */
export async function login(
  ctx: AuthContext,
  input: { email: string; password: string; remember: boolean; token?: boolean },
  client: Client,
  source: repo.LoginSource,
): Promise<LoginResult> {
  const at = now(ctx);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  // A known device of the account goes in the pool's reserved lane: a flood of other people's
  // guesses does not refuse it (issue 27).
  const lane = source.device ? 'reservada' : 'general';
  const valid = await passwordPool(ctx).run(() => verifyPassword(user?.passwordHash ?? null, input.password), lane);
  if (!user || !valid) {
    await repo.insertLoginFailure(ctx.db, source, at, new Date(at.getTime() - LOGIN_LIMITS.windowMs));
    throw new NoAutorizado(BAD_LOGIN);
  }
  if (user.disabled) throw new NoAutorizado('Su cuenta está deshabilitada. Contacte a la tienda.');
  if ((await secondFactorRepo.find(ctx.db, user.id))?.secret)
    return { secondStep: secondFactor.issueChallenge(ctx, user, input.remember, input.token ?? false) };
  await repo.clearLoginFailures(ctx.db, source);
  const session = await openSession(ctx, user.id, input.remember, client);
  return { session, user: await userShape(ctx.db, user.id, session.expiresAt, at) };
}

/**
 * The code step, after `admitLogin` for the challenge's account: a wrong code counts as a wrong
 * password for this source (the same limits), a right one opens the session.
 */
export async function completeLogin(
  ctx: AuthContext,
  pending: { user: repo.UserRow; remember: boolean },
  code: string,
  client: Client,
  source: repo.LoginSource,
) {
  const at = now(ctx);
  if (!(await secondFactor.spendCode(ctx, pending.user.id, code))) {
    await repo.insertLoginFailure(ctx.db, source, at, new Date(at.getTime() - LOGIN_LIMITS.windowMs));
    throw new NoAutorizado(secondFactor.WRONG_LOGIN_CODE);
  }
  await repo.clearLoginFailures(ctx.db, source);
  const session = await openSession(ctx, pending.user.id, pending.remember, client);
  return { session, user: await userShape(ctx.db, pending.user.id, session.expiresAt, at) };
}

/** The session behind a token, if live; refreshes its idle clock at most once a minute. */
export async function resolveSession(ctx: AuthContext, token: string) {
  const at = now(ctx);
  const row = await repo.findLiveSession(ctx.db, sha256(token), at);
  if (!row) return null;
  const rules = row.remember ? SESSION_RULES.remembered : SESSION_RULES.browser;
  if (at.getTime() - row.lastSeenAt.getTime() > rules.idleMs) {
    await repo.revokeSession(ctx.db, row.sessionId, at);
    return null;
  }
  if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(ctx.db, row.sessionId, at);
  return {
    id: row.userId,
    email: row.email,
    roles: row.roles as Role[],
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    remember: row.remember,
    secondFactor: row.secondFactor,
  };
}

/** A new token for the same user; the old one stops working. */
export async function refresh(ctx: AuthContext, current: { id: number; sessionId: number; remember: boolean }, client: Client) {
  const session = await openSession(ctx, current.id, current.remember, client);
  await repo.revokeSession(ctx.db, current.sessionId, now(ctx));
  return { session, user: await userShape(ctx.db, current.id, session.expiresAt, now(ctx)) };
}

export async function logout(ctx: AuthContext, token: string | undefined): Promise<void> {
  if (!token) return;
  const live = await repo.findLiveSession(ctx.db, sha256(token), now(ctx));
  if (live) await repo.revokeSession(ctx.db, live.sessionId, now(ctx));
}

export async function resendVerification(ctx: AuthContext, userId: number): Promise<'enviado' | 'ya-verificado'> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new NoAutorizado();
  if (user.emailVerifiedAt) return 'ya-verificado';
  await sendVerification(ctx, user);
  return 'enviado';
}

const BAD_LINK = 'El enlace de verificación no es válido o ya venció. Solicite uno nuevo.';

export async function verifyEmail(
  ctx: AuthContext,
  input: { id: number; hash: string; expires: number; signature: string },
): Promise<void> {
  const user = await repo.findUserById(ctx.db, input.id);
  if (!user) throw new ReglaNegocio(BAD_LINK);
  const expected = verificationParams(ctx.secret, user.id, user.email, input.expires);
  if (!safeEqual(expected.hash, input.hash) || !safeEqual(expected.signature, input.signature)) throw new ReglaNegocio(BAD_LINK);
  if (input.expires * 1000 < now(ctx).getTime()) throw new ReglaNegocio(BAD_LINK);
  await repo.setEmailVerified(ctx.db, user.id, now(ctx));
}

/** Run after answering the same for every address, so nobody learns whether one has an account. */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user || user.disabled) return;
  const token = newToken();
  const at = now(ctx);
  await repo.insertResetToken(ctx.db, {
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(at.getTime() + LINK_TTL_MS),
    createdAt: at,
  });
  const url = `${ctx.publicUrl}/auth/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
  await ctx.mailer.send(ctx.db, { to: user.email, kind: 'restablecer-clave', ...passwordResetMail(user.nickname, url) });
}

export async function resetPassword(ctx: AuthContext, input: { token: string; email: string; password: string }): Promise<void> {
  const at = now(ctx);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const passwordHash = await passwordPool(ctx).run(() => hashPassword(input.password));
  const userId = user ? await repo.consumeResetToken(ctx.db, sha256(input.token), at) : undefined;
  if (!user || userId !== user.id)
    throw new ReglaNegocio('El enlace para restablecer la contraseña no es válido, ya se usó o venció. Solicite uno nuevo.');
  await repo.setPasswordHash(ctx.db, user.id, passwordHash, at);
  await repo.clearAccountLoginFailures(ctx.db, user.email);
  await repo.revokeUserSessions(ctx.db, user.id, at);
  await ctx.mailer.send(ctx.db, { to: user.email, kind: 'clave-cambiada', ...passwordChangedMail(user.nickname) });
}

/** Changes the password (asking the current one) and closes every other session. */
export async function changePassword(
  ctx: AuthContext,
  user: { id: number; sessionId: number },
  current: string,
  next: string,
): Promise<void> {
  const row = await repo.findUserById(ctx.db, user.id);
  const pool = passwordPool(ctx);
  if (!row || !(await pool.run(() => verifyPassword(row.passwordHash, current))))
    throw new ReglaNegocio('La contraseña actual no es correcta.');
  const at = now(ctx);
  await repo.setPasswordHash(ctx.db, user.id, await pool.runWaiting(() => hashPassword(next)), at);
  await repo.revokeUserSessions(ctx.db, user.id, at, user.sessionId);
  await ctx.mailer.send(ctx.db, { to: row.email, kind: 'clave-cambiada', ...passwordChangedMail(row.nickname) });
}

/** Creates or updates a staff user with roles (command line; first admin of an install); removes their second factor. */
export async function upsertStaff(db: Db, input: { email: string; nickname: string; password: string; roles: Role[] }) {
  const passwordHash = await hashPassword(input.password);
  const existing = await repo.findUserByEmail(db, input.email);
  const at = new Date();
  const user = existing ?? (await repo.insertUser(db, { email: input.email, nickname: input.nickname, passwordHash, emailVerifiedAt: at }));
  if (!user) throw new Error('No se pudo crear el usuario');
  if (existing) await repo.setPasswordHash(db, user.id, passwordHash, at);
  await repo.replaceRoles(db, user.id, input.roles);
  // Whoever runs the command on the server proves enough: the way back for an only admin who lost
  // the phone and the recovery codes (decision 0039). They enrol again at their next login.
  await secondFactorRepo.remove(db, user.id);
  await repo.revokeUserSessions(db, user.id, at);
  return user.id;
}

/**
 * Login through Google or Facebook: the account with the provider's e-mail, created if new.
 * An existing account is only entered when the provider vouches for the address.
 */
export async function socialLogin(ctx: AuthContext, profile: { email: string; name: string; verified: boolean }, client: Client) {
  const email = profile.email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new ReglaNegocio('El proveedor no compartió su correo electrónico; ingrese con correo y contraseña.');
  const at = now(ctx);
  let user = await repo.findUserByEmail(ctx.db, email);
  if (user && !profile.verified) throw new ReglaNegocio('El proveedor no confirmó ese correo; ingrese con su contraseña.');
  user ??=
    (await repo.insertUser(ctx.db, {
      email,
      nickname: profile.name.split(' ')[0]?.slice(0, 60) || email.split('@')[0],
      passwordHash: null,
      emailVerifiedAt: profile.verified ? at : null,
    })) ?? (await repo.findUserByEmail(ctx.db, email));
  if (!user) throw new ReglaNegocio('No se pudo crear la cuenta. Intente de nuevo.');
  if (user.disabled) throw new NoAutorizado('Su cuenta está deshabilitada. Contacte a la tienda.');
  // The provider vouches for the address, not for the second factor: such an account uses the password and the code.
  if ((await secondFactorRepo.find(ctx.db, user.id))?.secret)
    throw new ReglaNegocio('Esta cuenta usa verificación en dos pasos: ingrese con su correo, su contraseña y el código de su aplicación.');
  if (profile.verified && !user.emailVerifiedAt) await repo.setEmailVerified(ctx.db, user.id, at);
  const session = await openSession(ctx, user.id, true, client);
  return { session, user: await userShape(ctx.db, user.id, session.expiresAt, at) };
}

/** The e-mail verification link's parts: `hash` ties it to the address, `signature` to our secret. */
function verificationParams(secret: string, userId: number, email: string, expires: number) {
  const hash = createHash('sha1').update(email).digest('hex');
  return { hash, expires: String(expires), signature: sign(secret, `${userId}|${hash}|${expires}`) };
}
