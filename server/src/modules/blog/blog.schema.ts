// The blog (docs/dominio.md §Contenido de la tienda): categories and posts whose HTML content was sanitized
// on the way in. A post is shown on the storefront when publicado, or programado and its time came.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

export const blogCategorias = pgTable(
  'blog_categorias',
  {
    id: serial('id').primaryKey(),
    category: varchar('category', { length: 60 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blog_categorias_nombre').on(sql`lower(${t.category})`)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 120 }).notNull().unique(),
    title: varchar('title', { length: 160 }).notNull(),
    /** Sanitized HTML (blog.html.ts allow-list). */
    content: text('content').notNull(),
    /** Stored name of the uploaded picture under uploads/ in the upload store, or null (the placeholder is shown). */
    image: varchar('image', { length: 64 }),
    status: varchar('status', { length: 12 }).notNull(),
    schedulePost: timestamp('schedule_post', { withTimezone: true }),
    /** When it became visible: set on publishing, or the scheduled time. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => blogCategorias.id),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_posts_visibles').on(t.publishedAt),
    index('blog_posts_categoria').on(t.categoryId, t.publishedAt),
    check('blog_posts_estado_ok', sql`${t.status} IN ('borrador', 'publicado', 'programado')`),
    check('blog_posts_programado_ok', sql`${t.status} <> 'programado' OR ${t.schedulePost} IS NOT NULL`),
  ],
);
