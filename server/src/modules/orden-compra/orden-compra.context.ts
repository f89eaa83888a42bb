// What the order use cases run with, built from the app: the same for routes and jobs.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { paypalConfig } from '#server/env.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import { createPaypal } from '#server/modules/pagos-en-linea/paypal.ts';
import type { PaymentProvider } from '#server/modules/pagos-en-linea/proveedor.ts';

export type OrderContext = {
  db: Db;
  mailer: Mailer;
  /** Signs the buyer's link to the public page of an order. */
  secret: string;
  unpaidHours: number;
  /** Open unpaid orders at once per buyer contact (e-mail, cédula, phone) and per client address. */
  unpaidLimits: { perContact: number; perIp: number };
  publicUrl: string;
  /** PayPal is configured: a PayPal order without a reference is paid online (docs/decisions/0035). */
  paypalOnline?: boolean;
  /** PayPal's client, or null without configuration (the payment routes and the reconciliation use it). */
  paypal?: PaymentProvider | null;
  log?: (message: string, error: unknown) => void;
};

/** One PayPal client per app (it keeps its OAuth token between calls). */
const paypalClients = new WeakMap<AppDeps, PaymentProvider | null>();

function paypalOf(deps: AppDeps): PaymentProvider | null {
  if (!paypalClients.has(deps)) {
    const config = paypalConfig(deps.env);
    paypalClients.set(deps, config ? createPaypal(config) : null);
  }
  return paypalClients.get(deps) ?? null;
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
    paypalOnline: paypalOf(app.deps) !== null,
    paypal: paypalOf(app.deps),
    log: (message, error) => app.log.error({ err: error }, message),
  };
}
