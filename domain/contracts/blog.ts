// /api/blog/*: categories and posts (docs/dominio.md §Contenido de la tienda, docs/api.md §Blog). The storefront reads visible posts; the admin
// writes them (blog is the admin's, docs/dominio.md §Roles) and uploads their picture.
import { z } from 'zod';
import { POST_STATUSES, SLUG_MAX, SLUG_PATTERN } from '#domain/blog.ts';
import { id, idParam, listQuery } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import type { Role } from '#domain/roles.ts';

export const BLOG_ROLES = ['admin'] as const satisfies readonly Role[];
/** Posts per page of /blog and of the dashboard list. */
export const BLOG_PAGE_SIZE = 9;
export const BLOG_LIMITS = { title: 160, content: 100_000, category: 60 } as const;

const tags = ['blog'] as const;
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const category = z.object({ id: z.number(), category: z.string(), posts: z.number() });
export type BlogCategory = z.infer<typeof category>;

export const post = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  summary: z.string(),
  /** The stored picture's URL, or null (the page shows the placeholder). */
  images: z.string().nullable(),
  status: z.enum(POST_STATUSES),
  schedule_post: instant.nullable(),
  published_at: instant.nullable(),
  category: z.string(),
  category_id: z.number(),
  user_id: z.number().nullable(),
  user: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type BlogPost = z.infer<typeof post>;

export const getAllCategories = defineRoute({
  method: 'GET',
  path: '/blog/get-all-categories',
  tags,
  summary: 'Categorías del blog en orden alfabético, con cuántas publicaciones visibles tiene cada una',
  response: envelope(z.array(category)),
});

export const addCategory = defineRoute({
  method: 'POST',
  path: '/blog/add-category',
  tags,
  summary: 'Nueva categoría del blog (nombre único sin importar mayúsculas)',
  body: z.object({
    category: z
      .string({ error: 'El nombre de la categoría es obligatorio' })
      .trim()
      .min(2, 'El nombre de la categoría debe tener al menos 2 caracteres')
      .max(BLOG_LIMITS.category, `El nombre de la categoría puede tener hasta ${BLOG_LIMITS.category} caracteres`),
  }),
  response: envelope(category),
});

const publicList = listQuery(BLOG_PAGE_SIZE, { maxPerPage: 30 }).extend({
  category: z.preprocess(blankAsUndefined, idParam('La categoría').optional()),
});

export const getAllPosts = defineRoute({
  method: 'GET',
  path: '/blog/get-all-posts',
  tags,
  summary: 'Publicaciones visibles en la tienda (publicadas o cuya hora programada llegó), la más reciente primero; por categoría',
  query: publicList,
  response: envelopeList(post),
});

export const getPost = defineRoute({
  method: 'GET',
  path: '/blog/get-post/:slug',
  tags,
  summary: 'Una publicación visible por su slug',
  params: z.object({ slug: z.string().max(200) }),
  response: envelope(post),
});

export const panelPosts = defineRoute({
  method: 'GET',
  path: '/blog/panel/get-all-posts',
  tags,
  summary: 'Todas las publicaciones para el panel, también borradores y programadas; filter: estado',
  query: publicList.extend({
    filter: z.preprocess(blankAsUndefined, z.enum(POST_STATUSES, { error: 'Estado desconocido' }).optional()),
  }),
  response: envelopeList(post),
});

export const panelPost = defineRoute({
  method: 'GET',
  path: '/blog/panel/get-post/:id',
  tags,
  summary: 'Una publicación para editarla',
  params: z.object({ id: idParam('La publicación') }),
  response: envelope(post),
});

/** The stored name an upload returned: 32 hex characters and its extension, nothing a client could aim elsewhere. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.webp$/;

const postFields = z
  .object({
    title: z
      .string({ error: 'El título es obligatorio' })
      .trim()
      .min(3, 'El título debe tener al menos 3 caracteres')
      .max(BLOG_LIMITS.title, `El título puede tener hasta ${BLOG_LIMITS.title} caracteres`),
    slug: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .max(SLUG_MAX, `El slug puede tener hasta ${SLUG_MAX} caracteres`)
        .regex(SLUG_PATTERN, 'El slug solo puede tener letras minúsculas sin acentos, números y guiones (ejemplo: moda-de-verano)')
        .optional(),
    ),
    content: z
      .string({ error: 'El contenido es obligatorio' })
      .max(BLOG_LIMITS.content, 'El contenido es demasiado largo')
      .refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0, 'El contenido es obligatorio'),
    status: z.enum(POST_STATUSES, { error: 'El estado debe ser borrador, publicado o programado' }),
    schedule_post: z.preprocess(
      blankAsUndefined,
      z.iso.datetime({ offset: true, local: true, error: 'La fecha programada no es válida' }).optional(),
    ),
    category_id: z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), id('La categoría')),
    images: z.preprocess(blankAsUndefined, z.string().regex(UPLOAD_NAME, 'La imagen no es válida: súbala de nuevo').nullable().optional()),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'programado' && !value.schedule_post) {
      ctx.addIssue({ code: 'custom', path: ['schedule_post'], message: 'Indique la fecha y hora de publicación' });
    }
  });

export const addPost = defineRoute({
  method: 'POST',
  path: '/blog/add-post',
  tags,
  summary: 'Nueva publicación; el HTML del contenido se limpia con una lista permitida; slug del título si no se indica',
  body: postFields,
  response: envelope(post),
  status: 201,
});

export const updatePost = defineRoute({
  method: 'PATCH',
  path: '/blog/update-post',
  tags,
  summary: 'Cambia una publicación (también su estado y su hora programada)',
  body: z.intersection(z.object({ id: id('La publicación') }), postFields),
  response: envelope(post),
});

export const uploadImage = defineRoute({
  method: 'POST',
  path: '/blog/upload-image',
  tags,
  summary: 'Sube la imagen de una publicación (multipart, campo «imagen»; JPEG, PNG o WebP de hasta 8 MB); devuelve su nombre guardado',
  response: envelope(z.object({ images: z.string(), url: z.string() })),
  status: 201,
});
