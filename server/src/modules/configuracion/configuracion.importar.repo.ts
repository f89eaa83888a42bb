// Queries of the catalogue sheet's import and export: what the catalogue holds of the codes a sheet
// names (locked when applying), batched inserts and updates for a whole sheet, and the export's
// pages of articles with their stock. Arrays travel as one parameter each (unnest, = ANY), so a
// sheet of any size is a few statements.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { articulos, colores, lineas, modelos, sublineas, tallas } from '#server/modules/catalogo/catalogo.schema.ts';
import { type ModelSelection, selectionWhere } from '#server/modules/configuracion/configuracion.repo.ts';
import { inventario, tiendas } from '#server/modules/inventario/inventario.schema.ts';

type Rows<T> = { rows: T[] };

async function query<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as Rows<T>).rows;
}

/** Existing articles among these codes, with their model. */
export async function findArticleModels(db: Db, codes: string[]): Promise<{ code: string; model_code: string }[]> {
  if (codes.length === 0) return [];
  return query(db, sql`SELECT code, model_code FROM ${articulos} WHERE code = ANY(${sql.param(codes)}::varchar[])`);
}

export type ModelStateRow = {
  code: string;
  name: string;
  price: string;
  promotion: string;
  color_code: string;
  linea_id: number;
  linea_code: string;
  linea_name: string;
  sublinea_id: number;
  sublinea_code: string;
  sublinea_name: string;
};

/**
 * These models with their sub-línea and línea, in code order; `lock` keeps them (FOR UPDATE) until
 * the transaction ends, so nobody edits a price between the check and the write.
 */
export async function findModels(db: Db, codes: string[], lock: boolean): Promise<ModelStateRow[]> {
  if (codes.length === 0) return [];
  return query(
    db,
    sql`SELECT m.code, m.name, m.price::text AS price, m.promotion::text AS promotion, m.color_code,
               l.id AS linea_id, l.code AS linea_code, l.name AS linea_name,
               s.id AS sublinea_id, s.code AS sublinea_code, s.name AS sublinea_name
          FROM ${modelos} m JOIN ${sublineas} s ON s.id = m.sublinea_id JOIN ${lineas} l ON l.id = s.linea_id
         WHERE m.code = ANY(${sql.param(codes)}::varchar[])
         ORDER BY m.code ${lock ? sql`FOR UPDATE OF m` : sql``}`,
  );
}

/** Sizes of these models (to write the history of the sizes an import adds). */
export async function findModelSizes(db: Db, modelCodes: string[]): Promise<{ model_code: string; size_code: string }[]> {
  if (modelCodes.length === 0) return [];
  return query(db, sql`SELECT model_code, size_code FROM ${articulos} WHERE model_code = ANY(${sql.param(modelCodes)}::varchar[])`);
}

export async function findSizes(db: Db) {
  return db.select({ code: tallas.code, position: tallas.position }).from(tallas);
}

export async function findColors(db: Db) {
  return db.select({ code: colores.code, name: colores.name }).from(colores);
}

export async function findLineas(db: Db) {
  return db
    .select({
      lineaId: lineas.id,
      lineaCode: lineas.code,
      lineaName: lineas.name,
      id: sublineas.id,
      code: sublineas.code,
      name: sublineas.name,
      garment: sublineas.garment,
    })
    .from(lineas)
    .leftJoin(sublineas, eq(sublineas.lineaId, lineas.id))
    .orderBy(asc(lineas.position), asc(lineas.id), asc(sublineas.position), asc(sublineas.id));
}

export async function findStores(db: Db) {
  return db
    .select({ id: tiendas.id, code: tiendas.code, name: tiendas.name, active: tiendas.active })
    .from(tiendas)
    .orderBy(asc(tiendas.id));
}

/**
 * On hand and held of these articles in these stores; `lock` takes the rows in the order the
 * checkout takes them (article, store), as every stock movement does (registro 0012).
 */
export async function findStock(
  db: Db,
  articleCodes: string[],
  tiendaIds: number[],
  lock: boolean,
): Promise<{ article_code: string; tienda_id: number; quantity: number; held: number }[]> {
  if (articleCodes.length === 0 || tiendaIds.length === 0) return [];
  return query(
    db,
    sql`SELECT article_code, tienda_id, quantity, held FROM ${inventario}
         WHERE article_code = ANY(${sql.param(articleCodes)}::varchar[]) AND tienda_id = ANY(${sql.param(tiendaIds)}::int[])
         ORDER BY article_code, tienda_id ${lock ? sql`FOR UPDATE` : sql``}`,
  );
}

export type NewModelRow = {
  code: string;
  baseCode: string;
  colorCode: string;
  sublineaId: number;
  name: string;
  garment: string;
  searchText: string;
  price: string;
  promotion: string;
};

export async function insertModels(db: Db, rows: NewModelRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof NewModelRow>(key: K) => sql.param(rows.map((r) => r[key]));
  await db.execute(sql`
    INSERT INTO ${modelos} (code, base_code, color_code, sublinea_id, name, garment, search_text, price, promotion)
    SELECT * FROM unnest(${column('code')}::varchar[], ${column('baseCode')}::varchar[], ${column('colorCode')}::varchar[],
      ${column('sublineaId')}::int[], ${column('name')}::text[], ${column('garment')}::text[], ${column('searchText')}::text[],
      ${column('price')}::numeric[], ${column('promotion')}::numeric[])`);
}

export async function insertArticles(db: Db, rows: { code: string; modelCode: string; sizeCode: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO ${articulos} (code, model_code, size_code)
    SELECT * FROM unnest(${sql.param(rows.map((r) => r.code))}::varchar[], ${sql.param(rows.map((r) => r.modelCode))}::varchar[],
      ${sql.param(rows.map((r) => r.sizeCode))}::varchar[])`);
}

export async function updateModels(
  db: Db,
  rows: { code: string; name: string; price: string; promotion: string; searchText: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((r) => r[key]));
  await db.execute(sql`
    UPDATE ${modelos} AS m SET name = v.name, price = v.price, promotion = v.promotion, search_text = v.search_text
      FROM unnest(${column('code')}::varchar[], ${column('name')}::text[], ${column('price')}::numeric[],
                  ${column('promotion')}::numeric[], ${column('searchText')}::text[]) AS v(code, name, price, promotion, search_text)
     WHERE m.code = v.code`);
}

// ── export ──────────────────────────────────────────────────────────────────

/** The next models of a selection after `after`, in code order. */
export async function findModelCodesPage(db: Db, selection: ModelSelection, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ code: modelos.code })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .where(and(selectionWhere(selection), gt(modelos.code, after)))
    .orderBy(asc(modelos.code))
    .limit(limit);
  return rows.map((r) => r.code);
}

/** The articles of these models as the sheet lists them: by model, then size in the size table's order. */
export async function findSheetArticles(db: Db, modelCodes: string[]) {
  if (modelCodes.length === 0) return [];
  return db
    .select({
      code: articulos.code,
      name: modelos.name,
      lineCode: lineas.code,
      subLineCode: sublineas.code,
      colorName: colores.name,
      sizeLabel: tallas.label,
      price: modelos.price,
      promotion: modelos.promotion,
    })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .where(inArray(articulos.modelCode, modelCodes))
    .orderBy(asc(modelos.code), asc(tallas.position), asc(articulos.code));
}

/** On hand of these articles in every store that has a row for them. */
export async function findOnHand(db: Db, articleCodes: string[]) {
  if (articleCodes.length === 0) return [];
  return query<{ article_code: string; tienda_id: number; quantity: number }>(
    db,
    sql`SELECT article_code, tienda_id, quantity FROM ${inventario} WHERE article_code = ANY(${sql.param(articleCodes)}::varchar[])`,
  );
}
