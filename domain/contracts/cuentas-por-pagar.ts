// /api/mayor/cuentas/por-pagar/*: payables (docs/dominio.md §Documentos en PDF y cuentas por pagar), for admin and administracion:
// suppliers, their documents (factura or nota, in USD or Bs.), the store's payments against each,
// the list with aging per supplier and totals, and its export as XLSX or CSV with the same filters.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '#domain/abono.ts';
import { isBankCode } from '#domain/banks.ts';
import { amount, cedulaRif, email, id, idParam, isoDay, listQuery, optionalPhone } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { PAYABLE_KINDS, SUPPLIER_PAYMENT_METHODS } from '#domain/cuentas-por-pagar.ts';
import { CURRENCIES } from '#domain/money.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import type { Role } from '#domain/roles.ts';
import { AGING_BUCKETS } from '#domain/ventas.ts';

const tags = ['cuentas-por-pagar'] as const;

/** Payables belong to admin and administracion (docs/dominio.md §Roles). */
export const PAYABLES_ROLES = ['admin', 'administracion'] as const satisfies readonly Role[];

export const SORT_FIELDS = ['due_date', 'issued_on', 'total', 'outstanding', 'proveedor', 'number'] as const;
export const LIST_FILTERS = ['por-pagar', ...PAYMENT_STATUSES] as const;

const rate = (label: string) =>
  z
    .string({ error: `Escriba ${label}` })
    .trim()
    .transform((v) => v.replace(',', '.'))
    .pipe(
      z
        .string()
        .regex(/^\d{1,10}(\.\d{1,4})?$/, 'La tasa debe ser un número positivo con hasta 4 decimales (ejemplo: 45.50)')
        .refine((v) => /[1-9]/.test(v), 'La tasa debe ser mayor que cero'),
    );

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} no es válido` })
    .trim()
    .max(max, `${label} no puede tener más de ${max} caracteres`)
    .default('');

// ── shapes of the answers ───────────────────────────────────────────────────

export const proveedor = z.object({
  id: z.number(),
  rif: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  createdAt: instant,
});
export type Proveedor = z.infer<typeof proveedor>;

export const documentoPorPagar = z.object({
  id: z.number(),
  proveedorId: z.number(),
  proveedorRif: z.string(),
  proveedorName: z.string(),
  number: z.string(),
  controlNumber: z.string(),
  kind: z.enum(PAYABLE_KINDS),
  issuedOn: z.string(),
  dueDate: z.string(),
  currency: z.enum(CURRENCIES),
  rate: z.string(),
  /** In the document's currency. */
  total: z.string(),
  discount: z.string(),
  balancePaid: z.string(),
  outstandingBalance: z.string(),
  /** US$ equivalents at the document's rate. */
  totalUsd: z.string(),
  outstandingUsd: z.string(),
  /** The fiscal breakdown, in the document's currency: total = base + IVA + exento. */
  baseImponible: z.string(),
  ivaBasisPoints: z.number(),
  iva: z.string(),
  exento: z.string(),
  /** The IVA the store retained (agente de retención), its share (7500 or 10000), comprobante and date. */
  ivaRetenido: z.string(),
  retencionBasisPoints: z.number().nullable(),
  retencionComprobante: z.string().nullable(),
  retencionFecha: z.string().nullable(),
  /** The IGTF (US$) the store paid on top of its standing payments in divisas; not counted on the balance. */
  igtfPaid: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Age of the balance by due date (null once paid). */
  aging: z.enum(AGING_BUCKETS).nullable(),
  daysOverdue: z.number(),
  note: z.string(),
  createdAt: instant,
});
export type DocumentoPorPagar = z.infer<typeof documentoPorPagar>;

export const pagoProveedor = z.object({
  id: z.number(),
  documentoId: z.number(),
  method: z.enum(SUPPLIER_PAYMENT_METHODS),
  currency: z.enum(CURRENCIES),
  amount: z.string(),
  rate: z.string(),
  /** What it counts on the document, in the document's currency. */
  applied: z.string(),
  /** The IGTF (US$) the store paid on top of a payment in divisas; never counted on the document. */
  igtf: z.string(),
  reference: z.string(),
  bankCode: z.string(),
  paidOn: z.string(),
  note: z.string(),
  registeredBy: z.string().nullable(),
  annulled: z.boolean(),
  annulledAt: instant.nullable(),
  annulledBy: z.string().nullable(),
  createdAt: instant,
});
export type PagoProveedor = z.infer<typeof pagoProveedor>;

const bucketSums = z.object(
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, z.string()])) as Record<(typeof AGING_BUCKETS)[number], z.ZodString>,
);

export const antiguedadProveedor = z.object({
  proveedorId: z.number(),
  rif: z.string(),
  name: z.string(),
  /** US$ equivalent owed, per bucket, and in all. */
  buckets: bucketSums,
  total: z.string(),
});
export type AntiguedadProveedor = z.infer<typeof antiguedadProveedor>;

export const totalesPorPagar = z.object({
  documents: z.number(),
  /** US$ equivalents. */
  totalUsd: z.string(),
  outstandingUsd: z.string(),
  /** Owed on USD documents, in US$, and on Bs. documents, in Bs. */
  outstandingInUsd: z.string(),
  outstandingInVes: z.string(),
  buckets: bucketSums,
});
export type TotalesPorPagar = z.infer<typeof totalesPorPagar>;

// ── routes ──────────────────────────────────────────────────────────────────

export const listFilters = {
  sort_by: z.enum(SORT_FIELDS, { error: 'Orden desconocido' }).default('due_date'),
  filter: z.union([z.literal(''), z.enum(LIST_FILTERS)], { error: 'Estado desconocido' }).default(''),
  filter_advance: z
    .object({
      proveedor: idParam('El proveedor').optional(),
      currency: z.enum(CURRENCIES, { error: 'Moneda desconocida' }).optional(),
      kind: z.enum(PAYABLE_KINDS, { error: 'Tipo de documento desconocido' }).optional(),
      aging: z.enum(AGING_BUCKETS, { error: 'Antigüedad desconocida' }).optional(),
      date_from: isoDay('La fecha inicial').optional(),
      date_to: isoDay('La fecha final').optional(),
    })
    .default({}),
};

export const listQueryPorPagar = listQuery(PAGE_SIZES.admin).extend(listFilters);
export type ListQueryPorPagar = z.output<typeof listQueryPorPagar>;

export const listar = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/por-pagar',
  tags,
  summary:
    'Documentos por pagar (15 por página; search: proveedor, RIF o número; filter: por-pagar, pendiente, abonada, pagada; filter_advance[proveedor|currency|kind|aging|date_from|date_to]) con totales y antigüedad por proveedor',
  query: listQueryPorPagar,
  response: envelopeList(documentoPorPagar).extend({ totals: totalesPorPagar, aging: z.array(antiguedadProveedor) }),
});

export const FORMATS = ['xlsx', 'csv'] as const;

export const exportar = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/por-pagar/exportar',
  tags,
  summary: 'La lista de documentos por pagar como hoja (XLSX o CSV), con los mismos filtros y orden de la lista',
  query: listQueryPorPagar.omit({ page: true, per_page: true }).extend({
    formato: z.enum(FORMATS, { error: 'Elija XLSX o CSV' }).default('xlsx'),
  }),
  /** The file itself, not JSON. */
  response: z.string(),
});

export const proveedores = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/por-pagar/proveedores',
  tags,
  summary: 'Proveedores por nombre o RIF (15 por página)',
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(proveedor),
});

export const proveedorSchema = z.object({
  rif: cedulaRif,
  name: z
    .string({ error: 'Escriba el nombre del proveedor' })
    .trim()
    .min(3, 'El nombre debe tener al menos 3 caracteres')
    .max(150, 'El nombre no puede tener más de 150 caracteres'),
  contact: optionalText('El contacto', 120),
  phone: optionalPhone.default(''),
  email: z.union([z.literal(''), email]).default(''),
});

export const registrarProveedor = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/por-pagar/registrar-proveedor',
  tags,
  summary: 'Registrar un proveedor (un RIF, un proveedor)',
  body: proveedorSchema,
  response: envelope(proveedor),
  status: 201,
});

export const documentoSchema = z
  .object({
    proveedorId: id('El proveedor'),
    number: z
      .string({ error: 'Escriba el número del documento' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-/]{0,29}$/, 'El número del documento no es válido (letras, números y guiones, hasta 30)'),
    /** The supplier's número de control, as printed. */
    controlNumber: z
      .string({ error: 'El número de control no es válido' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{0,30}$/, 'El número de control lleva solo cifras, letras y guiones (hasta 30)')
      .default(''),
    kind: z.enum(PAYABLE_KINDS, { error: 'Elija factura o nota de entrega' }),
    issuedOn: isoDay('La fecha del documento'),
    dueDate: isoDay('La fecha de vencimiento'),
    currency: z.enum(CURRENCIES, { error: 'Elija la moneda: USD o VES' }),
    total: amount('El total'),
    discount: amount('El descuento').default('0'),
    /** The part of the total taxed with IVA (16 %), in the document's currency; the rest after its IVA is exento. */
    baseImponible: amount('La base imponible').default('0'),
    /** Bs. per US$ of the document's day: required for a document in Bs. */
    rate: rate('la tasa del día').optional(),
    note: optionalText('La nota', 300),
  })
  .superRefine((d, ctx) => {
    if (d.dueDate < d.issuedOn) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'El vencimiento no puede ser anterior a la fecha del documento' });
    }
    if (d.currency === 'VES' && !d.rate) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Un documento en bolívares necesita la tasa del día' });
    }
    if (Number(d.total) <= 0) ctx.addIssue({ code: 'custom', path: ['total'], message: 'El total debe ser mayor que cero' });
    if (Number(d.discount) >= Number(d.total)) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'El descuento debe ser menor que el total' });
    }
  });

export const registrarDocumento = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/por-pagar/registrar-documento',
  tags,
  summary: 'Registrar una factura o nota de un proveedor (número único por proveedor), en USD o en Bs. con su tasa',
  body: documentoSchema,
  response: envelope(documentoPorPagar),
  status: 201,
});

/** A document with its payments, and the store's IGTF today so the payment form shows what a payment in divisas adds (domain/igtf.ts). */
const documentoConPagos = documentoPorPagar.extend({
  pagos: z.array(pagoProveedor),
  igtfVigente: z.object({ charged: z.boolean(), basisPoints: z.number() }),
});

export const documento = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/por-pagar/documento/:id',
  tags,
  summary: 'Un documento por pagar con sus pagos (también los anulados)',
  params: z.object({ id: idParam('El documento') }),
  response: envelope(documentoConPagos),
});

export const pagoSchema = z
  .object({
    documentoId: id('El documento'),
    method: z.enum(SUPPLIER_PAYMENT_METHODS, { error: 'Elija el método de pago' }),
    amount: amount('El monto'),
    /** Bs. per US$ of the payment's day; the tasa del día when left out. */
    rate: rate('la tasa del día').optional(),
    reference: z
      .string({ error: 'La referencia no es válida' })
      .trim()
      .max(40, 'La referencia no puede tener más de 40 caracteres')
      .regex(/^[A-Za-z0-9 /-]*$/, 'La referencia solo lleva letras, números y guiones')
      .default(''),
    bankCode: z
      .string()
      .trim()
      .refine((v) => v === '' || isBankCode(v), 'Elija un banco venezolano de la lista')
      .default(''),
    paidOn: isoDay('La fecha del pago'),
    note: optionalText('La nota', 300),
  })
  .superRefine((p, ctx) => {
    if (Number(p.amount) <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'El monto debe ser mayor que cero' });
  });

export const registrarPago = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/por-pagar/registrar-pago',
  tags,
  summary: 'Registrar un pago a un proveedor: baja el saldo del documento; no puede pasar del saldo pendiente',
  body: pagoSchema,
  response: envelope(documentoConPagos),
  status: 201,
});

export const retencionSchema = z.object({
  documentoId: id('El documento'),
  basisPoints: z.union([z.literal(7500), z.literal(10000)], { error: 'El porcentaje de retención es 75 % o 100 %' }),
  comprobante: z
    .string({ error: 'Escriba el número del comprobante de retención' })
    .trim()
    .regex(/^[0-9A-Za-z-]{1,30}$/, 'El número del comprobante lleva solo cifras, letras y guiones (hasta 30)'),
  fecha: isoDay('La fecha del comprobante'),
});

export const registrarRetencion = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/por-pagar/registrar-retencion',
  tags,
  summary:
    'Registrar la retención de IVA que hizo la tienda sobre un documento del proveedor (75 % o 100 % de su IVA, con su comprobante): baja el saldo una sola vez',
  body: retencionSchema,
  response: envelope(documentoConPagos),
  status: 201,
});

export const anularPago = defineRoute({
  method: 'PATCH',
  path: '/mayor/cuentas/por-pagar/anular-pago',
  tags,
  summary: 'Anular un pago a un proveedor: lo que contaba vuelve al saldo del documento (una sola vez)',
  body: z.object({ pagoId: id('El pago'), note: optionalText('El motivo', 300) }),
  response: envelope(documentoConPagos),
});
