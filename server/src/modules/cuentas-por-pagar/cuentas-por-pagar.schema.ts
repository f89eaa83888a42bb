// Tables of payables (cuentas por pagar): suppliers, the documents the store owes them and the
// store's payments against each document. A document keeps its balance in its own currency (a
// supplier's Bs. are settled in Bs.), with the same CHECK invariant as a nota de entrega.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 14, scale: 4 });

export const proveedores = pgTable(
  'proveedores',
  {
    id: serial('id').primaryKey(),
    /** Normalised RIF (J-123456789): one supplier per RIF. */
    rif: varchar('rif', { length: 20 }).notNull().unique(),
    name: text('name').notNull(),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    createdBy: integer('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proveedores_nombre').on(t.name)],
);

/**
 * A supplier's factura or nota. total, discount, balance_paid and outstanding_balance are in the
 * document's currency; total_usd is its USD equivalent at `rate` (1 for a USD document).
 */
export const documentosPorPagar = pgTable(
  'documentos_por_pagar',
  {
    id: serial('id').primaryKey(),
    proveedorId: integer('proveedor_id')
      .notNull()
      .references(() => proveedores.id),
    number: varchar('number', { length: 30 }).notNull(),
    /** The supplier's número de control as printed on its document ('' when it has none or was not typed). */
    controlNumber: varchar('control_number', { length: 30 }).notNull().default(''),
    kind: varchar('kind', { length: 10 }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    rate: rate('rate').notNull(),
    total: money('total').notNull(),
    totalUsd: money('total_usd').notNull(),
    /**
     * The fiscal breakdown of `total` (libro de compras, docs/dominio.md §Libros fiscales), in the document's
     * currency: iva = base × iva_basis_points and the rest of the total (total − base − iva) is exento.
     * Documents registered before these columns have base and IVA 0: all of their total is exento.
     */
    baseImponible: money('base_imponible').notNull().default('0'),
    ivaBasisPoints: integer('iva_basis_points').notNull().default(1600),
    iva: money('iva').notNull().default('0'),
    /** The IVA the store retained as agente de retención (its comprobante): it lowers the balance once. */
    ivaRetenido: money('iva_retenido').notNull().default('0'),
    retencionBasisPoints: integer('retencion_basis_points'),
    retencionComprobante: varchar('retencion_comprobante', { length: 30 }),
    retencionFecha: date('retencion_fecha', { mode: 'string' }),
    discount: money('discount').notNull().default('0'),
    balancePaid: money('balance_paid').notNull().default('0'),
    outstandingBalance: money('outstanding_balance').notNull(),
    paymentStatus: varchar('payment_status', { length: 10 }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documentos_por_pagar_numero').on(t.proveedorId, t.number),
    index('documentos_por_pagar_vence').on(t.dueDate),
    check('documentos_por_pagar_tipo_ok', sql`${t.kind} IN ('factura', 'nota')`),
    check('documentos_por_pagar_moneda_ok', sql`${t.currency} IN ('USD', 'VES')`),
    check('documentos_por_pagar_estado_ok', sql`${t.paymentStatus} IN ('pendiente', 'abonada', 'pagada')`),
    check('documentos_por_pagar_fechas_ok', sql`${t.dueDate} >= ${t.issuedOn}`),
    check('documentos_por_pagar_tasa_ok', sql`${t.rate} > 0 AND (${t.currency} = 'VES' OR ${t.rate} = 1)`),
    check(
      'documentos_por_pagar_saldo_ok',
      sql`${t.outstandingBalance} = ${t.total} - ${t.discount} - ${t.balancePaid} - ${t.ivaRetenido} AND ${t.outstandingBalance} >= 0 AND ${t.balancePaid} >= 0 AND ${t.discount} >= 0`,
    ),
    check('documentos_por_pagar_montos_ok', sql`${t.total} > 0 AND ${t.totalUsd} > 0`),
    check(
      'documentos_por_pagar_fiscal_ok',
      sql`${t.baseImponible} >= 0 AND ${t.iva} >= 0 AND ${t.baseImponible} + ${t.iva} <= ${t.total} AND ${t.ivaBasisPoints} BETWEEN 0 AND 10000`,
    ),
    check(
      'documentos_por_pagar_retencion_ok',
      sql`${t.ivaRetenido} >= 0 AND ${t.ivaRetenido} <= ${t.iva} AND (${t.retencionComprobante} IS NULL) = (${t.ivaRetenido} = 0) AND (${t.retencionComprobante} IS NULL) = (${t.retencionFecha} IS NULL) AND (${t.retencionComprobante} IS NULL) = (${t.retencionBasisPoints} IS NULL) AND (${t.retencionBasisPoints} IS NULL OR ${t.retencionBasisPoints} IN (7500, 10000))`,
    ),
  ],
);

/** A payment the store made on a document; annulling it gives its amount back to the balance. */
export const pagosProveedor = pgTable(
  'pagos_proveedor',
  {
    id: serial('id').primaryKey(),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => documentosPorPagar.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** In the payment's own currency. */
    amount: money('amount').notNull(),
    /** Bs. per USD of the payment's day. */
    rate: rate('rate').notNull(),
    /** What it counts on the document, in the document's currency. */
    applied: money('applied').notNull(),
    /** The IGTF (US$) of a payment in divisas (domain/igtf.ts), paid by the store on top: never counted on the document. */
    igtf: money('igtf').notNull().default('0'),
    reference: varchar('reference', { length: 40 }).notNull().default(''),
    bankCode: varchar('bank_code', { length: 4 }).notNull().default(''),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    annulledAt: timestamp('annulled_at', { withTimezone: true }),
    annulledBy: integer('annulled_by').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pagos_proveedor_documento').on(t.documentoId, t.createdAt),
    check('pagos_proveedor_moneda_ok', sql`${t.currency} IN ('USD', 'VES')`),
    check('pagos_proveedor_monto_ok', sql`${t.amount} > 0 AND ${t.applied} > 0 AND ${t.rate} > 0`),
    check('pagos_proveedor_igtf_ok', sql`${t.igtf} >= 0`),
  ],
);
