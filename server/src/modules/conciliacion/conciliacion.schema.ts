// Tables of the bank statement reconciliation: the columns of each bank's export (remembered once
// mapped), the statements uploaded with the rows as read, and their credit lines with the payment
// each was confirmed against. A payment is reconciled once: a unique index over the confirmed lines.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StatementCell, StatementMapping } from '#domain/conciliacion.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

/** The mapping of a bank's statement columns, by the bank's code (domain/banks.ts). */
export const conciliacionBancos = pgTable('conciliacion_bancos', {
  bankCode: varchar('bank_code', { length: 4 }).primaryKey(),
  mapping: jsonb('mapping').$type<StatementMapping>().notNull(),
  updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const conciliacionExtractos = pgTable(
  'conciliacion_extractos',
  {
    id: serial('id').primaryKey(),
    bankCode: varchar('bank_code', { length: 4 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('VES'),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** The rows as read (cells as text or number), kept until the columns are mapped and after. */
    rows: jsonb('rows').$type<StatementCell[][]>().notNull(),
    /** por-mapear: waiting for its columns; leido: its lines are in conciliacion_lineas. */
    status: varchar('status', { length: 12 }).notNull().default('por-mapear'),
    windowDays: integer('window_days').notNull().default(2),
    ignored: integer('ignored').notNull().default(0),
    problems: jsonb('problems').$type<Array<{ row: number; message: string }>>().notNull().default([]),
    uploadedBy: integer('uploaded_by').references(() => usuarios.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conciliacion_extractos_fecha').on(t.uploadedAt)],
);

export const conciliacionLineas = pgTable(
  'conciliacion_lineas',
  {
    id: serial('id').primaryKey(),
    extractoId: integer('extracto_id')
      .notNull()
      .references(() => conciliacionExtractos.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    date: varchar('date', { length: 10 }).notNull(),
    reference: varchar('reference', { length: 60 }).notNull(),
    description: text('description').notNull().default(''),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    /** pendiente, or conciliada with the payment it confirmed. */
    status: varchar('status', { length: 12 }).notNull().default('pendiente'),
    paymentKind: varchar('payment_kind', { length: 10 }),
    paymentId: integer('payment_id'),
    confirmedBy: integer('confirmed_by').references(() => usuarios.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('conciliacion_lineas_extracto').on(t.extractoId, t.row),
    uniqueIndex('conciliacion_lineas_pago').on(t.paymentKind, t.paymentId).where(sql`${t.status} = 'conciliada'`),
  ],
);
