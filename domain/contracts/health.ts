// GET /api/health: answers once the database is migrated and the server can serve.
import { z } from 'zod';
import { defineRoute, envelope } from '#domain/contracts/contract.ts';

export const health = defineRoute({
  method: 'GET',
  path: '/health',
  tags: ['general'],
  summary: 'Estado del servidor y de la base de datos',
  response: envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
});

/** Readiness, for a load balancer: the database answers and the process is not shutting down (else 503). */
export const listo = defineRoute({
  method: 'GET',
  path: '/health/listo',
  tags: ['general'],
  summary: 'Si el proceso puede recibir tráfico: la base responde y no se está deteniendo (503 si no)',
  response: envelope(z.object({ status: z.literal('listo') })),
});

/** Liveness: the process answers, without touching the database (a slow database is not a dead process). */
export const vivo = defineRoute({
  method: 'GET',
  path: '/health/vivo',
  tags: ['general'],
  summary: 'Si el proceso responde (no consulta la base)',
  response: envelope(z.object({ status: z.literal('vivo') })),
});

/** Metrics in Prometheus's text format (text/plain), for admin; METRICAS_PUERTO serves them without a session. */
export const metricas = defineRoute({
  method: 'GET',
  path: '/metricas',
  tags: ['general'],
  summary: 'Métricas en el formato de texto de Prometheus',
  response: z.string(),
});
