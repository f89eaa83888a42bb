import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DocumentoLibroVenta, filaLibroVenta, LIBRO_DOC_KINDS, libroDeVentas, periodoDelMes } from './libro-de-ventas.ts';
import { usdToVesCents } from './money.ts';

const factura: DocumentoLibroVenta = {
  kind: 'factura',
  number: 'F-CCS-000001',
  controlNumber: '00-00000001',
  fecha: '2026-11-02',
  afectado: null,
  clienteRif: 'J-50123456-6',
  clienteName: 'Tiendas Ávila, C.A.',
  rate: '40.1234',
  totalCents: 11_900,
  baseCents: 10_000,
  ivaCents: 1_600,
  igtfCents: 300,
  ivaBasisPoints: 1600,
  ivaRetenidoCents: 1_200,
  comprobanteRetencion: '20261100000001',
  anulada: false,
};

describe('libro de ventas', () => {
  it('una factura: cada cifra en US$ y en Bs. a su tasa; el exento es lo que queda del total', () => {
    const f = filaLibroVenta({ ...factura, totalCents: 12_400 });
    expect(f.total).toEqual({ usd: '124.00', ves: '4975.30' });
    expect(f.base).toEqual({ usd: '100.00', ves: '4012.34' });
    expect(f.iva).toEqual({ usd: '16.00', ves: '641.97' });
    expect(f.igtf).toEqual({ usd: '3.00', ves: '120.37' });
    expect(f.exento).toEqual({ usd: '5.00', ves: '200.62' });
    expect(f.ivaRetenido).toEqual({ usd: '12.00', ves: '481.48' });
    expect(f.kindLabel).toBe('Factura');
  });

  it('una nota de crédito resta y lleva el documento afectado; una de débito suma', () => {
    const afectado = { number: 'F-CCS-000001', controlNumber: '00-00000001', fecha: '2026-11-02' };
    const credito = filaLibroVenta({ ...factura, kind: 'nota-credito', number: 'NC-CCS-000001', afectado });
    expect(credito.total.usd).toBe('-119.00');
    expect(credito.iva.ves).toBe('-641.97');
    expect(credito.afectadoNumber).toBe('F-CCS-000001');
    expect(credito.kindLabel).toBe('Nota de crédito');
    const debito = filaLibroVenta({ ...factura, kind: 'nota-debito', afectado });
    expect(debito.total.usd).toBe('119.00');
    const { totales } = libroDeVentas([factura, { ...factura, kind: 'nota-credito', number: 'NC-1', afectado }]);
    expect(totales.total).toEqual({ usd: '0.00', ves: '0.00' });
    expect(totales.documentos).toBe(2);
  });

  it('un documento anulado se lista con ceros y sin comprobante', () => {
    const f = filaLibroVenta({ ...factura, anulada: true });
    expect(f.anulada).toBe(true);
    expect([f.total, f.base, f.iva, f.igtf, f.exento, f.ivaRetenido].every((p) => p.usd === '0.00' && p.ves === '0.00')).toBe(true);
    expect(f.comprobanteRetencion).toBe('');
    expect(libroDeVentas([factura, { ...factura, number: 'F-2', anulada: true }]).totales.anulados).toBe(1);
  });

  it('las filas van por fecha y número', () => {
    const { filas } = libroDeVentas([
      { ...factura, number: 'F-3', fecha: '2026-11-03' },
      { ...factura, number: 'F-2', fecha: '2026-11-02' },
      { ...factura, number: 'F-1', fecha: '2026-11-03' },
    ]);
    expect(filas.map((f) => f.number)).toEqual(['F-2', 'F-1', 'F-3']);
  });

  it('propiedad: los totales son la suma de las filas y base + IVA + IGTF + exento = total, en las dos monedas', () => {
    const doc = fc
      .record({
        kind: fc.constantFrom(...LIBRO_DOC_KINDS),
        base: fc.integer({ min: 0, max: 5_000_000 }),
        extra: fc.integer({ min: 0, max: 100_000 }),
        igtf: fc.integer({ min: 0, max: 100_000 }),
        rate: fc.integer({ min: 1, max: 9_999_999 }).map((r) => (r / 10_000).toFixed(4)),
        anulada: fc.boolean(),
      })
      .map(({ kind, base, extra, igtf, rate, anulada }) => {
        const iva = Math.round(base * 0.16);
        return {
          ...factura,
          kind,
          rate,
          anulada,
          baseCents: base,
          ivaCents: iva,
          igtfCents: igtf,
          totalCents: base + iva + igtf + extra,
          ivaRetenidoCents: 0,
        };
      });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 30 }), (docs) => {
        const { filas, totales } = libroDeVentas(docs);
        for (const c of ['usd', 'ves'] as const) {
          const cents = (v: string) => Math.round(Number(v) * 100);
          for (const k of ['total', 'base', 'iva', 'igtf', 'exento'] as const) {
            expect(cents(totales[k][c])).toBe(filas.reduce((a, f) => a + cents(f[k][c]), 0));
          }
          for (const f of filas) {
            expect(cents(f.base[c]) + cents(f.iva[c]) + cents(f.igtf[c]) + cents(f.exento[c])).toBe(cents(f.total[c]));
          }
        }
        // The Bs. total of a document is its US$ total at its rate, rounded once (as the sales report sums it).
        for (const [i, d] of [...docs].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.number.localeCompare(b.number, 'es')).entries()) {
          const sign = d.anulada ? 0 : d.kind === 'nota-credito' ? -1 : 1;
          expect(Math.round(Number(filas[i].total.ves) * 100)).toBe(sign * usdToVesCents(d.totalCents, d.rate) || 0);
        }
      }),
    );
  });
});

describe('el mes de la pantalla', () => {
  it('toma aaaa-mm de la dirección o el mes en curso en Caracas, con su último día', () => {
    expect(periodoDelMes('2024-02')).toEqual({ mes: '2024-02', desde: '2024-02-01', hasta: '2024-02-29', nombre: 'febrero de 2024' });
    expect(periodoDelMes('2026-13', new Date('2026-12-01T02:00:00Z'))).toMatchObject({ mes: '2026-11', hasta: '2026-11-30' });
    expect(periodoDelMes(null, new Date('2026-12-01T05:00:00Z')).desde).toBe('2026-12-01');
  });
});
