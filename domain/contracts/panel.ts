// /api/panel/pendientes: what waits for the caller on the dashboard's home, one count per card it
// acts on (domain/panel-pendientes.ts, docs/dominio.md §Lo pendiente en el inicio del panel).
import { z } from 'zod';
import { defineRoute, envelope, instant } from '#domain/contracts/contract.ts';
import { PENDIENTE_IDS } from '#domain/panel-pendientes.ts';

export const conteoPendiente = z.object({
  id: z.enum(PENDIENTE_IDS),
  total: z.number(),
  /** When the oldest item started waiting (for overdue notes: the day the oldest fell due); null with none. */
  oldest: instant.nullable(),
});
export type ConteoPendiente = z.infer<typeof conteoPendiente>;

export const pendientes = defineRoute({
  method: 'GET',
  path: '/panel/pendientes',
  tags: ['panel'],
  summary:
    'Lo que espera al usuario en el inicio del panel: por cada tarjeta de sus roles, cuántos y desde cuándo espera el más antiguo (pagos, inventario, despacho, entregas, abonos, créditos, notas vencidas, reembolsos, facturas, mensajes)',
  response: envelope(z.object({ tarjetas: z.array(conteoPendiente) })),
});
