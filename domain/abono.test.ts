import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Abono, NotaEntrega } from './abono.ts';
import {
  abonoRecibido,
  abonoStepOf,
  aplicarDescuento,
  aprobarAbono,
  isConsistent,
  isDescuentoReference,
  montoEnDivisasParaCubrir,
  normalizeReference,
  notaEntrega,
  paymentStatusOf,
  rechazarAbono,
  referenceKey,
  registrarAbono,
  registrarDevolucion,
} from './abono.ts';

const nota = (totalCents: number, discountCents = 0, balancePaidCents = 0): NotaEntrega =>
  notaEntrega({ totalCents, discountCents, balancePaidCents });

function registered(note: NotaEntrega, totalCents: number, reference: string) {
  const outcome = registrarAbono(note, { totalCents, reference });
  if (!outcome.ok) throw new Error(outcome.motivo);
  return outcome;
}

describe('nota de entrega', () => {
  it('saldo pendiente = total − descuento − abonado', () => {
    expect(nota(10_000, 500, 2_000)).toEqual({
      totalCents: 10_000,
      discountCents: 500,
      balancePaidCents: 2_000,
      outstandingBalanceCents: 7_500,
      paymentStatus: 'abonada',
    });
  });

  it('el estado de pago es pendiente, abonada o pagada', () => {
    expect(nota(10_000).paymentStatus).toBe('pendiente');
    expect(nota(10_000, 0, 1).paymentStatus).toBe('abonada');
    expect(nota(10_000, 0, 10_000).paymentStatus).toBe('pagada');
    expect(nota(10_000, 10_000).paymentStatus).toBe('pagada');
    expect(nota(0).paymentStatus).toBe('pagada');
    expect(paymentStatusOf(1, 0)).toBe('pendiente');
  });

  it('rechaza saldos imposibles', () => {
    expect(() => nota(1_000, 600, 500)).toThrow(RangeError);
    expect(() => nota(-1)).toThrow(RangeError);
    expect(() => nota(1_000, 0, 10.5)).toThrow(TypeError);
  });

  it('detecta una nota guardada con el invariante roto', () => {
    expect(isConsistent(nota(1_000, 100, 200))).toBe(true);
    expect(isConsistent({ ...nota(1_000, 100, 200), outstandingBalanceCents: 800 })).toBe(false);
    expect(isConsistent({ ...nota(1_000, 0, 200), paymentStatus: 'pendiente' })).toBe(false);
  });
});

describe('registrar un abono', () => {
  it('suma el abono a lo abonado y lo resta del saldo pendiente', () => {
    const { note, abono } = registered(nota(10_000), 2_500, ' 00123456 ');
    expect(note).toMatchObject({ balancePaidCents: 2_500, outstandingBalanceCents: 7_500, paymentStatus: 'abonada' });
    expect(abono).toEqual({ totalCents: 2_500, reference: '00123456', step: 'pendiente' });
  });

  it('un abono por el saldo completo deja la nota pagada', () => {
    const { note } = registered(nota(10_000, 0, 4_000), 6_000, 'REF-1');
    expect(note).toMatchObject({ outstandingBalanceCents: 0, paymentStatus: 'pagada' });
  });

  it('un abono con referencia descuento aumenta el descuento, no lo abonado', () => {
    const { note } = registered(nota(10_000), 1_000, 'Descuento');
    expect(note).toMatchObject({ discountCents: 1_000, balancePaidCents: 0, outstandingBalanceCents: 9_000 });
    expect(isConsistent(note)).toBe(true);
  });

  it('rechaza montos que superan el saldo, montos no positivos y notas ya pagadas', () => {
    expect(registrarAbono(nota(10_000, 0, 9_000), { totalCents: 1_001, reference: 'X' })).toEqual({
      ok: false,
      motivo: 'El monto ($ 10,01) supera el saldo pendiente ($ 10,00).',
    });
    expect(registrarAbono(nota(10_000), { totalCents: 0, reference: 'X' }).ok).toBe(false);
    expect(registrarAbono(nota(10_000), { totalCents: -5, reference: 'X' }).ok).toBe(false);
    expect(registrarAbono(nota(10_000, 0, 10_000), { totalCents: 1, reference: 'X' })).toEqual({
      ok: false,
      motivo: 'La nota de entrega no tiene saldo pendiente (está pagada o sus abonos por aprobar ya la cubren).',
    });
  });

  it('exige una referencia', () => {
    expect(registrarAbono(nota(10_000), { totalCents: 100, reference: '   ' })).toEqual({
      ok: false,
      motivo: 'El abono necesita un número de referencia.',
    });
  });

  it('no modifica la nota recibida', () => {
    const original = nota(10_000);
    registered(original, 2_500, 'R');
    expect(original.balancePaidCents).toBe(0);
  });
});

describe('aprobar y rechazar un abono', () => {
  it('aprobar cambia solo el paso del abono', () => {
    const { abono } = registered(nota(10_000), 2_500, 'R1');
    expect(aprobarAbono(abono)).toEqual({ ok: true, abono: { ...abono, step: 'aprobado' } });
  });

  it('rechazar resta el total de lo abonado y lo devuelve al saldo pendiente', () => {
    const first = registered(nota(10_000), 2_500, 'R1');
    const second = registered(first.note, 1_000, 'R2');
    const outcome = rechazarAbono(second.note, first.abono);
    if (!outcome.ok) throw new Error(outcome.motivo);
    expect(outcome.note).toMatchObject({
      balancePaidCents: 1_000,
      outstandingBalanceCents: 9_000,
      paymentStatus: 'abonada',
    });
    expect(outcome.abono.step).toBe('rechazado');
  });

  it('rechazar el único abono devuelve la nota a pendiente y una pagada vuelve a deber', () => {
    const full = registered(nota(5_000), 5_000, 'R1');
    expect(full.note.paymentStatus).toBe('pagada');
    const outcome = rechazarAbono(full.note, full.abono);
    expect(outcome.ok && outcome.note).toMatchObject({ outstandingBalanceCents: 5_000, paymentStatus: 'pendiente' });
  });

  it('rechazar un abono de descuento también lo resta del descuento', () => {
    const { note, abono } = registered(nota(10_000, 300), 1_000, 'descuento');
    const outcome = rechazarAbono(note, abono);
    expect(outcome.ok && outcome.note).toEqual(nota(10_000, 300));
  });

  it('no se aprueba ni rechaza un abono que ya no está pendiente', () => {
    const { note, abono } = registered(nota(10_000), 2_500, 'R1');
    const approved: Abono = { ...abono, step: 'aprobado' };
    const rejected: Abono = { ...abono, step: 'rechazado' };
    expect(rechazarAbono(note, rejected)).toEqual({
      ok: false,
      motivo: 'No se puede rechazar un abono en estado «Rechazado»: debe estar pendiente.',
    });
    expect(rechazarAbono(note, approved).ok).toBe(false);
    expect(aprobarAbono(approved).ok).toBe(false);
    expect(aprobarAbono(rejected).ok).toBe(false);
  });

  it('lee el paso sin importar mayúsculas y reconoce la referencia descuento', () => {
    expect(abonoStepOf(' Rechazado ')).toBe('rechazado');
    expect(abonoStepOf('APROBADO')).toBe('aprobado');
    expect(abonoStepOf('anulado')).toBeNull();
    expect(isDescuentoReference(' DESCUENTO ')).toBe(true);
    expect(isDescuentoReference('descuento 10%')).toBe(false);
  });
});

describe('descuentos y devoluciones sobre la nota', () => {
  it('un descuento reduce el saldo pendiente sin superarlo', () => {
    const outcome = aplicarDescuento(nota(10_000, 0, 4_000), 1_000);
    expect(outcome.ok && outcome.note).toEqual(nota(10_000, 1_000, 4_000));
    expect(aplicarDescuento(nota(10_000, 0, 4_000), 6_001).ok).toBe(false);
  });

  it('una devolución reduce el total y puede dejar la nota pagada', () => {
    const outcome = registrarDevolucion(nota(10_000, 0, 7_000), 3_000);
    expect(outcome.ok && outcome.note).toEqual(nota(7_000, 0, 7_000));
    expect(outcome.ok && outcome.note.paymentStatus).toBe('pagada');
    expect(outcome.ok && outcome.creditInFavorCents).toBe(0);
  });

  it('lo que pasa del saldo pendiente sale de lo abonado y queda como saldo a favor', () => {
    const outcome = registrarDevolucion(nota(10_000, 0, 7_000), 4_000, { creditInFavorCents: 500 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.note).toEqual(nota(6_000, 0, 6_000));
    expect(outcome).toMatchObject({ creditInFavorCents: 1_500, fromOutstandingCents: 3_000, fromPaidCents: 1_000, fromDiscountCents: 0 });
  });

  it('en una factura pagada toda la devolución queda a favor del cliente', () => {
    const outcome = registrarDevolucion(nota(11_600, 0, 11_600), 5_800);
    expect(outcome.ok && outcome.note).toEqual(nota(5_800, 0, 5_800));
    expect(outcome.ok && outcome.creditInFavorCents).toBe(5_800);
  });

  it('sin nada abonado, lo que pasa del saldo sale del descuento (no es dinero a devolver)', () => {
    const outcome = registrarDevolucion(nota(10_000, 8_000, 0), 5_000);
    expect(outcome.ok && outcome.note).toEqual(nota(5_000, 5_000, 0));
    expect(outcome.ok && outcome.creditInFavorCents).toBe(0);
  });

  it('no devuelve más que el total, ni toma lo abonado mientras haya abonos pendientes', () => {
    expect(registrarDevolucion(nota(10_000, 0, 7_000), 10_001).ok).toBe(false);
    expect(registrarDevolucion(nota(10_000, 0, 0), 0).ok).toBe(false);
    const refused = registrarDevolucion(nota(10_000, 0, 7_000), 3_001, { pendingAbonos: true });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.motivo).toContain('abonos pendientes');
    // Within what is owed a pending abono does not matter.
    expect(registrarDevolucion(nota(10_000, 0, 7_000), 3_000, { pendingAbonos: true }).ok).toBe(true);
  });

  it('propiedad: el total baja exactamente lo devuelto, el saldo nunca es negativo y el dinero abonado no se pierde', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 100_000 }),
        (total, d, p, r, credit) => {
          const discount = Math.floor(total * d);
          const paid = Math.floor((total - discount) * p);
          const note = nota(total, discount, paid);
          const amount = Math.max(1, Math.floor(total * r));
          const outcome = registrarDevolucion(note, amount, { creditInFavorCents: credit });
          if (!outcome.ok) return false;
          const after = outcome.note;
          return (
            isConsistent(after) &&
            after.outstandingBalanceCents >= 0 &&
            after.totalCents === total - amount &&
            outcome.fromOutstandingCents + outcome.fromPaidCents + outcome.fromDiscountCents === amount &&
            // Money paid is either still paid or now the customer's credit.
            after.balancePaidCents + outcome.creditInFavorCents === paid + credit &&
            after.outstandingBalanceCents === Math.max(0, note.outstandingBalanceCents - amount)
          );
        },
      ),
    );
  });
});

describe('referencias de pago', () => {
  it('la misma referencia con otros espacios o mayúsculas es la misma para un banco y método', () => {
    expect(referenceKey('0134', 'transferencia', 'ab 12 34')).toBe(referenceKey('0134', 'Transferencia', 'AB1234'));
  });

  it('los guiones no cuentan, como en las órdenes web', () => {
    expect(normalizeReference('ab-12 34')).toBe('AB1234');
    expect(referenceKey('', 'zelle', 'zl-001')).toBe(referenceKey('', 'zelle', 'ZL001'));
  });

  it('la misma referencia en otro banco u otro método es distinta', () => {
    const key = referenceKey('0134', 'transferencia', '1234');
    expect(referenceKey('0102', 'transferencia', '1234')).not.toBe(key);
    expect(referenceKey('0134', 'pago-movil', '1234')).not.toBe(key);
  });
});

describe('devolución en una nota con descuento y abonos', () => {
  it('lo que pasa del saldo sale primero del descuento: el dinero abonado no vuelve como saldo a favor mientras quede descuento', () => {
    // Total 592,17; abonado 197,39; descuento 382,28; debe 12,50. Devuelve 327,77.
    const outcome = registrarDevolucion(nota(59_217, 38_228, 19_739), 32_777);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.note).toMatchObject({ totalCents: 26_440, discountCents: 6_701, balancePaidCents: 19_739, outstandingBalanceCents: 0 });
    expect([outcome.fromOutstandingCents, outcome.fromDiscountCents, outcome.fromPaidCents, outcome.creditInFavorCents]).toEqual([
      1_250, 31_527, 0, 0,
    ]);
    // Past the discount too, the rest is the customer's credit.
    const all = registrarDevolucion(nota(59_217, 38_228, 19_739), 59_217);
    expect(all.ok && [all.note.discountCents, all.note.balancePaidCents, all.creditInFavorCents]).toEqual([0, 0, 19_739]);
  });
});

describe('IGTF de un abono (docs/dominio.md §IGTF)', () => {
  const tres = { charged: true, basisPoints: 300 };
  it('un abono Zelle de $ 50,00 lleva $ 1,50 de IGTF y abona $ 48,50 a la nota', () => {
    expect(abonoRecibido('USD', 5_000, tres)).toEqual({ igtfCents: 150, toNoteCents: 4_850 });
  });
  it('bolívares, un descuento o una tienda que no cobra IGTF no lo llevan', () => {
    expect(abonoRecibido('VES', 5_000, tres)).toEqual({ igtfCents: 0, toNoteCents: 5_000 });
    expect(abonoRecibido('USD', 5_000, tres, 'descuento')).toEqual({ igtfCents: 0, toNoteCents: 5_000 });
    expect(abonoRecibido('USD', 5_000, { charged: false, basisPoints: 300 })).toEqual({ igtfCents: 0, toNoteCents: 5_000 });
  });
  it('cubrir $ 50,00 en divisas pide el menor A con A − IGTF(A) ≥ $ 50,00, y ese A abona exactamente $ 50,00', () => {
    expect(montoEnDivisasParaCubrir(5_000, tres)).toBe(5_155);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 2_000 }), (needed, bp) => {
        const s = { charged: true, basisPoints: bp };
        const a = montoEnDivisasParaCubrir(needed, s);
        expect(abonoRecibido('USD', a, s).toNoteCents).toBe(needed);
        if (a > 1) expect(abonoRecibido('USD', a - 1, s).toNoteCents).toBeLessThan(needed);
      }),
    );
  });
});
