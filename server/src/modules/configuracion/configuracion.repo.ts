// Queries of catalogue administration: líneas and sub-líneas with their counts, models with their
// stock and photos, articles, photos and the change history.
import { and, asc, desc, eq, gt, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { articulos, colores, lineas, modeloFotos, modelos, sublineas, tallas } from '#server/modules/catalogo/catalogo.schema.ts';
import { inventario, tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { catalogoHistorial } from './configuracion.schema.ts';

// ── líneas and sub-líneas ───────────────────────────────────────────────────

export type LineaRow = typeof lineas.$inferSelect;
export type SublineaRow = typeof sublineas.$inferSelect;

export async function findLineas(db: Db): Promise<LineaRow[]> {
  return db.select().from(lineas).orderBy(asc(lineas.position), asc(lineas.name), asc(lineas.id));
}

export async function findSublineas(db: Db, lineaIds?: number[]): Promise<SublineaRow[]> {
  if (lineaIds && lineaIds.length === 0) return [];
  return db
    .select()
    .from(sublineas)
    .where(lineaIds ? inArray(sublineas.lineaId, lineaIds) : undefined)
    .orderBy(asc(sublineas.position), asc(sublineas.name), asc(sublineas.id));
}

/** Models per sub-línea: all of them and the active ones. */
export async function countModelsBySublinea(db: Db, sublineaIds: number[]) {
  if (sublineaIds.length === 0) return new Map<number, { total: number; active: number }>();
  const rows = await db
    .select({
      sublineaId: modelos.sublineaId,
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) FILTER (WHERE ${modelos.active}))::int`,
    })
    .from(modelos)
    .where(inArray(modelos.sublineaId, sublineaIds))
    .groupBy(modelos.sublineaId);
  return new Map(rows.map((r) => [r.sublineaId, { total: r.total, active: r.active }]));
}

export async function findLinea(db: Db, id: number, lock = false): Promise<LineaRow | undefined> {
  const query = db.select().from(lineas).where(eq(lineas.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findSublinea(db: Db, id: number, lock = false): Promise<SublineaRow | undefined> {
  const query = db.select().from(sublineas).where(eq(sublineas.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findLineaByCode(db: Db, code: string) {
  const [row] = await db.select({ id: lineas.id }).from(lineas).where(eq(lineas.code, code)).limit(1);
  return row;
}

export async function findLineaByUrl(db: Db, url: string) {
  const [row] = await db.select({ id: lineas.id }).from(lineas).where(eq(lineas.url, url)).limit(1);
  return row;
}

export async function findSublineaByCode(db: Db, lineaId: number, code: string) {
  const [row] = await db
    .select({ id: sublineas.id })
    .from(sublineas)
    .where(and(eq(sublineas.lineaId, lineaId), eq(sublineas.code, code)))
    .limit(1);
  return row;
}

/** Every línea in its order, locked, so two reorders do not interleave. */
export async function lockLineasInOrder(db: Db) {
  return db
    .select({ id: lineas.id, position: lineas.position })
    .from(lineas)
    .orderBy(asc(lineas.position), asc(lineas.name), asc(lineas.id))
    .for('update');
}

export async function lockSublineasInOrder(db: Db, lineaId: number) {
  return db
    .select({ id: sublineas.id, position: sublineas.position })
    .from(sublineas)
    .where(eq(sublineas.lineaId, lineaId))
    .orderBy(asc(sublineas.position), asc(sublineas.name), asc(sublineas.id))
    .for('update');
}

export async function nextLineaPosition(db: Db): Promise<number> {
  const [row] = await db.select({ top: max(lineas.position) }).from(lineas);
  return (row?.top ?? -1) + 1;
}

export async function nextSublineaPosition(db: Db, lineaId: number): Promise<number> {
  const [row] = await db
    .select({ top: max(sublineas.position) })
    .from(sublineas)
    .where(eq(sublineas.lineaId, lineaId));
  return (row?.top ?? -1) + 1;
}

export async function insertLinea(db: Db, values: typeof lineas.$inferInsert): Promise<LineaRow> {
  const [row] = await db.insert(lineas).values(values).returning();
  return row;
}

export async function updateLinea(db: Db, id: number, values: Partial<typeof lineas.$inferInsert>) {
  await db.update(lineas).set(values).where(eq(lineas.id, id));
}

export async function insertSublinea(db: Db, values: typeof sublineas.$inferInsert): Promise<SublineaRow> {
  const [row] = await db.insert(sublineas).values(values).returning();
  return row;
}

export async function updateSublinea(db: Db, id: number, values: Partial<typeof sublineas.$inferInsert>) {
  await db.update(sublineas).set(values).where(eq(sublineas.id, id));
}

export async function countActiveModels(db: Db, scope: { lineaId?: number; sublineaId?: number }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .where(
      and(
        eq(modelos.active, true),
        scope.lineaId !== undefined ? eq(sublineas.lineaId, scope.lineaId) : undefined,
        scope.sublineaId !== undefined ? eq(modelos.sublineaId, scope.sublineaId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

// ── colours and sizes ───────────────────────────────────────────────────────

export async function findColores(db: Db) {
  return db.select({ code: colores.code, name: colores.name, hex: colores.hex }).from(colores).orderBy(asc(colores.name));
}

export async function findColor(db: Db, code: string) {
  const [row] = await db.select({ code: colores.code, name: colores.name, hex: colores.hex }).from(colores).where(eq(colores.code, code));
  return row;
}

export async function insertColor(db: Db, values: { code: string; name: string; hex: string }) {
  const [row] = await db.insert(colores).values(values).returning({ code: colores.code, name: colores.name, hex: colores.hex });
  return row;
}

export async function findTallas(db: Db) {
  return db.select({ code: tallas.code, label: tallas.label }).from(tallas).orderBy(asc(tallas.position), asc(tallas.code));
}

// ── models ──────────────────────────────────────────────────────────────────

/** Units to sell of a model in the active stores (on hand − held), all its sizes. */
const stockOf = sql<number>`coalesce((
  SELECT sum(greatest(${inventario.quantity} - ${inventario.held}, 0))
  FROM ${articulos} JOIN ${inventario} ON ${inventario.articleCode} = ${articulos.code}
  JOIN ${tiendas} ON ${tiendas.id} = ${inventario.tiendaId} AND ${tiendas.active}
  WHERE ${articulos.modelCode} = ${modelos.code}), 0)::int`;

const firstPhoto = sql<string | null>`(SELECT ${modeloFotos.key} FROM ${modeloFotos}
  WHERE ${modeloFotos.modelCode} = ${modelos.code} ORDER BY ${modeloFotos.position}, ${modeloFotos.id} LIMIT 1)`;

const photoCount = sql<number>`(SELECT count(*)::int FROM ${modeloFotos} WHERE ${modeloFotos.modelCode} = ${modelos.code})`;

const rowColumns = {
  code: modelos.code,
  baseCode: modelos.baseCode,
  name: modelos.name,
  description: modelos.description,
  garment: modelos.garment,
  lineaId: lineas.id,
  lineCode: lineas.code,
  lineName: lineas.name,
  lineActive: lineas.active,
  sublineaId: sublineas.id,
  subLineCode: sublineas.code,
  subLineName: sublineas.name,
  subLineActive: sublineas.active,
  colorCode: colores.code,
  colorName: colores.name,
  colorHex: colores.hex,
  price: modelos.price,
  promotion: modelos.promotion,
  active: modelos.active,
  nuevo: modelos.nuevo,
  masVendido: modelos.masVendido,
  soldCount: modelos.soldCount,
  createdAt: modelos.createdAt,
  stock: stockOf,
  photos: photoCount,
  firstPhoto,
};

export type ModelRow = {
  code: string;
  baseCode: string;
  name: string;
  description: string;
  garment: string;
  lineaId: number;
  lineCode: string;
  lineName: string;
  lineActive: boolean;
  sublineaId: number;
  subLineCode: string;
  subLineName: string;
  subLineActive: boolean;
  colorCode: string;
  colorName: string;
  colorHex: string;
  price: string;
  promotion: string;
  active: boolean;
  nuevo: boolean | null;
  masVendido: boolean | null;
  soldCount: number;
  createdAt: Date;
  stock: number;
  photos: number;
  firstPhoto: string | null;
};

export type ModelSelection = {
  searchTerms?: string[];
  lineaId?: number;
  sublineaId?: number;
  color?: string;
  activo?: boolean;
  existencia?: 'con' | 'sin';
  promocion?: boolean;
  models?: string[];
};

export function selectionWhere(s: ModelSelection): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (s.models) conditions.push(s.models.length > 0 ? inArray(modelos.code, s.models) : sql`false`);
  if (s.lineaId !== undefined) conditions.push(eq(sublineas.lineaId, s.lineaId));
  if (s.sublineaId !== undefined) conditions.push(eq(modelos.sublineaId, s.sublineaId));
  if (s.color) conditions.push(eq(modelos.colorCode, s.color));
  if (s.activo !== undefined) conditions.push(eq(modelos.active, s.activo));
  if (s.promocion !== undefined) conditions.push(s.promocion ? gt(modelos.promotion, '0') : eq(modelos.promotion, '0'));
  if (s.existencia) conditions.push(s.existencia === 'con' ? sql`${stockOf} > 0` : sql`${stockOf} = 0`);
  for (const term of s.searchTerms ?? []) {
    // The search text holds name, colour, sub-línea, línea and code, without accents, in lower case.
    conditions.push(sql`${modelos.searchText} LIKE ${containsPattern(term)}`);
  }
  return and(...conditions);
}

export type ModelSort = 'codigo' | 'nombre' | 'precio' | 'creado' | 'vendidos' | 'existencia';

function sortOf(sort: ModelSort, descending: boolean): SQL[] {
  const dir = descending ? desc : asc;
  switch (sort) {
    case 'nombre':
      return [dir(modelos.name), asc(modelos.code)];
    case 'precio':
      return [dir(modelos.price), asc(modelos.code)];
    case 'creado':
      return [dir(modelos.createdAt), asc(modelos.code)];
    case 'vendidos':
      return [dir(modelos.soldCount), asc(modelos.code)];
    case 'existencia':
      return [descending ? sql`${stockOf} DESC` : sql`${stockOf} ASC`, asc(modelos.code)];
    default:
      return [dir(modelos.code)];
  }
}

function modelQuery(db: Db) {
  return db
    .select(rowColumns)
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .innerJoin(colores, eq(colores.code, modelos.colorCode));
}

export async function findModelPage(
  db: Db,
  selection: ModelSelection,
  sort: ModelSort,
  descending: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: ModelRow[]; total: number }> {
  const where = selectionWhere(selection);
  const [rows, [{ total }]] = await Promise.all([
    modelQuery(db)
      .where(where)
      .orderBy(...sortOf(sort, descending))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(modelos).innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId)).where(where),
  ]);
  return { rows, total };
}

export async function findModelRow(db: Db, code: string): Promise<ModelRow | undefined> {
  const [row] = await modelQuery(db).where(eq(modelos.code, code)).limit(1);
  return row;
}

export type ModeloRow = typeof modelos.$inferSelect;

/** The model's own row, locked until the transaction ends (one editor at a time). */
export async function lockModel(db: Db, code: string): Promise<ModeloRow | undefined> {
  const [row] = await db.select().from(modelos).where(eq(modelos.code, code)).limit(1).for('update');
  return row;
}

export async function modelExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ code: modelos.code }).from(modelos).where(eq(modelos.code, code)).limit(1);
  return row !== undefined;
}

export async function insertModel(db: Db, values: typeof modelos.$inferInsert): Promise<void> {
  await db.insert(modelos).values(values);
}

export async function updateModel(db: Db, code: string, values: Partial<typeof modelos.$inferInsert>): Promise<void> {
  await db.update(modelos).set(values).where(eq(modelos.code, code));
}

/** What the search text of a model is made of (its name, colour, sub-línea and línea). */
export async function findSearchParts(db: Db, scope: { lineaId?: number; sublineaId?: number; code?: string }) {
  return db
    .select({ code: modelos.code, name: modelos.name, colorName: colores.name, subLineName: sublineas.name, lineName: lineas.name })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .where(
      and(
        scope.lineaId !== undefined ? eq(lineas.id, scope.lineaId) : undefined,
        scope.sublineaId !== undefined ? eq(sublineas.id, scope.sublineaId) : undefined,
        scope.code !== undefined ? eq(modelos.code, scope.code) : undefined,
      ),
    );
}

/** Sets several models' search text in one statement per thousand. */
export async function updateSearchTexts(db: Db, rows: { code: string; searchText: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => sql`(${r.code}, ${r.searchText})`);
    await db.execute(sql`UPDATE modelos m SET search_text = v.search_text
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(code, search_text) WHERE m.code = v.code`);
  }
}

/** Models of a selection with what a bulk change touches, in code order; locked inside a transaction with `lock`. */
export async function findPricing(db: Db, selection: ModelSelection, lock = false) {
  const query = db
    .select({
      code: modelos.code,
      name: modelos.name,
      lineaId: sublineas.lineaId,
      price: modelos.price,
      promotion: modelos.promotion,
      active: modelos.active,
    })
    .from(modelos)
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .where(selectionWhere(selection))
    .orderBy(asc(modelos.code));
  return lock ? query.for('update', { of: modelos }) : query;
}

/** Sets price, promotion and active of several models, one statement per thousand. */
export async function updatePricing(db: Db, rows: { code: string; price: string; promotion: string; active: boolean }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => sql`(${r.code}, ${r.price}::numeric, ${r.promotion}::numeric, ${r.active}::boolean)`);
    await db.execute(sql`UPDATE modelos m SET price = v.price, promotion = v.promotion, active = v.active
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(code, price, promotion, active) WHERE m.code = v.code`);
  }
}

/** The same style in every colour. */
export async function findSiblings(db: Db, baseCode: string) {
  return db
    .select({ code: modelos.code, colorCode: colores.code, colorName: colores.name, colorHex: colores.hex, active: modelos.active })
    .from(modelos)
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .where(eq(modelos.baseCode, baseCode))
    .orderBy(asc(colores.name));
}

// ── articles ────────────────────────────────────────────────────────────────

/** Each article of a model with its units in the active stores. */
export async function findArticles(db: Db, modelCode: string) {
  return db
    .select({
      code: articulos.code,
      sizeCode: articulos.sizeCode,
      sizeLabel: tallas.label,
      onHand: sql<number>`coalesce(sum(${inventario.quantity}) FILTER (WHERE ${tiendas.active}), 0)::int`,
      held: sql<number>`coalesce(sum(${inventario.held}) FILTER (WHERE ${tiendas.active}), 0)::int`,
    })
    .from(articulos)
    .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .leftJoin(inventario, eq(inventario.articleCode, articulos.code))
    .leftJoin(tiendas, eq(tiendas.id, inventario.tiendaId))
    .where(eq(articulos.modelCode, modelCode))
    .groupBy(articulos.code, articulos.sizeCode, tallas.label, tallas.position)
    .orderBy(asc(tallas.position), asc(articulos.code));
}

export async function findSizeCodes(db: Db, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db.select({ code: tallas.code }).from(tallas).where(inArray(tallas.code, codes));
  return rows.map((r) => r.code);
}

/** The model's sizes in the order of the size table. */
export async function findModelSizes(db: Db, modelCode: string): Promise<string[]> {
  const rows = await db
    .select({ code: articulos.sizeCode })
    .from(articulos)
    .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .where(eq(articulos.modelCode, modelCode))
    .orderBy(asc(tallas.position));
  return rows.map((r) => r.code);
}

export async function insertArticles(db: Db, rows: { code: string; modelCode: string; sizeCode: string }[]): Promise<void> {
  if (rows.length > 0) await db.insert(articulos).values(rows).onConflictDoNothing();
}

// ── photos ──────────────────────────────────────────────────────────────────

export type FotoRow = typeof modeloFotos.$inferSelect;

export async function findFotos(db: Db, modelCode: string, lock = false): Promise<FotoRow[]> {
  const query = db
    .select()
    .from(modeloFotos)
    .where(eq(modeloFotos.modelCode, modelCode))
    .orderBy(asc(modeloFotos.position), asc(modeloFotos.id));
  return lock ? query.for('update') : query;
}

export async function findFoto(db: Db, id: number): Promise<FotoRow | undefined> {
  const [row] = await db.select().from(modeloFotos).where(eq(modeloFotos.id, id)).limit(1);
  return row;
}

export async function insertFotos(db: Db, rows: (typeof modeloFotos.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(modeloFotos).values(rows);
}

export async function setFotoPositions(db: Db, ids: number[]): Promise<void> {
  for (const [position, id] of ids.entries()) await db.update(modeloFotos).set({ position }).where(eq(modeloFotos.id, id));
}

export async function deleteFoto(db: Db, id: number): Promise<void> {
  await db.delete(modeloFotos).where(eq(modeloFotos.id, id));
}

// ── history ─────────────────────────────────────────────────────────────────

export type HistoryInsert = typeof catalogoHistorial.$inferInsert;

export async function insertHistory(db: Db, rows: HistoryInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(catalogoHistorial).values(rows.slice(i, i + 1000));
}

export async function findHistory(db: Db, scope: { modelCode: string } | { lineaId: number }, limit: number, offset: number) {
  const where =
    'modelCode' in scope
      ? eq(catalogoHistorial.modelCode, scope.modelCode)
      : and(eq(catalogoHistorial.lineaId, scope.lineaId), inArray(catalogoHistorial.entity, ['linea', 'sublinea']));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: catalogoHistorial.id,
        entity: catalogoHistorial.entity,
        entityKey: catalogoHistorial.entityKey,
        modelCode: catalogoHistorial.modelCode,
        field: catalogoHistorial.field,
        oldValue: catalogoHistorial.oldValue,
        newValue: catalogoHistorial.newValue,
        source: catalogoHistorial.source,
        batch: catalogoHistorial.batch,
        userId: usuarios.id,
        nickname: usuarios.nickname,
        email: usuarios.email,
        createdAt: catalogoHistorial.createdAt,
      })
      .from(catalogoHistorial)
      .leftJoin(usuarios, eq(usuarios.id, catalogoHistorial.userId))
      .where(where)
      .orderBy(desc(catalogoHistorial.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(catalogoHistorial).where(where),
  ]);
  return { rows, total };
}
