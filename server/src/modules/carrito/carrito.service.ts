// The cart: guests' carts follow a cookie, users' carts their account; a line is an article with
// the units chosen in each store. v1 and v2 cart calls share these functions.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { articlePath, modelImageUrl } from '#domain/catalogo-urls.ts';
import { methodCharges } from '#domain/checkout.ts';
import type { CartCoupon, CartPaymentTotal } from '#domain/contracts/carrito.ts';
import { addCents, fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { MAX_UNITS_PER_LINE, PAYMENT_METHOD_IDS } from '#domain/store-constants.ts';
import { tooManyUnitsMessage } from '#domain/unidades-orden.ts';
import type { Db } from '#server/db/client.ts';
import { ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { igtfDeVentas } from '#server/modules/config/config.service.ts';
import {
  type Customer,
  couponOutcome,
  type PriceableItem,
  type PricingContext,
  priceItems,
  pricingContext,
} from '#server/modules/descuento/descuento.service.ts';
import { tasaDelDia } from '#server/modules/general/general.service.ts';
import { availableByStore, holdStock, releaseCartHolds } from '#server/modules/inventario/inventario.service.ts';
import { newToken, sha256 } from '#server/tokens.ts';
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
    // The checkout takes at most this many units of an article in one order: the cart says so first.
    const units = [...merged.values()].reduce((sum, q) => sum + q, 0);
    if (units > MAX_UNITS_PER_LINE) throw new ReglaNegocio(tooManyUnitsMessage(articleCode, units));
    for (const [tiendaId, quantity] of merged) {
      const available = stock.find((s) => s.tiendaId === tiendaId)?.available ?? 0;
      if (quantity > available) throw new ReglaNegocio(`Solo quedan ${Math.max(available, 0)} unidades de ${articleCode} en esa tienda.`);
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
    const [lines, guestCoupon, userCoupon] = await Promise.all([
      repo.findLines(db, guestId),
      repo.findCouponCode(db, guestId),
      repo.findCouponCode(db, userCart),
    ]);
    // The coupon typed as a guest stays, unless the account's cart already has one.
    if (guestCoupon && !userCoupon) await repo.setCouponCode(db, userCart, guestCoupon);
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

/** Who looks at the cart: a logged-in shopper's coupon limits are checked by their account and e-mail. */
export function customerOf(user: SessionUser | null): Customer {
  return user ? { email: user.email, userId: user.id } : { email: null, userId: null };
}

const NO_PRICING: PricingContext = { lineDiscounts: new Map(), coupon: null, unknownCoupon: null, payments: new Map() };

/**
 * The cart as the pages show it: lines with stores and their discounts, the coupon, totals v1 (IVA)
 * and v2, and what the order would total with each payment method, in USD and VES. Priced with the
 * same function the order registration uses (descuento.service priceItems).
 */
export async function view(db: Db, cartId: number | null, customer: Customer = customerOf(null)) {
  const [rows, rate, couponCode, igtfSettings] = await Promise.all([
    cartId ? repo.findLines(db, cartId) : Promise.resolve([]),
    tasaDelDia(db).then((tasa) => tasa.amount),
    cartId ? repo.findCouponCode(db, cartId) : Promise.resolve(null),
    igtfDeVentas(db),
  ]);
  const byArticle = new Map<string, typeof rows>();
  for (const row of rows) byArticle.set(row.articleCode, [...(byArticle.get(row.articleCode) ?? []), row]);
  const lines = [...byArticle.values()];
  const priceable: PriceableItem[] = lines.map((stores) => ({
    model: stores[0].model,
    priceCents: toCents(stores[0].price),
    promotionCents: toCents(stores[0].promotion),
    quantity: stores.reduce((n, s) => n + s.quantity, 0),
  }));
  const pricing = lines.length > 0 ? await pricingContext(db, { models: priceable.map((p) => p.model), couponCode, customer }) : NO_PRICING;
  const priced = priceItems(pricing, priceable, null);
  const items = lines.map((stores, i) => {
    const first = stores[0];
    const line = priced.lines[i];
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
      quantity: priceable[i].quantity,
      discount: fromCents(line.discountCents),
      discountName: line.discountName || null,
      couponDiscount: fromCents(line.couponCents),
      net: fromCents(addCents(line.netCents, line.paymentCents)),
      stores: stores.map((s) => ({
        id: s.tiendaId,
        store: s.store,
        quantity: s.quantity,
        inventory: s.available,
        status: s.quantity <= s.available ? 'disponible' : 'insuficiente',
      })),
    };
  });
  const paymentTotals: CartPaymentTotal[] = PAYMENT_METHOD_IDS.map((method) => {
    const discount = pricing.payments.get(method);
    const withMethod = discount ? priceItems(pricing, priceable, method) : priced;
    const { commissionCents: commission, igtfCents: igtf } = methodCharges(withMethod.totalCents, method, igtfSettings);
    const total = addCents(withMethod.totalCents, commission, igtf);
    return {
      method,
      discountName: discount?.name ?? null,
      discountValue: discount?.value ?? null,
      paymentDiscount: fromCents(withMethod.paymentCents),
      subtotal: fromCents(withMethod.subtotalCents),
      iva: fromCents(withMethod.ivaCents),
      commission: fromCents(commission),
      igtf: fromCents(igtf),
      total: fromCents(total),
      totalVes: fromCents(usdToVesCents(total, rate)),
    };
  });
  return {
    items,
    coupon: cartCoupon(pricing, priceable, priced.couponCents, couponCode),
    totals: {
      subtotal: fromCents(priced.subtotalCents),
      iva: fromCents(priced.ivaCents),
      total: fromCents(priced.totalCents),
      gross: fromCents(priced.grossCents),
      discount: fromCents(addCents(priced.promotionCents, priced.discountCents, priced.couponCents)),
      promotion: fromCents(priced.promotionCents),
      lineDiscount: fromCents(priced.discountCents),
      coupon: fromCents(priced.couponCents),
      totalVes: fromCents(usdToVesCents(priced.totalCents, rate)),
      rate,
    },
    paymentTotals,
    igtf: igtfSettings,
  };
}

function cartCoupon(pricing: PricingContext, items: PriceableItem[], couponCents: number, code: string | null): CartCoupon | null {
  if (!code) return null;
  const { applies, message } = couponOutcome(pricing, items);
  const coupon = pricing.coupon;
  return {
    code: coupon?.code ?? code,
    name: coupon?.name ?? '',
    kind: coupon?.kind ?? 'porcentaje',
    value: coupon?.value ?? '0.00',
    discount: fromCents(couponCents),
    applies,
    message,
  };
}

/**
 * The shopper applies a coupon: kept on the cart only if it can be used now and reaches one of its
 * articles; otherwise a 400 that says why.
 */
export async function applyCoupon(db: Db, cartId: number, code: string, customer: Customer) {
  const lines = await repo.findLines(db, cartId);
  if (lines.length === 0) throw new ReglaNegocio('Agregue artículos a su carrito antes de aplicar un cupón.');
  const items = lines.map((l) => ({
    model: l.model,
    priceCents: toCents(l.price),
    promotionCents: toCents(l.promotion),
    quantity: l.quantity,
  }));
  const pricing = await pricingContext(db, { models: items.map((i) => i.model), couponCode: code, customer });
  const { applies, message } = couponOutcome(pricing, items);
  if (!applies) throw new ReglaNegocio(message ?? `El cupón «${code}» no se puede usar.`);
  await repo.setCouponCode(db, cartId, pricing.coupon?.code ?? code);
}

/**
 * Why the cart's coupon cannot be used by this buyer (the per-customer limit, a personal coupon of
 * someone else…), or null: what registering the order would refuse, said at the checkout's step 2.
 */
export async function couponProblemFor(db: Db, cartId: number | null, customer: Customer): Promise<string | null> {
  const [lines, code] = cartId ? await Promise.all([repo.findLines(db, cartId), repo.findCouponCode(db, cartId)]) : [[], null];
  if (!code || lines.length === 0) return null;
  const items = lines.map((l) => ({
    model: l.model,
    priceCents: toCents(l.price),
    promotionCents: toCents(l.promotion),
    quantity: l.quantity,
  }));
  const pricing = await pricingContext(db, { models: items.map((i) => i.model), couponCode: code, customer });
  return couponOutcome(pricing, items).message;
}

export async function removeCoupon(db: Db, cartId: number) {
  await repo.setCouponCode(db, cartId, null);
}

/** The coupon the shopper typed in their cart (the order checks it again when it is placed). */
export function cuponDelCarrito(db: Db, cartId: number): Promise<string | null> {
  return repo.findCouponCode(db, cartId);
}

/**
 * Inside the transaction of the order that took them: the ordered articles leave the cart, the
 * cart's own short holds on them make way for the order's, and a coupon the order used is cleared.
 */
export async function quitarLoPedido(tx: Db, cartId: number, articleCodes: string[], options: { now: Date; usedCoupon: boolean }) {
  await repo.removeCartLines(tx, cartId, articleCodes);
  await releaseCartHolds(tx, cartId, articleCodes, options.now);
  if (options.usedCoupon) await repo.setCouponCode(tx, cartId, null);
}
