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
