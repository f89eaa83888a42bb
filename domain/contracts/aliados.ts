// /api/aliados/*: the store's commercial partners (name, logo, link, order), shown on the home page
// and /franchise; the admin keeps them in /dashboard/aliados-comerciales. Creating and editing are
// multipart (the logo travels as a file through the one safe upload path).
import { z } from 'zod';
import { idParam } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, message } from '#domain/contracts/contract.ts';
import type { Role } from '#domain/roles.ts';

export const ALIADOS_ROLES = ['admin'] as const satisfies readonly Role[];
export const ALIADOS_MAX = 24;

const tags = ['aliados'] as const;

export const aliado = z.object({ id: z.number(), name: z.string(), logo: z.string(), url: z.string(), position: z.number() });
export type Aliado = z.infer<typeof aliado>;

/** The text fields of the multipart form; the logo is a file field named «logo». */
export const aliadoTexto = z.object({
  name: z
    .string({ error: 'El nombre es obligatorio' })
    .trim()
    .min(2, 'El nombre debe tener al menos 2 caracteres')
    .max(80, 'El nombre puede tener hasta 80 caracteres'),
  url: z
    .string()
    .trim()
    .max(300, 'El enlace puede tener hasta 300 caracteres')
    .refine((v) => {
      if (v === '') return true;
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'El enlace debe ser una dirección web (https://…)')
    .default(''),
});

const params = z.object({ id: idParam('El aliado') });

export const listarAliados = defineRoute({
  method: 'GET',
  path: '/aliados',
  tags,
  summary: 'Los aliados comerciales, en el orden en que se muestran',
  response: envelope(z.array(aliado)),
});

export const crearAliado = defineRoute({
  method: 'POST',
  path: '/aliados',
  tags,
  summary: `Agrega un aliado al final (multipart: name, url opcional y el logo como archivo JPEG, PNG o WebP; hasta ${ALIADOS_MAX})`,
  response: envelope(aliado),
  status: 201,
});

export const editarAliado = defineRoute({
  method: 'POST',
  path: '/aliados/:id',
  tags,
  summary: 'Cambia el nombre, el enlace o el logo de un aliado (multipart; el logo es opcional)',
  params,
  response: envelope(aliado),
});

export const moverAliado = defineRoute({
  method: 'POST',
  path: '/aliados/:id/mover',
  tags,
  summary: 'Sube o baja un aliado un puesto; responde la lista en su nuevo orden',
  params,
  body: z.object({ hacia: z.enum(['arriba', 'abajo'], { error: 'Indique hacia dónde moverlo: arriba o abajo' }) }),
  response: envelope(z.array(aliado)),
});

export const borrarAliado = defineRoute({
  method: 'DELETE',
  path: '/aliados/:id',
  tags,
  summary: 'Quita un aliado',
  params,
  response: envelope(message),
});
