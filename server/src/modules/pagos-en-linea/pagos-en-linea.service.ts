// Orders paid online (docs/decisions/0035, PayPal; 0036, the card): the server asks the provider for the order's total as
// it computed it, captures after the buyer approves, and in the transaction that records the
// payment moves the order to «pago confirmado» through the staff's own confirmation step. The
// return URL and the webhook may both arrive, repeated or at once: the order's row lock, then the
// payment's, and the unique capture make one payment.

import type { OnlineMethod } from '#domain/contracts/orden-compra.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { formatUsd, toCents } from '#domain/money.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { isStaff } from '#domain/roles.ts';
import { PAYMENT_METHODS } from '#domain/store-constants.ts';
import { type AfterCommit, transactionWithEffects } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import { DatoInvalido, NoAutorizado, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { onlineReturnSignature, orderLink, validToken } from '#server/modules/orden-compra/orden-compra.avisos.ts';
import type { OrderContext } from '#server/modules/orden-compra/orden-compra.context.ts';
import { cambiarPasoBloqueada } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import * as orders from '#server/modules/orden-compra/orden-compra.repo.ts';
import * as repo from './pagos-en-linea.repo.ts';
import type { AvisoRecibido, Captura, Monto, PaymentProvider } from './proveedor.ts';

/** The order use cases' context with the configured providers by the method they charge. */
export type PaymentContext = OrderContext & { providers?: Partial<Record<OnlineMethod, PaymentProvider>> };

/** An order's online payments with their refunds, for the staff's view of the order. */
export function pagosDeLaOrden(db: Db, orderId: number) {
  return repo.onlinePaymentsOf(db, orderId);
}

const CURRENCY = 'USD';
const NOT_FOUND = 'No encontramos una orden con ese código y esos datos.';
export const PAYPAL_OFF = 'El pago en línea con PayPal no está disponible en esta tienda; reporte su pago con la referencia.';
export const CARD_OFF = 'El pago con tarjeta no está disponible en esta tienda; elija otro método de pago.';

/** What the buyer is told back from the provider (`?pago=`): `anulado`, the order no longer awaited this payment and nothing was charged. */
export type Resultado = 'confirmado' | 'rechazado' | 'pendiente' | 'retenido' | 'cancelado' | 'anulado';

function provided(provider: PaymentProvider | null | undefined, method: OnlineMethod): PaymentProvider {
  if (!provider) throw new NoEncontrado(method === 'tarjeta' ? CARD_OFF : PAYPAL_OFF);
  return provider;
}

/**
 * The buyer (the order's link, its account, or staff) starts paying a pending order online: the
 * provider's order is created once for the order's total (a double click gets the same one back).
 */
export async function iniciar(
  ctx: PaymentContext,
  method: OnlineMethod,
  code: string,
  proof: { user: SessionUser | null; token?: string },
) {
  const provider = provided(ctx.providers?.[method], method);
  const order = await orders.findByCode(ctx.db, code);
  const mayAct =
    order &&
    ((proof.user && (proof.user.id === order.userId || isStaff(proof.user.roles))) || validToken(ctx.secret, order.code, proof.token));
  if (!order || !mayAct) throw new NoEncontrado(NOT_FOUND);
  if (order.paymentMethod !== method) throw new ReglaNegocio(`Esta orden no se paga con ${PAYMENT_METHODS[method].label}.`);
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
  // One open payment per order, for its current total: one asked before the total changed (another
  // method reported and rejected, say) is closed and released, never captured.
  if (open && open.provider === provider.name && toCents(open.amount) === toCents(order.total)) return answer(open);
  if (open) await mayCapture(ctx, providerNamed(ctx, open.provider), open.id, order.code);
  const attempt = (await repo.countForOrder(ctx.db, order.id)) + 1;
  const amount: Monto = { value: order.total, currency: CURRENCY };
  const created = await provider.createOrder({
    amount,
    reference: order.code,
    returnUrl: `${ctx.publicUrl}/api/pagos/${method}/retorno?firma=${onlineReturnSignature(ctx.secret, order.code)}`,
    cancelUrl: `${orderLink(ctx, order.code)}&pago=cancelado`,
    // The same attempt asked twice is the same order at the provider too; the order's creation time
    // keeps the key apart from another database's order with the same code (providers keep keys per account).
    requestId: `vitrina-${order.code}-${order.createdAt.getTime()}-${attempt}`,
    expiresAt: order.expiresAt,
  });
  const saved = await repo.insertOpen(ctx.db, {
    orderId: order.id,
    provider: provider.name,
    providerOrderId: created.providerOrderId,
    amount: amount.value,
    currency: amount.currency,
    approvalUrl: created.approvalUrl,
  });
  if (saved) return answer(saved);
  const winner = await repo.findOpen(ctx.db, order.id);
  if (!winner) throw new ReglaNegocio(`No se pudo iniciar el pago con ${PAYMENT_METHODS[method].label}. Intente de nuevo.`);
  return answer(winner);
}

/** The configured provider that made a payment, by the name stored with it. */
export function providerNamed(ctx: PaymentContext, name: string): PaymentProvider | null {
  return Object.values(ctx.providers ?? {}).find((p) => p.name === name) ?? null;
}

/**
 * Whether an approved payment may be captured now: its order still pending, still paid with this
 * provider's method, for the amount this payment asked. Otherwise (cancelled or expired while the
 * buyer paid, the method or the total changed since) the payment is closed as 'anulado' and its
 * approval released (PayPal's lapses alone; a card's authorization is cancelled). The check and the
 * write run under the order's lock, then the payment's, and only touch a payment still 'creado', so
 * a capture that the return, the webhook or the reconciliation committed meanwhile is never
 * relabelled. 'hecho': another path settled the payment first. (Cancelled between this check and the
 * capture, the capture is held for staff by aplicarCaptura.)
 */
async function mayCapture(ctx: PaymentContext, provider: PaymentProvider | null, pagoId: number, code: string) {
  const verdict = await ctx.db.transaction(async (tx) => {
    const order = await orders.lockByCode(tx, code);
    const pago = await repo.lockPago(tx, pagoId);
    if (pago?.status !== 'creado') return { kind: 'hecho' as const };
    const reason = !order
      ? 'la orden ya no existe'
      : order.step !== 'pendiente'
        ? `la orden ya no esperaba su pago («${ORDER_STEP_LABELS[order.step as OrderStep]}»)`
        : order.paymentMethod !== provider?.method
          ? `la orden cambió su método de pago a ${PAYMENT_METHODS[order.paymentMethod as keyof typeof PAYMENT_METHODS]?.label ?? order.paymentMethod}`
          : toCents(order.total) !== toCents(pago.amount)
            ? `el total de la orden cambió a ${formatUsd(toCents(order.total))}; este pago era por ${formatUsd(toCents(pago.amount))}`
            : null;
    if (!reason) return { kind: 'si' as const };
    await repo.updatePago(tx, pago.id, { status: 'anulado', note: `${reason}: no se cobró.` });
    return { kind: 'anulado' as const, providerOrderId: pago.providerOrderId };
  });
  if (verdict.kind === 'anulado' && provider) await releaseQuietly(ctx, provider, verdict.providerOrderId);
  return verdict.kind;
}

async function releaseQuietly(ctx: PaymentContext, provider: PaymentProvider, providerOrderId: string) {
  try {
    await provider.release(providerOrderId);
  } catch (error) {
    // Not charged either way: an authorization nobody captures expires at the provider.
    ctx.log?.(`no se pudo liberar la autorización ${providerOrderId}`, error);
  }
}

const SETTLED: Partial<Record<string, Resultado>> = { capturado: 'confirmado', retenido: 'retenido', anulado: 'anulado' };

/** The code of our order paid by that provider's order, or null. */
export async function codigoDeLaOrden(ctx: PaymentContext, method: OnlineMethod, providerOrderId: string): Promise<string | null> {
  const provider = ctx.providers?.[method];
  return provider ? ((await repo.findByProviderOrder(ctx.db, provider.name, providerOrderId))?.code ?? null) : null;
}

/** The provider sent the buyer back: capture (once) and apply it. */
export async function retorno(ctx: PaymentContext, method: OnlineMethod, providerOrderId: string) {
  const provider = provided(ctx.providers?.[method], method);
  const found = await repo.findByProviderOrder(ctx.db, provider.name, providerOrderId);
  if (!found) throw new NoEncontrado(`No encontramos ese pago con ${PAYMENT_METHODS[method].label}.`);
  const already = SETTLED[found.pago.status];
  // The buyer authorized a payment already closed (its release may have met the page still open): let it go again.
  if (found.pago.status === 'anulado') await releaseQuietly(ctx, provider, found.pago.providerOrderId);
  if (already) return { code: found.code, resultado: already };
  const may = await mayCapture(ctx, provider, found.pago.id, found.code);
  if (may === 'anulado') return { code: found.code, resultado: 'anulado' as const };
  if (may === 'hecho') {
    const now = await repo.findByProviderOrder(ctx.db, provider.name, providerOrderId);
    return { code: found.code, resultado: SETTLED[now?.pago.status ?? ''] ?? ('rechazado' as const) };
  }
  const captura = await provider.capture(providerOrderId, `captura-${providerOrderId}`);
  const resultado = await transactionWithEffects(ctx.db, ctx.log, (tx, afterCommit) =>
    aplicarCaptura(ctx, provider, tx, afterCommit, found.pago.id, found.code, captura),
  );
  return { code: found.code, resultado };
}

export const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

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
  ctx: PaymentContext,
  provider: PaymentProvider,
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
      note: `Pago de ${provider.label} retenido para revisión (captura ${captura.captureId}): ${reason}`,
    });
    return 'retenido' as const;
  };
  if (!sameAmount(captura.amount, pago.amount, pago.currency) || toCents(pago.amount) !== toCents(order.total)) {
    return hold(
      `${provider.label} capturó ${shownAmount(captura.amount)} y la orden es de ${shownAmount({ value: order.total, currency: pago.currency })}.`,
    );
  }
  if (order.step !== 'pendiente') return hold(`el pago llegó con la orden en «${ORDER_STEP_LABELS[order.step as OrderStep]}».`);

  const now = new Date();
  const [payment] = await orders.insertPayment(tx, {
    orderId: order.id,
    method: provider.method,
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
    note: `Pago capturado por ${provider.label} (captura ${captura.captureId}).`,
    at: now,
  });
  const reported = await orders.lockByCode(tx, code);
  if (!reported) throw new Error(`la orden ${code} desapareció`);
  await cambiarPasoBloqueada(ctx, tx, afterCommit, reported, 'confirmar-pago', null, { note: `Confirmado por ${provider.label}.` });
  await repo.updatePago(tx, pago.id, { status: 'capturado', ...captured, paymentId: payment.id, note: '' });
  return 'confirmado';
}

/**
 * A webhook delivery: verified first (a bad signature changes nothing), then recorded by its event
 * id in the transaction that acts on it, so a repeated or concurrent delivery of the same event does
 * nothing and a failed one is retried by the provider. An approval (the card's completed page) is
 * captured first, outside the transaction, as the return would.
 */
export async function webhook(ctx: PaymentContext, method: OnlineMethod, aviso: AvisoRecibido) {
  const provider = provided(ctx.providers?.[method], method);
  if (!(await provider.verifyWebhook(aviso))) throw new NoAutorizado(`La firma del aviso de ${provider.label} no es válida.`);
  const evento = provider.readEvent(aviso.event);
  if (!evento) throw new DatoInvalido(`El aviso no es un evento de ${provider.label}.`, { id: ['Falta el id o el tipo del evento'] });
  const found = evento.providerOrderId ? await repo.findByProviderOrder(ctx.db, provider.name, evento.providerOrderId) : undefined;
  let captura = evento.accion.kind === 'captura' ? evento.accion.captura : null;
  if (evento.accion.kind === 'aprobada' && found?.pago.status === 'anulado')
    await releaseQuietly(ctx, provider, found.pago.providerOrderId);
  if (evento.accion.kind === 'aprobada' && found?.pago.status === 'creado' && !(await repo.eventSeen(ctx.db, provider.name, evento.id))) {
    if ((await mayCapture(ctx, provider, found.pago.id, found.code)) === 'si') {
      captura = await provider.capture(found.pago.providerOrderId, `captura-${found.pago.providerOrderId}`);
    }
  }
  return transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit) => {
    const fresh = await repo.recordEvent(tx, {
      provider: provider.name,
      eventId: evento.id,
      eventType: evento.type,
      resourceId: evento.resourceId,
    });
    if (!fresh) return { duplicado: true, resultado: 'repetido' };
    if (evento.accion.kind === 'ninguna') return { duplicado: false, resultado: 'ignorado' };
    if (!found) return { duplicado: false, resultado: 'desconocido' };
    if (!captura) return { duplicado: false, resultado: 'sin-cambios' };
    return { duplicado: false, resultado: await aplicarCaptura(ctx, provider, tx, afterCommit, found.pago.id, found.code, captura) };
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
export async function conciliar(ctx: PaymentContext, provider: PaymentProvider, now = new Date()): Promise<number> {
  const open = await repo.findOpenBefore(ctx.db, provider.name, new Date(now.getTime() - RECONCILE_AFTER_MS), RECONCILE_BATCH);
  let confirmed = 0;
  for (const { pago, code } of open) {
    // One payment the provider cannot answer for must not stop the others.
    try {
      const state = await provider.lookup(pago.providerOrderId);
      if (state.status === 'abierta' || state.status === 'aprobada') {
        // Still at the provider: closed (and released) once its order stops waiting for it; else
        // sent to the back of the queue, so open payments never starve the rest of the batch.
        if ((await mayCapture(ctx, provider, pago.id, code)) !== 'si') continue;
        if (state.status === 'abierta') {
          await repo.updatePago(ctx.db, pago.id, {});
          continue;
        }
      }
      const captura = state.status === 'aprobada' ? await provider.capture(pago.providerOrderId, `captura-${pago.providerOrderId}`) : state;
      const resultado = await transactionWithEffects(ctx.db, ctx.log, (tx, afterCommit) =>
        aplicarCaptura(ctx, provider, tx, afterCommit, pago.id, code, captura),
      );
      if (resultado === 'confirmado') confirmed++;
    } catch (error) {
      ctx.log?.(`conciliación: el pago ${pago.providerOrderId} de ${provider.label} queda para la próxima vuelta`, error);
      await repo.updatePago(ctx.db, pago.id, {});
    }
  }
  return confirmed;
}
