// The store's photo gallery (docs/dominio.md §Contenido de la tienda: imagen, width, height): pictures uploaded by the
// staff, kept by modules/uploads in three WebP widths under one random key.
import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

export const galeriaFotos = pgTable(
  'galeria_fotos',
  {
    id: serial('id').primaryKey(),
    /** The key of its files under uploads/ in the upload store: `{key}-{480|960|1600}.webp`. */
    imageKey: varchar('image_key', { length: 32 }).notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    title: varchar('title', { length: 120 }).notNull().default(''),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('galeria_fotos_fecha').on(t.createdAt)],
);
