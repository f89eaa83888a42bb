// Documents sent to the imprenta digital (docs/dominio.md §Documentos fiscales e imprenta digital):
// one row per factura made while a printer is configured, «por-emitir» until the printer's answer
// is stored with its control number, the date and time it was assigned and who assigned it.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ventas } from '#server/modules/ventas/ventas.schema.ts';
import type { DocumentoParaImprenta } from './imprenta.ts';

export const documentosFiscales = pgTable(
  'documentos_fiscales',
  {
    id: serial('id').primaryKey(),
    ventaId: integer('venta_id')
      .notNull()
      .references(() => ventas.id, { onDelete: 'cascade' })
      .unique(),
    /** The store's number of the document (F-CCS-000123), for the staff's list. */
    numero: varchar('numero', { length: 24 }).notNull(),
    /** The idempotency key sent on every try: the printer answers it with one number only. */
    clave: varchar('clave', { length: 64 }).notNull().unique(),
    estado: varchar('estado', { length: 12 }).notNull().default('por-emitir'),
    /** What is sent, frozen with the sale: every retry sends exactly this. */
    datos: jsonb('datos').$type<DocumentoParaImprenta>().notNull(),
    numeroControl: varchar('numero_control', { length: 32 }),
    /** When the printer assigned the number (its own date and time). */
    asignadoEn: timestamp('asignado_en', { withTimezone: true }),
    imprentaRazonSocial: text('imprenta_razon_social'),
    imprentaRif: varchar('imprenta_rif', { length: 20 }),
    imprentaProvidencia: text('imprenta_providencia'),
    intentos: integer('intentos').notNull().default(0),
    ultimoError: text('ultimo_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emitidoEn: timestamp('emitido_en', { withTimezone: true }),
  },
  (t) => [
    index('documentos_fiscales_por_emitir').on(t.createdAt).where(sql`${t.estado} = 'por-emitir'`),
    check('documentos_fiscales_estado_ok', sql`${t.estado} IN ('por-emitir', 'emitido')`),
    check(
      'documentos_fiscales_emitido_ok',
      sql`(${t.estado} = 'emitido') = (${t.numeroControl} IS NOT NULL AND ${t.asignadoEn} IS NOT NULL AND ${t.imprentaRif} IS NOT NULL)`,
    ),
  ],
);
