import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findHeaderRow,
  guessMapping,
  type MatchableLine,
  matchStatement,
  type PendingPayment,
  pairStrength,
  parseStatement,
  parseStatementAmount,
  parseStatementDate,
  referencesMatch,
  type StatementCell,
  type StatementMapping,
  statementReference,
} from './conciliacion.ts';

describe('parseStatementAmount', () => {
  it('reads Venezuelan amounts (thousands dot, decimal comma) into cents', () => {
    expect(parseStatementAmount('1.234,56', 'coma')).toBe(123456);
    expect(parseStatementAmount('1234,5', 'coma')).toBe(123450);
    expect(parseStatementAmount('12.345.678,90', 'coma')).toBe(1234567890);
    expect(parseStatementAmount('0,01', 'coma')).toBe(1);
    expect(parseStatementAmount('Bs. 250,00', 'coma')).toBe(25000);
    expect(parseStatementAmount('-1.000,00', 'coma')).toBe(-100000);
    expect(parseStatementAmount('1.000,00-', 'coma')).toBe(-100000);
    expect(parseStatementAmount('(45,10)', 'coma')).toBe(-4510);
    expect(parseStatementAmount('1.234', 'coma')).toBe(123400);
  });

  it('reads a decimal point when the bank exports so, and number cells as they are', () => {
    expect(parseStatementAmount('1,234.56', 'punto')).toBe(123456);
    expect(parseStatementAmount(1234.56, 'coma')).toBe(123456);
    expect(parseStatementAmount(0.1 + 0.2, 'coma')).toBe(30);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,234.56', '1.23,4', '12,345', '--5', null, true]) {
      expect(parseStatementAmount(bad as StatementCell, 'coma')).toBeNull();
    }
  });

  it('reads back any amount written the Venezuelan way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const whole = Math.trunc(cents / 100)
          .toString()
          .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
        const text = `${whole},${String(cents % 100).padStart(2, '0')}`;
        expect(parseStatementAmount(text, 'coma')).toBe(cents);
        expect(parseStatementAmount(`-${text}`, 'coma')).toBe(cents === 0 ? 0 : -cents);
      }),
    );
  });
});

describe('parseStatementDate', () => {
  it('reads dd/mm/aaaa and its variants as an ISO day', () => {
    expect(parseStatementDate('05/03/2026')).toBe('2026-03-05');
    expect(parseStatementDate('5-3-2026')).toBe('2026-03-05');
    expect(parseStatementDate('05.03.26')).toBe('2026-03-05');
    expect(parseStatementDate('31/12/2025 14:32')).toBe('2025-12-31');
    expect(parseStatementDate('2026-03-05')).toBe('2026-03-05');
    expect(parseStatementDate(46086)).toBe('2026-03-05');
    expect(parseStatementDate(46086.75)).toBe('2026-03-05');
  });

  it('refuses impossible days and texts', () => {
    for (const bad of ['31/02/2026', '00/01/2026', '13/13/2026', 'Saldo final', '', null, 12]) {
      expect(parseStatementDate(bad as StatementCell)).toBeNull();
    }
  });
});

describe('references', () => {
  it('normalises like payments do and drops leading zeros', () => {
    expect(statementReference(' 0012-345 678 ')).toBe('12345678');
    expect(statementReference(12345678)).toBe('12345678');
    expect(statementReference('ab-12')).toBe('AB12');
  });

  it('matches equal references and a bank that shows only the last digits (6 or more)', () => {
    expect(referencesMatch('000123456789', '123456789')).toBe(true);
    expect(referencesMatch('123456789012', '56789012')).toBe(true);
    expect(referencesMatch('123456789012', '9012')).toBe(false);
    expect(referencesMatch('12345678', '12345679')).toBe(false);
    expect(referencesMatch('', '')).toBe(false);
  });
});

const mapping: StatementMapping = {
  date: 'Fecha',
  reference: 'Referencia',
  description: 'Descripción',
  mode: 'columnas',
  amount: 'Crédito',
  debit: 'Débito',
  type: null,
  creditMarks: [],
  decimal: 'coma',
};

describe('parseStatement', () => {
  const rows: StatementCell[][] = [
    ['Banco de Venezuela', null, null],
    ['Cuenta 0102-0000-00-0000000000', null, null],
    [],
    ['Fecha', 'Referencia', 'Descripción', 'Débito', 'Crédito', 'Saldo'],
    ['02/03/2026', '000123456', 'PAGO MOVIL', null, '1.234,56', '10.000,00'],
    ['02/03/2026', '555', 'COMISION', '5,00', null, '9.995,00'],
    ['03/03/2026', 'TRF-778899', 'TRANSFERENCIA', '', '250,00', '10.245,00'],
    ['32/03/2026', '1', 'X', null, '1,00', null],
    ['04/03/2026', '2', 'Y', null, 'mil', null],
    [null, null, 'Total', '5,00', '1.485,56', null],
  ];

  it('finds the header under the bank preamble and reads the credits only', () => {
    expect(findHeaderRow(rows)).toBe(3);
    const parsed = parseStatement(rows, mapping);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.lines).toEqual([
      { row: 5, date: '2026-03-02', reference: '123456', description: 'PAGO MOVIL', amountCents: 123456 },
      { row: 7, date: '2026-03-03', reference: 'TRF778899', description: 'TRANSFERENCIA', amountCents: 25000 },
    ]);
    expect(parsed.ignored).toBe(1);
    expect(parsed.problems.map((p) => p.row)).toEqual([8, 9]);
  });

  it('guesses the mapping from the header words', () => {
    const guess = guessMapping(rows[3]);
    expect(guess).toMatchObject({ date: 'Fecha', reference: 'Referencia', description: 'Descripción', amount: 'Crédito', debit: 'Débito' });
  });

  it('reads one signed amount column, or a type column', () => {
    const signed: StatementCell[][] = [
      ['FECHA', 'REF', 'CONCEPTO', 'MONTO'],
      ['01/03/2026', '11', 'a', '-10,00'],
      ['01/03/2026', '12', 'b', '20,00'],
    ];
    const s = parseStatement(signed, {
      ...mapping,
      date: 'fecha',
      reference: 'ref',
      description: 'concepto',
      mode: 'signo',
      amount: 'monto',
      debit: null,
    });
    expect('lines' in s && s.lines.map((l) => l.amountCents)).toEqual([2000]);
    const typed: StatementCell[][] = [
      ['Fecha', 'Ref', 'Tipo', 'Monto'],
      ['01/03/2026', '11', 'D', '10,00'],
      ['01/03/2026', '12', 'CR', '20,00'],
    ];
    const t = parseStatement(typed, {
      ...mapping,
      reference: 'Ref',
      description: null,
      mode: 'tipo',
      amount: 'Monto',
      debit: null,
      type: 'Tipo',
      creditMarks: ['C'],
    });
    expect('lines' in t && t.lines.map((l) => l.amountCents)).toEqual([2000]);
  });

  it('says so when the mapped columns are not in the sheet', () => {
    expect(parseStatement([['a', 'b', 'c']], mapping)).toHaveProperty('error');
  });
});

const options = { windowDays: 2 };
const payment = (p: Partial<PendingPayment> & Pick<PendingPayment, 'id'>): PendingPayment => ({
  kind: 'orden',
  reference: `R${p.id}`,
  amountCents: 1000,
  currency: 'VES',
  date: '2026-03-02',
  ...p,
});

describe('matchStatement', () => {
  it('pairs by reference and amount before closeness of dates', () => {
    const lines: MatchableLine[] = [{ id: 1, date: '2026-03-02', reference: '987654', amountCents: 1000 }];
    const payments = [payment({ id: 1, reference: 'X1', date: '2026-03-02' }), payment({ id: 2, reference: '987654', date: '2026-03-10' })];
    expect(matchStatement(lines, payments, options)).toEqual([{ lineId: 1, kind: 'orden', paymentId: 2, strength: 'referencia', days: 8 }]);
  });

  it('does not pair different amounts, nor same amount outside the window without the reference', () => {
    const line: MatchableLine = { id: 1, date: '2026-03-02', reference: '987654', amountCents: 1000 };
    expect(pairStrength(line, payment({ id: 1, reference: '987654', amountCents: 1001 }), options)).toBeNull();
    expect(pairStrength(line, payment({ id: 1, date: '2026-03-05' }), options)).toBeNull();
    expect(pairStrength(line, payment({ id: 1, date: '2026-03-04' }), options)).toBe('fecha');
  });

  const day = fc.integer({ min: 1, max: 9 }).map((d) => `2026-03-0${d}`);
  const ref = fc.constantFrom('111111', '222222', '333333', '0111111', 'X9');
  const amount = fc.constantFrom(1000, 2000, 3000);
  const linesArb = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 40 }), date: day, reference: ref, amountCents: amount }), {
    selector: (l) => l.id,
    maxLength: 12,
  });
  const paymentsArb = fc.uniqueArray(
    fc.record({
      kind: fc.constantFrom('orden' as const, 'abono' as const),
      id: fc.integer({ min: 1, max: 40 }),
      reference: ref,
      amountCents: amount,
      currency: fc.constant('VES' as const),
      date: day,
    }),
    { selector: (p) => `${p.kind}:${p.id}`, maxLength: 12 },
  );

  it('matches each line and each payment at most once, only with the same amount', () => {
    fc.assert(
      fc.property(linesArb, paymentsArb, (lines, payments) => {
        const matches = matchStatement(lines, payments, options);
        expect(new Set(matches.map((m) => m.lineId)).size).toBe(matches.length);
        expect(new Set(matches.map((m) => `${m.kind}:${m.paymentId}`)).size).toBe(matches.length);
        for (const m of matches) {
          const line = lines.find((l) => l.id === m.lineId);
          const pay = payments.find((p) => p.kind === m.kind && p.id === m.paymentId);
          expect(line?.amountCents).toBe(pay?.amountCents);
          expect(line && pay && pairStrength(line, pay, options)).toBe(m.strength);
        }
      }),
    );
  });

  it('never leaves a reference and amount pair to a date-only match', () => {
    fc.assert(
      fc.property(linesArb, paymentsArb, (lines, payments) => {
        const matches = matchStatement(lines, payments, options);
        const byRef = new Set(
          matches.filter((m) => m.strength === 'referencia').flatMap((m) => [`l${m.lineId}`, `${m.kind}:${m.paymentId}`]),
        );
        for (const l of lines) {
          for (const p of payments) {
            if (pairStrength(l, p, options) !== 'referencia') continue;
            // One of them went to another pair with the same reference and amount.
            expect(byRef.has(`l${l.id}`) || byRef.has(`${p.kind}:${p.id}`)).toBe(true);
          }
        }
      }),
    );
  });

  it('does not depend on the order of its inputs, and is maximal', () => {
    fc.assert(
      fc.property(linesArb, paymentsArb, (lines, payments) => {
        const matches = matchStatement(lines, payments, options);
        expect(matchStatement([...lines].reverse(), [...payments].reverse(), options)).toEqual(matches);
        const usedL = new Set(matches.map((m) => m.lineId));
        const usedP = new Set(matches.map((m) => `${m.kind}:${m.paymentId}`));
        for (const l of lines.filter((x) => !usedL.has(x.id))) {
          for (const p of payments.filter((x) => !usedP.has(`${x.kind}:${x.id}`))) {
            expect(pairStrength(l, p, options)).toBeNull();
          }
        }
      }),
    );
  });
});
