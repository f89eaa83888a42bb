// Queries of the articles staff sell: the catalogue's active articles by code or name, and their
// free units (on hand − held) in every active store, web or not.
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { articulos, colores, modelos, tallas } from '#server/modules/catalogo/catalogo.schema.ts';
import { inventario, tiendas } from '#server/modules/inventario/inventario.schema.ts';

export type ArticleSearch = { search?: string; tiendaId?: number };

export async function findArticles(db: Db, q: ArticleSearch, limit: number, offset: number) {
  const conditions: (SQL | undefined)[] = [eq(modelos.active, true)];
  if (q.search) {
    const pattern = containsPattern(q.search);
    conditions.push(or(ilike(articulos.code, pattern), ilike(modelos.name, pattern), ilike(modelos.searchText, pattern)));
  }
  if (q.tiendaId) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${inventario} i WHERE i.article_code = ${articulos.code} AND i.tienda_id = ${q.tiendaId}
        AND i.quantity - i.held > 0)`,
    );
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        articleCode: articulos.code,
        model: modelos.code,
        name: modelos.name,
        colorName: colores.name,
        sizeLabel: tallas.label,
        price: modelos.price,
        promotion: modelos.promotion,
      })
      .from(articulos)
      .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
      .innerJoin(colores, eq(colores.code, modelos.colorCode))
      .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
      .where(where)
      .orderBy(asc(modelos.name), asc(modelos.code), asc(tallas.position), asc(articulos.code))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(articulos).innerJoin(modelos, eq(modelos.code, articulos.modelCode)).where(where),
  ]);
  return { rows, total };
}

/** The stock rows of these articles in active stores that hold some units, by store name. */
export async function findStock(db: Db, articleCodes: string[]) {
  if (articleCodes.length === 0) return [];
  return db
    .select({
      articleCode: inventario.articleCode,
      tiendaId: tiendas.id,
      code: tiendas.code,
      name: tiendas.name,
      kind: tiendas.kind,
      sellsWeb: tiendas.sellsWeb,
      available: sql<number>`(${inventario.quantity} - ${inventario.held})::int`,
    })
    .from(inventario)
    .innerJoin(tiendas, and(eq(tiendas.id, inventario.tiendaId), eq(tiendas.active, true)))
    .where(and(inArray(inventario.articleCode, articleCodes), sql`${inventario.quantity} > 0`))
    .orderBy(asc(tiendas.name), asc(tiendas.id));
}

/** Price and promotion of these articles, and whether their model is on sale. */
export async function findPrices(db: Db, articleCodes: string[]) {
  if (articleCodes.length === 0) return [];
  return db
    .select({
      articleCode: articulos.code,
      model: modelos.code,
      name: modelos.name,
      colorName: colores.name,
      sizeLabel: tallas.label,
      price: modelos.price,
      promotion: modelos.promotion,
      active: modelos.active,
    })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .where(inArray(articulos.code, articleCodes));
}

export type PriceRow = Awaited<ReturnType<typeof findPrices>>[number];
