import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { colores, lineas, modeloFotos, modelos, sublineas } from '#server/modules/catalogo/catalogo.schema.ts';

/** Every active model of an active línea and sub-línea, with the sizes it has in stock and its first photo. */
export async function findModelosDelCatalogo(db: Db) {
  const tallas = sql<string[] | null>`(SELECT array_agg(t.label ORDER BY t.position, t.code) FROM tallas t
    WHERE t.code IN (SELECT a.size_code FROM articulos a JOIN inventario i ON i.article_code = a.code
      WHERE a.model_code = ${modelos.code} AND i.quantity > i.held))`;
  const photo = sql<string | null>`(SELECT ${modeloFotos.key} FROM ${modeloFotos}
    WHERE ${modeloFotos.modelCode} = ${modelos.code} ORDER BY ${modeloFotos.position}, ${modeloFotos.id} LIMIT 1)`;
  return db
    .select({
      linea: lineas.name,
      sublinea: sublineas.name,
      code: modelos.code,
      baseCode: modelos.baseCode,
      name: modelos.name,
      garment: modelos.garment,
      color: colores.name,
      hex: colores.hex,
      price: modelos.price,
      promotion: modelos.promotion,
      tallas,
      photo,
    })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .where(sql`${modelos.active} AND ${sublineas.active} AND ${lineas.active}`)
    .orderBy(asc(lineas.position), asc(lineas.name), asc(sublineas.position), asc(sublineas.name), asc(modelos.name), asc(modelos.code));
}

export type ModeloDelCatalogo = Awaited<ReturnType<typeof findModelosDelCatalogo>>[number];
