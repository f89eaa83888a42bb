import { describe, expect, it } from 'vitest';
import { addCents, toCents, usdToVesCents } from './money.ts';
import { lineBeforeDiscounts, type OrderTotalsInput, rowsBeforeShipping, rowsInVes } from './totales-orden.ts';

// An order of $ 30,00 of articles with a $ 3,00 line discount, a 10 % coupon ($ 2,70) and a 5 %
// payment discount ($ 1,22): subtotal $ 23,08, IVA $ 3,69, shipping $ 5,00, total $ 31,77.
const order: OrderTotalsInput = {
  subtotal: '23.08',
  iva: '3.69',
  shippingCost: '5.00',
  commission: '0.00',
  discount: '3.00',
  couponCode: 'BIENVENIDA',
  couponDiscount: '2.70',
  paymentDiscount: '1.22',
  paymentDiscountName: 'Pago con Zelle',
  total: '31.77',
};

describe('totales de una orden, fila por fila', () => {
  it('los artículos a su precio, cada descuento restado, el subtotal que dejan y el IVA', () => {
    const rows = rowsBeforeShipping(order);
    expect(rows.map((r) => [r.label, r.negative ? -r.usd : r.usd])).toEqual([
      ['Artículos', 3000],
      ['Descuentos de los artículos', -300],
      ['Cupón BIENVENIDA', -270],
      ['Descuento por el método de pago (Pago con Zelle)', -122],
      ['Subtotal', 2308],
      ['IVA (16 %)', 369],
    ]);
  });

  it('se suman bajando: artículos − descuentos = subtotal; subtotal + IVA + envío + comisión = total', () => {
    const rows = rowsBeforeShipping(order);
    const subtotalAt = rows.findIndex((r) => r.label === 'Subtotal');
    const above = rows.slice(0, subtotalAt).map((r) => (r.negative ? -r.usd : r.usd));
    expect(addCents(...above)).toBe(rows[subtotalAt].usd);
    const after = rows.slice(subtotalAt).map((r) => r.usd);
    expect(addCents(...after, toCents(order.shippingCost), toCents(order.commission))).toBe(toCents(order.total));
  });

  it('sin descuentos el subtotal son los artículos y sale una vez', () => {
    const plain = { ...order, discount: '0.00', couponCode: null, couponDiscount: '0.00', paymentDiscount: '0.00', subtotal: '30.00' };
    expect(rowsBeforeShipping(plain).map((r) => r.label)).toEqual(['Subtotal', 'IVA (16 %)']);
  });

  it('las líneas a su precio suman la fila «Artículos»', () => {
    const lines = [
      { price: '12.50', promotion: '0.00', quantity: 2 },
      { price: '6.00', promotion: '1.00', quantity: 1 },
    ];
    expect(lines.map(lineBeforeDiscounts)).toEqual([2500, 500]);
    expect(addCents(...lines.map(lineBeforeDiscounts))).toBe(rowsBeforeShipping(order)[0].usd);
  });

  it('en Bs. las mismas filas también se suman bajando, y el total es su propia conversión', () => {
    const rate = '318.7425';
    const ves = rowsInVes(order, rate);
    const [articles, d1, d2, d3, subtotal, iva] = ves.before;
    expect(articles - d1 - d2 - d3).toBe(subtotal);
    expect(subtotal).toBe(usdToVesCents(2308, rate));
    expect(subtotal + iva + ves.shipping + ves.commission).toBe(ves.total);
    expect(ves.total).toBe(usdToVesCents(3177, rate));
  });
});
