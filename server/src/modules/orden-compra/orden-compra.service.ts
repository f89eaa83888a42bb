// Purchase orders: register (price, hold stock, freeze the rate, save, notify), payments, and
// the staff pipeline of DOMAIN.md, every step recorded and mailed to the buyer.
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { PaymentInput, RegistrarOrden } from '../../../../domain/contracts/orden-compra.ts';
import { addCents, fromCents, toCents } from '../../../../domain/money.ts';
import { nextStepFor, ORDER_STEP_LABELS, type OrderAction, type OrderStep } from '../../../../domain/order-steps.ts';
import { metaFor, offsetOf } from '../../../../domain/paginator.ts';
import { isStaff } from '../../../../domain/roles.ts';
import { PAYMENT_METHODS } from '../../../../domain/store-constants.ts';
import { cardCommissionCents, cartLine, cartTotals } from '../../../../domain/vat.ts';
import type { Db } from '../../db/client.ts';
import { ordenDetalles, ordenesCompra, ordenHistorial, ordenPagos } from '../../db/schema.ts';
import { NoEncontrado, Prohibido, ReglaNegocio } from '../../errors.ts';
import type { SessionUser } from '../../http/access.ts';
import { removeCartLines } from '../carrito/carrito.repo.ts';
import { encargadoDeVentasIdSql, notificarVenta, resumenUsuario } from '../config/config.service.ts';
import type { Mailer } from '../correo/mailer.ts';
import { orderStepMail } from '../correo/plantillas.ts';
import { consumeOrderHolds, holdStock, releaseCartHolds, releaseOrderHolds } from '../inventario/inventario.service.ts';
import { notificarOrden } from './orden-compra.eventos.ts';
import * as repo from './orden-compra.repo.ts';
import { isCreditSale } from './orden-compra-admin.repo.ts';

export type OrderContext = {
  db: Db;
  mailer: Mailer;
  unpaidHours: number;
  publicUrl: string;
  log?: (message: string, error: unknown) => void;
};

const DUPLICATE = 'Esa clave de idempotencia ya se usó para otro pedido.';
const REFERENCE_USED = 'Esa referencia de pago ya fue registrada para ese banco y método.';
/** After this many rejected payments an order can only be paid through the store's staff. */
const MAX_REJECTED_PAYMENTS = 3;
const TOO_MANY_REJECTED = 'Esta orden ya tiene varios pagos rechazados; comuníquese con la tienda para completarla.';

function hashRequest(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e.cause ?? e;
  return inner.code === '23505' && (inner.constraint === constraint || String((error as Error).message).includes(constraint));
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

function stepMail(ctx: OrderContext, order: { code: string; buyer: { email: string; fullName: string } }, step: OrderStep, extra: string) {
  return {
    to: order.buyer.email,
    kind: `orden-${step}`,
    ...orderStepMail(order.buyer.fullName, order.code, ORDER_STEP_LABELS[step], `${ctx.publicUrl}/orden/${order.code}`, extra),
  };
}

/** The back office's live notice; the order is committed already, so a failure is only logged. */
async function liveNotice(ctx: OrderContext, evento: Parameters<typeof notificarOrden>[1]) {
  try {
    await notificarOrden(ctx.db, evento);
  } catch (error) {
    ctx.log?.(`No se pudo avisar en vivo de la orden ${evento.code}`, error);
  }
}

async function mailStep(
  ctx: OrderContext,
  order: { code: string; buyer: { email: string; fullName: string } },
  step: OrderStep,
  extra = '',
) {
  // The step is already committed: a mail that fails is logged, never turned into an error.
  try {
    await ctx.mailer.send(ctx.db, stepMail(ctx, order, step, extra));
  } catch (error) {
    ctx.log?.(`No se pudo enviar el correo de la orden ${order.code}`, error);
  }
}

/**
 * Registers an order once per idempotency key: the same key and body return the first order;
 * the same key with another body is refused. Every line's units are held in its stores, or
 * nothing is saved and the missing articles are named.
 */
export async function registrar(
  ctx: OrderContext,
  input: RegistrarOrden,
  idempotencyKey: string,
  who: { user: SessionUser | null; cartId: number | null },
) {
  const requestHash = hashRequest(input);
  const codes = [...new Set(input.items.map((i) => i.articleCode))];
  const prices = await repo.findPrices(ctx.db, codes);
  const unknown = codes.filter((c) => !prices.some((p) => p.articleCode === c && p.active));
  if (unknown.length > 0) {
    // A repeated request still gets its order, even if an article has left the catalogue since.
    const existing = await repo.findByIdempotencyKey(ctx.db, idempotencyKey);
    if (existing) return replay(existing, requestHash);
    throw new ReglaNegocio(`Estos artículos no existen o ya no están a la venta: ${unknown.join(', ')}.`);
  }

  const lines = input.items.flatMap((item) =>
    item.stores.map((store) => {
      const price = prices.find((p) => p.articleCode === item.articleCode);
      if (!price) throw new Error('precio ausente');
      const line = cartLine({ priceCents: toCents(price.price), promotionCents: toCents(price.promotion), quantity: store.quantity });
      return {
        articleCode: item.articleCode,
        name: price.name,
        tiendaId: store.tiendaId,
        quantity: store.quantity,
        price: price.price,
        promotion: price.promotion,
        ...line,
      };
    }),
  );
  // The same totals the cart shows: IVA on the subtotal, not the sum of rounded line IVAs.
  const {
    subtotalCents: subtotal,
    ivaCents: iva,
    totalCents: total,
  } = cartTotals(lines.map((l) => ({ priceCents: toCents(l.price), promotionCents: toCents(l.promotion), quantity: l.quantity })));
  const commission = PAYMENT_METHODS[input.payment.method].cardCommission ? cardCommissionCents(total) : 0;
  const withReference = PAYMENT_METHODS[input.payment.method].takesReference;
  const step = nextStepFor('registrar', null, { withPaymentReference: withReference });
  if (!step.ok) throw new ReglaNegocio(step.motivo);
  const now = new Date();

  try {
    const saved = await ctx.db.transaction(async (tx) => {
      // A used key inserts nothing (a request still in flight with it is waited for): the answer
      // is then that key's order. The code, the rate of the day and the person in charge are
      // set by this same statement.
      const [order] = await tx
        .insert(ordenesCompra)
        .values({
          id: repo.newOrderIdSql(),
          code: repo.newOrderCodeSql(),
          step: step.to,
          userId: who.user?.id ?? null,
          buyer: input.user,
          delivery: input.delivery,
          paymentMethod: input.payment.method,
          comment: input.comment,
          withSeller: input.withSeller,
          salesmanId: input.withSeller ? input.salesman : null,
          // Without a chosen salesman the order goes to the staff user in charge of web sales (if set).
          inChargeUserId: input.withSeller && input.salesman ? null : encargadoDeVentasIdSql(),
          subtotal: fromCents(subtotal),
          iva: fromCents(iva),
          commission: fromCents(commission),
          total: fromCents(addCents(total, commission)),
          rate: repo.latestRateSql(),
          idempotencyKey,
          requestHash,
          expiresAt: step.to === 'pendiente' ? new Date(now.getTime() + ctx.unpaidHours * 3_600_000) : null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: ordenesCompra.idempotencyKey })
        .returning();
      if (!order) return null;
      // The history's first step is written by the same statement as the lines.
      const firstStep = tx.$with('primer_paso', {}).as(
        tx
          .insert(ordenHistorial)
          .values({ orderId: order.id, fromStep: null, toStep: step.to, userId: who.user?.id ?? null, at: now })
          .getSQL(),
      );
      await tx
        .with(firstStep)
        .insert(ordenDetalles)
        .values(
          lines.map((l) => ({
            orderId: order.id,
            articleCode: l.articleCode,
            name: l.name,
            tiendaId: l.tiendaId,
            quantity: l.quantity,
            price: l.price,
            promotion: l.promotion,
            net: fromCents(l.netCents),
            iva: fromCents(l.ivaCents),
          })),
        );
      const payments = withReference
        ? await tx
            .insert(ordenPagos)
            .values({ orderId: order.id, ...paymentValues(input.payment) })
            .returning(repo.paymentColumns)
        : [];
      // The buyer's mail is in the outbox exactly when the order is committed.
      const deliverMail = await ctx.mailer.queue(tx, stepMail(ctx, order, step.to, 'Gracias por su compra. Le avisaremos en cada paso.'));
      if (who.cartId) {
        // What was ordered leaves the cart, and the cart's own short holds make way for the order's.
        await removeCartLines(tx, who.cartId, codes);
        await releaseCartHolds(tx, who.cartId, codes, now);
      }
      // The last write: the stock rows it locks are held only until the commit.
      const held = await holdStock(tx, lines, { orderId: order.id });
      if (!held.ok) {
        const names = [...new Set(held.missing.map((m) => m.articleCode))];
        throw new ReglaNegocio(`No hay existencia suficiente de: ${names.join(', ')}. Ajuste las cantidades o elija otra tienda.`);
      }
      return { order, payments, deliverMail };
    });
    if (!saved) {
      // Another request with the same key won the race and has committed.
      const winner = await repo.findByIdempotencyKey(ctx.db, idempotencyKey);
      if (!winner) throw new ReglaNegocio('El pedido no se pudo registrar. Intente de nuevo.');
      return replay(winner, requestHash);
    }
    const { order, payments, deliverMail } = saved;
    // Sent by SMTP (when configured) without holding the answer; the outbox row already records it.
    void deliverMail(ctx.db).catch((error) => ctx.log?.(`No se pudo enviar el correo de la orden ${order.code}`, error));
    // Announced after the commit, so the notice queue's commit lock is not taken while stock rows are locked.
    await Promise.all([
      liveNotice(ctx, { type: 'orden-registrada', code: order.code, total: order.total }),
      notificarVenta(ctx, 'nueva-orden', order),
    ]);
    const view: OrderView = { orderCode: order.code, step: order.step, total: order.total, rate: order.rate, payments };
    return { created: true, order: view };
  } catch (error) {
    if (isUniqueViolation(error, 'orden_pagos_referencia')) throw new ReglaNegocio(REFERENCE_USED);
    if (isForeignKeyViolation(error, 'salesman')) throw new ReglaNegocio('El vendedor elegido no existe.');
    if (isUniqueViolation(error, 'ordenes_compra_idempotency_key_unique')) {
      const winner = await repo.findByIdempotencyKey(ctx.db, idempotencyKey);
      if (winner) return replay(winner, requestHash);
    }
    throw error;
  }
}

function replay(existing: repo.OrderRow, requestHash: string): { created: false; order: OrderView } {
  if (existing.requestHash !== requestHash) throw new ReglaNegocio(DUPLICATE);
  return {
    created: false,
    order: { orderCode: existing.code, step: existing.step, total: existing.total, rate: existing.rate } as OrderView,
  };
}

export type OrderView = {
  orderCode: string;
  step: string;
  total: string;
  rate: string;
  payments?: Awaited<ReturnType<typeof repo.findPayments>>;
};

async function orderView(db: Db, code: string): Promise<OrderView> {
  const order = await repo.findByCode(db, code);
  if (!order) throw new NoEncontrado('La orden de compra no existe.');
  return { orderCode: order.code, step: order.step, total: order.total, rate: order.rate, payments: await repo.findPayments(db, order.id) };
}

/** The buyer reports a payment for a pending order (logged-in buyer, or the order's e-mail), or staff do. */
export async function registrarPago(
  ctx: OrderContext,
  code: string,
  payment: PaymentInput,
  who: { user: SessionUser | null; email?: string },
) {
  if (!PAYMENT_METHODS[payment.method].takesReference)
    throw new ReglaNegocio('Ese método de pago no lleva referencia; elija Zelle, Pago Móvil, transferencia, PayPal o Uphold.');
  try {
    const order = await ctx.db.transaction(async (tx) => {
      const row = await repo.lockByCode(tx, code);
      if (!row) throw new NoEncontrado('La orden de compra no existe.');
      const mayAct =
        (who.user && (who.user.id === row.userId || isStaff(who.user.roles))) || (who.email && who.email.toLowerCase() === row.buyer.email);
      if (!mayAct) throw new Prohibido('Solo el comprador o el personal pueden reportar el pago de esta orden.');
      const next = nextStepFor('registrar-pago', row.step as OrderStep);
      if (!next.ok) throw new ReglaNegocio(next.motivo);
      const [{ rejected }] = await tx
        .select({ rejected: count() })
        .from(ordenPagos)
        .where(and(eq(ordenPagos.orderId, row.id), eq(ordenPagos.status, 'rechazado')));
      if (rejected >= MAX_REJECTED_PAYMENTS) throw new ReglaNegocio(TOO_MANY_REJECTED);
      await tx.insert(ordenPagos).values({ orderId: row.id, ...paymentValues(payment) });
      // Another method may carry the card commission, or drop it: the total follows the method.
      const beforeCommission = toCents(row.total) - toCents(row.commission);
      const commission = PAYMENT_METHODS[payment.method].cardCommission ? cardCommissionCents(beforeCommission) : 0;
      await tx
        .update(ordenesCompra)
        .set({
          step: next.to,
          paymentMethod: payment.method,
          commission: fromCents(commission),
          total: fromCents(addCents(beforeCommission, commission)),
          expiresAt: null,
          updatedAt: new Date(),
        })
        .where(eq(ordenesCompra.id, row.id));
      await tx.insert(ordenHistorial).values({ orderId: row.id, fromStep: row.step, toStep: next.to, userId: who.user?.id ?? null });
      return { ...row, commission: fromCents(commission), total: fromCents(addCents(beforeCommission, commission)) };
    });
    await liveNotice(ctx, { type: 'pago-reportado', code: order.code, total: order.total });
    await notificarVenta(ctx, 'pago-reportado', { ...order, step: 'pago-por-confirmar', paymentMethod: payment.method });
    await mailStep(ctx, order, 'pago-por-confirmar', 'Recibimos el reporte de su pago; lo confirmaremos en breve.');
    return orderView(ctx.db, code);
  } catch (error) {
    if (isUniqueViolation(error, 'orden_pagos_referencia')) throw new ReglaNegocio(REFERENCE_USED);
    throw error;
  }
}

type StaffAction = Exclude<OrderAction, 'registrar' | 'registrar-pago'>;

/** A staff step change: lock, check the step machine, apply, record, mail. */
export async function cambiarPaso(
  ctx: OrderContext,
  code: string,
  action: StaffAction,
  user: SessionUser | null,
  options: { rejected?: boolean; trackingNumber?: string; note?: string; unpaidExpiredBy?: Date } = {},
) {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockByCode(tx, code);
    if (!row) throw new NoEncontrado('La orden de compra no existe.');
    // Checked under the row lock: a payment reported since the expired orders were listed wins.
    const { unpaidExpiredBy } = options;
    if (unpaidExpiredBy && !(row.step === 'pendiente' && row.expiresAt && row.expiresAt <= unpaidExpiredBy)) {
      throw new ReglaNegocio('La orden ya no está pendiente de pago o aún no ha vencido.');
    }
    const next = nextStepFor(action, row.step as OrderStep, { rejected: options.rejected });
    if (!next.ok) throw new ReglaNegocio(next.motivo);
    const now = new Date();
    if (action === 'confirmar-pago') {
      const status = options.rejected ? 'rechazado' : 'aprobado';
      // Only the payment awaiting review: an earlier rejected one stays rejected.
      await tx
        .update(ordenPagos)
        .set({ status })
        .where(and(eq(ordenPagos.orderId, row.id), eq(ordenPagos.status, 'reportado')));
    }
    if (action === 'despachar') await consumeOrderHolds(tx, row.id, now);
    if (action === 'anular') await releaseOrderHolds(tx, row.id, now);
    await tx
      .update(ordenesCompra)
      .set({
        step: next.to,
        updatedAt: now,
        ...(options.trackingNumber ? { trackingNumber: options.trackingNumber } : {}),
        // A rejected payment leaves the order pending again, with a fresh time to pay.
        ...(next.to === 'pendiente' ? { expiresAt: new Date(now.getTime() + ctx.unpaidHours * 3_600_000) } : {}),
      })
      .where(eq(ordenesCompra.id, row.id));
    await tx
      .insert(ordenHistorial)
      .values({ orderId: row.id, fromStep: row.step, toStep: next.to, userId: user?.id ?? null, note: options.note ?? '', at: now });
    return { row, to: next.to };
  });
  const extra =
    result.to === 'despachada' && options.trackingNumber
      ? `Número de guía: ${options.trackingNumber}.`
      : options.rejected
        ? 'No pudimos confirmar su pago; repórtelo de nuevo o contáctenos.'
        : '';
  await mailStep(ctx, result.row, result.to, extra);
  return orderView(ctx.db, code);
}

/** The tracking number, once the order is inventory-confirmed or dispatched. */
export async function numeroGuia(ctx: OrderContext, code: string, trackingNumber: string, user: SessionUser) {
  const row = await ctx.db.transaction(async (tx) => {
    const order = await repo.lockByCode(tx, code);
    if (!order) throw new NoEncontrado('La orden de compra no existe.');
    if (order.step !== 'inventario-confirmado' && order.step !== 'despachada') {
      throw new ReglaNegocio(
        `No se puede asignar el número de guía a una orden en estado «${ORDER_STEP_LABELS[order.step as OrderStep]}».`,
      );
    }
    await tx.update(ordenesCompra).set({ trackingNumber, updatedAt: new Date() }).where(eq(ordenesCompra.id, order.id));
    await tx
      .insert(ordenHistorial)
      .values({ orderId: order.id, fromStep: order.step, toStep: order.step, userId: user.id, note: `Número de guía: ${trackingNumber}` });
    return order;
  });
  await mailStep(ctx, row, row.step as OrderStep, `Número de guía: ${trackingNumber}.`);
  return orderView(ctx.db, code);
}

/**
 * `own`: the buyer's own view (profile), even for staff: another user's code is not found, and
 * the history does not name the staff who moved it.
 */
export async function detalle(db: Db, code: string, user: SessionUser, options: { own?: boolean } = {}) {
  const order = await repo.findByCode(db, code);
  const mayView = order && (order.userId === user.id || (!options.own && isStaff(user.roles)));
  if (!order || !mayView) throw new NoEncontrado('La orden de compra no existe.');
  const [details, payments, history, salesman, credit, inCharge] = await Promise.all([
    repo.findDetails(db, order.id),
    repo.findPayments(db, order.id),
    repo.findHistory(db, order.id),
    repo.findSalesmanById(db, order.salesmanId),
    isCreditSale(db, order.id),
    options.own ? null : resumenUsuario(db, order.inChargeUserId),
  ]);
  return {
    order: { ...order, idempotencyKey: undefined, requestHash: undefined },
    details,
    delivery: order.delivery,
    payments,
    // Notes are the staff's working notes; the buyer learns what matters by mail.
    history: options.own ? history.map((h) => ({ ...h, userId: null, by: null, note: '' })) : history,
    // The staff user the order was assigned to (no salesman chosen); staff only.
    inCharge,
    // The salesman the buyer chose, if any (the buyer picked them, so the buyer may see it too).
    salesman,
    // Approved as a credit sale (docs/decisions/0004).
    credit,
  };
}

function maskTracking(tracking: string): string {
  return tracking.length <= 4 ? tracking : `${'•'.repeat(Math.min(tracking.length - 4, 8))}${tracking.slice(-4)}`;
}

/** What anyone with the code may see: the steps and the articles, no personal data. */
export async function estadoPublico(db: Db, code: string) {
  const order = await repo.findByCode(db, code);
  if (!order) throw new NoEncontrado('No encontramos una orden con ese código.');
  const [details, history] = await Promise.all([repo.findDetails(db, order.id), repo.findHistory(db, order.id)]);
  return {
    code: order.code,
    step: order.step,
    // Codes are sequential, so the public page shows only the end of the tracking number; the
    // buyer has the whole number by mail and in their account.
    trackingNumber: order.trackingNumber ? maskTracking(order.trackingNumber) : null,
    agency: order.delivery.agency,
    paymentMethod: order.paymentMethod,
    subtotal: order.subtotal,
    iva: order.iva,
    commission: order.commission,
    total: order.total,
    expiresAt: order.expiresAt,
    rate: order.rate,
    createdAt: order.createdAt,
    items: details.map((d) => ({ articleCode: d.articleCode, name: d.name, quantity: d.quantity, store: d.store })),
    timeline: history.filter((h) => h.from !== h.to).map((h) => ({ step: h.to, at: h.at })),
  };
}

export async function buscar(db: Db, q: repo.OrderSearch, page: number, perPage: number) {
  const { rows, total } = await repo.searchOrders(db, q, perPage, offsetOf(page, perPage));
  return { items: rows, meta: metaFor(page, perPage, total) };
}

export const referenciaUsada = repo.referenceInUse;
export const contarPorPaso = repo.countByStep;

/**
 * Unpaid orders past their time are cancelled and give their units back. Safe with several
 * processes at once: each order is re-checked under its row lock, so only one cancels it.
 */
export async function vencerImpagas(ctx: OrderContext, now = new Date()): Promise<number> {
  const expired = await repo.findExpiredUnpaid(ctx.db, now);
  let done = 0;
  for (const { code } of expired) {
    try {
      await cambiarPaso(ctx, code, 'anular', null, { note: 'Vencida sin pago', unpaidExpiredBy: now });
      done++;
    } catch (error) {
      // Paid, cancelled or changed meanwhile (here or in another process): nothing to do.
      if (!(error instanceof ReglaNegocio || error instanceof NoEncontrado)) throw error;
    }
  }
  return done;
}
