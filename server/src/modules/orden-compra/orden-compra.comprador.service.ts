// The buyer's side of a purchase order: register it at checkout (price, hold the stock, freeze the
// rate, save, tell the buyer and the staff), report its payment, and follow it by its signed link.

import { createHash } from 'node:crypto';
import { modelImageUrl } from '#domain/catalogo-urls.ts';
import {
  beforeMethodCharges,
  chargeWithShipping,
  igtfOfOrder,
  methodCharges,
  pickupProblem,
  type UnpaidOrderKind,
  unpaidOrderKeys,
  unpaidOrderKind,
  webOrderTooBigMessage,
} from '#domain/checkout.ts';
import {
  type Delivery,
  type OrderOrigin,
  type PaymentInput,
  type PedidoWhatsapp,
  paidOnline,
  type RegistrarOrden,
  SHIPPING_POR_ACORDAR,
} from '#domain/contracts/orden-compra.ts';
import { type PricedLine, splitByStores } from '#domain/descuentos.ts';
import { noShippingRateMessage, payShippingOf, shippingCentsOf } from '#domain/envios.ts';
import { addCents, fromCents, toCents } from '#domain/money.ts';
import { nextStepFor, type OrderStep } from '#domain/order-steps.ts';
import { saldoDeOrden } from '#domain/pago-orden.ts';
import { isStaff } from '#domain/roles.ts';
import { MAX_UNITS_WEB_ORDER, PAYMENT_METHODS, SHIPPING_AGENCY_LABELS, type ShippingAgencyId } from '#domain/store-constants.ts';
import { orderUnits } from '#domain/unidades-orden.ts';
import { transactionWithEffects } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { DatoInvalido, NoEncontrado, Prohibido, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { cuponDelCarrito, quitarLoPedido } from '#server/modules/carrito/carrito.service.ts';
import { findShippingStores } from '#server/modules/catalogo/catalogo.service.ts';
import { encargadoDeVentasIdSql, igtfDeVentas } from '#server/modules/config/config.service.ts';
import { orderSummary } from '#server/modules/correo/plantillas.ts';
import {
  countCouponUse,
  couponOutcome,
  type PricingContext,
  priceItems,
  pricingContext,
} from '#server/modules/descuento/descuento.service.ts';
import { quoteFor } from '#server/modules/envios/envios.service.ts';
import { holdStock } from '#server/modules/inventario/inventario.service.ts';
import { documentoDeOrdenPdf } from '#server/modules/ventas/ventas.pdf.service.ts';
import { REFERENCE_USED } from '#server/modules/ventas/ventas.referencias.repo.ts';
import {
  announceToStaff,
  documentOf,
  type OrderView,
  orderToken,
  queueStepMail,
  validDocumentToken,
  validToken,
  viewAfterStep,
  viewOf,
} from './orden-compra.avisos.ts';
import type { OrderContext } from './orden-compra.context.ts';
import { recordStep } from './orden-compra.pasos.ts';
import { ordenDelCliente } from './orden-compra.reacciones.ts';
import * as repo from './orden-compra.repo.ts';
import type { Entrega } from './orden-compra.schema.ts';

const DUPLICATE = 'Esa clave de idempotencia ya se usó para otro pedido.';
const REFERENCE_MISSING = 'Escriba la referencia del pago';
const CARD_OFF = 'El pago con tarjeta no está disponible en esta tienda; elija otro método de pago.';
/** After this many rejected payments an order can only be paid through the store's staff. */
const MAX_REJECTED_PAYMENTS = 3;
const TOO_MANY_REJECTED = 'Esta orden ya tiene varios pagos rechazados; comuníquese con la tienda para completarla.';
const NOT_FOUND_PUBLIC = 'No encontramos una orden con ese código y esos datos.';

function hashRequest(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

function isForeignKeyViolation(error: unknown, column: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e.cause ?? e;
  return inner.code === '23503' && String(inner.constraint ?? (error as Error).message).includes(column);
}

function paymentValues(payment: PaymentInput) {
  return {
    method: payment.method,
    reference: payment.reference ?? '',
    bankCode: PAYMENT_METHODS[payment.method].needsBank ? (payment.bankCode ?? '') : '',
    amount: payment.amount ?? '0',
    paidOn: payment.date ?? '',
  };
}

const UNPAID_LIMIT_OF: Record<UnpaidOrderKind, string> = {
  correo: 'con este correo',
  cedula: 'con esta cédula',
  telefono: 'con este teléfono',
  ip: 'desde esta conexión',
};

function unpaidLimitMessage(kind: UnpaidOrderKind, limit: number): string {
  return (
    `Ya hay ${limit} ${limit === 1 ? 'orden' : 'órdenes'} ${UNPAID_LIMIT_OF[kind]} esperando la confirmación de su pago, ` +
    'el máximo a la vez. Espere a que la tienda confirme un pago o a que venzan las órdenes sin pagar.'
  );
}

/**
 * Refuses a new order past the limits of orders awaiting payment (unpaid, or with a payment
 * reported but not confirmed: a reference is only a claim until staff check it); run under
 * lockUnpaidKeys, after inserting it.
 */
async function checkUnpaidLimits(ctx: OrderContext, tx: Db, keys: string[], now: Date) {
  const open = await repo.countOpenUnpaid(tx, keys, now);
  for (const key of keys) {
    const kind = unpaidOrderKind(key);
    const limit = kind === 'ip' ? ctx.unpaidLimits.perIp : ctx.unpaidLimits.perContact;
    if ((open.get(key) ?? 0) > limit) throw new ReglaNegocio(unpaidLimitMessage(kind, limit));
  }
}

/**
 * The order priced from the catalogue and today's discounts exactly as the cart prices it (one line
 * per article, all its stores together: descuento.service priceItems), then each article split over
 * its stores so every amount of the parts adds up to the article's.
 */
function pricedOrder(input: OrderInput, prices: Awaited<ReturnType<typeof repo.findPrices>>, pricing: PricingContext) {
  const articles = new Map<string, { tiendaId: number; quantity: number }[]>();
  for (const item of input.items) articles.set(item.articleCode, [...(articles.get(item.articleCode) ?? []), ...item.stores]);
  const rows = [...articles].map(([articleCode, stores]) => {
    const price = prices.find((p) => p.articleCode === articleCode);
    if (!price) throw new Error('precio ausente');
    return { articleCode, stores, price };
  });
  const items = rows.map(({ stores, price }) => ({
    model: price.model,
    priceCents: toCents(price.price),
    promotionCents: toCents(price.promotion),
    quantity: stores.reduce((n, s) => n + s.quantity, 0),
  }));
  const priced = priceItems(pricing, items, input.payment.method);
  const lines = rows.flatMap(({ articleCode, stores, price }, i) =>
    splitByStores(
      priced.lines[i],
      stores.map((s) => s.quantity),
      items[i].priceCents,
      items[i].promotionCents,
    ).map((part: PricedLine, j) => ({
      articleCode,
      name: price.name,
      tiendaId: stores[j].tiendaId,
      quantity: stores[j].quantity,
      price: price.price,
      promotion: price.promotion,
      ...part,
    })),
  );
  const articleLines = rows.map(({ price }, i) => ({ name: price.name, quantity: items[i].quantity, ...priced.lines[i] }));
  return { priced, lines, items, articleLines };
}

/** The coupon of the order: the one typed in the form; absent, the one kept on the caller's cart. */
async function couponCodeOf(ctx: OrderContext, input: OrderInput, cartId: number | null): Promise<string | null> {
  if (input.coupon !== undefined) return input.coupon;
  return cartId ? cuponDelCarrito(ctx.db, cartId) : null;
}

/**
 * The delivery as the order keeps it, and the shipping it charges (in cents). A pickup names a store
 * that ships (its place becomes the delivery's, with no agency and no shipping to pay). A shipment is
 * quoted here from its agency and state (docs/decisions/0027), whatever the browser sent: who pays
 * and the estimate come from the rate; without a rate the order is refused with a 422.
 */
async function deliveryToSave(
  db: Db,
  delivery: Delivery,
  items: RegistrarOrden['items'],
): Promise<{ delivery: Entrega; shippingCents: number }> {
  if (delivery.shipping !== 'retiro-en-tienda') {
    const quote = await quoteFor(db, delivery);
    const shippingCents = shippingCentsOf(quote);
    if (quote.kind === 'sin-tarifa' || quote.kind === 'retiro' || shippingCents === null) {
      const message = noShippingRateMessage(SHIPPING_AGENCY_LABELS[delivery.agency as ShippingAgencyId] ?? delivery.agency, delivery.state);
      throw new DatoInvalido(message, { 'delivery.agency': [message] });
    }
    return {
      delivery: {
        ...delivery,
        payShipping: payShippingOf(quote),
        daysMin: quote.daysMin,
        daysMax: quote.daysMax,
        pickupTiendaId: null,
        pickupStore: null,
      },
      shippingCents,
    };
  }
  const store = (await findShippingStores(db)).find((s) => s.id === delivery.pickupTiendaId && s.ships);
  if (!store) throw new ReglaNegocio('Esa tienda no entrega pedidos. Elija una de las tiendas de la lista para retirar su compra.');
  // Only where every unit already is (docs/dominio.md §Retiro en tienda): nothing travels unseen.
  const problem = pickupProblem(
    items.map((item) => item.stores.map((s) => s.tiendaId)),
    store.id,
    store.name,
  );
  if (problem) throw new DatoInvalido(problem, { 'delivery.pickupTiendaId': [problem] });
  return {
    delivery: {
      ...delivery,
      state: store.state,
      city: store.city,
      address: store.address,
      agency: '',
      payShipping: '',
      pickupTiendaId: store.id,
      pickupStore: store.name,
      daysMin: null,
      daysMax: null,
    },
    shippingCents: 0,
  };
}

/** The order as registered, whatever form asked for it; its delivery is resolved by the caller. */
type OrderInput = Omit<RegistrarOrden, 'delivery'>;
type Who = { user: SessionUser | null; cartId: number | null; ip?: string };
type Resolved = { delivery: Entrega; shippingCents: number };

/**
 * Registers an order once per idempotency key: the same key and body return the first order;
 * the same key with another body is refused. Every line's units are held in its stores, or
 * nothing is saved and the missing articles are named.
 */
export function registrar(ctx: OrderContext, input: RegistrarOrden, idempotencyKey: string, who: Who) {
  return registerOrder(
    ctx,
    { input, hashed: input, origen: 'web', delivery: () => deliveryToSave(ctx.db, input.delivery, input.items) },
    idempotencyKey,
    who,
  );
}

/**
 * «Pedir por WhatsApp» (decision 0033): the same registration with «pago pendiente» and the delivery
 * agreed later in the chat (no agency, no address, no shipping charged), marked origen whatsapp. The
 * e-mail is optional; a logged-in customer who leaves it out gets their account's.
 */
export function registrarPorWhatsapp(ctx: OrderContext, pedido: PedidoWhatsapp, idempotencyKey: string, who: Who) {
  const staff = who.user !== null && isStaff(who.user.roles);
  const email = pedido.user.email || (who.user && !staff ? who.user.email : '');
  const input: OrderInput = {
    user: { ...pedido.user, email, address: '' },
    items: pedido.items,
    payment: { method: 'pago-pendiente' },
    comment: pedido.comment,
    withSeller: false,
    salesman: null,
    coupon: pedido.coupon,
  };
  const { fullName, phone, dni, state, city } = pedido.user;
  const delivery: Entrega = {
    contact: fullName,
    phone,
    dni,
    state,
    city,
    address: '',
    agency: '',
    shipping: SHIPPING_POR_ACORDAR,
    payShipping: '',
    pickupTiendaId: null,
    pickupStore: null,
    daysMin: null,
    daysMax: null,
  };
  // Hashed with its origin: a checkout's key reused here (or the reverse) is another body, refused.
  const hashed = { origen: 'whatsapp', ...pedido };
  return registerOrder(
    ctx,
    { input, hashed, origen: 'whatsapp', delivery: async () => ({ delivery, shippingCents: 0 }) },
    idempotencyKey,
    who,
  );
}

async function registerOrder(
  ctx: OrderContext,
  asked: { input: OrderInput; hashed: unknown; origen: OrderOrigin; delivery: () => Promise<Resolved> },
  idempotencyKey: string,
  who: Who,
): Promise<{ created: boolean; order: OrderView }> {
  const { input, origen } = asked;
  const requestHash = hashRequest(asked.hashed);
  const codes = [...new Set(input.items.map((i) => i.articleCode))];
  const prices = await repo.findPrices(ctx.db, codes);
  const unknown = codes.filter((c) => !prices.some((p) => p.articleCode === c && p.active));
  if (unknown.length > 0) {
    // A repeated request still gets its order, even if an article has left the catalogue since.
    const existing = await repo.findByIdempotencyKey(ctx.db, idempotencyKey);
    if (existing) return replay(ctx, existing, requestHash);
    throw new ReglaNegocio(`Estos artículos no existen o ya no están a la venta: ${unknown.join(', ')}.`);
  }

  const { delivery, shippingCents } = await asked.delivery();
  const couponCode = await couponCodeOf(ctx, input, who.cartId);
  const pricing = await pricingContext(ctx.db, {
    models: prices.map((p) => p.model),
    couponCode,
    customer: { email: input.user.email, userId: who.user?.id ?? null },
  });
  const { priced, lines, items, articleLines } = pricedOrder(input, prices, pricing);
  const coupon = couponOutcome(pricing, items);
  if (couponCode && !coupon.applies) {
    // A repeated request still gets its order, even if it used the coupon's last use itself.
    const existing = await repo.findByIdempotencyKey(ctx.db, idempotencyKey);
    if (existing) return replay(ctx, existing, requestHash);
    throw new ReglaNegocio(`${coupon.message ?? `El cupón «${couponCode}» no se puede usar.`} Quítelo para continuar con su compra.`);
  }
  const usedCoupon = coupon.applies ? pricing.coupon : null;
  // The same totals the cart shows: IVA on the subtotal, not the sum of rounded line IVAs.
  const { subtotalCents: subtotal, ivaCents: iva } = priced;
  // The shipping is added after the discounts and the IVA; a card commission is taken on both.
  // And the IGTF of paying the whole in divisas with the method (domain/igtf.ts), at the store's rate now.
  const igtfSettings = await igtfDeVentas(ctx.db);
  const {
    commissionCents: commission,
    igtfCents: igtf,
    totalCents: total,
  } = chargeWithShipping(priced.totalCents, shippingCents, input.payment.method, igtfSettings);
  const paymentDiscount = pricing.payments.get(input.payment.method);
  // PayPal without a reference is paid online (docs/decisions/0035): pending until the capture.
  const online = paidOnline(input.payment);
  if (online && !ctx.onlineMethods?.some((m) => m === input.payment.method)) {
    if (input.payment.method === 'tarjeta') throw new DatoInvalido(CARD_OFF, { 'payment.method': [CARD_OFF] });
    throw new DatoInvalido(REFERENCE_MISSING, { 'payment.reference': [REFERENCE_MISSING] });
  }
  const withReference = PAYMENT_METHODS[input.payment.method].takesReference && !online;
  const step = nextStepFor('registrar', null, { withPaymentReference: withReference });
  if (!step.ok) throw new ReglaNegocio(step.motivo);
  const unpaid = step.to === 'pendiente';
  const units = orderUnits(input.items);
  if (units > MAX_UNITS_WEB_ORDER) throw new ReglaNegocio(webOrderTooBigMessage(units));
  // Staff may place orders for customers from the store's one address: only the buyer's contacts count.
  const staff = who.user !== null && isStaff(who.user.roles);
  const unpaidKeys = unpaidOrderKeys(input.user, staff ? undefined : who.ip);
  const now = new Date();
  const paymentDueAt = new Date(now.getTime() + ctx.unpaidHours * 3_600_000);

  try {
    const saved = await transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit) => {
      await repo.lockUnpaidKeys(tx, unpaidKeys);
      // A used key inserts nothing: the answer is then that key's order.
      const order = await repo.insertOrder(tx, {
        origen,
        step: step.to,
        userId: who.user?.id ?? null,
        buyer: input.user,
        delivery,
        paymentMethod: input.payment.method,
        comment: input.comment,
        withSeller: input.withSeller,
        salesmanId: input.withSeller ? input.salesman : null,
        // Without a chosen salesman the order goes to the staff user in charge of web sales (if set).
        inChargeUserId: input.withSeller && input.salesman ? null : encargadoDeVentasIdSql(),
        subtotal: fromCents(subtotal),
        iva: fromCents(iva),
        shipping: fromCents(shippingCents),
        commission: fromCents(commission),
        igtf: fromCents(igtf),
        igtfBasisPoints: igtfSettings.charged ? igtfSettings.basisPoints : 0,
        discount: fromCents(priced.discountCents),
        couponCode: usedCoupon?.code ?? null,
        couponDiscount: fromCents(priced.couponCents),
        paymentDiscount: fromCents(priced.paymentCents),
        paymentDiscountName: priced.paymentCents > 0 ? (paymentDiscount?.name ?? '') : '',
        total: fromCents(total),
        idempotencyKey,
        requestHash,
        expiresAt: unpaid ? paymentDueAt : null,
        paymentDueAt,
        clientIp: who.ip ?? null,
        unpaidKeys,
        createdAt: now,
        updatedAt: now,
      });
      if (!order) return null;
      await checkUnpaidLimits(ctx, tx, unpaidKeys, now);
      await repo.insertFirstStepAndLines(
        tx,
        { orderId: order.id, fromStep: null, toStep: step.to, userId: who.user?.id ?? null, at: now },
        lines.map((l) => ({
          orderId: order.id,
          articleCode: l.articleCode,
          name: l.name,
          tiendaId: l.tiendaId,
          quantity: l.quantity,
          price: l.price,
          promotion: l.promotion,
          discount: fromCents(l.discountCents),
          discountName: l.discountCents > 0 ? l.discountName : '',
          couponDiscount: fromCents(l.couponCents),
          paymentDiscount: fromCents(l.paymentCents),
          net: fromCents(l.netCents),
          iva: fromCents(l.ivaCents),
        })),
      );
      const payments = withReference ? await repo.insertPayment(tx, { orderId: order.id, ...paymentValues(input.payment) }) : [];
      await queueStepMail(
        ctx,
        tx,
        afterCommit,
        order,
        step.to,
        'Gracias por su compra. Le avisaremos en cada paso.',
        orderSummary(order, articleLines, SHIPPING_AGENCY_LABELS[delivery.agency as ShippingAgencyId] ?? ''),
      );
      announceToStaff(ctx, afterCommit, { type: 'orden-registrada', code: order.code, total: order.total }, order);
      if (who.cartId) {
        await quitarLoPedido(tx, who.cartId, codes, { now, usedCoupon: Boolean(usedCoupon) });
      }
      // Counted with the order, in its transaction: the coupon's row lock lines up the orders using it.
      if (usedCoupon) await countCouponUse(tx, usedCoupon, { orderId: order.id, email: input.user.email, userId: who.user?.id ?? null });
      // A customer's data typed at checkout fill their profile for the next purchase (not a staff
      // member's: they place orders for others).
      if (who.user && !staff) {
        const { fullName, phone, dni, state, city, address } = input.user;
        // A WhatsApp order asks no address: the profile keeps the one it has.
        await ordenDelCliente.avisar(tx, { user: who.user, datos: { fullName, phone, dni, state, city, ...(address ? { address } : {}) } });
      }
      // The last write: the stock rows it locks are held only until the commit.
      const held = await holdStock(tx, lines, { orderId: order.id });
      if (!held.ok) {
        const names = [...new Set(held.missing.map((m) => m.articleCode))];
        throw new ReglaNegocio(`No hay existencia suficiente de: ${names.join(', ')}. Ajuste las cantidades o elija otra tienda.`);
      }
      return viewOf(order, { token: orderToken(ctx.secret, order.code), payments });
    });
    if (saved) return { created: true, order: saved };
    // Another request with the same key won the race and has committed.
    const winner = await repo.findByIdempotencyKey(ctx.db, idempotencyKey);
    if (!winner) throw new ReglaNegocio('El pedido no se pudo registrar. Intente de nuevo.');
    return replay(ctx, winner, requestHash);
  } catch (error) {
    if (isUniqueViolation(error, 'orden_pagos_referencia')) throw new ReglaNegocio(REFERENCE_USED);
    if (isForeignKeyViolation(error, 'salesman')) throw new ReglaNegocio('El vendedor elegido no existe.');
    if (isUniqueViolation(error, 'ordenes_compra_idempotency_key_unique')) {
      const winner = await repo.findByIdempotencyKey(ctx.db, idempotencyKey);
      if (winner) return replay(ctx, winner, requestHash);
    }
    throw error;
  }
}

/** The answer to a repeated request: the same order, as it stands now. */
async function replay(ctx: OrderContext, existing: repo.OrderRow, requestHash: string): Promise<{ created: false; order: OrderView }> {
  if (existing.requestHash !== requestHash) throw new ReglaNegocio(DUPLICATE);
  const payments = await repo.findPayments(ctx.db, existing.id);
  return { created: false, order: viewOf(existing, { token: orderToken(ctx.secret, existing.code), payments }) };
}

/** The buyer reports a payment for a pending order (logged-in buyer, the order's e-mail or its link), or staff do. */
export async function registrarPago(
  ctx: OrderContext,
  code: string,
  payment: PaymentInput,
  who: { user: SessionUser | null; email?: string; token?: string },
): Promise<OrderView> {
  if (!PAYMENT_METHODS[payment.method].takesReference)
    throw new ReglaNegocio('Ese método de pago no lleva referencia; elija Zelle, Pago Móvil, transferencia, PayPal o Uphold.');
  if (paidOnline(payment)) throw new DatoInvalido(REFERENCE_MISSING, { 'payment.reference': [REFERENCE_MISSING] });
  try {
    await transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit) => {
      const row = await repo.lockByCode(tx, code);
      if (!row) throw new NoEncontrado('La orden de compra no existe.');
      const mayAct =
        (who.user && (who.user.id === row.userId || isStaff(who.user.roles))) ||
        (who.email && who.email.toLowerCase() === row.buyer.email) ||
        validToken(ctx.secret, row.code, who.token);
      if (!mayAct) throw new Prohibido('Solo el comprador o el personal pueden reportar el pago de esta orden.');
      const next = nextStepFor('registrar-pago', row.step as OrderStep);
      if (!next.ok) throw new ReglaNegocio(next.motivo);
      if ((await repo.countRejectedPayments(tx, row.id)) >= MAX_REJECTED_PAYMENTS) throw new ReglaNegocio(TOO_MANY_REJECTED);
      // The order was priced with its method's discount: another method would not have had it.
      if (toCents(row.paymentDiscount) > 0 && payment.method !== row.paymentMethod) {
        const label = PAYMENT_METHODS[row.paymentMethod as keyof typeof PAYMENT_METHODS]?.label ?? row.paymentMethod;
        throw new ReglaNegocio(
          `Esta orden tiene el descuento por pagar con ${label}: reporte el pago con ${label} o comuníquese con la tienda.`,
        );
      }
      await repo.insertPayment(tx, { orderId: row.id, ...paymentValues(payment) });
      // Another method may carry the card commission and the IGTF, or drop them: the total follows
      // the method, with the IGTF rate the order was placed at.
      const before = beforeMethodCharges(row);
      const charges = methodCharges(before, payment.method, igtfOfOrder(row));
      const total = fromCents(addCents(before, charges.commissionCents, charges.igtfCents));
      await recordStep(ctx, tx, afterCommit, row, {
        to: next.to,
        changes: {
          paymentMethod: payment.method,
          commission: fromCents(charges.commissionCents),
          igtf: fromCents(charges.igtfCents),
          total,
          expiresAt: null,
        },
        userId: who.user?.id ?? null,
        mailNote: 'Recibimos el reporte de su pago; lo confirmaremos en breve.',
      });
      announceToStaff(
        ctx,
        afterCommit,
        { type: 'pago-reportado', code: row.code, total },
        { ...row, total, step: next.to, paymentMethod: payment.method },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'orden_pagos_referencia')) throw new ReglaNegocio(REFERENCE_USED);
    throw error;
  }
  return viewAfterStep(ctx.db, code);
}

function sameDni(a: string, b: string): boolean {
  const clean = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return clean(a) === clean(b);
}

/**
 * The buyer proves the order is theirs with its e-mail or cédula and gets the token of its link.
 * A wrong proof is answered as an unknown code, so codes cannot be confirmed to exist.
 */
export async function accederOrden(ctx: OrderContext, code: string, prueba: string): Promise<{ code: string; token: string }> {
  const order = await repo.findByCode(ctx.db, code);
  const text = prueba.trim();
  const matches = order && (text.toLowerCase() === order.buyer.email.toLowerCase() || sameDni(text, order.buyer.dni));
  if (!order || !matches) throw new NoEncontrado(NOT_FOUND_PUBLIC);
  return { code: order.code, token: orderToken(ctx.secret, order.code) };
}

/** The estimate the order kept from its rate (older orders and pickups have none). */
export function shippingDaysOf(delivery: Entrega): { min: number; max: number } | null {
  return delivery.daysMin != null && delivery.daysMax != null ? { min: delivery.daysMin, max: delivery.daysMax } : null;
}

/** What the holder of the order's link may see: the steps and the articles, no personal data. */
export async function estadoPublico(ctx: OrderContext, code: string, token: string | undefined) {
  const { db } = ctx;
  if (!validToken(ctx.secret, code, token)) throw new NoEncontrado(NOT_FOUND_PUBLIC);
  const order = await repo.findByCode(db, code);
  if (!order) throw new NoEncontrado(NOT_FOUND_PUBLIC);
  const [details, history, payments, document] = await Promise.all([
    repo.findDetails(db, order.id),
    repo.findHistory(db, order.id),
    repo.findPayments(db, order.id),
    documentOf(ctx, db, order),
  ]);
  return {
    code: order.code,
    step: order.step,
    // Only the buyer holds the signed link (docs/dominio.md §Número de guía): the whole number.
    trackingNumber: order.trackingNumber,
    origen: order.origen,
    agency: order.delivery.agency,
    shipping: order.delivery.shipping,
    payShipping: order.delivery.payShipping,
    shippingDays: shippingDaysOf(order.delivery),
    pickupStore: order.delivery.pickupStore ?? null,
    receiptSent: payments.some((p) => p.status === 'reportado' && p.receipt),
    paymentBalance: saldoDeOrden(order, payments),
    paymentMethod: order.paymentMethod,
    ...repo.orderAmounts(order),
    expiresAt: order.expiresAt,
    createdAt: order.createdAt,
    items: details.map((d) => ({
      articleCode: d.articleCode,
      name: d.name,
      image: d.model ? modelImageUrl(d.model, 320) : null,
      color: d.color,
      size: d.size,
      quantity: d.quantity,
      store: d.store,
      price: d.price,
      promotion: d.promotion,
      discount: d.discount,
      discountName: d.discountName,
      couponDiscount: d.couponDiscount,
      paymentDiscount: d.paymentDiscount,
      net: d.net,
    })),
    timeline: history.filter((h) => h.from !== h.to).map((h) => ({ step: h.to, at: h.at })),
    document,
  };
}

/**
 * The PDF of the document the order became, for whoever holds its signed link (the order page and
 * the mail of «Pago confirmado»); a wrong link is answered as an unknown order, and an order not yet
 * paid has none.
 */
export async function documentoPdfDeOrden(ctx: OrderContext, code: string, token: string | undefined) {
  if (!validDocumentToken(ctx.secret, code, token)) throw new NoEncontrado(NOT_FOUND_PUBLIC);
  const order = await repo.findByCode(ctx.db, code);
  if (!order) throw new NoEncontrado(NOT_FOUND_PUBLIC);
  const file = await documentoDeOrdenPdf(ctx.db, order.id);
  if (!file) throw new NoEncontrado('La factura de esta orden se emite cuando su pago está confirmado.');
  return file;
}
