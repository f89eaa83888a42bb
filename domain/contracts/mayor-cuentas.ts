// /api/mayor/cuentas/*: accounts (docs/api.md §Cuentas por cobrar): the payment options the checkout shows, each
// with the discount its method carries today, and the receivables: notas de entrega, their abonos,
// discounts and returns (docs/decisions/0014).
import { z } from 'zod';
import { ABONO_STEPS, PAYMENT_STATUSES } from '#domain/abono.ts';
import { bankByCode } from '#domain/banks.ts';
import { amount, type IdLabel, id, idParam, isoDay, listQuery, searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { SHEET_FORMATS } from '#domain/contracts/ventas-reportes.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { DISCOUNT_KINDS } from '#domain/descuentos.ts';
import { CURRENCIES } from '#domain/money.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { PAYMENT_METHOD_IDS } from '#domain/store-constants.ts';
import { AGING_BUCKETS, SALE_KINDS, SALE_PAYMENT_METHOD_IDS, SALE_PAYMENT_METHODS, SALE_SOURCES } from '#domain/ventas.ts';

const tags = ['mayor-cuentas'] as const;

export const opcionDePago = z.object({
  id: z.enum(PAYMENT_METHOD_IDS),
  label: z.string(),
  icon: z.string(),
  currency: z.enum(CURRENCIES),
  takesReference: z.boolean(),
  needsBank: z.boolean(),
  cardCommission: z.boolean(),
  /** The discount paying with this method gives today (the largest, if several), or null. */
  discountType: z.enum(DISCOUNT_KINDS).nullable(),
  discountValue: z.string().nullable(),
  discountName: z.string().nullable(),
});
export type OpcionDePago = z.infer<typeof opcionDePago>;

export const opcionesDePagos = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/opciones-de-pagos',
  tags,
  summary: 'Métodos de pago con la comisión y el descuento que lleva cada uno hoy',
  response: envelope(z.array(opcionDePago)),
});

// ── cuentas por cobrar: notas de entrega, abonos, descuentos y devoluciones (issue 10, parte B) ──

/** The kinds of GET listado/{type}: documents by their balance, or one row per customer. */
export const LISTADO_TYPES = ['pendientes', 'vencidas', 'pagadas', 'todas', 'facturas'] as const;
export type ListadoType = (typeof LISTADO_TYPES)[number];
export const LISTADO_TYPE_LABELS: Record<ListadoType | 'clientes', string> = {
  pendientes: 'Por cobrar',
  vencidas: 'Vencidas',
  pagadas: 'Pagadas',
  todas: 'Todas las notas',
  facturas: 'Facturas',
  clientes: 'Por cliente',
};

/** NE-CCS-000045 or F-CCS-000123, as typed (lower case and spaces allowed). */
export const documentNumberField = (label: IdLabel = 'La nota de entrega') =>
  z
    .string({ error: `Falta ${label.toLowerCase()}` })
    .trim()
    .toUpperCase()
    .regex(/^(NE|F)-[A-Z0-9]{1,10}-\d{6,10}$/, `${label} no es válida (ejemplo: NE-CCS-000045)`);

const money = z.string();

const lookupQuery = z.object({ search: searchText(0).default('') });

const documentFilters = z
  .object({
    store: idParam('La tienda').optional(),
    seller: idParam('El vendedor').optional(),
    client: idParam('El cliente').optional(),
    date_from: isoDay('La fecha inicial').optional(),
    date_to: isoDay('La fecha final').optional(),
    /** pendientes: only the documents with an abono waiting for approval (docs/dominio.md §Lo pendiente en el inicio del panel). */
    abonos: z.enum(['pendientes'], { error: 'El filtro de abonos debe ser pendientes' }).optional(),
  })
  .refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
    path: ['date_to'],
    message: 'La fecha final no puede ser anterior a la inicial',
  })
  .default({});

export const RECEIVABLE_SORTS = ['fecha', 'vencimiento', 'numero', 'cliente', 'total', 'saldo'] as const;

export const receivableTotals = z.object({
  documents: z.number(),
  totalAmount: money,
  discount: money,
  balancePaid: money,
  outstandingBalance: money,
  creditInFavor: money,
  /** IVA retained by contribuyentes especiales (docs/dominio.md §Libros fiscales): no longer owed. */
  ivaRetenido: money,
  totalAmountVes: money,
  discountVes: money,
  balancePaidVes: money,
  /** What is still owed, in Bs. at today's tasa del día (each document rounded, then added). */
  outstandingBalanceVes: money,
});
export type ReceivableTotals = z.infer<typeof receivableTotals>;

const clientRef = z.object({ id: z.number(), dni: z.string(), name: z.string(), phone: z.string() });

/** A bill or delivery note (docs/dominio.md §Documentos de venta y sus totales), with its customer, store, seller and age. */
export const receivable = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(SALE_KINDS),
  /** mostrador (counter or wholesale) or web (an order paid or approved on credit). */
  source: z.enum(SALE_SOURCES),
  purchaseId: z.number().nullable(),
  /** The web order's code, when the document comes from one. */
  orderCode: z.string().nullable(),
  client: clientRef,
  store: z.object({ id: z.number(), name: z.string() }),
  seller: z.string().nullable(),
  createdAt: instant,
  dueDate: z.string().nullable(),
  daysOverdue: z.number(),
  aging: z.enum(AGING_BUCKETS),
  rate: z.string(),
  total: money,
  discount: money,
  balancePaid: money,
  outstandingBalance: money,
  creditInFavor: money,
  /** IVA the customer retained with its comprobante (docs/dominio.md §Libros fiscales): saldo = total − descuento − abonado − retenido. */
  ivaRetenido: money,
  /** The total in Bs. at the document's own rate (history). */
  totalVes: money,
  /** What is still owed, in Bs. at today's tasa del día: what it costs to pay it today. */
  outstandingBalanceVes: money,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  pendingAbonos: z.number(),
});
export type Receivable = z.infer<typeof receivable>;

const agingAmounts = z.object({ 'al-dia': money, '1-30': money, '31-60': money, '61-90': money, 'mas-de-90': money });
export type AgingAmounts = z.infer<typeof agingAmounts>;

export const receivableClient = z.object({
  client: clientRef,
  documents: z.number(),
  total: money,
  balancePaid: money,
  outstandingBalance: money,
  creditInFavor: money,
  aging: agingAmounts,
});
export type ReceivableClient = z.infer<typeof receivableClient>;

export const listado = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/listado/:type',
  tags,
  summary:
    'Notas de entrega (o facturas) por tipo: pendientes, vencidas, pagadas, todas, facturas; 15 por página, con los totales en USD y Bs.',
  params: z.object({ type: z.enum(LISTADO_TYPES, { error: 'Tipo de listado desconocido' }) }),
  query: listQuery(PAGE_SIZES.admin).extend({
    sort_by: z.enum(RECEIVABLE_SORTS, { error: 'Orden desconocido' }).optional(),
    filter_advance: documentFilters,
  }),
  response: envelopeList(receivable).extend({ totals: receivableTotals }),
});

export const listadoClientes = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/listado/clientes',
  tags,
  summary: 'Lo que debe cada cliente, repartido por antigüedad (al día, 1–30, 31–60, 61–90, más de 90 días); 15 por página',
  query: listQuery(PAGE_SIZES.admin).extend({ filter_advance: documentFilters }),
  response: envelopeList(receivableClient).extend({ totals: receivableTotals.extend({ aging: agingAmounts }) }),
});

/** An abono (docs/dominio.md §Cuentas por cobrar), with how it was paid and who registered, approved or rejected it. */
/** The list of a type (or the customers' one) as a file, with the same search, dates and order. */
export const exportarListado = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/listado/:type/exportar',
  tags,
  summary:
    'El listado de cuentas por cobrar de un tipo (o por cliente) como hoja XLSX o CSV, con los mismos filtros y orden y una fila final de totales',
  params: z.object({ type: z.enum([...LISTADO_TYPES, 'clientes'], { error: 'Tipo de listado desconocido' }) }),
  query: listQuery(PAGE_SIZES.admin)
    .omit({ page: true, per_page: true })
    .extend({
      formato: z.enum(SHEET_FORMATS, { error: 'El formato debe ser xlsx o csv' }),
      sort_by: z.enum(RECEIVABLE_SORTS, { error: 'Orden desconocido' }).optional(),
      filter_advance: documentFilters,
    }),
  /** The file itself, not JSON. */
  response: z.string(),
});

export const abonoView = z.object({
  id: z.number(),
  step: z.enum(ABONO_STEPS),
  deliveryNote: z.string(),
  reference: z.string(),
  /** USD counted on the note. */
  total: money,
  /** The IGTF (US$) of an abono in divisas, charged on top of what goes to the note (amount = total + igtf). */
  igtf: money,
  method: z.string(),
  currency: z.enum(CURRENCIES),
  amount: money,
  rate: z.string(),
  bankCode: z.string(),
  paidOn: z.string().nullable(),
  note: z.string(),
  /** Why staff rejected it, or what they noted approving it. */
  reviewNote: z.string(),
  registeredBy: z.string().nullable(),
  registeredAt: instant,
  /** Who approved or rejected it, and when. */
  updatedBy: z.string().nullable(),
  updatedAt: instant.nullable(),
  /** Who approved it (null while pending or when rejected). */
  athorizedBy: z.string().nullable(),
});
export type AbonoView = z.infer<typeof abonoView>;

export const documentLine = z.object({
  id: z.number(),
  articleCode: z.string(),
  name: z.string(),
  store: z.object({ id: z.number(), name: z.string() }),
  quantity: z.number(),
  returnedQuantity: z.number(),
  price: money,
  promotion: money,
  discount: money,
  net: money,
});
export type DocumentLineView = z.infer<typeof documentLine>;

export const devolucionView = z.object({
  id: z.number(),
  lineId: z.number(),
  articleCode: z.string(),
  name: z.string(),
  quantity: z.number(),
  amount: money,
  note: z.string(),
  by: z.string().nullable(),
  at: instant,
});

export const bill = receivable.extend({
  subtotal: money,
  descuento: money,
  devoluciones: money,
  baseImponible: money,
  iva: money,
  igtf: money,
  comision: money,
  /** Shipping a web order charged (decision 0027). */
  envio: money,
});
export type Bill = z.infer<typeof bill>;

export const billWithAbonos = z.object({
  bill,
  lines: z.array(documentLine),
  abonos: z.array(abonoView),
  devoluciones: z.array(devolucionView),
});
export type BillWithAbonos = z.infer<typeof billWithAbonos>;

export const verAbonos = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/ver-abonos/:client/:deliveryNote',
  tags,
  summary: 'Una nota de entrega (o factura) del cliente con sus líneas, abonos y devoluciones',
  params: z.object({ client: idParam('El cliente'), deliveryNote: documentNumberField() }),
  response: envelope(billWithAbonos),
});

export const STATEMENT_KINDS = ['documento', 'pago', 'abono', 'descuento', 'rechazo', 'devolucion', 'ajuste', 'retencion'] as const;
export const statementEntry = z.object({
  at: instant,
  kind: z.enum(STATEMENT_KINDS),
  document: z.string(),
  description: z.string(),
  debit: money,
  credit: money,
  /** What the customer owes after this line (negative: in their favour). */
  balance: money,
});
export type StatementEntry = z.infer<typeof statementEntry>;

export const facturaCliente = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/factura-cliente/:client',
  tags,
  summary: 'Documentos del cliente y su estado de cuenta (cada documento, abono, descuento y devolución con el saldo)',
  params: z.object({ client: idParam('El cliente') }),
  response: envelope(
    z.object({
      client: clientRef.extend({ creditLimit: money, creditDays: z.number() }),
      documents: z.array(receivable),
      statement: z.array(statementEntry),
      totals: receivableTotals,
    }),
  ),
});

const reference = z
  .string({ error: 'Escriba la referencia del pago' })
  .trim()
  .regex(/^[A-Za-z0-9 -]{4,40}$/, 'La referencia debe tener de 4 a 40 letras o números');

const note = z.string().trim().max(300, 'La nota no puede tener más de 300 caracteres').default('');

export const registrarAbono = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/registrar-abono',
  tags,
  summary: 'Registrar un abono (pendiente de aprobación) a una nota de entrega; la referencia «descuento» cuenta como descuento',
  status: 201,
  body: z
    .object({
      deliveryNote: documentNumberField(),
      method: z.enum(SALE_PAYMENT_METHOD_IDS, { error: 'Elija un método de pago' }),
      currency: z.enum(CURRENCIES, { error: 'La moneda debe ser USD o VES' }).optional(),
      amount: amount().refine((v) => Number(v) > 0, 'El monto debe ser mayor que cero'),
      reference,
      bankCode: z
        .string()
        .regex(/^\d{4}$/, 'Elija el banco')
        .refine((v) => bankByCode(v) !== undefined, 'Elija un banco venezolano de la lista')
        .optional(),
      paidOn: isoDay('La fecha del pago')
        .refine((v) => v <= caracasIsoDate(new Date(Date.now() + 86_400_000)), 'La fecha del pago no puede ser futura')
        .optional(),
      note,
    })
    .superRefine((b, ctx) => {
      const method = SALE_PAYMENT_METHODS[b.method];
      if (b.currency && b.currency !== method.currency) {
        ctx.addIssue({
          code: 'custom',
          path: ['currency'],
          message: `${method.label} se paga en ${method.currency === 'USD' ? 'dólares (USD)' : 'bolívares (VES)'}`,
        });
      }
      if (method.bank && !b.bankCode && b.reference.trim().toLowerCase() !== 'descuento') {
        ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'Elija el banco' });
      }
    }),
  response: envelope(z.object({ abono: abonoView, bill })),
});

export const aprobarAbono = defineRoute({
  method: 'PATCH',
  path: '/mayor/cuentas/aprobar-abono',
  tags,
  summary:
    'Aprobar (step «aprobado») o rechazar (step «rechazado», sin importar mayúsculas) un abono pendiente; rechazarlo pide el motivo (note), que queda en el abono y en el estado de cuenta',
  body: z
    .object({
      id: id('El abono'),
      step: z
        .string({ error: 'Indique si aprueba o rechaza el abono' })
        .trim()
        .toLowerCase()
        .pipe(z.enum(['aprobado', 'rechazado'], { error: 'El paso debe ser «aprobado» o «rechazado»' })),
      note: z.string().trim().max(300, 'La nota no puede tener más de 300 caracteres').optional(),
    })
    .superRefine((b, ctx) => {
      if (b.step === 'rechazado' && (b.note ?? '').length < 3) {
        ctx.addIssue({ code: 'custom', path: ['note'], message: 'Escriba el motivo del rechazo (al menos 3 caracteres)' });
      }
    }),
  response: envelope(z.object({ abono: abonoView, bill })),
});

export const aplicarDescuento = defineRoute({
  method: 'PATCH',
  path: '/mayor/cuentas/aplicar-descuento',
  tags,
  summary: 'Aplicar un descuento a la nota: un abono aprobado con la referencia «descuento»',
  body: z.object({
    deliveryNote: documentNumberField(),
    amount: amount().refine((v) => Number(v) > 0, 'El monto debe ser mayor que cero'),
    note,
  }),
  response: envelope(z.object({ abono: abonoView, bill })),
});

export const devolver = defineRoute({
  method: 'PATCH',
  path: '/mayor/cuentas/devoluciones',
  tags,
  summary:
    'Devolver unidades de una línea: vuelven a su tienda, el documento baja su total y el saldo sigue el registro 0014; pide el motivo (note), que queda en la devolución, el libro de existencia y el estado de cuenta',
  body: z.object({
    deliveryNote: documentNumberField('La nota o factura'),
    lineId: id('La línea'),
    quantity: z
      .number({ error: 'Escriba cuántas unidades se devuelven' })
      .int('La cantidad debe ser un entero')
      .min(1, 'Devuelva al menos 1 unidad')
      .max(100_000, 'La cantidad es demasiado grande'),
    note: z
      .string({ error: 'Escriba el motivo de la devolución' })
      .trim()
      .min(3, 'Escriba el motivo de la devolución (al menos 3 caracteres)')
      .max(300, 'El motivo no puede tener más de 300 caracteres'),
  }),
  response: envelope(
    z.object({
      bill,
      devolucion: devolucionView,
      /** How the return was taken from the balance (USD). */
      fromOutstanding: money,
      toCreditInFavor: money,
      fromDiscount: money,
    }),
  ),
});

export const obtenerTasa = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/obtener-tasa',
  tags,
  summary: 'La tasa del día (Bs. por dólar) con la que se registran los abonos en bolívares, y el IGTF que llevan los abonos en divisas',
  response: envelope(
    z.object({
      currency: z.string(),
      amount: z.string(),
      date: instant.nullable(),
      /** Whether the store charges the IGTF and its rate (basis points, 300 = 3 %). */
      igtf: z.object({ charged: z.boolean(), basisPoints: z.number() }),
    }),
  ),
});

export const verificarReferencia = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/vrificar-referencia',
  tags,
  summary: '¿Ya se usó esta referencia con este banco y método (órdenes web, ventas o abonos)?',
  query: z.object({
    method: z.enum(SALE_PAYMENT_METHOD_IDS, { error: 'Método de pago desconocido' }),
    bankCode: z
      .string()
      .regex(/^\d{4}$/, 'El banco no es válido')
      .default(''),
    reference,
  }),
  response: envelope(z.object({ used: z.boolean() })),
});

export const buscarItem = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/buscar-item',
  tags,
  summary: 'Líneas de una nota o factura (por código o nombre del artículo) con las unidades que aún se pueden devolver',
  query: z.object({ deliveryNote: documentNumberField('La nota o factura'), search: searchText(0).default('') }),
  response: envelope(z.array(documentLine.extend({ returnable: z.number() }))),
});

const documentHit = z.object({
  id: z.number(),
  number: z.string(),
  client: clientRef,
  createdAt: instant,
  total: money,
  outstandingBalance: money,
  paymentStatus: z.enum(PAYMENT_STATUSES),
});

export const buscarNotaEntrega = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/buscar-nota-entrega',
  tags,
  summary: 'Buscar notas de entrega por número, cliente o cédula (hasta 20, las que deben primero)',
  query: lookupQuery,
  response: envelope(z.array(documentHit)),
});

export const buscarFacturas = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/buscar-facturas',
  tags,
  summary: 'Buscar facturas por número, cliente o cédula (hasta 20, las más recientes primero)',
  query: lookupQuery,
  response: envelope(z.array(documentHit)),
});

export const buscarCliente = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/buscar-cliente',
  tags,
  summary: 'Buscar clientes por nombre o cédula/RIF con lo que deben (hasta 20)',
  query: lookupQuery,
  response: envelope(z.array(clientRef.extend({ outstandingBalance: money }))),
});

export const buscarVendedor = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/buscar-vendedor',
  tags,
  summary: 'Buscar vendedores por nombre o código (hasta 20)',
  query: lookupQuery,
  response: envelope(z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), active: z.boolean() }))),
});
