// Queries of the sales reports. Every report reads the same WHERE (salesWhere), so the list, its

// totals, the charts, the summary per store and the export always count the same documents. VES
// figures are summed in SQL as Σ round(figure × rate, 2): each document's bolívares rounded once,
// exactly what domain/ventas.ts totalsInVes gives for one document.
import { and, asc, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { DESCUENTO_REFERENCE } from '#domain/abono.ts';
import { caracasDayEnd, caracasDayStart } from '#domain/ventas-reportes.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { abonos, clientes, ventaAnticipos, ventaLineas, ventaPagos, ventaReembolsos, ventas } from './ventas.schema.ts';

export type SalesWhere = {
  from?: string;
  to?: string;
  tiendaId?: number;
  vendedorId?: number;
  clienteId?: number;
  numero?: string;
  method?: string;
  condition?: string;
  search?: string;
  /** «Mis ventas»: only this seller's documents; null: the caller is no seller, so none. */
  ownVendedorId?: number | null;
};

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The condition of every sales report, on `ventas` (no join needed). */
export function salesWhere(f: SalesWhere): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (f.from) c.push(gte(ventas.createdAt, caracasDayStart(f.from)));
  if (f.to) c.push(lt(ventas.createdAt, caracasDayEnd(f.to)));
  if (f.tiendaId !== undefined) c.push(eq(ventas.tiendaId, f.tiendaId));
  if (f.vendedorId !== undefined) c.push(eq(ventas.vendedorId, f.vendedorId));
  if (f.ownVendedorId !== undefined) c.push(f.ownVendedorId === null ? sql`false` : eq(ventas.vendedorId, f.ownVendedorId));
  if (f.clienteId !== undefined) c.push(eq(ventas.clienteId, f.clienteId));
  if (f.numero) c.push(eq(ventas.number, f.numero));
  if (f.condition) c.push(eq(ventas.condition, f.condition));
  if (f.method) {
    // Paid (in part) with this method: with the sale itself or with an approved abono.
    c.push(
      sql`(EXISTS (SELECT 1 FROM ${ventaPagos} p WHERE p.venta_id = ${ventas.id} AND p.method = ${f.method})
        OR EXISTS (SELECT 1 FROM ${abonos} a WHERE a.venta_id = ${ventas.id} AND a.step = 'aprobado' AND a.method = ${f.method}))`,
    );
  }
  if (f.search) {
    const pattern = containsPattern(f.search);
    c.push(
      or(
        ilike(ventas.number, pattern),
        sql`${ventas.clienteId} IN (SELECT c.id FROM ${clientes} c WHERE c.name ILIKE ${pattern} OR c.dni ILIKE ${pattern})`,
      ),
    );
  }
  return and(...c);
}

export type SalesSort = 'fecha' | 'numero' | 'total' | 'cliente';

function orderOf(sort: SalesSort, descending: boolean): SQL[] {
  const dir = (column: Parameters<typeof asc>[0]) => (descending ? desc(column) : asc(column));
  switch (sort) {
    case 'numero':
      return [dir(ventas.number)];
    case 'total':
      return [dir(ventas.total), dir(ventas.id)];
    case 'cliente':
      return [dir(clientes.name), dir(ventas.id)];
    default:
      return [dir(ventas.createdAt), dir(ventas.id)];
  }
}

const listColumns = {
  id: ventas.id,
  number: ventas.number,
  kind: ventas.kind,
  condition: ventas.condition,
  source: ventas.source,
  createdAt: ventas.createdAt,
  tiendaId: ventas.tiendaId,
  tienda: tiendas.name,
  vendedorId: ventas.vendedorId,
  vendedor: vendedores.name,
  clienteId: ventas.clienteId,
  cliente: clientes.name,
  dni: clientes.dni,
  rate: ventas.rate,
  subtotal: ventas.subtotal,
  descuento: ventas.descuento,
  devoluciones: ventas.devoluciones,
  baseImponible: ventas.baseImponible,
  iva: ventas.iva,
  igtf: ventas.igtf,
  comision: ventas.comision,
  envio: ventas.envio,
  total: ventas.total,
  paymentStatus: ventas.paymentStatus,
  outstandingBalance: ventas.outstandingBalance,
  anulada: sql<boolean>`${ventas.voidedAt} IS NOT NULL`,
};

/** A page (or, for the export, everything up to `limit`) of the documents in the report's order. */
export type SaleRow = Awaited<ReturnType<typeof findSales>>[number];

/** The query of a page of documents (the bench EXPLAINs it as it is). */
export function salesPageQuery(db: Db, f: SalesWhere, sort: SalesSort, descending: boolean, limit: number, offset: number) {
  return db
    .select(listColumns)
    .from(ventas)
    .innerJoin(clientes, eq(clientes.id, ventas.clienteId))
    .innerJoin(tiendas, eq(tiendas.id, ventas.tiendaId))
    .leftJoin(vendedores, eq(vendedores.id, ventas.vendedorId))
    .where(salesWhere(f))
    .orderBy(...orderOf(sort, descending))
    .limit(limit)
    .offset(offset);
}

/** A page (or, for the export, everything up to `limit`) of the documents in the report's order. */
export async function findSales(db: Db, f: SalesWhere, sort: SalesSort, descending: boolean, limit: number, offset: number) {
  return salesPageQuery(db, f, sort, descending, limit, offset);
}

export function salesCountQuery(db: Db, f: SalesWhere) {
  return db.select({ n: sql<number>`count(*)::int` }).from(ventas).where(salesWhere(f));
}

export async function countSales(db: Db, f: SalesWhere): Promise<number> {
  const [row] = await salesCountQuery(db, f);
  return row?.n ?? 0;
}

/** Σ of a figure in USD and Σ round(figure × rate, 2) in VES, as text. */
const usdVes = (column: string) =>
  sql.raw(
    `coalesce(sum(ventas.${column}), 0)::text AS "${camel(column)}Usd", coalesce(sum(round(ventas.${column} * ventas.rate, 2)), 0)::text AS "${camel(column)}Ves"`,
  );

/** What the totals, charts and summaries count: the report's documents less the anuladas. */
export function countedWhere(f: SalesWhere): SQL {
  return and(salesWhere(f), isNull(ventas.voidedAt)) ?? sql`true`;
}

function camel(column: string): string {
  return column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
}

export const FIGURE_COLUMNS = [
  'subtotal',
  'descuento',
  'devoluciones',
  'base_imponible',
  'iva',
  'igtf',
  'comision',
  'envio',
  'total',
] as const;

export type FigureSums = Record<
  `${'subtotal' | 'descuento' | 'devoluciones' | 'baseImponible' | 'iva' | 'igtf' | 'comision' | 'envio' | 'total'}${'Usd' | 'Ves'}`,
  string
>;

/** The totals' query: one row with the count and every figure in USD and VES. */
export function sumSalesQuery(f: SalesWhere): SQL {
  return sql`SELECT count(*)::int AS documentos,
               (count(*) FILTER (WHERE ventas.kind = 'factura'))::int AS facturas,
               (count(*) FILTER (WHERE ventas.kind = 'nota-entrega'))::int AS notas,
               ${sql.join(
                 FIGURE_COLUMNS.map((c) => usdVes(c)),
                 sql`, `,
               )}
          FROM ${ventas}
         WHERE ${countedWhere(f)}`;
}

export async function sumSales(db: Db, f: SalesWhere): Promise<FigureSums & { documentos: number; facturas: number; notas: number }> {
  const [row] = await rowsOf<FigureSums & { documentos: number; facturas: number; notas: number }>(db, sumSalesQuery(f));
  return row;
}

export type StoreSums = {
  tiendaId: number;
  code: string;
  name: string;
  documentos: number;
  facturas: number;
  notas: number;
  unidades: number;
} & Pick<FigureSums, 'baseImponibleUsd' | 'baseImponibleVes' | 'ivaUsd' | 'ivaVes' | 'igtfUsd' | 'igtfVes' | 'totalUsd' | 'totalVes'>;

/** Every store (with or without sales), its documents, units (sold − returned) and figures. */
export async function sumByStore(db: Db, f: SalesWhere): Promise<StoreSums[]> {
  const where = countedWhere(f);
  return rowsOf<StoreSums>(
    db,
    sql`WITH docs AS (
          SELECT ventas.tienda_id,
                 count(*)::int AS documentos,
                 (count(*) FILTER (WHERE ventas.kind = 'factura'))::int AS facturas,
                 (count(*) FILTER (WHERE ventas.kind = 'nota-entrega'))::int AS notas,
                 ${sql.join(
                   (['base_imponible', 'iva', 'igtf', 'total'] as const).map((c) => usdVes(c)),
                   sql`, `,
                 )}
            FROM ${ventas}
           WHERE ${where}
           GROUP BY ventas.tienda_id),
        units AS (
          SELECT ventas.tienda_id, sum(l.quantity - l.returned_quantity)::int AS unidades
            FROM ${ventas} JOIN ${ventaLineas} l ON l.venta_id = ventas.id
           WHERE ${where}
           GROUP BY ventas.tienda_id)
        SELECT t.id AS "tiendaId", t.code, t.name,
               coalesce(d.documentos, 0) AS documentos, coalesce(d.facturas, 0) AS facturas, coalesce(d.notas, 0) AS notas,
               coalesce(u.unidades, 0) AS unidades,
               coalesce(d."baseImponibleUsd", '0') AS "baseImponibleUsd", coalesce(d."baseImponibleVes", '0') AS "baseImponibleVes",
               coalesce(d."ivaUsd", '0') AS "ivaUsd", coalesce(d."ivaVes", '0') AS "ivaVes",
               coalesce(d."igtfUsd", '0') AS "igtfUsd", coalesce(d."igtfVes", '0') AS "igtfVes",
               coalesce(d."totalUsd", '0') AS "totalUsd", coalesce(d."totalVes", '0') AS "totalVes"
          FROM ${tiendas} t
          LEFT JOIN docs d ON d.tienda_id = t.id
          LEFT JOIN units u ON u.tienda_id = t.id
         ORDER BY coalesce(d.documentos, 0) DESC, t.name`,
  );
}

export type SeriesRow = { key: string; label: string; documentos: number; totalUsd: string; totalVes: string };

/** The Caracas calendar day of an instant, aaaa-mm-dd. */
const caracasDay = sql.raw(`to_char(timezone('UTC', ventas.created_at) - interval '4 hours', 'YYYY-MM-DD')`);

export async function seriesByDay(db: Db, f: SalesWhere): Promise<SeriesRow[]> {
  return rowsOf<SeriesRow>(
    db,
    sql`SELECT ${caracasDay} AS key, ${caracasDay} AS label, count(*)::int AS documentos,
               coalesce(sum(ventas.total), 0)::text AS "totalUsd", coalesce(sum(round(ventas.total * ventas.rate, 2)), 0)::text AS "totalVes"
          FROM ${ventas} WHERE ${countedWhere(f)}
         GROUP BY 1 ORDER BY 1`,
  );
}

export async function seriesByStore(db: Db, f: SalesWhere): Promise<SeriesRow[]> {
  return rowsOf<SeriesRow>(
    db,
    sql`SELECT t.id::text AS key, t.name AS label, s.documentos, s."totalUsd", s."totalVes"
          FROM (SELECT ventas.tienda_id, count(*)::int AS documentos, sum(ventas.total)::text AS "totalUsd",
                       sum(round(ventas.total * ventas.rate, 2))::text AS "totalVes"
                  FROM ${ventas} WHERE ${countedWhere(f)} GROUP BY ventas.tienda_id) s
          JOIN ${tiendas} t ON t.id = s.tienda_id
         ORDER BY s."totalUsd"::numeric DESC, t.name`,
  );
}

export async function seriesBySeller(db: Db, f: SalesWhere): Promise<SeriesRow[]> {
  return rowsOf<SeriesRow>(
    db,
    sql`SELECT coalesce(s.vendedor_id::text, '') AS key, coalesce(ve.name, 'Sin vendedor') AS label, s.documentos, s."totalUsd", s."totalVes"
          FROM (SELECT ventas.vendedor_id, count(*)::int AS documentos, sum(ventas.total)::text AS "totalUsd",
                       sum(round(ventas.total * ventas.rate, 2))::text AS "totalVes"
                  FROM ${ventas} WHERE ${countedWhere(f)} GROUP BY ventas.vendedor_id) s
          LEFT JOIN ${vendedores} ve ON ve.id = s.vendedor_id
         ORDER BY s."totalUsd"::numeric DESC, 2`,
  );
}

/**
 * Net of the lines per catalogue línea (venta_lineas → articulos → modelos → sublineas → lineas),
 * after discounts and returns: a returned unit takes its share of the net, rounded half-up as
 * domain/ventas.ts saleLine does, so a document's lines add up to its base imponible.
 */
export async function seriesByLinea(db: Db, f: SalesWhere): Promise<(SeriesRow & { unidades: number })[]> {
  // Summed per article first (a few hundred rows), then per línea through the catalogue.
  return rowsOf<SeriesRow & { unidades: number }>(
    db,
    sql`WITH l AS (
          SELECT li.article_code, li.quantity - li.returned_quantity AS unidades, ventas.rate,
                 li.net - CASE WHEN li.returned_quantity = li.quantity THEN li.net
                               ELSE floor((li.net * 100 * li.returned_quantity * 2 + li.quantity) / (2 * li.quantity)) / 100 END AS neto
            FROM ${ventas} JOIN ${ventaLineas} li ON li.venta_id = ventas.id
           WHERE ${countedWhere(f)}),
        por_articulo AS (
          SELECT article_code, count(*) AS renglones, sum(unidades) AS unidades, sum(neto) AS usd, sum(round(neto * rate, 2)) AS ves
            FROM l GROUP BY article_code)
        SELECT coalesce(ln.id::text, '') AS key, coalesce(ln.name, 'Sin línea') AS label, sum(p.renglones)::int AS documentos,
               sum(p.unidades)::int AS unidades, sum(p.usd)::text AS "totalUsd", sum(p.ves)::text AS "totalVes"
          FROM por_articulo p
          LEFT JOIN articulos a ON a.code = p.article_code
          LEFT JOIN modelos m ON m.code = a.model_code
          LEFT JOIN sublineas s ON s.id = m.sublinea_id
          LEFT JOIN lineas ln ON ln.id = s.linea_id
         GROUP BY ln.id, ln.name
         ORDER BY sum(p.usd) DESC, 2`,
  );
}

/** Money received with the documents of the report, by method (sale payments and approved abonos). */
export async function seriesByMethod(db: Db, f: SalesWhere): Promise<{ key: string; pagos: number; amountUsd: string }[]> {
  const where = countedWhere(f);
  // An abono is never older than its document: the range's start also bounds the abonos, so their
  // date index (abonos_paso) does the first cut. A sale's payment may be: an anticipo applied to the
  // factura keeps the day it was received (applyAnticipos), so its document alone decides.
  const since = (alias: string) => (f.from ? sql` AND ${sql.raw(alias)}.created_at >= ${caracasDayStart(f.from)}` : sql``);
  return rowsOf(
    db,
    sql`SELECT x.method AS key, count(*)::int AS pagos, sum(x.usd)::text AS "amountUsd"
          FROM (SELECT p.method, p.amount_usd AS usd FROM ${ventaPagos} p JOIN ${ventas} ON ventas.id = p.venta_id WHERE ${where}
                UNION ALL
                SELECT a.method, a.total + a.igtf FROM ${abonos} a JOIN ${ventas} ON ventas.id = a.venta_id
                 WHERE a.step = 'aprobado' AND a.reference <> ${DESCUENTO_REFERENCE} AND ${where}${since('a')}) x
         GROUP BY x.method
         ORDER BY sum(x.usd) DESC, 1`,
  );
}

// ── small searches ──────────────────────────────────────────────────────────

export async function searchSellers(db: Db, search: string | undefined, limit: number) {
  const pattern = search ? containsPattern(search) : undefined;
  return db
    .select({ id: vendedores.id, code: vendedores.code, name: vendedores.name, active: vendedores.active })
    .from(vendedores)
    .where(pattern ? or(ilike(vendedores.name, pattern), ilike(vendedores.code, pattern)) : undefined)
    .orderBy(desc(vendedores.active), asc(vendedores.name))
    .limit(limit);
}

export async function searchCustomers(db: Db, search: string | undefined, limit: number) {
  const pattern = search ? containsPattern(search) : undefined;
  return db
    .select({ id: clientes.id, dni: clientes.dni, name: clientes.name })
    .from(clientes)
    .where(pattern ? or(ilike(clientes.name, pattern), ilike(clientes.dni, pattern)) : undefined)
    .orderBy(asc(clientes.name), asc(clientes.id))
    .limit(limit);
}

export async function searchDocuments(db: Db, f: SalesWhere, limit: number) {
  return db
    .select({
      id: ventas.id,
      number: ventas.number,
      kind: ventas.kind,
      createdAt: ventas.createdAt,
      cliente: clientes.name,
      total: ventas.total,
    })
    .from(ventas)
    .innerJoin(clientes, eq(clientes.id, ventas.clienteId))
    .where(salesWhere(f))
    .orderBy(desc(ventas.createdAt), desc(ventas.id))
    .limit(limit);
}

/** The id of the seller linked to a user, or null. */
export async function sellerOfUser(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: vendedores.id }).from(vendedores).where(eq(vendedores.userId, userId)).limit(1);
  return row?.id ?? null;
}

// ── one document ────────────────────────────────────────────────────────────

export async function findDocument(db: Db, by: { id?: number; numero?: string }) {
  const [row] = await db
    .select({
      venta: ventas,
      cliente: {
        id: clientes.id,
        dni: clientes.dni,
        name: clientes.name,
        email: clientes.email,
        phone: clientes.phone,
        address: clientes.address,
      },
      tienda: { id: tiendas.id, code: tiendas.code, name: tiendas.name },
      vendedor: { id: vendedores.id, code: vendedores.code, name: vendedores.name },
    })
    .from(ventas)
    .innerJoin(clientes, eq(clientes.id, ventas.clienteId))
    .innerJoin(tiendas, eq(tiendas.id, ventas.tiendaId))
    .leftJoin(vendedores, eq(vendedores.id, ventas.vendedorId))
    .where(by.id !== undefined ? eq(ventas.id, by.id) : eq(ventas.number, by.numero ?? ''))
    .limit(1);
  return row;
}

/** Who did something, as the staff know them (their nickname, else their mail). */
export async function staffName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ nickname: usuarios.nickname, email: usuarios.email }).from(usuarios).where(eq(usuarios.id, userId));
  return row ? row.nickname || row.email : null;
}

export async function documentLines(db: Db, ventaId: number) {
  return db.select().from(ventaLineas).where(eq(ventaLineas.ventaId, ventaId)).orderBy(asc(ventaLineas.id));
}

export async function documentPayments(db: Db, ventaId: number) {
  const [sale, credit] = await Promise.all([
    db.select().from(ventaPagos).where(eq(ventaPagos.ventaId, ventaId)).orderBy(asc(ventaPagos.createdAt), asc(ventaPagos.id)),
    db.select().from(abonos).where(eq(abonos.ventaId, ventaId)).orderBy(asc(abonos.createdAt), asc(abonos.id)),
  ]);
  return { sale, credit };
}

// ── payments received ───────────────────────────────────────────────────────

export type PaymentsWhere = { from?: string; to?: string; tiendaId?: number; method?: string; origen?: 'venta' | 'abono'; search?: string };

/**
 * The conditions on a payment (`p` of venta_pagos, `a` of abonos): the date range and the method on
 * the payment's own columns (venta_pagos_fecha, abonos_paso), the store and the text through its
 * document only when asked, so an unfiltered month never touches the 100,000 documents.
 */
function paymentParts(f: PaymentsWhere, alias: 'p' | 'a' | 'r'): SQL {
  const t = sql.raw(alias);
  // The money of an anulada sale is out of the report, as the sale is out of its totals.
  const c: SQL[] = [sql`NOT EXISTS (SELECT 1 FROM ${ventas} v WHERE v.id = ${t}.venta_id AND v.voided_at IS NOT NULL)`];
  if (f.from) c.push(sql`${t}.created_at >= ${caracasDayStart(f.from)}`);
  if (f.to) c.push(sql`${t}.created_at < ${caracasDayEnd(f.to)}`);
  if (f.method) c.push(sql`${t}.method = ${f.method}`);
  if (f.tiendaId !== undefined) c.push(sql`EXISTS (SELECT 1 FROM ${ventas} v WHERE v.id = ${t}.venta_id AND v.tienda_id = ${f.tiendaId})`);
  if (f.search) {
    const pattern = containsPattern(f.search);
    c.push(
      sql`(${t}.reference ILIKE ${pattern} OR EXISTS (SELECT 1 FROM ${ventas} v WHERE v.id = ${t}.venta_id AND (v.number ILIKE ${pattern}
           OR v.cliente_id IN (SELECT c.id FROM ${clientes} c WHERE c.name ILIKE ${pattern} OR c.dni ILIKE ${pattern}))))`,
    );
  }
  return sql.join(c, sql` AND `);
}

/** The conditions on an open anticipo (`n`): it has no document, so its store, order and buyer are its own. */
function anticipoParts(f: PaymentsWhere): SQL {
  const c: SQL[] = [sql`n.venta_id IS NULL`];
  if (f.from) c.push(sql`n.created_at >= ${caracasDayStart(f.from)}`);
  if (f.to) c.push(sql`n.created_at < ${caracasDayEnd(f.to)}`);
  if (f.method) c.push(sql`n.method = ${f.method}`);
  if (f.tiendaId !== undefined) c.push(sql`n.tienda_id = ${f.tiendaId}`);
  if (f.search) {
    const pattern = containsPattern(f.search);
    c.push(sql`(n.reference ILIKE ${pattern} OR n.order_code ILIKE ${pattern} OR n.cliente_name ILIKE ${pattern})`);
  }
  return sql.join(c, sql` AND `);
}

/**
 * Sale payments, approved abonos and open anticipos (money approved on a web order that is not a
 * sale yet) as one set of rows with the same columns, newest first; with
 * `newest`, each side stops after that many rows (a page needs no more from either side).
 */
function paymentsUnion(f: PaymentsWhere, newest?: number): SQL {
  const parts: SQL[] = [];
  const cut = (column: string) =>
    newest === undefined ? sql`` : sql` ORDER BY ${sql.raw(column)}.created_at DESC, ${sql.raw(column)}.id DESC LIMIT ${newest}`;
  if (f.origen !== 'abono') {
    parts.push(sql`(SELECT 'venta' AS origen, p.id, p.created_at AS date, p.method, p.currency, p.amount - p.change AS amount, p.amount_usd,
                           p.rate, p.igtf, p.reference, p.venta_id, NULL::int AS tienda_id, NULL::text AS order_code, NULL::text AS cliente_name
                      FROM ${ventaPagos} p
                     WHERE ${paymentParts(f, 'p')}${cut('p')})`);
    parts.push(sql`(SELECT 'anticipo' AS origen, n.id, n.created_at AS date, n.method, n.currency, n.amount, n.amount_usd,
                           n.rate, n.igtf, n.reference, NULL::int AS venta_id, n.tienda_id, n.order_code::text, n.cliente_name::text
                      FROM ${ventaAnticipos} n
                     WHERE ${anticipoParts(f)}${cut('n')})`);
  }
  if (f.origen !== 'venta') {
    parts.push(sql`(SELECT 'abono' AS origen, a.id, a.created_at AS date, a.method, a.currency, a.amount, a.total + a.igtf AS amount_usd,
                           a.rate, a.igtf, a.reference, a.venta_id, NULL::int AS tienda_id, NULL::text AS order_code, NULL::text AS cliente_name
                      FROM ${abonos} a
                     WHERE a.step = 'aprobado' AND a.reference <> ${DESCUENTO_REFERENCE} AND ${paymentParts(f, 'a')}${cut('a')})`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

export type PaymentRow = {
  origen: 'venta' | 'abono' | 'anticipo';
  id: number;
  date: Date;
  method: string;
  currency: string;
  amount: string;
  amountUsd: string;
  rate: string;
  igtf: string;
  reference: string;
  /** Null for an anticipo (its `number` is the order's code). */
  ventaId: number | null;
  number: string;
  tienda: string;
  cliente: string;
};

/** The query of a page of payments received (the bench EXPLAINs it as it is): the page first, then its documents. */
export function paymentsPageQuery(f: PaymentsWhere, limit: number, offset: number): SQL {
  // An anticipo has no document: its order's code, store and buyer stand in for them.
  return sql`SELECT x.origen, x.id, x.date, x.method, x.currency, x.amount::text AS amount, x.amount_usd::text AS "amountUsd",
               x.rate::text AS rate, x.igtf::text AS igtf, x.reference, x.venta_id AS "ventaId",
               coalesce(v.number, x.order_code) AS number, t.name AS tienda, coalesce(c.name, x.cliente_name) AS cliente
          FROM (SELECT * FROM (${paymentsUnion(f, limit + offset)}) u
                 ORDER BY u.date DESC, u.origen DESC, u.id DESC
                 LIMIT ${limit} OFFSET ${offset}) x
          LEFT JOIN ${ventas} v ON v.id = x.venta_id
          JOIN ${tiendas} t ON t.id = coalesce(v.tienda_id, x.tienda_id)
          LEFT JOIN ${clientes} c ON c.id = v.cliente_id
         ORDER BY x.date DESC, x.origen DESC, x.id DESC`;
}

export async function findPayments(db: Db, f: PaymentsWhere, limit: number, offset: number): Promise<PaymentRow[]> {
  return rowsOf<PaymentRow>(db, paymentsPageQuery(f, limit, offset));
}

/**
 * The discounts granted on notas de entrega with the same filters (abonos with the reference
 * 'descuento'): not money received, so never a payment; the report shows them on their own line.
 * A filter by method or by sale payments leaves them out.
 */
export async function sumDiscounts(db: Db, f: PaymentsWhere): Promise<{ cantidad: number; amountUsd: string }> {
  if (f.method || f.origen === 'venta') return { cantidad: 0, amountUsd: '0' };
  const [row] = await rowsOf<{ cantidad: number; amountUsd: string | null }>(
    db,
    sql`SELECT count(*)::int AS cantidad, sum(a.total)::text AS "amountUsd"
          FROM ${abonos} a
         WHERE a.step = 'aprobado' AND a.reference = ${DESCUENTO_REFERENCE} AND ${paymentParts(f, 'a')}`,
  );
  return { cantidad: row?.cantidad ?? 0, amountUsd: row?.amountUsd ?? '0' };
}

/**
 * The money refunded to buyers with the same filters (venta_reembolsos): money out, not a payment,
 * so the report shows it on its own line, under what was received. A filter by abonos leaves it out.
 */
export async function sumRefunds(db: Db, f: PaymentsWhere): Promise<{ cantidad: number; amountUsd: string }> {
  if (f.origen === 'abono') return { cantidad: 0, amountUsd: '0' };
  const [row] = await rowsOf<{ cantidad: number; amountUsd: string | null }>(
    db,
    sql`SELECT count(*)::int AS cantidad, sum(r.amount_usd)::text AS "amountUsd" FROM ${ventaReembolsos} r WHERE ${paymentParts(f, 'r')}`,
  );
  return { cantidad: row?.cantidad ?? 0, amountUsd: row?.amountUsd ?? '0' };
}

export type MethodSums = { method: string; currency: string; pagos: number; amount: string; amountUsd: string; igtf: string };

export async function sumPayments(db: Db, f: PaymentsWhere): Promise<MethodSums[]> {
  return rowsOf<MethodSums>(
    db,
    sql`SELECT x.method, x.currency, count(*)::int AS pagos, sum(x.amount::numeric)::text AS amount,
               sum(x.amount_usd)::text AS "amountUsd", sum(x.igtf)::text AS igtf
          FROM (${paymentsUnion(f)}) x
         GROUP BY x.method, x.currency
         ORDER BY sum(x.amount_usd) DESC, 1, 2`,
  );
}
