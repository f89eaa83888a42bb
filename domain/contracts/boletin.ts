// The newsletter (spec §7 «Mail»: POST /correo/newsletter, PATCH /correo/desuscribir): sign-up from
// the store's footer with double opt-in, the signed preferences page /email/{cliente} (confirm,
// unsubscribe, subscribe again) and, for the admin (DOMAIN.md: the newsletter is the admin's), the
// subscribers and the campaigns, sent in batches by the periodic jobs.
import { z } from 'zod';
import { email, id, idParam, listQuery, obligatorio } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant, message } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import type { Role } from '#domain/roles.ts';

export const BOLETIN_ROLES = ['admin'] as const satisfies readonly Role[];
export const BOLETIN_LIMITS = { asunto: 150, contenido: 50_000, productos: 12 } as const;

export const ESTADOS_SUSCRIPTOR = ['pendiente', 'confirmado', 'desuscrito'] as const;
export type EstadoSuscriptor = (typeof ESTADOS_SUSCRIPTOR)[number];
export const ESTADOS_CAMPANA = ['borrador', 'enviando', 'enviada'] as const;
export type EstadoCampana = (typeof ESTADOS_CAMPANA)[number];

const tags = ['correo'] as const;
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The signed link's two parts: whose preferences (`cliente`, the subscriber's number) and the HMAC. */
const firma = z
  .string({ error: 'El enlace no es válido: falta su firma' })
  .trim()
  .regex(/^[0-9a-f]{32}$/, 'El enlace no es válido: su firma está incompleta o alterada');

export const enlaceFirmado = z.object({
  cliente: id('El suscriptor'),
  firma,
});

// ── shapes of the answers ───────────────────────────────────────────────────

/** What the preferences page shows to whoever holds the signed link. */
export const preferencias = z.object({ email: z.string(), estado: z.enum(ESTADOS_SUSCRIPTOR) });
export type Preferencias = z.infer<typeof preferencias>;

export const suscriptor = z.object({
  id: z.number(),
  email: z.string(),
  estado: z.enum(ESTADOS_SUSCRIPTOR),
  createdAt: instant,
  confirmedAt: instant.nullable(),
  unsubscribedAt: instant.nullable(),
});
export type Suscriptor = z.infer<typeof suscriptor>;

export const campana = z.object({
  id: z.number(),
  asunto: z.string(),
  /** Sanitized HTML (the blog's allow-list). */
  contenido: z.string(),
  /** Model codes whose cards (photo, name, price) go under the text. */
  productos: z.array(z.string()),
  estado: z.enum(ESTADOS_CAMPANA),
  /** Confirmed subscribers when the sending began (then those sent, once it ends). */
  total: z.number(),
  enviados: z.number(),
  createdAt: instant,
  startedAt: instant.nullable(),
  finishedAt: instant.nullable(),
});
export type Campana = z.infer<typeof campana>;

export const envio = z.object({ id: z.number(), email: z.string(), correoId: z.number().nullable(), createdAt: instant });
export type Envio = z.infer<typeof envio>;

// ── public routes ───────────────────────────────────────────────────────────

export const newsletterInput = z.object({
  email,
  /** The honeypot: hidden from people, filled by bots. A filled one gets the same answer and nothing happens. */
  website: z.string().max(500).optional(),
});

export const newsletter = defineRoute({
  method: 'POST',
  path: '/correo/newsletter',
  tags,
  summary:
    'Suscribe un correo al boletín: envía un correo con el enlace de confirmación (doble confirmación); la respuesta es la misma esté o no suscrito; limitado por dirección IP',
  body: newsletterInput,
  response: envelope(message),
  status: 201,
});

export const verPreferencias = defineRoute({
  method: 'GET',
  path: '/correo/preferencias/:cliente',
  tags,
  summary: 'El estado de una suscripción, con el enlace firmado de sus correos (sin ingresar)',
  params: z.object({ cliente: idParam('El suscriptor') }),
  query: z.object({ firma }),
  response: envelope(preferencias),
});

export const confirmar = defineRoute({
  method: 'POST',
  path: '/correo/newsletter/confirmar',
  tags,
  summary: 'Confirma una suscripción con el enlace firmado del correo de confirmación',
  body: enlaceFirmado,
  response: envelope(preferencias),
});

export const desuscribir = defineRoute({
  method: 'PATCH',
  path: '/correo/desuscribir',
  tags,
  summary: 'Da de baja un correo del boletín con el enlace firmado de cualquier envío, sin ingresar; ninguna campaña le llega después',
  body: enlaceFirmado,
  response: envelope(preferencias),
});

export const resuscribir = defineRoute({
  method: 'PATCH',
  path: '/correo/resuscribir',
  tags,
  summary: 'Vuelve a suscribir, desde la página de preferencias, un correo que se dio de baja',
  body: enlaceFirmado,
  response: envelope(preferencias),
});

// ── the admin's routes ──────────────────────────────────────────────────────

export const suscriptores = defineRoute({
  method: 'GET',
  path: '/correo/boletin/suscriptores',
  tags,
  summary: 'Suscriptores del boletín, los más recientes primero (15 por página); search: correo; filter: estado',
  query: listQuery(PAGE_SIZES.admin).extend({
    filter: z.preprocess(
      blankAsUndefined,
      z.enum(ESTADOS_SUSCRIPTOR, { error: 'El filtro debe ser pendiente, confirmado o desuscrito' }).optional(),
    ),
  }),
  response: envelopeList(suscriptor),
});

export const campanaInput = z.object({
  asunto: z
    .string({ error: obligatorio('El asunto') })
    .trim()
    .min(3, 'El asunto debe tener al menos 3 caracteres')
    .max(BOLETIN_LIMITS.asunto, `El asunto puede tener hasta ${BOLETIN_LIMITS.asunto} caracteres`),
  contenido: z
    .string({ error: obligatorio('El contenido') })
    .trim()
    .min(1, obligatorio('El contenido'))
    .max(BOLETIN_LIMITS.contenido, 'El contenido es demasiado largo'),
  productos: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{1,22}$/, 'Un producto elegido no es válido')
        .transform((v) => v.toUpperCase()),
      { error: 'Los productos deben ser una lista de códigos' },
    )
    .max(BOLETIN_LIMITS.productos, `Elija hasta ${BOLETIN_LIMITS.productos} productos`)
    .default([]),
});
export type CampanaInput = z.infer<typeof campanaInput>;

export const campanas = defineRoute({
  method: 'GET',
  path: '/correo/boletin/campanas',
  tags,
  summary: 'Campañas del boletín, la más reciente primero, con su avance',
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(campana),
});

export const crearCampana = defineRoute({
  method: 'POST',
  path: '/correo/boletin/campanas',
  tags,
  summary: 'Guarda una campaña en borrador (el contenido se limpia con la lista de etiquetas del blog)',
  body: campanaInput,
  response: envelope(campana),
  status: 201,
});

const campanaParams = z.object({ id: idParam('La campaña') });

export const verCampana = defineRoute({
  method: 'GET',
  path: '/correo/boletin/campanas/:id',
  tags,
  summary: 'Una campaña con su avance',
  params: campanaParams,
  response: envelope(campana),
});

export const editarCampana = defineRoute({
  method: 'PUT',
  path: '/correo/boletin/campanas/:id',
  tags,
  summary: 'Cambia una campaña mientras está en borrador',
  params: campanaParams,
  body: campanaInput,
  response: envelope(campana),
});

export const probarCampana = defineRoute({
  method: 'POST',
  path: '/correo/boletin/campanas/:id/prueba',
  tags,
  summary: 'Envía la campaña, tal como saldrá, solo al correo de quien la prueba',
  params: campanaParams,
  response: envelope(message),
});

export const enviarCampana = defineRoute({
  method: 'POST',
  path: '/correo/boletin/campanas/:id/enviar',
  tags,
  summary: 'Empieza a enviar la campaña a todos los suscriptores confirmados, por lotes (las tareas periódicas la continúan)',
  params: campanaParams,
  response: envelope(campana),
  status: 202,
});

export const enviosCampana = defineRoute({
  method: 'GET',
  path: '/correo/boletin/campanas/:id/envios',
  tags,
  summary: 'A quién se envió la campaña, uno por fila, con su correo en la bandeja',
  params: campanaParams,
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(envio),
});
