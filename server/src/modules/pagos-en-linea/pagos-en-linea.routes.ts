// /api/pagos/*: PayPal and the card paid online and captured by the server (docs/decisions/0035,
// 0036). A method without configuration answers 404 on its routes: PayPal stays a reported payment
// and the card is not offered.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OnlineMethod } from '#domain/contracts/orden-compra.ts';
import * as contract from '#domain/contracts/pagos-en-linea.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { onlineReturnSignature, orderToken } from '#server/modules/orden-compra/orden-compra.avisos.ts';
import { safeEqual } from '#server/tokens.ts';
import * as reembolsos from './pagos-en-linea.reembolsos.service.ts';
import * as pagos from './pagos-en-linea.service.ts';
import { ProveedorNoDisponible } from './proveedor.ts';

const PROVIDER_DOWN: Record<OnlineMethod, string> = {
  paypal: 'PayPal no respondió. Si el pago se hizo, su orden se confirmará en unos minutos.',
  tarjeta: 'El procesador de tarjetas no respondió. Si el pago se hizo, su orden se confirmará en unos minutos.',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The webhook's body exactly as it arrived: its signature covers these bytes. */
    rawBody?: string;
  }
}

/**
 * The providers' deliveries, in their own scope: only here is the JSON body kept as text too. Each
 * delivery is verified before anything; the per-address limit is far above a provider's bursts and
 * retries (which come from many addresses) and only stops one source flooding the verification.
 */
const WEBHOOK_LIMIT = { max: 600, timeWindow: 60_000 };

async function webhookRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    if (text.trim() === '') {
      done(Object.assign(new Error('El cuerpo de la solicitud está vacío.'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }));
      return;
    }
    try {
      // As Fastify's own parser: keys that could reach an object's prototype are refused.
      const parsed = JSON.parse(text, (key, value) => {
        if (key === '__proto__' || key === 'constructor') throw new Error('clave prohibida');
        return value;
      });
      done(null, parsed);
    } catch {
      done(
        Object.assign(new Error('El cuerpo de la solicitud no es un JSON válido.'), {
          statusCode: 400,
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        }),
      );
    }
  });
  const ctx = () => app.orderContext();
  const webhook = (method: OnlineMethod) => async (request: FastifyRequest) =>
    ok(
      await pagos.webhook(ctx(), method, {
        headers: request.headers,
        rawBody: request.rawBody ?? '',
        event: request.body as Record<string, unknown>,
      }),
    );
  route(app, contract.webhookPaypal, { access: 'public', rateLimit: WEBHOOK_LIMIT }, webhook('paypal'));
  route(app, contract.webhookTarjeta, { access: 'public', rateLimit: WEBHOOK_LIMIT }, webhook('tarjeta'));
}

export async function pagosEnLineaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = () => app.orderContext();
  // A partial configuration stops the start here, with its reason.
  const online = new Set(ctx().onlineMethods ?? []);

  route(app, contract.metodosEnLinea, { access: 'public', cacheSeconds: 10 }, async () =>
    ok({ paypal: online.has('paypal'), tarjeta: online.has('tarjeta') }),
  );

  const iniciar = (method: OnlineMethod) => async (request: FastifyRequest<{ Body: { code: string; t?: string } }>) => {
    const { code, t } = request.body;
    return ok(await pagos.iniciar(ctx(), method, code, { user: await app.optionalUser(request), token: t }));
  };
  route(app, contract.iniciarPaypal, { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } }, iniciar('paypal'));
  route(app, contract.iniciarTarjeta, { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } }, iniciar('tarjeta'));

  async function retorno(
    method: OnlineMethod,
    providerOrderId: string,
    firma: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const c = ctx();
    // Only the return URL we signed opens the order; the provider's id alone leads to the page that
    // asks for the buyer's e-mail or cédula.
    const orderPage = (code: string, resultado: string) =>
      safeEqual(onlineReturnSignature(c.secret, code), firma ?? '')
        ? `/orden/${code}?t=${orderToken(c.secret, code)}&pago=${resultado}`
        : `/orden/${code}?pago=${resultado}`;
    try {
      const { code, resultado } = await pagos.retorno(c, method, providerOrderId);
      return reply.redirect(orderPage(code, resultado), 303);
    } catch (error) {
      if (!(error instanceof ProveedorNoDisponible)) throw error;
      // The provider did not answer: the webhook (or a later return, or the reconciliation) confirms
      // the payment; the buyer goes to the order, which says so.
      request.log.error({ err: error }, `captura de ${method} sin respuesta`);
      const code = await pagos.codigoDeLaOrden(c, method, providerOrderId);
      if (code) return reply.redirect(orderPage(code, 'pendiente'), 303);
      return reply.status(502).send({ success: false, message: PROVIDER_DOWN[method] });
    }
  }
  route(app, contract.retornoPaypal, { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } }, async (request, reply) =>
    retorno('paypal', request.query.token, request.query.firma, request, reply),
  );
  route(app, contract.retornoTarjeta, { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } }, async (request, reply) =>
    retorno('tarjeta', request.query.session_id, request.query.firma, request, reply),
  );

  // Refunds move money back: administración and the admin, like confirming payments (docs/dominio.md §Roles).
  route(app, contract.reembolsarPago, { access: ['admin', 'administracion'] }, async ({ body, headers, user }) => {
    if (!user) throw new NoAutorizado();
    return ok(await reembolsos.reembolsar(ctx(), body.code, body, headers['idempotency-key'], user));
  });
  route(app, contract.resolverReembolso, { access: ['admin', 'administracion'] }, async ({ body, user }) => {
    if (!user) throw new NoAutorizado();
    return ok(await reembolsos.resolverRevision(ctx(), body.code, body, user));
  });

  await app.register(webhookRoutes);
}
