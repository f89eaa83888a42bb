// /api/correo/*: the outbox of every message the store sent (admins read it in /dashboard/correos).
import { z } from 'zod';
import { idParam, listQuery } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';

// ── shapes of the answers ───────────────────────────────────────────────────

/**
 * A message in the outbox list. `error`: why its last delivery failed (null once sent or while
 * untried); `attempts`: SMTP tries so far (the queue retries a failed one with backoff).
 */
export const correo = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  createdAt: instant,
  sentAt: instant.nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  lastAttemptAt: instant.nullable(),
});
export type Correo = z.infer<typeof correo>;

/** A sent message with its bodies (the links that open an account are kept hidden). */
export const correoCompleto = correo.extend({ html: z.string(), text: z.string() });
export type CorreoCompleto = z.infer<typeof correoCompleto>;

// ── routes ──────────────────────────────────────────────────────────────────

const tags = ['correo'] as const;

export const bandeja = defineRoute({
  method: 'GET',
  path: '/correo/bandeja',
  tags,
  summary: 'Correos enviados por la tienda, los más recientes primero (to: solo los de una dirección)',
  query: listQuery(PAGE_SIZES.admin).extend({ to: z.string().trim().toLowerCase().max(254).optional() }),
  response: envelopeList(correo),
});

export const bandejaCorreo = defineRoute({
  method: 'GET',
  path: '/correo/bandeja/:id',
  tags,
  summary: 'Un correo enviado, completo',
  params: z.object({ id: idParam('El correo') }),
  response: envelope(correoCompleto),
});
