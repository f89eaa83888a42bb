// The staff's second factor (domain/segundo-factor.ts, docs/dominio.md §Ingreso del personal,
// decision 0039): enrolment with a first code, the login's second step, disabling, an admin's reset.
import { randomBytes } from 'node:crypto';
import { Secret, TOTP as Totp } from 'otpauth';
import { encodeQR } from 'qr';
import type { Role } from '#domain/roles.ts';
import {
  acceptTotpStep,
  CHALLENGE_TTL_MS,
  codeKind,
  formatRecoveryCode,
  mustEnrol,
  normalizeRecoveryCode,
  RECOVERY_CODES,
  TOTP,
  totpDigits,
  totpStep,
} from '#domain/segundo-factor.ts';
import { NoAutorizado, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { safeEqual, sha256, sign } from '#server/tokens.ts';
import * as authRepo from './auth.repo.ts';
import { type AuthContext, passwordPool } from './auth.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './segundo-factor.repo.ts';

const now = (ctx: AuthContext) => ctx.now?.() ?? new Date();

const totpFor = (secret: string, label = '') =>
  new Totp({
    issuer: TOTP.issuer,
    label,
    secret: Secret.fromBase32(secret),
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    algorithm: TOTP.algorithm,
  });

/** The step `typed` is the code of (within the window around `at`), or null. */
export function matchingStep(secret: string, typed: string, at: Date): number | null {
  const delta = totpFor(secret).validate({ token: totpDigits(typed), timestamp: at.getTime(), window: TOTP.window });
  return delta === null ? null : totpStep(at.getTime()) + delta;
}

export async function status(ctx: AuthContext, user: { id: number; roles: readonly Role[] }, adminRequired: boolean) {
  const row = await repo.find(ctx.db, user.id);
  const enrolled = Boolean(row?.secret);
  return {
    enrolled,
    required: mustEnrol(user.roles, enrolled, adminRequired),
    recovery_codes_left: enrolled ? await repo.countUnusedCodes(ctx.db, user.id) : 0,
  };
}

const WRONG_CODE = 'El código no es correcto o ya se usó. Escriba el que muestra ahora su aplicación, o un código de recuperación.';

/**
 * Checks a code of the account's active factor and uses it up: an app's code for a step later
 * than the last one used, or an unused recovery code (marked used). False for anything else.
 */
export async function spendCode(ctx: AuthContext, userId: number, typed: string): Promise<boolean> {
  const row = await repo.find(ctx.db, userId);
  if (!row?.secret) return false;
  const at = now(ctx);
  const kind = codeKind(typed);
  if (kind === 'totp') {
    const step = matchingStep(row.secret, typed, at);
    if (step === null || !acceptTotpStep(step, row.lastStep)) return false;
    return repo.takeStep(ctx.db, userId, row.secret, step, at);
  }
  const code = kind === 'recuperacion' ? normalizeRecoveryCode(typed) : null;
  if (!code) return false;
  const unused = await repo.unusedCodes(ctx.db, userId);
  // One slot of the password pool for the whole search (at most ten argon2 checks).
  // In the pool's reserved lane: only a login whose password was right (or a signed-in user) gets here.
  const match = await passwordPool(ctx).run(async () => {
    for (const candidate of unused) if (await verifyPassword(candidate.codeHash, code)) return candidate;
    return null;
  }, 'reservada');
  return match ? repo.markCodeUsed(ctx.db, match.id, at) : false;
}

/** Starts (or restarts) an enrolment: a new secret, kept pending until a first code confirms it. */
export async function begin(ctx: AuthContext, user: { id: number; email: string }, code: string | undefined) {
  const row = await repo.find(ctx.db, user.id);
  if (row?.secret) {
    if (!code) throw new ReglaNegocio('Para cambiar la verificación en dos pasos escriba primero un código vigente de su aplicación.');
    if (!(await spendCode(ctx, user.id, code))) throw new ReglaNegocio(WRONG_CODE);
  }
  const secret = new Secret({ size: 20 }).base32;
  await repo.setPending(ctx.db, user.id, secret, now(ctx));
  const uri = totpFor(secret, user.email).toString();
  return { secret, uri, qr_svg: encodeQR(uri, 'svg', { ecc: 'medium' }) };
}

/** The first code of the app confirms the enrolment; answers the ten recovery codes, once. */
export async function confirm(ctx: AuthContext, user: { id: number }, typed: string) {
  const row = await repo.find(ctx.db, user.id);
  if (!row?.pendingSecret) throw new ReglaNegocio('Primero pida la clave para su aplicación («Activar»).');
  const at = now(ctx);
  const step = matchingStep(row.pendingSecret, typed, at);
  if (step === null)
    throw new ReglaNegocio('El código no coincide. Revise que la hora de su teléfono esté bien y escriba el que muestra ahora.');
  const codes = Array.from({ length: RECOVERY_CODES.count }, () =>
    formatRecoveryCode(randomBytes(RECOVERY_CODES.groups * RECOVERY_CODES.groupLength)),
  );
  const hashes = await passwordPool(ctx).runWaiting(() => Promise.all(codes.map((c) => hashPassword(normalizeRecoveryCode(c) ?? c))));
  if (!(await repo.confirm(ctx.db, user.id, row.pendingSecret, step, hashes, at)))
    throw new ReglaNegocio('La activación cambió mientras tanto. Pida la clave de nuevo.');
  return { message: 'La verificación en dos pasos quedó activa.', recovery_codes: codes };
}

export async function disable(ctx: AuthContext, user: { id: number }, typed: string) {
  if (!(await spendCode(ctx, user.id, typed))) throw new ReglaNegocio(WRONG_CODE);
  await repo.remove(ctx.db, user.id);
  return { message: 'La verificación en dos pasos quedó desactivada.' };
}

/** An admin removes another staff member's factor (a lost phone): they log in with the password and enrol again. */
export async function reset(ctx: AuthContext, admin: { id: number }, userId: number) {
  if (userId === admin.id) throw new ReglaNegocio('Para cambiar su propia verificación use «Mi cuenta».');
  const target = await authRepo.findUserById(ctx.db, userId);
  if (!target) throw new NoEncontrado('El usuario no existe.');
  if (!(await repo.remove(ctx.db, userId))) throw new ReglaNegocio('Ese usuario no tiene activa la verificación en dos pasos.');
  return { message: `Se quitó la verificación en dos pasos de ${target.email}. Al ingresar podrá activarla de nuevo.` };
}

// ── the signed challenge between the password and the code ─────────────────

type Challenge = { u: number; m: string; r: boolean; t: boolean; e: number; p: string };

/** Ties the challenge to the password it was earned with: a password change voids it. */
const passwordMark = (passwordHash: string | null) => sha256(passwordHash ?? '').slice(0, 16);

export function issueChallenge(ctx: AuthContext, user: authRepo.UserRow, remember: boolean, token: boolean) {
  const expires = now(ctx).getTime() + CHALLENGE_TTL_MS;
  const body: Challenge = { u: user.id, m: user.email, r: remember, t: token, e: expires, p: passwordMark(user.passwordHash) };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return { challenge: `${payload}.${sign(ctx.secret, `segundo-paso|${payload}`)}`, expires_in: Math.floor(CHALLENGE_TTL_MS / 1000) };
}

/** The address a challenge names, unchecked: only to find the browser's known-device cookie for it. */
export function challengeEmail(challenge: string): string | null {
  try {
    const body = JSON.parse(Buffer.from(challenge.split('.')[0] ?? '', 'base64url').toString()) as Partial<Challenge>;
    return typeof body.m === 'string' ? body.m : null;
  } catch {
    return null;
  }
}

const BAD_CHALLENGE = 'El ingreso venció o no es válido. Escriba de nuevo su correo y contraseña.';

/** The user a challenge was issued for, if it is ours, unexpired and for the current password. */
export async function readChallenge(ctx: AuthContext, challenge: string) {
  const [payload, signature] = challenge.split('.');
  if (!payload || !signature || !safeEqual(sign(ctx.secret, `segundo-paso|${payload}`), signature)) throw new NoAutorizado(BAD_CHALLENGE);
  let body: Challenge;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Challenge;
  } catch {
    throw new NoAutorizado(BAD_CHALLENGE);
  }
  if (typeof body.e !== 'number' || body.e < now(ctx).getTime() || !Number.isInteger(body.u)) throw new NoAutorizado(BAD_CHALLENGE);
  const user = await authRepo.findUserById(ctx.db, body.u);
  if (!user || passwordMark(user.passwordHash) !== body.p) throw new NoAutorizado(BAD_CHALLENGE);
  if (user.disabled) throw new NoAutorizado('Su cuenta está deshabilitada. Contacte a la tienda.');
  return { user, remember: body.r, token: body.t };
}

export const WRONG_LOGIN_CODE = WRONG_CODE;
