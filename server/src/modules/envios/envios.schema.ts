// Table of the shipping rates: one row per agency and Venezuelan state (domain/envios.ts).
import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

/** cost_usd null: the agency collects on delivery («por cobrar en destino»). */
export const tarifasEnvio = pgTable(
  'tarifas_envio',
  {
    agency: varchar('agency', { length: 20 }).notNull(),
    state: varchar('state', { length: 40 }).notNull(),
    costUsd: numeric('cost_usd', { precision: 8, scale: 2 }),
    daysMin: integer('days_min').notNull(),
    daysMax: integer('days_max').notNull(),
    updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agency, t.state] }),
    check('tarifas_envio_costo_ok', sql`${t.costUsd} IS NULL OR ${t.costUsd} >= 0`),
    check('tarifas_envio_dias_ok', sql`${t.daysMin} >= 0 AND ${t.daysMax} >= ${t.daysMin}`),
  ],
);
