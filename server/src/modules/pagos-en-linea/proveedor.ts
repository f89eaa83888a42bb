// The one small interface every online payment provider speaks (PayPal, and a card provider with
// Stripe's API): the server creates the provider's order with the amount it computed, captures it
// after the buyer approves, refunds it, and checks that a webhook really comes from the provider.
import type { OnlineMethod } from '#domain/contracts/orden-compra.ts';
import { AppError } from '#server/errors.ts';

/** Money as the providers write it: a decimal string with two places, and its ISO currency. */
export type Monto = { value: string; currency: string };

export type OrdenNueva = {
  /** What the buyer must pay: computed by the server, never taken from the browser. */
  amount: Monto;
  /** Our order's code: the provider keeps it with its order (PayPal's invoice_id, the card's metadata). */
  reference: string;
  returnUrl: string;
  cancelUrl: string;
  /** The provider's idempotency key: the same key answers with the same order. */
  requestId: string;
  /** When our order stops waiting for its payment: the provider's page should not outlive it. */
  expiresAt?: Date | null;
};

export type OrdenCreada = { providerOrderId: string; approvalUrl: string };

export type Captura =
  | { status: 'completada'; captureId: string; amount: Monto; payerEmail: string | null }
  | { status: 'rechazada'; motivo: string }
  | { status: 'pendiente'; captureId: string; amount: Monto; motivo: string };

export type Reembolso = { refundId: string; status: string; amount: Monto | null };

/** The webhook as it arrived: its headers (lower-case names), its exact body and that body parsed. */
export type AvisoRecibido = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  event: Record<string, unknown>;
};

/**
 * What a verified webhook event means for us. `captura`: the provider captured (apply it);
 * `aprobada`: the buyer approved and nobody captured yet (capture it, as the return would);
 * otherwise the event is recorded and ignored.
 */
export type EventoProveedor = {
  id: string;
  type: string;
  resourceId: string | null;
  providerOrderId: string | null;
  accion: { kind: 'captura'; captura: Captura } | { kind: 'aprobada' } | { kind: 'ninguna' };
};

export interface PaymentProvider {
  /** Stored with each payment (`pagos_en_linea.provider`). */
  readonly name: string;
  /** The order's payment method it charges. */
  readonly method: OnlineMethod;
  /** How staff read it in histories and notes: «PayPal», «Stripe». */
  readonly label: string;
  createOrder(order: OrdenNueva): Promise<OrdenCreada>;
  /** Captures an approved order; a repeated call answers with the capture already made. */
  capture(providerOrderId: string, requestId: string): Promise<Captura>;
  /**
   * Where the provider's order stands, for the periodic reconciliation: its capture once captured
   * (the same answer as `capture`), 'aprobada' when the buyer approved and nobody captured yet.
   */
  lookup(providerOrderId: string): Promise<Captura | { status: 'aprobada' } | { status: 'abierta'; providerStatus: string }>;
  /** Lets an approval lapse without charging (an order cancelled while the buyer paid); a no-op where approvals expire alone. */
  release(providerOrderId: string): Promise<void>;
  /** The whole capture, or part of it when `amount` is given. */
  refund(captureId: string, requestId: string, amount?: Monto): Promise<Reembolso>;
  verifyWebhook(aviso: AvisoRecibido): Promise<boolean>;
  /** Reads a verified event; null when it is not an event of this provider. */
  readEvent(event: Record<string, unknown>): EventoProveedor | null;
}

/**
 * The provider answered something we cannot act on (down, bad credentials, a refused refund, an
 * unknown shape): a 502 with its Spanish reason. `providerStatus` is the provider's HTTP status (0: no answer).
 */
export class ProveedorNoDisponible extends AppError {
  readonly providerStatus: number;
  constructor(message: string, providerStatus = 0) {
    super(502, message);
    this.providerStatus = providerStatus;
  }
}
