// Reads the tasa del día from the Banco Central de Venezuela's home page (www.bcv.org.ve): the
// USD box (`<div id="dolar">… <strong> 36,53250000 </strong>`) and the "Fecha Valor" it applies to
// (`<span class="date-display-single" content="2026-11-24T00:00:00-04:00">`). Pure: no fetching here.

export type BcvRate = { ok: true; amount: string; valueDate: string } | { ok: false; motivo: string };

// The page is a few hundred KB; the USD box sits a short way after its id.
const BOX_WINDOW = 2_000;

/** "36,53250000" or "1.234,5" (es-VE) as "36.5325" / "1234.5000": 4 decimals, as tasas_cambio stores it. */
export function bcvAmount(text: string): string | null {
  const value = text.trim();
  if (!/^\d{1,3}(?:\.\d{3})*,\d{1,8}$|^\d+,\d{1,8}$/.test(value)) return null;
  const [whole, decimals] = value.replace(/\./g, '').split(',');
  // Rounded half up to 4 decimals with integers, never through a float.
  const scaled = BigInt(whole + decimals.padEnd(8, '0').slice(0, 8));
  const rounded = (scaled + 5_000n) / 10_000n;
  if (rounded <= 0n || rounded >= 10n ** 14n) return null;
  const digits = rounded.toString().padStart(5, '0');
  return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

function valueDateOf(html: string): string | null {
  const span = html.match(/<span[^>]*class="[^"]*date-display-single[^"]*"[^>]*>/i)?.[0];
  const day = span?.match(/content="(\d{4}-\d{2}-\d{2})T/)?.[1];
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? day : null;
}

export function parseBcvPage(html: string): BcvRate {
  const start = html.search(/<div[^>]*\bid\s*=\s*["']dolar["']/i);
  if (start < 0) return { ok: false, motivo: 'La página del BCV no trae el recuadro del dólar.' };
  const box = html.slice(start, start + BOX_WINDOW);
  if (!/USD/.test(box)) return { ok: false, motivo: 'El recuadro del dólar de la página del BCV no dice USD.' };
  const strong = box.match(/<strong[^>]*>([^<]*)<\/strong>/i)?.[1];
  const amount = strong === undefined ? null : bcvAmount(strong);
  if (!amount) return { ok: false, motivo: 'La tasa del dólar en la página del BCV no es un número válido.' };
  const valueDate = valueDateOf(html);
  if (!valueDate) return { ok: false, motivo: 'La página del BCV no trae una fecha valor válida.' };
  return { ok: true, amount, valueDate };
}
