import { describe, expect, it } from 'vitest';
import { desgloseFiscal, payableState, retenerIva } from './cuentas-por-pagar.ts';
import { type DocumentoLibroCompra, libroDeCompras } from './libro-de-compras.ts';

const doc: DocumentoLibroCompra = {
  kind: 'factura',
  number: 'A-1',
  controlNumber: '00-1',
  fecha: '2026-11-05',
  proveedorRif: 'J-50123456-6',
  proveedorName: 'Textiles del Lago',
  currency: 'USD',
  rate: '40.0000',
  totalCents: 12_600,
  baseCents: 10_000,
  ivaCents: 1_600,
  ivaBasisPoints: 1600,
  ivaRetenidoCents: 1_200,
  retencionBasisPoints: 7500,
  comprobanteRetencion: 'C-1',
  igtfUsdCents: 300,
  igtfVesCents: 12_150,
};

describe('libro de compras', () => {
  it('un documento en US$ pasa a Bs. a su tasa; uno en Bs. a US$; los totales suman las filas', () => {
    const { filas, totales } = libroDeCompras([
      doc,
      { ...doc, number: 'B-1', currency: 'VES', totalCents: 464_000, baseCents: 400_000, ivaCents: 64_000, ivaRetenidoCents: 0 },
    ]);
    expect(filas[0]).toMatchObject({
      total: { usd: '126.00', ves: '5040.00' },
      exento: { usd: '10.00', ves: '400.00' },
      igtf: { usd: '3.00', ves: '121.50' },
    });
    expect(filas[1]).toMatchObject({
      total: { usd: '116.00', ves: '4640.00' },
      base: { usd: '100.00', ves: '4000.00' },
      iva: { usd: '16.00', ves: '640.00' },
    });
    expect(totales).toMatchObject({
      documentos: 2,
      total: { usd: '242.00', ves: '9680.00' },
      ivaRetenido: { usd: '12.00', ves: '480.00' },
    });
  });
});

describe('desglose fiscal y retención de la tienda', () => {
  it('IVA = 16 % de la base; exento = el resto; base con IVA por encima del total se rechaza', () => {
    expect(desgloseFiscal(12_600, 10_000, 1600, 'USD')).toEqual({
      ok: true,
      desglose: { baseCents: 10_000, ivaCents: 1_600, exentoCents: 1_000 },
    });
    const refused = desgloseFiscal(10_000, 9_000, 1600, 'VES');
    expect(refused).toMatchObject({ ok: false });
    if (!refused.ok)
      expect(refused.motivo).toBe('La base imponible (Bs. 90,00) más su IVA (Bs. 14,40) supera el total del documento (Bs. 100,00).');
  });

  it('retiene el 75 % o el 100 % del IVA una vez y baja el saldo', () => {
    const state = { ...payableState({ totalCents: 11_600, discountCents: 0, balancePaidCents: 0 }), ivaCents: 1_600, ivaRetenidoCents: 0 };
    expect(retenerIva(state, 7500, 'USD')).toMatchObject({ ok: true, retenidoCents: 1_200, state: { outstandingBalanceCents: 10_400 } });
    expect(retenerIva({ ...state, ivaRetenidoCents: 1_200 }, 7500, 'USD')).toMatchObject({ ok: false });
    expect(retenerIva({ ...state, ivaCents: 0 }, 10000, 'USD')).toMatchObject({ ok: false });
    const paid = {
      ...payableState({ totalCents: 11_600, discountCents: 0, balancePaidCents: 11_000 }),
      ivaCents: 1_600,
      ivaRetenidoCents: 0,
    };
    expect(retenerIva(paid, 10000, 'USD')).toMatchObject({ ok: false });
    expect(
      retenerIva({ ...paid, ...payableState({ totalCents: 11_600, discountCents: 0, balancePaidCents: 10_000 }) }, 10000, 'USD'),
    ).toMatchObject({
      ok: true,
      state: { outstandingBalanceCents: 0, paymentStatus: 'pagada' },
    });
  });
});
