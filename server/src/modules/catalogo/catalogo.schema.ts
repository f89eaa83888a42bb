// Tables of the catalogue: líneas, sub-líneas, colours, sizes, models, articles and the models' photos.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const lineas = pgTable('lineas', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  description: text('description').notNull().default(''),
  garment: text('garment').notNull().default('franela'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const sublineas = pgTable(
  'sublineas',
  {
    id: serial('id').primaryKey(),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    code: varchar('code', { length: 10 }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    garment: text('garment').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('sublineas_linea_code').on(t.lineaId, t.code)],
);

export const colores = pgTable('colores', {
  code: varchar('code', { length: 4 }).primaryKey(),
  name: text('name').notNull(),
  hex: varchar('hex', { length: 7 }).notNull(),
});

export const tallas = pgTable('tallas', {
  code: varchar('code', { length: 2 }).primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});

export const modelos = pgTable(
  'modelos',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    baseCode: varchar('base_code', { length: 16 }).notNull(),
    colorCode: varchar('color_code', { length: 4 })
      .notNull()
      .references(() => colores.code),
    sublineaId: integer('sublinea_id')
      .notNull()
      .references(() => sublineas.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    garment: text('garment').notNull(),
    searchText: text('search_text').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    promotion: numeric('promotion', { precision: 12, scale: 2 }).notNull().default('0'),
    soldCount: integer('sold_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Forces the model into (true) or out of (false) «lo nuevo»; null: by its date. */
    nuevo: boolean('nuevo'),
    /** Forces the model into (true) or out of (false) «más vendidos»; null: by its sales. */
    masVendido: boolean('mas_vendido'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('modelos_sublinea').on(t.sublineaId, t.active),
    // The grouped list's bounded count of styles (DISTINCT base_code) reads only this index (decision 0031-escala).
    index('modelos_sublinea_estilos').on(t.sublineaId, t.active, t.baseCode),
    index('modelos_base').on(t.baseCode),
    index('modelos_created').on(t.createdAt),
    index('modelos_sold').on(t.soldCount),
    // The list orders and the colour filter walk these and stop at the page (decision 0025).
    index('modelos_nuevo_orden').on(t.createdAt.desc().nullsFirst(), t.code),
    index('modelos_precio_orden').on(sql`(${t.price} - ${t.promotion})`, t.code),
    index('modelos_color').on(t.colorCode),
    // Each storefront order, over the whole catalogue and from a sub-line, exactly as the list sorts
    // (key in its direction, code ascending): the grouped list walks one of these and stops at the page
    // (decision 0031-escala). «Nombre» descending walks modelos_nombre_orden backwards.
    index('modelos_precio_desc_orden').on(sql`(${t.price} - ${t.promotion}) DESC`, t.code),
    index('modelos_nombre_orden').on(t.name, t.code),
    index('modelos_vendidos_orden').on(t.soldCount.desc().nullsFirst(), t.code),
    index('modelos_sublinea_nuevo').on(t.sublineaId, t.createdAt.desc().nullsFirst(), t.code),
    index('modelos_sublinea_precio').on(t.sublineaId, sql`(${t.price} - ${t.promotion})`, t.code),
    index('modelos_sublinea_precio_desc').on(t.sublineaId, sql`(${t.price} - ${t.promotion}) DESC`, t.code),
    index('modelos_sublinea_nombre').on(t.sublineaId, t.name, t.code),
    index('modelos_sublinea_vendidos').on(t.sublineaId, t.soldCount.desc().nullsFirst(), t.code),
    // The search's `LIKE '%term%'` (3 letters or more) reads this trigram index instead of every model.
    index('modelos_busqueda').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('modelos_price_ok', sql`${t.price} >= 0 AND ${t.promotion} >= 0 AND ${t.promotion} <= ${t.price}`),
  ],
);

export const articulos = pgTable(
  'articulos',
  {
    code: varchar('code', { length: 22 }).primaryKey(),
    modelCode: varchar('model_code', { length: 20 })
      .notNull()
      .references(() => modelos.code),
    sizeCode: varchar('size_code', { length: 2 })
      .notNull()
      .references(() => tallas.code),
  },
  (t) => [index('articulos_model').on(t.modelCode)],
);

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
