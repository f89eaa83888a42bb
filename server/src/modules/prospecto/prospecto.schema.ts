// Prospect requests (docs/dominio.md §Contenido de la tienda, docs/api.md §Prospectos): a would-be or wholesale customer asking for
// articles, entered by staff, answered with a quote priced from the catalogue, and processed once:
// noted as an order for that customer (a clientes row) or discarded.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { clientes } from '#server/modules/ventas/ventas.schema.ts';

export const prospectos = pgTable(
  'prospectos',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    dni: varchar('dni', { length: 20 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    email: text('email').notNull().default(''),
    note: text('note').notNull().default(''),
    /** cotizada (answered with its quote), pedido (noted as an order of the customer), vendida (processed as a sale; result holds its number) or descartada. */
    status: varchar('status', { length: 12 }).notNull().default('cotizada'),
    clienteId: integer('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    result: text('result').notNull().default(''),
    createdBy: integer('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    processedBy: integer('processed_by').references(() => usuarios.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prospectos_fecha').on(t.status, t.createdAt),
    check('prospectos_estado_ok', sql`${t.status} IN ('cotizada', 'pedido', 'vendida', 'descartada')`),
  ],
);

/** The quote: each article with its price and promotion as the catalogue had them when quoted. */
export const prospectoLineas = pgTable(
  'prospecto_lineas',
  {
    id: serial('id').primaryKey(),
    prospectoId: integer('prospecto_id')
      .notNull()
      .references(() => prospectos.id, { onDelete: 'cascade' }),
    articleCode: varchar('article_code', { length: 22 }).notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    promotion: numeric('promotion', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('prospecto_lineas_prospecto').on(t.prospectoId), check('prospecto_lineas_cantidad_ok', sql`${t.quantity} > 0`)],
);
