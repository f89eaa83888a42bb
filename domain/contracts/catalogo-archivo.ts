// The catalogue file (docs/dominio.md §Contenido de la tienda: upload with progress and download). Anyone downloads
// it; admin and inventario (the catalogue's people, docs/dominio.md §Roles) see its state, rebuild the generated
// one now, upload their own PDF (which the public link then serves) and remove it.
import { z } from 'zod';
import { defineRoute, envelope, instant } from '#domain/contracts/contract.ts';
import type { Role } from '#domain/roles.ts';

export const CATALOGO_ARCHIVO_ROLES = ['admin', 'inventario'] as const satisfies readonly Role[];
export const CATALOGO_ARCHIVO_MAX_BYTES = 30 * 1024 * 1024;
export { CATALOGO_PDF_URL } from '#domain/catalogo-urls.ts';

const tags = ['catalogo'] as const;

export const estadoCatalogo = z.object({
  /** When the generated catalogue was last completed; null before the first. */
  generado_en: instant.nullable(),
  en_construccion: z.boolean(),
  subido: z.object({ nombre: z.string(), bytes: z.number(), subido_en: instant }).nullable(),
  /** Which one the public link serves. */
  sirve: z.enum(['subido', 'generado']),
});
export type EstadoCatalogo = z.infer<typeof estadoCatalogo>;

export const descargar = defineRoute({
  method: 'GET',
  path: '/catalogo/archivo.pdf',
  tags,
  summary:
    'El catálogo en PDF: el subido por el personal si hay uno; si no, el generado (por línea y sub-línea, con fotos, tallas, colores y precios en US$ y Bs.)',
  /** The PDF itself. */
  response: z.string(),
});

export const estado = defineRoute({
  method: 'GET',
  path: '/catalogo/archivo',
  tags,
  summary: 'Estado del catálogo en PDF: última generación, si se está construyendo y el archivo subido',
  response: envelope(estadoCatalogo),
});

export const generar = defineRoute({
  method: 'POST',
  path: '/catalogo/archivo/generar',
  tags,
  summary: 'Genera el catálogo ahora (espera a que termine; el anterior se sigue sirviendo mientras tanto)',
  response: envelope(estadoCatalogo),
});

export const subir = defineRoute({
  method: 'POST',
  path: '/catalogo/archivo',
  tags,
  summary: 'Sube un catálogo propio en PDF (multipart, campo «archivo», hasta 30 MB); el enlace público lo sirve en vez del generado',
  response: envelope(estadoCatalogo),
  status: 201,
});

export const quitarSubido = defineRoute({
  method: 'DELETE',
  path: '/catalogo/archivo',
  tags,
  summary: 'Quita el catálogo subido; el enlace público vuelve a servir el generado',
  response: envelope(estadoCatalogo),
});
