// /api/pagos/*: PayPal paid online and captured by the server (docs/decisions/0035). Without
// PAYPAL_CLIENT_ID and PAYPAL_SECRET the payment routes answer 404 and PayPal stays a reported payment.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/pagos-en-linea.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { safeEqual } from '#server/modules/auth/tokens.ts';
import { orderToken, paypalReturnSignature } from '#server/modules/orden-compra/orden-compra.avisos.ts';
import { orderContext } from '#server/modules/orden-compra/orden-compra.context.ts';
import * as pagos from './pagos-en-linea.service.ts';
import { ProveedorNoDisponible } from './proveedor.ts';

export async function pagosEnLineaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = () => orderContext(app);
  // A partial configuration stops the start here, with its reason.
  const paypal = ctx().paypal ?? null;

  route(app, contract.metodosEnLinea, { access: 'public', cacheSeconds: 10 }, async () => ok({ paypal: paypal !== null }));

  route(app, contract.iniciarPaypal, { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } }, async (request) => {
    const { code, t } = request.body;
    return ok(await pagos.iniciar(ctx(), paypal, code, { user: await app.optionalUser(request), token: t }));
  });

  route(app, contract.retornoPaypal, { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } }, async (request, reply) => {
    const c = ctx();
    // Only the return URL we signed opens the order; PayPal's id alone leads to the page that asks
    // for the buyer's e-mail or cédula.
    const orderPage = (code: string, resultado: string) =>
      safeEqual(paypalReturnSignature(c.secret, code), request.query.firma ?? '')
        ? `/orden/${code}?t=${orderToken(c.secret, code)}&pago=${resultado}`
        : `/orden/${code}?pago=${resultado}`;
    try {
      const { code, resultado } = await pagos.retorno(c, paypal, request.query.token);
      return reply.redirect(orderPage(code, resultado), 303);
    } catch (error) {
      if (!(error instanceof ProveedorNoDisponible)) throw error;
      // PayPal did not answer: the webhook (or a later return, or the reconciliation) confirms the
      // payment; the buyer goes to the order, which says so.
      request.log.error({ err: error }, 'captura de PayPal sin respuesta');
      const code = await pagos.codigoDeLaOrden(c, request.query.token);
      if (code) return reply.redirect(orderPage(code, 'pendiente'), 303);
      return reply
        .status(502)
        .send({ success: false, message: 'PayPal no respondió. Si el pago se hizo, su orden se confirmará en unos minutos.' });
    }
  });

  // Refunds move money back: administración and the admin, like confirming payments (DOMAIN.md).
  route(app, contract.reembolsarPago, { access: ['admin', 'administracion'] }, async ({ body, user }) => {
    if (!user) throw new NoAutorizado();
    return ok(await pagos.reembolsar(ctx(), paypal, body.code, body, user));
  });

  // PayPal's deliveries: no rate limit (it sends bursts and retries); each is verified with PayPal.
  route(app, contract.webhookPaypal, { access: 'public' }, async (request) =>
    ok(await pagos.webhook(ctx(), paypal, { headers: request.headers, event: request.body })),
  );
}
