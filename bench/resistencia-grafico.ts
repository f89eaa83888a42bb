// The soak's chart (bench/resistencia.ts): one panel per sampled series over the minutes of the run,
// drawn as an SVG by hand and turned into a PNG with sharp.
import sharp from 'sharp';

export type Serie = { titulo: string; unidad: string; valores: (number | null)[]; color: string };

const WIDTH = 1000;
const PANEL = 170;
const LEFT = 80;
const RIGHT = 20;
const TOP = 50;
const GAP = 40;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const number = (n: number) => n.toLocaleString('es-VE', { maximumFractionDigits: n < 10 ? 1 : 0, useGrouping: 'always' });

/** Every series against the same x axis: the minute of each sample. */
export function svgChart(titulo: string, minutos: number[], series: Serie[]): string {
  const height = TOP + series.length * (PANEL + GAP) + 20;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const lastMinute = Math.max(minutos.at(-1) ?? 1, 1e-9);
  const x = (minute: number) => LEFT + (minute / lastMinute) * plotWidth;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="DejaVu Sans, Arial, sans-serif">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${LEFT}" y="28" font-size="18" fill="#111">${escapeXml(titulo)}</text>`,
  ];
  series.forEach((serie, i) => {
    const top = TOP + i * (PANEL + GAP) + 20;
    const known = serie.valores.filter((v): v is number => v !== null && Number.isFinite(v));
    const max = Math.max(...known, 0) * 1.1 || 1;
    const y = (v: number) => top + PANEL - (v / max) * PANEL;
    parts.push(
      `<text x="${LEFT}" y="${top - 6}" font-size="14" fill="#111">${escapeXml(`${serie.titulo} (${serie.unidad})`)}</text>`,
      `<rect x="${LEFT}" y="${top}" width="${plotWidth}" height="${PANEL}" fill="none" stroke="#999"/>`,
    );
    for (const fraction of [0, 0.5, 1]) {
      const value = max * fraction;
      const yy = y(value);
      parts.push(
        `<line x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${yy}" y2="${yy}" stroke="#ddd"/>`,
        `<text x="${LEFT - 6}" y="${yy + 4}" font-size="12" text-anchor="end" fill="#333">${number(value)}</text>`,
      );
    }
    const points = serie.valores
      .map((v, j) => (v === null || !Number.isFinite(v) ? null : `${x(minutos[j]).toFixed(1)},${y(v).toFixed(1)}`))
      .filter((p): p is string => p !== null);
    if (points.length > 0) {
      parts.push(`<polyline fill="none" stroke="${serie.color}" stroke-width="2" points="${points.join(' ')}"/>`);
    }
  });
  const bottom = TOP + series.length * (PANEL + GAP) - GAP + 20;
  const step = lastMinute > 20 ? 5 : lastMinute > 5 ? 1 : 0.5;
  for (let m = 0; m <= lastMinute + 1e-9; m += step) {
    parts.push(`<text x="${x(m)}" y="${bottom + 16}" font-size="12" text-anchor="middle" fill="#333">${number(m)}</text>`);
  }
  parts.push(`<text x="${WIDTH - RIGHT}" y="${bottom + 16}" font-size="12" text-anchor="end" fill="#333">min</text>`, '</svg>');
  return parts.join('\n');
}

export async function writePng(svg: string, file: string): Promise<void> {
  await sharp(Buffer.from(svg)).png().toFile(file);
}
