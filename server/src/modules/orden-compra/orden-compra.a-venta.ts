// A web order handed to the sales module as what its sale document needs (docs/decisions/0014):
// buyer, figures as charged, lines and the payments staff approved. Read inside the step's
// transaction, after the payments were settled.
import type { Db } from '#server/db/client.ts';
import type { OrdenParaVenta } from '#server/modules/ventas/ventas.venta.orden.service.ts';
import * as repo from './orden-compra.repo.ts';

export async function ordenParaVenta(tx: Db, order: repo.OrderRow): Promise<OrdenParaVenta> {
  const [lines, payments] = await Promise.all([repo.findDetails(tx, order.id), repo.findPayments(tx, order.id)]);
  return {
    id: order.id,
    code: order.code,
    userId: order.userId,
    salesmanId: order.salesmanId,
    buyer: order.buyer,
    rate: order.rate,
    subtotal: order.subtotal,
    iva: order.iva,
    shipping: order.shipping,
    commission: order.commission,
    igtf: order.igtf,
    igtfBasisPoints: order.igtfBasisPoints,
    total: order.total,
    lines: lines.map((l) => ({
      articleCode: l.articleCode,
      name: l.name,
      tiendaId: l.tiendaId,
      quantity: l.quantity,
      price: l.price,
      promotion: l.promotion,
      discount: l.discount,
      couponDiscount: l.couponDiscount,
      paymentDiscount: l.paymentDiscount,
      net: l.net,
    })),
    payments: payments
      .filter((p) => p.status === 'aprobado')
      .map((p) => ({ id: p.id, method: p.method, amount: p.amount, reference: p.reference, bankCode: p.bankCode, paidOn: p.date })),
  };
}
