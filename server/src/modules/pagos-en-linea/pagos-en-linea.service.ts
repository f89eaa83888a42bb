// Orders paid online (docs/decisions/0035): the server asks the provider for the order's total as
// it computed it, captures after the buyer approves, and in the transaction that records the
// payment moves the order to «pago confirmado» through the staff's own confirmation step. The
// return URL and the webhook may both arrive, repeated or at once: the order's row lock, then the
// payment's, and the unique capture make one payment.

import { caracasIsoDate } from '#domain/dates.ts';
import { formatUsd, fromCents, toCents } from '#domain/money.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { isStaff } from '#domain/roles.ts';
import { type AfterCommit, transactionWithEffects } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import { DatoInvalido, NoAutorizado, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { orderLink, paypalReturnSignature, validToken } from '#server/modules/orden-compra/orden-compra.avisos.ts';
import type { OrderContext } from '#server/modules/orden-compra/orden-compra.context.ts';
import { cambiarPasoBloqueada } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import * as orders from '#server/modules/orden-compra/orden-compra.repo.ts';
import * as repo from './pagos-en-linea.repo.ts';
import type { AvisoRecibido, Captura, Monto, PaymentProvider } from './proveedor.ts';

const PROVIDER = 'paypal';
const CURRENCY = 'USD';
const NOT_FOUND = 'No encontramos una orden con ese código y esos datos.';
export const PAYPAL_OFF = 'El pago en línea con PayPal no está disponible en esta tienda; reporte su pago con la referencia.';

export type Resultado = 'confirmado' | 'rechazado' | 'pendiente' | 'retenido' | 'cancelado';

function provided(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw new NoEncontrado(PAYPAL_OFF);
  return provider;
}

/**
 * The buyer (the order's link, its account, or staff) starts paying a pending PayPal order: the
 * provider's order is created once for the order's total (a double click gets the same one back).
 */
export async function iniciar(
  ctx: OrderContext,
  provider: PaymentProvider | null,
  code: string,
  proof: { user: SessionUser | null; token?: string },
) {
  const paypal = provided(provider);
  const order = await orders.findByCode(ctx.db, code);
  const mayAct =
    order &&
    ((proof.user && (proof.user.id === order.userId || isStaff(proof.user.roles))) || validToken(ctx.secret, order.code, proof.token));
  if (!order || !mayAct) throw new NoEncontrado(NOT_FOUND);
  if (order.paymentMethod !== 'paypal') throw new ReglaNegocio('Esta orden no se paga con PayPal.');
  if (order.step !== 'pendiente') {
    throw new ReglaNegocio(`Esta orden ya no espera su pago: está «${ORDER_STEP_LABELS[order.step as OrderStep]}».`);
  }
  const answer = (row: repo.PagoEnLineaRow) => ({
    approvalUrl: row.approvalUrl,
    providerOrderId: row.providerOrderId,
    amount: row.amount,
    currency: row.currency,
  });
  const open = await repo.findOpen(ctx.db, order.id);
  if (open) return answer(open);
  const attempt = (await repo.countForOrder(ctx.db, order.id)) + 1;
  const amount: Monto = { value: order.total, currency: CURRENCY };
  const created = await paypal.createOrder({
    amount,
    reference: order.code,
    returnUrl: `${ctx.publicUrl}/api/pagos/paypal/retorno?firma=${paypalReturnSignature(ctx.secret, order.code)}`,
    cancelUrl: `${orderLink(ctx, order.code)}&pago=cancelado`,
    // The same attempt asked twice is the same order at PayPal too.
    requestId: `vitrina-${order.code}-${attempt}`,
  });
  const saved = await repo.insertOpen(ctx.db, {
    orderId: order.id,
    provider: PROVIDER,
    providerOrderId: created.providerOrderId,
    amount: amount.value,
    currency: amount.currency,
    approvalUrl: created.approvalUrl,
  });
  if (saved) return answer(saved);
  const winner = await repo.findOpen(ctx.db, order.id);
  if (!winner) throw new ReglaNegocio('No se pudo iniciar el pago con PayPal. Intente de nuevo.');
  return answer(winner);
}

/**
 * An approved payment is captured only while its order still awaits it. An order cancelled by staff
 * or expired while the buyer was at PayPal is not charged: its open payment is closed as 'anulado'
 * and the approval lapses at PayPal uncaptured. (Cancelled between this check and the capture, the
 * capture is held for staff by aplicarCaptura.)
 */
async function orderStillAwaits(ctx: OrderContext, pagoId: number, code: string): Promise<boolean> {
  const order = await orders.findByCode(ctx.db, code);
  if (order?.step === 'pendiente') return true;
  const step = order ? ORDER_STEP_LABELS[order.step as OrderStep] : 'sin orden';
  await repo.updatePago(ctx.db, pagoId, { status: 'anulado', note: `la orden ya no esperaba su pago («${step}»): no se cobró.` });
  return false;
}

/** The code of our order paid by that provider's order, or null. */
export async function codigoDeLaOrden(ctx: OrderContext, providerOrderId: string): Promise<string | null> {
  return (await repo.findByProviderOrder(ctx.db, PROVIDER, providerOrderId))?.code ?? null;
}

/** PayPal sent the buyer back: capture (once) and apply it. */
export async function retorno(ctx: OrderContext, provider: PaymentProvider | null, providerOrderId: string) {
  const paypal = provided(provider);
  const found = await repo.findByProviderOrder(ctx.db, PROVIDER, providerOrderId);
  if (!found) throw new NoEncontrado('No encontramos ese pago de PayPal.');
  const done: Partial<Record<string, Resultado>> = { capturado: 'confirmado', retenido: 'retenido', anulado: 'cancelado' };
  const already = done[found.pago.status];
  if (already) return { code: found.code, resultado: already };
  if (!(await orderStillAwaits(ctx, found.pago.id, found.code))) return { code: found.code, resultado: 'cancelado' as const };
  const captura = await paypal.capture(providerOrderId, `captura-${providerOrderId}`);
  const resultado = await transactionWithEffects(ctx.db, ctx.log, (tx, afterCommit) =>
    aplicarCaptura(ctx, tx, afterCommit, found.pago.id, found.code, captura),
  );
  return { code: found.code, resultado };
}

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** An amount as staff read it in the order's history: `$ 1.234,56`, or the figure and its currency. */
function shownAmount(m: Monto): string {
  return m.currency === 'USD' && AMOUNT.test(m.value) ? formatUsd(toCents(m.value)) : `${m.value} ${m.currency}`;
}

function sameAmount(a: Monto, value: string, currency: string): boolean {
  return a.currency === currency && AMOUNT.test(a.value) && toCents(a.value) === toCents(value);
}

/**
 * Applies a capture to its order in `tx`: the order's lock, then the payment's. A completed capture
 * of the order's amount, on an order still pending, is recorded as its payment and confirmed;
 * another amount or currency, or an order no longer waiting, is held for staff with the reason.
 */
async function aplicarCaptura(
  ctx: OrderContext,
  tx: Db,
  afterCommit: AfterCommit,
  pagoId: number,
  code: string,
  captura: Captura,
): Promise<Resultado> {
  const order = await orders.lockByCode(tx, code);
  const pago = await repo.lockPago(tx, pagoId);
  if (!order || !pago) throw new Error(`pago en línea ${pagoId} sin su orden ${code}`);
  if (pago.status === 'capturado') return 'confirmado';
  if (pago.status === 'retenido') return 'retenido';
  if (captura.status === 'rechazada') {
    await repo.updatePago(tx, pago.id, { status: 'rechazado', note: captura.motivo });
    return 'rechazado';
  }
  if (captura.status === 'pendiente') {
    await repo.updatePago(tx, pago.id, { note: captura.motivo });
    return 'pendiente';
  }
  const captured = {
    captureId: captura.captureId,
    capturedAmount: AMOUNT.test(captura.amount.value) ? captura.amount.value : null,
    capturedCurrency: captura.amount.currency.slice(0, 3),
    payerEmail: captura.payerEmail,
  };
  const hold = async (reason: string) => {
    await repo.updatePago(tx, pago.id, { status: 'retenido', ...captured, note: reason });
    await orders.insertHistory(tx, {
      orderId: order.id,
      fromStep: order.step,
      toStep: order.step,
      userId: null,
      note: `Pago de PayPal retenido para revisión (captura ${captura.captureId}): ${reason}`,
    });
    return 'retenido' as const;
  };
  if (!sameAmount(captura.amount, pago.amount, pago.currency) || toCents(pago.amount) !== toCents(order.total)) {
    return hold(
      `PayPal capturó ${shownAmount(captura.amount)} y la orden es de ${shownAmount({ value: order.total, currency: pago.currency })}.`,
    );
  }
  if (order.step !== 'pendiente') return hold(`el pago llegó con la orden en «${ORDER_STEP_LABELS[order.step as OrderStep]}».`);

  const now = new Date();
  const [payment] = await orders.insertPayment(tx, {
    orderId: order.id,
    method: 'paypal',
    reference: captura.captureId,
    bankCode: '',
    amount: captura.amount.value,
    paidOn: caracasIsoDate(now),
  });
  // The payment as if reported, then the staff's confirmation step itself (sale, mail, history).
  await orders.updateOrder(tx, order.id, { step: 'pago-por-confirmar', expiresAt: null, updatedAt: now });
  await orders.insertHistory(tx, {
    orderId: order.id,
    fromStep: order.step,
    toStep: 'pago-por-confirmar',
    userId: null,
    note: `Pago capturado por PayPal (captura ${captura.captureId}).`,
    at: now,
  });
  const reported = await orders.lockByCode(tx, code);
  if (!reported) throw new Error(`la orden ${code} desapareció`);
  await cambiarPasoBloqueada(ctx, tx, afterCommit, reported, 'confirmar-pago', null, { note: 'Confirmado por PayPal.' });
  await repo.updatePago(tx, pago.id, { status: 'capturado', ...captured, paymentId: payment.id, note: '' });
  return 'confirmado';
}

type Evento = { id: string; eventType: string; resource: Record<string, unknown> };

function eventoOf(event: Record<string, unknown>): Evento {
  const { id, event_type: eventType, resource } = event;
  const valid = typeof id === 'string' && id.length > 0 && id.length <= 100 && typeof eventType === 'string' && eventType.length <= 100;
  if (!valid) throw new DatoInvalido('El aviso no es un evento de PayPal.', { id: ['Falta el id o el tipo del evento'] });
  return { id, eventType, resource: resource && typeof resource === 'object' ? (resource as Record<string, unknown>) : {} };
}

function relatedOrderId(resource: Record<string, unknown>): string | null {
  const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids;
  return typeof related?.order_id === 'string' ? related.order_id : null;
}

/**
 * A webhook delivery: verified with the provider first (a bad signature changes nothing), then
 * recorded by its event id in the transaction that acts on it, so a repeated or concurrent
 * delivery of the same event does nothing and a failed one is retried by PayPal.
 */
export async function webhook(ctx: OrderContext, provider: PaymentProvider | null, aviso: AvisoRecibido) {
  const paypal = provided(provider);
  const evento = eventoOf(aviso.event);
  if (!(await paypal.verifyWebhook(aviso))) throw new NoAutorizado('La firma del aviso de PayPal no es válida.');
  return transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit) => {
    const resourceId = typeof evento.resource.id === 'string' ? evento.resource.id.slice(0, 100) : null;
    const fresh = await repo.recordEvent(tx, { provider: PROVIDER, eventId: evento.id, eventType: evento.eventType, resourceId });
    if (!fresh) return { duplicado: true, resultado: 'repetido' };
    if (evento.eventType !== 'PAYMENT.CAPTURE.COMPLETED') return { duplicado: false, resultado: 'ignorado' };
    const providerOrderId = relatedOrderId(evento.resource);
    const found = providerOrderId ? await repo.findByProviderOrder(tx, PROVIDER, providerOrderId) : undefined;
    const amount = evento.resource.amount as { value?: unknown; currency_code?: unknown } | undefined;
    if (!found || !resourceId || typeof amount?.value !== 'string' || typeof amount.currency_code !== 'string') {
      return { duplicado: false, resultado: 'desconocido' };
    }
    const captura: Captura = {
      status: 'completada',
      captureId: resourceId,
      amount: { value: amount.value, currency: amount.currency_code },
      payerEmail: null,
    };
    return { duplicado: false, resultado: await aplicarCaptura(ctx, tx, afterCommit, found.pago.id, found.code, captura) };
  });
}

/** A payment started this long ago and still open is asked for at the provider. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
const RECONCILE_BATCH = 50;

/**
 * The periodic reconciliation (the job queue's periodic task, before unpaid orders expire): each
 * payment still open after a few minutes is looked up at the provider. Captured there (a crash
 * between the capture and our commit, a lost webhook) it is applied; approved and never captured
 * (the buyer closed the tab before the return) it is captured now. Returns the orders confirmed.
 */
export async function conciliar(ctx: OrderContext, provider: PaymentProvider | null, now = new Date()): Promise<number> {
  if (!provider) return 0;
  const open = await repo.findOpenBefore(ctx.db, new Date(now.getTime() - RECONCILE_AFTER_MS), RECONCILE_BATCH);
  let confirmed = 0;
  for (const { pago, code } of open) {
    const state = await provider.lookup(pago.providerOrderId);
    if (state.status === 'abierta') continue;
    if (state.status === 'aprobada' && !(await orderStillAwaits(ctx, pago.id, code))) continue;
    const captura = state.status === 'aprobada' ? await provider.capture(pago.providerOrderId, `captura-${pago.providerOrderId}`) : state;
    const resultado = await transactionWithEffects(ctx.db, ctx.log, (tx, afterCommit) =>
      aplicarCaptura(ctx, tx, afterCommit, pago.id, code, captura),
    );
    if (resultado === 'confirmado') confirmed++;
  }
  return confirmed;
}

/**
 * Staff refund an order's captured PayPal payment, whole or in part, up to what is left of it. The
 * refund is asked of PayPal first (its request id counts the refunds, so a double click is one
 * refund), then recorded with who and when in the order's history; with `anular` the order is
 * cancelled as staff cancel it (its units go back to stock, its sale is voided).
 */
export async function reembolsar(
  ctx: OrderContext,
  provider: PaymentProvider | null,
  code: string,
  input: { amount?: string; note: string; anular: boolean },
  user: SessionUser,
) {
  const paypal = provided(provider);
  const order = await orders.findByCode(ctx.db, code);
  if (!order) throw new NoEncontrado('La orden de compra no existe.');
  const pago = await repo.findCaptured(ctx.db, order.id);
  if (!pago?.captureId || !pago.capturedAmount) throw new ReglaNegocio('Esta orden no tiene un pago de PayPal capturado que reembolsar.');
  const refunded = await repo.refundedOf(ctx.db, pago.id);
  const remaining = toCents(pago.capturedAmount) - refunded.cents;
  const cents = input.amount === undefined ? remaining : toCents(input.amount);
  if (remaining <= 0) throw new ReglaNegocio('Este pago ya se reembolsó completo.');
  if (cents <= 0 || cents > remaining) {
    const message = `El reembolso debe ser mayor que cero y de hasta ${formatUsd(remaining)}, lo que queda del pago.`;
    throw new DatoInvalido(message, { amount: [message] });
  }
  const currency = pago.capturedCurrency ?? pago.currency;
  const refund = await paypal.refund(pago.captureId, `reembolso-${pago.id}-${refunded.count + 1}`, { value: fromCents(cents), currency });
  await transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit) => {
    const row = await orders.lockByCode(tx, code);
    if (!row) throw new Error(`la orden ${code} desapareció`);
    await repo.insertRefund(tx, {
      pagoId: pago.id,
      refundId: refund.refundId,
      amount: fromCents(cents),
      currency,
      userId: user.id,
      note: input.note,
    });
    const line = `Reembolso de PayPal por ${formatUsd(cents)} (${refund.refundId})${input.note ? `: ${input.note}` : '.'}`;
    await orders.insertHistory(tx, { orderId: row.id, fromStep: row.step, toStep: row.step, userId: user.id, note: line });
    if (input.anular) await cambiarPasoBloqueada(ctx, tx, afterCommit, row, 'anular', user, { note: input.note || line });
  });
  const after = await orders.findByCode(ctx.db, code);
  return {
    refundId: refund.refundId,
    amount: fromCents(cents),
    currency,
    refunded: fromCents(refunded.cents + cents),
    remaining: fromCents(remaining - cents),
    step: after?.step ?? order.step,
  };
}
