// Tables of catalogue administration: the photos of each model and the history of every change
// to líneas, sub-líneas, models and articles (from the panel, a bulk change or an import).
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { lineas, modelos } from '#server/modules/catalogo/catalogo.schema.ts';

/** A photo of a model, re-encoded to the storefront's WebP widths under DATA_DIR/fotos/{key}-{width}.webp. */
export const modeloFotos = pgTable(
  'modelo_fotos',
  {
    id: serial('id').primaryKey(),
    modelCode: varchar('model_code', { length: 20 })
      .notNull()
      .references(() => modelos.code, { onDelete: 'cascade' }),
    /** The files' name: the model and a random part, so a new photo never reuses a cached URL. */
    key: varchar('key', { length: 40 }).notNull().unique(),
    position: integer('position').notNull().default(0),
    /** Size of the uploaded original, in pixels. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('modelo_fotos_modelo').on(t.modelCode, t.position)],
);

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
