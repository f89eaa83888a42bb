// The libro de compras (docs/dominio.md §Libros fiscales): one row per supplier document of the
// period, its figures in the document's own currency converted once to the other one at the
// document's rate, the IVA the store retained as agente de retención, and the IGTF it paid on top.
import { PAYABLE_KIND_LABELS, type PayableKind } from './cuentas-por-pagar.ts';
import type { Par } from './libro-de-ventas.ts';
import { addCents, assertCents, type Currency, fromCents, subtractCents, usdToVesCents, vesToUsdCents } from './money.ts';

export type DocumentoLibroCompra = {
  kind: PayableKind;
  number: string;
  controlNumber: string;
  /** aaaa-mm-dd, the document's own date. */
  fecha: string;
  proveedorRif: string;
  proveedorName: string;
  currency: Currency;
  /** Bs. per US$ the document converts at: its own for a document in Bs., the tasa of its day for one in US$. */
  rate: string;
  /** In the document's currency. */
  totalCents: number;
  baseCents: number;
  ivaCents: number;
  ivaBasisPoints: number;
  ivaRetenidoCents: number;
  retencionBasisPoints: number | null;
  comprobanteRetencion: string;
  /** IGTF the store paid on its payments in divisas, in US$ and in Bs. at each payment's rate. */
  igtfUsdCents: number;
  igtfVesCents: number;
};

export const LIBRO_COMPRAS_FIGURES = ['total', 'exento', 'base', 'iva', 'ivaRetenido', 'igtf'] as const;
export type LibroCompraFigure = (typeof LIBRO_COMPRAS_FIGURES)[number];

export type FilaLibroCompra = {
  fecha: string;
  kind: PayableKind;
  kindLabel: string;
  number: string;
  controlNumber: string;
  proveedorRif: string;
  proveedorName: string;
  currency: Currency;
  rate: string;
  ivaBasisPoints: number;
  retencionBasisPoints: number | null;
  comprobanteRetencion: string;
} & Record<LibroCompraFigure, Par>;

export type TotalesLibroCompras = Record<LibroCompraFigure, Par> & { documentos: number };

type Cifras = Record<LibroCompraFigure, { usd: number; ves: number }>;

export function cifrasDeCompra(doc: DocumentoLibroCompra): Cifras {
  for (const [name, v] of [
    ['total', doc.totalCents],
    ['base', doc.baseCents],
    ['iva', doc.ivaCents],
    ['retenido', doc.ivaRetenidoCents],
    ['igtf', doc.igtfUsdCents],
    ['igtf', doc.igtfVesCents],
  ] as const) {
    assertCents(v, name);
    if (v < 0) throw new RangeError(`El ${name} del documento ${doc.number} no puede ser negativo (${v})`);
  }
  const exento = subtractCents(doc.totalCents, addCents(doc.baseCents, doc.ivaCents));
  if (exento < 0) throw new RangeError(`Base e IVA de ${doc.number} superan su total`);
  const pair = (cents: number) =>
    doc.currency === 'USD' ? { usd: cents, ves: usdToVesCents(cents, doc.rate) } : { usd: vesToUsdCents(cents, doc.rate), ves: cents };
  const total = pair(doc.totalCents);
  const base = pair(doc.baseCents);
  const iva = pair(doc.ivaCents);
  // What is left of the converted total, so that base + IVA + exento = total in both currencies.
  const exentoPar = { usd: total.usd - base.usd - iva.usd, ves: total.ves - base.ves - iva.ves };
  return {
    total,
    exento: exentoPar,
    base,
    iva,
    ivaRetenido: pair(doc.ivaRetenidoCents),
    igtf: { usd: doc.igtfUsdCents, ves: doc.igtfVesCents },
  };
}

const par = (c: { usd: number; ves: number }): Par => ({ usd: fromCents(c.usd), ves: fromCents(c.ves) });

export function libroDeCompras(docs: readonly DocumentoLibroCompra[]): { filas: FilaLibroCompra[]; totales: TotalesLibroCompras } {
  const ordered = [...docs].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.number.localeCompare(b.number, 'es'));
  const acc = Object.fromEntries(LIBRO_COMPRAS_FIGURES.map((f) => [f, { usd: 0, ves: 0 }])) as Cifras;
  const filas = ordered.map((doc) => {
    const c = cifrasDeCompra(doc);
    for (const f of LIBRO_COMPRAS_FIGURES) acc[f] = { usd: addCents(acc[f].usd, c[f].usd), ves: addCents(acc[f].ves, c[f].ves) };
    return {
      fecha: doc.fecha,
      kind: doc.kind,
      kindLabel: PAYABLE_KIND_LABELS[doc.kind],
      number: doc.number,
      controlNumber: doc.controlNumber,
      proveedorRif: doc.proveedorRif,
      proveedorName: doc.proveedorName,
      currency: doc.currency,
      rate: doc.rate,
      ivaBasisPoints: doc.ivaBasisPoints,
      retencionBasisPoints: doc.retencionBasisPoints,
      comprobanteRetencion: doc.comprobanteRetencion,
      ...(Object.fromEntries(LIBRO_COMPRAS_FIGURES.map((f) => [f, par(c[f])])) as Record<LibroCompraFigure, Par>),
    };
  });
  const totales = Object.fromEntries(LIBRO_COMPRAS_FIGURES.map((f) => [f, par(acc[f])])) as Record<LibroCompraFigure, Par>;
  return { filas, totales: { ...totales, documentos: filas.length } };
}
