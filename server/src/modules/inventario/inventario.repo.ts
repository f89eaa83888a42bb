// Queries of stores, stock rows and the movement ledger. Arrays travel as one parameter each
// (unnest), so a batch of any size is one statement.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { articulos, colores, modelos, tallas } from '#server/modules/catalogo/catalogo.schema.ts';
import { inventario, movimientosInventario, tiendas } from '#server/modules/inventario/inventario.schema.ts';

/** A store whose stock the storefront, the cart and the checkout may sell: active and selling on the web. */
export const tiendaEnLaWeb: SQL = sql`(${tiendas.active} AND ${tiendas.sellsWeb})`;

export type StoreRow = typeof tiendas.$inferSelect;
export type StoreValues = Omit<typeof tiendas.$inferInsert, 'id'>;

export type StoreFilter = {
  search?: string;
  filter?: 'activas' | 'inactivas' | 'tiendas' | 'almacenes' | 'web' | 'no-web';
  sortBy: 'name' | 'code' | 'city' | 'state';
  descending: boolean;
};

const FILTERS: Record<NonNullable<StoreFilter['filter']>, SQL> = {
  activas: sql`${tiendas.active}`,
  inactivas: sql`NOT ${tiendas.active}`,
  tiendas: sql`${tiendas.kind} = 'tienda'`,
  almacenes: sql`${tiendas.kind} = 'almacen'`,
  web: tiendaEnLaWeb,
  'no-web': sql`NOT ${tiendaEnLaWeb}`,
};

export async function findStores(db: Db, filter: StoreFilter, limit: number, offset: number) {
  const conditions: (SQL | undefined)[] = [filter.filter ? FILTERS[filter.filter] : undefined];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(tiendas.code, pattern), ilike(tiendas.name, pattern), ilike(tiendas.city, pattern), ilike(tiendas.state, pattern)),
    );
  }
  const where = and(...conditions);
  const column = tiendas[filter.sortBy];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(tiendas)
      .where(where)
      .orderBy(filter.descending ? desc(column) : asc(column), asc(tiendas.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(tiendas).where(where),
  ]);
  return { rows, total };
}

export async function findStore(db: Db, id: number): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(tiendas).where(eq(tiendas.id, id)).limit(1);
  return row;
}

/** The new store, or undefined when its code is taken. */
export async function insertStore(db: Db, values: StoreValues): Promise<StoreRow | undefined> {
  const [row] = await db.insert(tiendas).values(values).onConflictDoNothing({ target: tiendas.code }).returning();
  return row;
}

/** The store as changed; undefined when it does not exist. Throws on a taken code (unique index). */
export async function updateStore(db: Db, id: number, values: Partial<StoreValues>): Promise<StoreRow | undefined> {
  const [row] = await db.update(tiendas).set(values).where(eq(tiendas.id, id)).returning();
  return row;
}

/** Active stores a shopper may visit (warehouses are left out). */
export async function findVisitableStores(db: Db) {
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
      mapUrl: tiendas.mapUrl,
      ships: tiendas.ships,
    })
    .from(tiendas)
    .where(and(eq(tiendas.active, true), eq(tiendas.kind, 'tienda')))
    .orderBy(asc(tiendas.name));
}

export async function findStoresById(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: tiendas.id, code: tiendas.code, name: tiendas.name, active: tiendas.active })
    .from(tiendas)
    .where(inArray(tiendas.id, ids));
}

/** Which of these article codes exist. */
export async function findArticleCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const result = (await db.execute(sql`SELECT code FROM ${articulos} WHERE code = ANY(${sql.param(codes)}::varchar[])`)) as unknown as {
    rows: { code: string }[];
  };
  return new Set(result.rows.map((r) => r.code));
}

export type LockedStock = { id: number; articleCode: string; tiendaId: number; quantity: number; held: number };

/**
 * Locks the stock rows of these (article, store) pairs, creating the missing ones with nothing,
 * in the fixed order (article, store) that holdStock also locks them in: a movement and a
 * checkout touching the same rows wait for each other in line and never in a circle. The upsert
 * locks a row it finds as an UPDATE would, and answers its latest committed values.
 */
export async function lockStock(tx: Db, keys: { articleCode: string; tiendaId: number }[]): Promise<LockedStock[]> {
  if (keys.length === 0) return [];
  const result = (await tx.execute(sql`
    INSERT INTO ${inventario} AS i (article_code, tienda_id)
    SELECT w.article_code, w.tienda_id
      FROM unnest(${sql.param(keys.map((k) => k.articleCode))}::varchar[], ${sql.param(keys.map((k) => k.tiendaId))}::int[])
        AS w(article_code, tienda_id)
     ORDER BY w.article_code, w.tienda_id
    ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = i.quantity
    RETURNING i.id, i.article_code, i.tienda_id, i.quantity, i.held`)) as unknown as {
    rows: { id: number; article_code: string; tienda_id: number; quantity: number; held: number }[];
  };
  return result.rows.map((r) => ({ id: r.id, articleCode: r.article_code, tiendaId: r.tienda_id, quantity: r.quantity, held: r.held }));
}

/** New on-hand quantities; a new lote replaces the row's with its day of manufacture (a day alone replaces the day). */
export async function setStockQuantities(
  tx: Db,
  rows: { id: number; quantity: number; lote: string; manufacturedAt: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    UPDATE ${inventario} AS i
       SET quantity = v.quantity,
           lote = CASE WHEN v.lote <> '' THEN v.lote ELSE i.lote END,
           manufactured_at = CASE WHEN v.lote <> '' THEN v.made ELSE coalesce(v.made, i.manufactured_at) END
      FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.quantity))}::int[],
                  ${sql.param(rows.map((r) => r.lote))}::text[],
                  ${sql.param(rows.map((r) => (r.manufacturedAt ? `${r.manufacturedAt}T04:00:00Z` : null)))}::timestamptz[])
        AS v(id, quantity, lote, made)
     WHERE i.id = v.id`);
}

export type LedgerInsert = {
  articleCode: string;
  tiendaId: number;
  kind: string;
  quantity: number;
  balance: number;
  otherTiendaId: number | null;
  lote: string;
  manufacturedAt: string | null;
  reference: string;
  note: string;
  userId: number | null;
};

/** Appends ledger rows in their order; answers their ids in the same order. */
export async function insertLedgerRows(tx: Db, rows: LedgerInsert[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const column = <K extends keyof LedgerInsert>(key: K) => sql.param(rows.map((r) => r[key]));
  const result = (await tx.execute(sql`
    INSERT INTO ${movimientosInventario}
      (article_code, tienda_id, kind, quantity, balance, other_tienda_id, lote, manufactured_at, reference, note, user_id)
    SELECT * FROM unnest(${column('articleCode')}::varchar[], ${column('tiendaId')}::int[], ${column('kind')}::varchar[],
      ${column('quantity')}::int[], ${column('balance')}::int[], ${column('otherTiendaId')}::int[], ${column('lote')}::text[],
      ${column('manufacturedAt')}::date[], ${column('reference')}::text[], ${column('note')}::text[], ${column('userId')}::int[])
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => r.id);
}

export type LedgerFilter = { articleCode?: string; tiendaId?: number; kind?: string; from?: Date; until?: Date; ids?: number[] };

const otra = alias(tiendas, 'otra');

export async function findLedger(db: Db, filter: LedgerFilter, limit: number, offset: number) {
  const m = movimientosInventario;
  const where = and(
    filter.articleCode ? eq(m.articleCode, filter.articleCode) : undefined,
    filter.tiendaId ? eq(m.tiendaId, filter.tiendaId) : undefined,
    filter.kind ? eq(m.kind, filter.kind) : undefined,
    filter.from ? gte(m.createdAt, filter.from) : undefined,
    filter.until ? lt(m.createdAt, filter.until) : undefined,
    filter.ids ? inArray(m.id, filter.ids) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: m.id,
        kind: m.kind,
        articleCode: m.articleCode,
        modelName: modelos.name,
        colorName: colores.name,
        sizeLabel: tallas.label,
        tiendaId: m.tiendaId,
        tiendaCode: tiendas.code,
        tiendaName: tiendas.name,
        otherId: otra.id,
        otherCode: otra.code,
        otherName: otra.name,
        quantity: m.quantity,
        balance: m.balance,
        lote: m.lote,
        manufacturedAt: m.manufacturedAt,
        reference: m.reference,
        note: m.note,
        userId: usuarios.id,
        nickname: usuarios.nickname,
        createdAt: m.createdAt,
      })
      .from(m)
      .innerJoin(articulos, eq(articulos.code, m.articleCode))
      .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
      .innerJoin(colores, eq(colores.code, modelos.colorCode))
      .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
      .innerJoin(tiendas, eq(tiendas.id, m.tiendaId))
      .leftJoin(otra, eq(otra.id, m.otherTiendaId))
      .leftJoin(usuarios, eq(usuarios.id, m.userId))
      .where(where)
      .orderBy(desc(m.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(m).where(where),
  ]);
  return { rows, total };
}

export type LedgerListRow = Awaited<ReturnType<typeof findLedger>>['rows'][number];

export async function findArticle(db: Db, code: string) {
  const [row] = await db
    .select({ code: articulos.code, name: modelos.name, colorName: colores.name, sizeLabel: tallas.label })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .where(eq(articulos.code, code))
    .limit(1);
  return row;
}

/** Every store with the article's stock there (none: zeros), by name. */
export async function findStockPerStore(db: Db, articleCode: string) {
  return db
    .select({
      tiendaId: tiendas.id,
      code: tiendas.code,
      name: tiendas.name,
      kind: tiendas.kind,
      active: tiendas.active,
      sellsWeb: tiendas.sellsWeb,
      quantity: sql<number>`coalesce(${inventario.quantity}, 0)::int`,
      held: sql<number>`coalesce(${inventario.held}, 0)::int`,
      lote: sql<string>`coalesce(${inventario.lote}, '')`,
      manufacturedAt: inventario.manufacturedAt,
    })
    .from(tiendas)
    .leftJoin(inventario, and(eq(inventario.tiendaId, tiendas.id), eq(inventario.articleCode, articleCode)))
    .orderBy(asc(tiendas.name), asc(tiendas.id));
}

/** Stock rows of these pairs as they are now (after the movements of this transaction). */
export async function findStockRows(db: Db, keys: { articleCode: string; tiendaId: number }[]) {
  if (keys.length === 0) return [];
  const result = (await db.execute(sql`
    SELECT t.id AS tienda_id, t.code, t.name, t.kind, t.active, t.sells_web, i.quantity, i.held, i.lote, i.manufactured_at
      FROM unnest(${sql.param(keys.map((k) => k.articleCode))}::varchar[], ${sql.param(keys.map((k) => k.tiendaId))}::int[]) AS w(article_code, tienda_id)
      JOIN ${inventario} i ON i.article_code = w.article_code AND i.tienda_id = w.tienda_id
      JOIN ${tiendas} t ON t.id = i.tienda_id
     ORDER BY t.name, t.id`)) as unknown as {
    rows: {
      tienda_id: number;
      code: string;
      name: string;
      kind: string;
      active: boolean;
      sells_web: boolean;
      quantity: number;
      held: number;
      lote: string;
      manufactured_at: Date | string | null;
    }[];
  };
  return result.rows;
}
