// What an order tells the world once a step is saved: the buyer's mail (with the signed link to the
// order's page), the back office's live notice and the staff's sale notice. Each runs after the
// commit (server/src/db/after-commit.ts): a failure is logged and never undoes the step.
import type { OrderDocument, OrderView as OrderViewJson } from '#domain/contracts/orden-compra.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { SALE_KIND_LABELS } from '#domain/ventas.ts';
import type { AfterCommit } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import type { Serializable } from '#server/http/contract.ts';
import { notificarVenta, type SaleOrder } from '#server/modules/config/config.service.ts';
import { facturaEmitidaMail, orderStepMail, trackingNumberMail } from '#server/modules/correo/plantillas.ts';
import { documentoDeOrden } from '#server/modules/ventas/ventas.pdf.service.ts';
import { safeEqual, sign } from '#server/tokens.ts';
import type { OrderContext } from './orden-compra.context.ts';
import { notificarOrden, type OrdenEvento } from './orden-compra.eventos.ts';
import { findById, findOrderView, type OrderRow, orderAmounts } from './orden-compra.repo.ts';

/**
 * Order codes are sequential, so the public page of an order asks for proof: this token (in the
 * buyer's mails and the checkout confirmation), or the buyer's e-mail or cédula.
 */
export function orderToken(secret: string, code: string): string {
  return sign(secret, `orden-compra|${code}`).slice(0, 32);
}

export function validToken(secret: string, code: string, token: string | undefined): boolean {
  return Boolean(token) && safeEqual(orderToken(secret, code), token ?? '');
}

/**
 * The signature in the return URL given to the payment provider (PayPal, the card's page) for an
 * order. The provider's own id also comes back in that URL (and in its pages, histories and logs),
 * so it alone must not open the order. (The text signed keeps its first name: links in flight stay good.)
 */
export function onlineReturnSignature(secret: string, code: string): string {
  return sign(secret, `paypal-retorno|${code}`).slice(0, 32);
}

/** The signature of the link to the PDF of the document an order became (its own text: it opens only the PDF). */
export function documentToken(secret: string, code: string): string {
  return sign(secret, `documento-orden|${code}`).slice(0, 32);
}

export function validDocumentToken(secret: string, code: string, token: string | undefined): boolean {
  return Boolean(token) && safeEqual(documentToken(secret, code), token ?? '');
}

/** The path of the PDF of an order's document, signed: the pages link it as is, the mails after PUBLIC_URL. */
export function documentPath(secret: string, code: string): string {
  return `/api/orden-compra/documento/${code}/pdf?t=${documentToken(secret, code)}`;
}

/**
 * The document an order became, as its pages and mails show it; null before its payment is
 * confirmed and while its factura waits for the imprenta digital's control number.
 */
export async function documentOf(ctx: Pick<OrderContext, 'secret'>, db: Db, order: { id: number; code: string }): Promise<OrderDocument> {
  const doc = await documentoDeOrden(db, order.id);
  return doc && 'number' in doc ? { kind: doc.kind, number: doc.number, pdf: documentPath(ctx.secret, order.code) } : null;
}

const FACTURA_POR_EMITIR =
  'Su factura está esperando su número de control de la imprenta digital: se la enviaremos por correo en cuanto lo tenga.';

/**
 * The order's factura got its control number from the imprenta digital (imprenta module, in the
 * transaction that stores it): the buyer's mail with its PDF, delivered after that commit.
 */
export async function queueFacturaEmitidaMail(ctx: OrderContext, tx: Db, orderId: number): Promise<(() => Promise<void>) | undefined> {
  const order = await findById(tx, orderId);
  if (!order?.buyer.email) return undefined;
  const doc = await documentOf(ctx, tx, order);
  if (!doc) return undefined;
  const documento = { kind: SALE_KIND_LABELS[doc.kind].toLowerCase(), number: doc.number, url: `${ctx.publicUrl}${doc.pdf}` };
  const deliver = await ctx.mailer.queue(tx, {
    to: order.buyer.email,
    kind: 'orden-factura',
    ...facturaEmitidaMail(order.buyer.fullName, order.code, orderLink(ctx, order.code), documento),
  });
  return () => deliver(ctx.db);
}

/** The buyer's link to the order's public page: no e-mail or cédula to type. */
export function orderLink(ctx: Pick<OrderContext, 'publicUrl' | 'secret'>, code: string): string {
  return `${ctx.publicUrl}/orden/${code}?t=${orderToken(ctx.secret, code)}`;
}

/** An order's answer after a step, as the services build it (dates as Date). */
export type OrderView = Serializable<OrderViewJson>;

type MailedOrder = { id: number; code: string; buyer: { email: string; fullName: string } };

/**
 * Keeps the buyer's mail of `step` in the outbox within the step's transaction (so it exists exactly
 * when the step does) and delivers it after the commit, without making the answer wait for SMTP.
 */
export async function queueStepMail(
  ctx: OrderContext,
  tx: Db,
  afterCommit: AfterCommit,
  order: MailedOrder,
  step: OrderStep,
  extra = '',
  summary: string[] = [],
) {
  // A WhatsApp order may have no e-mail (decision 0033): the buyer follows it in the chat and by its link.
  if (!order.buyer.email) return;
  // Once paid, the order is a sale: the mail of «Pago confirmado» carries its factura (made in this transaction).
  const sold = step === 'pago-confirmado' ? await documentoDeOrden(tx, order.id) : null;
  const doc = sold && 'number' in sold ? await documentOf(ctx, tx, order) : null;
  const documento = doc ? { kind: SALE_KIND_LABELS[doc.kind].toLowerCase(), number: doc.number, url: `${ctx.publicUrl}${doc.pdf}` } : null;
  const words = sold && 'porEmitir' in sold ? [extra, FACTURA_POR_EMITIR].filter(Boolean).join(' ') : extra;
  const mail = {
    to: order.buyer.email,
    kind: `orden-${step}`,
    ...orderStepMail(order.buyer.fullName, order.code, ORDER_STEP_LABELS[step], orderLink(ctx, order.code), words, summary, documento),
  };
  const deliver = await ctx.mailer.queue(tx, mail);
  afterCommit(`correo de la orden ${order.code}`, () => deliver(ctx.db), { background: true });
}

/** The buyer hears of a tracking number given (or corrected) once the order is dispatched. */
export async function queueTrackingMail(
  ctx: OrderContext,
  tx: Db,
  afterCommit: AfterCommit,
  order: MailedOrder,
  trackingNumber: string,
  corrected: boolean,
) {
  if (!order.buyer.email) return;
  const mail = {
    to: order.buyer.email,
    kind: 'orden-numero-guia',
    ...trackingNumberMail(order.buyer.fullName, order.code, orderLink(ctx, order.code), trackingNumber, corrected),
  };
  const deliver = await ctx.mailer.queue(tx, mail);
  afterCommit(`correo de la orden ${order.code}`, () => deliver(ctx.db), { background: true });
}

/** The back office hears of a new order or a reported payment: live on the orders screen, and by mail. */
export function announceToStaff(ctx: OrderContext, afterCommit: AfterCommit, evento: OrdenEvento, order: SaleOrder) {
  // After the commit, so the notice queue's commit lock is not taken while stock rows are locked.
  afterCommit(`aviso en vivo de la orden ${evento.code}`, () => notificarOrden(ctx.db, evento));
  afterCommit(`aviso de venta de la orden ${evento.code}`, () =>
    notificarVenta(ctx, evento.type === 'orden-registrada' ? 'nueva-orden' : 'pago-reportado', order),
  );
}

/** The order as it stands after a step it just took (orders are never deleted). */
export async function viewAfterStep(db: Db, code: string): Promise<OrderView> {
  const view = await findOrderView(db, code);
  if (!view) throw new Error(`La orden ${code} desapareció después de cambiar de paso`);
  return view;
}

export function viewOf(order: OrderRow, extra: Partial<OrderView> = {}): OrderView {
  return { ...orderAmounts(order), orderCode: order.code, step: order.step, ...extra };
}
