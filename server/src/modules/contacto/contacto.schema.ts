// Contact inquiries from /contact (docs/dominio.md §Contenido de la tienda: it gets marked read) and the
// staff's e-mailed replies, kept as the inquiry's thread.
import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

export const contactoInformes = pgTable(
  'contacto_informes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    subject: varchar('subject', { length: 150 }).notNull(),
    /** Plain text: every tag was removed on the way in. */
    message: text('message').notNull(),
    readed: boolean('readed').notNull().default(false),
    readedAt: timestamp('readed_at', { withTimezone: true }),
    readedBy: integer('readed_by').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacto_informes_fecha').on(t.readed, t.createdAt)],
);

export const contactoRespuestas = pgTable(
  'contacto_respuestas',
  {
    id: serial('id').primaryKey(),
    informeId: integer('informe_id')
      .notNull()
      .references(() => contactoInformes.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacto_respuestas_informe').on(t.informeId, t.createdAt)],
);
