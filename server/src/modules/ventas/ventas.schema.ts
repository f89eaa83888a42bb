// Tables of sales: customers on account, document series, sales documents (factura or nota de
// entrega) with their lines and payments, abonos against notas, returns, credit authorizations,
// and the payment references used anywhere (one per bank and method across orders and abonos).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { ordenesCompra } from '#server/modules/orden-compra/orden-compra.schema.ts';

const usd = (name: string) => numeric(name, { precision: 12, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 14, scale: 4 });

/** A buyer staff sell to, found by cédula or RIF; a web buyer becomes one when the order is sold. */
export const clientes = pgTable(
  'clientes',
  {
    id: serial('id').primaryKey(),
    /** Normalised cédula or RIF (V12345678, J123456789): one customer per document. */
    dni: varchar('dni', { length: 20 }).notNull().unique(),
    name: text('name').notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: text('phone').notNull().default(''),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    address: text('address').notNull().default(''),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** USD; 0 means no credit without an authorization. */
    creditLimit: usd('credit_limit').notNull().default('0'),
    creditDays: integer('credit_days').notNull().default(30),
    /** Contribuyente especial: retains this share of the IVA of its invoices (7500 = 75 %, 10000 = 100 %); null: none. */
    retencionIvaBasisPoints: integer('retencion_iva_basis_points'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clientes_nombre').on(t.name),
    check('clientes_credito_ok', sql`${t.creditLimit} >= 0 AND ${t.creditDays} BETWEEN 0 AND 365`),
    check('clientes_retencion_ok', sql`${t.retencionIvaBasisPoints} IS NULL OR ${t.retencionIvaBasisPoints} IN (7500, 10000)`),
  ],
);

/** The last number given per store and kind; the row lock of `last = last + 1` serialises numbering. */
export const seriesDocumentos = pgTable(
  'series_documentos',
  {
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tiendaId, t.kind] })],
);

/**
 * A sale: 'factura' (contado) or 'nota-entrega' (crédito). Figures in USD with the rate frozen at
 * the sale (VES = USD × rate). A factura is born paid; a nota carries its balance, and the check
 * below keeps `outstanding_balance = total − discount − balance_paid`, never negative.
 */
export const ventas = pgTable(
  'ventas',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 24 }).notNull().unique(),
    /**
     * The store's internal número de control (00-00000123): one series per store shared by facturas
     * and notas. Null on a factura issued through the imprenta digital: its number is the printer's
     * (imprenta module, documentos_fiscales).
     */
    controlNumber: varchar('control_number', { length: 24 }),
    kind: varchar('kind', { length: 12 }).notNull(),
    condition: varchar('condition', { length: 10 }).notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    /** The web order this sale comes from. */
    orderId: integer('order_id')
      .references(() => ordenesCompra.id)
      .unique(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id),
    vendedorId: integer('vendedor_id').references(() => vendedores.id),
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    /** Who recorded it (null for a web order confirmed by a job). */
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    rate: rate('rate').notNull(),
    subtotal: usd('subtotal').notNull(),
    descuento: usd('descuento').notNull().default('0'),
    devoluciones: usd('devoluciones').notNull().default('0'),
    baseImponible: usd('base_imponible').notNull(),
    iva: usd('iva').notNull(),
    igtf: usd('igtf').notNull().default('0'),
    /** The IGTF rate the sale was charged at (300 = 3 %); null on sales recorded before it was kept. */
    igtfBasisPoints: integer('igtf_basis_points'),
    comision: usd('comision').notNull().default('0'),
    /** Shipping a web order charged (decision 0027): a charge of its own, outside the base and the IVA. */
    envio: usd('envio').notNull().default('0'),
    total: usd('total').notNull(),
    /** Nota de entrega: discounts granted on the balance (abonos with reference 'descuento'). */
    discount: usd('discount').notNull().default('0'),
    balancePaid: usd('balance_paid').notNull().default('0'),
    /** IVA the customer (contribuyente especial) retained, by its comprobante (venta_retenciones_iva): lowers the balance once. */
    ivaRetenido: usd('iva_retenido').notNull().default('0'),
    outstandingBalance: usd('outstanding_balance').notNull().default('0'),
    paymentStatus: varchar('payment_status', { length: 10 }).notNull(),
    /** Returns beyond what was owed: the customer's credit (saldo a favor). */
    creditInFavor: usd('credit_in_favor').notNull().default('0'),
    dueDate: date('due_date', { mode: 'string' }),
    authorizedBy: integer('authorized_by').references(() => usuarios.id, { onDelete: 'set null' }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    /** A counter sale's Idempotency-Key and the hash of its request: a retried sale gets the first back. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }).unique(),
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Anulada: it stays listed, out of every total and receivable (docs/decisions/0021). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => usuarios.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
  },
  (t) => [
    uniqueIndex('ventas_control_unico').on(t.tiendaId, t.controlNumber),
    index('ventas_fecha').on(t.createdAt),
    index('ventas_tienda_fecha').on(t.tiendaId, t.createdAt),
    index('ventas_vendedor_fecha').on(t.vendedorId, t.createdAt),
    index('ventas_cliente_fecha').on(t.clienteId, t.createdAt),
    index('ventas_por_cobrar').on(t.clienteId, t.dueDate).where(sql`${t.kind} = 'nota-entrega' AND ${t.outstandingBalance} > 0`),
    // The receivables by due day (mayor-cuentas.cobros.repo.ts dueDate, written the same): the
    // pending and overdue lists read their page from it in order, without sorting every note.
    index('ventas_por_cobrar_vence')
      .on(sql`coalesce(${t.dueDate}, ((${t.createdAt} AT TIME ZONE 'UTC') - interval '4 hours')::date)`, t.id)
      .where(sql`${t.kind} = 'nota-entrega' AND ${t.outstandingBalance} > 0`),
    // The few anuladas: the payments report leaves theirs out (NOT EXISTS) without reading every sale.
    index('ventas_anuladas').on(t.id).where(sql`${t.voidedAt} IS NOT NULL`),
    check('ventas_tipo_ok', sql`${t.kind} IN ('factura', 'nota-entrega')`),
    check('ventas_condicion_ok', sql`(${t.kind} = 'factura') = (${t.condition} = 'contado')`),
    check('ventas_origen_ok', sql`${t.source} IN ('mostrador', 'web')`),
    check('ventas_estado_ok', sql`${t.paymentStatus} IN ('pendiente', 'abonada', 'pagada')`),
    check(
      'ventas_saldo_ok',
      sql`${t.outstandingBalance} = ${t.total} - ${t.discount} - ${t.balancePaid} - ${t.ivaRetenido} AND ${t.outstandingBalance} >= 0 AND ${t.balancePaid} >= 0 AND ${t.discount} >= 0`,
    ),
    check('ventas_iva_retenido_ok', sql`${t.ivaRetenido} >= 0`),
    check('ventas_montos_ok', sql`${t.total} >= 0 AND ${t.baseImponible} >= 0 AND ${t.creditInFavor} >= 0`),
    check('ventas_anulada_ok', sql`(${t.voidedAt} IS NULL) = (${t.voidReason} IS NULL)`),
    // Only a factura goes to the imprenta digital; a nota de entrega keeps the internal number.
    check('ventas_control_ok', sql`${t.controlNumber} IS NOT NULL OR ${t.kind} = 'factura'`),
    check('ventas_igtf_tasa_ok', sql`${t.igtfBasisPoints} IS NULL OR ${t.igtfBasisPoints} BETWEEN 0 AND 10000`),
  ],
);

export const ventaLineas = pgTable(
  'venta_lineas',
  {
    id: serial('id').primaryKey(),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => ventas.id, { onDelete: 'cascade' }),
    articleCode: varchar('article_code', { length: 22 }).notNull(),
    name: text('name').notNull(),
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    quantity: integer('quantity').notNull(),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    price: usd('price').notNull(),
    promotion: usd('promotion').notNull().default('0'),
    /** The whole line's discount. */
    discount: usd('discount').notNull().default('0'),
    net: usd('net').notNull(),
  },
  (t) => [
    index('venta_lineas_venta').on(t.ventaId),
    index('venta_lineas_articulo').on(t.articleCode),
    check('venta_lineas_cantidad_ok', sql`${t.quantity} > 0 AND ${t.returnedQuantity} BETWEEN 0 AND ${t.quantity}`),
  ],
);

/** Money received with the sale itself (contado, or a down payment on a nota). */
export const ventaPagos = pgTable(
  'venta_pagos',
  {
    id: serial('id').primaryKey(),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => ventas.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** In its own currency: what the customer handed over. */
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    /** Cash given back from this payment (vuelto), in its own currency; amount − change stays. */
    change: numeric('change', { precision: 16, scale: 2 }).notNull().default('0'),
    /** USD counted on the document: what stays (amount − change) at the document's rate. */
    amountUsd: usd('amount_usd').notNull(),
    rate: rate('rate').notNull(),
    reference: varchar('reference', { length: 40 }).notNull().default(''),
    bankCode: varchar('bank_code', { length: 4 }).notNull().default(''),
    igtf: usd('igtf').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('venta_pagos_venta').on(t.ventaId),
    index('venta_pagos_fecha').on(t.createdAt, t.method),
    check('venta_pagos_monto_ok', sql`${t.amount} > 0 AND ${t.amountUsd} > 0 AND ${t.change} >= 0 AND ${t.change} < ${t.amount}`),
  ],
);

/**
 * Money approved on a web order that is not a sale yet (a short payment waiting for the rest): money
 * received, so «Pagos recibidos» lists it from the day it was approved. When the order becomes its
 * factura the anticipo is applied to it (venta_id) and the factura's payment takes its date; an
 * order cancelled with it keeps it listed, as money to give back (docs/dominio.md §Lo que se recibe y lo que se debe).
 */
export const ventaAnticipos = pgTable(
  'venta_anticipos',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => ordenesCompra.id, { onDelete: 'cascade' }),
    /** The order's payment it comes from: booked once. */
    ordenPagoId: integer('orden_pago_id').notNull(),
    orderCode: varchar('order_code', { length: 20 }).notNull(),
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    clienteName: varchar('cliente_name', { length: 150 }).notNull(),
    method: varchar('method', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    amountUsd: usd('amount_usd').notNull(),
    rate: rate('rate').notNull(),
    igtf: usd('igtf').notNull().default('0'),
    reference: varchar('reference', { length: 40 }).notNull().default(''),
    /** The factura it was applied to, once the order was paid in full. */
    ventaId: integer('venta_id').references(() => ventas.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('venta_anticipos_pago').on(t.ordenPagoId),
    index('venta_anticipos_abiertos').on(t.createdAt).where(sql`${t.ventaId} IS NULL`),
    check('venta_anticipos_monto_ok', sql`${t.amount} > 0 AND ${t.amountUsd} >= 0 AND ${t.igtf} >= 0`),
  ],
);

/**
 * Money given back to the buyer of a sale after it was paid (a refund of its online payment): it is
 * not a payment, the payments report shows it on its own line, and the document's credit pays it
 * first (docs/dominio.md §Reembolsos).
 */
export const ventaReembolsos = pgTable(
  'venta_reembolsos',
  {
    id: serial('id').primaryKey(),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => ventas.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    amountUsd: usd('amount_usd').notNull(),
    /** Of it, what paid out the customer's credit in favour; the rest lowered what the document was paid. */
    fromCredit: usd('from_credit').notNull().default('0'),
    /** The provider's refund id: one refund is booked once. */
    reference: varchar('reference', { length: 80 }).notNull(),
    note: varchar('note', { length: 300 }).notNull().default(''),
    userId: integer('user_id').references(() => usuarios.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('venta_reembolsos_referencia').on(t.method, t.reference),
    index('venta_reembolsos_fecha').on(t.createdAt),
    check(
      'venta_reembolsos_monto_ok',
      sql`${t.amount} > 0 AND ${t.amountUsd} > 0 AND ${t.fromCredit} >= 0 AND ${t.fromCredit} <= ${t.amountUsd}`,
    ),
  ],
);

/** A payment (or a 'descuento') registered against a nota de entrega. */
export const abonos = pgTable(
  'abonos',
  {
    id: serial('id').primaryKey(),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => ventas.id, { onDelete: 'cascade' }),
    step: varchar('step', { length: 10 }).notNull().default('pendiente'),
    method: varchar('method', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    /** USD counted on the note. */
    total: usd('total').notNull(),
    /** The IGTF of an abono in divisas (domain/igtf.ts): amount = total + igtf; never counted on the note. */
    igtf: usd('igtf').notNull().default('0'),
    rate: rate('rate').notNull(),
    reference: varchar('reference', { length: 40 }).notNull(),
    bankCode: varchar('bank_code', { length: 4 }).notNull().default(''),
    paidOn: date('paid_on', { mode: 'string' }),
    note: text('note').notNull().default(''),
    registeredBy: integer('registered_by').references(() => usuarios.id, { onDelete: 'set null' }),
    /** Why staff rejected it (required), or what they noted approving it. */
    reviewNote: text('review_note').notNull().default(''),
    /** Who approved or rejected it, and when. */
    updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('abonos_venta').on(t.ventaId, t.createdAt),
    index('abonos_paso').on(t.step, t.createdAt),
    check('abonos_paso_ok', sql`${t.step} IN ('pendiente', 'aprobado', 'rechazado')`),
    check('abonos_monto_ok', sql`${t.amount} > 0 AND ${t.total} > 0`),
    check('abonos_igtf_ok', sql`${t.igtf} >= 0`),
  ],
);

/** Units given back on a sale: the line's returned quantity and the document's new total. */
export const devoluciones = pgTable(
  'devoluciones',
  {
    id: serial('id').primaryKey(),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => ventas.id, { onDelete: 'cascade' }),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => ventaLineas.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** How much the document's total went down. */
    amount: usd('amount').notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('devoluciones_venta').on(t.ventaId), check('devoluciones_cantidad_ok', sql`${t.quantity} > 0`)],
);

/** `autorizar`: admin or administracion let one credit sale pass the limit or overdue notes. */
export const autorizacionesCredito = pgTable(
  'autorizaciones_credito',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    /** Up to this sale total in USD. */
    maxAmount: usd('max_amount').notNull(),
    note: text('note').notNull().default(''),
    authorizedBy: integer('authorized_by').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The sale that used it (each authorization serves once). */
    ventaId: integer('venta_id')
      .references(() => ventas.id, { onDelete: 'set null' })
      .unique(),
  },
  (t) => [index('autorizaciones_cliente').on(t.clienteId, t.expiresAt)],
);

/**
 * A credit sale held for authorisation (docs/dominio.md «Venta retenida»): the seller asked for a
 * credit limit the customer does not have. Its units stay held (reservas.retenida_id) while it
 * waits; admin or administración approve it (the customer gets the limit asked for and the nota
 * de entrega is written then, `venta_id`) or refuse it with a reason (the units go back). The
 * customer exists either way.
 */
export const ventasRetenidas = pgTable(
  'ventas_retenidas',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    vendedorId: integer('vendedor_id').references(() => vendedores.id, { onDelete: 'set null' }),
    /** Who sold it. */
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** The lines and the note as the seller sent them; the nota is priced again when approved. */
    lines: jsonb('lines').$type<{ articleCode: string; quantity: number }[]>().notNull(),
    note: text('note').notNull().default(''),
    prospectoId: integer('prospecto_id'),
    /** The sale's total when it was held (USD), for whoever decides. */
    total: usd('total').notNull(),
    requestedLimit: usd('requested_limit').notNull(),
    requestedDays: integer('requested_days').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pendiente'),
    reason: text('reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => usuarios.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ventaId: integer('venta_id')
      .references(() => ventas.id, { onDelete: 'set null' })
      .unique(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ventas_retenidas_estado').on(t.status, t.createdAt),
    check('ventas_retenidas_estado_ok', sql`${t.status} IN ('pendiente', 'aprobada', 'rechazada')`),
    check('ventas_retenidas_credito_ok', sql`${t.requestedLimit} > 0 AND ${t.requestedDays} BETWEEN 0 AND 365`),
  ],
);

/**
 * Every payment reference in use, whatever paid with it (an order's payment, a sale's payment, an
 * abono): a reference serves once per bank and method. A rejected payment releases its row.
 */
export const referenciasPago = pgTable(
  'referencias_pago',
  {
    id: serial('id').primaryKey(),
    bankCode: varchar('bank_code', { length: 4 }).notNull().default(''),
    method: varchar('method', { length: 20 }).notNull(),
    /** Normalised: no spaces, upper case. */
    reference: varchar('reference', { length: 40 }).notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    sourceId: integer('source_id').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referencias_pago_unica').on(t.bankCode, t.method, t.reference).where(sql`${t.releasedAt} IS NULL`),
    index('referencias_pago_origen').on(t.source, t.sourceId),
    check('referencias_pago_origen_ok', sql`${t.source} IN ('orden', 'venta', 'abono')`),
  ],
);
