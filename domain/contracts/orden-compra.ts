// /api/orden-compra/*: the checkout form (docs/dominio.md §Checkout) as one zod schema shared by the API and the
// checkout pages, and every route of the order pipeline with its answer.
import { z } from 'zod';
import { bankByCode } from '#domain/banks.ts';
import {
  amount,
  cedulaRif,
  couponCode,
  email,
  idempotencyHeaders,
  idParam,
  isoDay,
  listQuery,
  MAX_ID,
  obligatorio,
  orderCode,
  phone,
} from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { BANK_ACCOUNT_METHOD_IDS, bankAccount, normalizeMobile } from '#domain/contracts/general.ts';
import { caracasIsoDate, isIsoDay } from '#domain/dates.ts';
import { ORDER_STEPS } from '#domain/order-steps.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { MAX_UNITS_PER_LINE, PAY_SHIPPING_IDS, PAYMENT_METHOD_IDS, PAYMENT_METHODS, SHIPPING_AGENCY_IDS } from '#domain/store-constants.ts';
import { tooManyUnitsMessage, unitsByArticle } from '#domain/unidades-orden.ts';
import { stateByName } from '#domain/venezuela.ts';

/** A bank reference as it is compared: "ab-123 45" and "AB12345" are the same payment. */
export function normalizeReference(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: obligatorio(label) })
    .trim()
    .min(min, obligatorio(label))
    .max(max, `${label} no puede tener más de ${max} caracteres`);

const state = text('El estado', 2, 60).refine((v) => stateByName(v) !== undefined, 'Elija un estado de Venezuela');

export const buyerSchema = z.object({
  fullName: text('El nombre completo', 3, 120),
  email,
  phone,
  dni: cedulaRif,
  state,
  city: text('La ciudad', 2, 80),
  address: text('La dirección', 5, 300),
});

/** How the order reaches the buyer: shipped (to the address or an agency office) or picked up at a store. */
export const SHIPPING_IDS = ['envio', 'retiro-en-agencia', 'retiro-en-tienda'] as const;
export type ShippingId = (typeof SHIPPING_IDS)[number];

/**
 * Who receives and how. A shipment needs the place and the agency; a pickup at a store needs the
 * store (one that ships, checked by the server) and costs no shipping.
 */
export const deliverySchema = z
  .object({
    contact: text('La persona que recibe', 3, 120),
    phone,
    dni: cedulaRif,
    shipping: z.enum(SHIPPING_IDS, { error: 'Elija el tipo de entrega' }).default('envio'),
    pickupTiendaId: z
      .number({ error: 'Elija la tienda donde retirará' })
      .int()
      .positive('Elija la tienda donde retirará')
      .max(MAX_ID, 'Elija la tienda donde retirará')
      .nullish(),
    state: z.string({ error: 'Elija un estado de Venezuela' }).trim().max(60).default(''),
    city: z.string({ error: 'La ciudad es obligatoria' }).trim().max(80, 'La ciudad no puede tener más de 80 caracteres').default(''),
    address: z
      .string({ error: 'La dirección es obligatoria' })
      .trim()
      .max(300, 'La dirección no puede tener más de 300 caracteres')
      .default(''),
    agency: z.enum([...SHIPPING_AGENCY_IDS, ''], { error: 'Elija una agencia de envío' }).default(''),
    payShipping: z.enum(PAY_SHIPPING_IDS, { error: 'Elija quién paga el envío' }).default('delivery-gratis'),
  })
  .superRefine((d, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (d.shipping === 'retiro-en-tienda') {
      if (!d.pickupTiendaId) issue('pickupTiendaId', 'Elija la tienda donde retirará');
      return;
    }
    if (!stateByName(d.state)) issue('state', 'Elija un estado de Venezuela');
    if (d.city.length < 2) issue('city', 'La ciudad es obligatoria');
    if (d.address.length < 5) issue('address', 'La dirección es obligatoria');
    if (d.agency === '') issue('agency', 'Elija una agencia de envío');
  });
export type Delivery = z.infer<typeof deliverySchema>;

/**
 * The delivery of an order asked for by WhatsApp: the store agrees it with the buyer in the chat, so
 * no agency, no address and no shipping charged yet (docs/decisions/0033). Never sent by the checkout.
 */
export const SHIPPING_POR_ACORDAR = 'por-acordar';

/** Where an order was placed: the checkout, or «Pedir por WhatsApp». */
export const ORDER_ORIGINS = ['web', 'whatsapp'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];
export const ORDER_ORIGIN_LABELS: Record<OrderOrigin, string> = { web: 'Tienda en línea', whatsapp: 'WhatsApp' };

export const articleCodeSchema = z
  .string({ error: 'Falta el artículo' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8,22}$/, 'El código de artículo no es válido');

/** Units of an article taken from one store (a cart line or an order line has one per store). */
export const storeQuantitySchema = z.object({
  tiendaId: z.number({ error: 'Falta la tienda' }).int().positive('La tienda no es válida').max(MAX_ID, 'La tienda no es válida'),
  quantity: z
    .number({ error: 'Falta la cantidad' })
    .int('La cantidad debe ser un entero')
    .min(1, 'La cantidad mínima es 1')
    .max(99, 'La cantidad máxima es 99'),
});

export const orderItemsSchema = z
  .array(
    z.object({
      articleCode: articleCodeSchema,
      stores: z.array(storeQuantitySchema).min(1, 'Elija al menos una tienda para el artículo').max(10),
    }),
    { error: 'El pedido no tiene artículos' },
  )
  .min(1, 'El pedido no tiene artículos')
  .max(50, 'El pedido no puede tener más de 50 artículos')
  .superRefine((items, ctx) => {
    const units = unitsByArticle(items);
    items.forEach((item, index) => {
      const total = units.get(item.articleCode) ?? 0;
      if (total > MAX_UNITS_PER_LINE && items.findIndex((i) => i.articleCode === item.articleCode) === index) {
        ctx.addIssue({ code: 'custom', path: [index, 'stores'], message: tooManyUnitsMessage(item.articleCode, total) });
      }
    });
  });

/** Methods the provider charges and the server captures (docs/decisions/0035 and 0036). */
export const ONLINE_METHODS = ['paypal', 'tarjeta'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];

export function isOnlineMethod(method: string): method is OnlineMethod {
  return (ONLINE_METHODS as readonly string[]).includes(method);
}

/**
 * PayPal chosen without a reference is paid at PayPal and captured by the server (docs/decisions/0035);
 * the server refuses it when PayPal is not configured, and then PayPal is reported with its reference.
 * A card is only ever paid online (0036).
 */
export function paidOnline(payment: { method: string; reference?: string; amount?: string; date?: string }): boolean {
  return isOnlineMethod(payment.method) && !payment.reference && !payment.amount && !payment.date;
}

export const paymentSchema = z
  .object({
    method: z.enum(PAYMENT_METHOD_IDS, { error: 'Elija un método de pago' }),
    reference: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{4,40}$/, 'La referencia debe tener de 4 a 40 letras o números')
      .transform(normalizeReference)
      .refine((v) => v.length >= 4, 'La referencia debe tener de 4 a 40 letras o números')
      .optional(),
    bankCode: z
      .string()
      .regex(/^\d{4}$/, 'Elija el banco')
      .refine((v) => bankByCode(v) !== undefined, 'Elija un banco venezolano de la lista')
      .optional(),
    amount: amount()
      .refine((v) => Number(v) > 0, 'El monto debe ser mayor que cero')
      .optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato aaaa-mm-dd')
      .refine(isIsoDay, 'Esa fecha no existe')
      // A day ahead of Caracas is allowed: the buyer's phone may be in another time zone.
      .refine((v) => v <= caracasIsoDate(new Date(Date.now() + 86_400_000)), 'La fecha del pago no puede ser futura')
      .optional(),
  })
  .superRefine((p, ctx) => {
    const method = PAYMENT_METHODS[p.method];
    if (p.method === 'tarjeta' && !paidOnline(p)) {
      const message = 'El pago con tarjeta se hace en la página segura de la tarjeta: no lleva referencia, monto ni fecha';
      ctx.addIssue({ code: 'custom', path: ['method'], message });
    }
    if (!method.takesReference || paidOnline(p)) return;
    if (!p.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Escriba la referencia del pago' });
    if (!p.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Escriba el monto pagado' });
    if (!p.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Escriba la fecha del pago' });
    if (method.needsBank && !p.bankCode) ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'Elija el banco' });
  });

export const registrarOrdenSchema = z.object({
  user: buyerSchema,
  delivery: deliverySchema,
  items: orderItemsSchema,
  payment: paymentSchema,
  comment: z.string().trim().max(500, 'El comentario no puede tener más de 500 caracteres').default(''),
  withSeller: z.boolean().default(false),
  salesman: z.number().int().positive('El vendedor no es válido').max(MAX_ID, 'El vendedor no es válido').nullable().default(null),
  /** The coupon typed at checkout: absent, the cart's; null, none. The server checks it again. */
  coupon: couponCode.nullable().optional(),
});

export type RegistrarOrden = z.infer<typeof registrarOrdenSchema>;

/** A Venezuelan mobile number the store can write to by WhatsApp, kept as 0414-555-0101. */
const whatsappPhone = z
  .string({ error: 'El teléfono es obligatorio' })
  .trim()
  .min(1, { error: 'El teléfono es obligatorio', abort: true })
  .transform((v, ctx) => {
    const normalized = normalizeMobile(v);
    if (!normalized) ctx.addIssue({ code: 'custom', message: 'Escriba un celular venezolano con WhatsApp (ejemplo: 0414-555-0101)' });
    return normalized ?? v;
  });

/**
 * «Pedir por WhatsApp»: fewer data than the checkout. Who buys (name, WhatsApp, cédula or RIF) and
 * where it goes (state and city, for the shipping agreed later); the e-mail is optional (with it the
 * buyer also gets the order's mails). Payment is «pago pendiente» and the delivery is agreed in the chat.
 */
export const pedidoWhatsappSchema = z.object({
  user: z.object({
    fullName: text('El nombre completo', 3, 120),
    phone: whatsappPhone,
    dni: cedulaRif,
    state,
    city: text('La ciudad', 2, 80),
    email: z.union([z.literal(''), email], { error: 'El correo no es válido' }).default(''),
  }),
  items: orderItemsSchema,
  comment: z.string().trim().max(500, 'El comentario no puede tener más de 500 caracteres').default(''),
  /** The coupon the cart showed, named; null, none. The server checks it again. */
  coupon: couponCode.nullable().optional(),
});
export type PedidoWhatsapp = z.infer<typeof pedidoWhatsappSchema>;
export type PaymentInput = z.infer<typeof paymentSchema>;

// ── shapes of the answers ───────────────────────────────────────────────────

export const orderPayment = z.object({
  id: z.number(),
  method: z.string(),
  reference: z.string(),
  bankCode: z.string(),
  amount: z.string(),
  date: z.string(),
  status: z.string(),
  reportedAt: instant,
  /** The buyer attached a picture of the payment (staff read it at orden-compra/pagos/{id}/comprobante). */
  receipt: z.boolean(),
});

/** The order after a step: its code, step, what it owes and its payments. */
/** The discounts an order was priced with (frozen when it was placed), in USD. */
const orderDiscounts = {
  /** The lines' automatic discounts together. */
  discount: z.string(),
  couponCode: z.string().nullable(),
  couponDiscount: z.string(),
  paymentDiscount: z.string(),
  paymentDiscountName: z.string(),
};

/** A line's reductions: its automatic discount (and name), its share of the coupon and of the payment discount. */
const lineDiscounts = {
  discount: z.string(),
  discountName: z.string(),
  couponDiscount: z.string(),
  paymentDiscount: z.string(),
};

export const orderView = z.object({
  orderCode: z.string(),
  step: z.string(),
  subtotal: z.string(),
  iva: z.string(),
  /** Shipping charged with the order, in USD (0 for a pickup and «por cobrar en destino»); part of the total. */
  shippingCost: z.string(),
  commission: z.string(),
  /** IGTF of paying in divisas (domain/igtf.ts); part of the total. */
  igtf: z.string().default('0.00'),
  /** The store's IGTF rate when the order was placed (300 = 3 %; 0: not charged). */
  igtfBasisPoints: z.number().default(0),
  ...orderDiscounts,
  total: z.string(),
  rate: z.string(),
  /** The signed token of the buyer's link (/orden/{code}?t=…), given at registration. */
  token: z.string().optional(),
  payments: z.array(orderPayment).optional(),
});
export type OrderView = z.infer<typeof orderView>;

/** What the holder of the order's link may see: steps and articles, no personal data. */
/**
 * The sale document the order became once its payment was confirmed (its factura, or the nota de
 * entrega of a credit order), with the signed link to its PDF; null before.
 */
export const orderDocument = z.object({ kind: z.enum(['factura', 'nota-entrega']), number: z.string(), pdf: z.string() }).nullable();
export type OrderDocument = z.infer<typeof orderDocument>;

/** What the approved payments cover and what is still missing, in $ and Bs. at the order's rate. */
export const paymentBalance = z.object({
  received: z.string(),
  receivedVes: z.string(),
  missing: z.string(),
  missingVes: z.string(),
  /** What is missing when paid in divisas: with its own IGTF. */
  missingDivisas: z.string(),
});

export const orderStatus = z.object({
  paymentBalance,
  code: z.string(),
  step: z.string(),
  trackingNumber: z.string().nullable(),
  agency: z.string(),
  shipping: z.string(),
  /** Who pays the shipping as the rate decided: «pagado-por-el-cliente» (in the total), «cobro-a-destino», or '' (pickup). */
  payShipping: z.string(),
  /** Estimated working days of the shipment, from its rate; null for a pickup or an older order. */
  shippingDays: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** The store the buyer picks the order up at, when it is a pickup. */
  pickupStore: z.string().nullable(),
  /** The payment waiting for staff has its receipt attached. */
  receiptSent: z.boolean(),
  paymentMethod: z.string(),
  subtotal: z.string(),
  iva: z.string(),
  shippingCost: z.string(),
  commission: z.string(),
  /** IGTF of paying in divisas (domain/igtf.ts); part of the total. */
  igtf: z.string().default('0.00'),
  /** The store's IGTF rate when the order was placed (300 = 3 %; 0: not charged). */
  igtfBasisPoints: z.number().default(0),
  ...orderDiscounts,
  total: z.string(),
  rate: z.string(),
  createdAt: instant,
  expiresAt: instant.nullable(),
  items: z.array(
    z.object({
      articleCode: z.string(),
      name: z.string(),
      /** The model's picture (320 px), when the article still exists in the catalogue. */
      image: z.string().nullable(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number(),
      store: z.string(),
      price: z.string(),
      promotion: z.string(),
      ...lineDiscounts,
      net: z.string(),
    }),
  ),
  timeline: z.array(z.object({ step: z.string(), at: instant })),
  /** 'web' or 'whatsapp' (the confirmation offers to open the chat again). */
  origen: z.string(),
  document: orderDocument,
});
export type OrderStatus = z.infer<typeof orderStatus>;

export const ordenFila = z.object({
  id: z.number(),
  code: z.string(),
  step: z.string(),
  buyer: z.string(),
  email: z.string(),
  paymentMethod: z.string(),
  total: z.string(),
  rate: z.string(),
  trackingNumber: z.string().nullable(),
  createdAt: instant,
  /** 'web' or 'whatsapp': staff see WhatsApp orders marked. */
  origen: z.string(),
});
export type OrdenFila = z.infer<typeof ordenFila>;

const persona = { phone: z.string(), dni: z.string(), state: z.string(), city: z.string(), address: z.string() };

export const ordenDetalle = z.object({
  paymentBalance,
  /** Staff only: the most a short payment may be written off by (USD), the store's setting. */
  writeOffTolerance: z.string().optional(),
  order: z.object({
    id: z.number(),
    code: z.string(),
    step: z.string(),
    buyer: z.object({ fullName: z.string(), email: z.string(), ...persona }),
    delivery: z.object({
      contact: z.string(),
      ...persona,
      agency: z.string(),
      shipping: z.string(),
      payShipping: z.string(),
      pickupTiendaId: z.number().nullish(),
      pickupStore: z.string().nullish(),
      /** Estimated working days from the rate (absent on older orders and pickups). */
      daysMin: z.number().nullish(),
      daysMax: z.number().nullish(),
    }),
    paymentMethod: z.string(),
    comment: z.string(),
    withSeller: z.boolean(),
    subtotal: z.string(),
    iva: z.string(),
    /** Shipping charged with the order, in USD; part of the total. */
    shippingCost: z.string(),
    commission: z.string(),
    /** IGTF of paying in divisas (domain/igtf.ts); part of the total. */
    igtf: z.string().default('0.00'),
    /** The store's IGTF rate when the order was placed (300 = 3 %; 0: not charged). */
    igtfBasisPoints: z.number().default(0),
    ...orderDiscounts,
    total: z.string(),
    rate: z.string(),
    trackingNumber: z.string().nullable(),
    expiresAt: instant.nullable(),
    createdAt: instant,
    /** Where the order was placed from; staff only. */
    clientIp: z.string().nullable().optional(),
    /** 'web' or 'whatsapp'. */
    origen: z.string(),
    document: orderDocument,
  }),
  details: z.array(
    z.object({
      articleCode: z.string(),
      /** The article's model (its pictures), when it is still in the catalogue. */
      model: z.string().nullable(),
      name: z.string(),
      tiendaId: z.number(),
      store: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number(),
      price: z.string(),
      promotion: z.string(),
      ...lineDiscounts,
      net: z.string(),
      iva: z.string(),
    }),
  ),
  payments: z.array(
    orderPayment.extend({
      /** What the order owes with this payment's method, in its currency (USD, or Bs. at the order's rate). */
      expectedAmount: z.string().nullable(),
      currency: z.enum(['USD', 'VES']).nullable(),
      amountDiffers: z.boolean(),
    }),
  ),
  history: z.array(z.object({ from: z.string().nullable(), to: z.string(), at: instant, by: z.string().nullable(), note: z.string() })),
  /** Staff user the order was assigned to when placed without a salesman; null in the buyer's view. */
  inCharge: z.object({ id: z.number(), email: z.string(), nickname: z.string(), fullName: z.string() }).nullable(),
  /** The salesman the buyer chose at checkout. */
  salesman: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  /** Approved as a credit sale (docs/decisions/0004). */
  credit: z.boolean(),
  /** Payments made at PayPal (docs/decisions/0035): the capture, the payer, what was held and why, refunds. Staff only. */
  onlinePayments: z
    .array(
      z.object({
        provider: z.string(),
        providerOrderId: z.string(),
        status: z.string(),
        amount: z.string(),
        currency: z.string(),
        captureId: z.string().nullable(),
        capturedAmount: z.string().nullable(),
        capturedCurrency: z.string().nullable(),
        payerEmail: z.string().nullable(),
        note: z.string(),
        refunded: z.string(),
        /** Asked of the provider and not yet answered (finished by the reconciliation). */
        refundRequested: z.string(),
        /** Never confirmed by the provider: staff check it there (still reserved). */
        refundToReview: z.string(),
        /** Each refund to review, for staff to close once they looked at the provider. */
        refundsToReview: z.array(z.object({ id: z.number(), amount: z.string(), createdAt: instant })),
      }),
    )
    .optional(),
});
export type OrdenDetalle = z.infer<typeof ordenDetalle>;

export const ventaCredito = z.object({
  code: z.string(),
  step: z.string(),
  buyer: z.string(),
  dni: z.string(),
  email: z.string(),
  total: z.string(),
  rate: z.string(),
  balancePaid: z.string(),
  outstandingBalance: z.string(),
  paymentStatus: z.enum(['pendiente', 'abonada', 'pagada']),
  createdAt: instant,
  approvedAt: instant,
  approvedBy: z.string().nullable(),
  note: z.string(),
});
export type VentaCredito = z.infer<typeof ventaCredito>;

// ── requests ────────────────────────────────────────────────────────────────

/** The signed token of the buyer's link (`?t=`); a wrong one is answered like an unknown code. */
const linkToken = z.string().max(128, 'El enlace de la orden no es válido').optional();
const tracking = z
  .string({ error: 'Falta el número de guía' })
  .trim()
  .min(4, 'El número de guía es muy corto')
  .max(40, 'El número de guía es muy largo');
const note = z.string().trim().max(300, 'La nota no puede tener más de 300 caracteres').default('');
const byCode = z.object({ code: orderCode });

// ── routes: the buyer ───────────────────────────────────────────────────────

const tags = ['orden-compra'] as const;

export const registrar = defineRoute({
  method: 'POST',
  path: '/orden-compra/registrar',
  tags,
  summary: 'Registrar una orden de compra (retiene la existencia; idempotente: 201 la primera vez, 200 al repetirla)',
  headers: idempotencyHeaders,
  body: registrarOrdenSchema,
  response: envelope(orderView),
  status: 201,
});

export const registrarWhatsapp = defineRoute({
  method: 'POST',
  path: '/orden-compra/registrar-whatsapp',
  tags,
  summary:
    'Pedir por WhatsApp: registra la orden como el checkout (retiene la existencia, pago pendiente, envío por acordar; idempotente) con origen whatsapp',
  headers: idempotencyHeaders,
  body: pedidoWhatsappSchema,
  response: envelope(orderView),
  status: 201,
});

export const registrarPago = defineRoute({
  method: 'POST',
  path: '/orden-compra/registrar-pago',
  tags,
  summary: 'Reportar el pago de una orden pendiente (el comprador con su sesión, su correo o el enlace de la orden; o el personal)',
  body: z.object({ code: orderCode, email: email.optional(), token: linkToken, payment: paymentSchema }),
  response: envelope(orderView),
});

export const estado = defineRoute({
  method: 'GET',
  path: '/orden-compra/estado/:code',
  tags,
  summary: 'Estado público de una orden (con el enlace firmado que recibe el comprador)',
  params: byCode,
  query: z.object({ t: linkToken }),
  response: envelope(orderStatus),
});

/** Where a receipt form may return to: the order's public page or the checkout's confirmation. */
export const RECEIPT_RETURN_PATH = /^\/(?:orden(?:\/[A-Za-z0-9-]{1,20})?|carrito\/ver-orden)(?:\?[A-Za-z0-9=&%._~-]*)?$/;

export const subirComprobante = defineRoute({
  method: 'POST',
  path: '/orden-compra/comprobante/:code',
  tags,
  summary:
    'Adjuntar la imagen del comprobante al pago reportado y por confirmar (multipart, campo «comprobante»: JPEG, PNG o WebP de hasta 5 MB; con el enlace firmado t o la sesión del comprador)',
  params: byCode,
  query: z.object({
    t: linkToken,
    /** The order page a form sent without JavaScript returns to (303), with ?comprobante=enviado or =rechazado. */
    volver: z.string().max(300).regex(RECEIPT_RETURN_PATH, 'La página de regreso no es válida').optional(),
  }),
  response: envelope(z.object({ code: z.string(), paymentId: z.number() })),
  status: 201,
});

export const verComprobante = defineRoute({
  method: 'GET',
  path: '/orden-compra/pagos/:id/comprobante',
  tags,
  summary: 'La imagen del comprobante de un pago reportado (WebP, no-store), para el personal que revisa pagos',
  params: z.object({ id: idParam('El pago') }),
  /** The picture itself. */
  response: z.string(),
});

export const documentoPdf = defineRoute({
  method: 'GET',
  path: '/orden-compra/documento/:code/pdf',
  tags,
  summary:
    'La factura (o nota de entrega) en PDF de una orden con el pago confirmado, para su comprador: con el enlace firmado t del documento (en la página de la orden y el correo de pago confirmado); no-store',
  params: byCode,
  query: z.object({ t: linkToken }),
  /** The PDF itself. */
  response: z.string(),
});

export const acceder = defineRoute({
  method: 'POST',
  path: '/orden-compra/estado/:code',
  tags,
  summary: 'Acceder al estado de una orden con el correo o la cédula del comprador (devuelve el enlace firmado)',
  params: byCode,
  body: z.object({
    prueba: z
      .string({ error: 'Escriba el correo o la cédula con que hizo la compra' })
      .trim()
      .min(3, 'Escriba el correo o la cédula con que hizo la compra')
      .max(254, 'El correo o la cédula no puede tener más de 254 caracteres'),
  }),
  response: envelope(z.object({ code: z.string(), token: z.string() })),
});

export const cuentasParaPagar = defineRoute({
  method: 'GET',
  path: '/orden-compra/cuentas-bancarias',
  tags,
  summary: 'Cuentas activas de la tienda para pagar, agrupadas por método de pago',
  query: z.object({ method: z.enum(BANK_ACCOUNT_METHOD_IDS, { error: 'Método de pago desconocido' }).optional() }),
  response: envelope(z.array(z.object({ method: z.string(), label: z.string(), icon: z.string(), accounts: z.array(bankAccount) }))),
});

// ── routes: the staff ───────────────────────────────────────────────────────

export const verificarReferencia = defineRoute({
  method: 'GET',
  path: '/orden-compra/vrificar-referencia',
  tags,
  summary: '¿Ya se usó esta referencia con este banco y método?',
  query: z.object({
    method: z.enum(PAYMENT_METHOD_IDS, { error: 'Método de pago desconocido' }),
    bankCode: z
      .string()
      .regex(/^\d{4}$/, 'El banco no es válido')
      .default(''),
    reference: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{4,40}$/, 'La referencia no es válida')
      .transform(normalizeReference),
  }),
  response: envelope(z.object({ used: z.boolean() })),
});

export const ORDER_REFUND_FILTERS = ['por-revisar'] as const;

export const buscarOrdenes = defineRoute({
  method: 'POST',
  path: '/orden-compra/buscar-ordenes-compras',
  tags,
  summary:
    'Buscar órdenes de compra (15 por página); steps cuenta las órdenes de cada paso con los demás filtros, hasta 1.000 (los pasos de steps_are_estimates tienen más)',
  body: listQuery(PAGE_SIZES.admin)
    .omit({ sort_desc: true })
    .extend({
      filter: z.enum(ORDER_STEPS, { error: 'Paso desconocido' }).optional(),
      filter_advance: z
        .object({
          payment_method: z.enum(PAYMENT_METHOD_IDS).optional(),
          origen: z.enum(ORDER_ORIGINS, { error: 'Origen desconocido: web o whatsapp' }).optional(),
          date_from: isoDay('La fecha inicial').optional(),
          date_to: isoDay('La fecha final').optional(),
          /** por-revisar: only orders with an online refund the provider never confirmed (docs/dominio.md §Lo pendiente en el inicio del panel). */
          reembolso: z.enum(ORDER_REFUND_FILTERS, { error: 'El filtro de reembolsos debe ser por-revisar' }).optional(),
        })
        .default({}),
    }),
  response: envelopeList(ordenFila).extend({
    steps: z.record(z.string(), z.number()),
    /** Steps whose count stopped at the bound (1.000): the screen says «más de 1.000». */
    steps_are_estimates: z.array(z.string()),
  }),
});

export const detalle = defineRoute({
  method: 'GET',
  path: '/orden-compra/buscar-detalles-ordene-compra',
  tags,
  summary: 'Detalle de una orden: líneas, entrega, pagos e historial (un cliente, solo las suyas)',
  query: byCode,
  response: envelope(ordenDetalle),
});

export const confirmarPago = defineRoute({
  method: 'PATCH',
  path: '/orden-compra/confirmar-pago',
  tags,
  summary:
    'Aprobar o rechazar el pago reportado. Se asienta lo recibido: si falta, la orden vuelve a esperar el resto, salvo que se castigue la diferencia con un motivo (castigo) dentro de la tolerancia de la tienda; lo que sobra queda como saldo a favor o, con excedente=vuelto, como vuelto por devolver',
  body: z.object({
    code: orderCode,
    approve: z.boolean({ error: 'Indique si aprueba el pago' }),
    note,
    /** The reason to write a short payment's difference off (empty: the order waits for the rest). */
    castigo: z
      .string()
      .trim()
      .max(300, 'El motivo del castigo no puede tener más de 300 caracteres')
      .refine((v) => v === '' || v.length >= 5, 'Explique el motivo del castigo (al menos 5 caracteres)')
      .default(''),
    /** What becomes of a payment over what is due: the customer's credit, or change to give back. */
    excedente: z
      .enum(['saldo-a-favor', 'vuelto'], { error: 'Lo que sobra queda como saldo a favor o como vuelto por devolver' })
      .default('saldo-a-favor'),
  }),
  response: envelope(orderView),
});

export const confirmarInventario = defineRoute({
  method: 'PATCH',
  path: '/orden-compra/confirmar-inventario',
  tags,
  summary: 'Confirmar el inventario de la orden',
  body: byCode,
  response: envelope(orderView),
});

export const despachar = defineRoute({
  method: 'PATCH',
  path: '/orden-compra/despachar',
  tags,
  summary: 'Despachar la orden',
  body: z.object({ code: orderCode, trackingNumber: tracking.optional() }),
  response: envelope(orderView),
});

export const numeroGuia = defineRoute({
  method: 'PATCH',
  path: '/orden-compra/numero-guia',
  tags,
  summary: 'Asignar el número de guía',
  body: z.object({ code: orderCode, trackingNumber: tracking }),
  response: envelope(orderView),
});

export const entregada = defineRoute({
  method: 'PATCH',
  path: '/orden-compra/entregada',
  tags,
  summary: 'Marcar la orden como entregada',
  body: byCode,
  response: envelope(orderView),
});

export const anular = defineRoute({
  method: 'PATCH',
  path: '/orden-compra/anular',
  tags,
  summary: 'Anular la orden y liberar su existencia',
  body: z.object({ code: orderCode, note }),
  response: envelope(orderView),
});

export const anularImpagas = defineRoute({
  method: 'PATCH',
  path: '/orden-compra/anular-impagas',
  tags,
  summary: 'Anular varias órdenes que esperan su pago (sin pagar o con el pago sin confirmar) y liberar su existencia',
  body: z.object({
    codes: z
      .array(orderCode, { error: 'Elija las órdenes a anular' })
      .min(1, 'Elija al menos una orden')
      .max(100, 'Se pueden anular hasta 100 órdenes a la vez'),
    note: z.string().trim().max(300, 'El motivo no puede tener más de 300 caracteres').default(''),
  }),
  response: envelope(z.object({ anuladas: z.array(z.string()), omitidas: z.array(z.object({ code: z.string(), motivo: z.string() })) })),
});

export const ventasACredito = defineRoute({
  method: 'GET',
  path: '/orden-compra/ventas-a-credito',
  tags,
  summary: 'Ventas web a crédito con su saldo (15 por página; search: código, comprador o cédula)',
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(ventaCredito),
});

export const aCredito = defineRoute({
  method: 'PATCH',
  path: '/orden-compra/a-credito',
  tags,
  summary: 'Aprobar una orden pendiente con pago pendiente como venta a crédito',
  body: z.object({ code: orderCode, note }),
  response: envelope(z.object({ code: z.string(), step: z.string(), credit: z.boolean() })),
});

export const exportarProfit = defineRoute({
  method: 'GET',
  path: '/orden-compra/sync-venta-web-profit',
  tags,
  summary: 'Ventas web confirmadas en CSV (una fila por línea; ; como separador, coma decimal, UTF-8 con BOM)',
  query: z
    .object({ date_from: isoDay('La fecha inicial').optional(), date_to: isoDay('La fecha final').optional() })
    .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
      path: ['date_to'],
      message: 'La fecha final no puede ser anterior a la inicial',
    }),
  /** The CSV text (text/csv), not JSON. */
  response: z.string(),
});
