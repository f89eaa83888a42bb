// What the generated catalogue PDF says: models grouped by línea and sub-línea, each with its colour,
// the sizes in stock and its PVP (with IVA) in US$ and in Bs. at the tasa del día. Pure: the server
// reads the rows and draws the pages.
import { formatDate } from './dates.ts';
import { formatRatePerUsd, formatUsd, formatVes, usdToVesCents } from './money.ts';
import { precioAlPublico } from './precio-al-publico.ts';

export type CatalogoFila = {
  linea: string;
  sublinea: string;
  code: string;
  name: string;
  color: string;
  price: string;
  promotion: string;
  /** The automatic discount per unit today (descuento module), taken off after the promotion as the site does. */
  discount?: string;
  /** Size labels in stock, in the store's size order. */
  tallas: string[];
};

export type CatalogoModelo = { code: string; name: string; color: string; tallas: string; usd: string; bs: string };
export type CatalogoSublinea = { name: string; modelos: CatalogoModelo[] };
export type CatalogoLinea = { name: string; sublineas: CatalogoSublinea[] };

/** Rows in línea, sub-línea, model order; models with no size in stock are left out. */
export function catalogoPorLinea(filas: readonly CatalogoFila[], rate: string): CatalogoLinea[] {
  const lineas: CatalogoLinea[] = [];
  for (const fila of filas) {
    if (fila.tallas.length === 0) continue;
    let linea = lineas.at(-1);
    if (linea?.name !== fila.linea) {
      linea = { name: fila.linea, sublineas: [] };
      lineas.push(linea);
    }
    let sublinea = linea.sublineas.at(-1);
    if (sublinea?.name !== fila.sublinea) {
      sublinea = { name: fila.sublinea, modelos: [] };
      linea.sublineas.push(sublinea);
    }
    const { pvpCents } = precioAlPublico({ price: fila.price, promotion: fila.promotion, discount: fila.discount ?? '0' });
    sublinea.modelos.push({
      code: fila.code,
      name: fila.name,
      color: fila.color,
      tallas: fila.tallas.join(' · '),
      usd: formatUsd(pvpCents),
      bs: formatVes(usdToVesCents(pvpCents, rate)),
    });
  }
  return lineas;
}

/** The cover's line about the prices: their date and the rate they were converted at. */
export function leyendaDePrecios(rate: string, at: Date): string {
  return `Precios al público con IVA incluido, al ${formatDate(at)}. Tasa del día: ${formatRatePerUsd(rate)}.`;
}

/** «%PDF-» at the start: what any PDF reader looks for first. */
export function empiezaComoPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}
