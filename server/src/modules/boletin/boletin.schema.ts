// The newsletter's subscribers (double opt-in: only «confirmado» receives campaigns), its campaigns
// and the per-recipient log of each sending (one row per subscriber, so a batch never repeats one).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { EstadoCampana, EstadoSuscriptor } from '#domain/contracts/boletin.ts';
import { correos } from '#server/modules/correo/correo.schema.ts';

export const boletinSuscriptores = pgTable(
  'boletin_suscriptores',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased on the way in. */
    email: varchar('email', { length: 254 }).notNull(),
    estado: varchar('estado', { length: 12 }).$type<EstadoSuscriptor>().notNull().default('pendiente'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('boletin_suscriptores_email').on(t.email),
    check('boletin_suscriptores_estado_ok', sql`${t.estado} IN ('pendiente', 'confirmado', 'desuscrito')`),
    // The batches walk the confirmed ones in id order.
    index('boletin_suscriptores_confirmados').on(t.id).where(sql`estado = 'confirmado'`),
  ],
);

export const boletinCampanas = pgTable(
  'boletin_campanas',
  {
    id: serial('id').primaryKey(),
    asunto: varchar('asunto', { length: 150 }).notNull(),
    /** Sanitized HTML (the blog's allow-list). */
    contenido: text('contenido').notNull(),
    productos: jsonb('productos').$type<string[]>().notNull().default([]),
    estado: varchar('estado', { length: 10 }).$type<EstadoCampana>().notNull().default('borrador'),
    /** A «programada» campaign's start: the periodic jobs start it once this time came. */
    programadaPara: timestamp('programada_para', { withTimezone: true }),
    /** Confirmed subscribers when the sending began; those sent once it ends. */
    total: integer('total').notNull().default(0),
    /** The last subscriber id a batch reached: the next batch starts after it. */
    cursor: integer('cursor').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('boletin_campanas_estado_ok', sql`${t.estado} IN ('borrador', 'programada', 'enviando', 'enviada')`),
    check('boletin_campanas_programada_ok', sql`${t.estado} <> 'programada' OR ${t.programadaPara} IS NOT NULL`),
    // The jobs look for the scheduled ones whose time came.
    index('boletin_campanas_programadas').on(t.programadaPara).where(sql`estado = 'programada'`),
  ],
);

export const boletinEnvios = pgTable(
  'boletin_envios',
  {
    id: serial('id').primaryKey(),
    campanaId: integer('campana_id')
      .notNull()
      .references(() => boletinCampanas.id, { onDelete: 'cascade' }),
    suscriptorId: integer('suscriptor_id')
      .notNull()
      .references(() => boletinSuscriptores.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    /** Its row in the outbox; null when the mailer skipped it (hourly limit per address). */
    correoId: integer('correo_id').references(() => correos.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('boletin_envios_campana_suscriptor').on(t.campanaId, t.suscriptorId)],
);
