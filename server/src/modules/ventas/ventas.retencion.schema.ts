// The comprobantes de retención de IVA that customers (contribuyentes especiales) hand the store:
// one per sales document (the unique index is what makes recording it happen exactly once), its
// amount in US$ at the document's rate, and the stored file of the voucher when one was attached.
import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { ventas } from './ventas.schema.ts';

export const ventaRetencionesIva = pgTable(
  'venta_retenciones_iva',
  {
    id: serial('id').primaryKey(),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => ventas.id),
    comprobante: varchar('comprobante', { length: 30 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** US$, like every figure of the document; its Bs. is amount × the document's rate. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** The customer's share at the time (7500 = 75 %, 10000 = 100 %). */
    basisPoints: integer('basis_points').notNull(),
    /** Storage key of the voucher's PDF or image, when attached. */
    archivo: varchar('archivo', { length: 200 }),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('venta_retenciones_iva_venta').on(t.ventaId),
    check('venta_retenciones_iva_monto_ok', sql`${t.amount} > 0`),
    check('venta_retenciones_iva_porcentaje_ok', sql`${t.basisPoints} IN (7500, 10000)`),
  ],
);
