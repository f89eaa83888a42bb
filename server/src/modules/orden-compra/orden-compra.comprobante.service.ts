// The receipt of a reported payment: the buyer attaches a picture of it (with the order's signed
// link or their session) and the staff who check payments look at it beside the payment.
import { isStaff } from '#domain/roles.ts';
import { type AfterCommit, transactionWithEffects } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { validToken } from './orden-compra.avisos.ts';
import { readReceipt, removeReceipt, storeReceipt } from './orden-compra.comprobantes.ts';
import type { OrderContext } from './orden-compra.context.ts';
import * as repo from './orden-compra.repo.ts';

const NOT_FOUND_PUBLIC = 'No encontramos una orden con ese código y esos datos.';
const NO_PAYMENT = 'Esta orden no tiene un pago reportado por confirmar: reporte primero el pago y luego adjunte su comprobante.';

/** A picture that is not a receipt we keep: 422 under the form's field «comprobante». */
export class ComprobanteInvalido extends Error {}

export async function adjuntarComprobante(
  ctx: OrderContext,
  dataDir: string,
  code: string,
  proof: { user: SessionUser | null; token?: string },
  bytes: Buffer,
): Promise<{ code: string; paymentId: number }> {
  const order = await repo.findByCode(ctx.db, code);
  const mayAct =
    order &&
    ((proof.user && (proof.user.id === order.userId || isStaff(proof.user.roles))) || validToken(ctx.secret, order.code, proof.token));
  // Codes are sequential: a wrong proof answers like an unknown code.
  if (!order || !mayAct) throw new NoEncontrado(NOT_FOUND_PUBLIC);

  // Checked before the picture is read: decoding it is the costly part, and nobody needs it here.
  if (!(await repo.findReportedPayment(ctx.db, order.id))) throw new ReglaNegocio(NO_PAYMENT);
  const stored = await storeReceipt(dataDir, bytes);
  if (!stored.ok) throw new ComprobanteInvalido(stored.motivo);
  try {
    return await transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit: AfterCommit) => {
      const payment = await repo.findReportedPaymentForUpdate(tx, order.id);
      if (!payment) throw new ReglaNegocio(NO_PAYMENT);
      await repo.setReceipt(tx, payment.id, stored.name);
      // A second picture replaces the first.
      const previous = payment.receipt;
      if (previous) afterCommit('borrar el comprobante anterior', () => removeReceipt(dataDir, previous));
      return { code: order.code, paymentId: payment.id };
    });
  } catch (error) {
    await removeReceipt(dataDir, stored.name);
    throw error;
  }
}

/** The picture of a payment's receipt, for staff. */
export async function comprobanteDelPago(db: Db, dataDir: string, paymentId: number): Promise<Buffer> {
  const name = await repo.findReceiptName(db, paymentId);
  const bytes = name ? await readReceipt(dataDir, name) : null;
  if (!bytes) throw new NoEncontrado('Este pago no tiene comprobante.');
  return bytes;
}
