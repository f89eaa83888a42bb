// The libro de compras (docs/dominio.md §Libros fiscales): the supplier documents of a period by
// their own date, through domain/libro-de-compras.ts, as JSON or as a sheet (server/src/http/hoja.ts).
import type { Readable } from 'node:stream';
import type { LibroQuery } from '#domain/contracts/libros-fiscales.ts';
import type { PayableKind } from '#domain/cuentas-por-pagar.ts';
import { type DocumentoLibroCompra, type FilaLibroCompra, libroDeCompras, type TotalesLibroCompras } from '#domain/libro-de-compras.ts';
import { type Currency, toCents } from '#domain/money.ts';
import type { Db } from '#server/db/client.ts';
import { type SheetColumn, type SheetFormat, type SheetValue, writeSheet } from '#server/http/hoja.ts';
import { tasaEnFecha } from '#server/modules/general/general.service.ts';
import * as repo from './cuentas-por-pagar.repo.ts';

export async function libro(db: Db, q: Pick<LibroQuery, 'desde' | 'hasta'>) {
  const rows = await repo.libroDeCompras(db, q.desde, q.hasta);
  // A document in US$ converts to Bs. at the tasa of its own day (one look-up per day).
  const rates = new Map<string, string>();
  for (const day of new Set(rows.filter((r) => r.currency === 'USD').map((r) => r.issuedOn))) {
    rates.set(day, await tasaEnFecha(db, day));
  }
  const docs: DocumentoLibroCompra[] = rows.map((r) => ({
    kind: r.kind as PayableKind,
    number: r.number,
    controlNumber: r.controlNumber,
    fecha: r.issuedOn,
    proveedorRif: r.proveedorRif,
    proveedorName: r.proveedorName,
    currency: r.currency as Currency,
    rate: r.currency === 'USD' ? (rates.get(r.issuedOn) ?? '1') : r.rate,
    totalCents: toCents(r.total),
    baseCents: toCents(r.baseImponible),
    ivaCents: toCents(r.iva),
    ivaBasisPoints: r.ivaBasisPoints,
    ivaRetenidoCents: toCents(r.ivaRetenido),
    retencionBasisPoints: r.retencionBasisPoints,
    comprobanteRetencion: r.retencionComprobante ?? '',
    igtfUsdCents: toCents(r.igtfPaid),
    igtfVesCents: toCents(r.igtfVes),
  }));
  return { desde: q.desde, hasta: q.hasta, ...libroDeCompras(docs) };
}

const percent = (basisPoints: number | null) => (basisPoints === null ? '' : `${basisPoints / 100} %`);

export const LIBRO_COMPRAS_COLUMNS: SheetColumn[] = [
  { header: 'Fecha', kind: 'date', width: 12 },
  { header: 'Tipo', kind: 'text', width: 16 },
  { header: 'Número', kind: 'text', width: 16 },
  { header: 'N° de control', kind: 'text', width: 16 },
  { header: 'RIF del proveedor', kind: 'text', width: 16 },
  { header: 'Proveedor', kind: 'text', width: 30 },
  { header: 'Moneda', kind: 'text', width: 8 },
  { header: 'Tasa', kind: 'rate', width: 12 },
  { header: 'Total con IVA Bs.', kind: 'amount', width: 16 },
  { header: 'Exento Bs.', kind: 'amount', width: 14 },
  { header: 'Base imponible Bs.', kind: 'amount', width: 16 },
  { header: 'Alícuota', kind: 'text', width: 9 },
  { header: 'IVA Bs.', kind: 'amount', width: 14 },
  { header: 'IVA retenido Bs.', kind: 'amount', width: 14 },
  { header: 'Retención', kind: 'text', width: 9 },
  { header: 'Comprobante de retención', kind: 'text', width: 18 },
  { header: 'IGTF Bs.', kind: 'amount', width: 12 },
  { header: 'Total con IVA US$', kind: 'amount', width: 16 },
  { header: 'Exento US$', kind: 'amount', width: 14 },
  { header: 'Base imponible US$', kind: 'amount', width: 16 },
  { header: 'IVA US$', kind: 'amount', width: 14 },
  { header: 'IVA retenido US$', kind: 'amount', width: 14 },
  { header: 'IGTF US$', kind: 'amount', width: 12 },
];

const FIGS = ['total', 'exento', 'base', 'iva', 'ivaRetenido', 'igtf'] as const;

function sheetRow(f: FilaLibroCompra): SheetValue[] {
  return [
    f.fecha,
    f.kindLabel,
    f.number,
    f.controlNumber,
    f.proveedorRif,
    f.proveedorName,
    f.currency,
    f.rate,
    f.total.ves,
    f.exento.ves,
    f.base.ves,
    percent(f.ivaBasisPoints),
    f.iva.ves,
    f.ivaRetenido.ves,
    percent(f.retencionBasisPoints),
    f.comprobanteRetencion,
    f.igtf.ves,
    ...FIGS.map((k) => f[k].usd),
  ];
}

function totalsRow(t: TotalesLibroCompras): SheetValue[] {
  return [
    null,
    `Totales (${t.documentos} documentos)`,
    '',
    '',
    '',
    '',
    '',
    null,
    t.total.ves,
    t.exento.ves,
    t.base.ves,
    '',
    t.iva.ves,
    t.ivaRetenido.ves,
    '',
    '',
    t.igtf.ves,
    ...FIGS.map((k) => t[k].usd),
  ];
}

export function libroSheet(format: SheetFormat, libroData: Awaited<ReturnType<typeof libro>>): Readable {
  return writeSheet(format, 'Libro de compras', LIBRO_COMPRAS_COLUMNS, [...libroData.filas.map(sheetRow), totalsRow(libroData.totales)]);
}

export function libroFileName(format: SheetFormat, q: Pick<LibroQuery, 'desde' | 'hasta'>): string {
  return `libro-de-compras_${q.desde}_${q.hasta}.${format}`;
}
