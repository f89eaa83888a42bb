import { expectedPayment, igtfOfOrder, paymentAmountDiffers } from '#domain/checkout.ts';
import { COUNT_LIMIT, cappedMeta } from '#domain/conteo-acotado.ts';
import type { OrdenDetalle } from '#domain/contracts/orden-compra.ts';
import { fromCents } from '#domain/money.ts';
import { nextStepFor, ORDER_STEP_LABELS, ORDER_STEPS, type OrderAction, type OrderStep } from '#domain/order-steps.ts';
import { offsetOf } from '#domain/paginator.ts';
import {
  deudaDeOrden,
  enAmbasMonedas,
  type Liquidacion,
  liquidacionTexto,
  liquidarOrden,
  netoRecibido,
  receivedCentsOf,
  saldoDeOrden,
  type VueltoDePago,
  vueltoDelUltimoPago,
  vueltoTexto,
} from '#domain/pago-orden.ts';
import { isStaff } from '#domain/roles.ts';
import { PAYMENT_METHODS, type PaymentMethodId } from '#domain/store-constants.ts';
import { type AfterCommit, transactionWithEffects } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { resumenUsuario, toleranciaCastigo } from '#server/modules/config/config.service.ts';
import { releaseCouponUse } from '#server/modules/descuento/descuento.service.ts';
import { consumeOrderHolds, releaseOrderHolds } from '#server/modules/inventario/inventario.service.ts';
import { anularVentaDeOrden } from '#server/modules/ventas/ventas.anular.service.ts';
import { referenciaEnUso } from '#server/modules/ventas/ventas.referencias.repo.ts';
import { anticiposDeOrden, ventaDeOrdenPagada } from '#server/modules/ventas/ventas.venta.orden.service.ts';
import { ordenParaVenta } from './orden-compra.a-venta.ts';
import { documentOf, type OrderView, queueTrackingMail, viewAfterStep } from './orden-compra.avisos.ts';
import type { OrderContext } from './orden-compra.context.ts';
import { recordStep } from './orden-compra.pasos.ts';
import * as repo from './orden-compra.repo.ts';
import { isCreditSale } from './orden-compra.ventas-web.repo.ts';

type StaffAction = Exclude<OrderAction, 'registrar' | 'registrar-pago'>;

/** Steps of an order whose payment staff have not confirmed: unpaid, or reported and unchecked. */
const AWAITING_PAYMENT: readonly string[] = ['pendiente', 'pago-por-confirmar'];

/** Orders from before payment_due_at existed count their time from their creation. */
function originalDueAt(ctx: OrderContext, row: repo.OrderRow): Date {
  return row.paymentDueAt ?? new Date(row.createdAt.getTime() + ctx.unpaidHours * 3_600_000);
}

function stepNote(to: OrderStep, options: { rejected?: boolean; trackingNumber?: string }): string {
  if (to === 'despachada' && options.trackingNumber) return `Número de guía: ${options.trackingNumber}.`;
  if (options.rejected) return 'No pudimos confirmar su pago; repórtelo de nuevo o contáctenos.';
  return '';
}

type StepOptions = {
  rejected?: boolean;
  trackingNumber?: string;
  note?: string;
  unpaidExpiredBy?: Date;
  onlyUnpaid?: boolean;
  /** Approving a short payment: write the difference off with this reason (within the tolerance). */
  writeOff?: string;
  /** Approving a payment over what is due: give the excess back as change instead of the customer's credit. */
  vuelto?: boolean;
};

/** A staff step change: lock, check the step machine, apply, record, mail. */
export async function cambiarPaso(
  ctx: OrderContext,
  code: string,
  action: StaffAction,
  user: SessionUser | null,
  options: StepOptions = {},
): Promise<OrderView> {
  await transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit) => {
    const row = await repo.lockByCode(tx, code);
    if (!row) throw new NoEncontrado('La orden de compra no existe.');
    await cambiarPasoBloqueada(ctx, tx, afterCommit, row, action, user, options);
  });
  return viewAfterStep(ctx.db, code);
}

/**
 * The step change on an order already locked in `tx` (lockByCode): what cambiarPaso does, for a
 * caller with more to write in the same transaction (a payment captured by the provider).
 */
export async function cambiarPasoBloqueada(
  ctx: OrderContext,
  tx: Db,
  afterCommit: AfterCommit,
  row: repo.OrderRow,
  action: StaffAction,
  /** Only who it was is recorded (a refund finished by the reconciliation has no session). */
  user: Pick<SessionUser, 'id'> | null,
  options: StepOptions = {},
): Promise<void> {
  // Checked under the row lock: a payment reported since the expired orders were listed wins.
  const { unpaidExpiredBy } = options;
  if (unpaidExpiredBy && !(row.step === 'pendiente' && row.expiresAt && row.expiresAt <= unpaidExpiredBy)) {
    throw new ReglaNegocio('La orden ya no está pendiente de pago o aún no ha vencido.');
  }
  if (options.onlyUnpaid && !AWAITING_PAYMENT.includes(row.step)) {
    throw new ReglaNegocio(`La orden ${row.code} ya no está esperando su pago.`);
  }
  // Money already approved on a short payment: never dropped by a bulk cancel (docs/dominio.md §Lo que se recibe y lo que se debe).
  const received = action === 'anular' && row.step === 'pendiente' ? await recibidoSinVenta(tx, row) : 0;
  if (options.onlyUnpaid && received > 0) {
    throw new ReglaNegocio(
      `La orden ${row.code} ya tiene pagos aprobados (${enAmbasMonedas(received, row.rate)}): anúlela desde su detalle para devolver lo recibido.`,
    );
  }
  let next = nextStepFor(action, row.step as OrderStep, { rejected: options.rejected });
  if (!next.ok) throw new ReglaNegocio(next.motivo);
  const now = new Date();
  let note = options.note;
  // A number given before the dispatch travels in its mail (numeroGuia sends none then).
  let mailNote = stepNote(next.to, { ...options, trackingNumber: options.trackingNumber ?? row.trackingNumber ?? undefined });
  if (received > 0) {
    const devolver = `Dinero recibido por devolver al cliente: ${enAmbasMonedas(received, row.rate)}.`;
    note = [devolver, note].filter(Boolean).join(' · ');
    mailNote = [mailNote, devolver].filter(Boolean).join(' ');
  }
  // Only the payment awaiting review is settled: an earlier rejected one stays rejected. A payment
  // nobody confirmed is not accepted with a cancelled order, and its reference is free again.
  if (action === 'confirmar-pago') {
    await repo.settleReportedPayments(tx, row.id, options.rejected ? 'rechazado' : 'aprobado');
    if (!options.rejected) {
      // What was received against what the order asks for (domain/pago-orden.ts): a short payment
      // is booked as received and the order waits for the rest, unless staff write it off.
      const orden = await ordenParaVenta(tx, row);
      const credit = await isCreditSale(tx, row.id);
      const outcome = liquidarOrden({
        dueCents: deudaDeOrden(row),
        receivedCents: netoRecibido(orden.payments, row.rate, igtfOfOrder(row)),
        toleranceCents: await toleranciaCastigo(tx),
        writeOff: Boolean(options.writeOff),
      });
      if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
      const liquidacion = outcome.value;
      const vuelto = options.vuelto ? vueltoDeOrden(liquidacion, orden.payments, row, credit) : null;
      const texto = vuelto
        ? `Recibido ${enAmbasMonedas(liquidacion.bookedCents, row.rate)}. ${vueltoTexto(vuelto, orden.payments[vuelto.index], row.rate)}`
        : liquidacionTexto(liquidacion, row.rate);
      const motivo = options.writeOff ? ` Motivo: ${options.writeOff}` : '';
      // An exact payment needs no words; any other says what was booked, in $ and Bs.
      if (liquidacion.kind !== 'completo') {
        note = [`${texto}${motivo}`, options.note].filter(Boolean).join(' · ');
        mailNote = texto;
      }
      if (liquidacion.kind === 'falta' && !credit) {
        // Approved, but the order goes back to awaiting its payment (its first time to pay).
        const waiting = nextStepFor(action, row.step as OrderStep, { rejected: true });
        if (!waiting.ok) throw new ReglaNegocio(waiting.motivo);
        next = waiting;
        // What was received is money in the books already: the order's anticipos.
        await anticiposDeOrden(tx, orden);
      } else {
        // A paid web order is a sale: its factura (or, on credit, an abono on its nota), in this transaction.
        await ventaDeOrdenPagada(
          tx,
          orden,
          user?.id ?? null,
          {
            liquidacion,
            vuelto,
            writeOffNote: options.writeOff ? `Diferencia castigada ${enAmbasMonedas(liquidacion.writtenOffCents, row.rate)}.${motivo}` : '',
          },
          ctx.fiscal,
        );
      }
    }
  }
  if (action === 'despachar') await consumeOrderHolds(tx, { id: row.id, code: row.code, userId: user?.id ?? null }, now);
  if (action === 'anular') {
    await releaseOrderHolds(tx, row.id, now);
    // The coupon's use goes back: an order nobody paid must not use up a limited coupon.
    await releaseCouponUse(tx, row.id);
    await repo.settleReportedPayments(tx, row.id, 'rechazado');
    // Cancelled after its payment was confirmed (or its credit approved): its sale is voided too.
    await anularVentaDeOrden(tx, row, user?.id ?? null, options.note);
  }
  await recordStep(ctx, tx, afterCommit, row, {
    to: next.to,
    changes: {
      ...(options.trackingNumber ? { trackingNumber: options.trackingNumber } : {}),
      // A rejected payment leaves the order pending again with its first time to pay, never a new
      // one (a rejection must not extend a hold); if that time is gone the jobs cancel it.
      ...(next.to === 'pendiente' ? { expiresAt: originalDueAt(ctx, row) } : {}),
    },
    userId: user?.id ?? null,
    note,
    mailNote,
    at: now,
  });
}

/** What the order's approved payments are worth (USD cents) while it has no sale yet (a short payment). */
async function recibidoSinVenta(tx: Db, row: repo.OrderRow): Promise<number> {
  const orden = await ordenParaVenta(tx, row);
  return receivedCentsOf(orden.payments, row.rate);
}

/** The change to give back of an excess (domain/pago-orden.ts), or why there is none to give. */
function vueltoDeOrden(
  liquidacion: Liquidacion,
  payments: readonly { method: string; amount: string }[],
  row: repo.OrderRow,
  credit: boolean,
): VueltoDePago {
  if (liquidacion.kind !== 'exceso') throw new ReglaNegocio('El pago no supera lo debido: no hay vuelto que devolver.');
  if (credit) throw new ReglaNegocio('En una venta a crédito lo que sobra queda como saldo a favor del cliente en su nota.');
  const vuelto = vueltoDelUltimoPago(payments, row.rate, igtfOfOrder(row), deudaDeOrden(row));
  if (!vuelto) throw new ReglaNegocio('El último pago no alcanza para dar el vuelto: deje lo que sobra como saldo a favor del cliente.');
  return vuelto;
}

/** The tracking number, once the order is inventory-confirmed or dispatched. */
export async function numeroGuia(ctx: OrderContext, code: string, trackingNumber: string, user: SessionUser): Promise<OrderView> {
  await transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit) => {
    const order = await repo.lockByCode(tx, code);
    if (!order) throw new NoEncontrado('La orden de compra no existe.');
    if (order.step !== 'inventario-confirmado' && order.step !== 'despachada') {
      throw new ReglaNegocio(
        `No se puede asignar el número de guía a una orden en estado «${ORDER_STEP_LABELS[order.step as OrderStep]}».`,
      );
    }
    // The same number again changes nothing and tells nobody.
    if (order.trackingNumber === trackingNumber) return;
    const step = order.step as OrderStep;
    const note = `Número de guía: ${trackingNumber}`;
    // Not a step: before the dispatch the number travels in the «Despachada» mail; after it, the buyer
    // gets its own mail (never a second «Despachada»), saying whether it corrects an earlier one.
    await recordStep(ctx, tx, afterCommit, order, { to: step, changes: { trackingNumber }, userId: user.id, note, mail: false });
    if (step === 'despachada') await queueTrackingMail(ctx, tx, afterCommit, order, trackingNumber, Boolean(order.trackingNumber));
  });
  return viewAfterStep(ctx.db, code);
}

/**
 * `own`: the buyer's own view (profile), even for staff: another user's code is not found, and
 * the history does not name the staff who moved it.
 */
/** `secret`: signs the link to the PDF of the order's document (its factura), for the buyer and staff alike. */
export async function detalle(
  db: Db,
  code: string,
  user: SessionUser,
  options: { own?: boolean; secret: string; onlinePaymentsOf?: OrderContext['onlinePaymentsOf'] },
): Promise<OrdenDetalle> {
  const order = await repo.findByCode(db, code);
  const mayView = order && (order.userId === user.id || (!options.own && isStaff(user.roles)));
  if (!order || !mayView) throw new NoEncontrado('La orden de compra no existe.');
  const [details, payments, history, salesman, credit, inCharge, onlinePayments, document, tolerance] = await Promise.all([
    repo.findDetails(db, order.id),
    repo.findPayments(db, order.id),
    repo.findHistory(db, order.id),
    repo.findSalesmanById(db, order.salesmanId),
    isCreditSale(db, order.id),
    options.own ? null : resumenUsuario(db, order.inChargeUserId),
    options.own || !options.onlinePaymentsOf ? [] : options.onlinePaymentsOf(db, order.id),
    documentOf(options, db, order),
    options.own ? null : toleranciaCastigo(db),
  ]);
  return {
    paymentBalance: saldoDeOrden(order, payments),
    ...(tolerance === null ? {} : { writeOffTolerance: fromCents(tolerance) }),
    order: {
      id: order.id,
      code: order.code,
      step: order.step,
      buyer: order.buyer,
      delivery: order.delivery,
      paymentMethod: order.paymentMethod,
      comment: order.comment,
      withSeller: order.withSeller,
      ...repo.orderAmounts(order),
      trackingNumber: order.trackingNumber,
      expiresAt: order.expiresAt?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
      ...(options.own ? {} : { clientIp: order.clientIp }),
      origen: order.origen,
      document,
    },
    details,
    // Each reported amount against what the order owes with that method (USD, or Bs. at the order's rate).
    payments: payments.map((p) => ({ ...p, reportedAt: p.reportedAt.toISOString(), ...expectedAmountOf(order, p) })),
    // Notes are the staff's working notes; the buyer learns what matters by mail.
    history: history.map((h) => ({
      from: h.from,
      to: h.to,
      at: h.at.toISOString(),
      by: options.own ? null : h.by,
      note: options.own ? '' : h.note,
    })),
    // The staff user the order was assigned to (no salesman chosen); staff only.
    inCharge,
    // The salesman the buyer chose, if any (the buyer picked them, so the buyer may see it too).
    salesman,
    // Approved as a credit sale (docs/decisions/0004).
    credit,
    // Paid at PayPal (docs/decisions/0035): capture, payer, held reason and refunds; staff only.
    ...(options.own ? {} : { onlinePayments }),
  };
}

function expectedAmountOf(order: repo.OrderRow, payment: { method: string; amount: string }) {
  const method = payment.method as PaymentMethodId;
  if (!PAYMENT_METHODS[method]) return { expectedAmount: null, currency: null, amountDiffers: false };
  const expected = expectedPayment(order, method);
  return {
    expectedAmount: fromCents(expected.cents),
    currency: expected.currency,
    amountDiffers: paymentAmountDiffers(order, method, payment.amount),
  };
}

/** A page of the staff list; its total is exact up to COUNT_LIMIT, «más de» past it (decision 0031). */
export async function buscar(db: Db, q: repo.OrderSearch, page: number, perPage: number, { countLimit = COUNT_LIMIT } = {}) {
  const { rows, total } = await repo.searchOrders(db, q, perPage, offsetOf(page, perPage), countLimit);
  return { items: rows, meta: cappedMeta(page, perPage, total, countLimit, rows.length) };
}

/**
 * The step chips: how many orders of each step match the other filters, exact up to COUNT_LIMIT;
 * a step past it shows COUNT_LIMIT and is listed in `estimates` («más de 1.000»).
 */
export async function contarPorPaso(
  db: Db,
  q: repo.OrderSearch,
  { countLimit = COUNT_LIMIT } = {},
): Promise<{ steps: Record<string, number>; estimates: string[] }> {
  const counted = await repo.countByStep(db, q, ORDER_STEPS, countLimit);
  const estimates = Object.keys(counted).filter((step) => counted[step] > countLimit);
  for (const step of estimates) counted[step] = countLimit;
  return { steps: counted, estimates };
}

/** One check across orders, sales and abonos (referencias_pago). */
export const referenciaUsada = referenciaEnUso;

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

/**
 * Staff cancel orders awaiting payment in bulk (old "pago pendiente" ones, an attack with made-up
 * references): each one that still awaits its payment.
 */
export async function anularImpagas(ctx: OrderContext, codes: string[], user: SessionUser, note: string) {
  const anuladas: string[] = [];
  const omitidas: { code: string; motivo: string }[] = [];
  for (const code of [...new Set(codes)]) {
    try {
      await cambiarPaso(ctx, code, 'anular', user, { note: note || 'Anulada sin pago por el personal', onlyUnpaid: true });
      anuladas.push(code);
    } catch (error) {
      if (!(error instanceof ReglaNegocio || error instanceof NoEncontrado)) throw error;
      omitidas.push({ code, motivo: error.message });
    }
  }
  return { anuladas, omitidas };
}

/** What waits in a step for the dashboard's home (docs/dominio.md §Lo pendiente en el inicio del panel). */
export function pendientesDelPaso(db: Db, step: OrderStep) {
  return repo.pendientesDelPaso(db, step);
}
