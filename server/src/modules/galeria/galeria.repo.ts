// Queries of the gallery's table, no rules.
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { galeriaFotos } from './galeria.schema.ts';

const columns = {
  id: galeriaFotos.id,
  imageKey: galeriaFotos.imageKey,
  width: galeriaFotos.width,
  height: galeriaFotos.height,
  title: galeriaFotos.title,
  createdAt: galeriaFotos.createdAt,
};

export type FotoRow = { id: number; imageKey: string; width: number; height: number; title: string; createdAt: Date };

export async function listFotos(db: Db, limit: number, offset: number): Promise<FotoRow[]> {
  return db.select(columns).from(galeriaFotos).orderBy(desc(galeriaFotos.createdAt), desc(galeriaFotos.id)).limit(limit).offset(offset);
}

export async function countFotos(db: Db): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(galeriaFotos);
  return total;
}

export type NewFoto = { imageKey: string; width: number; height: number; title: string; userId: number };

export async function insertFotos(db: Db, rows: NewFoto[]): Promise<FotoRow[]> {
  return db.insert(galeriaFotos).values(rows).returning(columns);
}

export async function deleteFoto(db: Db, id: number): Promise<string | null> {
  const [row] = await db.delete(galeriaFotos).where(eq(galeriaFotos.id, id)).returning({ imageKey: galeriaFotos.imageKey });
  return row?.imageKey ?? null;
}
