// Reads the session token (cookie `access_token` or `Authorization: Bearer`) and sets the cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../http/access.ts';
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
