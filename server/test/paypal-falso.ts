// A local stand-in for PayPal's REST API, for the tests: a node:http server on a random port that
// speaks the endpoints Vitrina calls (OAuth token, Orders v2 create / get / capture, capture refund,
// verify-webhook-signature), keeps its orders in memory and has an approval page whose button marks
// the order approved and sends the browser to the order's return URL, as PayPal's checkout does.
//
// Webhooks: PayPal signs each delivery with its private key over
// `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>` and the merchant asks
// PayPal's verify-webhook-signature endpoint whether the signature holds. The fake signs the same
// string with an HMAC-SHA256 key only it knows and answers verify-webhook-signature by recomputing
// it, so Vitrina's verifier goes through exactly the call it makes against PayPal.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { escapeHtml, randomId, readBody, sendJson } from './proveedor-falso.ts';

type Amount = { currency_code: string; value: string };
type Capture = { id: string; status: string; amount: Amount; refunded: number };
type Order = {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: Amount;
  reference: string;
  returnUrl: string;
  cancelUrl: string;
  payerEmail: string | null;
  capture: Capture | null;
  captureRequestId: string | null;
};

export type PaypalFalso = {
  url: string;
  clientId: string;
  secret: string;
  webhookId: string;
  /** The store's settings that point it at this fake (PAYPAL_*). */
  env: Record<'PAYPAL_CLIENT_ID' | 'PAYPAL_SECRET' | 'PAYPAL_API_URL' | 'PAYPAL_WEBHOOK_ID', string>;
  orders: Map<string, Order>;
  /** How many times each endpoint was called (`POST /v2/checkout/orders`…). */
  calls: Map<string, number>;
  /** The next capture of this order is declined (INSTRUMENT_DECLINED). */
  declineNext(orderId: string): void;
  /** The next capture of this order fails with PayPal's 503 (nothing is captured). */
  unavailableNext(orderId: string): void;
  /** The next capture of this order reports another amount (a provider or an attacker out of step). */
  captureAmount(orderId: string, amount: Amount): void;
  /**
   * The next capture of this order is made but never answered (the store's process dies waiting):
   * resolves once PayPal has captured.
   */
  stallCapture(orderId: string): Promise<void>;
  /** The next refund is made but its answer is lost (PayPal answers 503 after refunding, or the line drops). */
  loseNextRefundAnswer(): void;
  /** The next refund call is refused (422 REFUND_NOT_ALLOWED), even a repeat of one made, and nothing moves. */
  refuseNextRefund(): void;
  /** Every refund made, as PayPal keeps them (a repeated PayPal-Request-Id is not a new one). */
  refunds: { id: string; captureId: string; value: string; requestId: string | null }[];
  /** The buyer approves at PayPal, without the page (for tests that do not follow redirects). */
  approve(orderId: string, payerEmail?: string): void;
  /** PayPal captures on its side (as if our return never arrived) and returns the capture. */
  captureDirectly(orderId: string): Capture;
  /** A signed delivery of `event`: the headers PayPal sends and the exact body. */
  /** `at`: when PayPal sent it (now by default; an old one is a replay). */
  sign(event: object, options?: { webhookId?: string; at?: Date }): { headers: Record<string, string>; body: string };
  /** The same for a body written by hand (its exact bytes are what PayPal signs). */
  signRaw(body: string, options?: { webhookId?: string; at?: Date }): { headers: Record<string, string>; body: string };
  /** The PAYMENT.CAPTURE.COMPLETED event of an order's capture (`amount` to forge another). */
  captureCompletedEvent(orderId: string, options?: { eventId?: string; amount?: Amount }): object;
  close(): Promise<void>;
};

function problem(response: ServerResponse, status: number, name: string, issue?: string) {
  sendJson(response, status, { name, message: name, debug_id: id(12), details: issue ? [{ issue, description: issue }] : [] });
}

function id(length = 17): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return randomId(alphabet, length);
}

export async function startPaypalFalso(): Promise<PaypalFalso> {
  const clientId = `cliente-${id(8)}`;
  const secret = `secreto-${id(16)}`;
  const webhookId = id(17);
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  const byRequestId = new Map<string, string>();
  const declined = new Set<string>();
  const unavailable = new Set<string>();
  const forcedAmount = new Map<string, Amount>();
  const calls = new Map<string, number>();
  const stalled = new Map<string, () => void>();
  const refunds: PaypalFalso['refunds'] = [];
  let loseRefundAnswer = false;
  let refuseRefund = false;
  let url = '';

  const signature = (transmissionId: string, time: string, hookId: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${hookId}|${crc32(Buffer.from(body, 'utf8'))}`)
      .digest('base64');

  const orderJson = (order: Order) => ({
    id: order.id,
    status: order.status,
    intent: 'CAPTURE',
    payer: order.payerEmail ? { email_address: order.payerEmail, payer_id: 'PAGADOR' } : undefined,
    purchase_units: [
      {
        reference_id: order.reference,
        invoice_id: order.reference,
        custom_id: order.reference,
        amount: order.amount,
        ...(order.capture ? { payments: { captures: [{ ...order.capture, refunded: undefined }] } } : {}),
      },
    ],
    links: [
      { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
    ],
  });

  function doCapture(order: Order): Capture {
    const amount = forcedAmount.get(order.id) ?? order.amount;
    forcedAmount.delete(order.id);
    order.capture = { id: id(), status: 'COMPLETED', amount, refunded: 0 };
    order.status = 'COMPLETED';
    return order.capture;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? '/', url);
    const path = address.pathname;
    const key = `${request.method} ${path.replace(/\/[A-Z0-9]{17}(?=\/|$)/g, '/{id}')}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    const raw = await readBody(request);

    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || !raw.includes('grant_type=client_credentials')) {
        return sendJson(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21${id(40)}`;
      tokens.add(token);
      return sendJson(response, 200, { scope: 'openid', access_token: token, token_type: 'Bearer', app_id: 'APP', expires_in: 32400 });
    }

    // The approval page and its button: what the buyer sees at PayPal.
    if (request.method === 'GET' && path === '/checkoutnow') {
      const order = orders.get(address.searchParams.get('token') ?? '');
      if (!order) return problem(response, 404, 'RESOURCE_NOT_FOUND');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(`<!doctype html><html lang="es"><head><meta name="viewport" content="width=device-width"><title>PayPal (simulado)</title></head>
<body><h1>PayPal (simulado)</h1><p>Pagar ${escapeHtml(order.amount.value)} ${escapeHtml(order.amount.currency_code)} a Vitrina</p>
<form method="post" action="/checkoutnow/aprobar"><input type="hidden" name="token" value="${order.id}"><button type="submit">Pagar ahora</button></form>
<form method="post" action="/checkoutnow/cancelar"><input type="hidden" name="token" value="${order.id}"><button type="submit">Cancelar y volver</button></form></body></html>`);
    }
    if (request.method === 'POST' && (path === '/checkoutnow/aprobar' || path === '/checkoutnow/cancelar')) {
      const order = orders.get(new URLSearchParams(raw).get('token') ?? '');
      if (!order) return problem(response, 404, 'RESOURCE_NOT_FOUND');
      const approve = path.endsWith('aprobar');
      if (approve) {
        order.status = order.status === 'COMPLETED' ? order.status : 'APPROVED';
        order.payerEmail ??= 'comprador@personal.example.com';
      }
      const target = new URL(approve ? order.returnUrl : order.cancelUrl);
      target.searchParams.set('token', order.id);
      if (approve) target.searchParams.set('PayerID', 'PAGADOR');
      response.writeHead(303, { location: target.toString() });
      return response.end();
    }

    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer))
      return sendJson(response, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : null;

    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      if (requestId && byRequestId.has(requestId)) {
        return sendJson(response, 200, orderJson(orders.get(byRequestId.get(requestId) as string) as Order));
      }
      const unit = (body.purchase_units as { amount?: Amount; reference_id?: string }[] | undefined)?.[0];
      const context = (body.payment_source as { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } })?.paypal
        ?.experience_context;
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !/^\d+\.\d{2}$/.test(unit.amount.value) || !context?.return_url) {
        return problem(response, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      }
      const order: Order = {
        id: id(),
        status: 'PAYER_ACTION_REQUIRED',
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        reference: unit.reference_id ?? '',
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url ?? context.return_url,
        payerEmail: null,
        capture: null,
        captureRequestId: null,
      };
      orders.set(order.id, order);
      if (requestId) byRequestId.set(requestId, order.id);
      return sendJson(response, 200, orderJson(order));
    }

    const orderPath = path.match(/^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/);
    if (orderPath) {
      const order = orders.get(orderPath[1]);
      if (!order) return problem(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (request.method === 'GET' && !orderPath[2]) return sendJson(response, 200, orderJson(order));
      if (request.method === 'POST' && orderPath[2]) {
        // The same PayPal-Request-Id answers the first capture again (PayPal's idempotency).
        if (order.status === 'COMPLETED' && requestId && requestId === order.captureRequestId)
          return sendJson(response, 201, orderJson(order));
        if (order.status === 'COMPLETED') return problem(response, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        if (order.status !== 'APPROVED') return problem(response, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        if (declined.delete(order.id)) return problem(response, 422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
        if (unavailable.delete(order.id)) return problem(response, 503, 'SERVICE_UNAVAILABLE');
        doCapture(order);
        order.captureRequestId = requestId;
        const captured = stalled.get(order.id);
        if (captured) {
          stalled.delete(order.id);
          return captured();
        }
        return sendJson(response, 201, orderJson(order));
      }
    }

    const refundPath = path.match(/^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/);
    if (request.method === 'POST' && refundPath) {
      const capture = [...orders.values()].map((o) => o.capture).find((c) => c?.id === refundPath[1]);
      if (!capture) return problem(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const refundJson = (r: (typeof refunds)[number]) => ({
        id: r.id,
        status: 'COMPLETED',
        amount: { currency_code: capture.amount.currency_code, value: r.value },
      });
      // Refused before anything else: also a repeat of a refund already made (a key PayPal forgot).
      if (refuseRefund) {
        refuseRefund = false;
        return problem(response, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED');
      }
      // The same PayPal-Request-Id answers the refund already made (PayPal's idempotency).
      const earlier = requestId ? refunds.find((r) => r.requestId === requestId) : undefined;
      if (earlier) return sendJson(response, 200, refundJson(earlier));
      // Without an amount, what is left of the capture.
      const capturedCents = Math.round(Number(capture.amount.value) * 100);
      const asked = (body.amount as Amount | undefined)?.value ?? ((capturedCents - capture.refunded) / 100).toFixed(2);
      const cents = Math.round(Number(asked) * 100);
      if (cents <= 0 || capture.refunded + cents > capturedCents) {
        return problem(response, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
      }
      capture.refunded += cents;
      capture.status = capture.refunded === capturedCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      const made = { id: id(), captureId: capture.id, value: asked, requestId };
      refunds.push(made);
      if (loseRefundAnswer) {
        loseRefundAnswer = false;
        return problem(response, 503, 'SERVICE_UNAVAILABLE');
      }
      return sendJson(response, 201, refundJson(made));
    }

    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const b = body as Record<string, string>;
      const expected = signature(
        b.transmission_id ?? '',
        b.transmission_time ?? '',
        b.webhook_id ?? '',
        // The event as the store sent it back, byte for byte (it is the last member of the request).
        raw.slice(raw.indexOf('"webhook_event":') + '"webhook_event":'.length, raw.lastIndexOf('}')),
      );
      const ok =
        b.auth_algo === 'SHA256withRSA' &&
        typeof b.cert_url === 'string' &&
        b.cert_url.startsWith(`${url}/v1/notifications/certs/`) &&
        b.webhook_id === webhookId &&
        b.transmission_sig === expected;
      return sendJson(response, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    return problem(response, 404, 'RESOURCE_NOT_FOUND');
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => problem(response, 500, 'INTERNAL_SERVER_ERROR', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: PaypalFalso = {
    url,
    clientId,
    secret,
    webhookId,
    env: { PAYPAL_CLIENT_ID: clientId, PAYPAL_SECRET: secret, PAYPAL_API_URL: url, PAYPAL_WEBHOOK_ID: webhookId },
    orders,
    calls,
    declineNext: (orderId) => declined.add(orderId),
    unavailableNext: (orderId) => unavailable.add(orderId),
    captureAmount: (orderId, amount) => forcedAmount.set(orderId, amount),
    stallCapture: (orderId) => new Promise<void>((resolve) => stalled.set(orderId, resolve)),
    loseNextRefundAnswer: () => {
      loseRefundAnswer = true;
    },
    refuseNextRefund: () => {
      refuseRefund = true;
    },
    refunds,
    approve(orderId, payerEmail = 'comprador@personal.example.com') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`orden ${orderId} desconocida en el PayPal falso`);
      order.status = 'APPROVED';
      order.payerEmail = payerEmail;
    },
    captureDirectly(orderId) {
      const order = orders.get(orderId);
      if (order?.status !== 'APPROVED') throw new Error(`la orden ${orderId} no está aprobada`);
      return doCapture(order);
    },
    sign(event, options = {}) {
      return fake.signRaw(JSON.stringify(event), options);
    },
    signRaw(body, options = {}) {
      const transmissionId = randomUUID();
      const time = (options.at ?? new Date()).toISOString();
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': signature(transmissionId, time, options.webhookId ?? webhookId, body),
        },
      };
    },
    captureCompletedEvent(orderId, options = {}) {
      const order = orders.get(orderId);
      if (!order?.capture) throw new Error(`la orden ${orderId} no tiene captura`);
      return {
        id: options.eventId ?? `WH-${id(17)}`,
        create_time: new Date().toISOString(),
        resource_type: 'capture',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        summary: `Payment completed for ${order.amount.value} ${order.amount.currency_code}`,
        resource: {
          id: order.capture.id,
          status: 'COMPLETED',
          amount: options.amount ?? order.capture.amount,
          invoice_id: order.reference,
          custom_id: order.reference,
          supplementary_data: { related_ids: { order_id: order.id } },
        },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
  return fake;
}

/**
 * The buyer presses «Pagar ahora» on the fake's approval page, as a browser would: the answer is
 * PayPal's redirect back to the store's return URL.
 */
export async function pagarEnPaypalFalso(fake: PaypalFalso, approvalUrl: string): Promise<URL> {
  const page = await fetch(approvalUrl);
  const html = await page.text();
  if (!html.includes('Pagar ahora')) throw new Error(`la página de aprobación no ofrece pagar: ${html.slice(0, 200)}`);
  const token = new URL(approvalUrl).searchParams.get('token') ?? '';
  const answer = await fetch(`${fake.url}/checkoutnow/aprobar`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${token}`,
    redirect: 'manual',
  });
  if (answer.status !== 303) throw new Error(`PayPal falso respondió ${answer.status} al aprobar`);
  return new URL(answer.headers.get('location') ?? '');
}
