// /api/ventas/* and /api/v2/dashboard/venta/tienda: the sales reports of the back office (docs/api.md §Reportes de ventas
// Sales): the documents (facturas and notas de entrega) with their totals in USD and VES, the small
// searches of the filters, a document's detail (docs/dominio.md §Documentos de venta y sus totales), the summary per store, the
// chart series, every payment received, and the exports (XLSX or CSV) of each list.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '#domain/abono.ts';
import { idParam, isoDay, listQuery, searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { SALE_CONDITIONS, SALE_KINDS, SALE_SOURCES } from '#domain/ventas.ts';

const tags = ['ventas'] as const;

export const SHEET_FORMATS = ['xlsx', 'csv'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

/** Whose documents: everyone's, or those of the seller linked to the caller («Mis ventas»). */
export const SCOPES = ['todas', 'mias'] as const;
export type Scope = (typeof SCOPES)[number];

export const SALES_SORTS = ['fecha', 'numero', 'total', 'cliente'] as const;
export const PAYMENT_ORIGINS = ['venta', 'abono'] as const;
export type PaymentOrigin = (typeof PAYMENT_ORIGINS)[number];

/** Query strings send "campo=" for an empty field: it counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** A document number as staff type it: F-CCS-000123 or NE-CCS-000045. */
export const documentNumber = z
  .string({ error: 'Falta el número del documento' })
  .trim()
  .toUpperCase()
  .regex(/^(F|NE)-[A-Z0-9]{1,10}-\d{1,10}$/, 'El número de documento no es válido (ejemplo: F-CCS-000123)');

/** A payment method as stored (counter methods, web methods): letters and dashes. */
const methodId = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z-]{2,20}$/, 'El método de pago no es válido');

const range = {
  date_from: optional(isoDay('La fecha inicial')),
  date_to: optional(isoDay('La fecha final')),
};

function checkRange(f: { date_from?: string; date_to?: string }, ctx: z.RefinementCtx): void {
  if (f.date_from && f.date_to && f.date_from > f.date_to) {
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'La fecha final no puede ser anterior a la inicial' });
  }
}

/** The filters of every sales report: filter_advance[campo]=valor (docs/api.md §Listas) plus the scope and the search. */
export const salesFilters = z.object({
  alcance: optional(z.enum(SCOPES, { error: 'El alcance debe ser todas o mias' })).transform((v) => v ?? 'todas'),
  search: optional(searchText(0)),
  filter_advance: z
    .object(
      {
        ...range,
        tienda: optional(idParam('La tienda')),
        vendedor: optional(idParam('El vendedor')),
        cliente: optional(idParam('El cliente')),
        numero: optional(documentNumber),
        payment_method: optional(methodId),
        condicion: optional(z.enum(SALE_CONDITIONS, { error: 'La condición debe ser contado o crédito' })),
      },
      { error: 'Los filtros deben ir como filter_advance[campo]=valor' },
    )
    .superRefine(checkRange)
    .default({}),
});
export type SalesFilters = z.output<typeof salesFilters>;

const money = z.string();

export const ventaFila = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(SALE_KINDS),
  condition: z.enum(SALE_CONDITIONS),
  source: z.enum(SALE_SOURCES),
  createdAt: instant,
  tiendaId: z.number(),
  tienda: z.string(),
  vendedorId: z.number().nullable(),
  vendedor: z.string().nullable(),
  clienteId: z.number(),
  cliente: z.string(),
  dni: z.string(),
  rate: z.string(),
  subtotal: money,
  descuento: money,
  devoluciones: money,
  baseImponible: money,
  iva: money,
  igtf: money,
  comision: money,
  /** Shipping a web order charged (decision 0027); part of the total. */
  envio: money,
  total: money,
  /** The total in bolívares at the document's rate, rounded once. */
  totalVes: money,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  outstandingBalance: money,
  /** Anulada: listed, but out of every total. */
  anulada: z.boolean(),
});
export type VentaFila = z.infer<typeof ventaFila>;

/** The figures of the totals, each in USD and in VES (Σ of each document's figure × its own rate, rounded once per document). */
export const TOTAL_FIGURES = [
  'subtotal',
  'descuento',
  'devoluciones',
  'baseImponible',
  'iva',
  'igtf',
  'comision',
  'envio',
  'total',
] as const;
export type TotalFigure = (typeof TOTAL_FIGURES)[number];
export const TOTAL_FIGURE_LABELS: Record<TotalFigure, string> = {
  subtotal: 'Subtotal',
  descuento: 'Descuento',
  devoluciones: 'Devoluciones',
  baseImponible: 'Base imponible',
  iva: 'IVA',
  igtf: 'IGTF',
  comision: 'Comisión',
  envio: 'Envío',
  total: 'Total',
};

const figures = z.object({
  subtotalUsd: money,
  subtotalVes: money,
  descuentoUsd: money,
  descuentoVes: money,
  devolucionesUsd: money,
  devolucionesVes: money,
  baseImponibleUsd: money,
  baseImponibleVes: money,
  ivaUsd: money,
  ivaVes: money,
  igtfUsd: money,
  igtfVes: money,
  comisionUsd: money,
  comisionVes: money,
  envioUsd: money,
  envioVes: money,
  totalUsd: money,
  totalVes: money,
});
export type Figures = z.infer<typeof figures>;

export const ventasTotales = figures.extend({ documentos: z.number(), facturas: z.number(), notas: z.number() });
export type VentasTotales = z.infer<typeof ventasTotales>;

// ── routes ──────────────────────────────────────────────────────────────────

export const listar = defineRoute({
  method: 'GET',
  path: '/ventas',
  tags,
  summary:
    'Facturas y notas de entrega, las más recientes primero (15 por página). filter_advance: date_from, date_to (días de Caracas), tienda, vendedor, cliente, numero, payment_method, condicion; alcance=mias: las del vendedor del usuario; search: número, cliente o cédula',
  query: listQuery(PAGE_SIZES.admin)
    .extend({ sort_by: optional(z.enum(SALES_SORTS, { error: 'Orden desconocido' })) })
    .extend(salesFilters.shape),
  response: envelopeList(ventaFila),
});

export const totales = defineRoute({
  method: 'GET',
  path: '/ventas/totales',
  tags,
  summary:
    'Totales de los documentos con los mismos filtros de la lista: subtotal, descuento, devoluciones, base imponible, IVA, IGTF, comisión y total, en USD y en Bs. (cada documento a su tasa, redondeado una vez)',
  query: salesFilters,
  response: envelope(ventasTotales),
});

const searchQuery = z.object({ search: optional(searchText(0)), alcance: salesFilters.shape.alcance });

export const buscarVendedor = defineRoute({
  method: 'GET',
  path: '/ventas/buscar-vendedor',
  tags,
  summary: 'Vendedores por código o nombre (hasta 20), para el filtro',
  query: searchQuery.omit({ alcance: true }),
  response: envelope(z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), active: z.boolean() }))),
});

export const buscarCliente = defineRoute({
  method: 'GET',
  path: '/ventas/buscar-cliente',
  tags,
  summary: 'Clientes por cédula/RIF o nombre (hasta 20), para el filtro',
  query: searchQuery.omit({ alcance: true }),
  response: envelope(z.array(z.object({ id: z.number(), dni: z.string(), name: z.string() }))),
});

export const buscarDocumento = defineRoute({
  method: 'GET',
  path: '/ventas/buscar-documento',
  tags,
  summary:
    'Documentos cuyo número contiene lo escrito (hasta 20), los más recientes primero; alcance=mias: solo los del vendedor del usuario',
  query: searchQuery,
  response: envelope(
    z.array(
      z.object({
        id: z.number(),
        number: z.string(),
        kind: z.enum(SALE_KINDS),
        createdAt: instant,
        cliente: z.string(),
        total: money,
      }),
    ),
  ),
});

const party = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const facturaDetalle = z.object({
  bill: z.object({
    id: z.number(),
    number: z.string(),
    kind: z.enum(SALE_KINDS),
    condition: z.enum(SALE_CONDITIONS),
    source: z.enum(SALE_SOURCES),
    date: instant,
    customer: z.object({
      id: z.number(),
      dni: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      address: z.string(),
    }),
    seller: party.nullable(),
    store: party,
    rate: z.string(),
    taxUsd: money,
    taxVes: money,
    totalUsd: money,
    totalVes: money,
    note: z.string(),
    /** Anulada: when, by whom and why (null while in force). */
    voided: z.object({ at: instant, by: z.string().nullable(), reason: z.string() }).nullable(),
  }),
  items: z.array(
    z.object({
      articleCode: z.string(),
      name: z.string(),
      quantity: z.number(),
      returnedQuantity: z.number(),
      priceUsd: money,
      priceVes: money,
      promotionUsd: money,
      promotionVes: money,
      discountUsd: money,
      discountVes: money,
      netUsd: money,
      netVes: money,
    }),
  ),
  payments: z.array(
    z.object({
      origen: z.enum(PAYMENT_ORIGINS),
      id: z.number(),
      date: instant,
      method: z.string(),
      methodLabel: z.string(),
      currency: z.string(),
      /** In its own currency: what stays (handed over less the change given back). */
      amount: money,
      amountUsd: money,
      rate: z.string(),
      igtfUsd: money,
      igtfVes: money,
      reference: z.string(),
      /** An abono's step; a payment of the sale itself is always «aprobado». */
      step: z.string(),
    }),
  ),
  totals: figures,
  /** Nota de entrega: what is owed (outstanding = total − discount − balancePaid). */
  balance: z
    .object({
      totalUsd: money,
      discountUsd: money,
      balancePaidUsd: money,
      outstandingBalanceUsd: money,
      outstandingBalanceVes: money,
      creditInFavorUsd: money,
      paymentStatus: z.enum(PAYMENT_STATUSES),
      dueDate: z.string().nullable(),
    })
    .nullable(),
});
export type FacturaDetalle = z.infer<typeof facturaDetalle>;

export const detalleFactura = defineRoute({
  method: 'GET',
  path: '/ventas/detalle-factura',
  tags,
  summary:
    'Detalle de una factura o nota de entrega (por numero o por id): cabecera, artículos, pagos, totales en USD y Bs. y, si es nota, su saldo',
  query: z
    .object({ numero: optional(documentNumber), id: optional(idParam('El documento')) })
    .refine((q) => q.numero !== undefined || q.id !== undefined, {
      path: ['numero'],
      message: 'Indique el número del documento',
    }),
  response: envelope(facturaDetalle),
});

export const resumenTienda = z.object({
  tiendaId: z.number(),
  code: z.string(),
  name: z.string(),
  documentos: z.number(),
  facturas: z.number(),
  notas: z.number(),
  /** Units sold less units returned. */
  unidades: z.number(),
  baseImponibleUsd: money,
  baseImponibleVes: money,
  ivaUsd: money,
  ivaVes: money,
  igtfUsd: money,
  igtfVes: money,
  totalUsd: money,
  totalVes: money,
});
export type ResumenTienda = z.infer<typeof resumenTienda>;

export const ventasPorTienda = defineRoute({
  method: 'GET',
  path: '/v2/dashboard/venta/tienda',
  tags,
  summary:
    'Resumen por tienda con los filtros de la lista: documentos, unidades y totales en USD y Bs. (todas las tiendas, también sin ventas)',
  query: salesFilters,
  response: envelope(z.array(resumenTienda)),
});

const serie = z.object({ key: z.string(), label: z.string(), documentos: z.number(), totalUsd: money, totalVes: money });
export type SerieVentas = z.infer<typeof serie>;

export const graficos = defineRoute({
  method: 'GET',
  path: '/ventas/graficos',
  tags,
  summary:
    'Series de los gráficos con los filtros de la lista: total por día (de Caracas), por tienda y por vendedor; neto sin IVA por línea del catálogo; pagos por método',
  query: salesFilters,
  response: envelope(
    z.object({
      porDia: z.array(serie),
      porTienda: z.array(serie),
      porVendedor: z.array(serie),
      /** Net of the lines after discounts and returns, without IVA; documentos counts the lines. */
      porLinea: z.array(serie.extend({ unidades: z.number() })),
      porMetodo: z.array(z.object({ key: z.string(), label: z.string(), pagos: z.number(), amountUsd: money })),
    }),
  ),
});

export const exportar = defineRoute({
  method: 'GET',
  path: '/ventas/exportar',
  tags,
  summary: 'La lista de documentos como hoja (XLSX o CSV) con los mismos filtros y orden, y una fila final de totales',
  query: z
    .object({ formato: z.enum(SHEET_FORMATS, { error: 'El formato debe ser xlsx o csv' }) })
    .extend(salesFilters.shape)
    .extend({
      sort_by: optional(z.enum(SALES_SORTS, { error: 'Orden desconocido' })),
      sort_desc: listQuery(PAGE_SIZES.admin).shape.sort_desc,
    }),
  /** The file itself, not JSON. */
  response: z.string(),
});

// ── payments received ───────────────────────────────────────────────────────

export const paymentFilters = z.object({
  search: optional(searchText(0)),
  filter_advance: z
    .object(
      {
        ...range,
        tienda: optional(idParam('La tienda')),
        payment_method: optional(methodId),
        origen: optional(z.enum(PAYMENT_ORIGINS, { error: 'El origen debe ser venta o abono' })),
      },
      { error: 'Los filtros deben ir como filter_advance[campo]=valor' },
    )
    .superRefine(checkRange)
    .default({}),
});
export type PaymentFilters = z.output<typeof paymentFilters>;

/** What a row of «Pagos recibidos» is: a sale's payment, an abono, or an anticipo (money approved on a web order that is not a sale yet). */
export const PAYMENT_ROW_ORIGINS = [...PAYMENT_ORIGINS, 'anticipo'] as const;

export const pagoFila = z.object({
  origen: z.enum(PAYMENT_ROW_ORIGINS),
  id: z.number(),
  date: instant,
  method: z.string(),
  methodLabel: z.string(),
  currency: z.string(),
  amount: money,
  amountUsd: money,
  rate: z.string(),
  igtf: money,
  reference: z.string(),
  /** Null for an anticipo: its number is the order's code. */
  ventaId: z.number().nullable(),
  number: z.string(),
  tienda: z.string(),
  cliente: z.string(),
});
export type PagoFila = z.infer<typeof pagoFila>;

export const resumenMetodo = z.object({
  method: z.string(),
  label: z.string(),
  currency: z.string(),
  pagos: z.number(),
  /** In the method's own currency. */
  amount: money,
  amountUsd: money,
  igtf: money,
});
export type ResumenMetodo = z.infer<typeof resumenMetodo>;

/** Discounts granted on notas de entrega in the range: not payments, shown on their own line. */
export const resumenDescuentos = z.object({ cantidad: z.number(), amountUsd: money });
export type ResumenDescuentos = z.infer<typeof resumenDescuentos>;

export const pagos = defineRoute({
  method: 'GET',
  path: '/ventas/pagos',
  tags,
  summary:
    'Todo pago recibido: los pagos de las ventas y los abonos aprobados, los más recientes primero (15 por página), con la tasa a la que se tomó; resumen: por método con los mismos filtros; descuentos: los otorgados sobre notas de entrega, que no son pagos; reembolsos: el dinero devuelto a los compradores, en su propia línea',
  query: listQuery(PAGE_SIZES.admin).extend(paymentFilters.shape),
  response: envelopeList(pagoFila).extend({
    resumen: z.array(resumenMetodo),
    descuentos: resumenDescuentos,
    /** Money refunded to buyers (their online payments): out, not a payment, on its own line. */
    reembolsos: resumenDescuentos,
  }),
});

export const exportarPagos = defineRoute({
  method: 'GET',
  path: '/ventas/pagos/exportar',
  tags,
  summary: 'Los pagos recibidos como hoja (XLSX o CSV) con los mismos filtros, y una fila final de totales en USD',
  query: z.object({ formato: z.enum(SHEET_FORMATS, { error: 'El formato debe ser xlsx o csv' }) }).extend(paymentFilters.shape),
  response: z.string(),
});
