// What the order use cases run with. The app builds it (server/src/contexto-orden.ts) and hands it
// to the routes and the jobs as app.orderContext().
import type { OnlineMethod, OrdenDetalle } from '#domain/contracts/orden-compra.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import type { EmisionFiscal } from '#server/modules/imprenta/imprenta.service.ts';

export type OrderContext = {
  db: Db;
  mailer: Mailer;
  /** Signs the buyer's link to the public page of an order. */
  secret: string;
  unpaidHours: number;
  /** Open unpaid orders at once per buyer contact (e-mail, cédula, phone) and per client address. */
  unpaidLimits: { perContact: number; perIp: number };
  publicUrl: string;
  /** Methods paid online here: one without a reference is charged by its provider (docs/decisions/0035, 0036). */
  onlineMethods?: OnlineMethod[];
  log?: (message: string, error: unknown) => void;
  /** The imprenta digital, when configured: a paid order's factura is sent to it (imprenta module). */
  fiscal?: EmisionFiscal | null;
  /** An order's online payments for the staff's view of it: pagos-en-linea answers, the app hands it in. */
  onlinePaymentsOf: (db: Db, orderId: number) => Promise<NonNullable<OrdenDetalle['onlinePayments']>>;
  /** The orders with an online refund «por revisar», for the staff's list filter: pagos-en-linea answers too. */
  ordersWithRefundToReview?: (db: Db) => Promise<number[]>;
};
