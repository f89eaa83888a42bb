// PayPal through its REST API (Orders v2), over fetch: an OAuth token from the client id and
// secret, then create, capture and refund, and the webhook's signature checked by PayPal's own
// verify-webhook-signature call (the documented way; no certificate handling here).
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

export type PaypalConfig = { clientId: string; secret: string; apiUrl: string; webhookId: string | null };

type Json = Record<string, unknown>;
type PaypalError = { name?: string; details?: { issue?: string; description?: string }[] };

/** A token is asked for again this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 15_000;

function issuesOf(body: unknown): string[] {
  return ((body as PaypalError)?.details ?? []).map((d) => d.issue ?? '').filter(Boolean);
}

function montoOf(amount: unknown): Monto | null {
  const a = amount as { value?: unknown; currency_code?: unknown } | undefined;
  return typeof a?.value === 'string' && typeof a.currency_code === 'string' ? { value: a.value, currency: a.currency_code } : null;
}

/** The first capture of an order's answer (one purchase unit, one capture: we create them so). */
function firstCapture(order: Json): Json | null {
  const units = (order.purchase_units ?? []) as { payments?: { captures?: Json[] } }[];
  return units[0]?.payments?.captures?.[0] ?? null;
}

function capturaOf(order: Json): Captura {
  const capture = firstCapture(order);
  const amount = capture ? montoOf(capture.amount) : null;
  if (!capture || typeof capture.id !== 'string' || !amount) return { status: 'rechazada', motivo: 'PayPal no devolvió una captura.' };
  const payer = order.payer as { email_address?: string } | undefined;
  if (capture.status === 'COMPLETED')
    return { status: 'completada', captureId: capture.id, amount, payerEmail: payer?.email_address ?? null };
  if (capture.status === 'PENDING')
    return { status: 'pendiente', captureId: capture.id, amount, motivo: 'PayPal dejó la captura pendiente.' };
  return { status: 'rechazada', motivo: `PayPal respondió la captura con estado ${String(capture.status)}.` };
}

/** How far a webhook delivery's transmission time may be from now (clocks drift; retries are signed anew). */
export const WEBHOOK_MAX_AGE_MS = 10 * 60_000;
export function createPaypal(config: PaypalConfig, fetcher: typeof fetch = fetch): PaymentProvider {
  const base = config.apiUrl.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.secret}`).toString('base64');
    const response = await fetcher(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token)
      throw new ProveedorNoDisponible('PayPal no aceptó las credenciales de la tienda.', response.status);
    token = { value: body.access_token, until: Date.now() + (body.expires_in ?? 300) * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** `body`: an object sent as JSON, or JSON text sent as is. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: object | string,
    requestId?: string,
  ): Promise<{ status: number; body: Json }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProveedorNoDisponible(`No se pudo contactar a PayPal: ${(error as Error).message}`);
    }
    if (response.status === 401) token = null;
    const json = (await response.json().catch(() => ({}))) as Json;
    return { status: response.status, body: json };
  }

  return {
    name: 'paypal',
    method: 'paypal',
    label: 'PayPal',

    async createOrder(order: OrdenNueva): Promise<OrdenCreada> {
      const { status, body } = await call(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: order.reference,
              invoice_id: order.reference,
              custom_id: order.reference,
              amount: { currency_code: order.amount.currency, value: order.amount.value },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: order.returnUrl,
                cancel_url: order.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
        order.requestId,
      );
      const links = (body.links ?? []) as { rel?: string; href?: string }[];
      const approval = links.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (status >= 300 || typeof body.id !== 'string' || !approval) {
        throw new ProveedorNoDisponible(
          `PayPal no creó la orden (${status}${issuesOf(body).length ? `: ${issuesOf(body).join(', ')}` : ''}).`,
          status,
        );
      }
      return { providerOrderId: body.id, approvalUrl: approval };
    },

    async capture(providerOrderId, requestId): Promise<Captura> {
      const id = encodeURIComponent(providerOrderId);
      const { status, body } = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, requestId);
      if (status < 300) return capturaOf(body);
      const issues = issuesOf(body);
      // Captured before (another tab, a retried return): the order says what was captured.
      if (issues.includes('ORDER_ALREADY_CAPTURED')) {
        const current = await call('GET', `/v2/checkout/orders/${id}`);
        if (current.status < 300) return capturaOf(current.body);
      }
      if (status === 422 || status === 404) {
        return { status: 'rechazada', motivo: issues.length ? issues.join(', ') : `PayPal respondió ${status}.` };
      }
      throw new ProveedorNoDisponible(`PayPal no pudo capturar el pago (${status}).`, status);
    },

    async lookup(providerOrderId) {
      const { status, body } = await call('GET', `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`);
      if (status >= 300) throw new ProveedorNoDisponible(`PayPal no dio el estado de la orden (${status}).`, status);
      if (body.status === 'COMPLETED') return capturaOf(body);
      if (body.status === 'APPROVED') return { status: 'aprobada' as const };
      return { status: 'abierta' as const, providerStatus: String(body.status ?? '') };
    },

    async refund(captureId, requestId, amount): Promise<Reembolso> {
      const body = amount ? { amount: { value: amount.value, currency_code: amount.currency } } : {};
      const answer = await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, body, requestId);
      if (answer.status >= 300 || typeof answer.body.id !== 'string') {
        throw new ProveedorNoDisponible(
          `PayPal no hizo el reembolso (${answer.status}: ${issuesOf(answer.body).join(', ')}).`,
          answer.status,
        );
      }
      return { refundId: answer.body.id, status: String(answer.body.status ?? ''), amount: montoOf(answer.body.amount) };
    },

    // An approved PayPal order that is never captured expires at PayPal by itself: nothing to release.
    async release() {},

    readEvent(event): EventoProveedor | null {
      const { id, event_type: type, resource } = event;
      if (typeof id !== 'string' || !id || id.length > 100 || typeof type !== 'string' || type.length > 100) return null;
      const r = resource && typeof resource === 'object' ? (resource as Json) : {};
      const resourceId = typeof r.id === 'string' ? r.id.slice(0, 100) : null;
      const related = (r.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids;
      const providerOrderId = typeof related?.order_id === 'string' ? related.order_id : null;
      const amount = montoOf(r.amount);
      if (type !== 'PAYMENT.CAPTURE.COMPLETED' || !resourceId || !amount) {
        return { id, type, resourceId, providerOrderId, accion: { kind: 'ninguna' } };
      }
      const captura: Captura = { status: 'completada', captureId: resourceId, amount, payerEmail: null };
      return { id, type, resourceId, providerOrderId, accion: { kind: 'captura', captura } };
    },

    async verifyWebhook({ headers, rawBody }: AvisoRecibido): Promise<boolean> {
      if (!config.webhookId) return false;
      const header = (name: string) => {
        const value = headers[name];
        return typeof value === 'string' ? value : '';
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      };
      if (Object.values(fields).some((v) => !v)) return false;
      // PayPal signs every delivery attempt anew with its time: one sent long ago is a replay, and is
      // refused before asking PayPal (which would still find its old signature good).
      const sent = Date.parse(fields.transmission_time);
      if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > WEBHOOK_MAX_AGE_MS) return false;
      // The event goes back to PayPal byte for byte as it arrived (PayPal signed those bytes; a
      // re-serialized copy could differ in number or unicode formatting).
      const fieldsJson = JSON.stringify({ ...fields, webhook_id: config.webhookId });
      const request = `${fieldsJson.slice(0, -1)},"webhook_event":${rawBody}}`;
      const { status, body } = await call('POST', '/v1/notifications/verify-webhook-signature', request);
      if (status >= 500) throw new ProveedorNoDisponible('PayPal no pudo verificar el aviso.', status);
      return status < 300 && body.verification_status === 'SUCCESS';
    },
  };
}
