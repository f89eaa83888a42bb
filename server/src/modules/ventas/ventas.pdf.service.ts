// PDFs of a factura, a nota de entrega and a customer's statement (estado de cuenta), laid out as
// a Venezuelan fiscal invoice: company and document boxes on top, the customer, the lines, the
// totals in USD and Bs. with the rate, "Página n de m" at the foot. pdfkit's built-in Helvetica
// (WinAnsi) carries the accents and the ñ. The text of each part comes from domain/documento-pdf.ts.
import PDFDocument from 'pdfkit';
import type { AbonoStep, PaymentStatus } from '#domain/abono.ts';
import { caracasIsoDate, formatDateTime } from '#domain/dates.ts';
import {
  type ControlPdf,
  type DocumentoPdfModel,
  documentoPdfModel,
  type EstadoCuentaModel,
  estadoCuentaModel,
  type MoneyRow,
} from '#domain/documento-pdf.ts';
import { toCents } from '#domain/money.ts';
import { normalizeDni, type SaleCondition, type SaleKind } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { datosEmpresa, tasaDelDiaConFuente } from '#server/modules/general/general.service.ts';
import { documentoFiscalDe, type EstadoFiscal } from '#server/modules/imprenta/imprenta.service.ts';
import * as repo from './ventas.pdf.repo.ts';
import * as retencionRepo from './ventas.retencion.repo.ts';

/** Who sees any document; anyone else only the documents of the customer linked to their account. */
export const PDF_STAFF_ROLES = ['admin', 'administracion', 'vendedor-admin'] as const;

export type PdfFile = { fileName: string; body: Buffer };

/** The most notas a statement lists (the newest). */
const STATEMENT_LIMIT = 500;

function mayRead(user: SessionUser, clienteUserId: number | null): boolean {
  if (user.roles.some((r) => (PDF_STAFF_ROLES as readonly string[]).includes(r))) return true;
  return clienteUserId !== null && clienteUserId === user.id;
}

export async function documentoPdf(db: Db, number: string, user: SessionUser): Promise<PdfFile> {
  const found = await repo.findDocumento(db, number);
  // A customer asking for someone else's document learns nothing about it: the same 404.
  if (!found || !mayRead(user, found.cliente.userId)) throw new NoEncontrado(`El documento ${number} no existe.`);
  return renderDocumentoPdf(db, found);
}

/**
 * The document a web order became (its factura, or its nota on credit), as its buyer may have it:
 * null before its payment is confirmed, and `porEmitir` (no number) while its factura waits for the
 * imprenta digital's control number: until then it is not handed to the buyer as a fiscal invoice.
 */
export async function documentoDeOrden(db: Db, orderId: number): Promise<{ number: string; kind: SaleKind } | { porEmitir: true } | null> {
  const found = await repo.findDocumentoDeOrden(db, orderId);
  if (!found) return null;
  if ((await documentoFiscalDe(db, found.id))?.estado === 'por-emitir') return { porEmitir: true };
  return { number: found.number, kind: found.kind as SaleKind };
}

/** The web order a sale comes from (null: a counter sale), for the buyer's mail once its factura has its number. */
export async function ordenDeVenta(db: Db, ventaId: number): Promise<number | null> {
  return repo.findOrdenDeVenta(db, ventaId);
}

/**
 * The PDF of the document a web order became, for its buyer: the caller (the orders module) has
 * already checked the order's signed link. Null while the order has none or its factura waits for
 * its control number.
 */
export async function documentoDeOrdenPdf(db: Db, orderId: number): Promise<PdfFile | null> {
  const doc = await documentoDeOrden(db, orderId);
  const found = doc && 'number' in doc ? await repo.findDocumento(db, doc.number) : null;
  return found ? renderDocumentoPdf(db, found) : null;
}

/** Who numbered the document's control number: the store (internal), or the imprenta digital. */
export function controlDe(internal: string | null, fiscal: EstadoFiscal | null): ControlPdf {
  if (fiscal?.estado === 'emitido') {
    return { kind: 'imprenta', numeroControl: fiscal.numeroControl, asignadoEn: fiscal.asignadoEn, imprenta: fiscal.imprenta };
  }
  if (fiscal?.estado === 'por-emitir' || internal === null) return { kind: 'por-emitir' };
  return { kind: 'interno', numeroControl: internal };
}

async function renderDocumentoPdf(db: Db, found: NonNullable<Awaited<ReturnType<typeof repo.findDocumento>>>): Promise<PdfFile> {
  const { venta, cliente } = found;
  const [empresa, lineas, pagos, abonos, fiscal, especial, retencion] = await Promise.all([
    datosEmpresa(db),
    repo.lineasDe(db, venta.id),
    repo.pagosDe(db, venta.id),
    venta.kind === 'nota-entrega' ? repo.abonosDe(db, venta.id) : Promise.resolve([]),
    documentoFiscalDe(db, venta.id),
    retencionRepo.findCliente(db, venta.clienteId),
    retencionRepo.retencionDe(db, venta.id),
  ]);
  // A contribuyente especial's document says what it retains (docs/dominio.md §Libros fiscales).
  const basisPoints = retencion?.basisPoints ?? especial?.basisPoints ?? null;
  const model = documentoPdfModel({
    empresa,
    documento: {
      number: venta.number,
      control: controlDe(venta.controlNumber, fiscal),
      kind: venta.kind as SaleKind,
      condition: venta.condition as SaleCondition,
      createdAt: venta.createdAt,
      dueDate: venta.dueDate,
      rate: venta.rate,
      igtfBasisPoints: venta.igtfBasisPoints,
      tienda: `${found.tienda} (${found.tiendaCode})`,
      vendedor: found.vendedor,
      note: venta.note,
      voided: venta.voidedAt && venta.voidReason ? { at: venta.voidedAt, reason: venta.voidReason } : null,
    },
    cliente,
    totals: {
      subtotalCents: toCents(venta.subtotal),
      descuentoCents: toCents(venta.descuento),
      devolucionesCents: toCents(venta.devoluciones),
      baseImponibleCents: toCents(venta.baseImponible),
      ivaCents: toCents(venta.iva),
      igtfCents: toCents(venta.igtf),
      comisionCents: toCents(venta.comision),
      envioCents: toCents(venta.envio),
      totalCents: toCents(venta.total),
    },
    balance: {
      discountCents: toCents(venta.discount),
      balancePaidCents: toCents(venta.balancePaid),
      outstandingCents: toCents(venta.outstandingBalance),
      creditInFavorCents: toCents(venta.creditInFavor),
      status: venta.paymentStatus as PaymentStatus,
    },
    retencionIva: basisPoints
      ? { basisPoints, retenidoCents: toCents(venta.ivaRetenido), comprobante: retencion?.comprobante ?? null }
      : null,
    lineas: lineas.map((l) => ({
      articleCode: l.articleCode,
      name: l.name,
      quantity: l.quantity,
      returnedQuantity: l.returnedQuantity,
      priceCents: toCents(l.price),
      promotionCents: toCents(l.promotion),
      discountCents: toCents(l.discount),
      netCents: toCents(l.net),
    })),
    pagos: pagos.map((p) => ({ ...p, amountUsdCents: toCents(p.amountUsd) })),
    abonos: abonos.map((a) => ({
      date: a.paidOn ?? a.createdAt,
      method: a.method,
      reference: a.reference,
      step: a.step as AbonoStep,
      totalCents: toCents(a.total),
      igtfCents: toCents(a.igtf),
    })),
  });
  return { fileName: model.fileName, body: await renderDocumento(model) };
}

/** `client`: the customer's id, or their cédula/RIF. */
export async function estadoDeCuentaPdf(db: Db, client: string, user: SessionUser, now = new Date()): Promise<PdfFile> {
  const where = /^\d{1,10}$/.test(client) ? { id: Number(client) } : { dni: normalizeDni(client) };
  const cliente = await repo.findCliente(db, where);
  if (!cliente || !mayRead(user, cliente.userId)) throw new NoEncontrado('El cliente no existe.');
  const [empresa, notas, abonos, tasa] = await Promise.all([
    datosEmpresa(db),
    repo.notasDe(db, cliente.id, STATEMENT_LIMIT),
    repo.abonosDeCliente(db, cliente.id, STATEMENT_LIMIT),
    tasaDelDiaConFuente(db),
  ]);
  const model = estadoCuentaModel({
    empresa,
    cliente,
    today: caracasIsoDate(now),
    todayRate: { amount: tasa.amount, date: tasa.valueDate ? `${tasa.valueDate}T12:00:00-04:00` : tasa.date },
    notas: notas.map((n) => ({
      number: n.number,
      controlNumber: n.controlNumber ?? '—',
      createdAt: n.createdAt,
      dueDate: n.dueDate,
      rate: n.rate,
      totalCents: toCents(n.total),
      discountCents: toCents(n.discount),
      balancePaidCents: toCents(n.balancePaid),
      outstandingCents: toCents(n.outstandingBalance),
      status: n.paymentStatus as PaymentStatus,
    })),
    abonos: abonos.map((a) => ({
      date: a.paidOn ?? a.createdAt,
      nota: a.nota,
      method: a.method,
      reference: a.reference,
      step: a.step as AbonoStep,
      totalCents: toCents(a.total),
      igtfCents: toCents(a.igtf),
    })),
  });
  return { fileName: model.fileName, body: await renderEstadoCuenta(model, now) };
}

// ── drawing ─────────────────────────────────────────────────────────────────

const MARGIN = 36;
const PAGE_WIDTH = 612; // Carta (Letter), 8.5 × 11 in.
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 792 - MARGIN + 8;
const BOTTOM = 792 - MARGIN - 18;
const GRAY = '#555555';
const LINE = '#999999';
const SHADE = '#eeeeee';

type Doc = PDFKit.PDFDocument;

function newDoc(title: string): Doc {
  return new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Producer: 'Vitrina', Creator: 'Vitrina' },
  });
}

function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Company on the left, the document's title and numbers in a box on the right. */
function header(doc: Doc, empresa: string[], title: string, meta: [string, string][]): number {
  const top = MARGIN;
  const leftWidth = WIDTH * 0.55;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('black')
    .text(empresa[0] ?? '', MARGIN, top, { width: leftWidth });
  doc.font('Helvetica').fontSize(8.5);
  for (const line of empresa.slice(1)) doc.text(line, { width: leftWidth });
  const leftBottom = doc.y;

  const boxX = MARGIN + WIDTH * 0.58;
  const boxW = WIDTH - WIDTH * 0.58;
  doc.rect(boxX, top, boxW, 20).fillAndStroke(SHADE, LINE);
  doc
    .fillColor('black')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(title, boxX, top + 5, { width: boxW, align: 'center' });
  let y = top + 24;
  doc.fontSize(8.5);
  for (const [label, value] of meta) {
    doc
      .font('Helvetica')
      .fillColor(GRAY)
      .text(label, boxX + 4, y, { width: boxW * 0.45 });
    doc
      .font('Helvetica-Bold')
      .fillColor('black')
      .text(value, boxX + boxW * 0.45, y, { width: boxW * 0.55 - 4, align: 'right' });
    y += 12;
  }
  doc
    .rect(boxX, top, boxW, y - top + 2)
    .strokeColor(LINE)
    .stroke();
  return Math.max(leftBottom, y + 2) + 8;
}

function labelledBox(doc: Doc, y: number, heading: string, rows: [string, string][]): number {
  const half = Math.ceil(rows.length / 2);
  const colW = WIDTH / 2;
  doc
    .font('Helvetica-Bold')
    .fontSize(8.5)
    .fillColor('black')
    .text(heading, MARGIN + 4, y + 4, { width: WIDTH - 8 });
  let bottom = y + 16;
  for (const [col, part] of [rows.slice(0, half), rows.slice(half)].entries()) {
    let rowY = y + 16;
    for (const [label, value] of part) {
      const x = MARGIN + 4 + col * colW;
      doc.font('Helvetica').fillColor(GRAY).text(`${label}:`, x, rowY, { width: 95 });
      doc.font('Helvetica').fillColor('black');
      const h = doc.heightOfString(value || '—', { width: colW - 104 });
      doc.text(value || '—', x + 96, rowY, { width: colW - 104 });
      rowY += Math.max(11, h + 1);
    }
    bottom = Math.max(bottom, rowY);
  }
  doc
    .rect(MARGIN, y, WIDTH, bottom - y + 3)
    .strokeColor(LINE)
    .stroke();
  return bottom + 10;
}

type Column = { title: string; width: number; align: 'left' | 'right' | 'center' };

function tableHeader(doc: Doc, y: number, columns: Column[]): number {
  doc.rect(MARGIN, y, WIDTH, 14).fillAndStroke(SHADE, LINE);
  let x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(7.5).fillColor('black');
  for (const c of columns) {
    doc.text(c.title, x + 3, y + 4, { width: c.width - 6, align: c.align, lineBreak: false });
    x += c.width;
  }
  return y + 16;
}

/** Rows with a page break (and the header again) when the next one does not fit. */
function table(doc: Doc, y: number, columns: Column[], rows: string[][], pageTop: () => number): number {
  let rowY = tableHeader(doc, y, columns);
  doc.font('Helvetica').fontSize(7.5).fillColor('black');
  for (const row of rows) {
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: (columns[i]?.width ?? 40) - 6 }))) + 4;
    if (rowY + height > BOTTOM) {
      doc.addPage();
      rowY = tableHeader(doc, pageTop(), columns);
      doc.font('Helvetica').fontSize(7.5).fillColor('black');
    }
    let x = MARGIN;
    for (const [i, cell] of row.entries()) {
      const c = columns[i];
      if (!c) continue;
      doc.text(cell, x + 3, rowY + 2, { width: c.width - 6, align: c.align });
      x += c.width;
    }
    rowY += height;
    doc
      .moveTo(MARGIN, rowY)
      .lineTo(MARGIN + WIDTH, rowY)
      .lineWidth(0.3)
      .strokeColor(LINE)
      .stroke();
  }
  if (rows.length === 0) {
    doc.fillColor(GRAY).text('Sin renglones.', MARGIN + 3, rowY + 2);
    rowY += 14;
  }
  doc.lineWidth(1);
  return rowY + 8;
}

/** Label | USD | Bs. rows on the right, as the totals box of an invoice. */
function moneyBox(doc: Doc, y: number, heading: string, rows: MoneyRow[]): number {
  const boxW = 300;
  const x = MARGIN + WIDTH - boxW;
  const needed = 16 + rows.length * 13 + 6;
  if (y + needed > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc.rect(x, y, boxW, 14).fillAndStroke(SHADE, LINE);
  doc.fillColor('black').font('Helvetica-Bold').fontSize(7.5);
  doc.text(heading, x + 4, y + 4, { width: 130 });
  doc.text('US$', x + 134, y + 4, { width: 76, align: 'right' });
  doc.text('Bs.', x + 214, y + 4, { width: 82, align: 'right' });
  let rowY = y + 17;
  for (const row of rows) {
    doc.font(row.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(row.strong ? 9 : 8);
    doc.text(row.label, x + 4, rowY, { width: 130 });
    doc.text(row.usd, x + 134, rowY, { width: 76, align: 'right' });
    doc.text(row.ves, x + 214, rowY, { width: 82, align: 'right' });
    rowY += row.strong ? 14 : 12;
  }
  doc
    .rect(x, y, boxW, rowY - y + 2)
    .strokeColor(LINE)
    .stroke();
  return rowY + 10;
}

function paragraph(doc: Doc, y: number, text: string, size = 7.5): number {
  if (y + 24 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica').fontSize(size).fillColor(GRAY).text(text, MARGIN, y, { width: WIDTH });
  doc.fillColor('black');
  return doc.y + 6;
}

/** A bold red line across the page (a voided document). */
function warning(doc: Doc, y: number, text: string): number {
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#c92a2a').text(text, MARGIN, y, { width: WIDTH });
  doc.fillColor('black');
  return doc.y + 8;
}

/** "Página n de m" (and a short line naming the document) on every page once all exist. */
function footers(doc: Doc, left: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor(GRAY);
    doc.text(left, MARGIN, FOOTER_Y, { width: WIDTH * 0.7, lineBreak: false });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, MARGIN + WIDTH * 0.7, FOOTER_Y, {
      width: WIDTH * 0.3,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

const DOCUMENT_WIDTHS: [number, Column['align']][] = [
  [72, 'left'],
  [172, 'left'],
  [34, 'right'],
  [62, 'right'],
  [58, 'right'],
  [66, 'right'],
  [76, 'right'],
];

async function renderDocumento(model: DocumentoPdfModel): Promise<Buffer> {
  const doc = newDoc(`${model.title} ${model.meta[0]?.[1] ?? ''}`);
  const done = toBuffer(doc);
  let y = header(doc, model.empresa, model.title, model.meta);
  if (model.voidNotice) y = warning(doc, y, model.voidNotice);
  y = model.fiscalNotice.warning ? warning(doc, y, model.fiscalNotice.text) : paragraph(doc, y, model.fiscalNotice.text, 8.5);
  y = labelledBox(doc, y, 'Datos del cliente', model.cliente);
  const columns = model.columns.map((title, i) => ({
    title,
    width: DOCUMENT_WIDTHS[i]?.[0] ?? 60,
    align: DOCUMENT_WIDTHS[i]?.[1] ?? 'left',
  }));
  y = table(doc, y, columns, model.rows, () => MARGIN);
  y = moneyBox(doc, y, 'Totales', model.totals);
  y = paragraph(doc, y, model.rateNote);
  if (model.pagos.length > 0) {
    const payColumns: Column[] = [
      { title: 'Forma de pago', width: 160, align: 'left' },
      { title: 'Referencia', width: 140, align: 'left' },
      { title: 'Monto', width: 120, align: 'right' },
      { title: 'Equivale a US$', width: 120, align: 'right' },
    ];
    y = table(doc, y, payColumns, model.pagos, () => MARGIN);
  }
  if (model.balance.length > 0) {
    if (model.abonos.length > 0) {
      const abonoColumns: Column[] = [
        { title: 'Fecha', width: 70, align: 'left' },
        { title: 'Método', width: 110, align: 'left' },
        { title: 'Referencia', width: 130, align: 'left' },
        { title: 'Estado', width: 70, align: 'left' },
        { title: 'Abono US$', width: 85, align: 'right' },
        { title: 'IGTF US$', width: 75, align: 'right' },
      ];
      y = table(doc, y, abonoColumns, model.abonos, () => MARGIN);
    }
    y = moneyBox(doc, y, 'Saldo', model.balance);
  }
  if (model.note) y = paragraph(doc, y, `Observaciones: ${model.note}`, 8);
  footers(doc, `${model.title} ${model.meta[0]?.[1] ?? ''} · N° de control ${model.meta[1]?.[1] ?? ''}`);
  doc.end();
  return done;
}

const STATEMENT_WIDTHS: [number, Column['align']][] = [
  [42, 'left'],
  [60, 'left'],
  [50, 'left'],
  [42, 'left'],
  [42, 'right'],
  [40, 'right'],
  [44, 'right'],
  [40, 'right'],
  [72, 'right'],
  [58, 'right'],
  [50, 'left'],
];

async function renderEstadoCuenta(model: EstadoCuentaModel, now: Date): Promise<Buffer> {
  const doc = newDoc(model.title);
  const done = toBuffer(doc);
  let y = header(doc, model.empresa, model.title, model.meta);
  y = labelledBox(doc, y, 'Cliente', model.cliente);
  const columns = model.columns.map((title, i) => ({
    title,
    width: STATEMENT_WIDTHS[i]?.[0] ?? 50,
    align: STATEMENT_WIDTHS[i]?.[1] ?? 'left',
  }));
  y = table(doc, y, columns, model.rows, () => MARGIN);
  if (model.abonos.length > 0) {
    const abonoColumns: Column[] = [
      { title: 'Fecha del abono', width: 75, align: 'left' },
      { title: 'Nota de entrega', width: 95, align: 'left' },
      { title: 'Método', width: 95, align: 'left' },
      { title: 'Referencia', width: 100, align: 'left' },
      { title: 'Estado', width: 60, align: 'left' },
      { title: 'Abono US$', width: 65, align: 'right' },
      { title: 'IGTF US$', width: 50, align: 'right' },
    ];
    y = table(doc, y, abonoColumns, model.abonos, () => MARGIN);
  }
  y = moneyBox(doc, y, 'Antigüedad del saldo', model.aging);
  y = moneyBox(doc, y, 'Resumen', model.totals);
  paragraph(doc, y, model.rateNote);
  footers(doc, `Estado de cuenta de ${model.cliente[0]?.[1] ?? ''} · emitido el ${formatDateTime(now)}`);
  doc.end();
  return done;
}
