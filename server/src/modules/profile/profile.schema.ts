import { index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { descuentos } from '#server/modules/descuento/descuento.schema.ts';

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

/**
 * Birthday coupons issued: one per child and year of the birthday. The primary key decides between
 * two runs or two processes at once: the one that inserts the row issues the coupon, in the same
 * transaction; the other finds the row taken and skips the child.
 */
export const cuponesCumpleanos = pgTable(
  'cupones_cumpleanos',
  {
    hijoId: integer('hijo_id')
      .notNull()
      .references(() => hijos.id, { onDelete: 'cascade' }),
    anio: integer('anio').notNull(),
    // Set in the transaction that takes the row, right after the coupon is created.
    descuentoId: integer('descuento_id').references(() => descuentos.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hijoId, t.anio] })],
);
