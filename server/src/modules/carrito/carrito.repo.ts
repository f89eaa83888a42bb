// Queries of carts: who owns which cart, and its lines per store.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { carritoItems, carritos } from '#server/modules/carrito/carrito.schema.ts';
import { articulos, colores, lineas, modelos, sublineas, tallas } from '#server/modules/catalogo/catalogo.schema.ts';
import { tiendaEnLaWeb } from '#server/modules/inventario/inventario.repo.ts';
import { inventario, reservas, tiendas } from '#server/modules/inventario/inventario.schema.ts';

export async function findCartId(db: Db, owner: { userId?: number; guestTokenHash?: string }): Promise<number | undefined> {
  const where = owner.userId
    ? eq(carritos.userId, owner.userId)
    : owner.guestTokenHash
      ? eq(carritos.guestTokenHash, owner.guestTokenHash)
      : undefined;
  if (!where) return undefined;
  const [row] = await db.select({ id: carritos.id }).from(carritos).where(where).limit(1);
  return row?.id;
}

export async function createCart(db: Db, owner: { userId?: number; guestTokenHash?: string }): Promise<number> {
  const [row] = await db
    .insert(carritos)
    .values({ userId: owner.userId ?? null, guestTokenHash: owner.guestTokenHash ?? null })
    .onConflictDoNothing()
    .returning({ id: carritos.id });
  if (row) return row.id;
  const existing = await findCartId(db, owner);
  if (!existing) throw new Error('carrito no creado');
  return existing;
}

export async function findLines(db: Db, cartId: number) {
  return db
    .select({
      articleCode: carritoItems.articleCode,
      tiendaId: carritoItems.tiendaId,
      store: tiendas.name,
      quantity: carritoItems.quantity,
      // This cart's own live holds are free for it (as in availableByStore); a store that no longer
      // sells on the web has nothing to sell.
      available: sql<number>`CASE WHEN ${tiendaEnLaWeb} THEN coalesce(${inventario.quantity} - ${inventario.held}, 0)::int + coalesce((SELECT sum(r.quantity)
        FROM ${reservas} r WHERE r.cart_id = ${cartId} AND r.order_id IS NULL AND r.released_at IS NULL
        AND r.article_code = ${carritoItems.articleCode} AND r.tienda_id = ${carritoItems.tiendaId}), 0)::int ELSE 0 END`,
      model: modelos.code,
      name: modelos.name,
      price: modelos.price,
      promotion: modelos.promotion,
      colorName: colores.name,
      sizeLabel: tallas.label,
      lineCode: lineas.code,
      subLineCode: sublineas.code,
    })
    .from(carritoItems)
    .innerJoin(articulos, eq(articulos.code, carritoItems.articleCode))
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .innerJoin(colores, eq(colores.code, modelos.colorCode))
    .innerJoin(tallas, eq(tallas.code, articulos.sizeCode))
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
    .innerJoin(tiendas, eq(tiendas.id, carritoItems.tiendaId))
    .leftJoin(inventario, and(eq(inventario.articleCode, carritoItems.articleCode), eq(inventario.tiendaId, carritoItems.tiendaId)))
    .where(eq(carritoItems.cartId, cartId))
    .orderBy(carritoItems.articleCode, tiendas.name);
}

export async function setLine(db: Db, cartId: number, articleCode: string, stores: { tiendaId: number; quantity: number }[]) {
  await db.delete(carritoItems).where(and(eq(carritoItems.cartId, cartId), eq(carritoItems.articleCode, articleCode)));
  const rows = stores.filter((s) => s.quantity > 0).map((s) => ({ cartId, articleCode, tiendaId: s.tiendaId, quantity: s.quantity }));
  if (rows.length > 0) await db.insert(carritoItems).values(rows);
  await db.update(carritos).set({ updatedAt: new Date() }).where(eq(carritos.id, cartId));
}

export async function removeLine(db: Db, cartId: number, articleCode: string) {
  await db.delete(carritoItems).where(and(eq(carritoItems.cartId, cartId), eq(carritoItems.articleCode, articleCode)));
}

export async function clear(db: Db, cartId: number) {
  await db.delete(carritoItems).where(eq(carritoItems.cartId, cartId));
}

export async function deleteCart(db: Db, cartId: number) {
  await db.delete(carritos).where(eq(carritos.id, cartId));
}

export async function removeCartLines(db: Db, cartId: number, articleCodes: string[]) {
  if (articleCodes.length === 0) return;
  await db.delete(carritoItems).where(and(eq(carritoItems.cartId, cartId), inArray(carritoItems.articleCode, articleCodes)));
}

/** Serialises changes to one cart (two tabs adding at once). */
export async function lockCart(db: Db, cartId: number) {
  await db.execute(sql`SELECT id FROM carritos WHERE id = ${cartId} FOR UPDATE`);
}

/** The coupon code the shopper applied to the cart, if any. */
export async function findCouponCode(db: Db, cartId: number): Promise<string | null> {
  const [row] = await db.select({ code: carritos.couponCode }).from(carritos).where(eq(carritos.id, cartId)).limit(1);
  return row?.code ?? null;
}

export async function setCouponCode(db: Db, cartId: number, code: string | null) {
  await db.update(carritos).set({ couponCode: code, updatedAt: new Date() }).where(eq(carritos.id, cartId));
}
