// How wrong passwords at login are limited (audit: nobody's guesses may lock an owner out).
// A "source" is the browser trying: a known device of the account (its signed cookie) or, for any
// other browser, its IP address. Guesses are refused per (account, source) and per IP; the account
// as a whole is slowed down and, past `perAccount` wrong passwords in the window (guesses spread over
// many addresses), refused to unknown browsers; never to its own known devices, and a password reset
// by e-mail lets its owner in again.

export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Wrong passwords for one account from one source before that source is refused. */
  perSource: 5,
  /** Wrong passwords from one IP, any accounts, before other browsers at that IP are refused. */
  perIp: 20,
  /** Wrong passwords for the account (from anywhere) before unknown browsers are slowed down. */
  slowAfter: 5,
  /**
   * And before unknown browsers are refused for this account, whatever address they come from. Above
   * `perIp`, so that one address's guesses (refused at 20) never lock the owner out of a new browser.
   */
  perAccount: 30,
  baseDelayMs: 250,
  maxDelayMs: 3_000,
} as const;

export type LoginFailures = { source: number; ip: number; account: number };

export type LoginVerdict = { refused: 'source' | 'ip' | 'account' } | { refused: null; delayMs: number };

/** The wait before an unknown browser's password is checked: doubling per failure, capped. */
export function accountDelayMs(accountFailures: number): number {
  if (accountFailures < LOGIN_LIMITS.slowAfter) return 0;
  const doublings = Math.min(accountFailures - LOGIN_LIMITS.slowAfter, 16);
  return Math.min(LOGIN_LIMITS.maxDelayMs, LOGIN_LIMITS.baseDelayMs * 2 ** doublings);
}

export function loginVerdict(failures: LoginFailures, knownDevice: boolean): LoginVerdict {
  if (failures.source >= LOGIN_LIMITS.perSource) return { refused: 'source' };
  if (knownDevice) return { refused: null, delayMs: 0 };
  if (failures.ip >= LOGIN_LIMITS.perIp) return { refused: 'ip' };
  if (failures.account >= LOGIN_LIMITS.perAccount) return { refused: 'account' };
  return { refused: null, delayMs: accountDelayMs(failures.account) };
}
