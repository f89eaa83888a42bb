// Commercial partners shown on the home page and /franchise, in the admin's order.
import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

export const aliados = pgTable(
  'aliados',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    /** The stored logo's URL (/uploads/{random}.webp). */
    logo: varchar('logo', { length: 200 }).notNull(),
    url: varchar('url', { length: 300 }).notNull().default(''),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('aliados_orden').on(t.position, t.id)],
);
