import { describe, expect, it } from 'vitest';
import { cuadraElResumen, resumenDeCobro } from './resumen-cobro.ts';

describe('resumen de cuentas por cobrar', () => {
  it('muestra el total, los descuentos, lo abonado y lo que falta, y total − descuentos − abonado = por cobrar', () => {
    const t = {
      totalCents: 11_600,
      discountCents: 600,
      paidCents: 5_000,
      outstandingCents: 6_000,
      totalVesCents: 464_000,
      discountVesCents: 24_000,
      paidVesCents: 200_000,
      outstandingVesCents: 240_000,
    };
    const filas = resumenDeCobro(t);
    expect(filas.map((f) => [f.key, f.label, f.resta])).toEqual([
      ['total', 'Total', false],
      ['descuento', 'Descuentos', true],
      ['abonado', 'Abonado', true],
      ['pendiente', 'Por cobrar', false],
    ]);
    const [total, descuento, abonado, pendiente] = filas.map((f) => f.usdCents);
    expect(total - descuento - abonado).toBe(pendiente);
    expect(cuadraElResumen(t)).toBe(true);
    // Without the discount the figures do not add up: that is what the headline used to show.
    expect(cuadraElResumen({ ...t, discountCents: 0 })).toBe(false);
  });
});
