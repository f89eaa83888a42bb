// Refunds of an order paid online, asked by staff (docs/decisions/0035). The refund is written
// «solicitado» under the order's lock before the provider is asked, with a provider key made from the
// staff's Idempotency-Key; the provider's answer marks it «hecho». Only the request that wrote it asks
// the provider, and later the periodic reconciliation with the same key: a double click, a retried
// request or a lost answer make one refund, and one the provider made while our answer was lost is
// finished instead of forgotten. What the reconciliation cannot settle goes to staff («revisar»),
// still reserved, never dropped: the provider may have refunded it.

import { createHash } from 'node:crypto';
import { formatUsd, fromCents, toCents } from '#domain/money.ts';
import { nextStepFor, type OrderStep } from '#domain/order-steps.ts';
import { type AfterCommit, transactionWithEffects } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { Conflicto, DatoInvalido, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { cambiarPasoBloqueada } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import * as orders from '#server/modules/orden-compra/orden-compra.repo.ts';
import { reembolsoDeOrden } from '#server/modules/ventas/ventas.venta.orden.service.ts';
import * as repo from './pagos-en-linea.repo.ts';
import { AMOUNT, type PaymentContext, providerNamed, RECONCILE_AFTER_MS } from './pagos-en-linea.service.ts';
import { type PaymentProvider, ProveedorNoDisponible, type Reembolso } from './proveedor.ts';

const RECONCILE_BATCH = 50;
const PROVIDER_LABELS: Record<string, string> = { paypal: 'PayPal', stripe: 'Stripe' };
/** Past this, the provider may have forgotten the key (Stripe keeps them 24 h): staff check it by hand. */
const REVIEW_AFTER_MS = 12 * 60 * 60_000;

/** The provider's answers that mean it refused the refund (nothing moved): dropped when asked first, sent to staff when asked again. */
const REFUSED = new Set([400, 402, 404, 422]);

export type ReembolsoHecho = {
  refundId: string;
  amount: string;
  currency: string;
  refunded: string;
  remaining: string;
  step: string;
};

/**
 * Staff refund an order's captured online payment, whole or in part, up to what is left of it (what
 * was refunded and what is still being asked count). With `anular` the order is cancelled as staff
 * cancel it once the refund is made (its units go back to stock, its sale is voided).
 */
export async function reembolsar(
  ctx: PaymentContext,
  code: string,
  input: { amount?: string; note: string; anular: boolean },
  idempotencyKey: string,
  user: SessionUser,
): Promise<ReembolsoHecho> {
  const order = await orders.findByCode(ctx.db, code);
  if (!order) throw new NoEncontrado('La orden de compra no existe.');
  const pago = await repo.findCaptured(ctx.db, order.id);
  if (!pago?.captureId || !pago.capturedAmount) throw new ReglaNegocio('Esta orden no tiene un pago en línea capturado que reembolsar.');
  const provider = providerNamed(ctx, pago.provider);
  if (!provider) throw new ReglaNegocio(`El pago se capturó con ${pago.provider}, que ya no está configurado en esta tienda.`);
  const captureId = pago.captureId;
  const captured = toCents(pago.capturedAmount);
  const currency = pago.capturedCurrency ?? pago.currency;

  const request = await ctx.db.transaction(async (tx) => {
    const locked = await orders.lockByCode(tx, code);
    const earlier = await repo.findRefundByRequest(tx, idempotencyKey);
    if (earlier) return { row: sameRequest(earlier, pago.id, input), mine: false };
    const refunded = await repo.refundedOf(tx, pago.id);
    const remaining = leftOf(captured, refunded);
    if (remaining <= 0) {
      throw new ReglaNegocio(
        refunded.requested + refunded.review > 0
          ? 'Lo que queda de este pago ya se está reembolsando.'
          : 'Este pago ya se reembolsó completo.',
      );
    }
    // Checked before the provider is asked: a refund made must never wait on a step change that cannot happen.
    const cancel = input.anular && locked ? nextStepFor('anular', locked.step as OrderStep) : null;
    if (cancel && !cancel.ok) throw new ReglaNegocio(`No se puede anular la orden: ${cancel.motivo}`);
    const cents = input.amount === undefined ? remaining : toCents(input.amount);
    if (cents <= 0 || cents > remaining) {
      const message = `El reembolso debe ser mayor que cero y de hasta ${formatUsd(remaining)}, lo que queda del pago.`;
      throw new DatoInvalido(message, { amount: [message] });
    }
    const row = await repo.insertRefundRequest(tx, {
      pagoId: pago.id,
      requestId: idempotencyKey,
      providerKey: providerKeyOf(pago, idempotencyKey),
      amount: fromCents(cents),
      currency,
      anular: input.anular,
      userId: user.id,
      note: input.note,
    });
    if (!row) throw new Conflicto('Otro pedido con la misma Idempotency-Key se está registrando; repítalo en un momento.');
    return { row, mine: true };
  });

  const { row: asked, mine } = request;
  // A repeat while the first is still waiting for the provider never asks it again (two calls with one
  // key at once may be refused by the provider while the first one goes through).
  if (!mine && asked.status !== 'hecho') {
    throw new Conflicto(
      asked.status === 'revisar'
        ? `${provider.label} no confirmó este reembolso: revíselo en ${provider.label} antes de pedir otro.`
        : 'Este reembolso ya se pidió y se está procesando: recargue la orden en unos minutos.',
    );
  }
  if (mine) {
    let refund: Reembolso;
    try {
      refund = await provider.refund(captureId, asked.providerKey, { value: asked.amount, currency: asked.currency });
    } catch (error) {
      if (error instanceof ProveedorNoDisponible && REFUSED.has(error.providerStatus)) {
        await repo.deleteRefundRequest(ctx.db, asked.id);
        throw error;
      }
      if (error instanceof ProveedorNoDisponible) {
        throw new ProveedorNoDisponible(
          `${provider.label} no confirmó el reembolso de ${formatUsd(toCents(asked.amount))}: quedó solicitado y la tienda lo terminará sola en unos minutos. No lo pida de nuevo.`,
          error.providerStatus,
        );
      }
      throw error;
    }
    await terminar(ctx, provider, asked, code, refund);
  }

  const done = await repo.findRefundByRequest(ctx.db, asked.requestId);
  const refunded = await repo.refundedOf(ctx.db, pago.id);
  const after = await orders.findByCode(ctx.db, code);
  return {
    refundId: done?.refundId ?? '',
    amount: done?.amount ?? asked.amount,
    currency,
    refunded: fromCents(refunded.done),
    remaining: fromCents(leftOf(captured, refunded)),
    step: after?.step ?? order.step,
  };
}

/** What is left of a captured payment to refund: a refund asked and not yet confirmed counts as spent. */
function leftOf(capturedCents: number, refunded: { done: number; requested: number; review: number }): number {
  return capturedCents - refunded.done - refunded.requested - refunded.review;
}

/**
 * The provider's key (≤ 64 characters): the payment and when it was created go in, because the
 * provider keeps keys per account, not per database (a reset database numbers payments again).
 */
function providerKeyOf(pago: { id: number; createdAt: Date }, idempotencyKey: string): string {
  const seed = `${pago.id}:${pago.createdAt.getTime()}:${idempotencyKey}`;
  return `reembolso-${createHash('sha256').update(seed).digest('hex').slice(0, 40)}`;
}

/** The same key again: the same refund, never a second one; another payment or amount is a mistake. */
function sameRequest(earlier: repo.ReembolsoRow, pagoId: number, input: { amount?: string; anular: boolean }): repo.ReembolsoRow {
  const sameAmount = input.amount === undefined || toCents(input.amount) === toCents(earlier.amount);
  if (earlier.pagoId !== pagoId || !sameAmount || earlier.anular !== input.anular) {
    throw new Conflicto('Esa Idempotency-Key ya se usó para otro reembolso; recargue la orden y pídalo de nuevo.');
  }
  return earlier;
}

/**
 * Records what the provider refunded (what it says left the store's account), with the history line,
 * and cancels the order when staff asked for it. A refund already finished by a concurrent request
 * or the reconciliation is left as it is.
 */
async function terminar(ctx: PaymentContext, provider: PaymentProvider, asked: repo.ReembolsoRow, code: string, refund: Reembolso) {
  const cents = refund.amount && AMOUNT.test(refund.amount.value) ? toCents(refund.amount.value) : toCents(asked.amount);
  await transactionWithEffects(ctx.db, ctx.log, async (tx: Db, afterCommit: AfterCommit) => {
    const row = await orders.lockByCode(tx, code);
    if (!row) throw new Error(`la orden ${code} desapareció`);
    const finished = await repo.finishRefund(tx, asked.id, { refundId: refund.refundId, amount: fromCents(cents) });
    if (!finished) return;
    const line = `Reembolso de ${provider.label} por ${formatUsd(cents)} (${refund.refundId})${asked.note ? `: ${asked.note}` : '.'}`;
    await orders.insertHistory(tx, { orderId: row.id, fromStep: row.step, toStep: row.step, userId: asked.userId, note: line });
    await bookOnSale(tx, row, asked, fromCents(cents), refund.refundId);
    if (asked.anular) await cancelWithRefund(ctx, tx, afterCommit, row, asked.userId, asked.note || line);
  });
}

/** The refund is money out of the order's sale (its books: docs/dominio.md §Reembolsos), once per refund. */
async function bookOnSale(tx: Db, row: orders.OrderRow, asked: repo.ReembolsoRow, amount: string, refundId: string | null) {
  await reembolsoDeOrden(tx, {
    orderId: row.id,
    method: row.paymentMethod,
    currency: asked.currency === 'VES' ? 'VES' : 'USD',
    amount,
    // Without the provider's id (staff confirmed it by hand without one), our own request is the reference.
    reference: refundId ?? `solicitud-${asked.id}`,
    note: asked.note,
    userId: asked.userId,
  });
}

/**
 * Cancels the order as staff asked with the refund. One that moved on while the provider answered
 * (another staff cancelled or delivered it) stays as it is: the refund stays recorded and the history
 * says why the order was not cancelled with it.
 */
async function cancelWithRefund(
  ctx: PaymentContext,
  tx: Db,
  afterCommit: AfterCommit,
  row: orders.OrderRow,
  userId: number | null,
  note: string,
) {
  const cancel = nextStepFor('anular', row.step as OrderStep);
  if (!cancel.ok) {
    const why = `La orden no se anuló con el reembolso: ${cancel.motivo}`;
    await orders.insertHistory(tx, { orderId: row.id, fromStep: row.step, toStep: row.step, userId, note: why });
    return;
  }
  await cambiarPasoBloqueada(ctx, tx, afterCommit, row, 'anular', userId === null ? null : { id: userId }, { note });
}

/**
 * Staff close a refund «por revisar» once they looked at the provider's own panel: made (with the
 * provider's refund id when they have it; the order is cancelled if that was asked with it) or not
 * made (it stops being reserved). Who and what they said go to the order's history.
 */
export async function resolverRevision(
  ctx: PaymentContext,
  code: string,
  input: { refund: number; made: boolean; providerRefundId?: string; note: string },
  user: SessionUser,
) {
  const providerRefundId = input.made ? input.providerRefundId || null : null;
  const taken = new DatoInvalido('Ese id de reembolso ya está anotado en otro reembolso.', {
    providerRefundId: ['Ese id de reembolso ya está anotado en otro reembolso.'],
  });
  try {
    await transactionWithEffects(ctx.db, ctx.log, async (tx: Db, afterCommit: AfterCommit) => {
      const row = await orders.lockByCode(tx, code);
      if (!row) throw new NoEncontrado('La orden de compra no existe.');
      const found = await repo.findRefundOfOrder(tx, input.refund, row.id);
      if (!found) throw new ReglaNegocio('Ese reembolso no es de esta orden.');
      // Two staff closing the same one: the second waited on the order's lock and finds it closed.
      if (found.refund.status !== 'revisar') throw new Conflicto('Otro usuario ya cerró este reembolso; recargue la orden.');
      if (providerRefundId && (await repo.refundIdTaken(tx, providerRefundId))) throw taken;
      const { refund: asked } = found;
      // The provider may no longer be configured: its refund is still closed by name.
      const label = providerNamed(ctx, found.provider)?.label ?? PROVIDER_LABELS[found.provider] ?? found.provider;
      const amount = formatUsd(toCents(asked.amount));
      const said = input.note ? `: ${input.note}` : '.';
      if (input.made) {
        await repo.finishRefund(tx, asked.id, { refundId: providerRefundId, amount: asked.amount }, 'revisar');
        await bookOnSale(tx, row, asked, asked.amount, providerRefundId);
        const line = `Reembolso de ${label} por ${amount}${providerRefundId ? ` (${providerRefundId})` : ''} confirmado por el personal en ${label}${said}`;
        await orders.insertHistory(tx, { orderId: row.id, fromStep: row.step, toStep: row.step, userId: user.id, note: line });
        if (asked.anular) await cancelWithRefund(ctx, tx, afterCommit, row, user.id, asked.note || line);
      } else {
        await repo.deleteRefundRequest(tx, asked.id, 'revisar');
        const line = `El reembolso de ${amount} por revisar no se hizo en ${label}, según el personal${said}`;
        await orders.insertHistory(tx, { orderId: row.id, fromStep: row.step, toStep: row.step, userId: user.id, note: line });
      }
    });
  } catch (error) {
    // The same id typed at once on another order's refund (another order's lock).
    if (isUniqueViolation(error, 'pagos_en_linea_reembolso_id')) throw taken;
    throw error;
  }
  const after = await orders.findByCode(ctx.db, code);
  const pago = after ? await repo.findCaptured(ctx.db, after.id) : undefined;
  const refunded = pago ? await repo.refundedOf(ctx.db, pago.id) : { done: 0, requested: 0, review: 0 };
  const captured = pago?.capturedAmount ? toCents(pago.capturedAmount) : 0;
  return {
    step: after?.step ?? '',
    refunded: fromCents(refunded.done),
    remaining: fromCents(leftOf(captured, refunded)),
  };
}

/**
 * The periodic reconciliation of refunds: each one asked a few minutes ago and never answered (the
 * provider did not answer, or our process died waiting) is asked again with its own key, which the
 * provider answers with the refund it made, or makes it now. One the provider refuses now, or one
 * too old for its key, goes to staff: it may have been refunded with an answer we never read.
 * Returns the refunds finished.
 */
export async function conciliarReembolsos(ctx: PaymentContext, provider: PaymentProvider, now = new Date()): Promise<number> {
  const pending = await repo.refundsAskedBefore(ctx.db, provider.name, new Date(now.getTime() - RECONCILE_AFTER_MS), RECONCILE_BATCH);
  let finished = 0;
  for (const { refund: asked, pago, code } of pending) {
    if (!pago.captureId) continue;
    if (now.getTime() - asked.createdAt.getTime() > REVIEW_AFTER_MS) {
      await toReview(ctx, provider, asked, code, 'pasaron más de 12 horas sin respuesta');
      continue;
    }
    try {
      const refund = await provider.refund(pago.captureId, asked.providerKey, { value: asked.amount, currency: asked.currency });
      await terminar(ctx, provider, asked, code, refund);
      finished++;
    } catch (error) {
      if (error instanceof ProveedorNoDisponible && REFUSED.has(error.providerStatus)) {
        await toReview(ctx, provider, asked, code, error.message);
        continue;
      }
      ctx.log?.(`conciliación: el reembolso ${asked.requestId} de ${provider.label} queda para la próxima vuelta`, error);
    }
  }
  return finished;
}

/** A refund the reconciliation cannot settle: staff check it at the provider; it stays reserved. */
async function toReview(ctx: PaymentContext, provider: PaymentProvider, asked: repo.ReembolsoRow, code: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await orders.lockByCode(tx, code);
    if (!row || !(await repo.markRefundForReview(tx, asked.id))) return;
    const amount = formatUsd(toCents(asked.amount));
    const note = `El reembolso de ${amount} pedido a ${provider.label} no se pudo confirmar (${reason}); revíselo en ${provider.label}.`;
    await orders.insertHistory(tx, { orderId: row.id, fromStep: row.step, toStep: row.step, userId: null, note });
  });
}

/** The home's card: refunds «por revisar» and since when the oldest waits. */
export function reembolsosPorRevisar(db: Db) {
  return repo.pendientesRevisar(db);
}

/** The orders those refunds belong to (the staff's order list filters by them). */
export function ordenesConReembolsoPorRevisar(db: Db) {
  return repo.ordenesConReembolsoPorRevisar(db);
}
