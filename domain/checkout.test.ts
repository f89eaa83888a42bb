import { describe, expect, it } from 'vitest';
import { amountToPay, type CheckoutDraft, checkStep, emptyDraft, firstInvalidStep, orderBody } from './checkout.ts';
import type { CartView } from './contracts/carrito.ts';
import { registrarOrdenSchema } from './contracts/orden-compra.ts';

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
      stores: [
        { id: 1, store: 'Caracas', quantity: 1, inventory: 5, status: 'disponible' },
        { id: 2, store: 'Valencia', quantity: 2, inventory: 2, status: 'disponible' },
      ],
    },
  ],
  totals: { subtotal: '60.00', iva: '9.60', total: '69.60', gross: '60.00', discount: '0.00', totalVes: '2540.40', rate: '36.5' },
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
    expect(errors.email).toBe('El correo no es válido');
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

  it('PayPal y Uphold suman 5,8 % + 0,30; Zelle no', () => {
    expect(amountToPay('69.60', 'paypal')).toEqual({ commission: '4.34', total: '73.94' });
    expect(amountToPay('69.60', 'zelle')).toEqual({ commission: '0.00', total: '69.60' });
    expect(amountToPay('69.60', '')).toEqual({ commission: '0.00', total: '69.60' });
  });
});
