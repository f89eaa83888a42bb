import { describe, expect, it } from 'vitest';
import { unpaidOrderKeys } from './checkout.ts';
import { shippingRow } from './envios.ts';
import { whatsappChatUrl, whatsappDigits, whatsappOrderMessage } from './whatsapp.ts';

describe('número de WhatsApp de la tienda', () => {
  it('queda en dígitos con el código del país; uno local recibe el 58', () => {
    expect(whatsappDigits('+58 414-555-0101')).toBe('584145550101');
    expect(whatsappDigits('0414-555-0101')).toBe('584145550101');
    expect(whatsappDigits('(0212) 555.01.01')).toBe('582125550101');
  });

  it('sin número o con uno incompleto no hay chat', () => {
    expect(whatsappDigits('')).toBe('');
    expect(whatsappDigits('555-0101')).toBe('');
    expect(whatsappDigits('+58 414 555 0101 0101 01')).toBe('');
  });

  it('el enlace de wa.me lleva el texto codificado', () => {
    expect(whatsappChatUrl('584145550101', 'Hola & adiós\n¿talla?')).toBe(
      'https://wa.me/584145550101?text=Hola%20%26%20adi%C3%B3s%0A%C2%BFtalla%3F',
    );
  });
});

describe('mensaje del pedido por WhatsApp', () => {
  const order = {
    code: 'OC-000123',
    total: '1234.50',
    rate: '36.5',
    items: [
      { name: 'Franela Básica', color: 'Rojo', size: 'M', quantity: 2 },
      { name: 'Gorra', color: null, size: null, quantity: 1 },
    ],
  };

  it('nombra el pedido, cada artículo con color, talla y unidades, el total en $ y Bs. y el enlace', () => {
    expect(whatsappOrderMessage(order, 'https://tienda.example/orden/OC-000123?t=abc')).toBe(
      [
        'Hola, hice el pedido OC-000123 en la tienda en línea y quiero completarlo por aquí:',
        '• 2 × Franela Básica, color Rojo, talla M',
        '• 1 × Gorra',
        'Total: $ 1.234,50 (Bs. 45.059,25)',
        'Pago y envío: por acordar por WhatsApp.',
        'Mi pedido: https://tienda.example/orden/OC-000123?t=abc',
      ].join('\n'),
    );
  });

  it('un artículo que sale de dos tiendas es una sola línea con todas sus unidades', () => {
    const split = { ...order, items: [order.items[0], { ...order.items[0], quantity: 3 }] };
    const message = whatsappOrderMessage(split, 'https://x.example/orden/OC-000123?t=abc');
    expect(message).toContain('• 5 × Franela Básica, color Rojo, talla M');
    expect(message.match(/Franela/g)).toHaveLength(1);
  });

  it('antes de pagar dice el IGTF de pagar en divisas, con la regla de domain/igtf.ts', () => {
    const message = whatsappOrderMessage({ ...order, total: '100.00', igtfBasisPoints: 300, igtf: '0.00' }, 'l');
    expect(message).toContain('Si paga en divisas (dólares, Zelle, PayPal) se suma el IGTF de 3 %: $ 3,09, total $ 103,09.');
    expect(whatsappOrderMessage({ ...order, igtfBasisPoints: 0 }, 'l')).not.toContain('IGTF');
  });

  it('los bolívares salen a la tasa de la orden, redondeados al céntimo', () => {
    const message = whatsappOrderMessage({ ...order, total: '10.01', rate: '36.3333' }, 'l');
    expect(message).toContain('Total: $ 10,01 (Bs. 363,70)');
  });
});

describe('una orden por WhatsApp', () => {
  it('sin correo, el límite de órdenes impagas cuenta su cédula y su teléfono, no una clave de correo vacía', () => {
    expect(unpaidOrderKeys({ email: '', dni: 'V-12345678', phone: '0414-555-0101' }, '10.0.0.1')).toEqual([
      'cedula:V12345678',
      'telefono:04145550101',
      'ip:10.0.0.1',
    ]);
  });

  it('su envío se acuerda en el chat: sin monto ni estimado', () => {
    expect(shippingRow({ shipping: 'por-acordar', agencyLabel: '', payShipping: '', daysMin: null, daysMax: null })).toEqual({
      label: 'Envío',
      instead: 'Por acordar por WhatsApp',
      estimate: null,
    });
  });
});
