// Tables of the general settings: rate history, page info, company, bank accounts, footer, pages.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';

/** Every tasa del día ever set (history); the latest row is the current one. */
export const tasasCambio = pgTable(
  'tasas_cambio',
  {
    id: serial('id').primaryKey(),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    note: text('note').notNull().default(''),
    // Who set it; null for the seeded rate, the BCV's (or a user since deleted).
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    // 'manual' (staff) or 'bcv' (the automatic update from the Banco Central de Venezuela's page).
    source: varchar('source', { length: 10 }).notNull().default('manual'),
    // The BCV's "fecha valor": the day its published rate applies to (null for manual rates).
    valueDate: date('value_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasas_cambio_fecha').on(t.createdAt, t.id),
    check('tasas_cambio_positiva', sql`${t.amount} > 0`),
    check('tasas_cambio_fuente', sql`${t.source} IN ('manual', 'bcv')`),
    // One row per BCV publication, however many processes fetch it.
    uniqueIndex('tasas_cambio_bcv_fecha_valor').on(t.valueDate).where(sql`${t.source} = 'bcv'`),
  ],
);

export const infoPagina = pgTable('info_pagina', {
  id: integer('id').primaryKey().default(1),
  logo: text('logo').notNull().default(''),
  banner: text('banner').notNull().default(''),
  facility: text('facility').notNull().default(''),
  sizeGuide: text('size_guide').notNull().default(''),
  offer: text('offer').notNull().default(''),
  storeName: text('store_name').notNull().default('Vitrina'),
});

export const empresaSecciones = pgTable('empresa_secciones', {
  id: serial('id').primaryKey(),
  section: varchar('section', { length: 20 }).notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
});

export const cuentasBancarias = pgTable('cuentas_bancarias', {
  id: serial('id').primaryKey(),
  method: varchar('method', { length: 20 }).notNull(),
  bankCode: varchar('bank_code', { length: 4 }),
  bankName: text('bank_name').notNull().default(''),
  rif: text('rif').notNull(),
  companyAccountName: text('company_account_name').notNull(),
  companyAccountEmail: text('company_account_email').notNull().default(''),
  accountNumber: text('account_number').notNull().default(''),
  phone: text('phone').notNull().default(''),
  status: boolean('status').notNull().default(true),
});

export const footer = pgTable('footer', {
  id: integer('id').primaryKey().default(1),
  aboutText: jsonb('about_text').$type<string[]>().notNull().default([]),
  logo: text('logo').notNull().default(''),
  address: text('address').notNull().default(''),
  phone1: text('phone1').notNull().default(''),
  phone2: text('phone2').notNull().default(''),
  whatsapp: text('whatsapp').notNull().default(''),
  email: text('email').notNull().default(''),
  socialLinks: jsonb('social_links')
    .$type<{ facebook?: string; twitter?: string; instagram?: string; youtube?: string }>()
    .notNull()
    .default({}),
  copyrightText: text('copyright_text').notNull().default(''),
});

export const paginas = pgTable('paginas', {
  slug: varchar('slug', { length: 60 }).primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The company's legal data (one row, id 1): razón social and RIF for invoices, the footer and e-mails. */
export const empresaDatos = pgTable(
  'empresa_datos',
  {
    id: integer('id').primaryKey().default(1),
    razonSocial: text('razon_social').notNull(),
    rif: varchar('rif', { length: 12 }).notNull(),
    address: text('address').notNull().default(''),
    phone1: text('phone1').notNull().default(''),
    phone2: text('phone2').notNull().default(''),
    email: text('email').notNull().default(''),
    updatedBy: integer('updated_by').references(() => usuarios.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('empresa_datos_una_fila', sql`${t.id} = 1`)],
);
