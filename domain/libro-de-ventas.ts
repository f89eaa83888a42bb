// The libro de ventas and the libro de compras (docs/dominio.md §Libros fiscales), as pure rules:
// one row per fiscal document of the period, every figure in US$ and in Bs. at the document's own
// rate (each Bs. figure rounded once per document, as the sales report sums them), and the totals.
// A nota de crédito counts negative and a nota de débito positive; an anulada is listed with zeros.
import { caracasIsoDate, MONTH_NAMES } from './dates.ts';
import { addCents, assertCents, fromCents, subtractCents, usdToVesCents } from './money.ts';

export const LIBRO_DOC_KINDS = ['factura', 'nota-entrega', 'nota-credito', 'nota-debito'] as const;
export type LibroDocKind = (typeof LIBRO_DOC_KINDS)[number];
export const LIBRO_DOC_KIND_LABELS: Record<LibroDocKind, string> = {
  factura: 'Factura',
  'nota-entrega': 'Nota de entrega',
  'nota-credito': 'Nota de crédito',
  'nota-debito': 'Nota de débito',
};

/** The document a nota de crédito or débito corrects. */
export type DocumentoAfectado = { number: string; controlNumber: string; fecha: string };

/**
 * A fiscal sales document as the book reads it. Figures in US$ cents, always positive: the kind
 * gives the sign. total includes IVA, IGTF and charges outside the base (commission, shipping).
 */
export type DocumentoLibroVenta = {
  kind: LibroDocKind;
  number: string;
  controlNumber: string;
  /** aaaa-mm-dd (Caracas). */
  fecha: string;
  afectado: DocumentoAfectado | null;
  clienteRif: string;
  clienteName: string;
  rate: string;
  totalCents: number;
  baseCents: number;
  ivaCents: number;
  igtfCents: number;
  ivaBasisPoints: number;
  ivaRetenidoCents: number;
  comprobanteRetencion: string;
  anulada: boolean;
};

/** A pair of figures as the API writes them. */
export type Par = { usd: string; ves: string };

export type FilaLibroVenta = {
  fecha: string;
  kind: LibroDocKind;
  kindLabel: string;
  number: string;
  controlNumber: string;
  afectadoNumber: string;
  afectadoControlNumber: string;
  clienteRif: string;
  clienteName: string;
  rate: string;
  anulada: boolean;
  total: Par;
  exento: Par;
  base: Par;
  ivaBasisPoints: number;
  iva: Par;
  ivaRetenido: Par;
  comprobanteRetencion: string;
  igtf: Par;
};

export const LIBRO_FIGURES = ['total', 'exento', 'base', 'iva', 'ivaRetenido', 'igtf'] as const;
export type LibroFigure = (typeof LIBRO_FIGURES)[number];
export type TotalesLibro = Record<LibroFigure, Par> & { documentos: number; anulados: number };

/** Figures in cents, signed, USD and VES: the row before it is written as text. */
type Cifras = Record<LibroFigure, { usd: number; ves: number }>;

const SIGN: Record<LibroDocKind, 1 | -1> = { factura: 1, 'nota-entrega': 1, 'nota-credito': -1, 'nota-debito': 1 };

/** The signed figures of one document; each Bs. figure is its US$ × the document's rate, rounded once. */
export function cifrasDe(doc: DocumentoLibroVenta): Cifras {
  for (const [name, v] of [
    ['total', doc.totalCents],
    ['base', doc.baseCents],
    ['iva', doc.ivaCents],
    ['igtf', doc.igtfCents],
    ['retenido', doc.ivaRetenidoCents],
  ] as const) {
    assertCents(v, name);
    if (v < 0) throw new RangeError(`El ${name} del documento ${doc.number} no puede ser negativo (${v})`);
  }
  // What the total carries outside the base, its IVA and the IGTF (a web order's card commission and shipping).
  const exentoCents = subtractCents(doc.totalCents, addCents(doc.baseCents, doc.ivaCents, doc.igtfCents));
  const sign = doc.anulada ? 0 : SIGN[doc.kind];
  const pair = (cents: number) => ({ usd: sign * cents, ves: sign * usdToVesCents(cents, doc.rate) });
  const total = pair(doc.totalCents);
  const base = pair(doc.baseCents);
  const iva = pair(doc.ivaCents);
  const igtf = pair(doc.igtfCents);
  // The exento in Bs. is what is left of the Bs. total, so that base + IVA + IGTF + exento = total in both currencies.
  const exento = { usd: sign * exentoCents, ves: total.ves - base.ves - iva.ves - igtf.ves };
  return { total, exento, base, iva, igtf, ivaRetenido: pair(doc.ivaRetenidoCents) };
}

const par = (c: { usd: number; ves: number }): Par => ({ usd: fromCents(c.usd), ves: fromCents(c.ves) });

export function filaLibroVenta(doc: DocumentoLibroVenta): FilaLibroVenta {
  const c = cifrasDe(doc);
  return {
    fecha: doc.fecha,
    kind: doc.kind,
    kindLabel: LIBRO_DOC_KIND_LABELS[doc.kind],
    number: doc.number,
    controlNumber: doc.controlNumber,
    afectadoNumber: doc.afectado?.number ?? '',
    afectadoControlNumber: doc.afectado?.controlNumber ?? '',
    clienteRif: doc.clienteRif,
    clienteName: doc.clienteName,
    rate: doc.rate,
    anulada: doc.anulada,
    total: par(c.total),
    exento: par(c.exento),
    base: par(c.base),
    ivaBasisPoints: doc.ivaBasisPoints,
    iva: par(c.iva),
    ivaRetenido: par(c.ivaRetenido),
    comprobanteRetencion: doc.anulada ? '' : doc.comprobanteRetencion,
    igtf: par(c.igtf),
  };
}

/** Σ of each figure over the rows (signed, as the rows carry them). */
export function sumarCifras(cifras: readonly Cifras[]): Cifras {
  const zero = () => ({ usd: 0, ves: 0 });
  const acc = Object.fromEntries(LIBRO_FIGURES.map((f) => [f, zero()])) as Cifras;
  for (const c of cifras) {
    for (const f of LIBRO_FIGURES) {
      acc[f] = { usd: acc[f].usd + c[f].usd, ves: acc[f].ves + c[f].ves };
    }
  }
  for (const f of LIBRO_FIGURES) {
    assertCents(acc[f].usd, f);
    assertCents(acc[f].ves, f);
  }
  return acc;
}

export function libroDeVentas(docs: readonly DocumentoLibroVenta[]): { filas: FilaLibroVenta[]; totales: TotalesLibro } {
  const ordered = [...docs].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.number.localeCompare(b.number, 'es'));
  const sums = sumarCifras(ordered.map(cifrasDe));
  const totales = Object.fromEntries(LIBRO_FIGURES.map((f) => [f, par(sums[f])])) as Record<LibroFigure, Par>;
  return {
    filas: ordered.map(filaLibroVenta),
    totales: { ...totales, documentos: ordered.length, anulados: ordered.filter((d) => d.anulada).length },
  };
}

/** The month a book screen shows (aaaa-mm from the address, else the current one in Caracas), with its first and last days. */
export function periodoDelMes(raw: string | null, now = new Date()) {
  const current = caracasIsoDate(now).slice(0, 7);
  const mes = raw && /^20\d{2}-(0[1-9]|1[0-2])$/.test(raw) ? raw : current;
  const [year, month] = mes.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { mes, desde: `${mes}-01`, hasta: `${mes}-${String(last).padStart(2, '0')}`, nombre: `${MONTH_NAMES[month - 1]} de ${year}` };
}
