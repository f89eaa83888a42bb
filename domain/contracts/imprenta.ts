// The facturas waiting for their número de control from the imprenta digital (docs/dominio.md
// §Documentos fiscales e imprenta digital): GET /api/imprenta/por-emitir, admin and administración.
import { z } from 'zod';
import { defineRoute, envelope, instant } from '#domain/contracts/contract.ts';

export const documentoPorEmitir = z.object({
  numero: z.string(),
  createdAt: instant,
  /** Tries made so far, and what the printer last answered (empty when it was never tried). */
  intentos: z.number(),
  ultimoError: z.string(),
});

export const porEmitir = defineRoute({
  method: 'GET',
  path: '/imprenta/por-emitir',
  tags: ['imprenta'],
  summary:
    'Facturas que esperan su número de control de la imprenta digital: cuántas y las más antiguas primero (hasta 50), con sus intentos y el último error',
  response: envelope(
    z.object({
      /** Whether a printer is configured (IMPRENTA_URL): without one every document keeps an internal number. */
      configurada: z.boolean(),
      total: z.number(),
      documentos: z.array(documentoPorEmitir),
    }),
  ),
});
