// The outbox: every mail the store wrote, and how its delivery went (one job of the queue per mail,
// retried with backoff: attempts counts the SMTP tries, error keeps the last failure).
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const correos = pgTable(
  'correos',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: varchar('kind', { length: 40 }).notNull(),
    /** Extra headers delivered with it (a campaign's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failed delivery's message; cleared once it is sent. */
    error: text('error'),
    /** SMTP tries so far (the queue's job retries a failed one with backoff). */
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [index('correos_to').on(t.to, t.createdAt)],
);
