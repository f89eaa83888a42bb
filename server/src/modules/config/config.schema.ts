// Tables of the sales settings: person in charge of web sales, IGTF, sale notices.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

/** One row (id 1): the staff user in charge of web sales. */
export const ajustesVenta = pgTable(
  'ajustes_venta',
  {
    id: integer('id').primaryKey().default(1),
    userInChargeId: integer('user_in_charge_id').references(() => usuarios.id, { onDelete: 'set null' }),
    // IGTF on foreign-currency payments of staff sales (domain/ventas.ts): charged or not, and its rate.
    igtfCharged: boolean('igtf_charged').notNull().default(true),
    igtfBasisPoints: integer('igtf_basis_points').notNull().default(300),
    // The most staff may write off when a web order's payment falls short (domain/pago-orden.ts), USD.
    writeOffTolerance: numeric('write_off_tolerance', { precision: 12, scale: 2 }).notNull().default('1.00'),
    updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ajustes_venta_una_fila', sql`${t.id} = 1`),
    check('ajustes_venta_igtf_ok', sql`${t.igtfBasisPoints} BETWEEN 0 AND 10000`),
    check('ajustes_venta_tolerancia_ok', sql`${t.writeOffTolerance} >= 0`),
  ],
);

/** Staff users e-mailed when a web order is registered or its payment is reported. */
export const notificacionVentaUsuarios = pgTable('notificacion_venta_usuarios', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
