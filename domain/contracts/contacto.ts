// /api/contacto/*: the /contact form (anyone) and the staff's inbox (contact inquiries are the
// admin's, docs/dominio.md §Contenido de la tienda): unread count, mark read and a reply by e-mail kept in the thread.
import { z } from 'zod';
import { email, id, idParam, listQuery, phone } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant, message } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import type { Role } from '#domain/roles.ts';

export const CONTACTO_ROLES = ['admin'] as const satisfies readonly Role[];
export const CONTACTO_LIMITS = { name: 120, subject: 150, message: 5000, reply: 5000 } as const;

const tags = ['contacto'] as const;
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const informarInput = z.object({
  name: z
    .string({ error: 'El nombre es obligatorio' })
    .trim()
    .min(2, 'El nombre es obligatorio')
    .max(CONTACTO_LIMITS.name, `El nombre puede tener hasta ${CONTACTO_LIMITS.name} caracteres`),
  email,
  phone: z.preprocess(blankAsUndefined, phone.optional()),
  subject: z
    .string({ error: 'El asunto es obligatorio' })
    .trim()
    .min(3, 'El asunto debe tener al menos 3 caracteres')
    .max(CONTACTO_LIMITS.subject, `El asunto puede tener hasta ${CONTACTO_LIMITS.subject} caracteres`),
  message: z
    .string({ error: 'El mensaje es obligatorio' })
    .trim()
    .min(10, 'El mensaje debe tener al menos 10 caracteres')
    .max(CONTACTO_LIMITS.message, `El mensaje puede tener hasta ${CONTACTO_LIMITS.message} caracteres`),
  /** The honeypot: hidden from people, filled by bots. A filled one is thanked and dropped. */
  website: z.string().max(500).optional(),
  /** Where the form was sent from: /franchise also opens a prospect request for the sales staff. */
  origen: z.preprocess(
    blankAsUndefined,
    z.enum(['contacto', 'franquicia'], { error: 'El origen del mensaje no es válido' }).default('contacto'),
  ),
});

export const ASUNTO_FRANQUICIA = 'Solicitud de franquicia';

export const informar = defineRoute({
  method: 'POST',
  path: '/contacto/informar',
  tags,
  summary:
    'Envía un mensaje desde /contact o /franchise (nombre, correo, teléfono, asunto y mensaje; origen franquicia abre además una solicitud de prospecto); limitado por dirección IP',
  body: informarInput,
  response: envelope(message),
  status: 201,
});

const reply = z.object({ id: z.number(), message: z.string(), user: z.string().nullable(), created_at: instant });

export const informe = z.object({
  id: z.number(),
  type: z.literal('informe'),
  attributes: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    subject: z.string(),
    /** Plain text. */
    message: z.string(),
    readed: z.boolean(),
    readed_at: instant.nullable(),
    created_at: instant,
    replies: z.array(reply),
  }),
});
export type Informe = z.infer<typeof informe>;

export const obtenerInformes = defineRoute({
  method: 'GET',
  path: '/contacto/obtener-informes',
  tags,
  summary: 'Mensajes de contacto, el más reciente primero (15 por página); filter: no-leidos o leidos; search: nombre, correo o asunto',
  query: listQuery(PAGE_SIZES.admin).extend({
    filter: z.preprocess(blankAsUndefined, z.enum(['no-leidos', 'leidos'], { error: 'El filtro debe ser no-leidos o leidos' }).optional()),
  }),
  response: envelopeList(informe),
});

export const sinLeer = defineRoute({
  method: 'GET',
  path: '/contacto/sin-leer',
  tags,
  summary: 'Cuántos mensajes de contacto no se han leído',
  response: envelope(z.object({ total: z.number() })),
});

export const verInforme = defineRoute({
  method: 'GET',
  path: '/contacto/informe/:id',
  tags,
  summary: 'Un mensaje con sus respuestas',
  params: z.object({ id: idParam('El mensaje') }),
  response: envelope(informe),
});

export const marcarLeido = defineRoute({
  method: 'PATCH',
  path: '/contacto/marcar-leido',
  tags,
  summary: 'Marca un mensaje como leído o no leído (attributes.readed)',
  body: z.object({ id: id('El mensaje'), readed: z.boolean({ error: 'Indique si está leído (true o false)' }).default(true) }),
  response: envelope(informe),
});

export const repuestaInforme = defineRoute({
  method: 'POST',
  path: '/contacto/repuesta-informe',
  tags,
  summary: 'Responde un mensaje por correo; la respuesta queda en su conversación y el mensaje queda leído',
  body: z.object({
    id: id('El mensaje'),
    message: z
      .string({ error: 'Escriba la respuesta' })
      .trim()
      .min(2, 'Escriba la respuesta')
      .max(CONTACTO_LIMITS.reply, `La respuesta puede tener hasta ${CONTACTO_LIMITS.reply} caracteres`),
  }),
  response: envelope(informe),
});
