// The newsletter (docs/api.md §Boletín: POST /correo/newsletter, PATCH /correo/desuscribir): sign-up from
// the store's footer with double opt-in, the signed preferences page /email/{cliente} (confirm,
// unsubscribe, subscribe again) and, for the admin (the newsletter is the admin's, docs/dominio.md §Roles), the
// subscribers and the campaigns, sent in batches by the periodic jobs.
import { z } from 'zod';
import { instanteProgramado, PROGRAMACION_INVALIDA } from '#domain/boletin-programada.ts';
import { email, id, idParam, listQuery, obligatorio } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant, message } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import type { Role } from '#domain/roles.ts';

export const BOLETIN_ROLES = ['admin'] as const satisfies readonly Role[];
export const BOLETIN_LIMITS = { asunto: 150, contenido: 50_000, productos: 12 } as const;

export const ESTADOS_SUSCRIPTOR = ['pendiente', 'confirmado', 'desuscrito'] as const;
export type EstadoSuscriptor = (typeof ESTADOS_SUSCRIPTOR)[number];
export const ESTADOS_CAMPANA = ['borrador', 'programada', 'enviando', 'enviada'] as const;
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
  /** When a «programada» campaign starts sending (the job queue starts it); null otherwise. */
  programadaPara: instant.nullable(),
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

export const BAJA_UN_CLIC_CUERPO = 'Envíe List-Unsubscribe=One-Click como formulario para darse de baja';

/** The only body RFC 8058 lets a mail client send to the List-Unsubscribe URL. */
export const bajaUnClicInput = z.object(
  { 'List-Unsubscribe': z.literal('One-Click', { error: BAJA_UN_CLIC_CUERPO }) },
  { error: BAJA_UN_CLIC_CUERPO },
);

export const bajaUnClic = defineRoute({
  method: 'POST',
  path: '/correo/baja/:cliente',
  tags,
  summary:
    'Baja con un clic (RFC 8058): la URL de la cabecera List-Unsubscribe de cada campaña; el programa de correo envía List-Unsubscribe=One-Click como formulario, sin sesión; repetirla no cambia nada',
  params: z.object({ cliente: idParam('El suscriptor') }),
  query: z.object({ firma }),
  body: bajaUnClicInput,
  response: envelope(preferencias),
});

export const bajaUnClicPagina = defineRoute({
  method: 'GET',
  path: '/correo/baja/:cliente',
  tags,
  summary:
    'Quien abre la URL de List-Unsubscribe en el navegador va a la página de preferencias, que ofrece la baja (abrirla no cambia nada)',
  params: z.object({ cliente: idParam('El suscriptor') }),
  query: z.object({ firma }),
  response: z.null(),
  status: 302,
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
  summary: 'Cambia una campaña mientras no ha empezado a enviarse (borrador o programada)',
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
  summary:
    'Empieza ya a enviar la campaña (en borrador o programada) a todos los suscriptores confirmados, por lotes (las tareas periódicas la continúan)',
  params: campanaParams,
  response: envelope(campana),
  status: 202,
});

export const programarInput = z.object({
  /** Caracas time as the picker sends it (aaaa-mm-dd hh:mm), or an ISO instant. */
  programada_para: z
    .string({ error: obligatorio('La fecha y hora') })
    .trim()
    .min(1, obligatorio('La fecha y hora'))
    .max(40, PROGRAMACION_INVALIDA)
    .refine((v) => instanteProgramado(v) !== null, PROGRAMACION_INVALIDA),
});

export const programarCampana = defineRoute({
  method: 'PUT',
  path: '/correo/boletin/campanas/:id/programacion',
  tags,
  summary:
    'Programa (o reprograma) el envío de una campaña en borrador o programada para una fecha y hora futuras de Caracas; la cola de tareas la empieza a esa hora',
  params: campanaParams,
  body: programarInput,
  response: envelope(campana),
});

export const cancelarProgramacion = defineRoute({
  method: 'DELETE',
  path: '/correo/boletin/campanas/:id/programacion',
  tags,
  summary: 'Cancela la programación de una campaña que todavía no empezó: vuelve a borrador',
  params: campanaParams,
  response: envelope(campana),
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
