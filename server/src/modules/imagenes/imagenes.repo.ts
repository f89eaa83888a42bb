import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { colores, modeloFotos, modelos } from '#server/modules/catalogo/catalogo.schema.ts';

/** What a model's picture is drawn from, and its first photo when the staff uploaded one. */
export async function findModelLook(db: Db, model: string) {
  const photo = sql<string | null>`(SELECT ${modeloFotos.key} FROM ${modeloFotos}
    WHERE ${modeloFotos.modelCode} = ${modelos.code} ORDER BY ${modeloFotos.position}, ${modeloFotos.id} LIMIT 1)`;
  const [row] = await db
    .select({ garment: modelos.garment, baseCode: modelos.baseCode, hex: colores.hex, photo })
    .from(modelos)
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .where(eq(modelos.code, model))
    .limit(1);
  return row;
}
