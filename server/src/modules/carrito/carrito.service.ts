// The cart: guests' carts follow a cookie, users' carts their account; a line is an article with
// the units chosen in each store. v1 and v2 cart calls share these functions.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { articlePath, modelImageUrl } from '../../../../domain/catalogo-urls.ts';
import { fromCents, toCents, usdToVesCents } from '../../../../domain/money.ts';
import { cartTotals, cartTotalsV2 } from '../../../../domain/vat.ts';
import type { Db } from '../../db/client.ts';
import { ReglaNegocio } from '../../errors.ts';
import type { SessionUser } from '../../http/access.ts';
import { newToken, sha256 } from '../auth/tokens.ts';
import { availableByStore, holdStock, releaseCartHolds } from '../inventario/inventario.service.ts';
import { findLatestRate } from '../orden-compra/orden-compra.repo.ts';
import * as repo from './carrito.repo.ts';

export const CART_COOKIE = 'carrito';
const CART_HOLD_MINUTES = 15;

export type StoreQuantity = { tiendaId: number; quantity: number };

/** The cart of the caller, if any: the user's when logged in, else the guest cookie's. */
export async function cartIdOf(app: FastifyInstance, request: FastifyRequest, user: SessionUser | null): Promise<number | null> {
  const db = app.deps.database.db;
  if (user) return (await repo.findCartId(db, { userId: user.id })) ?? null;
  const token = request.cookies?.[CART_COOKIE];
  if (!token) return null;
  return (await repo.findCartId(db, { guestTokenHash: sha256(token) })) ?? null;
}

/** The caller's cart, created on first use (a guest gets the cart cookie). */
export async function ensureCart(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser | null,
): Promise<number> {
  const existing = await cartIdOf(app, request, user);
  if (existing) return existing;
  const db = app.deps.database.db;
  if (user) return repo.createCart(db, { userId: user.id });
  const token = newToken();
  void reply.setCookie(CART_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: 30 * 86400,
  });
  return repo.createCart(db, { guestTokenHash: sha256(token) });
}

/**
 * Puts an article's per-store quantities in the cart, refusing more than a store can sell. The
 * cart row is locked first, so two adds at once are applied one after the other.
 */
export async function setItem(db: Db, cartId: number, articleCode: string, stores: StoreQuantity[], mode: 'sumar' | 'reemplazar') {
  await db.transaction(async (tx) => {
    await repo.lockCart(tx, cartId);
    const current = (await repo.findLines(tx, cartId)).filter((l) => l.articleCode === articleCode);
    const merged = new Map<number, number>();
    if (mode === 'sumar') for (const line of current) merged.set(line.tiendaId, line.quantity);
    for (const s of stores) merged.set(s.tiendaId, (merged.get(s.tiendaId) ?? 0) + s.quantity);
    const stock = await availableByStore(tx, [articleCode], cartId);
    if (stock.length === 0) throw new ReglaNegocio(`El artículo ${articleCode} no existe o no tiene existencia.`);
    for (const [tiendaId, quantity] of merged) {
      const available = stock.find((s) => s.tiendaId === tiendaId)?.available ?? 0;
      if (quantity > available) throw new ReglaNegocio(`Solo quedan ${Math.max(available, 0)} unidades de ${articleCode} en esa tienda.`);
      if (quantity > 99) throw new ReglaNegocio('La cantidad máxima por artículo es 99.');
    }
    await repo.setLine(
      tx,
      cartId,
      articleCode,
      [...merged].map(([tiendaId, quantity]) => ({ tiendaId, quantity })),
    );
  });
}

/** The line leaves the cart and its short holds go back to the stores. */
export async function removeItem(db: Db, cartId: number, articleCode: string) {
  await db.transaction(async (tx) => {
    await releaseCartHolds(tx, cartId, [articleCode]);
    await repo.removeLine(tx, cartId, articleCode);
  });
}

export async function clearCart(db: Db, cartId: number) {
  await db.transaction(async (tx) => {
    await releaseCartHolds(tx, cartId);
    await repo.clear(tx, cartId);
  });
}

/** A short hold on an article's units for this cart; it expires by itself. */
export async function holdItem(db: Db, cartId: number, articleCode: string, stores: StoreQuantity[]) {
  const expiresAt = new Date(Date.now() + CART_HOLD_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await releaseCartHolds(tx, cartId, [articleCode]);
    const held = await holdStock(
      tx,
      stores.map((s) => ({ articleCode, ...s })),
      { cartId, expiresAt },
    );
    if (!held.ok) throw new ReglaNegocio(`No hay existencia suficiente de ${articleCode} en la tienda elegida.`);
  });
  return { articleCode, expiresAt: expiresAt.toISOString() };
}

/** At login the guest's cart joins the user's (quantities per store added, up to what is available). */
export async function mergeGuestCart(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: SessionUser) {
  const db = app.deps.database.db;
  const token = request.cookies?.[CART_COOKIE];
  const guestId = token ? await repo.findCartId(db, { guestTokenHash: sha256(token) }) : undefined;
  const userCart = await ensureCart(app, request, reply, user);
  if (guestId && guestId !== userCart) {
    const lines = await repo.findLines(db, guestId);
    for (const line of lines) {
      try {
        await setItem(db, userCart, line.articleCode, [{ tiendaId: line.tiendaId, quantity: line.quantity }], 'sumar');
      } catch {
        // Not enough stock left for the sum: the user's own quantity stays.
      }
    }
    await db.transaction(async (tx) => {
      await releaseCartHolds(tx, guestId);
      await repo.deleteCart(tx, guestId);
    });
  }
  void reply.clearCookie(CART_COOKIE, { path: '/' });
  return userCart;
}

/** The cart as the pages show it: lines with stores, totals v1 (IVA) and v2, in USD and VES. */
export async function view(db: Db, cartId: number | null) {
  const [rows, rate] = await Promise.all([cartId ? repo.findLines(db, cartId) : Promise.resolve([]), findLatestRate(db)]);
  const byArticle = new Map<string, typeof rows>();
  for (const row of rows) byArticle.set(row.articleCode, [...(byArticle.get(row.articleCode) ?? []), row]);
  const items = [...byArticle.values()].map((stores) => {
    const first = stores[0];
    const quantity = stores.reduce((n, s) => n + s.quantity, 0);
    return {
      articleCode: first.articleCode,
      model: first.model,
      name: first.name,
      colorName: first.colorName,
      sizeLabel: first.sizeLabel,
      image: modelImageUrl(first.model, 320),
      path: articlePath(first.lineCode, first.subLineCode, first.articleCode),
      price: first.price,
      promotion: first.promotion,
      quantity,
      stores: stores.map((s) => ({
        id: s.tiendaId,
        store: s.store,
        quantity: s.quantity,
        inventory: s.available,
        status: s.quantity <= s.available ? 'disponible' : 'insuficiente',
      })),
    };
  });
  const v1 = cartTotals(items.map((i) => ({ priceCents: toCents(i.price), promotionCents: toCents(i.promotion), quantity: i.quantity })));
  const v2 = cartTotalsV2(items.map((i) => ({ priceCents: toCents(i.price), discountCents: toCents(i.promotion), quantity: i.quantity })));
  return {
    items,
    totals: {
      subtotal: fromCents(v1.subtotalCents),
      iva: fromCents(v1.ivaCents),
      total: fromCents(v1.totalCents),
      gross: fromCents(v2.grossCents),
      discount: fromCents(v2.discountCents),
      totalVes: fromCents(usdToVesCents(v1.totalCents, rate)),
      rate,
    },
  };
}
