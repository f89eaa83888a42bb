// The table of catalogue administration: the history of every change to líneas, sub-líneas, models
// and articles (from the panel, a bulk change or an import). The photos are catalogo's.
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { lineas } from '#server/modules/catalogo/catalogo.schema.ts';

/**
 * One row per changed field: who, when, before → after, and where the change came from
 * (`source`: panel, masivo, importacion…; `batch` groups the rows of one bulk change or import).
 */
export const catalogoHistorial = pgTable(
  'catalogo_historial',
  {
    id: serial('id').primaryKey(),
    /** linea, sublinea, modelo or articulo. */
    entity: varchar('entity', { length: 12 }).notNull(),
    /** Its code as people read it: DAM, DAM/BLU, DBLU001NEGR, DBLU001NEGRXS. */
    entityKey: text('entity_key').notNull(),
    lineaId: integer('linea_id').references(() => lineas.id),
    /** The model the change is about (also for its articles); null for líneas and sub-líneas. */
    modelCode: varchar('model_code', { length: 20 }),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    source: varchar('source', { length: 20 }).notNull().default('panel'),
    batch: varchar('batch', { length: 40 }),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalogo_historial_modelo').on(t.modelCode, t.id), index('catalogo_historial_linea').on(t.lineaId, t.id)],
);
