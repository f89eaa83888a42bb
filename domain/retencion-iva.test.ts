import { describe, expect, it } from 'vitest';
import { registrarRetencion, retencionMaxima, saldoDe } from './retencion-iva.ts';

const nota = { totalCents: 11_600, discountCents: 0, balancePaidCents: 0, ivaRetenidoCents: 0, creditInFavorCents: 0 };

describe('retención de IVA de un cliente', () => {
  it('el máximo es el IVA por el porcentaje, redondeado una vez', () => {
    expect(retencionMaxima(1_600, 7500)).toBe(1_200);
    expect(retencionMaxima(1_601, 7500)).toBe(1_201);
    expect(retencionMaxima(1_600, 10000)).toBe(1_600);
  });

  it('baja el saldo de una nota por su monto: saldo = total − descuento − pagado − retenido', () => {
    const r = registrarRetencion({ ...nota, balancePaidCents: 5_000 }, 1_600, 7500, 1_200);
    expect(r).toMatchObject({
      ok: true,
      aFavorCents: 0,
      saldo: { outstandingBalanceCents: 5_400, ivaRetenidoCents: 1_200, paymentStatus: 'abonada' },
    });
  });

  it('en un documento ya pagado, lo retenido pasa a saldo a favor del cliente y nada queda negativo', () => {
    const r = registrarRetencion({ ...nota, balancePaidCents: 11_000, discountCents: 0 }, 1_600, 10000, 1_600);
    expect(r).toMatchObject({
      ok: true,
      aFavorCents: 1_000,
      saldo: { outstandingBalanceCents: 0, balancePaidCents: 10_000, creditInFavorCents: 1_000, paymentStatus: 'pagada' },
    });
  });

  it('se rechaza una segunda vez, por encima del IVA × porcentaje, o en cero', () => {
    const once = registrarRetencion(nota, 1_600, 7500, 1_200);
    if (!once.ok) throw new Error(once.motivo);
    const twice = registrarRetencion(once.saldo, 1_600, 7500, 1);
    expect(twice).toMatchObject({ ok: false, yaRegistrada: true });
    const above = registrarRetencion(nota, 1_600, 7500, 1_201);
    expect(above).toEqual({ ok: false, motivo: 'El monto retenido ($ 12,01) supera el 75 % del IVA del documento ($ 12,00).' });
    expect(registrarRetencion(nota, 1_600, 7500, 0)).toMatchObject({ ok: false });
  });

  it('saldoDe no acepta un saldo negativo', () => {
    expect(() => saldoDe({ ...nota, balancePaidCents: 11_000, ivaRetenidoCents: 1_000 })).toThrow(RangeError);
  });
});
