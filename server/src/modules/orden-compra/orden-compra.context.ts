// What the order use cases run with, built from the app: the same for routes and jobs.
import type { FastifyInstance } from 'fastify';
import type { OnlineMethod } from '#domain/contracts/orden-compra.ts';
import type { AppDeps } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { cardConfig, paypalConfig } from '#server/env.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import type { EmisionFiscal } from '#server/modules/imprenta/imprenta.service.ts';
import { createPaypal } from '#server/modules/pagos-en-linea/paypal.ts';
import type { PaymentProvider } from '#server/modules/pagos-en-linea/proveedor.ts';
import { createStripe } from '#server/modules/pagos-en-linea/stripe.ts';

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
  /** The configured providers by the method they charge (the payment routes and the reconciliation use them). */
  providers?: Partial<Record<OnlineMethod, PaymentProvider>>;
  log?: (message: string, error: unknown) => void;
  /** The imprenta digital, when configured: a paid order's factura is sent to it (imprenta module). */
  fiscal?: EmisionFiscal | null;
};

/** One client per provider and app (PayPal keeps its OAuth token between calls). */
const clients = new WeakMap<AppDeps, Partial<Record<OnlineMethod, PaymentProvider>>>();

function providersOf(deps: AppDeps): Partial<Record<OnlineMethod, PaymentProvider>> {
  let built = clients.get(deps);
  if (!built) {
    // A partial configuration throws here, at start (the payment routes build the context first).
    const paypal = paypalConfig(deps.env);
    const card = cardConfig(deps.env);
    built = { ...(paypal ? { paypal: createPaypal(paypal) } : {}), ...(card ? { tarjeta: createStripe(card) } : {}) };
    clients.set(deps, built);
  }
  return built;
}

export function orderContext(app: FastifyInstance): OrderContext {
  const { env } = app.deps;
  const auth = app.authContext();
  return {
    db: app.deps.database.db,
    mailer: auth.mailer,
    secret: auth.secret,
    publicUrl: auth.publicUrl,
    unpaidHours: env.ORDEN_IMPAGA_HORAS,
    unpaidLimits: { perContact: env.ORDENES_IMPAGAS_POR_CONTACTO, perIp: env.ORDENES_IMPAGAS_POR_IP },
    onlineMethods: Object.keys(providersOf(app.deps)) as OnlineMethod[],
    providers: providersOf(app.deps),
    log: (message, error) => app.log.error({ err: error }, message),
    fiscal: app.fiscal,
  };
}
