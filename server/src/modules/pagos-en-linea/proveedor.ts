// The one small interface every online payment provider speaks (PayPal today, a card provider
// later): the server creates the provider's order with the amount it computed, captures it after
// the buyer approves, refunds it, and checks that a webhook really comes from the provider.

/** Money as the providers write it: a decimal string with two places, and its ISO currency. */
export type Monto = { value: string; currency: string };

export type OrdenNueva = {
  /** What the buyer must pay: computed by the server, never taken from the browser. */
  amount: Monto;
  /** Our order's code: PayPal keeps it as invoice_id and custom_id. */
  reference: string;
  returnUrl: string;
  cancelUrl: string;
  /** The provider's idempotency key: the same key answers with the same order. */
  requestId: string;
};

export type OrdenCreada = { providerOrderId: string; approvalUrl: string };

export type Captura =
  | { status: 'completada'; captureId: string; amount: Monto; payerEmail: string | null }
  | { status: 'rechazada'; motivo: string }
  | { status: 'pendiente'; captureId: string; amount: Monto; motivo: string };

export type Reembolso = { refundId: string; status: string; amount: Monto | null };

/** The webhook as it arrived: its headers (lower-case names) and its parsed JSON body. */
export type AvisoRecibido = { headers: Record<string, string | string[] | undefined>; event: Record<string, unknown> };

export interface PaymentProvider {
  readonly name: string;
  createOrder(order: OrdenNueva): Promise<OrdenCreada>;
  /** Captures an approved order; a repeated call answers with the capture already made. */
  capture(providerOrderId: string, requestId: string): Promise<Captura>;
  /**
   * Where the provider's order stands, for the periodic reconciliation: its capture once captured
   * (the same answer as `capture`), 'aprobada' when the buyer approved and nobody captured yet.
   */
  lookup(providerOrderId: string): Promise<Captura | { status: 'aprobada' } | { status: 'abierta'; providerStatus: string }>;
  /** The whole capture, or part of it when `amount` is given. */
  refund(captureId: string, requestId: string, amount?: Monto): Promise<Reembolso>;
  verifyWebhook(aviso: AvisoRecibido): Promise<boolean>;
}

/** The provider answered something we cannot act on (down, bad credentials, an unknown shape). */
export class ProveedorNoDisponible extends Error {
  readonly status: number;
  constructor(message: string, status = 0) {
    super(message);
    this.status = status;
  }
}
