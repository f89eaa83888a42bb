// Tables of the cart: carts and their lines per store.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { articulos } from '#server/modules/catalogo/catalogo.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';

export const carritos = pgTable('carritos', {
  id: serial('id').primaryKey(),
  guestTokenHash: varchar('guest_token_hash', { length: 64 }).unique(),
  userId: integer('user_id')
    .references(() => usuarios.id, { onDelete: 'cascade' })
    .unique(),
  // The coupon the shopper typed (step 1 or 5), kept until the order; checked again when it is placed.
  couponCode: varchar('coupon_code', { length: 30 }),
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
