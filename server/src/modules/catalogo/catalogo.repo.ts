// Catalogue queries: lines, sub-lines, models (cards and detail), articles and stock per store.
import { and, asc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CatalogCursor } from '#domain/catalogo-cursor.ts';
import type { Db } from '#server/db/client.ts';
import { articulos, colores, lineas, modeloFotos, modelos, sublineas, tallas } from '#server/modules/catalogo/catalogo.schema.ts';
import { automaticDiscountExistsSql } from '#server/modules/descuento/descuento.service.ts';
// Only the stock of stores that sell on the web (active and selling online) reaches the storefront.
import { tiendaEnLaWeb } from '#server/modules/inventario/inventario.repo.ts';
import { inventario, tiendas } from '#server/modules/inventario/inventario.schema.ts';

/** The tables a list condition reads: the models listed, or (aliased) their siblings of the same style. */
type ListTables = { m: typeof modelos; sub: typeof sublineas; lin: typeof lineas };
const listed: ListTables = { m: modelos, sub: sublineas, lin: lineas };
/** A model's siblings in the grouped list (the colours of its style), under their own names. */
const siblings = {
  m: alias(modelos, 'hermano') as unknown as typeof modelos,
  sub: alias(sublineas, 'hermano_sublinea') as unknown as typeof sublineas,
  lin: alias(lineas, 'hermano_linea') as unknown as typeof lineas,
} satisfies ListTables;

const priceOf = (m: typeof modelos) => sql<string>`(${m.price} - ${m.promotion})`;
const finalPrice = priceOf(modelos);

/** The model's first photo, when the staff uploaded one (its picture; the drawing otherwise). */
const firstPhoto = sql<string | null>`(SELECT ${modeloFotos.key} FROM ${modeloFotos}
  WHERE ${modeloFotos.modelCode} = ${modelos.code} ORDER BY ${modeloFotos.position}, ${modeloFotos.id} LIMIT 1)`;

export const cardColumns = {
  model: modelos.code,
  baseCode: modelos.baseCode,
  name: modelos.name,
  garment: modelos.garment,
  price: modelos.price,
  promotion: modelos.promotion,
  soldCount: modelos.soldCount,
  createdAt: modelos.createdAt,
  nuevo: modelos.nuevo,
  colorCode: modelos.colorCode,
  colorName: colores.name,
  colorHex: colores.hex,
  subLineCode: sublineas.code,
  subLineName: sublineas.name,
  lineCode: lineas.code,
  lineName: lineas.name,
  photo: firstPhoto,
};

export type CardRow = {
  model: string;
  baseCode: string;
  name: string;
  garment: string;
  price: string;
  promotion: string;
  soldCount: number;
  createdAt: Date;
  nuevo: boolean | null;
  colorCode: string;
  colorName: string;
  colorHex: string;
  subLineCode: string;
  subLineName: string;
  lineCode: string;
  lineName: string;
  photo: string | null;
};

export type ModelFilter = {
  lineCode?: string;
  subLineCode?: string;
  colorCodes?: string[];
  sizeCode?: string;
  minPrice?: string;
  maxPrice?: string;
  onlyPromotions?: boolean;
  searchTerms?: string[];
  /** A sale list that follows the staff's marks: models marked out are left out, those marked in come first. */
  lista?: SaleList;
};

export type SaleList = 'nuevo' | 'vendidos';

/** Models the staff put in the list by hand. */
const markedIn = (lista: SaleList, m = modelos) => (lista === 'nuevo' ? sql`${m.nuevo} IS TRUE` : sql`${m.masVendido} IS TRUE`);

export type ModelSort = 'precio' | 'nombre' | 'nuevo' | 'vendidos';

function whereOf(filter: ModelFilter, { m, sub, lin }: ListTables = listed): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(m.active, true), eq(sub.active, true), eq(lin.active, true)];
  if (filter.lineCode) conditions.push(eq(lin.code, filter.lineCode));
  if (filter.subLineCode) conditions.push(eq(sub.code, filter.subLineCode));
  if (filter.lineCode && filter.subLineCode && m === modelos) {
    // The same sub-line again as its id (one row at most: codes are unique within a line), so the scan can
    // start in an index that leads with the sub-line and comes out in the list order (decision 0031-escala).
    // Not for the siblings of the grouped list: those are looked up by their base code.
    conditions.push(sql`${m.sublineaId} = (SELECT fs.id FROM ${sublineas} fs JOIN ${lineas} fl ON fl.id = fs.linea_id
      WHERE fl.code = ${filter.lineCode} AND fs.code = ${filter.subLineCode})`);
  }
  if (filter.colorCodes?.length) conditions.push(inArray(m.colorCode, filter.colorCodes));
  if (filter.minPrice) conditions.push(gte(priceOf(m), filter.minPrice));
  if (filter.maxPrice) conditions.push(lte(priceOf(m), filter.maxPrice));
  if (filter.onlyPromotions) {
    // An automatic discount valid today applies to the model (descuento module): it is on promotion too.
    const discounted = automaticDiscountExistsSql({ model: m.code, sublinea: m.sublineaId, linea: sub.lineaId });
    conditions.push(sql`(${gt(m.promotion, '0')} OR ${discounted})`);
  }
  if (filter.lista === 'nuevo') conditions.push(sql`${m.nuevo} IS NOT FALSE`);
  if (filter.lista === 'vendidos') conditions.push(sql`${m.masVendido} IS NOT FALSE`);
  for (const term of filter.searchTerms ?? []) {
    const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(sql`${m.searchText} LIKE ${`%${escaped}%`}`);
  }
  if (filter.sizeCode) {
    conditions.push(sql`EXISTS (SELECT 1 FROM ${articulos} a JOIN ${inventario} i ON i.article_code = a.code JOIN ${tiendas} t ON t.id = i.tienda_id AND t.active AND t.sells_web
      WHERE a.model_code = ${m.code} AND a.size_code = ${filter.sizeCode} AND i.quantity > i.held)`);
  }
  return and(...conditions);
}

/** The sort key of each order, and the type its text form casts back to (keyset cursors). */
function sortKeyOf(sort: ModelSort, m = modelos): { expr: SQL; type: string } {
  switch (sort) {
    case 'precio':
      return { expr: priceOf(m), type: 'numeric' };
    case 'nombre':
      return { expr: sql`${m.name}`, type: 'text' };
    case 'vendidos':
      return { expr: sql`${m.soldCount}`, type: 'integer' };
    default:
      return { expr: sql`${m.createdAt}`, type: 'timestamptz' };
  }
}

/**
 * The grouped list keeps a model only when it is the first of its style in the list order: no sibling
 * (same base code) that also matches the filter sorts before it. Every sort key is NOT NULL, so the
 * comparison is the ORDER BY's: (staff mark DESC,) key in its direction, code ASC. Checked per row
 * through modelos_base, it lets the scan walk the list order and stop at the page, and keyset works:
 * the styles after a cursor are the first colours after it (decision 0031-escala).
 */
function firstOfStyle(filter: ModelFilter, sort: ModelSort, descending: boolean): SQL {
  const { m: h, sub: hs, lin: hl } = siblings;
  const mine = sortKeyOf(sort).expr;
  const theirs = sortKeyOf(sort, h).expr;
  const keyFirst = sql`(${theirs} ${sql.raw(descending ? '>' : '<')} ${mine} OR (${theirs} = ${mine} AND ${h.code} < ${modelos.code}))`;
  let before = keyFirst;
  if (filter.lista) {
    const a = markedIn(filter.lista, h);
    const b = markedIn(filter.lista);
    before = sql`((${a}) > (${b}) OR ((${a}) = (${b}) AND ${keyFirst}))`;
  }
  // An aliased table renders as its alias alone: the FROM names the table and the alias.
  return sql`NOT EXISTS (SELECT 1 FROM ${modelos} "hermano"
    JOIN ${sublineas} "hermano_sublinea" ON ${hs.id} = ${h.sublineaId}
    JOIN ${lineas} "hermano_linea" ON ${hl.id} = ${hs.lineaId}
    WHERE ${h.baseCode} = ${modelos.baseCode} AND ${whereOf(filter, siblings)} AND ${before})`;
}

function orderOf(sort: ModelSort, descending: boolean): SQL[] {
  const { expr } = sortKeyOf(sort);
  return [descending ? sql`${expr} DESC` : sql`${expr} ASC`, asc(modelos.code)];
}

/** Rows after the cursor in the list order: (staff mark DESC,) key in its direction, code ASC. */
function afterCursor(filter: ModelFilter, sort: ModelSort, descending: boolean, after: CatalogCursor): SQL {
  const { expr, type } = sortKeyOf(sort);
  const key = sql`CAST(${after.key} AS ${sql.raw(type)})`;
  // The first bound repeats what the OR says so the index on the order can start the scan at the cursor.
  const tail = sql`(${expr} ${sql.raw(descending ? '<=' : '>=')} ${key} AND (${expr} ${sql.raw(descending ? '<' : '>')} ${key} OR (${expr} = ${key} AND ${modelos.code} > ${after.code})))`;
  if (!filter.lista) return tail;
  const marked = markedIn(filter.lista);
  return after.marked ? sql`(NOT ${marked} OR (${marked} AND ${tail}))` : sql`(NOT ${marked} AND ${tail})`;
}

function cardQuery(db: Db) {
  return db
    .select(cardColumns)
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .innerJoin(colores, eq(colores.code, modelos.colorCode));
}

/** How many rows match, counting at most `upTo` (a bounded count: it stops there). */
async function countUpTo(db: Db, where: SQL | undefined, upTo: number, distinctStyles: boolean): Promise<number> {
  const matching = sql`SELECT ${sql.raw(distinctStyles ? 'DISTINCT' : '')} ${distinctStyles ? modelos.baseCode : sql`1`}
    FROM ${modelos}
    JOIN ${sublineas} ON ${sublineas.id} = ${modelos.sublineaId}
    JOIN ${lineas} ON ${lineas.id} = ${sublineas.lineaId}
    WHERE ${where} LIMIT ${upTo}`;
  const [{ counted }] = await db.select({ counted: sql<number>`count(*)::int` }).from(sql`(${matching}) AS matching`);
  return counted;
}

export type PageOptions = {
  /** Count at most this many (the list then says «más de …»); exact when absent. */
  countUpTo?: number;
  /** Keyset: the rows after this position instead of skipping `offset` rows. */
  after?: CatalogCursor;
  /** One row per style (base code): the colour that sorts first among those matching stands for it. */
  onePerStyle?: boolean;
};

export type ModelPage = { rows: (CardRow & { sortKey: string; marked: boolean | null })[]; total: number };

export async function findModelPage(
  db: Db,
  filter: ModelFilter,
  sort: ModelSort,
  descending: boolean,
  limit: number,
  offset: number,
  options: PageOptions = {},
): Promise<ModelPage> {
  const where = whereOf(filter);
  const pageWhere = and(
    where,
    options.after ? afterCursor(filter, sort, descending, options.after) : undefined,
    options.onePerStyle ? firstOfStyle(filter, sort, descending) : undefined,
  );
  const { expr } = sortKeyOf(sort);
  const [rows, total] = await Promise.all([
    db
      .select({
        ...cardColumns,
        sortKey: sql<string>`(${expr})::text`,
        marked: filter.lista ? sql<boolean>`${markedIn(filter.lista)}` : sql<null>`NULL::boolean`,
      })
      .from(modelos)
      .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
      .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
      .innerJoin(colores, eq(colores.code, modelos.colorCode))
      .where(pageWhere)
      .orderBy(...(filter.lista ? [sql`${markedIn(filter.lista)} DESC`] : []), ...orderOf(sort, descending))
      .limit(limit)
      .offset(options.after ? 0 : offset),
    options.countUpTo === undefined
      ? exactCount(db, where, options.onePerStyle ?? false)
      : countUpTo(db, where, options.countUpTo, options.onePerStyle ?? false),
  ]);
  return { rows, total };
}

async function exactCount(db: Db, where: SQL | undefined, distinctStyles: boolean): Promise<number> {
  const [{ total }] = await db
    .select({ total: distinctStyles ? sql<number>`count(DISTINCT ${modelos.baseCode})::int` : sql<number>`count(*)::int` })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .where(where);
  return total;
}

/** The active colours of each style (base code), for the swatches of a page of cards. */
export async function findColorsOfStyles(db: Db, baseCodes: string[]) {
  if (baseCodes.length === 0) return [];
  return db
    .select({ baseCode: modelos.baseCode, model: modelos.code, colorCode: colores.code, name: colores.name, hex: colores.hex })
    .from(modelos)
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .where(and(inArray(modelos.baseCode, baseCodes), eq(modelos.active, true)))
    .orderBy(colores.name);
}

/**
 * Up to `count` random models, one per style, among the first `pool` by the given order (new collection, best
 * sellers). Models the staff marked in always make the pool and are shown first; those marked out never.
 */
export async function findRandomModels(
  db: Db,
  filter: ModelFilter,
  sort: 'nuevo' | 'vendidos',
  pool: number,
  count: number,
): Promise<CardRow[]> {
  const top = db
    .select({ code: modelos.code })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .where(whereOf({ ...filter, lista: sort }))
    .orderBy(sql`${markedIn(sort)} DESC`, ...orderOf(sort, true))
    .limit(pool);
  // One colour of each style, at random, so a style never shows twice side by side; a colour staff
  // marked for this list wins over its siblings, or the mark could be dropped at random.
  const onePerStyle = db
    .selectDistinctOn([modelos.baseCode], { code: modelos.code })
    .from(modelos)
    .where(inArray(modelos.code, top))
    .orderBy(modelos.baseCode, sql`${markedIn(sort)} DESC`, sql`random()`);
  return cardQuery(db)
    .where(inArray(modelos.code, onePerStyle))
    .orderBy(sql`${markedIn(sort)} DESC`, sql`random()`)
    .limit(count);
}

/** Sizes with stock to sell, per model, for a page of cards. */
export async function findSizesInStock(db: Db, modelCodes: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (modelCodes.length === 0) return result;
  const rows = await db
    .selectDistinct({ model: articulos.modelCode, size: articulos.sizeCode, position: tallas.position })
    .from(articulos)
    .innerJoin(inventario, eq(inventario.articleCode, articulos.code))
    .innerJoin(tiendas, and(eq(tiendas.id, inventario.tiendaId), tiendaEnLaWeb))
    .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .where(and(inArray(articulos.modelCode, modelCodes), sql`${inventario.quantity} > ${inventario.held}`))
    .orderBy(tallas.position);
  for (const row of rows) {
    const list = result.get(row.model) ?? [];
    list.push(row.size);
    result.set(row.model, list);
  }
  return result;
}

export async function findModel(
  db: Db,
  code: string,
): Promise<(CardRow & { description: string; lineUrl: string; subLineUrl: string }) | undefined> {
  const [row] = await db
    .select({ ...cardColumns, description: modelos.description, lineUrl: lineas.url, subLineUrl: sublineas.url })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .where(and(eq(modelos.code, code), eq(modelos.active, true), eq(sublineas.active, true), eq(lineas.active, true)))
    .limit(1);
  return row;
}

/** A model's photos in the staff's order (the index on model and position serves it). */
export async function findModelPhotos(db: Db, modelCode: string) {
  return db
    .select({ id: modeloFotos.id, key: modeloFotos.key })
    .from(modeloFotos)
    .where(eq(modeloFotos.modelCode, modelCode))
    .orderBy(modeloFotos.position, modeloFotos.id);
}

export async function findSiblingColors(db: Db, baseCode: string) {
  return db
    .select({ model: modelos.code, colorCode: colores.code, name: colores.name, hex: colores.hex })
    .from(modelos)
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .where(and(eq(modelos.baseCode, baseCode), eq(modelos.active, true)))
    .orderBy(colores.name);
}

/** Every article of a model with its stock to sell in each active store. */
export async function findArticleStock(db: Db, modelCode: string) {
  return db
    .select({
      article: articulos.code,
      sizeCode: tallas.code,
      sizeLabel: tallas.label,
      sizePosition: tallas.position,
      storeId: tiendas.id,
      storeName: tiendas.name,
      storeCity: tiendas.city,
      storeState: tiendas.state,
      available: sql<number>`coalesce(${inventario.quantity} - ${inventario.held}, 0)::int`,
      lote: inventario.lote,
    })
    .from(articulos)
    .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .leftJoin(inventario, eq(inventario.articleCode, articulos.code))
    .leftJoin(tiendas, and(eq(tiendas.id, inventario.tiendaId), tiendaEnLaWeb))
    .where(eq(articulos.modelCode, modelCode))
    .orderBy(tallas.position, tiendas.name);
}

export async function findArticle(db: Db, articleCode: string) {
  const [row] = await db
    .select({ code: articulos.code, model: articulos.modelCode, sizeCode: articulos.sizeCode, lineCode: lineas.code, lineUrl: lineas.url })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .where(and(eq(articulos.code, articleCode), eq(modelos.active, true), eq(sublineas.active, true), eq(lineas.active, true)))
    .limit(1);
  return row;
}

export async function findStockOfArticle(db: Db, articleCode: string) {
  return db
    .select({
      storeId: tiendas.id,
      storeCode: tiendas.code,
      storeName: tiendas.name,
      city: tiendas.city,
      state: tiendas.state,
      available: sql<number>`(${inventario.quantity} - ${inventario.held})::int`,
      lote: inventario.lote,
      manufacturedAt: inventario.manufacturedAt,
    })
    .from(inventario)
    .innerJoin(tiendas, eq(tiendas.id, inventario.tiendaId))
    .where(and(eq(inventario.articleCode, articleCode), tiendaEnLaWeb))
    .orderBy(tiendas.name);
}

export async function findLines(db: Db) {
  return db
    .select({
      id: lineas.id,
      code: lineas.code,
      name: lineas.name,
      url: lineas.url,
      description: lineas.description,
      garment: lineas.garment,
    })
    .from(lineas)
    .where(eq(lineas.active, true))
    .orderBy(lineas.position, lineas.name);
}

export async function findSublinesWithCounts(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({
      id: sublineas.id,
      lineId: sublineas.lineaId,
      code: sublineas.code,
      name: sublineas.name,
      url: sublineas.url,
      garment: sublineas.garment,
      // Styles (one card per base code, whatever its colours), as the sub-line's list counts them.
      models: sql<number>`count(DISTINCT ${modelos.baseCode})::int`,
      sampleModel: sql<string | null>`min(${modelos.code})`,
    })
    .from(sublineas)
    .leftJoin(modelos, and(eq(modelos.sublineaId, sublineas.id), eq(modelos.active, true)))
    .where(and(inArray(sublineas.lineaId, lineIds), eq(sublineas.active, true)))
    .groupBy(sublineas.id)
    .orderBy(sublineas.position, sublineas.name);
}

export async function findLineByCodeOrUrl(db: Db, codeOrUrl: string) {
  const [row] = await db
    .select({
      id: lineas.id,
      code: lineas.code,
      name: lineas.name,
      url: lineas.url,
      description: lineas.description,
      garment: lineas.garment,
    })
    .from(lineas)
    .where(and(eq(lineas.active, true), sql`(${lineas.code} = ${codeOrUrl.toUpperCase()} OR ${lineas.url} = ${codeOrUrl.toLowerCase()})`))
    .limit(1);
  return row;
}

/** Colours, sizes and price range present in a line (and sub-line): the filter options. */
export async function findFacets(db: Db, lineId: number, subLineCode?: string) {
  const scope = and(eq(sublineas.lineaId, lineId), eq(modelos.active, true), subLineCode ? eq(sublineas.code, subLineCode) : undefined);
  const [colors, sizes, [range]] = await Promise.all([
    db
      .selectDistinct({ code: colores.code, name: colores.name, hex: colores.hex })
      .from(modelos)
      .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
      .innerJoin(colores, eq(colores.code, modelos.colorCode))
      .where(scope)
      .orderBy(colores.name),
    db
      .selectDistinct({ code: tallas.code, label: tallas.label, position: tallas.position })
      .from(modelos)
      .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
      .innerJoin(articulos, eq(articulos.modelCode, modelos.code))
      .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
      .where(scope)
      .orderBy(tallas.position),
    db
      .select({ min: sql<string | null>`min(${finalPrice})`, max: sql<string | null>`max(${finalPrice})` })
      .from(modelos)
      .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
      .where(scope),
  ]);
  return { colors, sizes: sizes.map(({ code, label }) => ({ code, label })), priceRange: range };
}

export async function findShippingStores(db: Db) {
  return db
    .select({
      id: tiendas.id,
      code: tiendas.code,
      name: tiendas.name,
      state: tiendas.state,
      city: tiendas.city,
      address: tiendas.address,
      phone: tiendas.phone,
      hours: tiendas.hours,
      ships: tiendas.ships,
    })
    .from(tiendas)
    .where(tiendaEnLaWeb)
    .orderBy(tiendas.name);
}

export async function findAllForSitemap(db: Db) {
  return db
    .select({ model: modelos.code, lineCode: lineas.code, subLineCode: sublineas.code, createdAt: modelos.createdAt })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .where(and(eq(modelos.active, true), eq(sublineas.active, true), eq(lineas.active, true)))
    .orderBy(lineas.code, sublineas.code, modelos.code)
    .limit(45000);
}

/** Stock to sell per store for several articles at once (cart re-check). */
export async function findStockOfArticles(db: Db, articleCodes: string[]) {
  if (articleCodes.length === 0) return [];
  return db
    .select({
      articleCode: inventario.articleCode,
      storeId: tiendas.id,
      storeName: tiendas.name,
      available: sql<number>`greatest(${inventario.quantity} - ${inventario.held}, 0)::int`,
    })
    .from(inventario)
    .innerJoin(tiendas, eq(tiendas.id, inventario.tiendaId))
    .where(and(inArray(inventario.articleCode, articleCodes), tiendaEnLaWeb))
    .orderBy(inventario.articleCode, tiendas.name);
}
