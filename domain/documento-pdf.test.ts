import { describe, expect, it } from 'vitest';
import { type DocumentoPdfInput, documentoPdfModel, estadoCuentaModel, igtfLabel } from './documento-pdf.ts';
import { saleTotals } from './ventas.ts';

const empresa = {
  razonSocial: 'Vitrina Moda C.A.',
  rif: 'J-41234567-8',
  address: 'Chacao',
  phone1: '0212-555-0100',
  phone2: '',
  email: '',
};
const cliente = { name: 'Ana Pérez', dni: 'V-12345678', address: '', city: 'Maracay', state: 'Aragua', phone: '', email: '' };

function input(overrides: Partial<DocumentoPdfInput['documento']> = {}): DocumentoPdfInput {
  const totals = saleTotals([{ priceCents: 1000, promotionCents: 100, quantity: 3, discountCents: 200 }], { igtfCents: 75 });
  return {
    empresa,
    cliente,
    documento: {
      number: 'F-CCS-000007',
      control: { kind: 'interno', numeroControl: '00-00000012' },
      kind: 'factura',
      condition: 'contado',
      createdAt: '2026-11-23T15:00:00Z',
      dueDate: null,
      rate: '40.25',
      igtfBasisPoints: 300,
      tienda: 'Caracas (CCS)',
      vendedor: null,
      note: '',
      voided: null,
      ...overrides,
    },
    totals,
    balance: { discountCents: 0, balancePaidCents: totals.totalCents, outstandingCents: 0, creditInFavorCents: 0, status: 'pagada' },
    lineas: [
      {
        articleCode: 'ABC',
        name: 'Franela',
        quantity: 3,
        returnedQuantity: 1,
        priceCents: 1000,
        promotionCents: 100,
        discountCents: 200,
        netCents: 2500,
      },
    ],
    pagos: [{ method: 'pago-movil', currency: 'VES', amount: '1234.50', reference: '0001', amountUsdCents: 3067 }],
    abonos: [],
  };
}

describe('texto del PDF de un documento', () => {
  it('cada cifra en US$ y en Bs. a la tasa del documento, el IGTF en su línea y el total resaltado', () => {
    const model = documentoPdfModel(input());
    expect(model.title).toBe('FACTURA');
    expect(model.fileName).toBe('F-CCS-000007.pdf');
    expect(model.meta).toContainEqual(['N° de control', '00-00000012']);
    expect(model.meta).toContainEqual(['Fecha de emisión', '23/11/2026']);
    // Base 27,00 − 2,00 = 25,00; IVA 4,00; IGTF 0,75; total 29,75 → Bs. 1.197,44 at 40,25.
    expect(model.totals.find((r) => r.label === 'Base imponible')).toEqual({
      label: 'Base imponible',
      usd: '$ 25,00',
      ves: 'Bs. 1.006,25',
      strong: false,
    });
    expect(model.totals.find((r) => r.label.startsWith('IGTF'))?.usd).toBe('$ 0,75');
    expect(model.totals.at(-1)).toEqual({ label: 'TOTAL', usd: '$ 29,75', ves: 'Bs. 1.197,44', strong: true });
    expect(model.rows[0]).toEqual(['ABC', 'Franela (devueltas: 1)', '3', '9,00', '2,00', '25,00', '1.006,25']);
    expect(model.pagos[0]).toEqual(['Pago móvil', '0001', 'Bs. 1.234,50', '$ 30,67']);
    expect(model.rateNote).toContain('Bs. 40,2500 por US$ 1');
    expect(model.balance).toEqual([]);
    expect(model.cliente).toContainEqual(['Dirección', 'Maracay, Aragua']);
  });

  it('el IGTF lleva la tasa que se aplicó en la venta, no una fija; sin ella guardada, ninguna', () => {
    const label = (basisPoints: number | null) => documentoPdfModel(input({ igtfBasisPoints: basisPoints })).totals[5].label;
    expect(label(300)).toBe('IGTF 3 % (pagos en divisas)');
    expect(label(250)).toBe('IGTF 2,5 % (pagos en divisas)');
    expect(label(275)).toBe('IGTF 2,75 % (pagos en divisas)');
    expect(label(1000)).toBe('IGTF 10 % (pagos en divisas)');
    expect(label(0)).toBe('IGTF 0 % (pagos en divisas)');
    expect(label(null)).toBe('IGTF (pagos en divisas)');
    expect(igtfLabel(5)).toBe('IGTF 0,05 % (pagos en divisas)');
  });

  it('un documento anulado lo dice con su fecha y su motivo; uno vigente no', () => {
    expect(documentoPdfModel(input()).voidNotice).toBeNull();
    const model = documentoPdfModel(input({ voided: { at: '2026-11-24T14:00:00Z', reason: 'Venta repetida' } }));
    expect(model.meta).toContainEqual(['Estado', 'ANULADA']);
    expect(model.voidNotice).toBe('DOCUMENTO ANULADO el 24/11/2026. Motivo: Venta repetida. No tiene validez.');
  });

  it('una nota de entrega dice su vencimiento y su saldo', () => {
    const model = documentoPdfModel({
      ...input({ kind: 'nota-entrega', condition: 'credito', dueDate: '2026-12-23', number: 'NE-CCS-000001' }),
      balance: { discountCents: 0, balancePaidCents: 1000, outstandingCents: 1975, creditInFavorCents: 0, status: 'abonada' },
    });
    expect(model.title).toBe('NOTA DE ENTREGA');
    expect(model.meta).toContainEqual(['Vence', '23/12/2026']);
    expect(model.balance.at(-1)).toEqual({ label: 'Saldo pendiente (Abonada)', usd: '$ 19,75', ves: 'Bs. 794,94', strong: true });
  });
});

describe('texto del estado de cuenta', () => {
  it('suma los saldos por antigüedad en Bs. a la tasa de hoy; el Bs. de cada nota queda como histórico a su tasa', () => {
    const nota = (number: string, dueDate: string, outstandingCents: number, rate: string) => ({
      number,
      controlNumber: '00-00000001',
      createdAt: '2026-09-01T12:00:00Z',
      dueDate,
      rate,
      totalCents: 10_000,
      discountCents: 0,
      balancePaidCents: 10_000 - outstandingCents,
      outstandingCents,
      status: outstandingCents === 0 ? ('pagada' as const) : ('abonada' as const),
    });
    const model = estadoCuentaModel({
      empresa,
      cliente,
      today: '2026-11-23',
      todayRate: { amount: '318.7425', date: '2026-11-23T13:00:00Z' },
      notas: [nota('NE-1', '2026-11-30', 1000, '40'), nota('NE-2', '2026-10-01', 2000, '30'), nota('NE-3', '2026-01-01', 0, '10')],
      abonos: [
        { date: '2026-10-05', nota: 'NE-2', method: 'zelle', reference: 'ZL-1', step: 'aprobado', totalCents: 8000, igtfCents: 247 },
      ],
    });
    expect(model.abonos).toEqual([['05/10/2026', 'NE-2', 'Zelle', 'ZL-1', 'Aprobado', '$ 80,00', '$ 2,47']]);
    expect(model.fileName).toBe('estado-de-cuenta_V-12345678_2026-11-23.pdf');
    expect(model.rows.map((r) => r.at(-1))).toEqual(['Al día', '31 a 60 días', 'Pagada']);
    expect(model.aging.find((r) => r.label === 'Al día')).toMatchObject({ usd: '$ 10,00', ves: 'Bs. 3.187,43' });
    expect(model.aging.find((r) => r.label === '31 a 60 días')).toMatchObject({ usd: '$ 20,00', ves: 'Bs. 6.374,85' });
    expect(model.totals.at(-1)).toEqual({ label: 'SALDO PENDIENTE', usd: '$ 30,00', ves: 'Bs. 9.562,28', strong: true });
    // Each note: its own rate and its total in Bs. at that rate (history), then its balance at today's rate.
    expect(model.rows[0].slice(7, 10)).toEqual(['10,00', '4.000,00 a 40,0000', '3.187,43']);
    expect(model.rows[1].slice(7, 10)).toEqual(['20,00', '3.000,00 a 30,0000', '6.374,85']);
    expect(model.rows[2].slice(7, 10)).toEqual(['0,00', '1.000,00 a 10,0000', '0,00']);
    expect(model.meta).toContainEqual(['Tasa de hoy', 'Bs. 318,7425 por US$, vigente desde el 23/11/2026']);
    expect(model.rateNote).toContain('a la tasa de hoy (23/11/2026), Bs. 318,7425 por US$');
  });

  it('el resumen lleva los descuentos en su propia línea: total − descuentos − abonado = saldo', () => {
    const model = estadoCuentaModel({
      empresa,
      cliente,
      today: '2026-11-23',
      todayRate: { amount: '318.7425', date: '2026-11-23T13:00:00Z' },
      notas: [
        {
          number: 'NE-1',
          controlNumber: '00-00000001',
          createdAt: '2026-11-01T12:00:00Z',
          dueDate: '2026-11-30',
          rate: '40',
          totalCents: 11_600,
          discountCents: 600,
          balancePaidCents: 5_000,
          outstandingCents: 6_000,
          status: 'abonada',
        },
      ],
      abonos: [],
    });
    expect(model.totals.map((r) => [r.label, r.usd])).toEqual([
      ['Total de las notas', '$ 116,00'],
      ['Descuentos', '- $ 6,00'],
      ['Abonado', '- $ 50,00'],
      ['SALDO PENDIENTE', '$ 60,00'],
    ]);
    // And so does each note's row.
    expect(model.rows[0].slice(4, 8)).toEqual(['116,00', '6,00', '50,00', '60,00']);
  });
});
