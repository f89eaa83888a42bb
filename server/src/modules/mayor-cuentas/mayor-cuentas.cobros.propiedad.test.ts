// Property: random sequences of credit sales (insertDocument), abonos, approvals, rejections,
// discounts and returns run against the real service and database. After every step the stored
// note equals a model computed with domain/abono.ts, outstanding = total − discount − balancePaid
// and never negative, a refusal changes nothing, and a rejection follows docs/dominio.md §Cuentas por cobrar exactly.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Abono,
  abonoRecibido,
  aprobarAbono,
  isConsistent,
  type NotaEntrega,
  notaEntrega,
  rechazarAbono,
  registrarAbono,
  registrarDevolucion,
} from '#domain/abono.ts';
import { DEFAULT_IGTF } from '#domain/igtf.ts';
import { fromCents, toCents } from '#domain/money.ts';
import { saleTotals } from '#domain/ventas.ts';
import { AppError } from '#server/errors.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { registrarVenta, storedNote, userIdOf } from '#test/cobros.ts';
import { stockedArticle } from '#test/ordenes.ts';
import { demoEmail } from '#test/sessions.ts';
import * as service from './mayor-cuentas.cobros.service.ts';

let t: TestApp;
let article = '';
let storeId = 0;
let adminId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ article, storeId } = await stockedArticle(t, 1000));
  adminId = await userIdOf(t, demoEmail('administracion'));
});

afterAll(async () => {
  await t?.close();
});

const RUNS = process.env.DATABASE_URL ? 60 : 20;
const STEPS = 15;

type Line = { quantity: number; priceCents: number; discountCents: number; returned: number };

type Command =
  | { kind: 'abono'; fraction: number; descuento: boolean }
  | { kind: 'aprobar' | 'rechazar'; pick: number }
  | { kind: 'descuento'; fraction: number }
  | { kind: 'devolucion'; line: number; quantity: number };

/** Any share of the balance (above 1: more than owed), often nearly all of it, so returns pass the balance. */
const nearlyAll = fc.oneof(fc.double({ min: 0, max: 1.3, noNaN: true }), fc.double({ min: 0.8, max: 1, noNaN: true }));

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('abono' as const),
      fraction: nearlyAll,
      descuento: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('aprobar' as const, 'rechazar' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('descuento' as const), fraction: fc.double({ min: 0, max: 1.2, noNaN: true }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('devolucion' as const),
      line: fc.nat(1),
      quantity: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 4 })),
    }),
  },
);

const sale = fc.record({
  lines: fc.array(
    fc
      .record({
        quantity: fc.integer({ min: 1, max: 5 }),
        priceCents: fc.integer({ min: 100, max: 9_999 }),
        discountShare: fc.double({ min: 0, max: 0.3, noNaN: true }),
      })
      .map(({ quantity, priceCents, discountShare }) => ({
        quantity,
        priceCents,
        discountCents: Math.floor(quantity * priceCents * discountShare),
        returned: 0,
      })),
    { minLength: 2, maxLength: 2 },
  ),
  // Up to all of it: a note paid in full sends any return to the customer's credit.
  downPayment: fc.oneof({ weight: 4, arbitrary: fc.double({ min: 0, max: 0.6, noNaN: true }) }, { weight: 1, arbitrary: fc.constant(1) }),
});

type Setup = { lines: Line[]; downPayment: number };

function paidInFull(downPayment: number): Setup {
  return {
    lines: [
      { quantity: 3, priceCents: 2_000, discountCents: 0, returned: 0 },
      { quantity: 1, priceCents: 500, discountCents: 50, returned: 0 },
    ],
    downPayment,
  };
}

/** What the runs went through, so the property cannot pass by never reaching the interesting cases. */
const seen = { creditoAFavor: 0, devolucionConPendientes: 0, rechazoDescuento: 0, rechazoAbono: 0, aprobado: 0, abonoRechazadoPorMonto: 0 };

let dni = 40_000_000;
let reference = 500_000;

/** Runs a service call: true when done, false when refused with a 4xx (anything else fails the test). */
async function attempt(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return false;
    throw error;
  }
}

function totalsOf(lines: Line[]) {
  return saleTotals(
    lines.map((l) => ({
      priceCents: l.priceCents,
      promotionCents: 0,
      quantity: l.quantity,
      discountCents: l.discountCents,
      returnedQuantity: l.returned,
    })),
  );
}

describe('propiedad: abonos, rechazos, descuentos y devoluciones contra la base', () => {
  it(`${RUNS} corridas de hasta ${STEPS} pasos: la nota guardada es el modelo de domain/abono.ts en cada paso`, async () => {
    await fc.assert(
      fc.asyncProperty(sale, fc.array(command, { minLength: 1, maxLength: STEPS }), async (setup: Setup, commands: Command[]) => {
        const lines: Line[] = setup.lines.map((l) => ({ ...l }));
        const first = totalsOf(lines);
        const paidCents = Math.floor(first.totalCents * setup.downPayment);
        const created = await registrarVenta(t, {
          dni: `V-${++dni}`,
          paidCents,
          lines: lines.map((l) => ({
            articleCode: article,
            tiendaId: storeId,
            quantity: l.quantity,
            priceCents: l.priceCents,
            discountCents: l.discountCents,
          })),
        });
        let note: NotaEntrega = notaEntrega({ totalCents: first.totalCents, discountCents: 0, balancePaidCents: paidCents });
        let credit = 0;
        const abonos: (Abono & { id: number })[] = [];

        for (const c of commands) {
          const before = await storedNote(t, created.id);
          let done: boolean;
          let expected: boolean;
          if (c.kind === 'abono' || c.kind === 'descuento') {
            const totalCents = Math.max(1, Math.round(note.outstandingBalanceCents * c.fraction));
            const descuento = c.kind === 'descuento' || c.descuento;
            const ref = descuento ? 'descuento' : `PZ${++reference}`;
            // A Zelle abono carries the IGTF (domain/igtf.ts, 3 % in the demo) and only the rest goes to the note.
            const { toNoteCents } = abonoRecibido('USD', totalCents, DEFAULT_IGTF, ref);
            const outcome = registrarAbono(note, { totalCents: toNoteCents, reference: ref });
            expected = outcome.ok;
            let id = 0;
            done = await attempt(async () => {
              const result =
                c.kind === 'descuento'
                  ? await service.aplicarDescuento(
                      t.database.db,
                      { deliveryNote: created.number, amount: fromCents(totalCents), note: '' },
                      { id: adminId },
                    )
                  : await service.registrarAbono(
                      t.database.db,
                      { deliveryNote: created.number, method: 'zelle', amount: fromCents(totalCents), reference: ref, note: '' },
                      { id: adminId },
                    );
              id = result.abono.id;
            });
            if (!outcome.ok) seen.abonoRechazadoPorMonto += 1;
            if (outcome.ok && done) {
              note = outcome.note;
              abonos.push({ ...outcome.abono, id, step: c.kind === 'descuento' ? 'aprobado' : 'pendiente' });
            }
          } else if (c.kind === 'aprobar' || c.kind === 'rechazar') {
            if (abonos.length === 0) continue;
            const abono = abonos[c.pick % abonos.length];
            const outcome = c.kind === 'aprobar' ? aprobarAbono(abono) : rechazarAbono(note, abono);
            expected = outcome.ok;
            done = await attempt(() =>
              service.aprobarAbono(t.database.db, { id: abono.id, step: c.kind === 'aprobar' ? 'aprobado' : 'rechazado' }, { id: adminId }),
            );
            if (outcome.ok && done) {
              abono.step = outcome.abono.step;
              if ('note' in outcome) note = outcome.note as NotaEntrega;
            }
            if (c.kind === 'rechazar' && done) {
              // docs/dominio.md §Cuentas por cobrar, on the stored rows: its total leaves balancePaid (or the discount) and returns to the balance.
              const after = await storedNote(t, created.id);
              const field = abono.reference === 'descuento' ? 'discount' : 'balance_paid';
              expect(toCents(after[field])).toBe(toCents(before[field]) - abono.totalCents);
              expect(toCents(after.outstanding_balance)).toBe(toCents(before.outstanding_balance) + abono.totalCents);
              expect(after.total).toBe(before.total);
              if (abono.reference === 'descuento') seen.rechazoDescuento += 1;
              else seen.rechazoAbono += 1;
            }
            if (c.kind === 'aprobar' && done) seen.aprobado += 1;
          } else {
            if (c.kind !== 'devolucion') throw new Error('paso desconocido');
            const line = lines[c.line];
            const returnable = line.quantity - line.returned;
            const amountBefore = totalsOf(lines).totalCents;
            let outcome: ReturnType<typeof registrarDevolucion> | null = null;
            if (c.quantity <= returnable) {
              const amount =
                amountBefore - totalsOf(lines.map((l, i) => (i === c.line ? { ...l, returned: l.returned + c.quantity } : l))).totalCents;
              const pending = abonos.some((a) => a.step === 'pendiente');
              outcome = amount > 0 ? registrarDevolucion(note, amount, { creditInFavorCents: credit, pendingAbonos: pending }) : null;
              expected = amount === 0 || (outcome?.ok ?? false);
              if (outcome && !outcome.ok && pending) seen.devolucionConPendientes += 1;
            } else {
              expected = false;
            }
            done = await attempt(() =>
              service.devolver(
                t.database.db,
                { deliveryNote: created.number, lineId: created.lineIds[c.line], quantity: c.quantity, note: '' },
                { id: adminId },
              ),
            );
            if (done && expected) {
              line.returned += c.quantity;
              if (outcome?.ok) {
                if (outcome.fromPaidCents > 0) seen.creditoAFavor += 1;
                note = outcome.note;
                credit = outcome.creditInFavorCents;
              }
            }
          }
          expect(done, JSON.stringify({ c, note })).toBe(expected);
          const stored = await storedNote(t, created.id);
          if (!done) expect(stored).toEqual(before);
          expect(stored).toEqual({
            total: fromCents(note.totalCents),
            discount: fromCents(note.discountCents),
            balance_paid: fromCents(note.balancePaidCents),
            outstanding_balance: fromCents(note.outstandingBalanceCents),
            credit_in_favor: fromCents(credit),
            payment_status: note.paymentStatus,
          });
          expect(isConsistent(note)).toBe(true);
          expect(toCents(stored.outstanding_balance)).toBe(toCents(stored.total) - toCents(stored.discount) - toCents(stored.balance_paid));
          expect(toCents(stored.outstanding_balance)).toBeGreaterThanOrEqual(0);
        }
      }),
      {
        numRuns: RUNS,
        // Besides the random runs, sequences that surely reach each case the counters below ask for.
        examples: [
          [
            paidInFull(1),
            [
              { kind: 'devolucion', line: 0, quantity: 1 },
              { kind: 'devolucion', line: 1, quantity: 1 },
            ],
          ],
          [
            paidInFull(0),
            [
              { kind: 'abono', fraction: 0.95, descuento: false },
              { kind: 'devolucion', line: 0, quantity: 1 },
              { kind: 'aprobar', pick: 0 },
              { kind: 'devolucion', line: 0, quantity: 1 },
            ],
          ],
          [
            paidInFull(0),
            [
              { kind: 'abono', fraction: 0.3, descuento: true },
              { kind: 'rechazar', pick: 0 },
              { kind: 'abono', fraction: 0.3, descuento: false },
              { kind: 'rechazar', pick: 1 },
              { kind: 'abono', fraction: 1.2, descuento: false },
            ],
          ],
        ],
      },
    );
    for (const [what, times] of Object.entries(seen)) expect(times, what).toBeGreaterThan(0);
  }, 600_000);
});
