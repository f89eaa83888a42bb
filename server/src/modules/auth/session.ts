// Reads the session token (cookie `access_token` or `Authorization: Bearer`) and sets the cookies.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '#server/http/access.ts';
import { safeEqual, sign } from '#server/tokens.ts';
import { type AuthContext, type NewSession, resolveSession } from './auth.service.ts';

export const ACCESS_COOKIE = 'access_token';

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies?.[ACCESS_COOKIE] || undefined;
}

export function sessionResolver(ctx: () => AuthContext) {
  return async (request: FastifyRequest): Promise<SessionUser | null> => {
    const token = tokenOf(request);
    if (!token || token.length > 200) return null;
    return resolveSession(ctx(), token);
  };
}

/** 365 days with "recordarme", else a browser-session cookie. Secure whenever served over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  void reply.setCookie(ACCESS_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(ACCESS_COOKIE, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/' });
}

export function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/**
 * The "known device" cookie: set at each successful login, signed for that account's address. A
 * browser holding it is judged only by its own wrong passwords, never by other people's guesses
 * (domain/login-throttle.ts). It opens nothing by itself.
 */
export const DEVICE_COOKIE = 'dispositivo';
const DEVICE_DAYS = 400;

const deviceSignature = (secret: string, deviceId: string, email: string) => sign(secret, `dispositivo|${deviceId}|${email}`);

/** The device id when the request's cookie was signed for `email`, else null. */
export function knownDevice(request: FastifyRequest, secret: string, email: string): string | null {
  const [deviceId, signature] = (request.cookies?.[DEVICE_COOKIE] ?? '').split('.');
  if (!deviceId || !signature || !/^[\w-]{22}$/.test(deviceId)) return null;
  return safeEqual(deviceSignature(secret, deviceId, email), signature) ? deviceId : null;
}

/** Marks this browser as a known device of the account that just logged in (keeping its id). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, secret: string, email: string): void {
  const current = (request.cookies?.[DEVICE_COOKIE] ?? '').split('.')[0];
  const deviceId = current && /^[\w-]{22}$/.test(current) ? current : randomBytes(16).toString('base64url');
  void reply.setCookie(DEVICE_COOKIE, `${deviceId}.${deviceSignature(secret, deviceId, email)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: DEVICE_DAYS * 86_400,
  });
}

/**
 * The session's user as a JSON answer. The token travels in the httpOnly cookie only, unless an API
 * client asked for it (`"token": true`) or already authenticates with `Authorization: Bearer`.
 */
export function withToken<T extends object>(user: T, session: NewSession, wanted: boolean): T | (T & { access_token: string }) {
  return wanted ? { ...user, access_token: session.token } : user;
}

export function usesBearer(request: FastifyRequest): boolean {
  return request.headers.authorization?.startsWith('Bearer ') ?? false;
}
