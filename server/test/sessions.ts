// Test helpers for logged-in calls: log in a demo user, call with its bearer token or cookie.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed/demo-usuarios.ts';

let ipCounter = 1;
/** Each login from its own address, so per-IP limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export async function loginAs(app: FastifyInstance, email: string, password = DEMO_PASSWORD, remember = false) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, remember },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) throw new Error(`login de ${email}: ${response.statusCode} ${response.body}`);
  const cookie = String(response.headers['set-cookie']).split(';')[0];
  return { token: response.json().data.access_token as string, cookie, user: response.json().data };
}

export function demoEmail(role: string): string {
  const user = role === 'cliente' ? DEMO_USERS.find((u) => u.roles.length === 0) : DEMO_USERS.find((u) => u.roles.includes(role as never));
  if (!user) throw new Error(`sin usuario demo para ${role}`);
  return user.email;
}

export function asBearer(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } };
}
