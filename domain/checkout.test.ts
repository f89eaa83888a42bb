import { describe, expect, it } from 'vitest';
import {
  amountFollowingDue,
  amountToPay,
  type CheckoutDraft,
  chargeWithShipping,
  draftShipping,
  emptyDraft,
  expectedPayment,
  orderBody,
  PICKUP_NEEDS_ONE_STORE,
  paymentAmountDiffers,
  pickupProblem,
  pickupStoresOf,
  unpaidOrderKeys,
} from './checkout.ts';
import { checkStep, firstInvalidStep } from './checkout-pasos.ts';
import type { CartView } from './contracts/carrito.ts';
import { registrarOrdenSchema } from './contracts/orden-compra.ts';
import type { ShippingRate } from './envios.ts';
import { igtfDePago } from './igtf.ts';

const NO_IGTF = { charged: false, basisPoints: 300 };

const cart: CartView = {
  items: [
    {
      articleCode: 'DAM0101NEGR0M',
      model: 'DAM0101NEGR',
      name: 'Blusa Aurora',
      colorName: 'Negro',
      sizeLabel: 'M',
      image: '',
      path: '',
      price: '20.00',
      promotion: '0',
      quantity: 3,
      discount: '0.00',
      discountName: null,
      couponDiscount: '0.00',
      net: '60.00',
      stores: [
        { id: 1, store: 'Caracas', quantity: 1, inventory: 5, status: 'disponible' },
        { id: 2, store: 'Valencia', quantity: 2, inventory: 2, status: 'disponible' },
      ],
    },
  ],
  coupon: null,
  totals: {
    subtotal: '60.00',
    iva: '9.60',
    total: '69.60',
    gross: '60.00',
    discount: '0.00',
    promotion: '0.00',
    lineDiscount: '0.00',
    coupon: '0.00',
    totalVes: '2540.40',
    rate: '36.5',
  },
  igtf: NO_IGTF,
  paymentTotals: [
    {
      method: 'paypal',
      discountName: null,
      discountValue: null,
      paymentDiscount: '0.00',
      subtotal: '60.00',
      iva: '9.60',
      commission: '4.34',
      igtf: '0.00',
      total: '73.94',
      totalVes: '2698.81',
    },
    {
      method: 'zelle',
      discountName: 'Pago en divisas',
      discountValue: '5.00',
      paymentDiscount: '3.00',
      subtotal: '57.00',
      iva: '9.12',
      commission: '0.00',
      igtf: '0.00',
      total: '66.12',
      totalVes: '2413.38',
    },
  ],
};

function filled(): CheckoutDraft {
  const draft = emptyDraft('clave-de-prueba-1', {
    fullName: 'Ana Pérez',
    email: 'ana@correo.com',
    phone: '0414-555-1234',
    dni: 'V-12345678',
    state: 'Carabobo',
    city: 'Valencia',
    address: 'Av. Bolívar Norte, casa 12',
  });
  draft.delivery.agency = 'mrw';
  draft.payment = { method: 'pago-movil', reference: '123456', bankCode: '0134', amount: '2540,40', date: '2026-11-20' };
  draft.acceptTerms = true;
  return draft;
}

describe('checkout por pasos', () => {
  it('el carrito vacío o sin existencia no deja pasar del paso 1', () => {
    expect(checkStep(1, filled(), { ...cart, items: [] })).toEqual({ carrito: 'Su carrito está vacío.' });
    const short = structuredClone(cart);
    short.items[0].stores[1].status = 'insuficiente';
    expect(checkStep(1, filled(), short).carrito).toContain('Blusa Aurora');
    expect(checkStep(1, filled(), cart)).toEqual({});
  });

  it('los datos del comprador se piden con mensajes en español, por campo', () => {
    const draft = emptyDraft('k');
    const errors = checkStep(2, draft, cart);
    expect(errors.fullName).toBe('El nombre completo es obligatorio');
    expect(errors.email).toBe('El correo es obligatorio');
    expect(errors.state).toBeDefined();
    expect(checkStep(2, filled(), cart)).toEqual({});
  });

  it('la entrega copia los datos del comprador y exige la agencia', () => {
    const draft = filled();
    expect(draft.delivery.contact).toBe('Ana Pérez');
    draft.delivery.agency = '';
    expect(checkStep(3, draft, cart).agency).toBe('Elija una agencia de envío');
  });

  it('el pago móvil pide referencia, banco, monto y fecha; el pago pendiente no', () => {
    const draft = filled();
    draft.payment = { method: 'pago-movil', reference: '', bankCode: '', amount: '', date: '' };
    expect(Object.keys(checkStep(4, draft, cart)).sort()).toEqual(['amount', 'bankCode', 'date', 'reference']);
    draft.payment.method = 'pago-pendiente';
    expect(checkStep(4, draft, cart)).toEqual({});
    draft.payment.method = '';
    expect(checkStep(4, draft, cart).method).toBe('Elija un método de pago');
  });

  it('el pedido armado pasa el esquema de la API, con la coma decimal convertida', () => {
    const body = orderBody(filled(), cart);
    expect(body.items).toEqual([
      {
        articleCode: 'DAM0101NEGR0M',
        stores: [
          { tiendaId: 1, quantity: 1 },
          { tiendaId: 2, quantity: 2 },
        ],
      },
    ]);
    expect(body.payment.amount).toBe('2540.40');
    expect(registrarOrdenSchema.safeParse(body).success).toBe(true);
    expect(firstInvalidStep(filled(), cart)).toBeNull();
    const broken = filled();
    broken.user.email = 'no-es-correo';
    expect(firstInvalidStep(broken, cart)?.step).toBe(2);
  });

  it('sin aceptar los términos el último paso no deja confirmar', () => {
    const draft = filled();
    draft.acceptTerms = false;
    expect(checkStep(5, draft, cart)).toEqual({ acceptTerms: 'Acepte los términos y condiciones para confirmar el pedido' });
    expect(firstInvalidStep(draft, cart)?.step).toBe(5);
  });

  it('el resumen toma del carrito lo que costaría con el método elegido: comisión, descuento por el pago y total', () => {
    expect(amountToPay(cart, 'paypal')).toMatchObject({ commission: '4.34', paymentDiscount: '0.00', total: '73.94' });
    expect(amountToPay(cart, 'zelle')).toEqual({
      paymentDiscount: '3.00',
      paymentDiscountName: 'Pago en divisas',
      subtotal: '57.00',
      iva: '9.12',
      shipping: '0.00',
      commission: '0.00',
      igtf: '0.00',
      igtfPercent: 0,
      total: '66.12',
    });
    expect(amountToPay(cart, '')).toMatchObject({ commission: '0.00', paymentDiscount: '0.00', total: '69.60' });
  });

  it('el envío se suma al total de cualquier método; la comisión de la tarjeta se toma también sobre el envío', () => {
    // Zelle: 66,12 of articles + 11,00 of shipping.
    expect(amountToPay(cart, 'zelle', 1100)).toMatchObject({ shipping: '11.00', commission: '0.00', total: '77.12' });
    // PayPal: 5,8 % + 0,30 of 69,60 + 11,00 = 80,60 → 4,97; total 85,57.
    expect(amountToPay(cart, 'paypal', 1100)).toMatchObject({ shipping: '11.00', commission: '4.97', total: '85.57' });
    expect(amountToPay(cart, '', 350)).toMatchObject({ shipping: '3.50', total: '73.10' });
    expect(chargeWithShipping(6960, 1100, 'uphold', NO_IGTF)).toEqual({
      shippingCents: 1100,
      commissionCents: 497,
      igtfCents: 0,
      totalCents: 8557,
    });
    expect(chargeWithShipping(6960, 0, 'pago-movil', NO_IGTF)).toEqual({
      shippingCents: 0,
      commissionCents: 0,
      igtfCents: 0,
      totalCents: 6960,
    });
  });

  it('pagar en divisas suma el IGTF de la tienda, la misma regla del mostrador: IGTF = tasa × lo pagado en dólares', () => {
    const igtf = { charged: true, basisPoints: 300 };
    // Zelle for 100,00: A − 3 % A ≥ 100,00 → A = 103,09, IGTF 3,09 = 3 % of 103,09 (rounded).
    expect(chargeWithShipping(10_000, 0, 'zelle', igtf)).toEqual({
      shippingCents: 0,
      commissionCents: 0,
      igtfCents: 309,
      totalCents: 10_309,
    });
    expect(igtfDePago('USD', 10_309, igtf)).toBe(309);
    // Efectivo and PayPal are divisas too (PayPal: IGTF on the total with its commission); bolívares never.
    expect(chargeWithShipping(10_000, 0, 'efectivo', igtf).igtfCents).toBe(309);
    const paypal = chargeWithShipping(10_000, 0, 'paypal', igtf);
    expect(paypal.igtfCents).toBe(igtfDePago('USD', paypal.totalCents, igtf));
    expect(chargeWithShipping(10_000, 0, 'pago-movil', igtf).igtfCents).toBe(0);
    expect(chargeWithShipping(10_000, 0, 'pago-pendiente', igtf).igtfCents).toBe(0);
    // The order expects its total with the IGTF from a Zelle payment, and the same base in Bs. without it.
    const order = { total: '103.09', commission: '0.00', igtf: '3.09', igtfBasisPoints: 300, rate: '40' };
    expect(expectedPayment(order, 'zelle')).toEqual({ currency: 'USD', cents: 10_309 });
    expect(expectedPayment(order, 'transferencia')).toEqual({ currency: 'VES', cents: 400_000 });
    // The checkout shows it on its own line, with the rate.
    expect(amountToPay({ ...cart, igtf }, 'zelle', 0)).toMatchObject({ igtf: '2.04', igtfPercent: 3, total: '68.16' });
  });

  it('el paso de envío cotiza la agencia y el estado con las tarifas y no deja pasar una sin tarifa', () => {
    const rates: ShippingRate[] = [
      { agency: 'mrw', state: 'Carabobo', costUsd: '5.00', daysMin: 2, daysMax: 3 },
      { agency: 'liberty', state: 'Carabobo', costUsd: null, daysMin: 2, daysMax: 3 },
    ];
    const draft = filled();
    expect(draftShipping(draft, rates)).toEqual({ quote: { kind: 'pagado', costUsd: '5.00', daysMin: 2, daysMax: 3 }, cents: 500 });
    expect(checkStep(3, draft, cart, rates)).toEqual({});
    draft.delivery.agency = 'liberty';
    expect(draftShipping(draft, rates)?.cents).toBe(0);
    draft.delivery.agency = 'zoom';
    expect(draftShipping(draft, rates)).toEqual({ quote: { kind: 'sin-tarifa' }, cents: null });
    expect(checkStep(3, draft, cart, rates)).toEqual({
      agency: 'Zoom no tiene una tarifa de envío para Carabobo. Elija otra agencia o el retiro en tienda.',
    });
    expect(firstInvalidStep(draft, cart, rates)?.step).toBe(3);
    // Without the agency or the state there is nothing to quote yet; a pickup is free.
    draft.delivery.agency = '';
    expect(draftShipping(draft, rates)).toBeNull();
    draft.delivery.shipping = 'retiro-en-tienda';
    expect(draftShipping(draft, rates)).toEqual({ quote: { kind: 'retiro', costUsd: '0.00' }, cents: 0 });
  });

  it('el cupón del carrito va en la orden; uno que ya no aplica no deja pasar del paso 1', () => {
    expect(orderBody(filled(), cart).coupon).toBeNull();
    const withCoupon: CartView = {
      ...cart,
      coupon: { code: 'VERANO', name: 'Verano', kind: 'porcentaje', value: '10.00', discount: '6.00', applies: true, message: null },
    };
    expect(orderBody(filled(), withCoupon).coupon).toBe('VERANO');
    expect(registrarOrdenSchema.safeParse(orderBody(filled(), withCoupon)).success).toBe(true);
    expect(checkStep(1, filled(), withCoupon)).toEqual({});
    const expired = {
      ...withCoupon,
      coupon: { ...withCoupon.coupon!, applies: false, message: 'El cupón «VERANO» venció el 30/06/2026.' },
    };
    expect(checkStep(1, filled(), expired)).toEqual({ cupon: 'El cupón «VERANO» venció el 30/06/2026. Quítelo para continuar.' });
  });
});

describe('topes de una orden', () => {
  it('más de 10 unidades de un artículo (sumando tiendas) no pasa del carrito ni del esquema de la API', () => {
    const big = structuredClone(cart);
    big.items[0].stores[0].quantity = 9;
    expect(checkStep(1, filled(), big).carrito).toBe(
      'Se pueden pedir hasta 10 unidades de cada artículo por orden; Blusa Aurora lleva 11.',
    );
    const body = orderBody(filled(), big);
    const parsed = registrarOrdenSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['items.0.stores', 'Se pueden pedir hasta 10 unidades de cada artículo por orden; DAM0101NEGR0M lleva 11.'],
    ]);
    // The same article split over two lines counts once.
    const split = { ...body, items: [body.items[0], { ...body.items[0], stores: [{ tiendaId: 3, quantity: 8 }] }] };
    expect(registrarOrdenSchema.safeParse(split).success).toBe(false);
  });

  it('una orden lleva hasta 20 unidades con cualquier método de pago: el carrito lo dice en el paso 1', () => {
    const big: typeof cart = structuredClone(cart);
    big.items = Array.from({ length: 3 }, (_, i) => ({ ...structuredClone(cart.items[0]), articleCode: `DAM0101NEGR0${i}` }));
    for (const item of big.items) item.stores = [{ id: 1, store: 'Caracas', quantity: 7, inventory: 9, status: 'disponible' }];
    expect(checkStep(1, filled(), big).carrito).toContain('hasta 20 unidades y esta lleva 21');
    // The payment step no longer decides it: a reference is only a report until staff confirm it.
    expect(checkStep(4, filled(), big)).toEqual({});
    big.items[2].stores[0].quantity = 6;
    expect(checkStep(1, filled(), big)).toEqual({});
  });

  it('el límite de órdenes impagas cuenta el correo, la cédula y el teléfono como una persona los varía', () => {
    const a = unpaidOrderKeys({ email: 'Ana.Perez+tienda@Correo.com', dni: 'v-12345678', phone: '+58 414-555-0101' }, '10.0.0.1');
    const b = unpaidOrderKeys({ email: 'ana.perez@correo.com', dni: 'V12345678', phone: '0414 5550101' });
    expect(a).toEqual(['correo:ana.perez@correo.com', 'cedula:V12345678', 'telefono:04145550101', 'ip:10.0.0.1']);
    expect(b).toEqual(a.slice(0, 3));
  });
});

describe('monto del pago reportado', () => {
  const order = { total: '73.94', commission: '4.34', rate: '36.5' };

  it('se espera en dólares con la comisión del método, o en bolívares a la tasa de la orden', () => {
    expect(expectedPayment(order, 'paypal')).toEqual({ currency: 'USD', cents: 7394 });
    expect(expectedPayment(order, 'zelle')).toEqual({ currency: 'USD', cents: 6960 });
    expect(expectedPayment(order, 'pago-movil')).toEqual({ currency: 'VES', cents: 254040 });
  });

  it('difiere cuando se aleja más de un céntimo', () => {
    expect(paymentAmountDiffers(order, 'zelle', '69.60')).toBe(false);
    expect(paymentAmountDiffers(order, 'zelle', '69.61')).toBe(false);
    expect(paymentAmountDiffers(order, 'zelle', '69.58')).toBe(true);
    expect(paymentAmountDiffers(order, 'pago-movil', '69.60')).toBe(true);
    expect(paymentAmountDiffers(order, 'pago-movil', '2540.40')).toBe(false);
  });

  it('el monto que el formulario escribió sigue al total si cambia el envío; el que escribió el comprador se queda', () => {
    const written = { method: 'zelle' as const, reference: '', bankCode: '', amount: '69,60', date: '', suggested: '69,60' };
    expect(amountFollowingDue(written, '74,60')).toEqual({ ...written, amount: '74,60', suggested: '74,60' });
    expect(amountFollowingDue(written, '69,60')).toBe(written);
    expect(amountFollowingDue({ ...written, amount: '70,00' }, '74,60').amount).toBe('70,00');
    // A draft kept before the form remembered what it wrote: the buyer's amount is not touched.
    expect(amountFollowingDue({ ...written, suggested: undefined }, '74,60').amount).toBe('69,60');
    expect(amountFollowingDue({ ...written, method: '' }, '74,60').amount).toBe('69,60');
  });
});

describe('retiro en tienda', () => {
  it('se ofrece solo la tienda de donde salen todas las unidades', () => {
    expect(pickupStoresOf([[3], [3, 3]])).toEqual([3]);
    expect(pickupStoresOf([[3], [5]])).toEqual([]);
    expect(pickupStoresOf([[3, 5]])).toEqual([]);
    expect(pickupStoresOf([])).toEqual([]);
  });

  it('retirar donde no están las unidades se rechaza con el motivo; donde están, no', () => {
    expect(pickupProblem([[3], [3]], 3, 'Sambil')).toBeNull();
    expect(pickupProblem([[3], [5]], 3, 'Sambil')).toBe(
      'Para retirar en Sambil, todas las unidades deben salir de esa tienda. Elija sus unidades de esa tienda en el carrito, o un envío.',
    );
    expect(pickupProblem([[5]], 3, 'Sambil')).not.toBeNull();
    expect(PICKUP_NEEDS_ONE_STORE).toMatch(/varias tiendas/);
  });

  it('el paso 3 no deja pasar un retiro donde no están todas las unidades', () => {
    const pickup = (tiendaId: number) => {
      const draft = filled();
      draft.delivery.shipping = 'retiro-en-tienda';
      draft.delivery.pickupTiendaId = tiendaId;
      return draft;
    };
    // The test cart takes its units from Caracas (1) and Valencia (2).
    expect(checkStep(3, pickup(1), cart)).toEqual({ pickupTiendaId: PICKUP_NEEDS_ONE_STORE });
    const fromValencia: CartView = {
      ...cart,
      items: [{ ...cart.items[0], stores: [{ id: 2, store: 'Valencia', quantity: 3, inventory: 5, status: 'disponible' }] }],
    };
    expect(checkStep(3, pickup(2), fromValencia)).toEqual({});
    expect(checkStep(3, pickup(1), fromValencia)).toEqual({ pickupTiendaId: 'Elija la tienda donde retirará' });
  });
});
