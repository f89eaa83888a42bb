// /api/pagos/*: payments captured by the provider (docs/decisions/0035 PayPal, 0036 the card). The
// buyer starts the payment of a pending order (the server creates the provider's order with the
// amount it computed), the provider sends the browser back to the return route (the server
// captures), and the provider's signed webhook confirms a payment whose return never came.
import { z } from 'zod';
import { amount, idempotencyHeaders, MAX_ID, orderCode } from '#domain/contracts/campos.ts';
import { defineRoute, envelope } from '#domain/contracts/contract.ts';

const tags = ['pagos en línea'] as const;

export const iniciarPaypal = defineRoute({
  method: 'POST',
  path: '/pagos/paypal/iniciar',
  tags,
  summary: 'Crea en PayPal el pago de una orden pendiente por su total (lo calcula el servidor) y da la dirección para aprobarlo',
  // Any amount the browser sends is not read: the order's total is what PayPal is asked for.
  body: z.object({
    code: orderCode,
    t: z.string().max(100, 'El enlace de la orden no es válido').optional(),
  }),
  response: envelope(z.object({ approvalUrl: z.string(), providerOrderId: z.string(), amount: z.string(), currency: z.string() })),
});

export const retornoPaypal = defineRoute({
  method: 'GET',
  path: '/pagos/paypal/retorno',
  tags,
  summary: 'Regreso desde PayPal: el servidor captura el pago y lleva al comprador a su orden (redirección)',
  query: z.object({
    token: z.string({ error: 'Falta la orden de PayPal' }).regex(/^[A-Za-z0-9-]{1,60}$/, 'La orden de PayPal no es válida'),
    PayerID: z.string().max(60).optional(),
    // Our own signature of the order, in the return URL we gave PayPal: only it hands out the order's link.
    firma: z.string().max(64).optional(),
  }),
  response: z.null(),
  status: 302,
});

export const webhookPaypal = defineRoute({
  method: 'POST',
  path: '/pagos/paypal/webhook',
  tags,
  summary: 'Avisos de PayPal (firma verificada con PayPal, cada evento una sola vez)',
  // Kept as sent, key order included: PayPal verifies the event exactly as it signed it.
  body: z.record(z.string(), z.unknown(), { error: 'El aviso debe ser un objeto JSON' }),
  response: envelope(z.object({ duplicado: z.boolean(), resultado: z.string() })),
});

export const metodosEnLinea = defineRoute({
  method: 'GET',
  path: '/pagos/en-linea',
  tags,
  summary: 'Qué métodos se pagan en línea en esta tienda (el checkout lo dice y no pide referencia; sin tarjeta no la ofrece)',
  response: envelope(z.object({ paypal: z.boolean(), tarjeta: z.boolean() })),
});

export const iniciarTarjeta = defineRoute({
  method: 'POST',
  path: '/pagos/tarjeta/iniciar',
  tags,
  summary: 'Crea en Stripe la página de pago con tarjeta de una orden pendiente por su total (lo calcula el servidor)',
  body: iniciarPaypal.body,
  response: iniciarPaypal.response,
});

export const retornoTarjeta = defineRoute({
  method: 'GET',
  path: '/pagos/tarjeta/retorno',
  tags,
  summary: 'Regreso desde la página de la tarjeta: el servidor cobra la autorización y lleva al comprador a su orden',
  query: z.object({
    session_id: z.string({ error: 'Falta el pago con tarjeta' }).regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'El pago con tarjeta no es válido'),
    firma: z.string().max(64).optional(),
  }),
  response: z.null(),
  status: 302,
});

export const webhookTarjeta = defineRoute({
  method: 'POST',
  path: '/pagos/tarjeta/webhook',
  tags,
  summary: 'Avisos de Stripe (Stripe-Signature verificada con el secreto del webhook sobre el cuerpo exacto, cada evento una sola vez)',
  body: webhookPaypal.body,
  response: webhookPaypal.response,
});

export const reembolsarPago = defineRoute({
  method: 'POST',
  path: '/pagos/reembolsar',
  tags,
  summary:
    'Reembolsa en su proveedor (PayPal o Stripe) el pago capturado de una orden, todo o una parte; con anular, la orden se anula y su existencia vuelve. La misma Idempotency-Key es el mismo reembolso',
  headers: idempotencyHeaders,
  body: z.object({
    code: orderCode,
    // Without an amount, what is left of the payment.
    amount: amount('El monto del reembolso').optional(),
    note: z.string().trim().max(300, 'La nota no puede tener más de 300 caracteres').default(''),
    anular: z.boolean().default(false),
  }),
  response: envelope(
    z.object({
      refundId: z.string(),
      amount: z.string(),
      currency: z.string(),
      refunded: z.string(),
      remaining: z.string(),
      step: z.string(),
    }),
  ),
});

export const resolverReembolso = defineRoute({
  method: 'POST',
  path: '/pagos/reembolsos/resolver',
  tags,
  summary:
    'El personal cierra un reembolso que el proveedor no confirmó («por revisar»), después de mirarlo en el panel del proveedor: hecho (con el id del proveedor si lo tiene) o no hecho',
  body: z.object({
    code: orderCode,
    refund: z.number({ error: 'Indique el reembolso' }).int().positive().max(MAX_ID),
    made: z.boolean({ error: 'Indique si el reembolso se hizo' }),
    providerRefundId: z
      .string()
      .trim()
      .max(60, 'El id del proveedor no puede tener más de 60 caracteres')
      .regex(/^[A-Za-z0-9_-]*$/, 'El id del proveedor solo lleva letras, números, - o _')
      .optional(),
    note: z.string().trim().max(300, 'La nota no puede tener más de 300 caracteres').default(''),
  }),
  response: envelope(z.object({ step: z.string(), refunded: z.string(), remaining: z.string() })),
});
