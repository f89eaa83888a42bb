// The staff's second factor at login (docs/dominio.md §Ingreso del personal, decision 0039): a
// six-digit code of an authenticator app (TOTP, RFC 6238, 30-second steps) or one of ten
// single-use recovery codes. Pure rules; the secret, the codes' hashes and the last step used are
// kept by server/src/modules/auth/segundo-factor.*.
import type { Role } from './roles.ts';

export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  algorithm: 'SHA1',
  /** Steps accepted either side of the current one (a phone's clock a little off). */
  window: 1,
  issuer: 'Vitrina',
} as const;

export const RECOVERY_CODES = {
  count: 10,
  /** Two groups of five letters/digits of the unambiguous alphabet below: 50 bits each. */
  groups: 2,
  groupLength: 5,
  /** 32 symbols (one byte modulo 32 is unbiased): no «i», «l», «o» or «1»; an «o» typed is read as «0». */
  alphabet: 'abcdefghjkmnpqrstuvwxyz023456789',
} as const;

/** How long the signed challenge between the password and the code lives. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The 30-second step an instant falls in (RFC 6238's T). */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP.periodSeconds);
}

/**
 * Whether a code that matched step `matched` is accepted, given the last step this account already
 * used (null: none yet). A code is good once: the same step, or an earlier one, never again, so a
 * code seen over a shoulder or in a log cannot be replayed while it is still in the window.
 */
export function acceptTotpStep(matched: number, lastUsed: number | null): boolean {
  return lastUsed === null || matched > lastUsed;
}

export type CodeKind = 'totp' | 'recuperacion' | 'invalido';

/** What the person typed: six digits (spaces allowed) are an app's code, else maybe a recovery code. */
export function codeKind(typed: string): CodeKind {
  const compact = typed.replace(/\s+/g, '');
  if (new RegExp(`^\\d{${TOTP.digits}}$`).test(compact)) return 'totp';
  return normalizeRecoveryCode(typed) ? 'recuperacion' : 'invalido';
}

/** The digits of an app's code, without the spaces some apps show. */
export const totpDigits = (typed: string): string => typed.replace(/\s+/g, '');

/** A recovery code as stored (lowercase, no dashes or spaces), or null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const compact = typed
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replaceAll('o', '0');
  const length = RECOVERY_CODES.groups * RECOVERY_CODES.groupLength;
  if (compact.length !== length) return null;
  for (const ch of compact) if (!RECOVERY_CODES.alphabet.includes(ch)) return null;
  return compact;
}

/** A recovery code as shown, from random bytes (one byte per letter): «abcde-fghjk». */
export function formatRecoveryCode(bytes: Uint8Array): string {
  const { alphabet, groups, groupLength } = RECOVERY_CODES;
  if (bytes.length < groups * groupLength) throw new Error('faltan bytes para el código');
  const letters = Array.from(bytes.slice(0, groups * groupLength), (b) => alphabet[b % alphabet.length]);
  const parts: string[] = [];
  for (let g = 0; g < groups; g++) parts.push(letters.slice(g * groupLength, (g + 1) * groupLength).join(''));
  return parts.join('-');
}

/**
 * Whether this user must enrol before using the back office: admins, when the install requires it
 * (SEGUNDO_FACTOR_ADMIN). Every other staff role may enrol but need not.
 */
export function mustEnrol(roles: readonly Role[], enrolled: boolean, adminRequired: boolean): boolean {
  return adminRequired && !enrolled && roles.includes('admin');
}

export const MUST_ENROL_MESSAGE =
  'Activa la verificación en dos pasos para usar el panel de administración: entra a «Mi cuenta» › «Verificación en dos pasos».';
