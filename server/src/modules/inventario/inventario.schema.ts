// Tables of stock: stores and warehouses, inventory per store and article, holds, and the ledger of
// movements whose sum per article and store is the inventory's on-hand quantity.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { carritos } from '#server/modules/carrito/carrito.schema.ts';
import { articulos } from '#server/modules/catalogo/catalogo.schema.ts';

export const tiendas = pgTable(
  'tiendas',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 10 }).notNull().unique(),
    name: text('name').notNull(),
    // 'tienda' (shoppers may visit it) or 'almacen' (a warehouse, not listed in /nuestras-tiendas).
    kind: varchar('kind', { length: 10 }).notNull().default('tienda'),
    state: text('state').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    hours: text('hours').notNull().default(''),
    mapUrl: text('map_url').notNull().default(''),
    ships: boolean('ships').notNull().default(true),
    // false: its stock stays out of the storefront, the cart and the checkout.
    sellsWeb: boolean('sells_web').notNull().default(true),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('tiendas_tipo', sql`${t.kind} IN ('tienda', 'almacen')`)],
);

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
    /** A credit sale held for authorisation (ventas_retenidas): its units wait for the decision. */
    retenidaId: integer('retenida_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservas_activas').on(t.expiresAt),
    index('reservas_orden').on(t.orderId),
    index('reservas_retenida').on(t.retenidaId),
    check('reservas_cantidad', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every change of on-hand units, one row each: the initial stock, an entry, an exit, each side of a
 * transfer, a physical count (the difference it found) and an order's dispatch. Written in the
 * same transaction as the change, so for every article and store the sum of `quantity` equals
 * `inventario.quantity`. Rows are never updated or deleted.
 */
export const movimientosInventario = pgTable(
  'movimientos_inventario',
  {
    id: serial('id').primaryKey(),
    articleCode: varchar('article_code', { length: 22 })
      .notNull()
      .references(() => articulos.code),
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    /** The change of on-hand units (negative leaves the store); 0 only for a count that matched. */
    quantity: integer('quantity').notNull(),
    /** On-hand units right after this movement. */
    balance: integer('balance').notNull(),
    /** The other store of a transfer. */
    otherTiendaId: integer('other_tienda_id').references(() => tiendas.id),
    lote: text('lote').notNull().default(''),
    manufacturedAt: date('manufactured_at', { mode: 'string' }),
    /** The order code of a sale, a supplier's document, an import… */
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movimientos_articulo_tienda').on(t.articleCode, t.tiendaId, t.id),
    index('movimientos_tienda').on(t.tiendaId, t.id),
    index('movimientos_fecha').on(t.createdAt),
    check('movimientos_tipo', sql`${t.kind} IN ('inicial', 'entrada', 'salida', 'traslado', 'conteo', 'venta', 'devolucion')`),
    check('movimientos_saldo', sql`${t.balance} >= 0`),
    check('movimientos_cantidad', sql`${t.quantity} <> 0 OR ${t.kind} = 'conteo'`),
  ],
);
