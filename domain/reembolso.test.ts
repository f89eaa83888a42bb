import { describe, expect, it } from 'vitest';
import { efectoDeReembolso } from './reembolso.ts';

describe('efectoDeReembolso', () => {
  it('paga primero el saldo a favor: lo pagado y el descuento no cambian', () => {
    expect(efectoDeReembolso(500, { paidCents: 4_000, creditCents: 800, discountCents: 0 })).toEqual({
      ok: true,
      fromCreditCents: 500,
      creditCents: 300,
      paidCents: 4_000,
      discountCents: 0,
    });
  });
  it('lo que pasa del saldo a favor es una rebaja: baja lo pagado y sube el descuento por lo mismo', () => {
    const e = efectoDeReembolso(1_000, { paidCents: 4_000, creditCents: 300, discountCents: 200 });
    expect(e).toEqual({ ok: true, fromCreditCents: 300, creditCents: 0, paidCents: 3_300, discountCents: 900 });
    // What the document still owes (total − discount − paid) does not move.
    if (e.ok) expect(5_000 - e.discountCents - e.paidCents).toBe(5_000 - 200 - 4_000);
  });
  it('nunca más de lo que el documento tiene cobrado, ni cero', () => {
    expect(efectoDeReembolso(4_301, { paidCents: 4_000, creditCents: 300, discountCents: 0 })).toEqual({
      ok: false,
      motivo: 'El reembolso ($ 43,01) supera lo cobrado en el documento ($ 43,00).',
    });
    expect(efectoDeReembolso(0, { paidCents: 4_000, creditCents: 0, discountCents: 0 }).ok).toBe(false);
  });
});
