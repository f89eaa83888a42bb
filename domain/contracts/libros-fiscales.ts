// The libros fiscales (docs/dominio.md §Libros fiscales) and the IVA retentions: the libro de ventas
// (/api/ventas/libro-de-ventas), the libro de compras (/api/cuentas-por-pagar/libro-de-compras), each as
// JSON or, with formato, as a file (XLSX or CSV); and the comprobante de retención a customer hands
// the store (/api/mayor/cuentas/retencion-iva). All of it for admin and administracion.
import { z } from 'zod';
import { amount, id, isoDay } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, instant } from '#domain/contracts/contract.ts';
import { PAYABLE_KINDS } from '#domain/cuentas-por-pagar.ts';
import { LIBRO_DOC_KINDS } from '#domain/libro-de-ventas.ts';
import { CURRENCIES } from '#domain/money.ts';
import type { Role } from '#domain/roles.ts';

/** The books and the retentions belong to admin and administracion (docs/dominio.md §Roles). */
export const LIBROS_ROLES = ['admin', 'administracion'] as const satisfies readonly Role[];

/** The longest period one book is asked for: a year. */
export const MAX_LIBRO_DIAS = 366;

export const FORMATOS_LIBRO = ['xlsx', 'csv'] as const;

export const libroQuery = z
  .object({
    desde: isoDay('La fecha inicial (desde)'),
    hasta: isoDay('La fecha final (hasta)'),
    formato: z.enum(FORMATOS_LIBRO, { error: 'Elija XLSX o CSV' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.hasta < q.desde) {
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha final no puede ser anterior a la inicial' });
      return;
    }
    const days = (Date.parse(`${q.hasta}T00:00:00Z`) - Date.parse(`${q.desde}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > MAX_LIBRO_DIAS) {
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: `Un libro abarca a lo sumo ${MAX_LIBRO_DIAS} días` });
    }
  });
export type LibroQuery = z.output<typeof libroQuery>;

const par = z.object({ usd: z.string(), ves: z.string() });

const figuras = { total: par, exento: par, base: par, iva: par, ivaRetenido: par, igtf: par };

export const filaLibroVenta = z.object({
  fecha: z.string(),
  kind: z.enum(LIBRO_DOC_KINDS),
  kindLabel: z.string(),
  number: z.string(),
  controlNumber: z.string(),
  afectadoNumber: z.string(),
  afectadoControlNumber: z.string(),
  clienteRif: z.string(),
  clienteName: z.string(),
  rate: z.string(),
  anulada: z.boolean(),
  ivaBasisPoints: z.number(),
  comprobanteRetencion: z.string(),
  ...figuras,
});

export const totalesLibroVentas = z.object({ documentos: z.number(), anulados: z.number(), ...figuras });

export const libroDeVentas = defineRoute({
  method: 'GET',
  path: '/ventas/libro-de-ventas',
  tags: ['ventas'],
  summary:
    'Libro de ventas del período (desde, hasta: aaaa-mm-dd, hora de Caracas): una fila por documento fiscal en US$ y en Bs. a la tasa de cada uno, con sus totales; formato=xlsx|csv lo descarga',
  query: libroQuery,
  response: envelope(z.object({ desde: z.string(), hasta: z.string(), filas: z.array(filaLibroVenta), totales: totalesLibroVentas })),
});

export const filaLibroCompra = z.object({
  fecha: z.string(),
  kind: z.enum(PAYABLE_KINDS),
  kindLabel: z.string(),
  number: z.string(),
  controlNumber: z.string(),
  proveedorRif: z.string(),
  proveedorName: z.string(),
  currency: z.enum(CURRENCIES),
  rate: z.string(),
  ivaBasisPoints: z.number(),
  retencionBasisPoints: z.number().nullable(),
  comprobanteRetencion: z.string(),
  ...figuras,
});

export const totalesLibroCompras = z.object({ documentos: z.number(), ...figuras });

export const libroDeCompras = defineRoute({
  method: 'GET',
  path: '/cuentas-por-pagar/libro-de-compras',
  tags: ['cuentas-por-pagar'],
  summary:
    'Libro de compras del período (desde, hasta: aaaa-mm-dd, por la fecha de cada documento del proveedor), en US$ y en Bs., con sus totales; formato=xlsx|csv lo descarga',
  query: libroQuery,
  response: envelope(z.object({ desde: z.string(), hasta: z.string(), filas: z.array(filaLibroCompra), totales: totalesLibroCompras })),
});

// ── the customer's comprobante de retención ─────────────────────────────────

export const retencionIva = z.object({
  id: z.number(),
  ventaId: z.number(),
  number: z.string(),
  comprobante: z.string(),
  fecha: z.string(),
  /** US$, and its Bs. at the document's rate. */
  amount: z.string(),
  amountVes: z.string(),
  basisPoints: z.number(),
  hasArchivo: z.boolean(),
  /** What the document still owes after it, and what went to the customer's credit. */
  outstandingBalance: z.string(),
  creditInFavor: z.string(),
  createdAt: instant,
});
export type RetencionIva = z.infer<typeof retencionIva>;

export const retencionIvaSchema = z.object({
  /** The sales document's number (F-…, NE-…). */
  number: z
    .string({ error: 'Escriba el número del documento' })
    .trim()
    .toUpperCase()
    .min(1, 'Escriba el número del documento')
    .max(24, 'El número del documento no es válido'),
  comprobante: z
    .string({ error: 'Escriba el número del comprobante de retención' })
    .trim()
    .regex(/^[0-9A-Za-z-]{1,30}$/, 'El número del comprobante lleva solo cifras, letras y guiones (hasta 30)'),
  fecha: isoDay('La fecha del comprobante'),
  /** In US$, like the document; at most its IVA × the customer's share. */
  amount: amount('El monto retenido'),
});

export const registrarRetencionIva = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/retencion-iva',
  tags: ['mayor-cuentas'],
  summary:
    'Registrar el comprobante de retención de IVA de un cliente contribuyente especial contra un documento: baja su saldo por el monto una sola vez (409 si ya tiene uno; 400 si pasa del IVA × su porcentaje)',
  body: retencionIvaSchema,
  response: envelope(retencionIva),
  status: 201,
});

export const retencionDeCliente = z.object({
  clienteId: id('El cliente'),
  /** null: not a contribuyente especial. */
  basisPoints: z.union([z.literal(7500), z.literal(10000), z.null()], { error: 'El porcentaje de retención es 75 % o 100 %' }),
});

export const fijarRetencionCliente = defineRoute({
  method: 'PATCH',
  path: '/mayor/cuentas/cliente-retencion-iva',
  tags: ['mayor-cuentas'],
  summary: 'Marcar a un cliente como contribuyente especial con su porcentaje de retención de IVA (75 % o 100 %), o quitarlo (null)',
  body: retencionDeCliente,
  response: envelope(z.object({ clienteId: z.number(), basisPoints: z.number().nullable() })),
});
