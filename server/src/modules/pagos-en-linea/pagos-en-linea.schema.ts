// Online payments (docs/decisions/0035): each order created at the provider for one of our orders,
// its capture once it is paid, and the provider's webhook events already handled.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { ordenesCompra, ordenPagos } from '#server/modules/orden-compra/orden-compra.schema.ts';

/**
 * status: 'creado' (waiting for the buyer at the provider), 'capturado' (paid: its payment is in
 * orden_pagos), 'rechazado' (the provider declined it; the buyer may start again), 'retenido'
 * (paid but not applied: another amount or currency, or the order no longer awaited it; staff decide),
 * 'anulado' (approved but never captured: the order was cancelled or expired before the return).
 */
export const pagosEnLinea = pgTable(
  'pagos_en_linea',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => ordenesCompra.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerOrderId: varchar('provider_order_id', { length: 60 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('creado'),
    // What we asked the provider for: the order's total as the server computed it, commission included.
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    approvalUrl: text('approval_url').notNull(),
    captureId: varchar('capture_id', { length: 60 }),
    capturedAmount: numeric('captured_amount', { precision: 12, scale: 2 }),
    capturedCurrency: varchar('captured_currency', { length: 3 }),
    payerEmail: text('payer_email'),
    // Why a capture was not applied to the order (status 'retenido'), or why the provider declined it.
    note: text('note').notNull().default(''),
    paymentId: integer('payment_id').references(() => ordenPagos.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pagos_en_linea_orden_proveedor').on(t.provider, t.providerOrderId),
    // One capture is one payment, whichever of the return and the webhook records it.
    uniqueIndex('pagos_en_linea_captura').on(t.provider, t.captureId),
    // A double click makes one provider order: one waiting for the buyer per order at a time.
    uniqueIndex('pagos_en_linea_uno_abierto').on(t.orderId).where(sql`${t.status} = 'creado'`),
    index('pagos_en_linea_orden').on(t.orderId),
  ],
);

/** Webhook events handled, by the provider's event id: a repeated delivery changes nothing. */
export const pagosEnLineaEventos = pgTable(
  'pagos_en_linea_eventos',
  {
    provider: varchar('provider', { length: 20 }).notNull(),
    eventId: varchar('event_id', { length: 100 }).notNull(),
    eventType: varchar('event_type', { length: 100 }).notNull(),
    resourceId: varchar('resource_id', { length: 100 }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Refunds of a captured payment made by staff (whole or in parts), with who and when. A refund is
 * written `solicitado` before the provider is asked (with a key made from the staff's Idempotency-Key),
 * and `hecho` with the provider's refund id once it answers: a refund the provider
 * made but whose answer was lost is finished by the reconciliation, never forgotten or made twice.
 */
export const pagosEnLineaReembolsos = pgTable(
  'pagos_en_linea_reembolsos',
  {
    id: serial('id').primaryKey(),
    pagoId: integer('pago_id')
      .notNull()
      .references(() => pagosEnLinea.id, { onDelete: 'cascade' }),
    /** The staff's Idempotency-Key (the same key is the same refund). */
    requestId: varchar('request_id', { length: 120 }).notNull(),
    /** The key the provider is asked with, every time (derived from ours). */
    providerKey: varchar('provider_key', { length: 64 }).notNull(),
    /** 'revisar': the provider never confirmed it and staff must check it there (it stays reserved). */
    status: varchar('status', { length: 12 }).$type<'solicitado' | 'hecho' | 'revisar'>().notNull().default('hecho'),
    refundId: varchar('refund_id', { length: 60 }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Staff asked to cancel the order with the refund (done when the refund is). */
    anular: boolean('anular').notNull().default(false),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pagos_en_linea_reembolso_id').on(t.refundId),
    uniqueIndex('pagos_en_linea_reembolso_solicitud').on(t.requestId),
    index('pagos_en_linea_reembolsos_pago').on(t.pagoId),
    // The few «por revisar»: the home counts them and finds the oldest without reading every refund.
    index('pagos_en_linea_reembolsos_revisar').on(t.createdAt).where(sql`${t.status} = 'revisar'`),
  ],
);
