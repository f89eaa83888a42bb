// Staff selling (docs/api.md §Venta del personal): the articles for sale with their price,
// today's discount and free units per store; the counter or wholesale sale (factura or nota de
// entrega); what the "Nueva venta" page needs (rate, IGTF, stores); the customers' credit settings;
// and the credit authorization (`mayor/cuentas/autorizar`). Schemas shared by the API and the page.
import { z } from 'zod';
import { bankByCode } from '#domain/banks.ts';
import { amount, cedulaRif, email, id, idParam, listQuery, optionalPhone, searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { documentNumberField } from '#domain/contracts/mayor-cuentas.ts';
import { articleCodeSchema, normalizeReference, registrar as registrarOrden } from '#domain/contracts/orden-compra.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { SALE_CONDITIONS, SALE_KINDS, SALE_PAYMENT_METHOD_IDS, SALE_PAYMENT_METHODS, SALE_SOURCES } from '#domain/ventas.ts';

const tags = ['ventas'] as const;

// ── articles for sale ───────────────────────────────────────────────────────

/** Free units of an article in one active store (web or not: staff sell at the counter). */
export const disponibilidadTienda = z.object({
  tiendaId: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  sellsWeb: z.boolean(),
  /** On hand − held for carts and orders. */
  available: z.number(),
});
export type DisponibilidadTienda = z.infer<typeof disponibilidadTienda>;

export const articuloVenta = z.object({
  articleCode: z.string(),
  model: z.string(),
  name: z.string(),
  colorName: z.string(),
  sizeLabel: z.string(),
  price: z.string(),
  promotion: z.string(),
  /** Today's automatic discount for one unit (the sale takes the line's, docs/dominio.md §Descuentos y cupones). */
  discount: z.string(),
  /** Price − promotion − discount, one unit, before IVA. */
  unitPrice: z.string(),
  /** Free units in every active store together. */
  available: z.number(),
  /** Stores that hold the article, by name. */
  stores: z.array(disponibilidadTienda),
});
export type ArticuloVenta = z.infer<typeof articuloVenta>;

const tiendaFilter = z.preprocess((v) => (v === '' ? undefined : v), idParam('La tienda').optional());

export const articulosVentaQuery = listQuery(PAGE_SIZES.articulosVenta, { maxPerPage: 50 }).extend({
  /** Only articles with free units in this store. */
  tiendaId: tiendaFilter,
});

export const articulosVenta = defineRoute({
  method: 'GET',
  path: '/venta/articulos',
  tags,
  summary: 'Artículos a la venta, 5 por página: precio, promoción, descuento de hoy y unidades libres por tienda',
  query: articulosVentaQuery,
  response: envelopeList(articuloVenta),
});

export const buscarParaLaVenta = defineRoute({
  method: 'GET',
  path: '/venta/articulos/buscar-para-la-venta',
  tags,
  summary: 'Buscar artículos a la venta por código o nombre (5 por página)',
  query: articulosVentaQuery.extend({ search: searchText(2) }),
  response: envelopeList(articuloVenta),
});

/** Article codes in a query string: «A,B» or repeated. */
const articleCodes = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((c) => c.trim() !== '') : v),
  z.array(articleCodeSchema, { error: 'Indique los artículos' }).min(1, 'Indique al menos un artículo').max(50, 'Hasta 50 artículos'),
);

export const disponibilidad = defineRoute({
  method: 'GET',
  path: '/venta/articulos/disponibilidad',
  tags,
  summary: 'Unidades libres de unos artículos en cada tienda activa',
  query: z.object({ codes: articleCodes }),
  response: envelope(z.array(z.object({ articleCode: z.string(), stores: z.array(disponibilidadTienda) }))),
});

// ── the sale ────────────────────────────────────────────────────────────────

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} no es válido` })
    .trim()
    .max(max, `${label} no puede tener más de ${max} caracteres`)
    .optional();

/** The customer by cédula or RIF; the name (and contacts) only matter when it is new. */
export const clienteVentaSchema = z.object({
  dni: cedulaRif,
  name: z
    .string({ error: 'El nombre no es válido' })
    .trim()
    .max(120, 'El nombre no puede tener más de 120 caracteres')
    .refine((v) => v === '' || v.length >= 3, 'El nombre debe tener al menos 3 caracteres')
    .optional(),
  phone: optionalPhone.optional(),
  email: z.union([z.literal(''), email], { error: 'El correo no es válido' }).optional(),
  address: optionalText('La dirección', 300),
  state: optionalText('El estado', 60),
  city: optionalText('La ciudad', 80),
});
export type ClienteVenta = z.infer<typeof clienteVentaSchema>;

export const lineaVentaSchema = z.object({
  articleCode: articleCodeSchema,
  quantity: z
    .number({ error: 'Falta la cantidad' })
    .int('La cantidad debe ser un entero')
    .min(1, 'La cantidad mínima es 1')
    .max(9_999, 'La cantidad máxima es 9999'),
});

export const pagoVentaSchema = z
  .object({
    method: z.enum(SALE_PAYMENT_METHOD_IDS, { error: 'Elija el método de pago' }),
    /** In the method's own currency (Bs. for bolívar methods). */
    amount: amount().refine((v) => Number(v) > 0, 'El monto debe ser mayor que cero'),
    reference: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{4,40}$/, 'La referencia debe tener de 4 a 40 letras o números')
      .transform(normalizeReference)
      .refine((v) => v.length >= 4, 'La referencia debe tener de 4 a 40 letras o números')
      .optional(),
    bankCode: z
      .string()
      .regex(/^\d{4}$/, 'Elija el banco')
      .refine((v) => bankByCode(v) !== undefined, 'Elija un banco venezolano de la lista')
      .optional(),
  })
  .superRefine((p, ctx) => {
    const method = SALE_PAYMENT_METHODS[p.method];
    if (method.reference && !p.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Escriba la referencia del pago' });
    if (method.bank && !p.bankCode) ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'Elija el banco' });
  });
export type PagoVenta = z.infer<typeof pagoVentaSchema>;

export const registrarVentaSchema = z
  .object({
    cliente: clienteVentaSchema,
    /** The salesman; absent, the logged-in user's own (if linked to one). */
    vendedorId: id('El vendedor').nullable().optional(),
    tiendaId: id('La tienda'),
    lines: z
      .array(lineaVentaSchema, { error: 'La venta no tiene artículos' })
      .min(1, 'La venta no tiene artículos')
      .max(100, 'Una venta puede tener hasta 100 artículos'),
    condition: z.enum(SALE_CONDITIONS, { error: 'Elija contado o crédito' }),
    payments: z.array(pagoVentaSchema).max(10, 'Una venta puede tener hasta 10 pagos').default([]),
    note: z.string().trim().max(500, 'La nota no puede tener más de 500 caracteres').default(''),
    /** «Procesar como venta»: the prospect request this sale answers (marked vendida with it). */
    prospectoId: id('La solicitud').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.condition === 'contado' && v.payments.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['payments'], message: 'Una venta de contado necesita al menos un pago' });
    }
  });
export type RegistrarVenta = z.infer<typeof registrarVentaSchema>;

const totalsShape = {
  subtotal: z.string(),
  descuento: z.string(),
  devoluciones: z.string(),
  baseImponible: z.string(),
  iva: z.string(),
  igtf: z.string(),
  comision: z.string(),
  /** Shipping a web order charged (decision 0027); part of the total. */
  envio: z.string(),
  total: z.string(),
};

export const documentoVenta = z.object({
  id: z.number(),
  number: z.string(),
  /** The store's internal number, or the imprenta digital's once assigned; null while the factura waits for it. */
  controlNumber: z.string().nullable(),
  /** Who gives the control number (docs/dominio.md §Documentos fiscales e imprenta digital). */
  controlStatus: z.enum(['interno', 'por-emitir', 'imprenta']),
  kind: z.enum(SALE_KINDS),
  condition: z.enum(SALE_CONDITIONS),
  source: z.enum(SALE_SOURCES),
  orderCode: z.string().nullable(),
  cliente: z.object({ id: z.number(), dni: z.string(), name: z.string() }),
  vendedor: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  tienda: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  rate: z.string(),
  ...totalsShape,
  /** The same figures in bolívares at the document's rate, each rounded once. */
  ves: z.object(totalsShape),
  balancePaid: z.string(),
  outstandingBalance: z.string(),
  paymentStatus: z.string(),
  /** Cash given back (vuelto), in USD. */
  change: z.string(),
  dueDate: z.string().nullable(),
  authorizedBy: z.number().nullable(),
  authorizedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(
    z.object({
      articleCode: z.string(),
      name: z.string(),
      tiendaId: z.number(),
      quantity: z.number(),
      price: z.string(),
      promotion: z.string(),
      discount: z.string(),
      net: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      method: z.string(),
      currency: z.string(),
      amount: z.string(),
      change: z.string(),
      amountUsd: z.string(),
      igtf: z.string(),
      reference: z.string(),
      bankCode: z.string(),
    }),
  ),
});
export type DocumentoVenta = z.infer<typeof documentoVenta>;

export const registrarVenta = defineRoute({
  method: 'POST',
  path: '/ventas/registrar',
  tags,
  summary:
    'Registrar una venta de mostrador o al mayor: factura de contado o nota de entrega a crédito (toma la existencia; idempotente: 201 la primera vez, 200 al repetirla)',
  headers: registrarOrden.headers,
  body: registrarVentaSchema,
  response: envelope(documentoVenta),
  status: 201,
});

export const datosDeVenta = defineRoute({
  method: 'GET',
  path: '/ventas/datos-de-venta',
  tags,
  summary: 'Lo que necesita la página «Nueva venta»: tasa del día, IGTF, tiendas activas y el vendedor del usuario',
  response: envelope(
    z.object({
      rate: z.string(),
      rateDate: instant.nullable(),
      igtf: z.object({ charged: z.boolean(), basisPoints: z.number() }),
      tiendas: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), kind: z.string(), sellsWeb: z.boolean() })),
      vendedorId: z.number().nullable(),
    }),
  ),
});

// ── customers and their credit ──────────────────────────────────────────────

export const clienteCredito = z.object({
  id: z.number(),
  dni: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  /** USD; 0: no credit without an authorization. */
  creditLimit: z.string(),
  creditDays: z.number(),
  /** What its notas de entrega still owe, USD. */
  owed: z.string(),
  /** Some nota is past its due date. */
  overdue: z.boolean(),
});
export type ClienteCredito = z.infer<typeof clienteCredito>;

export const clientes = defineRoute({
  method: 'GET',
  path: '/ventas/clientes',
  tags,
  summary: 'Clientes con su límite y días de crédito, lo que deben y si tienen notas vencidas (15 por página)',
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(clienteCredito),
});

/** Days a customer has to pay a nota de entrega. */
const creditDaysField = z
  .number({ error: 'Los días de crédito deben ser un número' })
  .int('Los días de crédito deben ser un entero')
  .min(0, 'Los días de crédito van de 0 a 365')
  .max(365, 'Los días de crédito van de 0 a 365');

export const creditoClienteSchema = z.object({
  clienteId: id('El cliente'),
  creditLimit: amount('El límite de crédito'),
  creditDays: creditDaysField,
});

export const creditoCliente = defineRoute({
  method: 'PATCH',
  path: '/ventas/clientes/credito',
  tags,
  summary: 'Fijar el límite de crédito (USD) y los días de crédito de un cliente',
  body: creditoClienteSchema,
  response: envelope(clienteCredito),
});

/** «Nuevo cliente» on «Clientes y crédito»: a customer registered before its first sale, with its credit. */
export const nuevoClienteSchema = clienteVentaSchema.extend({
  name: z
    .string({ error: 'Escriba el nombre o la razón social' })
    .trim()
    .min(3, 'El nombre debe tener al menos 3 caracteres')
    .max(120, 'El nombre no puede tener más de 120 caracteres'),
  creditLimit: amount('El límite de crédito'),
  creditDays: creditDaysField.default(30),
});

export const nuevoCliente = defineRoute({
  method: 'POST',
  path: '/ventas/clientes',
  tags,
  summary: 'Registrar un cliente nuevo con su límite (USD) y días de crédito (409 si la cédula o el RIF ya es de un cliente)',
  body: nuevoClienteSchema,
  response: envelope(clienteCredito),
  status: 201,
});

// ── credit sales held for authorisation ─────────────────────────────────────

export const RETENIDA_STATUSES = ['pendiente', 'aprobada', 'rechazada'] as const;
export type RetenidaStatus = (typeof RETENIDA_STATUSES)[number];
export const RETENIDA_STATUS_LABELS: Record<RetenidaStatus, string> = {
  pendiente: 'Espera autorización',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
};

/** A credit sale the seller sends for authorisation, with the limit asked for the customer. */
export const retenerVentaSchema = z.object({
  cliente: clienteVentaSchema,
  vendedorId: id('El vendedor').nullable().optional(),
  tiendaId: id('La tienda'),
  lines: z
    .array(lineaVentaSchema, { error: 'La venta no tiene artículos' })
    .min(1, 'La venta no tiene artículos')
    .max(100, 'Una venta puede tener hasta 100 artículos'),
  note: z.string().trim().max(500, 'La nota no puede tener más de 500 caracteres').default(''),
  prospectoId: id('La solicitud').optional(),
  creditLimit: amount('El límite solicitado').refine((v) => Number(v) > 0, 'El límite solicitado debe ser mayor que cero'),
  creditDays: creditDaysField.default(30),
});
export type RetenerVenta = z.infer<typeof retenerVentaSchema>;

export const ventaRetenida = z.object({
  id: z.number(),
  status: z.enum(RETENIDA_STATUSES),
  cliente: z.object({ id: z.number(), dni: z.string(), name: z.string(), creditLimit: z.string(), owed: z.string() }),
  tienda: z.object({ id: z.number(), name: z.string() }),
  vendedor: z.string().nullable(),
  /** Who sold it. */
  seller: z.string().nullable(),
  lines: z.array(z.object({ articleCode: z.string(), quantity: z.number() })),
  /** The sale's total (USD) when it was held. */
  total: z.string(),
  requestedLimit: z.string(),
  requestedDays: z.number(),
  note: z.string(),
  reason: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: instant.nullable(),
  /** The nota de entrega written when it was approved. */
  ventaNumber: z.string().nullable(),
  createdAt: instant,
});
export type VentaRetenida = z.infer<typeof ventaRetenida>;

export const retenerVenta = defineRoute({
  method: 'POST',
  path: '/ventas/retenidas',
  tags,
  summary:
    'Enviar una venta a crédito a autorización con el límite que se pide para el cliente: el cliente queda registrado y sus unidades reservadas hasta que admin o administración decidan (idempotente: 201 la primera vez, 200 al repetirla)',
  headers: registrarOrden.headers,
  body: retenerVentaSchema,
  response: envelope(ventaRetenida),
  status: 201,
});

export const ventasRetenidas = defineRoute({
  method: 'GET',
  path: '/ventas/retenidas',
  tags,
  summary:
    'Ventas a crédito retenidas para autorización (las que esperan, por omisión; status=todas también las decididas). Un vendedor ve solo las suyas',
  query: listQuery(PAGE_SIZES.admin).extend({
    status: z.enum([...RETENIDA_STATUSES, 'todas'], { error: 'Estado desconocido' }).default('pendiente'),
  }),
  response: envelopeList(ventaRetenida),
});

export const aprobarRetenida = defineRoute({
  method: 'POST',
  path: '/ventas/retenidas/aprobar',
  tags,
  summary:
    'Aprobar una venta retenida: el cliente recibe el límite pedido y se escribe su nota de entrega con las unidades reservadas (409 si ya se decidió)',
  body: z.object({ id: id('La venta retenida') }),
  response: envelope(z.object({ retenida: ventaRetenida, documento: documentoVenta })),
});

export const rechazarRetenida = defineRoute({
  method: 'POST',
  path: '/ventas/retenidas/rechazar',
  tags,
  summary:
    'Rechazar una venta retenida con su motivo: sus unidades vuelven a la tienda y el cliente queda registrado (409 si ya se decidió)',
  body: z.object({
    id: id('La venta retenida'),
    motivo: z
      .string({ error: 'Escriba el motivo del rechazo' })
      .trim()
      .min(5, 'Escriba el motivo del rechazo (al menos 5 letras)')
      .max(300, 'El motivo no puede pasar de 300 caracteres'),
  }),
  response: envelope(ventaRetenida),
});

// ── credit authorization ────────────────────────────────────────────────────

export const autorizarSchema = z.object({
  dni: cedulaRif,
  /** Only when the customer is new. */
  name: z.string().trim().max(120, 'El nombre no puede tener más de 120 caracteres').optional(),
  maxAmount: amount('El monto máximo').refine((v) => Number(v) > 0, 'El monto máximo debe ser mayor que cero'),
  note: z.string().trim().max(300, 'La nota no puede tener más de 300 caracteres').default(''),
});

export const autorizacion = z.object({
  id: z.number(),
  cliente: z.object({ id: z.number(), dni: z.string(), name: z.string() }),
  maxAmount: z.string(),
  note: z.string(),
  authorizedBy: z.object({ id: z.number(), nickname: z.string() }).nullable(),
  createdAt: instant,
  expiresAt: instant,
});

export const autorizar = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/autorizar',
  tags: ['mayor-cuentas'],
  summary:
    'Autorizar una venta a crédito de un cliente por encima de su límite o con notas vencidas (una sola venta, hasta el monto, vence en 24 h)',
  body: autorizarSchema,
  response: envelope(autorizacion),
  status: 201,
});

// ── voiding a sale ──────────────────────────────────────────────────────────

export const anularVentaSchema = z.object({
  numero: documentNumberField('La venta'),
  motivo: z
    .string({ error: 'Escriba el motivo de la anulación' })
    .trim()
    .min(5, 'Escriba el motivo de la anulación (al menos 5 letras)')
    .max(300, 'El motivo no puede pasar de 300 caracteres'),
});

export const anularVenta = defineRoute({
  method: 'POST',
  path: '/ventas/anular',
  tags,
  summary:
    'Anular una factura o nota de entrega de mostrador con su motivo: sus unidades vuelven a la tienda y sale de todo total y cuenta por cobrar (409 si ya está anulada, si es de una orden web o si la nota tiene abonos aprobados o por aprobar)',
  body: anularVentaSchema,
  response: envelope(z.object({ number: z.string(), voidedAt: instant, voidReason: z.string(), unidades: z.number() })),
});
