// Blog use cases: categories, posts written by the admin (HTML sanitized, slug unique, picture
// from the uploads), and what the storefront may read (only visible posts).
import { effectiveStatus, type PostStatus, publicationTime, scheduleInstant, slugify, summaryOf } from '#domain/blog.ts';
import type { BlogCategory, BlogPost } from '#domain/contracts/blog.ts';
import type { ListMeta } from '#domain/contracts/contract.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { plainText, sanitizePostHtml } from '#server/html.ts';
import type { UploadStore } from '#server/modules/uploads/store.ts';
import { uploadExists, uploadUrl } from '#server/modules/uploads/uploads.ts';
import * as repo from './blog.repo.ts';

export type PostInput = {
  title: string;
  slug?: string;
  content: string;
  status: PostStatus;
  schedule_post?: string;
  category_id: number;
  images?: string | null;
};

type ListInput = { page: number; perPage: number; categoryId?: number; search?: string; status?: PostStatus };

function toView(row: repo.PostRow, now: Date): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    summary: summaryOf(row.content),
    images: row.image ? uploadUrl(row.image) : null,
    status: effectiveStatus(row.status as PostStatus, row.publishedAt, now),
    schedule_post: row.schedulePost?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    category: row.category,
    category_id: row.categoryId,
    user_id: row.userId,
    user: row.user,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listarCategorias(db: Db, now = new Date()): Promise<BlogCategory[]> {
  return repo.listCategories(db, now);
}

export async function crearCategoria(db: Db, name: string): Promise<BlogCategory> {
  const created = await repo.insertCategory(db, name);
  if (!created) throw new ReglaNegocio(`Ya existe la categoría «${name}».`);
  return { ...created, posts: 0 };
}

async function page(db: Db, filter: repo.PostFilter, input: ListInput, now: Date): Promise<{ items: BlogPost[]; meta: ListMeta }> {
  const { rows, total } = await repo.listPosts(db, filter, input.perPage, offsetOf(input.page, input.perPage));
  return { items: rows.map((r) => toView(r, now)), meta: metaFor(input.page, input.perPage, total) };
}

/** The storefront's list: posts whose publication time has come. */
export function listarVisibles(db: Db, input: ListInput, now = new Date()) {
  return page(db, { visibleAt: now, categoryId: input.categoryId, search: input.search }, input, now);
}

export function listarPanel(db: Db, input: ListInput, now = new Date()) {
  return page(db, { categoryId: input.categoryId, search: input.search, status: input.status }, input, now);
}

export async function verVisible(db: Db, slug: string, now = new Date()): Promise<BlogPost> {
  const row = await repo.findPost(db, { slug }, now);
  if (!row) throw new NoEncontrado('La publicación solicitada no existe.');
  return toView(row, now);
}

export async function verPanel(db: Db, id: number, now = new Date()): Promise<BlogPost> {
  const row = await repo.findPost(db, { id });
  if (!row) throw new NoEncontrado('La publicación no existe.');
  return toView(row, now);
}

/** A slug free for this post: the one asked for (taken: refused), or the title's with -2, -3… added. */
async function freeSlug(db: Db, input: PostInput, exceptId?: number): Promise<string> {
  if (input.slug) {
    if (await repo.slugTaken(db, input.slug, exceptId)) throw new ReglaNegocio(`Ya hay otra publicación con el slug «${input.slug}».`);
    return input.slug;
  }
  const base = slugify(input.title) || 'publicacion';
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
    if (!(await repo.slugTaken(db, candidate, exceptId))) return candidate;
  }
  throw new ReglaNegocio('Indique un slug para esta publicación.');
}

async function valuesOf(
  db: Db,
  store: UploadStore,
  input: PostInput,
  previous: repo.PostRow | null,
  now: Date,
): Promise<Omit<repo.PostValues, 'slug'>> {
  if (!(await repo.findCategory(db, input.category_id))) throw new ReglaNegocio('La categoría elegida no existe.');
  if (input.images && !(await uploadExists(store, input.images))) throw new ReglaNegocio('La imagen no existe: súbala de nuevo.');
  const schedulePost = input.schedule_post ? scheduleInstant(input.schedule_post) : null;
  // A Caracas time late on 31/12/9999 falls in year 10000 UTC, which PostgreSQL does not store.
  if (schedulePost && (Number.isNaN(schedulePost.getTime()) || schedulePost.getUTCFullYear() > 9999)) {
    throw new ReglaNegocio('La fecha programada no es válida.');
  }
  if (input.status === 'programado' && schedulePost && schedulePost <= now) {
    throw new ReglaNegocio('La fecha programada ya pasó: elija una hora futura o publíquela ahora.');
  }
  const title = plainText(input.title);
  if (title.length < 3) throw new ReglaNegocio('El título quedó vacío al quitarle el código HTML: escríbalo como texto.');
  const content = sanitizePostHtml(input.content);
  if (content.replace(/<[^>]*>/g, '').trim() === '') throw new ReglaNegocio('El contenido quedó vacío al quitar lo que no se permite.');
  return {
    title,
    content,
    image: input.images ?? null,
    status: input.status,
    schedulePost: input.status === 'programado' ? schedulePost : null,
    publishedAt: publicationTime(input.status, schedulePost, previous?.publishedAt ?? null, now),
    categoryId: input.category_id,
  };
}

export async function crearPost(db: Db, store: UploadStore, userId: number, input: PostInput, now = new Date()): Promise<BlogPost> {
  const values = await valuesOf(db, store, input, null, now);
  // Two admins saving posts of the same title at once may both find the same slug free: the
  // unique index lets one in, and the other looks again (a slug that was asked for is not changed).
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(db, { ...input, title: values.title });
    try {
      return verPanel(db, await repo.insertPost(db, { ...values, slug, userId }), now);
    } catch (error) {
      if (!isUniqueViolation(error, 'slug')) throw error;
      if (input.slug || attempt === 5) throw new ReglaNegocio(`Ya hay otra publicación con el slug «${slug}».`);
    }
  }
}

export async function actualizarPost(db: Db, store: UploadStore, id: number, input: PostInput, now = new Date()): Promise<BlogPost> {
  const previous = await repo.findPost(db, { id });
  if (!previous) throw new NoEncontrado('La publicación no existe.');
  const values = await valuesOf(db, store, input, previous, now);
  // Editing keeps the post's address unless another slug is asked for.
  const slug = input.slug ? await freeSlug(db, input, id) : previous.slug;
  try {
    await repo.updatePost(db, id, { ...values, slug });
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) throw new ReglaNegocio(`Ya hay otra publicación con el slug «${slug}».`);
    throw error;
  }
  return verPanel(db, id, now);
}

export function slugsVisibles(db: Db, now = new Date()) {
  return repo.listVisibleSlugs(db, now);
}

/**
 * The periodic job's part: programado posts whose time came become publicado (the storefront
 * already shows them from their time; this keeps the status true for the panel's filter and lets
 * the job empty the response cache). Idempotent: a post is changed by the first run only.
 */
export async function publicarProgramados(db: Db, now = new Date()): Promise<number> {
  return (await repo.publishDue(db, now)).length;
}
