// Who may call a route. Every /api route declares `config.access`; the app refuses to start
// when one does not, and the route table feeds the generated route × role test.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole, type Role } from '#domain/roles.ts';
import { MUST_ENROL_MESSAGE, mustEnrol } from '#domain/segundo-factor.ts';
import { NoAutorizado, Prohibido } from '#server/errors.ts';

export type Access = 'public' | 'usuario' | readonly Role[];

export type RouteEntry = { method: string; url: string; access: Access };

export type SessionUser = {
  id: number;
  email: string;
  roles: Role[];
  sessionId: number;
  remember: boolean;
  expiresAt: Date;
  /** Whether the user has an active second factor (decision 0039); unknown counts as not. */
  secondFactor?: boolean;
};

export type ResolveUser = (request: FastifyRequest) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Open to an admin without the second factor they must enrol (the enrolment's own routes). */
    enrolment?: true;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** The session's user on a public route that behaves differently for a logged-in caller. */
    optionalUser: (request: FastifyRequest) => Promise<SessionUser | null>;
  }
}

/**
 * `adminSecondFactor`: admins without an active second factor get 403 on every route that asks for
 * a role (they keep their account's own routes, to enrol), decision 0039.
 */
export function registerAccessControl(app: FastifyInstance, resolveUser: ResolveUser, options: { adminSecondFactor?: boolean } = {}): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.user ??= await resolveUser(request);
    return request.user;
  });
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`La ruta ${route.method} ${route.url} no declara config.access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, access });
    }
  });

  // Sessions are looked up only where a route needs them: public reads stay free of it.
  // preValidation: who may call is settled before the body is judged, so a stranger gets 401/403, not 422.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.user = await resolveUser(request);
    assertAccess(request, access);
    const exempt = access === 'usuario' || request.routeOptions.config?.enrolment === true;
    if (!exempt && request.user && mustEnrol(request.user.roles, request.user.secondFactor === true, options.adminSecondFactor === true))
      throw new Prohibido(MUST_ENROL_MESSAGE);
  });
}

export function assertAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const user = request.user;
  if (!user) throw new NoAutorizado();
  if (access === 'usuario') return;
  if (!hasAnyRole(user.roles, access)) throw new Prohibido();
}
