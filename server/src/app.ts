// Builds the Fastify application. Read top to bottom, this is the table of contents of the server.
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { registerAccessControl } from './http/access.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { parseQueryString } from './http/query-string.ts';
import { registerResponseCache } from './http/response-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { carritoRoutes } from './modules/carrito/carrito.routes.ts';
import { catalogoRoutes } from './modules/catalogo/catalogo.routes.ts';
import { generalRoutes } from './modules/general/general.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { imagenesRoutes } from './modules/imagenes/imagenes.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { registerSsr, type SsrOptions } from './ssr/ssr.ts';

z.config(z.locales.es());

export type AppDeps = {
  env: Env;
  database: Database;
  /** Server-rendered pages; left out by API-only tests. */
  ssr?: SsrOptions;
  logger?: boolean | object;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting HTTP concerns.
  registerErrorHandler(app);
  registerAccessControl(app);
  registerSecurityHeaders(app);
  registerResponseCache(app, { enabled: deps.env.NODE_ENV !== 'test' });
  await app.register(cookie);
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

  // Files and pages outside /api.
  await app.register(imagenesRoutes);
  await app.register(seoRoutes);
  if (deps.ssr) await registerSsr(app, deps.ssr);

  return app;
}
