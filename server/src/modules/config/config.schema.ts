// Tables of the sales settings: person in charge of web sales, sale notices.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

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
