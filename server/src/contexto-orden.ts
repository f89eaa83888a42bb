// The context of the order and payment use cases, built once per call from the app (its database,
// mailer, secret and settings) with the online payment providers of its environment: the same for
// the routes (app.orderContext()) and the periodic jobs.
import type { FastifyInstance } from 'fastify';
import type { OnlineMethod } from '#domain/contracts/orden-compra.ts';
import type { AppDeps } from './app.ts';
import { cardConfig, paypalConfig } from './env.ts';
import { ordenesConReembolsoPorRevisar } from './modules/pagos-en-linea/pagos-en-linea.reembolsos.service.ts';
import { type PaymentContext, pagosDeLaOrden } from './modules/pagos-en-linea/pagos-en-linea.service.ts';
import { createPaypal } from './modules/pagos-en-linea/paypal.ts';
import type { PaymentProvider } from './modules/pagos-en-linea/proveedor.ts';
import { createStripe } from './modules/pagos-en-linea/stripe.ts';

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

export function buildOrderContext(app: FastifyInstance): PaymentContext {
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
    onlinePaymentsOf: pagosDeLaOrden,
    ordersWithRefundToReview: ordenesConReembolsoPorRevisar,
  };
}
