// /api/galeria/*: the store's photo gallery (docs/dominio.md §Contenido de la tienda, docs/api.md §Galería). Anyone sees it; admin and
// inventario (the catalogue's people, docs/dominio.md §Roles) upload and remove photos.
import { z } from 'zod';
import { idParam, listPage, perPage } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import type { Role } from '#domain/roles.ts';

export const GALERIA_ROLES = ['admin', 'inventario'] as const satisfies readonly Role[];
export const GALERIA_PAGE_SIZE = 12;
export const GALERIA_LIMITS = { filesPerUpload: 10, title: 120 } as const;

const tags = ['galeria'] as const;

export const foto = z.object({
  id: z.number(),
  /** The 960 px picture. */
  imagen: z.string(),
  /** 480 px, for the grid. */
  thumb: z.string(),
  /** 1600 px, for the lightbox. */
  large: z.string(),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
  title: z.string(),
  created_at: instant,
});
export type Foto = z.infer<typeof foto>;

export const galeria = defineRoute({
  method: 'GET',
  path: '/galeria',
  tags,
  summary: 'La galería: cuántas fotos tiene y las 6 más recientes',
  response: envelope(z.object({ total: z.number(), latest: z.array(foto) })),
});

export const fotos = defineRoute({
  method: 'GET',
  path: '/galeria/fotos',
  tags,
  summary: 'Fotos de la galería, la más reciente primero (12 por página; meta.last_page dice cuántas páginas hay)',
  query: z.object({ page: listPage(), per_page: perPage(GALERIA_PAGE_SIZE, 48) }),
  response: envelopeList(foto),
});

export const upload = defineRoute({
  method: 'POST',
  path: '/galeria/upload',
  tags,
  summary: `Sube fotos a la galería (multipart: campo «fotos», hasta ${GALERIA_LIMITS.filesPerUpload} JPEG, PNG o WebP de 8 MB; campo «title» opcional); se guardan en WebP de 480, 960 y 1600 px`,
  response: envelope(z.array(foto)),
  status: 201,
});

export const eliminar = defineRoute({
  method: 'DELETE',
  path: '/galeria/fotos/:id',
  tags,
  summary: 'Quita una foto de la galería (y sus archivos)',
  params: z.object({ id: idParam('La foto') }),
  response: envelope(z.object({ id: z.number() })),
});
