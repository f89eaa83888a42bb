// Flat drawings of each garment type in a given colour, used as product pictures.
export const GARMENTS = [
  'franela',
  'camisa',
  'blusa',
  'vestido',
  'falda',
  'pantalon',
  'jean',
  'short',
  'chaqueta',
  'sueter',
  'conjunto',
  'pijama',
  'zapato',
  'zapatilla',
  'sandalia',
  'bota',
] as const;
export type Garment = (typeof GARMENTS)[number];

const HEX = /^#[0-9a-f]{6}$/i;

export function shade(hex: string, amount: number): string {
  if (!HEX.test(hex)) throw new TypeError(`Color inválido: ${hex}`);
  const channel = (i: number) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16);
    const next = amount < 0 ? v * (1 + amount) : v + (255 - v) * amount;
    return Math.round(Math.min(255, Math.max(0, next)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

const SHAPES: Record<Garment, string> = {
  franela: 'M250 200 L330 170 Q400 210 470 170 L550 200 L640 300 L580 350 L540 320 L540 800 L260 800 L260 320 L220 350 L160 300 Z',
  camisa: 'M250 190 L340 160 L400 230 L460 160 L550 190 L650 420 L590 440 L540 330 L540 810 L260 810 L260 330 L210 440 L150 420 Z',
  blusa: 'M270 200 L350 170 Q400 240 450 170 L530 200 L620 330 L570 360 L530 300 L560 780 L240 780 L270 300 L230 360 L180 330 Z',
  vestido: 'M310 170 L360 160 Q400 220 440 160 L490 170 L500 330 Q520 360 620 860 L180 860 Q280 360 300 330 Z',
  falda: 'M290 280 L510 280 L520 330 L640 820 L160 820 L280 330 Z',
  pantalon: 'M280 200 L520 200 L560 860 L430 860 L400 360 L370 860 L240 860 Z',
  jean: 'M280 200 L520 200 L560 860 L430 860 L400 360 L370 860 L240 860 Z',
  short: 'M270 300 L530 300 L580 640 L430 660 L400 430 L370 660 L220 640 Z',
  chaqueta: 'M240 190 L340 160 L400 240 L460 160 L560 190 L660 560 L600 580 L550 360 L550 820 L250 820 L250 360 L200 580 L140 560 Z',
  sueter: 'M250 200 L340 175 Q400 215 460 175 L550 200 L640 600 L580 620 L540 380 L540 800 L260 800 L260 380 L220 620 L160 600 Z',
  conjunto:
    'M270 180 L350 160 Q400 200 450 160 L530 180 L600 300 L550 330 L520 300 L520 520 L280 520 L280 300 L250 330 L200 300 Z M285 540 L515 540 L540 840 L420 840 L400 640 L380 840 L260 840 Z',
  pijama:
    'M260 190 L345 165 Q400 205 455 165 L540 190 L620 420 L570 440 L530 320 L530 560 L270 560 L270 320 L230 440 L180 420 Z M275 575 L525 575 L555 860 L425 860 L400 680 L375 860 L245 860 Z',
  zapato: 'M150 600 Q170 500 300 500 L450 470 Q560 500 640 560 Q690 600 660 650 L160 650 Q140 630 150 600 Z',
  zapatilla: 'M140 600 Q150 470 290 470 L420 450 Q540 480 650 560 Q700 600 670 660 L150 660 Q130 640 140 600 Z',
  sandalia: 'M170 620 Q180 560 260 560 L600 560 Q680 570 670 630 L180 640 Z M300 560 Q400 460 500 560',
  bota: 'M280 250 L460 250 L470 520 Q580 540 650 600 Q690 640 660 680 L270 680 Z',
};

export function garmentSvg(garment: Garment, colorHex: string, options: { variant?: number } = {}): string {
  if (!HEX.test(colorHex)) throw new TypeError(`Color inválido: ${colorHex}`);
  const variant = options.variant ?? 0;
  const stroke = shade(colorHex, -0.45);
  const light = shade(colorHex, 0.25);
  const detail = [
    '',
    `<circle cx="400" cy="420" r="40" fill="${light}" opacity="0.8"/>`,
    `<rect x="260" y="470" width="280" height="26" fill="${light}" opacity="0.7"/>`,
    `<path d="M330 380 L470 380 L470 450 L330 450 Z" fill="none" stroke="${stroke}" stroke-width="6"/>`,
  ][variant % 4];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 1000" width="800" height="1000">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfbfb"/><stop offset="1" stop-color="#ececec"/></linearGradient></defs>
<rect width="800" height="1000" fill="url(#bg)"/>
<ellipse cx="400" cy="900" rx="280" ry="28" fill="#000" opacity="0.08"/>
<path d="${SHAPES[garment]}" fill="${colorHex}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
${detail}
</svg>`;
}

export function bannerSvg(title: string, subtitle: string, colorHex: string): string {
  if (!HEX.test(colorHex)) throw new TypeError(`Color inválido: ${colorHex}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600" width="1600" height="600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colorHex}"/><stop offset="1" stop-color="${shade(colorHex, -0.4)}"/></linearGradient></defs>
<rect width="1600" height="600" fill="url(#g)"/>
<circle cx="1300" cy="300" r="260" fill="${shade(colorHex, 0.3)}" opacity="0.35"/>
<circle cx="1450" cy="120" r="120" fill="#fff" opacity="0.12"/>
<text x="120" y="280" font-family="system-ui, sans-serif" font-size="96" font-weight="800" fill="#fff">${escapeXml(title)}</text>
<text x="124" y="360" font-family="system-ui, sans-serif" font-size="40" fill="#fff" opacity="0.9">${escapeXml(subtitle)}</text>
</svg>`;
}

export function logoSvg(storeName: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 120" width="400" height="120">
<rect x="8" y="20" width="80" height="80" rx="18" fill="#c2255c"/>
<path d="M28 40 L48 82 L68 40" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
<text x="108" y="84" font-family="system-ui, sans-serif" font-size="56" font-weight="800" fill="#212529">${escapeXml(storeName)}</text>
</svg>`;
}
