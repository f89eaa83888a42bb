// The libro de ventas (docs/dominio.md §Libros fiscales): the period's documents read as
// domain/libro-de-ventas.ts documents, their rows and totals, and the same as a sheet (server/src/http/hoja.ts).
// Facturas and notas de entrega today; notas de crédito and débito are more rows of the same type.
import type { Readable } from 'node:stream';
import type { LibroQuery } from '#domain/contracts/libros-fiscales.ts';
import {
  type DocumentoLibroVenta,
  type FilaLibroVenta,
  LIBRO_FIGURES,
  type LibroDocKind,
  libroDeVentas,
  type TotalesLibro,
} from '#domain/libro-de-ventas.ts';
import { toCents } from '#domain/money.ts';
import { IVA_BASIS_POINTS } from '#domain/vat.ts';
import type { Db } from '#server/db/client.ts';
import { type SheetColumn, type SheetFormat, type SheetValue, writeSheet } from '#server/http/hoja.ts';
import * as repo from './ventas.libro.repo.ts';

/** The control number of a factura still waiting for the imprenta digital's. */
export const POR_EMITIR = 'por emitir';

export function documentoDelLibro(r: repo.LibroVentaRow): DocumentoLibroVenta {
  return {
    kind: r.kind as LibroDocKind,
    number: r.number,
    controlNumber: r.controlNumber ?? (r.porEmitir ? POR_EMITIR : ''),
    fecha: r.fecha,
    afectado: null,
    clienteRif: r.clienteRif,
    clienteName: r.clienteName,
    rate: r.rate,
    totalCents: toCents(r.total),
    baseCents: toCents(r.baseImponible),
    ivaCents: toCents(r.iva),
    igtfCents: toCents(r.igtf),
    ivaBasisPoints: IVA_BASIS_POINTS,
    ivaRetenidoCents: toCents(r.ivaRetenido),
    comprobanteRetencion: r.comprobante ?? '',
    anulada: r.anulada,
  };
}

export async function libro(db: Db, q: Pick<LibroQuery, 'desde' | 'hasta'>) {
  const rows = await repo.documentosDelLibro(db, q.desde, q.hasta);
  return { desde: q.desde, hasta: q.hasta, ...libroDeVentas(rows.map(documentoDelLibro)) };
}

export const LIBRO_VENTAS_COLUMNS: SheetColumn[] = [
  { header: 'Fecha', kind: 'date', width: 12 },
  { header: 'Tipo', kind: 'text', width: 16 },
  { header: 'Número', kind: 'text', width: 16 },
  { header: 'N° de control', kind: 'text', width: 16 },
  { header: 'Documento afectado', kind: 'text', width: 16 },
  { header: 'N° de control afectado', kind: 'text', width: 16 },
  { header: 'RIF o cédula', kind: 'text', width: 16 },
  { header: 'Cliente', kind: 'text', width: 30 },
  { header: 'Estado', kind: 'text', width: 10 },
  { header: 'Tasa', kind: 'rate', width: 12 },
  { header: 'Total con IVA Bs.', kind: 'amount', width: 16 },
  { header: 'Exento Bs.', kind: 'amount', width: 14 },
  { header: 'Base imponible Bs.', kind: 'amount', width: 16 },
  { header: 'Alícuota', kind: 'text', width: 9 },
  { header: 'IVA Bs.', kind: 'amount', width: 14 },
  { header: 'IVA retenido Bs.', kind: 'amount', width: 14 },
  { header: 'Comprobante de retención', kind: 'text', width: 18 },
  { header: 'IGTF Bs.', kind: 'amount', width: 12 },
  { header: 'Total con IVA US$', kind: 'amount', width: 16 },
  { header: 'Exento US$', kind: 'amount', width: 14 },
  { header: 'Base imponible US$', kind: 'amount', width: 16 },
  { header: 'IVA US$', kind: 'amount', width: 14 },
  { header: 'IVA retenido US$', kind: 'amount', width: 14 },
  { header: 'IGTF US$', kind: 'amount', width: 12 },
];

function sheetRow(f: FilaLibroVenta): SheetValue[] {
  return [
    f.fecha,
    f.kindLabel,
    f.number,
    f.controlNumber,
    f.afectadoNumber,
    f.afectadoControlNumber,
    f.clienteRif,
    f.clienteName,
    f.anulada ? 'Anulado' : '',
    f.rate,
    f.total.ves,
    f.exento.ves,
    f.base.ves,
    `${f.ivaBasisPoints / 100} %`,
    f.iva.ves,
    f.ivaRetenido.ves,
    f.comprobanteRetencion,
    f.igtf.ves,
    ...LIBRO_FIGURES.map((k) => f[k].usd),
  ];
}

function totalsRow(t: TotalesLibro): SheetValue[] {
  const anulados = t.anulados > 0 ? `, ${t.anulados} anulados` : '';
  return [
    null,
    `Totales (${t.documentos} documentos${anulados})`,
    '',
    '',
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
    t.igtf.ves,
    ...LIBRO_FIGURES.map((k) => t[k].usd),
  ];
}

export function libroSheet(format: SheetFormat, data: Awaited<ReturnType<typeof libro>>): Readable {
  return writeSheet(format, 'Libro de ventas', LIBRO_VENTAS_COLUMNS, [...data.filas.map(sheetRow), totalsRow(data.totales)]);
}

export function libroFileName(format: SheetFormat, q: Pick<LibroQuery, 'desde' | 'hasta'>): string {
  return `libro-de-ventas_${q.desde}_${q.hasta}.${format}`;
}
