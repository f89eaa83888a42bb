// Metrics in Prometheus's text format (prom-client): requests by route and status with their
// latency, the process (CPU, memory, event-loop lag, from prom-client's defaults), PostgreSQL's pool,
// the job queue, and orders and payments by step. Served at GET /api/metricas to admin, and, when
// METRICAS_PUERTO is set, on that port of METRICAS_HOST (127.0.0.1 by default) without a session,
// for a Prometheus on the same machine or network.
import { createServer, type Server } from 'node:http';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { COLAS } from '#server/jobs/cola.ts';
import { ordenesCompra, ordenPagos } from '#server/modules/orden-compra/orden-compra.schema.ts';

export type Metricas = { registry: Registry; text: () => Promise<string> };

declare module 'fastify' {
  interface FastifyInstance {
    metricas: Metricas;
  }
}

const startedAt = new WeakMap<object, bigint>();

export function registerMetricas(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vitrina_' });

  const requests = new Counter({
    name: 'vitrina_http_solicitudes_total',
    help: 'Solicitudes HTTP respondidas, por método, ruta y estado',
    labelNames: ['metodo', 'ruta', 'estado'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'vitrina_http_duracion_segundos',
    help: 'Tiempo de respuesta por método y ruta',
    labelNames: ['metodo', 'ruta'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onRequest', async (request) => {
    startedAt.set(request, process.hrtime.bigint());
  });
  app.addHook('onResponse', async (request, reply) => {
    const start = startedAt.get(request);
    // The route's pattern (/api/v2/catalogo/article/:code), never the URL: one series per route.
    const ruta = request.routeOptions.url ?? (request.url.startsWith('/api/') ? 'api-desconocida' : 'paginas');
    requests.inc({ metodo: request.method, ruta, estado: String(reply.statusCode) });
    if (start) latency.observe({ metodo: request.method, ruta }, Number(process.hrtime.bigint() - start) / 1e9);
  });

  const database = app.deps.database;
  new Gauge({
    name: 'vitrina_db_conexiones',
    help: 'Conexiones del pool de PostgreSQL: total, libres y solicitudes esperando una',
    labelNames: ['estado'] as const,
    registers: [registry],
    collect() {
      const pool = database.pool?.();
      if (!pool) return;
      this.set({ estado: 'total' }, pool.total);
      this.set({ estado: 'libres' }, pool.idle);
      this.set({ estado: 'esperando' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'vitrina_cola_trabajos',
    help: 'Trabajos de la cola de tareas por cola y estado (listos, activos, fallidos)',
    labelNames: ['cola', 'estado'] as const,
    registers: [registry],
    async collect() {
      if (!app.cola.started()) return;
      const queues = await app.cola.boss.getQueues(Object.values(COLAS).map((q) => q.name));
      for (const queue of queues) {
        this.set({ cola: queue.name, estado: 'listos' }, queue.readyCount);
        this.set({ cola: queue.name, estado: 'activos' }, queue.activeCount);
        this.set({ cola: queue.name, estado: 'fallidos' }, queue.failedCount);
      }
    },
  });
  new Gauge({
    name: 'vitrina_ordenes',
    help: 'Órdenes de compra por paso',
    labelNames: ['paso'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const steps = await database.db.select({ step: ordenesCompra.step, n: count() }).from(ordenesCompra).groupBy(ordenesCompra.step);
      for (const row of steps) this.set({ paso: row.step }, row.n);
    },
  });
  new Gauge({
    name: 'vitrina_pagos_de_ordenes',
    help: 'Pagos reportados de órdenes por estado',
    labelNames: ['estado'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const states = await database.db.select({ status: ordenPagos.status, n: count() }).from(ordenPagos).groupBy(ordenPagos.status);
      for (const row of states) this.set({ estado: row.status }, row.n);
    },
  });

  app.decorate('metricas', { registry, text: () => registry.metrics() });

  const port = app.deps.env.METRICAS_PUERTO;
  if (port) {
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
          (error) => {
            app.log.error({ err: error }, 'no se pudieron leer las métricas');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve) => server?.listen(port, app.deps.env.METRICAS_HOST, resolve));
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  }
}
