// Tables of purchase orders: orders, lines, payments, history, credit approvals.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';

export type Comprador = { fullName: string; email: string; phone: string; dni: string; state: string; city: string; address: string };
export type Entrega = {
  contact: string;
  phone: string;
  dni: string;
  state: string;
  city: string;
  address: string;
  agency: string;
  shipping: string;
  payShipping: string;
  /** A pickup at a store (shipping «retiro-en-tienda»): the store, and its name as it was then. */
  pickupTiendaId?: number | null;
  pickupStore?: string | null;
  /** The rate's estimate when the order was placed (docs/decisions/0027); absent on older orders and pickups. */
  daysMin?: number | null;
  daysMax?: number | null;
};

export const ordenesCompra = pgTable(
  'ordenes_compra',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull().unique(),
    step: varchar('step', { length: 30 }).notNull(),
    userId: integer('user_id').references(() => usuarios.id),
    buyer: jsonb('buyer').$type<Comprador>().notNull(),
    delivery: jsonb('delivery').$type<Entrega>().notNull(),
    paymentMethod: varchar('payment_method', { length: 20 }).notNull(),
    comment: text('comment').notNull().default(''),
    withSeller: boolean('with_seller').notNull().default(false),
    salesmanId: integer('salesman_id').references(() => vendedores.id),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    iva: numeric('iva', { precision: 12, scale: 2 }).notNull(),
    commission: numeric('commission', { precision: 12, scale: 2 }).notNull().default('0'),
    // The IGTF of paying in divisas with the order's method (domain/igtf.ts), part of the total, and
    // the store's rate when the order was placed (300 = 3 %; 0: not charged).
    igtf: numeric('igtf', { precision: 12, scale: 2 }).notNull().default('0'),
    igtfBasisPoints: integer('igtf_basis_points').notNull().default(0),
    // What the buyer pays for shipping with the order, in USD (tarifas_envio, decision 0027): 0 for a
    // pickup and for «por cobrar en destino». Not taxed, not discounted; part of the total.
    shipping: numeric('shipping', { precision: 12, scale: 2 }).notNull().default('0'),
    // Discounts as the order was priced (a later change of a discount never changes it), in USD:
    // the lines' automatic discounts, the coupon typed by the buyer and the payment-method discount.
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    couponCode: varchar('coupon_code', { length: 30 }),
    couponDiscount: numeric('coupon_discount', { precision: 12, scale: 2 }).notNull().default('0'),
    paymentDiscount: numeric('payment_discount', { precision: 12, scale: 2 }).notNull().default('0'),
    paymentDiscountName: text('payment_discount_name').notNull().default(''),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 14, scale: 4 }).notNull(),
    trackingNumber: text('tracking_number'),
    // Staff user in charge of web sales when the order was placed without a salesman (ajustes_venta).
    inChargeUserId: integer('in_charge_user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // The time to pay given at registration; a rejected payment goes back to it, never to a new one.
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    // Where the order came from (request.ip) and the buyer's normalised contacts: the limit of open
    // unpaid orders counts them (domain/checkout.ts unpaidOrderKeys).
    clientIp: varchar('client_ip', { length: 45 }),
    unpaidKeys: text('unpaid_keys').array().notNull().default(sql`'{}'::text[]`),
    // 'web' (the checkout) or 'whatsapp' («Pedir por WhatsApp», decision 0033): staff see and filter it.
    origen: varchar('origen', { length: 10 }).notNull().default('web'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ordenes_step').on(t.step, t.createdAt),
    // The step chips counted with a payment-method filter (and dates): an index-only count per step.
    index('ordenes_paso_metodo').on(t.step, t.paymentMethod, t.createdAt),
    // The staff list's order (newest first, id to break ties) and its date range, without a sort of every order.
    index('ordenes_creadas').on(t.createdAt, t.id),
    // The staff search «contains» on code, buyer name, e-mail and cédula (ILIKE '%…%', 3 characters or more).
    index('ordenes_busqueda_codigo').using('gin', sql`${t.code} gin_trgm_ops`),
    index('ordenes_busqueda_nombre').using('gin', sql`(${t.buyer}->>'fullName') gin_trgm_ops`),
    index('ordenes_busqueda_correo').using('gin', sql`(${t.buyer}->>'email') gin_trgm_ops`),
    index('ordenes_busqueda_cedula').using('gin', sql`(${t.buyer}->>'dni') gin_trgm_ops`),
    // A search shaped like a whole cédula or RIF (V-12345678) finds it exactly (orderTextMatches).
    index('ordenes_cedula_exacta').on(sql`upper(replace(${t.buyer}->>'dni', '-', ''))`),
    index('ordenes_usuario').on(t.userId),
    // The staff list filtered to WhatsApp orders (a few among many), newest first, without reading the rest.
    index('ordenes_whatsapp').on(t.createdAt, t.id).where(sql`${t.origen} = 'whatsapp'`),
    index('ordenes_impagas_claves').using('gin', t.unpaidKeys).where(sql`${t.step} IN ('pendiente', 'pago-por-confirmar')`),
  ],
);

export const ordenDetalles = pgTable(
  'orden_detalles',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => ordenesCompra.id, { onDelete: 'cascade' }),
    articleCode: varchar('article_code', { length: 22 }).notNull(),
    name: text('name').notNull(),
    tiendaId: integer('tienda_id').notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    promotion: numeric('promotion', { precision: 12, scale: 2 }).notNull(),
    // This line's share of each discount (for the whole line, not per unit); net is after all of them.
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    discountName: text('discount_name').notNull().default(''),
    couponDiscount: numeric('coupon_discount', { precision: 12, scale: 2 }).notNull().default('0'),
    paymentDiscount: numeric('payment_discount', { precision: 12, scale: 2 }).notNull().default('0'),
    net: numeric('net', { precision: 12, scale: 2 }).notNull(),
    iva: numeric('iva', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [index('orden_detalles_orden').on(t.orderId)],
);

export const ordenPagos = pgTable(
  'orden_pagos',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => ordenesCompra.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 20 }).notNull(),
    reference: varchar('reference', { length: 40 }).notNull(),
    bankCode: varchar('bank_code', { length: 4 }).notNull().default(''),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    paidOn: varchar('paid_on', { length: 10 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('reportado'),
    // The buyer's picture of the payment (re-encoded WebP under DATA_DIR/comprobantes, random name):
    // only staff read it, never a public URL.
    receipt: varchar('receipt', { length: 40 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A reference cannot be used twice for the same bank and method (a rejected report frees it).
    uniqueIndex('orden_pagos_referencia').on(t.bankCode, t.method, t.reference).where(sql`${t.status} <> 'rechazado'`),
  ],
);

export const ordenHistorial = pgTable(
  'orden_historial',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => ordenesCompra.id, { onDelete: 'cascade' }),
    fromStep: varchar('from_step', { length: 30 }),
    toStep: varchar('to_step', { length: 30 }).notNull(),
    userId: integer('user_id'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orden_historial_orden').on(t.orderId, t.at)],
);

/** A web order staff agreed to sell on credit: it does not expire unpaid and is listed in ventas a crédito. */
export const ventasCredito = pgTable('ventas_credito', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => ordenesCompra.id, { onDelete: 'cascade' }),
  approvedBy: integer('approved_by').references(() => usuarios.id, { onDelete: 'set null' }),
  note: text('note').notNull().default(''),
  approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
});
