// Builds the Fastify application. Read top to bottom, this is the table of contents of the server.
import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { buildOrderContext } from './contexto-orden.ts';
import type { Database } from './db/client.ts';
import { adminSecondFactorRequired, type Env, imprentaConfig, type TrustProxy } from './env.ts';
import { registerAccessControl } from './http/access.ts';
import { registerNoStore } from './http/cache-control.ts';
import { shareCacheInvalidations } from './http/cache-entre-procesos.ts';
import { contractSerializer } from './http/contract.ts';
import { registerCrossSiteProtection } from './http/cross-site.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerMetricas } from './http/metricas.ts';
import { publicOrigin } from './http/public-url.ts';
import { parseQueryString } from './http/query-string.ts';
import { registerRequestLog } from './http/registro-de-solicitudes.ts';
import { registerResponseCache } from './http/response-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { COLAS, type Cola, createCola } from './jobs/cola.ts';
import { relojDePruebasRoutes } from './jobs/reloj-de-pruebas.routes.ts';
import { aliadosRoutes } from './modules/aliados/aliados.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { AuthContext } from './modules/auth/auth.service.ts';
import { createBackground } from './modules/auth/background.ts';
import { ACCESS_COOKIE, sessionResolver } from './modules/auth/session.ts';
import { socialRoutes } from './modules/auth/social.routes.ts';
import { blogRoutes } from './modules/blog/blog.routes.ts';
import { boletinRoutes } from './modules/boletin/boletin.routes.ts';
import { carritoRoutes } from './modules/carrito/carrito.routes.ts';
import { catalogoRoutes } from './modules/catalogo/catalogo.routes.ts';
import { catalogoArchivoRoutes } from './modules/catalogo-archivo/catalogo-archivo.routes.ts';
import { conciliacionRoutes } from './modules/conciliacion/conciliacion.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { configuracionImportarRoutes } from './modules/configuracion/configuracion.importar.routes.ts';
import { configuracionRoutes } from './modules/configuracion/configuracion.routes.ts';
import { contactoRoutes } from './modules/contacto/contacto.routes.ts';
import { correoRoutes } from './modules/correo/correo.routes.ts';
import { mailQueue, startMailWorker } from './modules/correo/entrega.ts';
import { createMailer, type Mailer } from './modules/correo/mailer.ts';
import { cuentasPorPagarRoutes } from './modules/cuentas-por-pagar/cuentas-por-pagar.routes.ts';
import { descuentoRoutes } from './modules/descuento/descuento.routes.ts';
import { enviosRoutes } from './modules/envios/envios.routes.ts';
import { galeriaRoutes } from './modules/galeria/galeria.routes.ts';
import { generalRoutes } from './modules/general/general.routes.ts';
import { datosEmpresaParaCorreos } from './modules/general/general.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { imagenesRoutes } from './modules/imagenes/imagenes.routes.ts';
import { createImprentaHttp } from './modules/imprenta/imprenta.http.ts';
import { imprentaRoutes } from './modules/imprenta/imprenta.routes.ts';
import { type EmisionFiscal, emisionFiscal, startImprentaWorker } from './modules/imprenta/imprenta.service.ts';
import { inventarioRoutes } from './modules/inventario/inventario.routes.ts';
import { mayorCuentasCobrosRoutes } from './modules/mayor-cuentas/mayor-cuentas.cobros.routes.ts';
import { mayorCuentasRetencionRoutes } from './modules/mayor-cuentas/mayor-cuentas.retencion.routes.ts';
import { mayorCuentasRoutes } from './modules/mayor-cuentas/mayor-cuentas.routes.ts';
import { queueFacturaEmitidaMail } from './modules/orden-compra/orden-compra.avisos.ts';
import { ordenDelCliente } from './modules/orden-compra/orden-compra.reacciones.ts';
import { ordenCompraRoutes } from './modules/orden-compra/orden-compra.routes.ts';
import { ventasWebRoutes } from './modules/orden-compra/orden-compra.ventas-web.routes.ts';
import { pagosEnLineaRoutes } from './modules/pagos-en-linea/pagos-en-linea.routes.ts';
import type { PaymentContext } from './modules/pagos-en-linea/pagos-en-linea.service.ts';
import { panelRoutes } from './modules/panel/panel.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { alPedirElCliente } from './modules/profile/profile.service.ts';
import { prospectoRoutes } from './modules/prospecto/prospecto.routes.ts';
import { alEscribirVenta } from './modules/prospecto/prospecto.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createUploadStore } from './modules/uploads/create-store.ts';
import type { UploadStore } from './modules/uploads/store.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { ventasArticulosRoutes } from './modules/ventas/ventas.articulos.routes.ts';
import { ventasLibroRoutes } from './modules/ventas/ventas.libro.routes.ts';
import { ventasOpcionesRoutes } from './modules/ventas/ventas.opciones.routes.ts';
import { ventasPdfRoutes } from './modules/ventas/ventas.pdf.routes.ts';
import { ordenDeVenta } from './modules/ventas/ventas.pdf.service.ts';
import { ventaEscrita } from './modules/ventas/ventas.reacciones.ts';
import { ventasReportesRoutes } from './modules/ventas/ventas.reportes.routes.ts';
import { ventasVentaRoutes } from './modules/ventas/ventas.venta.routes.ts';
import { type Reloj, relojDelSistema, relojDePruebas } from './reloj.ts';
import { createColdPageLimit } from './ssr/paginas-frias.ts';
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
  /** The public read cache (response-cache.ts): on except under NODE_ENV=test, unless a test asks for it. */
  responseCache?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    authContext: () => AuthContext;
    /** What the order and payment use cases run with, for the routes and the jobs alike. */
    orderContext: () => PaymentContext;
    /** The job queue (pg-boss) in the store's database: mail deliveries and the periodic jobs. */
    cola: Cola;
    /** Where uploads, product photos and the catalogue PDF live: DATA_DIR, or the S3 bucket of S3_BUCKET. */
    uploadStore: UploadStore;
    /** The clock of the blog's storefront and the periodic jobs' ticks (reloj.ts). */
    reloj: Reloj;
    /** The imprenta digital that numbers the facturas (IMPRENTA_*); null: internal control numbers. */
    fiscal: EmisionFiscal | null;
  }
}

export type App = FastifyInstance;

/**
 * Fastify ignores a bare hop count (a client reaching the server directly could forge the hops),
 * so a count becomes "trust the nearest N addresses": right only when the proxies are the sole way in.
 */
function trustProxyOption(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // One line per answer, sampled, with every error and slow answer (registro-de-solicitudes.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    // Behind a TLS-terminating proxy, protocol and client IP come from the X-Forwarded-* hops that
    // TRUST_PROXY names (a hop count or the proxies' addresses), never from whatever a client sends.
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    // Starting includes the job queue's workers (pg-boss checks its schema first): on a busy
    // 2-core machine that passed Fastify's default of 10 s for a plugin or an onReady hook.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  const relojMovible = deps.env.RELOJ_DE_PRUEBAS === 'si' ? relojDePruebas() : null;
  app.decorate('reloj', relojMovible ?? relojDelSistema);
  const log = (msg: string, err?: unknown) => app.log.error({ err }, msg);
  const warn = (msg: string) => app.log.warn(msg);
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: deps.env.SMTP_URL,
      from: deps.env.MAIL_FROM,
      nodeEnv: deps.env.NODE_ENV,
      log,
      warn,
      // Every mail ends with the company's legal data (/dashboard/tiendas/empresa).
      companyFooter: (tx) => datosEmpresaParaCorreos(deps.database.db, tx),
    });
  const secret = deps.secret ?? deps.env.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const publicUrl = publicOrigin(deps.env);
  app.decorate('publicUrl', publicUrl);
  // The job queue: mails are delivered by its workers (started with the app when there is SMTP);
  // the periodic jobs are started by main.ts (jobs.ts). Closing the app stops it.
  const cola = createCola(deps.database, { pollingSeconds: deps.env.COLA_SONDEO_SEGUNDOS, log: app.log });
  app.decorate('cola', cola);
  mailer.connectQueue(mailQueue(cola, secret, deps.env.CORREO_REINTENTO_SEGUNDOS));
  if (mailer.delivers) app.addHook('onReady', () => startMailWorker(cola, mailer, deps.database.db, secret));
  // Facturas through the imprenta digital (docs/dominio.md §Documentos fiscales e imprenta digital):
  // each is queued in its sale's transaction and this process's worker asks the printer for its number.
  const printer = imprentaConfig(deps.env);
  app.decorate('fiscal', printer ? emisionFiscal(cola, printer.retrySeconds) : null);
  if (printer) {
    const imprenta = createImprentaHttp(printer);
    app.addHook('onReady', () =>
      startImprentaWorker(cola, deps.database.db, imprenta, {
        retrySeconds: printer.retrySeconds,
        alEmitir: async (tx, ventaId) => {
          const orderId = await ordenDeVenta(tx, ventaId);
          return orderId === null ? undefined : queueFacturaEmitidaMail(app.orderContext(), tx, orderId);
        },
      }),
    );
  }
  const background = createBackground(log);
  const authContext: AuthContext = {
    db: deps.database.db,
    mailer,
    secret,
    publicUrl,
    background: {
      run: background.run,
      // The work an answer left behind includes delivering the mails it queued.
      idle: async () => {
        await background.idle();
        if (cola.started()) await cola.idle(COLAS.correo.name);
      },
    },
  };
  app.decorate('authContext', () => authContext);
  app.decorate('orderContext', () => buildOrderContext(app));
  const uploadStore = createUploadStore(deps.env);
  app.decorate('uploadStore', uploadStore);
  app.addHook('onClose', async () => {
    await background.idle();
    await cola.stop();
    await uploadStore.close();
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written from each contract's response schema (and checked against it outside production).
  app.setSerializerCompiler(contractSerializer({ checkContract: deps.env.NODE_ENV !== 'production' }));

  // Cross-cutting HTTP concerns.
  registerErrorHandler(app);
  registerAccessControl(
    app,
    sessionResolver(() => authContext),
    { adminSecondFactor: adminSecondFactorRequired(deps.env) },
  );
  registerCrossSiteProtection(app, ACCESS_COOKIE);
  registerSecurityHeaders(app);
  // Public reads that miss the cache, from outside the process: the budget of a visitor's own pages
  // (four times an anonymous one's, decision 0032), since an API read costs less than a page.
  const { PAGINAS_FRIAS_POR_MINUTO: coldPerMinute, PAGINAS_FRIAS_RAFAGA: coldBurst } = deps.env;
  registerResponseCache(app, {
    enabled: deps.responseCache ?? deps.env.NODE_ENV !== 'test',
    coldLimit: coldPerMinute > 0 ? createColdPageLimit({ perMinute: coldPerMinute * 4, burst: coldBurst * 4, inFlight: 4 }) : null,
  });
  await shareCacheInvalidations(app, deps.database);
  registerMetricas(app);
  registerRequestLog(app, { sampleEvery: deps.env.LOG_MUESTRA, slowMs: deps.env.LOG_LENTA_MS });
  registerNoStore(app);
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

  // What a module does when another writes, in the same transaction (db/reacciones.ts): the module
  // that writes does not import the one that reacts (docs/arquitectura.md §Dirección de los módulos).
  ordenDelCliente.registrar(alPedirElCliente);
  ventaEscrita.registrar(alEscribirVenta);

  // API modules, one per prefix (docs/api.md §Rutas y módulos).
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(generalRoutes, { prefix: '/api' });
  await app.register(catalogoRoutes, { prefix: '/api' });
  await app.register(carritoRoutes, { prefix: '/api' });
  await app.register(ordenCompraRoutes, { prefix: '/api' });
  await app.register(pagosEnLineaRoutes, { prefix: '/api' });
  // Shipping rates by agency and state: /api/envios/tarifas.
  await app.register(enviosRoutes, { prefix: '/api' });
  await app.register(ventasWebRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(socialRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(correoRoutes, { prefix: '/api' });
  // The newsletter: /api/correo/newsletter, /api/correo/desuscribir, preferences and campaigns (/api/correo/boletin/*).
  await app.register(boletinRoutes, { prefix: '/api' });
  // Sales settings: /api/config/notify-users-of-sale and /api/venta/user-in-charge-of-sales.
  await app.register(configRoutes, { prefix: '/api' });
  // Discounts and coupons (/api/descuento, /api/v2/descuento) and accounts (/api/mayor/cuentas).
  await app.register(descuentoRoutes, { prefix: '/api' });
  await app.register(mayorCuentasRoutes, { prefix: '/api' });
  await app.register(mayorCuentasCobrosRoutes, { prefix: '/api' });
  await app.register(mayorCuentasRetencionRoutes, { prefix: '/api' });
  // PDFs of sales documents and customer statements: /api/ventas/documento/{numero}/pdf, /api/mayor/cuentas/estado-de-cuenta/{client}/pdf.
  await app.register(ventasPdfRoutes, { prefix: '/api' });
  // Payables: /api/mayor/cuentas/por-pagar/* (suppliers, their documents and the store's payments).
  await app.register(cuentasPorPagarRoutes, { prefix: '/api' });
  // Bank statement reconciliation: /api/mayor/cuentas/conciliacion/*.
  await app.register(conciliacionRoutes, { prefix: '/api' });
  // Prospect requests: /api/prospecto/*.
  await app.register(prospectoRoutes, { prefix: '/api' });
  // Catalogue administration: /api/configuracion/* (líneas, productos, fotos, cambio masivo, historial).
  await app.register(configuracionRoutes, { prefix: '/api' });
  // The catalogue sheet: /api/configuracion/importar-productos* and /api/configuracion/exportar-productos.
  await app.register(configuracionImportarRoutes, { prefix: '/api' });
  // Stores, warehouses and stock movements: /api/almacen/* and /api/configuracion/almacen.
  await app.register(inventarioRoutes, { prefix: '/api' });
  // Sales reports: /api/ventas/* and /api/v2/dashboard/venta/tienda.
  await app.register(ventasReportesRoutes, { prefix: '/api' });
  await app.register(ventasLibroRoutes, { prefix: '/api' });
  // Staff selling: /api/venta/articulos*, /api/ventas/registrar, /api/ventas/clientes*, /api/ventas/datos-de-venta,
  // /api/mayor/cuentas/autorizar; and the pickers' option lists /api/opciones/*.
  await app.register(ventasArticulosRoutes, { prefix: '/api' });
  await app.register(ventasVentaRoutes, { prefix: '/api' });
  await app.register(ventasOpcionesRoutes, { prefix: '/api' });
  // Content: the blog (/api/blog/*) and the contact inquiries (/api/contacto/*).
  await app.register(blogRoutes, { prefix: '/api' });
  await app.register(contactoRoutes, { prefix: '/api' });
  // Facturas waiting for their control number from the imprenta digital: /api/imprenta/por-emitir.
  await app.register(imprentaRoutes, { prefix: '/api' });
  // What waits for each staff role on the dashboard's home: /api/panel/pendientes.
  await app.register(panelRoutes, { prefix: '/api' });
  // The photo gallery: /api/galeria/*.
  await app.register(galeriaRoutes, { prefix: '/api' });
  // Commercial partners: /api/aliados/*.
  await app.register(aliadosRoutes, { prefix: '/api' });
  // The catalogue file: /api/catalogo/archivo*.
  await app.register(catalogoArchivoRoutes, { prefix: '/api' });
  // The browser journeys' clock for the periodic jobs, never on a server without RELOJ_DE_PRUEBAS.
  if (relojMovible) await app.register(relojDePruebasRoutes, { prefix: '/api', reloj: relojMovible });

  // Files and pages outside /api.
  await app.register(imagenesRoutes);
  await app.register(uploadsRoutes);
  await app.register(seoRoutes);
  if (deps.ssr) await registerSsr(app, deps.ssr);

  return app;
}
