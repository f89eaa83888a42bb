// A local stand-in for Stripe's REST API, for the tests: a node:http server on a random port that
// speaks the endpoints Vitrina calls (Checkout sessions: create, read with the payment intent
// expanded, expire; payment intents: read, capture, cancel; refunds), answers form-encoded requests
// with Stripe's JSON shapes and errors, honours Idempotency-Key, and has the hosted payment page:
// a card number field whose «Pagar» authorizes the card (the intent waits for capture, as with
// `capture_method=manual`) and sends the browser to the session's success URL. The test card
// 4000 0000 0000 0002 is declined there, as in Stripe's test mode.
//
// Webhooks: `sign` writes the Stripe-Signature header Stripe sends (`t=<time>,v1=<HMAC-SHA256 of
// "<time>.<body>" with the endpoint secret>`), so Vitrina's verifier checks what it checks in production.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml, randomId, readBody, sendJson } from './proveedor-falso.ts';

type Intent = {
  id: string;
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
  amount: number;
  amountReceived: number;
  currency: string;
  refunded: number;
};
type Session = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  amount: number;
  currency: string;
  reference: string;
  successUrl: string;
  cancelUrl: string;
  email: string | null;
  intent: Intent | null;
  captureMethod: string;
  /** Unix seconds. */
  expiresAt: number;
};

export type StripeFalso = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The store's settings that point it at this fake (STRIPE_*). */
  env: Record<'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL', string>;
  sessions: Map<string, Session>;
  /** How many times each endpoint was called (`POST /v1/payment_intents/{id}/capture`…). */
  calls: Map<string, number>;
  /** The buyer authorizes the card on the hosted page, without the page (for tests that do not follow redirects). */
  authorize(sessionId: string, email?: string): void;
  /** The next capture of this session's intent is declined by the issuer (card_error). */
  declineNext(sessionId: string): void;
  /** The next capture of this session's intent fails with Stripe's 500 (nothing is captured). */
  unavailableNext(sessionId: string): void;
  /** The next capture takes another amount (a provider or an attacker out of step). */
  captureAmount(sessionId: string, cents: number): void;
  /** The next capture is made but never answered (the store's process dies waiting); resolves once captured. */
  stallCapture(sessionId: string): Promise<void>;
  /** Stripe captures on its side (as if our answer was lost). */
  captureDirectly(sessionId: string): void;
  /** A signed delivery of `event` at `at` (now by default), as Stripe sends it. */
  sign(event: object, options?: { at?: Date; secret?: string }): { headers: Record<string, string>; body: string };
  /** The checkout.session.completed event of a session (`eventId` to repeat one). */
  sessionCompletedEvent(sessionId: string, options?: { eventId?: string }): object;
  close(): Promise<void>;
};

function stripeError(response: ServerResponse, status: number, type: string, code: string, message = code) {
  sendJson(response, status, { error: { type, code, message } });
}

function id(prefix: string, length = 24): string {
  return `${prefix}_${randomId('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', length)}`;
}

const DECLINED_CARD = '4000000000000002';

export async function startStripeFalso(): Promise<StripeFalso> {
  const secretKey = id('sk_test');
  const webhookSecret = id('whsec');
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Session>();
  const calls = new Map<string, number>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const declined = new Set<string>();
  const unavailable = new Set<string>();
  const forcedAmount = new Map<string, number>();
  const stalled = new Map<string, () => void>();
  let url = '';

  const intentJson = (i: Intent) => ({
    id: i.id,
    object: 'payment_intent',
    status: i.status,
    amount: i.amount,
    amount_capturable: i.status === 'requires_capture' ? i.amount : 0,
    amount_received: i.amountReceived,
    currency: i.currency,
    capture_method: 'manual',
  });
  const sessionJson = (s: Session, expand: boolean) => ({
    id: s.id,
    object: 'checkout.session',
    status: s.status,
    mode: 'payment',
    payment_status: s.intent?.status === 'succeeded' ? 'paid' : 'unpaid',
    amount_total: s.amount,
    currency: s.currency,
    client_reference_id: s.reference,
    metadata: { orden: s.reference },
    customer_details: s.email ? { email: s.email } : null,
    payment_intent: s.intent ? (expand ? intentJson(s.intent) : s.intent.id) : null,
    url: s.status === 'open' ? `${url}/pay/${s.id}` : null,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
  });

  function authorize(session: Session, email: string) {
    session.status = 'complete';
    session.email = email;
    session.intent ??= {
      id: id('pi'),
      status: 'requires_capture',
      amount: session.amount,
      amountReceived: 0,
      currency: session.currency,
      refunded: 0,
    };
    intents.set(session.intent.id, session);
  }

  function doCapture(session: Session) {
    const intent = session.intent as Intent;
    intent.amountReceived = forcedAmount.get(session.id) ?? intent.amount;
    forcedAmount.delete(session.id);
    intent.status = 'succeeded';
  }

  function page(session: Session, message = '') {
    return `<!doctype html><html lang="es"><head><meta name="viewport" content="width=device-width"><title>Pago con tarjeta (simulado)</title></head>
<body><h1>Pago con tarjeta (simulado)</h1><p>Pagar ${(session.amount / 100).toFixed(2)} ${escapeHtml(session.currency.toUpperCase())} a Vitrina</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/pay/${session.id}"><label>Correo <input name="email" type="email" value="tarjetahabiente@correo.example"></label>
<label>Número de tarjeta <input name="card" inputmode="numeric" value=""></label><button type="submit">Pagar</button></form>
<a href="${escapeHtml(session.cancelUrl)}">Volver a la tienda</a></body></html>`;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? '/', url);
    const path = address.pathname;
    const key = `${request.method} ${path.replace(/\/(cs|pi)_[A-Za-z0-9]+/g, '/{id}')}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    const raw = await readBody(request);
    const form = new URLSearchParams(raw);

    // The hosted page: what the buyer sees at Stripe.
    const pay = path.match(/^\/pay\/(cs_[A-Za-z0-9_]+)$/);
    if (pay) {
      const session = sessions.get(pay[1]);
      if (session?.status !== 'open') {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        return response.end('<!doctype html><title>Pago vencido</title><p>Esta página de pago ya no está disponible.</p>');
      }
      if (request.method === 'POST') {
        const card = (form.get('card') ?? '').replace(/\s/g, '');
        if (!/^\d{16}$/.test(card) || card === DECLINED_CARD) {
          response.writeHead(402, { 'content-type': 'text/html; charset=utf-8' });
          return response.end(page(session, 'Su tarjeta fue rechazada. Pruebe con otra.'));
        }
        authorize(session, form.get('email') || 'tarjetahabiente@correo.example');
        response.writeHead(303, { location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(page(session));
    }

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(response, 401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided');
    }
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const remembered = idempotencyKey ? idempotent.get(`${path}|${idempotencyKey}`) : undefined;
    if (request.method === 'POST' && remembered) return sendJson(response, remembered.status, remembered.body);
    const answer = (status: number, body: unknown) => {
      // Stripe keeps a key's first answer for 24 hours, errors included.
      if (request.method === 'POST' && idempotencyKey) idempotent.set(`${path}|${idempotencyKey}`, { status, body });
      sendJson(response, status, body);
    };

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const currency = form.get('line_items[0][price_data][currency]') ?? '';
      const successUrl = form.get('success_url') ?? '';
      // Stripe refuses an expiry less than 30 minutes or more than 24 hours away.
      const expiresIn = Number(form.get('expires_at') ?? Math.floor(Date.now() / 1000) + 86_400) - Math.floor(Date.now() / 1000);
      if (!(expiresIn >= 1800 && expiresIn <= 86_400))
        return stripeError(response, 400, 'invalid_request_error', 'parameter_invalid_integer');
      if (
        form.get('mode') !== 'payment' ||
        !Number.isInteger(amount) ||
        amount <= 0 ||
        !currency ||
        !successUrl.includes('{CHECKOUT_SESSION_ID}')
      ) {
        return stripeError(response, 400, 'invalid_request_error', 'parameter_missing');
      }
      const session: Session = {
        id: id('cs_test', 40),
        status: 'open',
        amount,
        currency,
        reference: form.get('client_reference_id') ?? '',
        successUrl,
        cancelUrl: form.get('cancel_url') ?? successUrl,
        email: null,
        intent: null,
        captureMethod: form.get('payment_intent_data[capture_method]') ?? 'automatic',
        expiresAt: Number(form.get('expires_at')),
      };
      sessions.set(session.id, session);
      return answer(200, sessionJson(session, false));
    }

    const sessionPath = path.match(/^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)(\/expire)?$/);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]);
      if (!session) return stripeError(response, 404, 'invalid_request_error', 'resource_missing');
      if (request.method === 'GET')
        return sendJson(response, 200, sessionJson(session, address.searchParams.getAll('expand[]').includes('payment_intent')));
      if (session.status !== 'open') return stripeError(response, 400, 'invalid_request_error', 'checkout_session_not_open');
      session.status = 'expired';
      return answer(200, sessionJson(session, false));
    }

    const intentPath = path.match(/^\/v1\/payment_intents\/(pi_[A-Za-z0-9]+)(\/capture|\/cancel)?$/);
    if (intentPath) {
      const session = intents.get(intentPath[1]);
      const intent = session?.intent;
      if (!session || !intent) return stripeError(response, 404, 'invalid_request_error', 'resource_missing');
      if (request.method === 'GET') return sendJson(response, 200, intentJson(intent));
      if (intent.status !== 'requires_capture') {
        return stripeError(
          response,
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          `This PaymentIntent's status is ${intent.status}.`,
        );
      }
      if (intentPath[2] === '/cancel') {
        intent.status = 'canceled';
        return answer(200, intentJson(intent));
      }
      if (declined.delete(session.id))
        return answer(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          },
        });
      if (unavailable.delete(session.id)) return stripeError(response, 500, 'api_error', 'api_error');
      doCapture(session);
      const captured = stalled.get(session.id);
      if (captured) {
        stalled.delete(session.id);
        return captured();
      }
      return answer(200, intentJson(intent));
    }

    if (request.method === 'POST' && path === '/v1/refunds') {
      const session = intents.get(form.get('payment_intent') ?? '');
      const intent = session?.intent;
      if (!intent) return stripeError(response, 404, 'invalid_request_error', 'resource_missing');
      if (intent.status !== 'succeeded') return stripeError(response, 400, 'invalid_request_error', 'charge_not_captured');
      const asked = form.has('amount') ? Number(form.get('amount')) : intent.amountReceived - intent.refunded;
      if (!Number.isInteger(asked) || asked <= 0 || intent.refunded + asked > intent.amountReceived) {
        return stripeError(response, 400, 'invalid_request_error', 'amount_too_large');
      }
      intent.refunded += asked;
      return answer(200, {
        id: id('re'),
        object: 'refund',
        status: 'succeeded',
        amount: asked,
        currency: intent.currency,
        payment_intent: intent.id,
      });
    }

    return stripeError(response, 404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${request.method}: ${path})`);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => stripeError(response, 500, 'api_error', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`sesión ${sessionId} desconocida en el Stripe falso`);
    return session;
  };

  return {
    url,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: url },
    sessions,
    calls,
    authorize: (sessionId, email = 'tarjetahabiente@correo.example') => authorize(sessionOf(sessionId), email),
    declineNext: (sessionId) => declined.add(sessionId),
    unavailableNext: (sessionId) => unavailable.add(sessionId),
    captureAmount: (sessionId, cents) => forcedAmount.set(sessionId, cents),
    stallCapture: (sessionId) => new Promise<void>((resolve) => stalled.set(sessionId, resolve)),
    captureDirectly(sessionId) {
      const session = sessionOf(sessionId);
      if (session.intent?.status !== 'requires_capture') throw new Error(`la sesión ${sessionId} no está autorizada`);
      doCapture(session);
    },
    sign(event, options = {}) {
      const body = JSON.stringify(event);
      const time = Math.floor((options.at ?? new Date()).getTime() / 1000);
      const signature = createHmac('sha256', options.secret ?? webhookSecret)
        .update(`${time}.${body}`)
        .digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${time},v1=${signature}` } };
    },
    sessionCompletedEvent(sessionId, options = {}) {
      const session = sessionOf(sessionId);
      return {
        id: options.eventId ?? id('evt'),
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object: sessionJson(session, false) },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
