// Queries of the blog's tables, no rules.
import { and, asc, count, desc, eq, ilike, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { blogCategorias, blogPosts } from './blog.schema.ts';

export type PostRow = {
  id: number;
  slug: string;
  title: string;
  content: string;
  image: string | null;
  status: string;
  schedulePost: Date | null;
  publishedAt: Date | null;
  categoryId: number;
  category: string;
  userId: number | null;
  user: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  content: blogPosts.content,
  image: blogPosts.image,
  status: blogPosts.status,
  schedulePost: blogPosts.schedulePost,
  publishedAt: blogPosts.publishedAt,
  categoryId: blogPosts.categoryId,
  category: blogCategorias.category,
  userId: blogPosts.userId,
  user: usuarios.nickname,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

/** Shown on the storefront: its publication time has come. */
export function visibleAt(now: Date): SQL {
  return and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now)) as SQL;
}

export async function listCategories(db: Db, now: Date) {
  return db
    .select({
      id: blogCategorias.id,
      category: blogCategorias.category,
      posts: sql<number>`count(${blogPosts.id}) FILTER (WHERE ${visibleAt(now)})`.mapWith(Number),
    })
    .from(blogCategorias)
    .leftJoin(blogPosts, eq(blogPosts.categoryId, blogCategorias.id))
    .groupBy(blogCategorias.id)
    .orderBy(asc(sql`lower(${blogCategorias.category})`));
}

export async function findCategory(db: Db, id: number) {
  const [row] = await db
    .select({ id: blogCategorias.id, category: blogCategorias.category })
    .from(blogCategorias)
    .where(eq(blogCategorias.id, id));
  return row ?? null;
}

export async function insertCategory(db: Db, category: string) {
  const [row] = await db
    .insert(blogCategorias)
    .values({ category })
    .onConflictDoNothing()
    .returning({ id: blogCategorias.id, category: blogCategorias.category });
  return row ?? null;
}

export type PostFilter = { visibleAt?: Date; categoryId?: number; status?: string; search?: string };

function whereOf(filter: PostFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.visibleAt) conditions.push(visibleAt(filter.visibleAt));
  if (filter.categoryId) conditions.push(eq(blogPosts.categoryId, filter.categoryId));
  if (filter.status) conditions.push(eq(blogPosts.status, filter.status));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.slug, pattern)) as SQL);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listPosts(db: Db, filter: PostFilter, limit: number, offset: number): Promise<{ rows: PostRow[]; total: number }> {
  const where = whereOf(filter);
  // Storefront: newest publication first; the dashboard: the last edited first.
  const order = filter.visibleAt ? [desc(blogPosts.publishedAt), desc(blogPosts.id)] : [desc(blogPosts.updatedAt), desc(blogPosts.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(postColumns)
      .from(blogPosts)
      .innerJoin(blogCategorias, eq(blogCategorias.id, blogPosts.categoryId))
      .leftJoin(usuarios, eq(usuarios.id, blogPosts.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return { rows, total };
}

export async function findPost(db: Db, by: { id: number } | { slug: string }, visible?: Date): Promise<PostRow | null> {
  const key = 'id' in by ? eq(blogPosts.id, by.id) : eq(blogPosts.slug, by.slug);
  const [row] = await db
    .select(postColumns)
    .from(blogPosts)
    .innerJoin(blogCategorias, eq(blogCategorias.id, blogPosts.categoryId))
    .leftJoin(usuarios, eq(usuarios.id, blogPosts.userId))
    .where(visible ? and(key, visibleAt(visible)) : key);
  return row ?? null;
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  return rows.some((r) => r.id !== exceptId);
}

export type PostValues = {
  slug: string;
  title: string;
  content: string;
  image: string | null;
  status: string;
  schedulePost: Date | null;
  publishedAt: Date | null;
  categoryId: number;
};

export async function insertPost(db: Db, values: PostValues & { userId: number }): Promise<number> {
  const [row] = await db.insert(blogPosts).values(values).returning({ id: blogPosts.id });
  return row.id;
}

export async function updatePost(db: Db, id: number, values: PostValues): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** Visible posts for the sitemap: slug and last change. */
export async function listVisibleSlugs(db: Db, now: Date) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(visibleAt(now))
    .orderBy(desc(blogPosts.publishedAt));
}

/** Marks publicado every programado post whose time came by `now`; their ids. */
export async function publishDue(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .update(blogPosts)
    .set({ status: 'publicado' })
    .where(and(eq(blogPosts.status, 'programado'), lte(blogPosts.schedulePost, now)))
    .returning({ id: blogPosts.id });
  return rows.map((r) => r.id);
}
