// POST /api/pruebas/reloj: only on a server started with RELOJ_DE_PRUEBAS (the browser journeys'),
// the store's clock moves forward to the time the test names and the periodic jobs run once at it,
// instead of the test waiting for that time.
import { z } from 'zod';
import { defineRoute, envelope } from '#domain/contracts/contract.ts';

export const relojDePrueba = defineRoute({
  method: 'POST',
  path: '/pruebas/reloj',
  tags: ['pruebas'],
  summary: 'Adelanta el reloj de la tienda y corre las tareas periódicas a esa hora (solo en las pruebas)',
  body: z.object({ at: z.iso.datetime({ offset: true, error: 'Indique la hora como fecha ISO con su zona' }) }),
  response: envelope(
    z.object({
      expiredOrders: z.number().int(),
      releasedHolds: z.number().int(),
      publishedPosts: z.number().int(),
      startedCampaigns: z.number().int(),
      reconciledPayments: z.number().int(),
      reconciledRefunds: z.number().int(),
      birthdayCoupons: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
