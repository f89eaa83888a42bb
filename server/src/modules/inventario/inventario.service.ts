// Stock holds: units set aside in a store for a cart (short, expiring) or an order (until paid,
// cancelled or expired). A hold is one conditional UPDATE, so stock to sell never goes negative,
// whatever the concurrency: the row lock serialises takers and the condition refuses the late one.
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { inventario, movimientosInventario, reservas, tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { tiendaEnLaWeb } from './inventario.repo.ts';

export type HoldLine = { articleCode: string; tiendaId: number; quantity: number };
/** A cart, an order, or a credit sale held for authorisation (`retenidaId`, in any active store). */
export type HoldOwner = { cartId?: number; orderId?: number; retenidaId?: number; expiresAt?: Date };
export type HoldResult = { ok: true } | { ok: false; missing: HoldLine[] };

/**
 * Holds every line or none (the caller's transaction rolls back on a refusal). One statement:
 * the rows are locked in a fixed order (article, store), so two orders for the same articles
 * cannot deadlock, then each takes its units only if enough are left and its hold is recorded.
 * Called as the last write of a transaction, the rows stay locked only until the commit. Only the
 * stock of active stores that sell on the web can be held for a cart or an order: the web sells
 * nothing else. A held credit sale is a counter sale: any active store, as sellStock.
 */
export async function holdStock(tx: Db, lines: HoldLine[], owner: HoldOwner): Promise<HoldResult> {
  const wanted = new Map<string, HoldLine>();
  for (const line of lines) {
    const key = `${line.articleCode}\u0000${line.tiendaId}`;
    const same = wanted.get(key);
    wanted.set(key, { ...line, quantity: (same?.quantity ?? 0) + line.quantity });
  }
  const rows = sql.join(
    [...wanted.values()].map((l) => sql`(${l.articleCode}::varchar, ${l.tiendaId}::int, ${l.quantity}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    WITH wanted (article_code, tienda_id, quantity) AS (VALUES ${rows}),
    locked AS MATERIALIZED (
      SELECT i.id, w.quantity FROM ${inventario} i
      JOIN wanted w ON w.article_code = i.article_code AND w.tienda_id = i.tienda_id
      JOIN ${tiendas} ON ${tiendas.id} = i.tienda_id AND ${owner.retenidaId ? tiendas.active : tiendaEnLaWeb}
      ORDER BY i.article_code, i.tienda_id
      FOR UPDATE OF i
    ),
    taken AS (
      UPDATE ${inventario} i SET held = i.held + l.quantity FROM locked l
      WHERE i.id = l.id AND i.quantity - i.held >= l.quantity
      RETURNING i.article_code, i.tienda_id, l.quantity
    )
    INSERT INTO ${reservas} (article_code, tienda_id, quantity, cart_id, order_id, retenida_id, expires_at)
    SELECT article_code, tienda_id, quantity, ${owner.cartId ?? null}::int, ${owner.orderId ?? null}::int, ${owner.retenidaId ?? null}::int,
      ${owner.expiresAt?.toISOString() ?? null}::timestamptz
    FROM taken
    RETURNING article_code, tienda_id`)) as unknown as { rows: { article_code: string; tienda_id: number }[] };
  const taken = new Set(result.rows.map((r) => `${r.article_code}\u0000${r.tienda_id}`));
  const missing = lines.filter((l) => !taken.has(`${l.articleCode}\u0000${l.tiendaId}`));
  return missing.length > 0 ? { ok: false, missing } : { ok: true };
}

type HoldRow = { id: number; articleCode: string; tiendaId: number; quantity: number };

/** The order whose dispatch takes the units, named in the ledger ('venta' rows reference its code). */
type Sale = { code: string; userId: number | null };

/**
 * Closes holds: `release` gives their units back to the store, `consume` (dispatch) takes them off
 * the shelf (on hand and held both go down) and writes the 'venta' ledger row in the same
 * statement. Stock rows are locked in the same order as holdStock takes them (article, store), so
 * two transactions cannot wait on each other in a circle.
 */
async function settle(tx: Db, rows: HoldRow[], now: Date, mode: 'release' | { sale: Sale }) {
  const ordered = [...rows].sort((a, b) => a.articleCode.localeCompare(b.articleCode) || a.tiendaId - b.tiendaId);
  for (const row of ordered) {
    const marked = await tx
      .update(reservas)
      .set({ releasedAt: now })
      .where(and(eq(reservas.id, row.id), isNull(reservas.releasedAt)))
      .returning({ id: reservas.id });
    // Only the transaction that marked the hold closed moves the units.
    if (marked.length === 0) continue;
    if (mode === 'release') {
      await tx
        .update(inventario)
        .set({ held: sql`greatest(${inventario.held} - ${row.quantity}, 0)` })
        .where(and(eq(inventario.articleCode, row.articleCode), eq(inventario.tiendaId, row.tiendaId)));
      continue;
    }
    await tx.execute(sql`
      WITH sold AS (
        UPDATE ${inventario} SET held = held - ${row.quantity}, quantity = quantity - ${row.quantity}
         WHERE article_code = ${row.articleCode} AND tienda_id = ${row.tiendaId}
        RETURNING article_code, tienda_id, quantity
      )
      INSERT INTO ${movimientosInventario} (article_code, tienda_id, kind, quantity, balance, reference, user_id)
      SELECT article_code, tienda_id, 'venta', ${-row.quantity}::int, quantity, ${mode.sale.code}, ${mode.sale.userId}::int FROM sold`);
  }
}

/** A sale made by staff (counter or wholesale): the document whose number the ledger rows reference. */
export type CounterSale = { reference: string; userId: number | null };

/**
 * A staff sale takes its units off the shelf at once, in the caller's transaction: every line or
 * none (the caller rolls back on a refusal). One statement, as holdStock: the stock rows are locked
 * in the same order (article, store), each line takes its units only from what is free (on hand −
 * held: units held for carts and orders are never sold) and writes its 'venta' ledger row with
 * the on-hand units left. Any active store may sell at its counter, web or not.
 */
export async function sellStock(tx: Db, lines: HoldLine[], sale: CounterSale): Promise<HoldResult> {
  const wanted = new Map<string, HoldLine>();
  for (const line of lines) {
    const key = `${line.articleCode}\u0000${line.tiendaId}`;
    const same = wanted.get(key);
    wanted.set(key, { ...line, quantity: (same?.quantity ?? 0) + line.quantity });
  }
  const rows = sql.join(
    [...wanted.values()].map((l) => sql`(${l.articleCode}::varchar, ${l.tiendaId}::int, ${l.quantity}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    WITH wanted (article_code, tienda_id, quantity) AS (VALUES ${rows}),
    locked AS MATERIALIZED (
      SELECT i.id, w.quantity FROM ${inventario} i
      JOIN wanted w ON w.article_code = i.article_code AND w.tienda_id = i.tienda_id
      JOIN ${tiendas} ON ${tiendas.id} = i.tienda_id AND ${tiendas.active}
      ORDER BY i.article_code, i.tienda_id
      FOR UPDATE OF i
    ),
    sold AS (
      UPDATE ${inventario} i SET quantity = i.quantity - l.quantity FROM locked l
      WHERE i.id = l.id AND i.quantity - i.held >= l.quantity
      RETURNING i.article_code, i.tienda_id, l.quantity, i.quantity AS balance
    )
    INSERT INTO ${movimientosInventario} (article_code, tienda_id, kind, quantity, balance, reference, user_id)
    SELECT article_code, tienda_id, 'venta', -quantity, balance, ${sale.reference}, ${sale.userId}::int FROM sold
    RETURNING article_code, tienda_id`)) as unknown as { rows: { article_code: string; tienda_id: number }[] };
  const taken = new Set(result.rows.map((r) => `${r.article_code}\u0000${r.tienda_id}`));
  const missing = [...wanted.values()].filter((l) => !taken.has(`${l.articleCode}\u0000${l.tiendaId}`));
  return missing.length > 0 ? { ok: false, missing } : { ok: true };
}

const holdColumns = { id: reservas.id, articleCode: reservas.articleCode, tiendaId: reservas.tiendaId, quantity: reservas.quantity };

export async function releaseCartHolds(tx: Db, cartId: number, articleCodes?: string[], now = new Date()): Promise<void> {
  const rows = await tx
    .select(holdColumns)
    .from(reservas)
    .where(
      and(
        eq(reservas.cartId, cartId),
        isNull(reservas.orderId),
        isNull(reservas.releasedAt),
        articleCodes ? inArray(reservas.articleCode, articleCodes) : undefined,
      ),
    );
  await settle(tx, rows, now, 'release');
}

function openOrderHolds(tx: Db, orderId: number): Promise<HoldRow[]> {
  return tx
    .select(holdColumns)
    .from(reservas)
    .where(and(eq(reservas.orderId, orderId), isNull(reservas.releasedAt)));
}

export async function releaseOrderHolds(tx: Db, orderId: number, now = new Date()): Promise<void> {
  await settle(tx, await openOrderHolds(tx, orderId), now, 'release');
}

/** A held credit sale was decided: its units are free again (approved, the sale then takes them). */
export async function releaseRetenidaHolds(tx: Db, retenidaId: number, now = new Date()): Promise<void> {
  const rows = await tx
    .select(holdColumns)
    .from(reservas)
    .where(and(eq(reservas.retenidaId, retenidaId), isNull(reservas.releasedAt)));
  await settle(tx, rows, now, 'release');
}

/** Dispatch: the held units leave the store, each line a 'venta' movement referencing the order's code. */
export async function consumeOrderHolds(
  tx: Db,
  order: { id: number; code: string; userId: number | null },
  now = new Date(),
): Promise<void> {
  await settle(tx, await openOrderHolds(tx, order.id), now, { sale: { code: order.code, userId: order.userId } });
}

/** Cart holds whose time ran out give their units back. */
export async function releaseExpiredCartHolds(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .select(holdColumns)
    .from(reservas)
    .where(and(isNull(reservas.releasedAt), isNull(reservas.orderId), isNotNull(reservas.expiresAt), lt(reservas.expiresAt, now)))
    .limit(500);
  await db.transaction((tx) => settle(tx, rows, now, 'release'));
  return rows.length;
}

/**
 * Units free per store that sells on the web (active and selling online); with `cartId`, that
 * cart's own live holds count as free for it.
 */
export async function availableByStore(db: Db, articleCodes: string[], cartId?: number) {
  if (articleCodes.length === 0) return [];
  const ownHeld = cartId
    ? sql`coalesce((SELECT sum(r.quantity) FROM ${reservas} r WHERE r.cart_id = ${cartId} AND r.order_id IS NULL
        AND r.released_at IS NULL AND r.article_code = ${inventario.articleCode} AND r.tienda_id = ${inventario.tiendaId}), 0)`
    : sql`0`;
  return db
    .select({
      articleCode: inventario.articleCode,
      tiendaId: inventario.tiendaId,
      available: sql<number>`(${inventario.quantity} - ${inventario.held} + ${ownHeld})::int`,
    })
    .from(inventario)
    .innerJoin(tiendas, and(eq(tiendas.id, inventario.tiendaId), tiendaEnLaWeb))
    .where(inArray(inventario.articleCode, articleCodes));
}
