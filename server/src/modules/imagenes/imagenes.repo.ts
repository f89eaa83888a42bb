import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { colores, modelos } from '../../db/schema.ts';

export async function findModelLook(db: Db, model: string) {
  const [row] = await db
    .select({ garment: modelos.garment, baseCode: modelos.baseCode, hex: colores.hex })
    .from(modelos)
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .where(eq(modelos.code, model))
    .limit(1);
  return row;
}
