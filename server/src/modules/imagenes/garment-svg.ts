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

function mirrorX(d: string): string {
  return d.replace(/(-?\d+(?:\.\d+)?)[ ,](-?\d+(?:\.\d+)?)/g, (_m, x: string, y: string) => `${800 - Number(x)} ${y}`);
}

/** Horizontal bands across a region, clipped to a piece. */
function bands(c: Ctx, d: string, ys: number[], height: number, color: string): string {
  return clipped(c, d, ys.map((y) => `<rect x="0" y="${y}" width="800" height="${height}" fill="${color}"/>`).join(''));
}

// ---------- tops ----------

const TEE =
  'M330 190 Q400 252 470 190 L545 210 Q612 244 676 316 L604 394 Q580 366 560 348 L566 800 Q400 820 234 800 L240 348 Q220 366 196 394 L124 316 Q188 244 255 210 Z';

function tee(c: Ctx, opts: { pattern?: Pattern; print?: boolean; pocket?: boolean; stripes?: boolean; vneck?: boolean } = {}): string {
  const { p } = c;
  const out = [piece(c, TEE, { pattern: opts.pattern })];
  if (opts.stripes) out.push(bands(c, TEE, [420, 480, 540, 600, 660, 720, 780], 24, p.contrast));
  out.push(
    fold('M300 430 Q318 580 296 740'),
    fold('M505 460 Q490 610 510 760', 0.12),
    sheen('M272 380 Q292 520 276 680'),
    fold('M256 214 Q266 290 240 348', 0.22),
    fold('M544 214 Q534 290 560 348', 0.22),
    stitch(c, 'M206 384 L136 310'),
    stitch(c, 'M594 384 L664 310'),
    stitch(c, 'M238 782 Q400 802 562 782'),
  );
  if (opts.vneck) {
    out.push(part(c, 'M330 190 Q400 204 470 190 L400 300 Z', p.darker), line('M326 188 L400 304 L474 188', p.tone, 14), line('M326 188 L400 304 L474 188', p.outline, 3));
  } else {
    out.push(
      part(c, 'M330 190 Q400 206 470 190 Q400 252 330 190 Z', p.darker),
      line('M326 188 Q400 262 474 188', p.tone, 16),
      line('M318 186 Q400 272 482 186', p.outline, 3),
      line('M334 194 Q400 250 466 194', p.outline, 2.5, ' opacity="0.6"'),
    );
  }
  if (opts.pocket) {
    out.push(part(c, 'M462 318 L532 318 L532 392 Q497 404 462 392 Z', p.base), line('M462 330 L532 330', p.outline, 2.5, ' opacity="0.6"'));
  }
  if (opts.print) {
    const id = c.id('sun');
    out.push(
      `<clipPath id="${id}"><circle cx="400" cy="440" r="70"/></clipPath>`,
      `<circle cx="400" cy="440" r="70" fill="${p.contrast}"/>`,
      `<g clip-path="url(#${id})" fill="${p.base}">${[452, 474, 494].map((y, i) => `<rect x="320" y="${y}" width="160" height="${8 + i * 3}"/>`).join('')}</g>`,
      line('M310 540 Q355 520 400 540 T490 540', p.contrast, 6),
    );
  }
  return out.join('');
}

function franela(c: Ctx): string {
  return tee(c, { stripes: c.variant === 1, pocket: c.variant === 2, print: c.variant === 3 });
}

const SHIRT =
  'M345 182 L455 182 L552 208 Q614 262 648 440 L668 612 L606 626 L588 470 L562 372 L566 800 C522 788 500 856 400 856 C300 856 278 788 234 800 L238 372 L212 470 L194 626 L132 612 L152 440 Q186 262 248 208 Z';
const SHIRT_SHORT =
  'M345 182 L455 182 L552 208 Q612 240 660 330 L600 376 L562 340 L566 800 C522 788 500 856 400 856 C300 856 278 788 234 800 L238 340 L200 376 L140 330 Q188 240 248 208 Z';

function shirt(c: Ctx, opts: { pattern?: Pattern; pockets?: boolean; short?: boolean; piping?: string } = {}): string {
  const { p } = c;
  const body = opts.short ? SHIRT_SHORT : SHIRT;
  const trim = opts.piping ?? p.outline;
  const out = [piece(c, body, { pattern: opts.pattern })];
  out.push(
    fold('M248 210 Q262 290 238 372', 0.2),
    fold('M552 210 Q538 290 562 372', 0.2),
    fold('M300 420 Q318 600 296 800'),
    fold('M500 460 Q486 620 506 790', 0.12),
    sheen('M270 400 Q288 560 272 720'),
  );
  if (opts.short) {
    out.push(stitch(c, 'M212 362 L152 318'), stitch(c, 'M588 362 L648 318'));
    if (opts.piping) out.push(line('M200 376 L140 330', trim, 8), line('M600 376 L660 330', trim, 8));
  } else {
    out.push(
      fold('M200 330 Q190 450 180 560', 0.14),
      fold('M600 330 Q610 450 620 560', 0.14),
      part(c, 'M138 548 L198 556 L194 626 L132 612 Z', p.tone),
      part(c, 'M662 548 L602 556 L606 626 L668 612 Z', p.tone),
      button(c, 168, 586, 6),
      button(c, 632, 586, 6),
    );
    if (opts.piping) out.push(line('M138 548 L198 556', trim, 7), line('M662 548 L602 556', trim, 7));
  }
  // Inside of the back collar, then the two collar leaves over the placket.
  out.push(
    part(c, 'M345 182 Q400 166 455 182 L446 200 Q400 188 354 200 Z', p.darker),
    part(c, 'M388 236 L412 236 L412 850 Q400 854 388 850 Z', p.base, 3),
    part(c, 'M346 180 Q362 214 404 240 L372 296 Q340 268 322 206 Z', p.tone),
    part(c, 'M454 180 Q438 214 396 240 L428 296 Q460 268 478 206 Z', p.tone),
  );
  if (opts.piping) {
    out.push(
      line('M404 240 L372 296 Q340 268 322 206', trim, 6),
      line('M396 240 L428 296 Q460 268 478 206', trim, 6),
      line('M412 300 L412 850', trim, 6),
    );
  }
  for (const y of [330, 420, 510, 600, 690, 780]) out.push(button(c, 400, y, 7));
  if (opts.pockets) {
    out.push(
      part(c, 'M278 330 L350 330 L350 408 L314 420 L278 408 Z', p.base, 3),
      part(c, 'M274 322 L354 322 L354 346 L314 356 L274 346 Z', p.tone, 3),
      part(c, 'M450 330 L522 330 L522 408 L486 420 L450 408 Z', p.base, 3),
      part(c, 'M446 322 L526 322 L526 346 L486 356 L446 346 Z', p.tone, 3),
      button(c, 314, 344, 5),
      button(c, 486, 344, 5),
    );
    if (opts.piping) out.push(line('M446 322 L526 322', trim, 6));
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
    out.push(line('M330 194 Q366 250 400 300 Q434 250 470 194', p.tone, 10), line('M330 194 Q366 250 400 300 Q434 250 470 194', p.outline, 2.5));
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

function skirtPiece(c: Ctx, d: string, waist: string, opts: { pattern?: Pattern; pleats?: boolean; buttons?: boolean; hemBands?: boolean }): string {
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
      out.push(line(`M${a} ${b} Q${a - 30} ${b - 4} ${a - 60} ${b - 14}`, '#fff', 4, ' opacity="0.35"'), line(`M${800 - a} ${b} Q${830 - a} ${b - 4} ${860 - a} ${b - 14}`, '#fff', 4, ' opacity="0.35"'));
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
      for (const dy of [-14, -4, 6, 16]) out.push(line(`M${x - 38} ${630 + dy} Q${x} ${634 + dy} ${x + 38} ${630 + dy}`, '#ffffff', 3, ' opacity="0.9"'));
    }
  }
  if (variant === 2) {
    out.push(part(c, 'M250 820 L378 820 L378 880 L248 880 Z', shade(p.base, 0.35), 4), part(c, 'M422 820 L550 820 L552 880 L422 880 Z', shade(p.base, 0.35), 4));
    out.push(stitch(c, 'M252 836 L378 836', thread), stitch(c, 'M422 836 L550 836', thread));
  } else {
    out.push(stitch(c, 'M250 866 L378 866', thread), stitch(c, 'M422 866 L552 866', thread));
  }
  out.push(part(c, 'M272 190 L528 190 L532 230 L268 230 Z', p.base, 4), stitch(c, 'M274 200 L526 200', thread), stitch(c, 'M270 222 L530 222', thread));
  for (const x of [300, 360, 440, 500]) out.push(part(c, `M${x - 6} 186 L${x + 6} 186 L${x + 6} 238 L${x - 6} 238 Z`, p.base, 3));
  out.push(`<circle cx="400" cy="210" r="11" fill="#b9b4aa" stroke="#5c5850" stroke-width="3"/><circle cx="400" cy="210" r="4" fill="#7d786f"/>`);
  return out.join('');
}

const SHORTS = 'M268 300 L532 300 L536 346 L584 632 L428 650 L404 470 L396 470 L372 650 L216 632 L264 346 Z';

function shortsPiece(c: Ctx, opts: { pattern?: Pattern; drawstring?: boolean; sideStripe?: boolean; cargo?: boolean; cuffs?: boolean; piping?: string }): string {
  const { p } = c;
  const out = [piece(c, SHORTS, { pattern: opts.pattern })];
  out.push(
    sheen('M318 360 L300 630'),
    fold('M384 480 Q392 560 384 640', 0.14),
    fold('M416 480 Q408 560 416 640', 0.14),
    line('M280 350 Q330 364 338 420', p.outline, 3.5),
    line('M520 350 Q470 364 462 420', p.outline, 3.5),
  );
  if (opts.sideStripe) out.push(line('M262 350 L220 628', opts.piping ?? p.contrast, 12), line('M538 350 L580 628', opts.piping ?? p.contrast, 12));
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
  'M340 178 Q400 200 460 178 L566 206 Q632 262 660 440 L680 640 L612 652 L596 480 L574 380 L576 806 L224 806 L226 380 L204 480 L188 652 L120 640 L140 440 Q168 262 234 206 Z';

function ribbing(c: Ctx, d: string, x0: number, x1: number, y0: number, y1: number, step = 12): string {
  const lines: string[] = [];
  for (let x = x0; x <= x1; x += step) lines.push(`M${x} ${y0} L${x} ${y1}`);
  return part(c, d, c.p.tone, 4) + clipped(c, d, line(lines.join(' '), '#000', 2.5, ' opacity="0.18"'));
}

function chaqueta(c: Ctx): string {
  const { p, variant } = c;
  const out = [piece(c, JACKET)];
  out.push(
    fold('M234 208 Q252 290 226 380', 0.22),
    fold('M566 208 Q548 290 574 380', 0.22),
    fold('M190 360 Q176 470 168 600', 0.14),
    fold('M610 360 Q624 470 632 600', 0.14),
    sheen('M268 420 Q284 560 270 720'),
    fold('M520 440 Q506 600 524 760', 0.12),
  );
  if (variant === 0) {
    // Bomber: ribbed collar, cuffs and hem, centre zip, sleeve pocket.
    out.push(
      ribbing(c, 'M224 760 L576 760 L576 812 L224 812 Z', 230, 570, 764, 808),
      ribbing(c, 'M126 590 L190 598 L188 652 L120 640 Z', 126, 190, 592, 650, 10),
      ribbing(c, 'M674 590 L610 598 L612 652 L680 640 Z', 612, 676, 592, 650, 10),
      ribbing(c, 'M334 172 Q400 196 466 172 L470 196 Q400 222 330 196 Z', 334, 466, 170, 222, 10),
      line('M400 210 L400 758', p.darker, 8),
      line('M400 210 L400 758', p.contrast, 2.5, ' stroke-dasharray="3 5"'),
      part(c, 'M394 236 L406 236 L408 272 L392 272 Z', '#c9c5bc', 2.5),
      part(c, 'M600 300 L640 306 L644 336 L604 332 Z', p.tone, 3),
      line('M282 560 L300 660', p.outline, 4),
      line('M518 560 L500 660', p.outline, 4),
    );
  } else if (variant === 1) {
    // Tailored jacket: notched lapels, two buttons, flap pockets.
    out.push(
      part(c, 'M340 178 Q400 196 460 178 L400 470 Z', p.darker, 3),
      part(c, 'M340 178 L310 250 L330 262 L300 300 L400 470 L396 300 Z', p.tone, 4),
      part(c, 'M460 178 L490 250 L470 262 L500 300 L400 470 L404 300 Z', p.tone, 4),
      line('M400 470 L400 806', p.outline, 3, ' opacity="0.7"'),
      button(c, 410, 520, 9),
      button(c, 410, 610, 9),
      part(c, 'M262 640 L346 644 L346 668 L262 664 Z', p.tone, 3),
      part(c, 'M538 640 L454 644 L454 668 L538 664 Z', p.tone, 3),
      line('M460 352 L520 346', p.outline, 3),
    );
  } else if (variant === 2) {
    // Hooded zip jacket with kangaroo pocket.
    out.push(
      part(c, 'M336 184 C306 120 346 74 400 74 C454 74 494 120 464 184 Q400 214 336 184 Z', p.tone, 5),
      part(c, 'M356 180 C344 130 370 104 400 104 C430 104 456 130 444 180 Q400 200 356 180 Z', p.darker, 3),
      line('M388 206 Q380 260 384 320', p.contrast, 4),
      line('M412 206 Q420 260 416 320', p.contrast, 4),
      line('M400 200 L400 806', p.darker, 8),
      line('M400 200 L400 806', p.contrast, 2.5, ' stroke-dasharray="3 5"'),
      part(c, 'M290 560 L510 560 L540 720 L260 720 Z', p.base, 4),
      line('M290 560 L260 720', p.outline, 4),
      line('M510 560 L540 720', p.outline, 4),
      ribbing(c, 'M224 764 L576 764 L576 812 L224 812 Z', 230, 570, 768, 808),
    );
  } else {
    // Trucker jacket: pointed collar, yoke, chest flap pockets, buttons.
    out.push(
      fold('M226 300 Q400 330 574 300', 0.3),
      stitch(c, 'M226 312 Q400 342 574 312'),
      part(c, 'M340 178 Q400 194 460 178 L452 198 Q400 186 348 198 Z', p.darker, 3),
      part(c, 'M342 176 Q356 212 402 236 L368 290 Q332 260 314 200 Z', p.tone),
      part(c, 'M458 176 Q444 212 398 236 L432 290 Q468 260 486 200 Z', p.tone),
      line('M400 236 L400 806', p.outline, 3, ' opacity="0.7"'),
      part(c, 'M280 360 L356 360 L356 384 L318 400 L280 384 Z', p.tone, 3),
      part(c, 'M444 360 L520 360 L520 384 L482 400 L444 384 Z', p.tone, 3),
      stitch(c, 'M286 400 L286 460 L350 460 L350 400'),
      stitch(c, 'M450 400 L450 460 L514 460 L514 400'),
      part(c, 'M226 720 L574 720 L576 806 L224 806 Z', p.base, 3),
    );
    for (const y of [300, 420, 540, 660, 760]) out.push(button(c, 414, y, 8));
    out.push(button(c, 318, 386, 6), button(c, 482, 386, 6));
  }
  return out.join('');
}

const SWEATER =
  'M330 186 Q400 212 470 186 L548 204 Q616 228 640 330 L668 620 L604 636 L584 420 L566 360 L570 790 L230 790 L234 360 L216 420 L196 636 L132 620 L160 330 Q184 228 252 204 Z';

function sueter(c: Ctx): string {
  const { p, variant } = c;
  const out = [piece(c, SWEATER, { pattern: 'knit' })];
  out.push(
    fold('M252 206 Q246 290 234 360', 0.2),
    fold('M548 206 Q554 290 566 360', 0.2),
    sheen('M276 400 Q290 540 276 700'),
    fold('M520 420 Q506 580 524 740', 0.12),
    fold('M186 420 Q176 520 170 600', 0.12),
    fold('M614 420 Q624 520 630 600', 0.12),
  );
  if (variant === 1) {
    out.push(bands(c, SWEATER, [380, 424, 468], 22, p.contrast));
  }
  if (variant === 2) {
    // Cable knit: braided columns down the front.
    for (const x of [310, 400, 490]) {
      const braid: string[] = [];
      for (let y = 250; y < 730; y += 40) braid.push(`M${x - 14} ${y} Q${x + 16} ${y + 20} ${x - 14} ${y + 40}`, `M${x + 14} ${y} Q${x - 16} ${y + 20} ${x + 14} ${y + 40}`);
      out.push(line(braid.join(' '), p.dark, 7), line(braid.join(' '), p.light, 2.5, ' opacity="0.7"'));
      out.push(line(`M${x - 26} 240 L${x - 26} 740 M${x + 26} 240 L${x + 26} 740`, '#000', 3, ' opacity="0.15"'));
    }
  }
  out.push(
    ribbing(c, 'M230 740 L570 740 L570 796 L230 796 Z', 236, 566, 744, 792),
    ribbing(c, 'M138 572 L200 584 L196 636 L132 620 Z', 138, 200, 574, 634, 10),
    ribbing(c, 'M662 572 L600 584 L604 636 L668 620 Z', 600, 662, 574, 634, 10),
  );
  if (variant === 3) {
    out.push(
      part(c, 'M330 186 Q400 200 470 186 L400 320 Z', p.darker, 3),
      line('M326 184 L400 326 L474 184', p.tone, 18),
      line('M316 182 L400 342 L484 182', p.outline, 3),
      line('M338 188 L400 308 L462 188', p.outline, 2.5, ' opacity="0.5"'),
    );
  } else {
    out.push(
      part(c, 'M330 186 Q400 204 470 186 Q400 244 330 186 Z', p.darker, 3),
      line('M326 184 Q400 252 474 184', p.tone, 18),
      line('M316 182 Q400 266 484 182', p.outline, 3),
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
      ? scaled(136, 250, 0.66, shortsPiece(c, { drawstring: true, sideStripe: true }))
      : v === 2
        ? scaled(148, 370, 0.63, skirtPiece(c, SKIRT, 'M290 248 L510 248 L514 292 L286 292 Z', { pleats: true }))
        : scaled(180, 386, 0.55, trousers(c, { cuffs: v === 0, sideStripe: v === 3, pattern: undefined }));
  const top = scaled(160, -10, 0.6, v === 3 ? tee(c, { stripes: true }) : v === 2 ? tee(c, { pocket: true }) : tee(c, { print: v === 1 }));
  return bottom + top;
}

function pijama(c: Ctx): string {
  const v = c.variant;
  const pattern: Pattern | undefined = v === 1 ? 'dots' : v === 2 ? 'stars' : v === 3 ? 'stripes' : undefined;
  const piping = c.p.contrast;
  const pants = scaled(180, 398, 0.55, trousers(c, { pattern, sideStripe: v === 0, piping }));
  const top = scaled(164, 22, 0.59, shirt(c, { pattern, piping, pockets: v === 0, short: v === 3 }));
  return pants + top;
}

// ---------- footwear ----------

/** Pair presentation: the second shoe sits behind, slightly higher and darker. */
function pair(c: Ctx, shoe: () => string, silhouette: string): string {
  return (
    `<g transform="translate(-46 -150)">${shoe()}<path d="${silhouette}" fill="#000" opacity="0.14"/></g>` + `<g>${shoe()}</g>`
  );
}

function soleColours(p: Palette): { sole: string; soleEdge: string } {
  return p.bright < 0.3 ? { sole: '#5a4a40', soleEdge: '#2b211b' } : { sole: '#3a2c24', soleEdge: '#1d1511' };
}

const OXFORD_UPPER =
  'M168 690 C156 650 162 606 190 580 Q262 562 334 576 Q382 586 414 558 L474 540 Q566 556 646 606 Q708 642 712 684 Q712 704 694 708 L172 710 Z';
const OXFORD_SOLE =
  'M154 706 L712 702 Q730 710 722 734 Q712 756 680 758 L440 758 Q388 736 306 738 L292 738 L288 762 L178 762 L170 738 Q152 730 154 706 Z';

function zapatoShoe(c: Ctx): string {
  const { p, variant } = c;
  const { sole, soleEdge } = soleColours(p);
  const out = [part(c, OXFORD_SOLE, sole, 5), line('M162 722 L716 718', soleEdge, 3, ' opacity="0.6"')];
  out.push(piece(c, OXFORD_UPPER, { shading: 'v' }));
  out.push(sheen('M430 580 Q560 590 660 640', 0.3), fold('M196 600 Q230 650 226 700', 0.18));
  out.push(stitch(c, 'M176 698 L700 694', shade(p.base, p.bright < 0.3 ? 0.5 : -0.45)));
  // Collar lining visible at the top line.
  out.push(line('M190 580 Q262 562 334 576 Q382 586 414 558', p.darker, 8), line('M190 580 Q262 562 334 576 Q382 586 414 558', p.outline, 3));
  if (variant === 0 || variant === 2) {
    out.push(part(c, 'M414 558 L474 540 Q520 560 540 600 Q480 610 420 596 Z', p.tone, 3.5));
    for (const [x, y] of [
      [436, 572],
      [462, 566],
      [490, 572],
      [514, 584],
    ] as const)
      out.push(`<circle cx="${x}" cy="${y}" r="4" fill="${p.outline}"/>`);
    out.push(line('M436 572 L490 560 M462 566 L514 574 M490 572 L524 566', p.contrast, 4), line('M500 562 Q520 530 548 540 M500 562 Q480 530 470 520', p.contrast, 4));
    out.push(line('M598 580 Q632 640 616 706', p.outline, 3.5));
    if (variant === 2) {
      const holes: string[] = [];
      for (let i = 0; i <= 10; i++) {
        const t = i / 10;
        const x = (1 - t) ** 2 * 590 + 2 * (1 - t) * t * 624 + t * t * 606;
        const y = (1 - t) ** 2 * 584 + 2 * (1 - t) * t * 640 + t * t * 700;
        holes.push(`<circle cx="${(x - 12).toFixed(1)}" cy="${y.toFixed(1)}" r="3" fill="${p.outline}" opacity="0.8"/>`);
      }
      out.push(holes.join(''), line('M200 640 Q300 660 420 600', p.outline, 3), stitch(c, 'M200 652 Q300 672 426 612'));
    }
  } else if (variant === 1) {
    // Penny loafer: moc-toe seam and saddle strap.
    out.push(
      line('M430 560 Q560 540 620 600 Q640 630 620 660', p.outline, 3.5),
      stitch(c, 'M436 572 Q556 556 608 606'),
      part(c, 'M420 600 Q480 584 540 610 L536 638 Q478 614 424 630 Z', p.tone, 3.5),
      `<ellipse cx="480" cy="612" rx="20" ry="6" fill="${p.darker}"/>`,
    );
  } else {
    // Monk strap with buckle.
    out.push(
      line('M598 580 Q632 640 616 706', p.outline, 3.5),
      part(c, 'M410 570 Q470 580 530 620 L520 650 Q464 614 404 604 Z', p.tone, 3.5),
      `<rect x="500" y="616" width="30" height="26" rx="4" fill="none" stroke="#c9c2b2" stroke-width="5" transform="rotate(28 515 629)"/>`,
    );
  }
  out.push(fold('M178 740 L286 742', 0.2));
  return out.join('');
}

function zapato(c: Ctx): string {
  return pair(c, () => zapatoShoe(c), `${OXFORD_UPPER} ${OXFORD_SOLE}`);
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
  out.push(part(c, high ? 'M330 376 Q338 350 372 352 Q404 360 410 400 L418 462 L360 440 Z' : 'M356 480 Q360 430 396 424 Q432 428 438 474 L418 470 Z', p.tone, 4));
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
  out.push(part(c, high ? 'M160 410 Q168 384 196 378 L204 440 Q176 440 160 440 Z' : 'M158 560 Q168 520 196 512 L206 580 Q178 590 156 600 Z', p.tone, 3));
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
      eyelets.push(line(`M${(x - 6).toFixed(1)} ${(y - 14).toFixed(1)} L${(nx + 6).toFixed(1)} ${(y + 6).toFixed(1)}`, midsole, 7), line(`M${(x - 6).toFixed(1)} ${(y - 14).toFixed(1)} L${(nx + 6).toFixed(1)} ${(y + 6).toFixed(1)}`, p.outline, 1.5, ' opacity="0.4"'));
    }
  }
  out.push(line(`M${x0} ${y0} L${x1} ${y1}`, p.outline, 3, ' opacity="0.5"'), eyelets.join(''));
  if (high) out.push(`<circle cx="250" cy="470" r="26" fill="${p.contrast}" stroke="${p.outline}" stroke-width="3"/><circle cx="250" cy="470" r="12" fill="${p.base}"/>`);
  out.push(part(c, SNEAKER_SOLE, midsole, 5), part(c, 'M146 740 L716 740 Q712 752 690 756 L170 756 Q150 754 146 740 Z', '#4a4744', 3));
  out.push(line('M160 714 Q300 706 440 716 T706 712', '#000', 3, ' opacity="0.12"'));
  return out.join('');
}

function zapatilla(c: Ctx): string {
  return pair(c, () => zapatillaShoe(c), `${c.variant === 1 ? SNEAKER_HIGH : SNEAKER_LOW} ${SNEAKER_SOLE}`);
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
    out.push(`<rect x="-20" y="-120" width="40" height="36" rx="6" fill="none" stroke="#c9b98f" stroke-width="6"/>`, line('M0 -118 L0 -86', '#c9b98f', 4));
  }
  return out.join('');
}

function sandalia(c: Ctx): string {
  return `<g transform="translate(290 520) rotate(-8) scale(-1 1)">${sandalFoot(c)}</g><g transform="translate(510 540) rotate(8)">${sandalFoot(c)}</g>`;
}

const ANKLE_BOOT =
  'M232 300 L424 300 Q430 420 442 520 Q522 540 612 580 Q690 616 702 672 Q704 704 688 712 L214 714 Q204 600 214 520 Q220 420 232 300 Z';
const TALL_BOOT =
  'M226 120 L420 120 Q426 320 442 520 Q522 540 612 580 Q690 616 702 672 Q704 704 688 712 L214 714 Q198 600 210 480 Q214 300 226 120 Z';
const BOOT_SOLE = 'M204 708 L700 706 Q720 712 716 736 Q708 762 676 764 L470 764 Q410 742 330 744 L318 744 L316 770 L212 770 L206 744 Q196 730 204 708 Z';
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
  const top = tall ? 120 : 300;
  out.push(`<path d="M232 ${top} L424 ${top} L420 ${top + 14} L236 ${top + 14} Z" fill="${p.darker}" stroke="${p.outline}" stroke-width="3"/>`);
  if (variant === 0 || variant === 3) {
    // Lace-up: eyelets down the front of the shaft, crossed laces, pull tab.
    const lace = p.bright < 0.35 ? '#e8dcc4' : '#3e2f26';
    for (let i = 0; i < 6; i++) {
      const y = 330 + i * 36;
      const x = 408 + i * 3;
      out.push(`<circle cx="${x}" cy="${y}" r="5" fill="#c9c2b2" stroke="${p.outline}" stroke-width="2"/>`);
      if (i < 5) out.push(line(`M${x} ${y} L${x + 24} ${y + 26}`, lace, 6), line(`M${x} ${y} L${x + 24} ${y + 26}`, '#000', 1.5, ' opacity="0.25"'));
    }
    out.push(line('M420 492 Q470 520 500 570', p.outline, 3.5), line('M404 300 Q432 280 456 300 Q430 320 424 300', lace, 5));
    out.push(line('M470 540 Q560 560 610 640 Q630 680 620 706', p.outline, 3.5));
  }
  if (variant === 3) {
    // Padded collar.
    out.push(part(c, 'M228 300 L428 300 Q440 270 420 262 L240 262 Q220 270 228 300 Z', p.tone, 4), line('M240 282 L420 282', '#000', 3, ' opacity="0.15"'));
  }
  if (variant === 1) {
    // Chelsea: elastic gusset and pull tab.
    out.push(part(c, 'M300 314 L356 314 Q344 420 328 500 Q312 420 300 314 Z', '#3b3835', 3));
    out.push(line('M312 330 L326 480 M328 320 L328 490 M344 330 L330 480', '#000', 2, ' opacity="0.4"'));
    out.push(part(c, 'M236 300 L262 300 L262 250 Q250 240 240 250 Z', p.tone, 3));
  }
  if (variant === 2) {
    out.push(line('M240 150 L236 660', '#bdb6a8', 4), line('M240 150 L236 660', '#000', 1.5, ' stroke-dasharray="3 4" opacity="0.5"'));
    out.push(`<rect x="232" y="150" width="14" height="22" rx="3" fill="#bdb6a8" stroke="${p.outline}" stroke-width="2"/>`);
    out.push(line('M470 540 Q560 560 610 640 Q630 680 620 706', p.outline, 3.5));
  }
  return out.join('');
}

function bota(c: Ctx): string {
  const silhouette = `${c.variant === 2 ? TALL_BOOT : ANKLE_BOOT} ${c.variant === 3 ? LUG_SOLE : BOOT_SOLE}`;
  return pair(c, () => botaShoe(c), silhouette);
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

const FOOTWEAR: ReadonlySet<Garment> = new Set(['zapato', 'zapatilla', 'bota']);

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
  const footwear = FOOTWEAR.has(garment);
  const floorY = footwear ? 770 : garment === 'sandalia' ? 800 : garment === 'short' ? 670 : 880;
  const floorRx = footwear ? 330 : garment === 'short' || garment === 'sandalia' ? 260 : 300;

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
    `<ellipse cx="400" cy="${floorY}" rx="${floorRx}" ry="34" fill="url(#floor)"/>`,
    drawing,
    '</svg>',
  ].join('');
}

export function bannerSvg(title: string, subtitle: string, colorHex: string): string {
  assertHex(colorHex);
  const deep = shade(colorHex, -0.45);
  const light = shade(colorHex, 0.35);
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
    // A hanger and a tag as a quiet shop motif.
    '<g fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.85">',
    '<path d="M1260 170 Q1260 140 1288 140 Q1316 140 1316 166 Q1316 186 1290 198 L1260 214 L1100 300 Q1080 312 1096 322 L1424 322 Q1440 312 1420 300 L1260 214"/>',
    '</g>',
    '<g transform="translate(1330 360) rotate(18)"><path d="M0 0 L90 0 L120 40 L90 80 L0 80 Z" fill="#fff" opacity="0.9"/><circle cx="92" cy="40" r="9" fill="' +
      colorHex +
      '"/></g>',
    `<rect x="120" y="170" width="90" height="10" rx="5" fill="#fff" opacity="0.85"/>`,
    `<text x="120" y="300" font-family="system-ui, sans-serif" font-size="92" font-weight="800" fill="#fff">${escapeXml(title)}</text>`,
    `<text x="124" y="380" font-family="system-ui, sans-serif" font-size="40" fill="#fff" opacity="0.92">${escapeXml(subtitle)}</text>`,
    '</svg>',
  ].join('');
}

export function logoSvg(storeName: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 120" width="400" height="120">',
    '<defs><linearGradient id="lg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e64980"/><stop offset="1" stop-color="#a61e4d"/></linearGradient></defs>',
    '<rect x="8" y="20" width="80" height="80" rx="20" fill="url(#lg)"/>',
    '<path d="M28 40 L48 82 L68 40" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>',
    `<text x="106" y="82" font-family="system-ui, sans-serif" font-size="54" font-weight="800" letter-spacing="-1" fill="#212529">${escapeXml(storeName)}</text>`,
    '</svg>',
  ].join('');
}
