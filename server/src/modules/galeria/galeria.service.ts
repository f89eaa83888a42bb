// Gallery use cases: list the photos, add the ones that passed the upload's checks, remove one.
import type { ListMeta } from '#domain/contracts/contract.ts';
import type { Foto } from '#domain/contracts/galeria.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado } from '#server/errors.ts';
import { plainText } from '#server/html.ts';
import type { UploadStore } from '#server/modules/uploads/store.ts';
import { removeVariants, variantUrl } from '#server/modules/uploads/uploads.ts';
import * as repo from './galeria.repo.ts';

function toView(row: repo.FotoRow): Foto {
  const [small, medium, large] = [variantUrl(row.imageKey, 480), variantUrl(row.imageKey, 960), variantUrl(row.imageKey, 1600)];
  return {
    id: row.id,
    imagen: medium,
    thumb: small,
    large,
    srcSet: `${small} 480w, ${medium} 960w, ${large} 1600w`,
    width: row.width,
    height: row.height,
    title: row.title,
    created_at: row.createdAt.toISOString(),
  };
}

export async function resumen(db: Db): Promise<{ total: number; latest: Foto[] }> {
  const [total, latest] = await Promise.all([repo.countFotos(db), repo.listFotos(db, 6, 0)]);
  return { total, latest: latest.map(toView) };
}

export async function listar(db: Db, page: number, perPage: number): Promise<{ items: Foto[]; meta: ListMeta }> {
  const [total, rows] = await Promise.all([repo.countFotos(db), repo.listFotos(db, perPage, offsetOf(page, perPage))]);
  return { items: rows.map(toView), meta: metaFor(page, perPage, total) };
}

export type Subida = { key: string; width: number; height: number };

export async function agregar(db: Db, userId: number, subidas: Subida[], title: string): Promise<Foto[]> {
  const clean = plainText(title).slice(0, 120);
  const rows = await repo.insertFotos(
    db,
    subidas.map((s) => ({ imageKey: s.key, width: s.width, height: s.height, title: clean, userId })),
  );
  return rows.map(toView);
}

export async function eliminar(db: Db, store: UploadStore, id: number): Promise<{ id: number }> {
  const key = await repo.deleteFoto(db, id);
  if (!key) throw new NoEncontrado('La foto no existe.');
  await removeVariants(store, key);
  return { id };
}
