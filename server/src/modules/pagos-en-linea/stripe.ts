// The card provider through Stripe's REST API, over fetch (docs/decisions/0036). The buyer types the
// card on Stripe's hosted Checkout page, never on ours; the session asks only for an authorization
// (`capture_method=manual`), so the server decides whether to charge: it captures on the return or
// on the signed webhook while the order still awaits its payment, and cancels the authorization of an
// order that stopped waiting. Webhooks are checked here with the endpoint's secret (Stripe-Signature:
// an HMAC-SHA256 of `<time>.<exact body>`), and a delivery signed long ago is a replay.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromCents, toCents } from '#domain/money.ts';
import {
  type AvisoRecibido,
  type Captura,
  type EventoProveedor,
  type Monto,
  type OrdenCreada,
  type OrdenNueva,
  type PaymentProvider,
  ProveedorNoDisponible,
  type Reembolso,
} from './proveedor.ts';

export type StripeConfig = { secretKey: string; webhookSecret: string | null; apiUrl: string };

type Json = Record<string, unknown>;

const TIMEOUT_MS = 15_000;
/** Stripe's own default tolerance for a webhook's signed time. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/** Stripe's form encoding: nested objects and arrays as `a[b][0]=…`. */
export function stripeForm(value: Json, prefix = ''): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, v: unknown) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) add(`${key}[${i}]`, item);
    } else if (typeof v === 'object') for (const [k, inner] of Object.entries(v)) add(`${key}[${k}]`, inner);
    else form.append(key, String(v));
  };
  for (const [k, v] of Object.entries(value)) add(prefix ? `${prefix}[${k}]` : k, v);
  return form;
}

function errorOf(body: Json): { type: string; code: string; message: string } {
  const e = (body.error ?? {}) as { type?: unknown; code?: unknown; decline_code?: unknown; message?: unknown };
  return {
    type: typeof e.type === 'string' ? e.type : '',
    code: typeof e.decline_code === 'string' ? e.decline_code : typeof e.code === 'string' ? e.code : '',
    message: typeof e.message === 'string' ? e.message : '',
  };
}

/** An amount of Stripe's (integer cents, lower-case currency) as we write it. */
function montoOf(cents: unknown, currency: unknown): Monto | null {
  return typeof cents === 'number' && Number.isInteger(cents) && cents >= 0 && typeof currency === 'string'
    ? { value: fromCents(cents), currency: currency.toUpperCase() }
    : null;
}

const DECLINED = 'La tarjeta no fue aprobada.';

/** Stripe accepts a session's expiry between 30 minutes and 24 hours from its creation. */
const SESSION_MIN_S = 31 * 60;
const SESSION_MAX_S = 23 * 3600 + 55 * 60;

/** The session ends with our order (so an abandoned page does not linger for a day), within Stripe's bounds. */
export function sessionExpiry(orderExpiresAt: Date | null | undefined, now = Date.now()): number {
  const nowS = Math.floor(now / 1000);
  const wanted = orderExpiresAt ? Math.floor(orderExpiresAt.getTime() / 1000) : nowS + SESSION_MAX_S;
  return Math.min(nowS + SESSION_MAX_S, Math.max(nowS + SESSION_MIN_S, wanted));
}

/** What a payment intent's state means for us, once the session is complete. */
function capturaOf(intent: Json, payerEmail: string | null): Captura | { status: 'aprobada' } {
  const id = typeof intent.id === 'string' ? intent.id : '';
  switch (intent.status) {
    case 'requires_capture':
      return { status: 'aprobada' };
    case 'succeeded': {
      const amount = montoOf(intent.amount_received, intent.currency);
      if (!id || !amount) return { status: 'rechazada', motivo: 'Stripe no devolvió el cobro.' };
      return { status: 'completada', captureId: id, amount, payerEmail };
    }
    case 'processing': {
      const amount = montoOf(intent.amount, intent.currency) ?? { value: '0.00', currency: 'USD' };
      return { status: 'pendiente', captureId: id, amount, motivo: 'Stripe aún procesa el cobro de la tarjeta.' };
    }
    case 'canceled':
      return { status: 'rechazada', motivo: 'La autorización de la tarjeta se anuló.' };
    default:
      return { status: 'rechazada', motivo: DECLINED };
  }
}

export function createStripe(config: StripeConfig, fetcher: typeof fetch = fetch): PaymentProvider {
  const base = config.apiUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, form?: Json, idempotencyKey?: string) {
    const headers: Record<string, string> = { authorization: `Bearer ${config.secretKey}` };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, {
        method,
        headers,
        ...(form ? { body: stripeForm(form).toString() } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProveedorNoDisponible(`No se pudo contactar al procesador de tarjetas: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as Json;
    if (response.status === 401) throw new ProveedorNoDisponible('Stripe no aceptó la clave secreta de la tienda.', 401);
    return { status: response.status, body };
  }

  /** The Checkout session with its payment intent (null until the buyer pays). */
  async function session(sessionId: string): Promise<{ session: Json; intent: Json | null; payerEmail: string | null }> {
    const { status, body } = await call('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}?expand[]=payment_intent`);
    if (status >= 300) throw new ProveedorNoDisponible(`Stripe no dio el estado del pago (${status}).`, status);
    const intent = body.payment_intent && typeof body.payment_intent === 'object' ? (body.payment_intent as Json) : null;
    const details = body.customer_details as { email?: unknown } | undefined;
    return { session: body, intent, payerEmail: typeof details?.email === 'string' ? details.email : null };
  }

  async function intentOf(intentId: string): Promise<Json> {
    const { status, body } = await call('GET', `/v1/payment_intents/${encodeURIComponent(intentId)}`);
    if (status >= 300) throw new ProveedorNoDisponible(`Stripe no dio el estado del cobro (${status}).`, status);
    return body;
  }

  const notPaid = (s: Json): Captura =>
    s.status === 'expired'
      ? { status: 'rechazada', motivo: 'La página de pago con tarjeta venció sin pago.' }
      : {
          status: 'pendiente',
          captureId: String(s.id ?? ''),
          amount: { value: '0.00', currency: 'USD' },
          motivo: 'El pago con tarjeta aún no se completa.',
        };

  return {
    name: 'stripe',
    method: 'tarjeta',
    label: 'Stripe',

    async createOrder(order: OrdenNueva): Promise<OrdenCreada> {
      const separator = order.returnUrl.includes('?') ? '&' : '?';
      const { status, body } = await call(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          locale: 'es',
          client_reference_id: order.reference,
          metadata: { orden: order.reference },
          payment_method_types: ['card'],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.amount.currency.toLowerCase(),
                unit_amount: toCents(order.amount.value),
                product_data: { name: `Orden ${order.reference}` },
              },
            },
          ],
          // Authorize only: the server captures when it knows the order still awaits the payment.
          payment_intent_data: { capture_method: 'manual', metadata: { orden: order.reference } },
          // Stripe puts the session's id in place of the template.
          success_url: `${order.returnUrl}${separator}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: order.cancelUrl,
          expires_at: sessionExpiry(order.expiresAt),
        },
        order.requestId,
      );
      if (status >= 300 || typeof body.id !== 'string' || typeof body.url !== 'string') {
        const e = errorOf(body);
        throw new ProveedorNoDisponible(`Stripe no creó el pago (${status}${e.code ? `: ${e.code}` : ''}).`, status);
      }
      return { providerOrderId: body.id, approvalUrl: body.url };
    },

    // No idempotency key: Stripe keeps a key's first answer for a day, errors included, so one
    // passing 500 would answer every later attempt; and a payment intent is captured only once
    // anyway (a second capture gets payment_intent_unexpected_state, read below).
    async capture(sessionId): Promise<Captura> {
      const found = await session(sessionId);
      if (found.session.status !== 'complete' || !found.intent) return notPaid(found.session);
      const state = capturaOf(found.intent, found.payerEmail);
      if (state.status !== 'aprobada') return state;
      const intentId = String(found.intent.id);
      const { status, body } = await call('POST', `/v1/payment_intents/${encodeURIComponent(intentId)}/capture`, {});
      if (status < 300) {
        const captured = capturaOf(body, found.payerEmail);
        return captured.status === 'aprobada'
          ? { status: 'pendiente', captureId: intentId, amount: { value: '0.00', currency: 'USD' }, motivo: 'Stripe no terminó el cobro.' }
          : captured;
      }
      const e = errorOf(body);
      if (e.type === 'card_error') return { status: 'rechazada', motivo: `${DECLINED}${e.code ? ` (${e.code})` : ''}` };
      // Captured by the other of the return and the webhook (or still being captured): the intent says.
      const now = capturaOf(await intentOf(intentId), found.payerEmail);
      if (now.status === 'aprobada') throw new ProveedorNoDisponible(`Stripe no pudo cobrar la tarjeta (${status}).`, status);
      return now;
    },

    async lookup(sessionId) {
      const found = await session(sessionId);
      if (found.session.status === 'open') return { status: 'abierta' as const, providerStatus: 'open' };
      if (found.session.status !== 'complete' || !found.intent) return notPaid(found.session);
      return capturaOf(found.intent, found.payerEmail);
    },

    async release(sessionId) {
      let found = await session(sessionId);
      if (found.session.status === 'open') {
        const expired = await call('POST', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`, {});
        if (expired.status < 300) return;
        // The buyer finished paying meanwhile: then it is the authorization that must go.
        found = await session(sessionId);
      }
      if (found.intent?.status !== 'requires_capture') return;
      const cancelled = await call('POST', `/v1/payment_intents/${encodeURIComponent(String(found.intent.id))}/cancel`, {
        cancellation_reason: 'abandoned',
      });
      if (cancelled.status >= 300)
        throw new ProveedorNoDisponible(`Stripe no anuló la autorización (${cancelled.status}).`, cancelled.status);
    },

    async refund(intentId, requestId, amount): Promise<Reembolso> {
      const form: Json = { payment_intent: intentId, ...(amount ? { amount: toCents(amount.value) } : {}) };
      const { status, body } = await call('POST', '/v1/refunds', form, requestId);
      if (status >= 300 || typeof body.id !== 'string') {
        throw new ProveedorNoDisponible(`Stripe no hizo el reembolso (${status}: ${errorOf(body).code || errorOf(body).message}).`, status);
      }
      return { refundId: body.id, status: String(body.status ?? ''), amount: montoOf(body.amount, body.currency) };
    },

    async verifyWebhook({ headers, rawBody }: AvisoRecibido): Promise<boolean> {
      if (!config.webhookSecret) return false;
      const header = headers['stripe-signature'];
      if (typeof header !== 'string') return false;
      const parts = header.split(',').map((p) => p.split('=') as [string, string?]);
      const time = Number(parts.find(([k]) => k === 't')?.[1]);
      const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v as string);
      if (!Number.isInteger(time) || signatures.length === 0) return false;
      // Each retry is signed anew with its time: one signed long ago is a replay.
      if (Math.abs(Date.now() / 1000 - time) > STRIPE_WEBHOOK_TOLERANCE_S) return false;
      const expected = createHmac('sha256', config.webhookSecret).update(`${time}.${rawBody}`, 'utf8').digest();
      return signatures.some((s) => {
        const given = Buffer.from(s, 'hex');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
    },

    readEvent(event): EventoProveedor | null {
      const { id, type, data } = event;
      if (typeof id !== 'string' || !id || id.length > 100 || typeof type !== 'string' || type.length > 100) return null;
      const object = ((data as { object?: unknown } | undefined)?.object ?? {}) as Json;
      const resourceId = typeof object.id === 'string' ? object.id.slice(0, 100) : null;
      // The buyer authorized the card on Stripe's page: the server captures as on the return.
      if (type === 'checkout.session.completed' && object.object === 'checkout.session' && resourceId) {
        return { id, type, resourceId, providerOrderId: resourceId, accion: { kind: 'aprobada' } };
      }
      return { id, type, resourceId, providerOrderId: null, accion: { kind: 'ninguna' } };
    },
  };
}
