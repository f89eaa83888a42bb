// The whole database schema, one section per module. Drizzle generates the SQL migrations
// in server/drizzle from this file (`npm run db:generate`).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

// ── catálogo ────────────────────────────────────────────────────────────────

export const lineas = pgTable('lineas', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  description: text('description').notNull().default(''),
  garment: text('garment').notNull().default('franela'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const sublineas = pgTable(
  'sublineas',
  {
    id: serial('id').primaryKey(),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    code: varchar('code', { length: 10 }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    garment: text('garment').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('sublineas_linea_code').on(t.lineaId, t.code)],
);

export const colores = pgTable('colores', {
  code: varchar('code', { length: 4 }).primaryKey(),
  name: text('name').notNull(),
  hex: varchar('hex', { length: 7 }).notNull(),
});

export const tallas = pgTable('tallas', {
  code: varchar('code', { length: 2 }).primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});

export const modelos = pgTable(
  'modelos',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    baseCode: varchar('base_code', { length: 16 }).notNull(),
    colorCode: varchar('color_code', { length: 4 })
      .notNull()
      .references(() => colores.code),
    sublineaId: integer('sublinea_id')
      .notNull()
      .references(() => sublineas.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    garment: text('garment').notNull(),
    searchText: text('search_text').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    promotion: numeric('promotion', { precision: 12, scale: 2 }).notNull().default('0'),
    soldCount: integer('sold_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('modelos_sublinea').on(t.sublineaId, t.active),
    index('modelos_base').on(t.baseCode),
    index('modelos_created').on(t.createdAt),
    index('modelos_sold').on(t.soldCount),
    check('modelos_price_ok', sql`${t.price} >= 0 AND ${t.promotion} >= 0 AND ${t.promotion} <= ${t.price}`),
  ],
);

export const articulos = pgTable(
  'articulos',
  {
    code: varchar('code', { length: 22 }).primaryKey(),
    modelCode: varchar('model_code', { length: 20 })
      .notNull()
      .references(() => modelos.code),
    sizeCode: varchar('size_code', { length: 2 })
      .notNull()
      .references(() => tallas.code),
  },
  (t) => [index('articulos_model').on(t.modelCode)],
);

export const tiendas = pgTable('tiendas', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull().default(''),
  hours: text('hours').notNull().default(''),
  ships: boolean('ships').notNull().default(true),
  active: boolean('active').notNull().default(true),
});

export const inventario = pgTable(
  'inventario',
  {
    id: serial('id').primaryKey(),
    articleCode: varchar('article_code', { length: 22 })
      .notNull()
      .references(() => articulos.code),
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    quantity: integer('quantity').notNull().default(0),
    held: integer('held').notNull().default(0),
    lote: text('lote').notNull().default(''),
    manufacturedAt: timestamp('manufactured_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inventario_articulo_tienda').on(t.articleCode, t.tiendaId),
    check('inventario_no_negativo', sql`${t.quantity} >= 0 AND ${t.held} >= 0 AND ${t.held} <= ${t.quantity}`),
  ],
);

// ── general ─────────────────────────────────────────────────────────────────

/** Every tasa del día ever set (history); the latest row is the current one. */
export const tasasCambio = pgTable(
  'tasas_cambio',
  {
    id: serial('id').primaryKey(),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    note: text('note').notNull().default(''),
    // Who set it; null for the seeded rate (or a user since deleted).
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tasas_cambio_fecha').on(t.createdAt, t.id), check('tasas_cambio_positiva', sql`${t.amount} > 0`)],
);

export const infoPagina = pgTable('info_pagina', {
  id: integer('id').primaryKey().default(1),
  logo: text('logo').notNull().default(''),
  banner: text('banner').notNull().default(''),
  facility: text('facility').notNull().default(''),
  sizeGuide: text('size_guide').notNull().default(''),
  offer: text('offer').notNull().default(''),
  storeName: text('store_name').notNull().default('Vitrina'),
});

export const empresaSecciones = pgTable('empresa_secciones', {
  id: serial('id').primaryKey(),
  section: varchar('section', { length: 20 }).notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
});

export const cuentasBancarias = pgTable('cuentas_bancarias', {
  id: serial('id').primaryKey(),
  method: varchar('method', { length: 20 }).notNull(),
  bankCode: varchar('bank_code', { length: 4 }),
  bankName: text('bank_name').notNull().default(''),
  rif: text('rif').notNull(),
  companyAccountName: text('company_account_name').notNull(),
  companyAccountEmail: text('company_account_email').notNull().default(''),
  accountNumber: text('account_number').notNull().default(''),
  phone: text('phone').notNull().default(''),
  status: boolean('status').notNull().default(true),
});

export const footer = pgTable('footer', {
  id: integer('id').primaryKey().default(1),
  aboutText: jsonb('about_text').$type<string[]>().notNull().default([]),
  logo: text('logo').notNull().default(''),
  address: text('address').notNull().default(''),
  phone1: text('phone1').notNull().default(''),
  phone2: text('phone2').notNull().default(''),
  whatsapp: text('whatsapp').notNull().default(''),
  email: text('email').notNull().default(''),
  socialLinks: jsonb('social_links')
    .$type<{ facebook?: string; twitter?: string; instagram?: string; youtube?: string }>()
    .notNull()
    .default({}),
  copyrightText: text('copyright_text').notNull().default(''),
});

export const paginas = pgTable('paginas', {
  slug: varchar('slug', { length: 60 }).primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── cuentas y sesiones ──────────────────────────────────────────────────────

export const usuarios = pgTable('usuarios', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  nickname: text('nickname').notNull(),
  fullName: text('full_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  dni: text('dni').notNull().default(''),
  state: text('state').notNull().default(''),
  city: text('city').notNull().default(''),
  address: text('address').notNull().default(''),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const usuarioRoles = pgTable(
  'usuario_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 20 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const vendedores = pgTable('vendedores', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .references(() => usuarios.id)
    .unique(),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const sesiones = pgTable(
  'sesiones',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sesiones_usuario').on(t.userId)],
);

export const restablecimientosClave = pgTable('restablecimientos_clave', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const hijos = pgTable(
  'hijos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: varchar('relationship', { length: 20 }).notNull(),
    gender: varchar('gender', { length: 10 }).notNull(),
    birthday: varchar('birthday', { length: 10 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hijos_usuario').on(t.userId, t.birthday)],
);

// ── correo ──────────────────────────────────────────────────────────────────

export const correos = pgTable(
  'correos',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: varchar('kind', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('correos_to').on(t.to, t.createdAt)],
);

// ── carrito y reservas ──────────────────────────────────────────────────────

export const carritos = pgTable('carritos', {
  id: serial('id').primaryKey(),
  guestTokenHash: varchar('guest_token_hash', { length: 64 }).unique(),
  userId: integer('user_id')
    .references(() => usuarios.id, { onDelete: 'cascade' })
    .unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Units of one article in a cart, taken from one store. A cart line is the sum over its stores. */
export const carritoItems = pgTable(
  'carrito_items',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carritos.id, { onDelete: 'cascade' }),
    articleCode: varchar('article_code', { length: 22 })
      .notNull()
      .references(() => articulos.code),
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.articleCode, t.tiendaId] }), check('carrito_items_cantidad', sql`${t.quantity} > 0`)],
);

/** Units set aside in a store: a short cart hold (expires) or an order's hold (until paid or cancelled). */
export const reservas = pgTable(
  'reservas',
  {
    id: serial('id').primaryKey(),
    articleCode: varchar('article_code', { length: 22 }).notNull(),
    tiendaId: integer('tienda_id').notNull(),
    quantity: integer('quantity').notNull(),
    cartId: integer('cart_id').references(() => carritos.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservas_activas').on(t.expiresAt),
    index('reservas_orden').on(t.orderId),
    check('reservas_cantidad', sql`${t.quantity} > 0`),
  ],
);

// ── órdenes de compra ───────────────────────────────────────────────────────

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
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 14, scale: 4 }).notNull(),
    trackingNumber: text('tracking_number'),
    // Staff user in charge of web sales when the order was placed without a salesman (ajustes_venta).
    inChargeUserId: integer('in_charge_user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ordenes_step').on(t.step, t.createdAt), index('ordenes_usuario').on(t.userId)],
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

// ── configuración de ventas ─────────────────────────────────────────────────

/** One row (id 1): the staff user in charge of web sales. */
export const ajustesVenta = pgTable(
  'ajustes_venta',
  {
    id: integer('id').primaryKey().default(1),
    userInChargeId: integer('user_in_charge_id').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ajustes_venta_una_fila', sql`${t.id} = 1`)],
);

/** Staff users e-mailed when a web order is registered or its payment is reported. */
export const notificacionVentaUsuarios = pgTable('notificacion_venta_usuarios', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
