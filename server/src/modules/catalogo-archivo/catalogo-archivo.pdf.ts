// Draws the catalogue PDF: a cover with the company's data and the prices' date and rate, then each
// línea and sub-línea with a card per model (picture, colour, sizes, PVP in US$ and Bs.). pdfkit's
// Helvetica (WinAnsi) carries the accents and the ñ; pictures go in as JPEG/PNG (pdfkit reads no WebP).
import PDFDocument from 'pdfkit';
import type { CatalogoLinea } from '#domain/catalogo-pdf.ts';

const MARGIN = 36;
const PAGE = { width: 612, height: 792 };
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 14;
const CARD = { width: (WIDTH - 12) / 2, height: 104, image: { width: 76, height: 95 } };
const GRAY = '#555555';
const ACCENT = '#1f3b5c';

type Doc = PDFKit.PDFDocument;
export type Portada = { empresa: string[]; leyenda: string; fecha: string };
/** The picture of a model, already JPEG or PNG; null draws an empty frame. */
export type Imagen = (code: string) => Buffer | null;

function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function cover(doc: Doc, portada: Portada, lineas: CatalogoLinea[]) {
  doc.rect(0, 0, PAGE.width, 260).fill(ACCENT);
  doc.fillColor('white').font('Helvetica-Bold').fontSize(34).text('Catálogo', MARGIN, 120, { width: WIDTH });
  doc.font('Helvetica').fontSize(14).text(portada.fecha, { width: WIDTH });
  doc
    .fillColor('black')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(portada.empresa[0] ?? '', MARGIN, 300, { width: WIDTH });
  doc.font('Helvetica').fontSize(11);
  for (const line of portada.empresa.slice(1)) doc.text(line, { width: WIDTH });
  doc.moveDown().fillColor(GRAY).text(portada.leyenda, { width: WIDTH });
  doc.moveDown().fillColor('black').font('Helvetica-Bold').text('Líneas', { width: WIDTH });
  doc.font('Helvetica');
  for (const linea of lineas) {
    const modelos = linea.sublineas.reduce((n, s) => n + s.modelos.length, 0);
    doc.text(`${linea.name}: ${linea.sublineas.map((s) => s.name).join(', ')} (${modelos} ${modelos === 1 ? 'modelo' : 'modelos'})`, {
      width: WIDTH,
    });
  }
}

export async function dibujarCatalogo(portada: Portada, lineas: CatalogoLinea[], imagen: Imagen): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Catálogo · ${portada.empresa[0] ?? ''}`, Producer: 'Vitrina', Creator: 'Vitrina' },
  });
  const done = toBuffer(doc);
  cover(doc, portada, lineas);
  if (lineas.length === 0) {
    doc.moveDown().text('Por ahora no hay modelos con existencia.', { width: WIDTH });
  }
  let y = BOTTOM;
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = MARGIN;
  };
  for (const linea of lineas) {
    doc.addPage();
    y = MARGIN;
    doc.rect(MARGIN, y, WIDTH, 28).fill(ACCENT);
    doc
      .fillColor('white')
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(linea.name, MARGIN + 8, y + 7, { width: WIDTH - 16 });
    y += 38;
    for (const sublinea of linea.sublineas) {
      room(20 + CARD.height);
      doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(13).text(`${linea.name} · ${sublinea.name}`, MARGIN, y, { width: WIDTH });
      y += 20;
      sublinea.modelos.forEach((modelo, i) => {
        const column = i % 2;
        if (column === 0) room(CARD.height);
        const x = MARGIN + column * (CARD.width + 12);
        doc
          .lineWidth(0.5)
          .rect(x, y, CARD.width, CARD.height - 8)
          .stroke('#cccccc');
        const picture = imagen(modelo.code);
        const ix = x + 4;
        const iy = y + 4;
        if (picture) doc.image(picture, ix, iy, { fit: [CARD.image.width, CARD.image.height], align: 'center', valign: 'center' });
        const tx = ix + CARD.image.width + 8;
        const tw = CARD.width - CARD.image.width - 20;
        doc
          .fillColor('black')
          .font('Helvetica-Bold')
          .fontSize(10)
          .text(modelo.name, tx, iy + 2, { width: tw, height: 26, ellipsis: true });
        doc.font('Helvetica').fontSize(8.5).fillColor(GRAY);
        doc.text(`Modelo ${modelo.code}`, tx, doc.y, { width: tw });
        doc.text(`Color: ${modelo.color}`, { width: tw });
        doc.text(`Tallas: ${modelo.tallas}`, { width: tw, height: 22, ellipsis: true });
        doc
          .fillColor('black')
          .font('Helvetica-Bold')
          .fontSize(10)
          .text(modelo.usd, tx, iy + 66, { width: tw });
        doc.font('Helvetica').fontSize(9).text(modelo.bs, { width: tw });
        if (column === 1 || i === sublinea.modelos.length - 1) y += CARD.height;
      });
      y += 6;
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page instead of writing the footer.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GRAY)
      .text(`${portada.empresa[0] ?? ''} · Página ${i + 1} de ${range.count}`, MARGIN, PAGE.height - MARGIN, {
        width: WIDTH,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
