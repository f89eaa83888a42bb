// The PDFs of sales documents: GET /api/ventas/documento/:numero/pdf (factura or nota de entrega)
// and GET /api/mayor/cuentas/estado-de-cuenta/:client/pdf (a customer's statement). Both answer the
// file itself (application/pdf, inline, no-store), not JSON.

import { z } from 'zod';
import { MAX_ID } from '#domain/contracts/campos.ts';
import { defineRoute } from '#domain/contracts/contract.ts';
import { documentoGuardado } from '#domain/identidad.ts';

/** F-CCS-000123 or NE-CCS-000045. */
export const documentNumberParam = z
  .string({ error: 'Falta el número del documento' })
  .trim()
  .toUpperCase()
  .regex(/^(F|NE)-[A-Z0-9]{1,10}-\d{6,10}$/, 'El número del documento no es válido (ejemplo: F-CCS-000123)');

/** The customer's id or cédula/RIF with its letter (V-18456789, J-50123456-6). */
export const clientParam = z
  .string({ error: 'Falta el cliente' })
  .trim()
  .refine(
    (v) => /^\d{1,10}$/.test(v) || (/^[VEJPGC]/i.test(v) && documentoGuardado(v) !== null),
    'El cliente no es válido: escriba su número o su cédula/RIF (ejemplo: V-18456789)',
  )
  .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_ID, 'El cliente no existe.');

export const documentoPdf = defineRoute({
  method: 'GET',
  path: '/ventas/documento/:numero/pdf',
  tags: ['ventas'],
  summary:
    'La factura o nota de entrega en PDF (datos de la empresa, cliente, renglones, totales en US$ y Bs. a la tasa de la venta); un cliente, solo las suyas',
  params: z.object({ numero: documentNumberParam }),
  /** The PDF itself. */
  response: z.string(),
});

export const estadoDeCuentaPdf = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/estado-de-cuenta/:client/pdf',
  tags: ['mayor-cuentas'],
  summary: 'Estado de cuenta de un cliente en PDF: sus notas de entrega, abonos, saldos y antigüedad; un cliente, solo el suyo',
  params: z.object({ client: clientParam }),
  /** The PDF itself. */
  response: z.string(),
});
