// Flat illustrations of each garment type in a given colour, used as product pictures (no photos in the catalogue).
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

function assertHex(hex: string): void {
  if (!HEX.test(hex)) throw new TypeError(`Color inválido: ${hex}`);
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Darker (amount < 0) or lighter (amount > 0) tone of `hex`; amount in [-1, 1]. */
export function shade(hex: string, amount: number): string {
  assertHex(hex);
  if (!Number.isFinite(amount) || amount < -1 || amount > 1) throw new RangeError(`Cantidad de sombra inválida: ${amount}`);
  const toHex = (v: number) => {
    const next = amount < 0 ? v * (1 + amount) : v + (255 - v) * amount;
    return Math.round(Math.min(255, Math.max(0, next)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channels(hex).map(toHex).join('')}`;
}

/** Perceived brightness in [0, 1]. */
function brightness(hex: string): number {
  const [r, g, b] = channels(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

type Palette = {
  base: string;
  light: string;
  dark: string;
  darker: string;
  outline: string;
  /** A tone of the base that stays visible on it: for collars, cuffs, bands. */
  tone: string;
  /** Strong contrast on the base: prints, buttons, stitching. */
  contrast: string;
  bright: number;
};

function palette(base: string): Palette {
  const bright = brightness(base);
  return {
    base,
    light: shade(base, 0.2),
    dark: shade(base, -0.2),
    darker: shade(base, -0.38),
    // Light garments get a proportionally darker outline so they stand out from the pale backdrop.
    outline: bright > 0.7 ? shade(base, -0.45) : shade(base, -0.55),
    tone: bright < 0.25 ? shade(base, 0.14) : shade(base, -0.13),
    contrast: bright < 0.6 ? shade(base, 0.82) : shade(base, -0.5),
    bright,
  };
}

type Ctx = {
  p: Palette;
  variant: number;
  /** Unique id within the document (pieces can be drawn more than once, e.g. in sets). */
  id: (name: string) => string;
};

type Pattern = 'dots' | 'stripes' | 'pinstripes' | 'checks' | 'flowers' | 'stars' | 'twill' | 'knit';

const OUTLINE_WIDTH = 6;

/** A fabric piece: colour fill, optional print, volume shading and outline. */
function piece(c: Ctx, d: string, opts: { fill?: string; pattern?: Pattern; shading?: 'h' | 'v' | 'none' } = {}): string {
  const shading = opts.shading ?? 'h';
  return [
    `<path d="${d}" fill="${opts.fill ?? c.p.base}"/>`,
    opts.pattern ? `<path d="${d}" fill="url(#pat-${opts.pattern})"/>` : '',
    shading === 'none' ? '' : `<path d="${d}" fill="url(#shade-${shading})"/>`,
    `<path d="${d}" fill="none" stroke="${c.p.outline}" stroke-width="${OUTLINE_WIDTH}" stroke-linejoin="round" stroke-linecap="round"/>`,
  ].join('');
}

/** Solid detail shape (collar, cuff, pocket) with outline. */
function part(c: Ctx, d: string, fill: string, width = 4): string {
  return `<path d="${d}" fill="${fill}" stroke="${c.p.outline}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"/>`;
}

function line(d: string, color: string, width = 4, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
}

function fold(d: string, opacity = 0.16): string {
  return line(d, '#000', 5, ` opacity="${opacity}"`);
}

function sheen(d: string, opacity = 0.22): string {
  return line(d, '#fff', 7, ` opacity="${opacity}"`);
}

function stitch(c: Ctx, d: string, color?: string): string {
  return line(d, color ?? c.p.outline, 2.5, ' stroke-dasharray="9 7" opacity="0.75"');
}

function button(c: Ctx, x: number, y: number, r = 8): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.p.tone}" stroke="${c.p.outline}" stroke-width="2.5"/><circle cx="${x - r / 3}" cy="${y}" r="1.6" fill="${c.p.outline}"/><circle cx="${x + r / 3}" cy="${y}" r="1.6" fill="${c.p.outline}"/>`;
}

function clipped(c: Ctx, d: string, content: string): string {
  const id = c.id('clip');
  return `<clipPath id="${id}"><path d="${d}"/></clipPath><g clip-path="url(#${id})">${content}</g>`;
}

/** Horizontal bands across a region, clipped to a piece. */
function bands(c: Ctx, d: string, ys: number[], height: number, color: string): string {
  return clipped(c, d, ys.map((y) => `<rect x="0" y="${y}" width="800" height="${height}" fill="${color}"/>`).join(''));
}

// ---------- tops ----------

const TEE =
  'M322 189 Q400 243 478 189 L562 207 Q637 236 709 298 L628 365 Q602 341 579 325 L586 714 Q400 731 214 714 L221 325 Q198 341 172 365 L91 298 Q163 236 238 207 Z';

function tee(c: Ctx, opts: { pattern?: Pattern; print?: boolean; pocket?: boolean; stripes?: boolean; vneck?: boolean } = {}): string {
  const { p } = c;
  const out = [piece(c, TEE, { pattern: opts.pattern })];
  if (opts.stripes) out.push(bands(c, TEE, [387, 439, 490, 542, 594, 645, 697], 21, p.contrast));
  out.push(
    fold('M288 396 Q308 525 284 662'),
    fold('M518 422 Q501 551 523 680', 0.12),
    sheen('M257 353 Q279 473 261 611'),
    fold('M239 210 Q250 275 221 325', 0.22),
    fold('M561 210 Q550 275 579 325', 0.22),
    stitch(c, 'M183 356 L104 293'),
    stitch(c, 'M617 356 L696 293'),
    stitch(c, 'M219 699 Q400 716 581 699'),
  );
  if (opts.vneck) {
    out.push(
      part(c, 'M322 189 Q400 201 478 189 L400 284 Z', p.darker),
      line('M317 188 L400 287 L483 188', p.tone, 14),
      line('M317 188 L400 287 L483 188', p.outline, 3),
    );
  } else {
    out.push(
      part(c, 'M322 189 Q400 203 478 189 Q400 243 322 189 Z', p.darker),
      line('M317 188 Q400 251 483 188', p.tone, 16),
      line('M308 186 Q400 260 492 186', p.outline, 3),
      line('M326 193 Q400 241 474 193', p.outline, 2.5, ' opacity="0.6"'),
    );
  }
  if (opts.pocket) {
    out.push(part(c, 'M469 300 L548 300 L548 363 Q509 373 469 363 Z', p.base), line('M469 310 L548 310', p.outline, 2.5, ' opacity="0.6"'));
  }
  if (opts.print) {
    const id = c.id('sun');
    out.push(
      `<clipPath id="${id}"><circle cx="400" cy="404" r="68"/></clipPath>`,
      `<circle cx="400" cy="404" r="68" fill="${p.contrast}"/>`,
      `<g clip-path="url(#${id})" fill="${p.base}">${[416, 436, 454].map((y, i) => `<rect x="320" y="${y}" width="160" height="${8 + i * 3}"/>`).join('')}</g>`,
      line('M299 490 Q350 473 400 490 T501 490', p.contrast, 6),
    );
  }
  return out.join('');
}

function franela(c: Ctx): string {
  return tee(c, { stripes: c.variant === 1, pocket: c.variant === 2, print: c.variant === 3 });
}

const SHIRT =
  'M340 180 L460 180 L567 202 Q635 249 673 402 L695 550 L627 562 L607 427 L578 343 L583 711 C534 701 510 759 400 759 C290 759 266 701 217 711 L222 343 L193 427 L173 562 L105 550 L127 402 Q165 249 233 202 Z';
const SHIRT_SHORT =
  'M340 180 L460 180 L567 202 Q633 230 686 307 L620 347 L578 316 L583 711 C534 701 510 759 400 759 C290 759 266 701 217 711 L222 316 L180 347 L114 307 Q167 230 233 202 Z';

function shirt(c: Ctx, opts: { pattern?: Pattern; pockets?: boolean; short?: boolean; piping?: string } = {}): string {
  const { p } = c;
  const body = opts.short ? SHIRT_SHORT : SHIRT;
  const trim = opts.piping ?? p.outline;
  const out = [piece(c, body, { pattern: opts.pattern })];
  out.push(
    fold('M233 204 Q248 273 222 343', 0.2),
    fold('M567 204 Q552 273 578 343', 0.2),
    fold('M290 384 Q310 539 286 711'),
    fold('M510 419 Q495 556 517 703', 0.12),
    sheen('M257 367 Q277 505 259 642'),
  );
  if (opts.short) {
    out.push(stitch(c, 'M193 335 L127 297'), stitch(c, 'M607 335 L673 297'));
    if (opts.piping) out.push(line('M180 347 L114 307', trim, 8), line('M620 347 L686 307', trim, 8));
  } else {
    out.push(
      fold('M180 307 Q169 410 158 505', 0.14),
      fold('M620 307 Q631 410 642 505', 0.14),
      part(c, 'M112 495 L178 501 L173 562 L105 550 Z', p.tone),
      part(c, 'M688 495 L622 501 L627 562 L695 550 Z', p.tone),
      button(c, 145, 527, 6),
      button(c, 655, 527, 6),
    );
    if (opts.piping) out.push(line('M112 495 L178 501', trim, 7), line('M688 495 L622 501', trim, 7));
  }
  // Inside of the back collar, then the two collar leaves over the placket.
  out.push(
    part(c, 'M340 180 Q400 166 460 180 L451 195 Q400 185 349 195 Z', p.darker),
    part(c, 'M387 226 L413 226 L413 754 Q400 758 387 754 Z', p.base, 3),
    part(c, 'M341 178 Q358 207 404 230 L369 278 Q334 254 314 200 Z', p.tone),
    part(c, 'M459 178 Q442 207 396 230 L431 278 Q466 254 486 200 Z', p.tone),
  );
  if (opts.piping) {
    out.push(
      line('M404 230 L369 278 Q334 254 314 200', trim, 6),
      line('M396 230 L431 278 Q466 254 486 200', trim, 6),
      line('M413 281 L413 754', trim, 6),
    );
  }
  for (const y of [307, 384, 462, 539, 617, 694]) out.push(button(c, 400, y, 7));
  if (opts.pockets) {
    out.push(
      part(c, 'M266 307 L345 307 L345 374 L305 384 L266 374 Z', p.base, 3),
      part(c, 'M261 300 L349 300 L349 321 L305 329 L261 321 Z', p.tone, 3),
      part(c, 'M455 307 L534 307 L534 374 L495 384 L455 374 Z', p.base, 3),
      part(c, 'M451 300 L539 300 L539 321 L495 329 L451 321 Z', p.tone, 3),
      button(c, 305, 319, 5),
      button(c, 495, 319, 5),
    );
    if (opts.piping) out.push(line('M451 300 L539 300', trim, 6));
  }
  return out.join('');
}

function camisa(c: Ctx): string {
  return shirt(c, {
    pockets: c.variant === 1,
    pattern: c.variant === 2 ? 'pinstripes' : c.variant === 3 ? 'checks' : undefined,
    short: c.variant === 3,
  });
}

const BLOUSE =
  'M332 196 Q400 300 468 196 L530 210 C604 214 662 276 646 344 L594 372 L552 330 Q532 440 510 560 Q560 646 592 728 Q558 746 526 730 Q496 750 464 732 Q432 752 400 734 Q368 752 336 732 Q304 750 274 730 Q242 746 208 728 Q240 646 290 560 Q268 440 248 330 L206 372 L154 344 C138 276 196 214 270 210 Z';

function blusa(c: Ctx): string {
  const { p, variant } = c;
  const pattern: Pattern | undefined = variant === 2 ? 'dots' : variant === 3 ? 'flowers' : undefined;
  const out = [piece(c, BLOUSE, { pattern })];
  out.push(
    // Puffed sleeves: gathers at the shoulder and an elastic band at the hem.
    fold('M270 214 Q232 250 222 300', 0.18),
    fold('M250 220 Q214 250 196 296', 0.14),
    fold('M530 214 Q568 250 578 300', 0.18),
    fold('M550 220 Q586 250 604 296', 0.14),
    line('M154 344 L206 372', p.tone, 12),
    line('M646 344 L594 372', p.tone, 12),
    stitch(c, 'M160 332 L212 360'),
    stitch(c, 'M640 332 L588 360'),
    fold('M290 560 Q400 580 510 560', 0.28),
    fold('M330 574 Q316 650 300 738'),
    fold('M400 580 L400 736', 0.12),
    fold('M470 574 Q484 650 500 738'),
    sheen('M280 380 Q294 470 296 540'),
    fold('M316 300 Q340 400 330 540', 0.12),
    part(c, 'M332 196 Q400 214 468 196 Q430 260 400 298 Q370 260 332 196 Z', p.darker),
  );
  if (variant === 0 || variant === 2) {
    // Ruffle along the neckline.
    const scallops: string[] = [];
    for (let i = 0; i < 8; i++) {
      const t0 = i / 8;
      const t1 = (i + 1) / 8;
      const pt = (t: number) => {
        const left = t <= 0.5;
        const u = left ? t * 2 : (t - 0.5) * 2;
        return left ? [332 + (400 - 332) * u, 196 + (298 - 196) * u] : [400 + (468 - 400) * u, 298 - (298 - 196) * u];
      };
      const [x0, y0] = pt(t0);
      const [x1, y1] = pt(t1);
      const mx = (x0 + x1) / 2 + (i < 4 ? 12 : -12);
      const my = (y0 + y1) / 2 + 12;
      scallops.push(`M${x0.toFixed(1)} ${y0.toFixed(1)} Q${mx.toFixed(1)} ${my.toFixed(1)} ${x1.toFixed(1)} ${y1.toFixed(1)}`);
    }
    out.push(line(scallops.join(' '), p.tone, 10), line(scallops.join(' '), p.outline, 2.5));
  } else {
    out.push(
      line('M330 194 Q366 250 400 300 Q434 250 470 194', p.tone, 10),
      line('M330 194 Q366 250 400 300 Q434 250 470 194', p.outline, 2.5),
    );
  }
  if (variant === 1) {
    // Tie bow at the neck.
    out.push(
      part(c, 'M400 300 Q350 268 338 298 Q334 330 400 306 Z', p.tone, 3),
      part(c, 'M400 300 Q450 268 462 298 Q466 330 400 306 Z', p.tone, 3),
      part(c, 'M396 304 L376 390 L392 384 L400 312 L408 384 L424 390 L404 304 Z', p.tone, 3),
      `<circle cx="400" cy="303" r="10" fill="${p.dark}" stroke="${p.outline}" stroke-width="3"/>`,
    );
  }
  if (variant === 3) for (const y of [340, 400, 460, 520]) out.push(button(c, 400, y, 6));
  return out.join('');
}

// ---------- dresses and skirts ----------

const DRESS =
  'M334 168 L366 168 Q400 222 434 168 L466 168 Q472 220 506 250 Q524 330 496 420 Q560 600 642 858 Q602 878 562 866 Q522 886 482 870 Q442 888 400 872 Q358 888 318 870 Q278 886 238 866 Q198 878 158 858 Q240 600 304 420 Q276 330 294 250 Q328 220 334 168 Z';

function vestido(c: Ctx): string {
  const { p, variant } = c;
  const pattern: Pattern | undefined = variant === 2 ? 'dots' : variant === 3 ? 'flowers' : undefined;
  const out = [piece(c, DRESS, { pattern })];
  out.push(
    part(c, 'M366 168 Q400 222 434 168 Q400 186 366 168 Z', p.darker, 3),
    fold('M330 200 Q316 300 320 410', 0.12),
    sheen('M318 270 Q312 340 322 410'),
    fold('M470 270 Q486 340 476 410', 0.14),
    fold('M360 450 Q330 660 282 870'),
    sheen('M330 450 Q290 650 236 862'),
    fold('M400 450 Q404 660 400 872', 0.12),
    sheen('M430 450 Q446 660 480 866', 0.14),
    fold('M450 450 Q480 660 524 868'),
    fold('M480 440 Q540 640 604 862', 0.12),
    stitch(c, 'M176 842 Q400 872 624 842'),
  );
  if (variant === 1) {
    out.push(
      part(c, 'M304 406 Q400 426 496 406 L502 442 Q400 462 298 442 Z', p.tone),
      `<rect x="380" y="414" width="40" height="36" rx="6" fill="none" stroke="${p.contrast}" stroke-width="6"/>`,
    );
  } else {
    out.push(line('M304 420 Q400 440 496 420', p.outline, 3, ' opacity="0.7"'), stitch(c, 'M304 430 Q400 450 496 430'));
  }
  return out.join('');
}

const SKIRT = 'M290 248 L510 248 L514 292 L642 812 Q400 850 158 812 L286 292 Z';

function skirtPiece(
  c: Ctx,
  d: string,
  waist: string,
  opts: { pattern?: Pattern; pleats?: boolean; buttons?: boolean; hemBands?: boolean },
): string {
  const { p } = c;
  const out = [piece(c, d, { pattern: opts.pattern })];
  if (opts.pleats) {
    for (const x of [-150, -90, -30, 30, 90, 150]) {
      const top = 400 + x * 0.55;
      out.push(fold(`M${top} 300 L${400 + x * 1.25} 824`, 0.2), sheen(`M${top + 10} 300 L${400 + x * 1.25 + 20} 824`, 0.12));
    }
  } else {
    out.push(fold('M350 300 Q320 560 270 826'), sheen('M316 300 Q280 560 226 820'), fold('M452 300 Q480 560 530 826', 0.12));
  }
  if (opts.hemBands) out.push(bands(c, d, [748, 776], 14, p.contrast));
  out.push(part(c, waist, p.tone, 4));
  if (opts.buttons) {
    out.push(line('M400 292 L400 834', p.outline, 3, ' opacity="0.7"'));
    for (const y of [360, 450, 540, 630, 720]) out.push(button(c, 412, y, 7));
    out.push(fold('M312 330 Q340 360 328 420', 0.3), fold('M488 330 Q460 360 472 420', 0.3));
  }
  return out.join('');
}

function falda(c: Ctx): string {
  const v = c.variant;
  return skirtPiece(c, SKIRT, 'M290 248 L510 248 L514 292 L286 292 Z', {
    pleats: v === 0 || v === 3,
    buttons: v === 1,
    hemBands: v === 2,
    pattern: v === 3 ? 'checks' : undefined,
  });
}

// ---------- trousers ----------

const TROUSERS = 'M268 190 L532 190 L536 232 L566 880 L420 880 L404 392 L396 392 L380 880 L234 880 L264 232 Z';
const WAISTBAND = 'M268 190 L532 190 L536 232 L264 232 Z';

function trousers(c: Ctx, opts: { pattern?: Pattern; cuffs?: boolean; sideStripe?: boolean; piping?: string }): string {
  const { p } = c;
  const out = [piece(c, TROUSERS, { pattern: opts.pattern })];
  out.push(
    sheen('M322 250 L308 872'),
    sheen('M478 250 L492 872', 0.14),
    fold('M290 600 Q320 616 350 600', 0.14),
    fold('M448 640 Q478 656 508 640', 0.14),
    fold('M382 400 Q392 640 388 870', 0.12),
    stitch(c, 'M418 236 L418 348 Q418 372 400 384'),
    line('M400 232 L400 384', p.outline, 3, ' opacity="0.6"'),
    line('M278 236 Q330 250 340 318', p.outline, 3.5),
    line('M522 236 Q470 250 460 318', p.outline, 3.5),
  );
  if (opts.sideStripe) {
    out.push(line('M258 236 L238 876', opts.piping ?? p.contrast, 12), line('M542 236 L562 876', opts.piping ?? p.contrast, 12));
  }
  if (opts.cuffs) {
    out.push(part(c, 'M238 812 L378 812 L380 880 L234 880 Z', p.tone, 4), part(c, 'M422 812 L562 812 L566 880 L420 880 Z', p.tone, 4));
  } else {
    out.push(stitch(c, 'M236 862 L380 862'), stitch(c, 'M420 862 L564 862'));
  }
  out.push(part(c, WAISTBAND, p.tone, 4));
  for (const x of [300, 360, 440, 500]) out.push(part(c, `M${x - 7} 186 L${x + 7} 186 L${x + 7} 240 L${x - 7} 240 Z`, p.tone, 3));
  out.push(button(c, 400, 211, 9));
  return out.join('');
}

function pantalon(c: Ctx): string {
  const v = c.variant;
  return trousers(c, { cuffs: v === 1, sideStripe: v === 2, pattern: v === 3 ? 'pinstripes' : undefined });
}

const JEAN = 'M272 190 L528 190 L532 230 L552 880 L422 880 L404 386 L396 386 L378 880 L248 880 L268 230 Z';
const COPPER = '#c98a3b';

function jean(c: Ctx): string {
  const { p, variant } = c;
  const thread = '#d9a24a';
  const out = [piece(c, JEAN, { pattern: 'twill' })];
  // Faded wash on the thighs and knees.
  const fade = variant === 3 ? 0.5 : 0.28;
  out.push(
    clipped(
      c,
      JEAN,
      `<ellipse cx="330" cy="470" rx="46" ry="150" fill="url(#fade)" opacity="${fade}"/><ellipse cx="470" cy="470" rx="46" ry="150" fill="url(#fade)" opacity="${fade}"/><ellipse cx="318" cy="640" rx="40" ry="70" fill="url(#fade)" opacity="${fade * 0.8}"/><ellipse cx="482" cy="640" rx="40" ry="70" fill="url(#fade)" opacity="${fade * 0.8}"/>`,
    ),
  );
  if (variant === 3) {
    for (const [a, b] of [
      [372, 330],
      [366, 346],
      [374, 362],
    ] as const)
      out.push(
        line(`M${a} ${b} Q${a - 30} ${b - 4} ${a - 60} ${b - 14}`, '#fff', 4, ' opacity="0.35"'),
        line(`M${800 - a} ${b} Q${830 - a} ${b - 4} ${860 - a} ${b - 14}`, '#fff', 4, ' opacity="0.35"'),
      );
  }
  out.push(
    fold('M382 400 Q392 640 386 870', 0.14),
    stitch(c, 'M272 236 L254 874', thread),
    stitch(c, 'M528 236 L546 874', thread),
    stitch(c, 'M416 234 L416 344 Q416 368 400 378', thread),
    line('M400 230 L400 380', p.outline, 3, ' opacity="0.6"'),
    line('M280 234 Q336 246 346 306', p.outline, 3.5),
    stitch(c, 'M282 246 Q326 256 334 306', thread),
    line('M520 234 Q464 246 454 306', p.outline, 3.5),
    stitch(c, 'M518 246 Q474 256 466 306', thread),
    part(c, 'M470 240 L506 236 L510 282 L474 286 Z', 'none', 2.5),
    stitch(c, 'M472 250 L508 246', thread),
    `<circle cx="346" cy="306" r="4.5" fill="${COPPER}" stroke="${p.outline}" stroke-width="1.5"/><circle cx="454" cy="306" r="4.5" fill="${COPPER}" stroke="${p.outline}" stroke-width="1.5"/>`,
  );
  if (variant === 1) {
    // Ripped knees: frayed white threads over a lighter patch.
    for (const x of [318, 482]) {
      out.push(`<ellipse cx="${x}" cy="630" rx="40" ry="26" fill="#f3efe6" stroke="${p.outline}" stroke-width="2"/>`);
      for (const dy of [-14, -4, 6, 16])
        out.push(line(`M${x - 38} ${630 + dy} Q${x} ${634 + dy} ${x + 38} ${630 + dy}`, '#ffffff', 3, ' opacity="0.9"'));
    }
  }
  if (variant === 2) {
    out.push(
      part(c, 'M250 820 L378 820 L378 880 L248 880 Z', shade(p.base, 0.35), 4),
      part(c, 'M422 820 L550 820 L552 880 L422 880 Z', shade(p.base, 0.35), 4),
    );
    out.push(stitch(c, 'M252 836 L378 836', thread), stitch(c, 'M422 836 L550 836', thread));
  } else {
    out.push(stitch(c, 'M250 866 L378 866', thread), stitch(c, 'M422 866 L552 866', thread));
  }
  out.push(
    part(c, 'M272 190 L528 190 L532 230 L268 230 Z', p.base, 4),
    stitch(c, 'M274 200 L526 200', thread),
    stitch(c, 'M270 222 L530 222', thread),
  );
  for (const x of [300, 360, 440, 500]) out.push(part(c, `M${x - 6} 186 L${x + 6} 186 L${x + 6} 238 L${x - 6} 238 Z`, p.base, 3));
  out.push(
    `<circle cx="400" cy="210" r="11" fill="#b9b4aa" stroke="#5c5850" stroke-width="3"/><circle cx="400" cy="210" r="4" fill="#7d786f"/>`,
  );
  return out.join('');
}

const SHORTS = 'M268 300 L532 300 L536 346 L584 632 L428 650 L404 470 L396 470 L372 650 L216 632 L264 346 Z';

function shortsPiece(
  c: Ctx,
  opts: { pattern?: Pattern; drawstring?: boolean; sideStripe?: boolean; cargo?: boolean; cuffs?: boolean; piping?: string },
): string {
  const { p } = c;
  const out = [piece(c, SHORTS, { pattern: opts.pattern })];
  out.push(
    sheen('M318 360 L300 630'),
    fold('M384 480 Q392 560 384 640', 0.14),
    fold('M416 480 Q408 560 416 640', 0.14),
    line('M280 350 Q330 364 338 420', p.outline, 3.5),
    line('M520 350 Q470 364 462 420', p.outline, 3.5),
  );
  if (opts.sideStripe)
    out.push(line('M262 350 L220 628', opts.piping ?? p.contrast, 12), line('M538 350 L580 628', opts.piping ?? p.contrast, 12));
  if (opts.cargo) {
    out.push(
      part(c, 'M236 470 L306 478 L298 570 L226 560 Z', p.base, 3.5),
      part(c, 'M234 462 L310 470 L306 498 L230 490 Z', p.tone, 3.5),
      part(c, 'M564 470 L494 478 L502 570 L574 560 Z', p.base, 3.5),
      part(c, 'M566 462 L490 470 L494 498 L570 490 Z', p.tone, 3.5),
    );
  }
  if (opts.cuffs) {
    out.push(part(c, 'M222 590 L378 606 L372 650 L216 632 Z', p.tone, 4), part(c, 'M578 590 L422 606 L428 650 L584 632 Z', p.tone, 4));
  } else {
    out.push(stitch(c, 'M222 614 L374 632'), stitch(c, 'M578 614 L426 632'));
  }
  if (opts.drawstring) {
    out.push(part(c, 'M268 300 L532 300 L536 346 L264 346 Z', p.tone, 4));
    for (let x = 284; x < 520; x += 16) out.push(fold(`M${x} 306 L${x + 2} 340`, 0.16));
    out.push(line('M392 330 Q380 380 366 420', p.contrast, 5), line('M408 330 Q420 380 432 420', p.contrast, 5));
    out.push(`<circle cx="392" cy="328" r="5" fill="${p.outline}"/><circle cx="408" cy="328" r="5" fill="${p.outline}"/>`);
  } else {
    out.push(part(c, 'M268 300 L532 300 L536 346 L264 346 Z', p.tone, 4));
    for (const x of [300, 360, 440, 500]) out.push(part(c, `M${x - 6} 296 L${x + 6} 296 L${x + 6} 352 L${x - 6} 352 Z`, p.tone, 3));
    out.push(button(c, 400, 323, 9), line('M400 346 L400 466', p.outline, 3, ' opacity="0.6"'));
  }
  return out.join('');
}

function short(c: Ctx): string {
  const v = c.variant;
  return shortsPiece(c, { drawstring: v !== 3, sideStripe: v === 1, cargo: v === 2, cuffs: v === 3 });
}

// ---------- outerwear and knitwear ----------

const JACKET =
  'M335 177 Q400 197 465 177 L579 203 Q651 253 681 413 L702 593 L629 604 L612 449 L588 359 L590 701 L210 701 L212 359 L188 449 L171 604 L98 593 L119 413 Q149 253 221 203 Z';

function ribbing(c: Ctx, d: string, step = 12): string {
  const ribs: string[] = [];
  for (let x = 0; x <= 800; x += step) ribs.push(`M${x} 0 L${x} 1000`);
  return part(c, d, c.p.tone, 4) + clipped(c, d, line(ribs.join(' '), '#000', 2.5, ' opacity="0.18"'));
}

function chaqueta(c: Ctx): string {
  const { p, variant } = c;
  const out = [piece(c, JACKET)];
  out.push(
    fold('M221 204 Q240 278 212 359', 0.22),
    fold('M579 204 Q560 278 588 359', 0.22),
    fold('M173 341 Q158 440 149 557', 0.14),
    fold('M627 341 Q642 440 651 557', 0.14),
    sheen('M257 395 Q275 521 260 665'),
    fold('M530 413 Q514 557 534 701', 0.12),
  );
  if (variant === 0) {
    // Bomber: ribbed collar, cuffs and hem, centre zip, sleeve pocket.
    out.push(
      ribbing(c, 'M210 662 L590 662 L590 707 L210 707 Z'),
      ribbing(c, 'M104 548 L173 555 L171 604 L98 593 Z', 10),
      ribbing(c, 'M696 548 L627 555 L629 604 L702 593 Z', 10),
      ribbing(c, 'M329 172 Q400 194 471 172 L476 194 Q400 217 324 194 Z', 10),
      line('M400 206 L400 660', p.darker, 8),
      line('M400 206 L400 660', p.contrast, 2.5, ' stroke-dasharray="3 5"'),
      part(c, 'M394 230 L406 230 L409 262 L391 262 Z', '#c9c5bc', 2.5),
      part(c, 'M616 287 L659 293 L664 320 L620 316 Z', p.tone, 3),
      line('M273 503 L292 593', p.outline, 4),
      line('M527 503 L508 593', p.outline, 4),
    );
  } else if (variant === 1) {
    // Tailored jacket: notched lapels, two buttons, flap pockets.
    out.push(
      part(c, 'M335 177 Q400 194 465 177 L400 440 Z', p.darker, 3),
      part(c, 'M335 177 L303 242 L324 253 L292 287 L400 440 L396 287 Z', p.tone, 4),
      part(c, 'M465 177 L497 242 L476 253 L508 287 L400 440 L404 287 Z', p.tone, 4),
      line('M400 440 L400 701', p.outline, 3, ' opacity="0.7"'),
      button(c, 411, 485, 9),
      button(c, 411, 557, 9),
      part(c, 'M251 575 L342 579 L342 600 L251 597 Z', p.tone, 3),
      part(c, 'M549 575 L458 579 L458 600 L549 597 Z', p.tone, 3),
      line('M465 334 L530 329', p.outline, 3),
    );
  } else if (variant === 2) {
    // Hooded zip jacket with kangaroo pocket.
    out.push(
      part(c, 'M298 210 C273 152 309 104 400 100 C491 104 527 152 502 210 Q400 233 298 210 Z', p.tone, 5),
      part(c, 'M333 204 C322 161 348 131 400 129 C452 131 478 161 467 204 L400 253 Z', p.darker, 3),
      line('M331 203 L400 257 L469 203', p.tone, 14),
      line('M324 197 L400 266 L476 197', p.outline, 3),
      line('M387 203 Q378 251 383 305', p.contrast, 4),
      line('M413 203 Q422 251 417 305', p.contrast, 4),
      line('M400 260 L400 660', p.darker, 8),
      line('M400 260 L400 660', p.contrast, 2.5, ' stroke-dasharray="3 5"'),
      part(c, 'M281 494 L519 494 L551 638 L249 638 Z', p.base, 4),
      line('M281 494 L249 638', p.outline, 4),
      line('M519 494 L551 638', p.outline, 4),
      ribbing(c, 'M210 662 L590 662 L590 707 L210 707 Z'),
    );
  } else {
    // Trucker jacket: pointed collar, yoke, chest flap pockets, buttons.
    out.push(
      fold('M212 287 Q400 314 588 287', 0.3),
      stitch(c, 'M212 298 Q400 325 588 298'),
      part(c, 'M335 177 Q400 192 465 177 L456 195 Q400 185 344 195 Z', p.darker, 3),
      part(c, 'M337 176 Q352 208 402 230 L365 278 Q327 251 307 197 Z', p.tone),
      part(c, 'M463 176 Q448 208 398 230 L435 278 Q473 251 493 197 Z', p.tone),
      line('M400 230 L400 701', p.outline, 3, ' opacity="0.7"'),
      part(c, 'M270 341 L352 341 L352 363 L311 377 L270 363 Z', p.tone, 3),
      part(c, 'M448 341 L530 341 L530 363 L489 377 L448 363 Z', p.tone, 3),
      stitch(c, 'M277 377 L277 431 L346 431 L346 377'),
      stitch(c, 'M454 377 L454 431 L523 431 L523 377'),
      part(c, 'M212 638 L588 638 L590 701 L210 701 Z', p.base, 3),
    );
    for (const y of [287, 386, 485, 584, 671]) out.push(button(c, 415, y, 8));
    out.push(button(c, 311, 364, 6), button(c, 489, 364, 6));
  }
  return out.join('');
}

const SWEATER =
  'M323 185 Q400 208 477 185 L563 201 Q638 222 664 309 L695 559 L624 572 L602 387 L583 335 L587 705 L213 705 L217 335 L198 387 L176 572 L105 559 L136 309 Q162 222 237 201 Z';

function sueter(c: Ctx): string {
  const { p, variant } = c;
  const out = [piece(c, SWEATER, { pattern: 'knit' })];
  out.push(
    fold('M237 203 Q231 275 217 335', 0.2),
    fold('M563 203 Q569 275 583 335', 0.2),
    sheen('M264 369 Q279 490 264 627'),
    fold('M532 387 Q517 524 536 662', 0.12),
    fold('M165 387 Q154 473 147 541', 0.12),
    fold('M635 387 Q646 473 653 541', 0.12),
  );
  if (variant === 1) {
    out.push(bands(c, SWEATER, [349, 387, 425], 19, p.contrast));
  }
  if (variant === 2) {
    // Cable knit: braided columns down the front.
    for (const x of [301, 400, 499]) {
      const braid: string[] = [];
      for (let y = 236; y < 640; y += 34)
        braid.push(`M${x - 14} ${y} Q${x + 16} ${y + 17} ${x - 14} ${y + 34}`, `M${x + 14} ${y} Q${x - 16} ${y + 17} ${x + 14} ${y + 34}`);
      out.push(line(braid.join(' '), p.dark, 7), line(braid.join(' '), p.light, 2.5, ' opacity="0.7"'));
      out.push(line(`M${x - 26} 232 L${x - 26} 664 M${x + 26} 232 L${x + 26} 664`, '#000', 3, ' opacity="0.15"'));
    }
  }
  out.push(
    ribbing(c, 'M213 662 L587 662 L587 710 L213 710 Z'),
    ribbing(c, 'M112 517 L180 528 L176 572 L105 559 Z', 10),
    ribbing(c, 'M688 517 L620 528 L624 572 L695 559 Z', 10),
  );
  if (variant === 3) {
    out.push(
      part(c, 'M323 185 Q400 197 477 185 L400 301 Z', p.darker, 3),
      line('M319 184 L400 306 L481 184', p.tone, 18),
      line('M308 182 L400 320 L492 182', p.outline, 3),
      line('M332 187 L400 290 L468 187', p.outline, 2.5, ' opacity="0.5"'),
    );
  } else {
    out.push(
      part(c, 'M323 185 Q400 201 477 185 Q400 235 323 185 Z', p.darker, 3),
      line('M319 184 Q400 242 481 184', p.tone, 18),
      line('M308 182 Q400 254 492 182', p.outline, 3),
    );
  }
  return out.join('');
}

// ---------- sets ----------

function scaled(x: number, y: number, s: number, content: string): string {
  return `<g transform="translate(${x} ${y}) scale(${s})">${content}</g>`;
}

function conjunto(c: Ctx): string {
  const v = c.variant;
  const bottom =
    v === 1
      ? scaled(136, 290, 0.66, shortsPiece(c, { drawstring: true, sideStripe: true }))
      : v === 2
        ? scaled(148, 340, 0.63, skirtPiece(c, SKIRT, 'M290 248 L510 248 L514 292 L286 292 Z', { pleats: true }))
        : scaled(180, 386, 0.55, trousers(c, { cuffs: v === 0, sideStripe: v === 3, pattern: undefined }));
  const top = scaled(160, 50, 0.6, v === 3 ? tee(c, { stripes: true }) : v === 2 ? tee(c, { pocket: true }) : tee(c, { print: v === 1 }));
  return bottom + top;
}

function pijama(c: Ctx): string {
  const v = c.variant;
  const pattern: Pattern | undefined = v === 1 ? 'dots' : v === 2 ? 'stars' : v === 3 ? 'stripes' : undefined;
  const piping = c.p.contrast;
  const pants = scaled(180, 398, 0.55, trousers(c, { pattern, sideStripe: v === 0, piping }));
  const top = scaled(164, 62, 0.59, shirt(c, { pattern, piping, pockets: v === 0, short: v === 3 }));
  return pants + top;
}

// ---------- footwear ----------

const PAIR_OFFSET = [-80, -110] as const;

/** Pair presentation: the second shoe sits behind, slightly higher and darker. */
function pair(shoe: () => string, silhouette: string): string {
  const [dx, dy] = PAIR_OFFSET;
  return `<g transform="translate(${dx} ${dy})">${shoe()}<path d="${silhouette}" fill="#000" opacity="0.14"/></g><g>${shoe()}</g>`;
}

function soleColours(p: Palette): { sole: string; soleEdge: string } {
  return p.bright < 0.3 ? { sole: '#5a4a40', soleEdge: '#2b211b' } : { sole: '#3a2c24', soleEdge: '#1d1511' };
}

const OXFORD_UPPER =
  'M190 728 C166 700 166 640 188 606 Q270 602 352 628 Q410 602 472 584 C566 588 652 626 702 664 C742 692 738 724 712 728 Z';
const OXFORD_SOLE =
  'M172 724 L716 724 Q744 726 738 742 Q728 762 690 764 L446 764 Q392 744 312 746 L298 746 L294 768 L186 768 L180 746 Q164 738 172 724 Z';

function zapatoShoe(c: Ctx): string {
  const { p, variant } = c;
  const { sole, soleEdge } = soleColours(p);
  const lace = p.bright < 0.3 ? '#4a4a4a' : p.darker;
  const out = [part(c, OXFORD_SOLE, sole, 5), line('M178 738 L730 738', soleEdge, 3, ' opacity="0.6"')];
  out.push(piece(c, OXFORD_UPPER, { shading: 'v' }));
  out.push(sheen('M510 602 Q600 616 680 660', 0.35), fold('M186 650 Q240 644 262 726', 0.22));
  out.push(stitch(c, 'M188 716 L716 716', shade(p.base, p.bright < 0.3 ? 0.5 : -0.45)));
  // Inside of the heel visible over the top line.
  out.push(part(c, 'M188 606 Q270 602 352 628 Q280 592 214 594 Q196 596 188 606 Z', p.darker, 3));
  if (variant === 1) {
    // Penny loafer: moc-toe seam over the vamp and a saddle strap.
    out.push(
      line('M440 596 Q560 590 650 636 Q672 660 660 700', p.outline, 3.5),
      stitch(c, 'M446 608 Q556 604 640 646'),
      part(c, 'M380 640 Q450 618 526 630 L522 664 Q452 648 386 672 Z', p.tone, 3.5),
      `<ellipse cx="454" cy="644" rx="22" ry="6" fill="${p.darker}"/>`,
    );
  } else {
    out.push(line('M372 656 Q392 694 378 726', p.outline, 3.5), stitch(c, 'M384 656 Q404 694 390 726'));
    out.push(line('M612 608 Q654 660 636 726', p.outline, 3.5));
    out.push(part(c, 'M352 628 Q410 602 472 584 L484 604 Q430 622 372 656 Z', p.tone, 3.5));
    if (variant === 3) {
      // Monk strap with buckle instead of laces.
      out.push(
        part(c, 'M430 612 Q500 616 560 648 L550 676 Q494 646 436 644 Z', p.tone, 3.5),
        `<rect x="506" y="626" width="30" height="30" rx="4" fill="none" stroke="#cfc7b5" stroke-width="6" transform="rotate(28 521 641)"/>`,
      );
    } else {
      // Oxford lacing: eyelets, laces and a small bow.
      for (let i = 0; i < 4; i++) {
        const x = 374 + i * 28;
        const y = 632 - i * 11.5;
        out.push(line(`M${x} ${y} L${x + 14} ${y - 16}`, lace, 6), `<circle cx="${x}" cy="${y}" r="4" fill="${p.outline}"/>`);
      }
      out.push(
        `<ellipse cx="456" cy="572" rx="20" ry="9" transform="rotate(-25 456 572)" fill="none" stroke="${lace}" stroke-width="5"/>`,
        `<ellipse cx="488" cy="574" rx="18" ry="8" transform="rotate(18 488 574)" fill="none" stroke="${lace}" stroke-width="5"/>`,
        line('M472 580 Q466 604 456 620 M474 580 Q488 604 498 614', lace, 5),
      );
      if (variant === 2) {
        // Brogue: wingtip seam and punched holes.
        const holes: string[] = [];
        for (let i = 0; i <= 12; i++) {
          const t = i / 12;
          const x = (1 - t) ** 2 * 602 + 2 * (1 - t) * t * 644 + t * t * 626;
          const y = (1 - t) ** 2 * 610 + 2 * (1 - t) * t * 662 + t * t * 724;
          holes.push(`<circle cx="${(x - 12).toFixed(1)}" cy="${y.toFixed(1)}" r="3" fill="${p.outline}" opacity="0.8"/>`);
        }
        out.push(
          holes.join(''),
          `<circle cx="690" cy="690" r="4" fill="${p.outline}" opacity="0.6"/><circle cx="702" cy="678" r="4" fill="${p.outline}" opacity="0.6"/><circle cx="678" cy="702" r="4" fill="${p.outline}" opacity="0.6"/>`,
        );
        out.push(line('M196 664 Q300 676 400 650', p.outline, 3), stitch(c, 'M196 678 Q300 690 404 664'));
      }
    }
  }
  out.push(fold('M186 746 L294 748', 0.2));
  return out.join('');
}

function zapato(c: Ctx): string {
  return pair(() => zapatoShoe(c), `${OXFORD_UPPER} ${OXFORD_SOLE}`);
}

const SNEAKER_LOW =
  'M150 700 C138 640 146 572 176 524 Q186 506 206 508 Q262 528 308 526 Q350 502 372 474 L418 462 Q448 470 468 500 Q560 560 640 588 Q700 612 706 662 Q708 690 696 702 Z';
const SNEAKER_HIGH =
  'M152 700 C136 600 150 480 170 392 Q180 372 204 372 L330 376 Q352 402 360 440 L418 462 Q448 470 468 500 Q560 560 640 588 Q700 612 706 662 Q708 690 696 702 Z';
const SNEAKER_SOLE = 'M140 690 L704 690 Q724 694 722 716 Q718 748 690 756 L170 756 Q136 752 136 722 Z';

function zapatillaShoe(c: Ctx): string {
  const { p, variant } = c;
  const high = variant === 1;
  const upper = high ? SNEAKER_HIGH : SNEAKER_LOW;
  const midsole = p.bright > 0.85 ? '#e6e2da' : '#f7f5f0';
  const out: string[] = [];
  // Tongue behind the upper.
  out.push(
    part(
      c,
      high ? 'M330 376 Q338 350 372 352 Q404 360 410 400 L418 462 L360 440 Z' : 'M364 482 Q368 446 398 442 Q428 446 432 472 L418 470 Z',
      p.tone,
      4,
    ),
  );
  out.push(piece(c, upper, { shading: 'v' }));
  out.push(sheen('M470 520 Q570 580 660 604', 0.3));
  if (variant === 2) {
    out.push(
      part(c, 'M560 560 Q640 584 690 622 Q706 660 700 700 L600 700 Q620 640 560 560 Z', p.tone, 3.5),
      part(c, 'M150 700 C140 640 146 580 170 536 Q210 560 236 620 Q244 670 230 700 Z', p.tone, 3.5),
      part(c, 'M300 540 Q380 600 420 700 L370 700 Q340 610 280 560 Z', p.darker, 3),
    );
  } else if (variant === 3) {
    // Canvas sneaker: rubber toe cap and stripe above the sole.
    out.push(part(c, 'M600 576 Q680 596 704 650 Q710 686 698 700 L640 700 Q660 640 600 576 Z', midsole, 3.5));
    for (const [x, y] of [
      [230, 560],
      [260, 590],
      [230, 620],
    ] as const)
      out.push(`<circle cx="${x}" cy="${y}" r="5" fill="${p.outline}" opacity="0.5"/>`);
  } else {
    // A swoosh-free generic side wave.
    out.push(part(c, `M214 660 Q350 620 470 560 Q430 640 300 680 Q250 690 214 680 Z`, p.contrast, 3.5));
  }
  // Heel tab and eyelets/laces.
  out.push(
    part(
      c,
      high ? 'M160 410 Q168 384 196 378 L204 440 Q176 440 160 440 Z' : 'M158 560 Q168 520 196 512 L206 580 Q178 590 156 600 Z',
      p.tone,
      3,
    ),
  );
  const [x0, y0, x1, y1] = high ? [360, 440, 520, 560] : [380, 478, 540, 568];
  const eyelets: string[] = [];
  const steps = high ? 6 : 4;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t;
    eyelets.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4.5" fill="${midsole}" stroke="${p.outline}" stroke-width="2"/>`);
    if (i < steps) {
      const nx = x0 + (x1 - x0) * (t + 1 / steps);
      eyelets.push(
        line(`M${(x - 6).toFixed(1)} ${(y - 14).toFixed(1)} L${(nx + 6).toFixed(1)} ${(y + 6).toFixed(1)}`, midsole, 7),
        line(
          `M${(x - 6).toFixed(1)} ${(y - 14).toFixed(1)} L${(nx + 6).toFixed(1)} ${(y + 6).toFixed(1)}`,
          p.outline,
          1.5,
          ' opacity="0.4"',
        ),
      );
    }
  }
  out.push(line(`M${x0} ${y0} L${x1} ${y1}`, p.outline, 3, ' opacity="0.5"'), eyelets.join(''));
  if (high)
    out.push(
      `<circle cx="250" cy="470" r="26" fill="${p.contrast}" stroke="${p.outline}" stroke-width="3"/><circle cx="250" cy="470" r="12" fill="${p.base}"/>`,
    );
  out.push(part(c, SNEAKER_SOLE, midsole, 5), part(c, 'M146 740 L716 740 Q712 752 690 756 L170 756 Q150 754 146 740 Z', '#4a4744', 3));
  out.push(line('M160 714 Q300 706 440 716 T706 712', '#000', 3, ' opacity="0.12"'));
  return out.join('');
}

function zapatilla(c: Ctx): string {
  return pair(() => zapatillaShoe(c), `${c.variant === 1 ? SNEAKER_HIGH : SNEAKER_LOW} ${SNEAKER_SOLE}`);
}

// Top view of a right foot footbed, centred on (0, 0), toe up.
const FOOTBED =
  'M-10 -285 C60 -292 108 -232 110 -150 C112 -90 96 -30 82 40 C72 100 88 170 78 222 C66 276 -62 278 -74 222 C-84 170 -56 110 -62 50 C-68 -10 -108 -80 -102 -160 C-96 -240 -60 -280 -10 -285 Z';

function sandalFoot(c: Ctx): string {
  const { p, variant } = c;
  const bed = p.bright > 0.6 ? '#6b5444' : '#e2c9a6';
  const out = [
    `<path d="${FOOTBED}" transform="translate(6 12)" fill="${shade(bed, -0.35)}" stroke="${p.outline}" stroke-width="5"/>`,
    `<path d="${FOOTBED}" fill="${bed}" stroke="${shade(bed, -0.45)}" stroke-width="5"/>`,
    `<path d="M-12 -262 C46 -266 86 -214 88 -150 C90 -96 74 -36 62 30 C54 90 68 160 58 208 C50 248 -46 250 -54 208 C-62 160 -38 100 -44 44 C-50 -12 -86 -80 -80 -156 C-74 -226 -48 -258 -12 -262 Z" fill="none" stroke="#000" stroke-width="3" opacity="0.12"/>`,
    `<ellipse cx="0" cy="190" rx="44" ry="40" fill="#000" opacity="0.07"/><ellipse cx="-10" cy="-150" rx="70" ry="70" fill="#000" opacity="0.05"/>`,
  ];
  const strap = (d: string) => piece(c, d, { shading: 'v' });
  if (variant === 0) {
    out.push(strap('M-118 -140 Q0 -190 124 -140 L118 -76 Q0 -116 -114 -76 Z'), strap('M-96 -10 Q0 -50 104 -10 L96 50 Q0 14 -88 50 Z'));
  } else if (variant === 1) {
    out.push(
      strap('M-40 -230 Q-30 -200 -22 -180 Q60 -120 104 -40 L86 -20 Q40 -100 -28 -160 Q-70 -110 -94 -30 L-112 -46 Q-84 -130 -40 -230 Z'),
      `<circle cx="-28" cy="-190" r="12" fill="${p.tone}" stroke="${p.outline}" stroke-width="3"/>`,
    );
  } else if (variant === 2) {
    out.push(
      strap('M-110 -170 L-80 -196 L112 -40 L92 -10 Z'),
      strap('M112 -170 L84 -196 L-106 -40 L-84 -10 Z'),
      strap('M-86 120 Q0 90 92 120 L88 160 Q0 134 -82 160 Z'),
      `<rect x="58" y="118" width="24" height="28" rx="4" fill="none" stroke="#c9b98f" stroke-width="5"/>`,
    );
  } else {
    out.push(strap('M-116 -130 Q0 -200 126 -130 L120 -20 Q0 -70 -104 -20 Z'));
    out.push(
      `<rect x="-20" y="-120" width="40" height="36" rx="6" fill="none" stroke="#c9b98f" stroke-width="6"/>`,
      line('M0 -118 L0 -86', '#c9b98f', 4),
    );
  }
  return out.join('');
}

function sandalia(c: Ctx): string {
  return `<g transform="translate(290 520) rotate(-8) scale(-1 1)">${sandalFoot(c)}</g><g transform="translate(510 540) rotate(8)">${sandalFoot(c)}</g>`;
}

const ANKLE_BOOT =
  'M246 300 L414 300 Q418 400 440 466 Q464 530 560 556 Q662 584 700 646 Q716 690 692 712 L214 714 Q192 650 216 560 Q240 470 236 400 Q236 350 246 300 Z';
const TALL_BOOT =
  'M228 130 L422 130 Q418 330 440 466 Q464 530 560 556 Q662 584 700 646 Q716 690 692 712 L214 714 Q196 640 208 540 Q214 320 228 130 Z';
const BOOT_SOLE =
  'M204 708 L700 706 Q720 712 716 736 Q708 762 676 764 L470 764 Q410 742 330 744 L318 744 L316 770 L212 770 L206 744 Q196 730 204 708 Z';
const LUG_SOLE = 'M200 704 L704 702 Q726 710 720 744 Q712 772 676 774 L214 774 Q198 760 200 704 Z';

function botaShoe(c: Ctx): string {
  const { p, variant } = c;
  const { sole, soleEdge } = soleColours(p);
  const tall = variant === 2;
  const upper = tall ? TALL_BOOT : ANKLE_BOOT;
  const out: string[] = [];
  if (variant === 3) {
    out.push(part(c, LUG_SOLE, sole, 5));
    for (let x = 230; x < 700; x += 38) out.push(`<rect x="${x}" y="752" width="22" height="20" fill="${soleEdge}"/>`);
  } else {
    out.push(part(c, BOOT_SOLE, sole, 5), line('M210 724 L714 722', soleEdge, 3, ' opacity="0.6"'));
  }
  out.push(piece(c, upper, { shading: 'v' }));
  out.push(sheen('M470 560 Q580 590 660 630', 0.3), sheen(tall ? 'M262 160 Q254 440 256 680' : 'M262 340 Q252 520 256 680', 0.18));
  out.push(fold('M300 560 Q350 590 410 560', 0.14), fold('M320 610 Q370 630 420 610', 0.12));
  out.push(stitch(c, 'M222 700 L694 698', shade(p.base, p.bright < 0.3 ? 0.5 : -0.45)));
  const top = tall ? 130 : 300;
  const [left, right] = tall ? [228, 422] : [246, 414];
  out.push(
    `<path d="M${left} ${top} L${right} ${top} L${right - 2} ${top + 14} L${left + 2} ${top + 14} Z" fill="${p.darker}" stroke="${p.outline}" stroke-width="3"/>`,
  );
  if (variant === 0 || variant === 3) {
    // Lace-up: eyelets down the front of the shaft, crossed laces, pull tab.
    const lace = p.bright < 0.35 ? '#e8dcc4' : '#3e2f26';
    for (let i = 0; i < 6; i++) {
      const y = 328 + i * 34;
      const x = 402 + i * 4;
      out.push(`<circle cx="${x}" cy="${y}" r="5" fill="#c9c2b2" stroke="${p.outline}" stroke-width="2"/>`);
      if (i < 5)
        out.push(line(`M${x} ${y} L${x + 24} ${y + 26}`, lace, 6), line(`M${x} ${y} L${x + 24} ${y + 26}`, '#000', 1.5, ' opacity="0.25"'));
    }
    out.push(
      line('M424 500 Q476 548 530 556', p.outline, 3.5),
      `<ellipse cx="392" cy="296" rx="18" ry="8" transform="rotate(-25 392 296)" fill="none" stroke="${lace}" stroke-width="5"/>`,
      `<ellipse cx="424" cy="292" rx="16" ry="7" transform="rotate(20 424 292)" fill="none" stroke="${lace}" stroke-width="5"/>`,
    );
    out.push(line('M604 570 Q648 620 632 708', p.outline, 3.5));
  }
  if (variant === 3) {
    // Padded collar.
    out.push(
      part(c, 'M242 302 L418 302 Q430 270 410 262 L254 262 Q234 270 242 302 Z', p.tone, 4),
      line('M252 282 L412 282', '#000', 3, ' opacity="0.15"'),
    );
  }
  if (variant === 1) {
    // Chelsea: elastic gusset and pull tab.
    out.push(part(c, 'M300 314 L356 314 Q344 420 328 500 Q312 420 300 314 Z', '#3b3835', 3));
    out.push(line('M312 330 L326 480 M328 320 L328 490 M344 330 L330 480', '#000', 2, ' opacity="0.4"'));
    out.push(part(c, 'M250 300 L276 300 L276 250 Q264 240 254 250 Z', p.tone, 3));
  }
  if (variant === 2) {
    out.push(line('M242 160 L232 660', '#bdb6a8', 4), line('M242 160 L232 660', '#000', 1.5, ' stroke-dasharray="3 4" opacity="0.5"'));
    out.push(`<rect x="235" y="160" width="14" height="22" rx="3" fill="#bdb6a8" stroke="${p.outline}" stroke-width="2"/>`);
    out.push(line('M604 570 Q648 620 632 708', p.outline, 3.5));
  }
  return out.join('');
}

function bota(c: Ctx): string {
  const silhouette = `${c.variant === 2 ? TALL_BOOT : ANKLE_BOOT} ${c.variant === 3 ? LUG_SOLE : BOOT_SOLE}`;
  return pair(() => botaShoe(c), silhouette);
}

const DRAW: Record<Garment, (c: Ctx) => string> = {
  franela,
  camisa,
  blusa,
  vestido,
  falda,
  pantalon,
  jean,
  short,
  chaqueta,
  sueter,
  conjunto,
  pijama,
  zapato,
  zapatilla,
  sandalia,
  bota,
};

type Box = readonly [x0: number, y0: number, x1: number, y1: number];

/** Extent of each drawing in its own coordinates, so it can be framed consistently. */
function boxOf(garment: Garment, variant: number): Box {
  const withPair = (b: Box): Box => [b[0] + PAIR_OFFSET[0], b[1] + PAIR_OFFSET[1], b[2], b[3]];
  switch (garment) {
    case 'franela':
      return [91, 186, 709, 731];
    case 'camisa':
      return [105, 166, 695, 759];
    case 'blusa':
      return [154, 196, 646, 752];
    case 'vestido':
      return [158, 168, 642, 890];
    case 'falda':
      return [158, 248, 642, 850];
    case 'pantalon':
      return [234, 186, 566, 880];
    case 'jean':
      return [248, 186, 552, 880];
    case 'short':
      return [216, 296, 584, 652];
    case 'chaqueta':
      return [98, variant === 2 ? 100 : 172, 702, 707];
    case 'sueter':
      return [105, 182, 695, 710];
    case 'conjunto':
      return [215, 152, 585, variant === 1 ? 720 : variant === 2 ? 876 : 870];
    case 'pijama':
      return [226, 160, 574, 882];
    case 'zapato':
      return withPair([164, 560, 744, 768]);
    case 'zapatilla':
      return withPair([136, variant === 1 ? 350 : 442, 724, 756]);
    case 'sandalia':
      return [170, 215, 630, 828];
    case 'bota':
      return withPair([196, variant === 2 ? 130 : variant === 3 ? 262 : 290, 720, variant === 3 ? 774 : 770]);
  }
}

function patterns(p: Palette): string {
  const ink = p.contrast;
  return [
    `<pattern id="pat-dots" width="56" height="56" patternUnits="userSpaceOnUse"><circle cx="14" cy="14" r="7" fill="${ink}"/><circle cx="42" cy="42" r="7" fill="${ink}"/></pattern>`,
    `<pattern id="pat-stripes" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="14" fill="${ink}" opacity="0.85"/></pattern>`,
    `<pattern id="pat-pinstripes" width="22" height="22" patternUnits="userSpaceOnUse"><rect width="3" height="22" fill="${ink}" opacity="0.55"/></pattern>`,
    `<pattern id="pat-checks" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="24" height="48" fill="${ink}" opacity="0.28"/><rect width="48" height="24" fill="${ink}" opacity="0.28"/><rect x="34" width="3" height="48" fill="${ink}" opacity="0.4"/></pattern>`,
    `<pattern id="pat-flowers" width="90" height="90" patternUnits="userSpaceOnUse">${[
      [22, 22],
      [67, 67],
    ]
      .map(
        ([x, y]) =>
          `<g transform="translate(${x} ${y})" fill="${ink}">${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="-8" rx="5" ry="8" transform="rotate(${a})"/>`).join('')}<circle r="4" fill="${p.base}"/></g>`,
      )
      .join('')}</pattern>`,
    `<pattern id="pat-stars" width="100" height="100" patternUnits="userSpaceOnUse"><path d="M25 12 L29 22 L40 23 L31 30 L34 41 L25 35 L16 41 L19 30 L10 23 L21 22 Z" fill="${ink}"/><path d="M78 58 A16 16 0 1 0 82 86 A12 12 0 1 1 78 58 Z" fill="${ink}"/><circle cx="70" cy="20" r="3" fill="${ink}"/><circle cx="20" cy="80" r="3" fill="${ink}"/></pattern>`,
    `<pattern id="pat-twill" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M0 12 L12 0" stroke="#000" stroke-width="2" opacity="0.12"/><path d="M-3 3 L3 -3 M9 15 L15 9" stroke="#000" stroke-width="2" opacity="0.12"/></pattern>`,
    `<pattern id="pat-knit" width="16" height="16" patternUnits="userSpaceOnUse"><path d="M2 3 L8 12 L14 3" fill="none" stroke="#000" stroke-width="2" opacity="0.1"/></pattern>`,
  ].join('');
}

export function garmentSvg(garment: Garment, colorHex: string, options: { variant?: number } = {}): string {
  assertHex(colorHex);
  if (!Object.hasOwn(DRAW, garment)) throw new TypeError(`Prenda desconocida: ${garment}`);
  const rawVariant = options.variant ?? 0;
  if (!Number.isInteger(rawVariant)) throw new RangeError(`Variante inválida: ${rawVariant}`);
  const variant = ((rawVariant % 4) + 4) % 4;
  const p = palette(colorHex.toLowerCase());
  let counter = 0;
  const ctx: Ctx = { p, variant, id: (name) => `${name}-${++counter}` };
  const drawing = DRAW[garment](ctx);

  // Pale garments get a slightly deeper backdrop so their silhouette still reads.
  const [bgTop, bgBottom] = p.bright > 0.72 ? ['#e9e6e1', '#d3cec6'] : ['#f8f6f3', '#e7e3dd'];
  const [x0, y0, x1, y1] = boxOf(garment, variant);
  const scale = Math.min(700 / (x1 - x0), 740 / (y1 - y0), 1.4);
  const tx = 400 - ((x0 + x1) / 2) * scale;
  const ty = 490 - ((y0 + y1) / 2) * scale;
  const floorY = ty + y1 * scale + 6;
  const floorRx = ((x1 - x0) * scale) / 2 + 30;

  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 1000" width="800" height="1000">',
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>`,
    '<radialGradient id="spot" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.6" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
    '<linearGradient id="shade-h" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.2"/><stop offset="0.35" stop-color="#fff" stop-opacity="0"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>',
    '<linearGradient id="shade-v" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>',
    '<radialGradient id="fade"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    patterns(p),
    '</defs>',
    '<rect width="800" height="1000" fill="url(#bg)"/>',
    '<rect width="800" height="1000" fill="url(#spot)"/>',
    `<ellipse cx="400" cy="${floorY.toFixed(1)}" rx="${floorRx.toFixed(1)}" ry="30" fill="url(#floor)"/>`,
    `<g transform="translate(${tx.toFixed(2)} ${ty.toFixed(2)}) scale(${scale.toFixed(4)})">${drawing}</g>`,
    '</svg>',
  ].join('');
}

/** Font size that keeps a single line of text within `width` (average glyph width estimated as a fraction of the size). */
function fitFontSize(text: string, width: number, max: number, glyphRatio: number): number {
  return Math.max(12, Math.min(max, Math.floor(width / (Math.max(1, [...text].length) * glyphRatio))));
}

export function bannerSvg(title: string, subtitle: string, colorHex: string): string {
  assertHex(colorHex);
  const deep = shade(colorHex, -0.45);
  const light = shade(colorHex, 0.35);
  const titleSize = fitFontSize(title, 900, 92, 0.6);
  const subtitleSize = fitFontSize(subtitle, 900, 40, 0.5);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600" width="1600" height="600">',
    '<defs>',
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colorHex}"/><stop offset="1" stop-color="${deep}"/></linearGradient>`,
    '<radialGradient id="glow" cx="0.78" cy="0.45" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '</defs>',
    '<rect width="1600" height="600" fill="url(#g)"/>',
    '<rect width="1600" height="600" fill="url(#glow)"/>',
    `<circle cx="1260" cy="300" r="250" fill="${light}" opacity="0.3"/>`,
    '<circle cx="1480" cy="90" r="130" fill="#fff" opacity="0.1"/>',
    '<circle cx="1060" cy="520" r="90" fill="#fff" opacity="0.08"/>',
    `<path d="M0 520 Q400 440 800 520 T1600 500 L1600 600 L0 600 Z" fill="${deep}" opacity="0.45"/>`,
    // A hanger and a price tag as a quiet shop motif.
    '<path d="M1260 170 Q1260 140 1288 140 Q1316 140 1316 166 Q1316 186 1290 198 L1260 214 L1100 300 Q1080 312 1096 322 L1424 322 Q1440 312 1420 300 L1260 214" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.85"/>',
    `<g transform="translate(1330 360) rotate(18)"><path d="M0 0 L90 0 L120 40 L90 80 L0 80 Z" fill="#fff" opacity="0.9"/><circle cx="92" cy="40" r="9" fill="${colorHex}"/></g>`,
    '<rect x="120" y="170" width="90" height="10" rx="5" fill="#fff" opacity="0.85"/>',
    `<text x="120" y="300" font-family="system-ui, sans-serif" font-size="${titleSize}" font-weight="800" fill="#fff">${escapeXml(title)}</text>`,
    `<text x="124" y="380" font-family="system-ui, sans-serif" font-size="${subtitleSize}" fill="#fff" opacity="0.92">${escapeXml(subtitle)}</text>`,
    '</svg>',
  ].join('');
}

/** The demo logo; `textColor` white for a dark background (the footer). */
export function logoSvg(storeName: string, textColor = '#212529'): string {
  const size = fitFontSize(storeName, 280, 54, 0.62);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 120" width="400" height="120">',
    '<defs><linearGradient id="lg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e64980"/><stop offset="1" stop-color="#a61e4d"/></linearGradient></defs>',
    '<rect x="8" y="20" width="80" height="80" rx="20" fill="url(#lg)"/>',
    '<path d="M28 40 L48 82 L68 40" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>',
    `<text x="106" y="${Math.round(60 + size * 0.36)}" font-family="system-ui, sans-serif" font-size="${size}" font-weight="800" letter-spacing="-1" fill="${textColor}">${escapeXml(storeName)}</text>`,
    '</svg>',
  ].join('');
}
