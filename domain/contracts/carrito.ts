// The cart's routes (/api/carrito v1 and /api/v2/carrito): one implementation, two spellings.
import { z } from 'zod';
import { couponCode, email } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, instant } from '#domain/contracts/contract.ts';
import { articleCodeSchema, storeQuantitySchema } from '#domain/contracts/orden-compra.ts';
import { DISCOUNT_KINDS } from '#domain/descuentos.ts';
import { PAYMENT_METHOD_IDS } from '#domain/store-constants.ts';

const tags = ['carrito'] as const;

// ── shapes of the answers ───────────────────────────────────────────────────

export const cartStoreLine = z.object({
  id: z.number(),
  store: z.string(),
  quantity: z.number(),
  inventory: z.number(),
  status: z.enum(['disponible', 'insuficiente']),
});
export type CartStoreLine = z.infer<typeof cartStoreLine>;

export const cartItem = z.object({
  articleCode: z.string(),
  model: z.string(),
  name: z.string(),
  colorName: z.string(),
  sizeLabel: z.string(),
  image: z.string(),
  path: z.string(),
  price: z.string(),
  promotion: z.string(),
  quantity: z.number(),
  /** The line's automatic discount (the largest that applies, for the whole line) and its name. */
  discount: z.string(),
  discountName: z.string().nullable(),
  /** The line's share of the coupon. */
  couponDiscount: z.string(),
  /** What the line costs after promotion, discount and coupon, before IVA. */
  net: z.string(),
  stores: z.array(cartStoreLine),
});
export type CartItem = z.infer<typeof cartItem>;

/** The coupon kept on the cart; `message` says why it does not apply now (then it takes nothing off). */
export const cartCoupon = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.string(),
  discount: z.string(),
  applies: z.boolean(),
  message: z.string().nullable(),
});
export type CartCoupon = z.infer<typeof cartCoupon>;

/** What the order would total with each payment method: its discount, IVA, card commission and total. */
export const cartPaymentTotal = z.object({
  method: z.enum(PAYMENT_METHOD_IDS),
  discountName: z.string().nullable(),
  discountValue: z.string().nullable(),
  paymentDiscount: z.string(),
  subtotal: z.string(),
  iva: z.string(),
  commission: z.string(),
  /** The IGTF of paying the whole in divisas with this method (domain/igtf.ts); part of the total. */
  igtf: z.string(),
  total: z.string(),
  totalVes: z.string(),
});
export type CartPaymentTotal = z.infer<typeof cartPaymentTotal>;

export const cartView = z.object({
  items: z.array(cartItem),
  coupon: cartCoupon.nullable(),
  /**
   * Before a payment method: subtotal (after promotions, line discounts and coupon), IVA and total.
   * v2: gross = price × quantity and discount = everything taken off, so subtotal = gross − discount.
   */
  totals: z.object({
    subtotal: z.string(),
    iva: z.string(),
    total: z.string(),
    gross: z.string(),
    discount: z.string(),
    promotion: z.string(),
    lineDiscount: z.string(),
    coupon: z.string(),
    totalVes: z.string(),
    rate: z.string(),
  }),
  paymentTotals: z.array(cartPaymentTotal),
  /** The store's IGTF on payments in divisas, as the checkout adds it (domain/igtf.ts). */
  igtf: z.object({ charged: z.boolean(), basisPoints: z.number() }),
});
export type CartView = z.infer<typeof cartView>;

/** A store that ships or hands over orders (the stores page lists them too). */
export const tienda = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  ships: z.boolean(),
});
export type Tienda = z.infer<typeof tienda>;

const storeAvailability = z.object({
  articleCode: z.string(),
  requested: z.number(),
  available: z.number(),
  ok: z.boolean(),
  stores: z.array(z.object({ id: z.number(), name: z.string(), available: z.number() })),
});

// ── requests ────────────────────────────────────────────────────────────────

const itemBody = z.object({
  articleCode: articleCodeSchema,
  stores: z.array(storeQuantitySchema, { error: 'Elija al menos una tienda' }).min(1, 'Elija al menos una tienda').max(10),
});
const removeBody = z.object({ articleCode: articleCodeSchema });
const couponBody = z.object({ code: couponCode });
const cartAnswer = envelope(cartView);

// ── routes v1 ───────────────────────────────────────────────────────────────

export const agenciasDeEnvio = defineRoute({
  method: 'GET',
  path: '/carrito/shipping_agencies',
  tags,
  summary: 'Agencias de envío',
  response: envelope(z.array(z.object({ id: z.string(), name: z.string() }))),
});

export const tiendasDeEnvio = defineRoute({
  method: 'GET',
  path: '/carrito/shipping_stores',
  tags,
  summary: 'Tiendas que despachan o entregan',
  response: envelope(z.array(tienda)),
});

export const ver = defineRoute({
  method: 'GET',
  path: '/carrito',
  tags,
  summary: 'El carrito del visitante o del usuario',
  response: cartAnswer,
});

export const tiendasDelArticulo = defineRoute({
  method: 'GET',
  path: '/carrito/buscar/item/tiendas',
  tags,
  summary: 'Existencia por tienda de un artículo',
  query: z.object({ articleCode: articleCodeSchema }),
  response: envelope(storeAvailability),
});

export const bloquear = defineRoute({
  method: 'POST',
  path: '/carrito/bloquear/item/tiendas',
  tags,
  summary: 'Apartar unidades por 15 minutos',
  body: itemBody,
  response: envelope(z.object({ articleCode: z.string(), expiresAt: instant })),
});

export const guardar = defineRoute({
  method: 'POST',
  path: '/carrito/guardar/item',
  tags,
  summary: 'Agregar un artículo',
  body: itemBody,
  response: cartAnswer,
});
export const remover = defineRoute({
  method: 'POST',
  path: '/carrito/remover/item',
  tags,
  summary: 'Quitar un artículo',
  body: removeBody,
  response: cartAnswer,
});
export const limpiar = defineRoute({
  method: 'POST',
  path: '/carrito/limpiar/carrito',
  tags,
  summary: 'Vaciar el carrito',
  response: cartAnswer,
});

export const sincronizar = defineRoute({
  method: 'POST',
  path: '/carrito/sincronizar/usuario',
  tags,
  summary: 'Unir el carrito de invitado al del usuario',
  response: cartAnswer,
});

export const aplicarCupon = defineRoute({
  method: 'POST',
  path: '/carrito/aplicar-cupon',
  tags,
  summary: 'Aplicar un cupón al carrito (se revisa otra vez al registrar la orden)',
  body: couponBody,
  response: cartAnswer,
});

export const quitarCupon = defineRoute({
  method: 'POST',
  path: '/carrito/quitar-cupon',
  tags,
  summary: 'Quitar el cupón del carrito',
  response: cartAnswer,
});

// ── routes v2 ───────────────────────────────────────────────────────────────

export const agregarV2 = defineRoute({ ...guardar, path: '/v2/carrito/agregar-item', summary: 'Agregar un artículo (v2)' });
export const editarV2 = defineRoute({
  method: 'PATCH',
  path: '/v2/carrito/editar-item',
  tags,
  summary: 'Cambiar las cantidades de un artículo (v2)',
  body: itemBody,
  response: cartAnswer,
});
export const eliminarV2 = defineRoute({
  ...remover,
  method: 'PATCH',
  path: '/v2/carrito/eliminar-item',
  summary: 'Quitar un artículo (v2)',
});
export const resetearV2 = defineRoute({
  ...limpiar,
  method: 'DELETE',
  path: '/v2/carrito/resetear-carrito',
  summary: 'Vaciar el carrito (v2)',
});

export const aplicarCuponV2 = defineRoute({
  ...aplicarCupon,
  method: 'PATCH',
  path: '/v2/carrito/aplicar-cupon',
  summary: 'Aplicar un cupón al carrito (v2)',
});
export const quitarCuponV2 = defineRoute({
  ...quitarCupon,
  method: 'PATCH',
  path: '/v2/carrito/quitar-cupon',
  summary: 'Quitar el cupón del carrito (v2)',
});

/**
 * The cart's coupon checked for the buyer the checkout knows at step 2 (their e-mail; with a session,
 * their account too): why it cannot be used by them, or null. Registering the order checks it again.
 */
export const cuponDelComprador = defineRoute({
  method: 'POST',
  path: '/v2/carrito/cupon-del-comprador',
  tags,
  summary: 'Revisar el cupón del carrito para el correo del comprador',
  body: z.object({ email }),
  response: envelope(z.object({ message: z.string().nullable() })),
});
