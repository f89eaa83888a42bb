// Builds the Fastify application. Read top to bottom, this is the table of contents of the server.
import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { registerAccessControl } from './http/access.ts';
import { registerCrossSiteProtection } from './http/cross-site.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { parseQueryString } from './http/query-string.ts';
import { registerResponseCache } from './http/response-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { AuthContext } from './modules/auth/auth.service.ts';
import { ACCESS_COOKIE, sessionResolver } from './modules/auth/session.ts';
import { socialRoutes } from './modules/auth/social.routes.ts';
import { carritoRoutes, carritoV2Routes } from './modules/carrito/carrito.routes.ts';
import { catalogoRoutes } from './modules/catalogo/catalogo.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { correoRoutes } from './modules/correo/correo.routes.ts';
import { createMailer, type Mailer } from './modules/correo/mailer.ts';
import { generalRoutes } from './modules/general/general.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { imagenesRoutes } from './modules/imagenes/imagenes.routes.ts';
import { ordenCompraRoutes } from './modules/orden-compra/orden-compra.routes.ts';
import { ordenCompraAdminRoutes } from './modules/orden-compra/orden-compra-admin.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { registerSsr, type SsrOptions } from './ssr/ssr.ts';

z.config(z.locales.es());

export type AppDeps = {
  env: Env;
  database: Database;
  /** Server-rendered pages; left out by API-only tests. */
  ssr?: SsrOptions;
  logger?: boolean | object;
  /** Signs e-mail links; main.ts keeps one in DATA_DIR when SESSION_SECRET is not set. */
  secret?: string;
  mailer?: Mailer;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    authContext: () => AuthContext;
  }
}

export type App = FastifyInstance;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    // Behind a TLS-terminating proxy, TRUST_PROXY=true makes protocol and client IP come from it.
    trustProxy: deps.env.TRUST_PROXY === 'true',
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: deps.env.SMTP_URL, from: deps.env.MAIL_FROM, log: (msg, err) => app.log.error({ err }, msg) });
  const secret = deps.secret ?? deps.env.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const publicUrl = deps.env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${deps.env.PORT}`;
  const authContext: AuthContext = { db: deps.database.db, mailer, secret, publicUrl };
  app.decorate('authContext', () => authContext);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting HTTP concerns.
  registerErrorHandler(app);
  registerAccessControl(
    app,
    sessionResolver(() => authContext),
  );
  registerCrossSiteProtection(app, ACCESS_COOKIE);
  registerSecurityHeaders(app);
  registerResponseCache(app, { enabled: deps.env.NODE_ENV !== 'test' });
  await app.register(cookie);
  // Limits are counted in this process, or in Redis (shared by every process) when REDIS_URL is set.
  const redis = deps.env.REDIS_URL
    ? new Redis(deps.env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: 'vitrina-limite:' } : {}) });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vitrina API', description: 'API de la tienda y del back office', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // API modules, one per prefix of API.md.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(generalRoutes, { prefix: '/api' });
  await app.register(catalogoRoutes, { prefix: '/api' });
  await app.register(carritoRoutes, { prefix: '/api/carrito' });
  await app.register(carritoV2Routes, { prefix: '/api/v2/carrito' });
  await app.register(ordenCompraRoutes, { prefix: '/api/orden-compra' });
  await app.register(ordenCompraAdminRoutes, { prefix: '/api/orden-compra' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(socialRoutes, { prefix: '/api/auth' });
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(correoRoutes, { prefix: '/api/correo' });
  // Sales settings: /api/config/notify-users-of-sale and /api/venta/user-in-charge-of-sales.
  await app.register(configRoutes, { prefix: '/api' });

  // Files and pages outside /api.
  await app.register(imagenesRoutes);
  await app.register(seoRoutes);
  if (deps.ssr) await registerSsr(app, deps.ssr);

  return app;
}
