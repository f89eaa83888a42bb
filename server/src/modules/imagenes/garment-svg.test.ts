import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS as PAGE_WIDTHS } from '#domain/catalogo-urls.ts';
import { bannerSvg, GARMENTS, type Garment, garmentSvg, logoSvg, shade } from './garment-svg.ts';
import { IMAGE_WIDTHS, svgToWebp } from './render.ts';

// A sample of the catalogue palette: dark, mid and very light tones.
const COLOURS = ['#1f1f1f', '#f4f4f2', '#C62828', '#d8c3a5', '#fbc02d', '#3b5b8c'];
const LIGHT_COLOURS = ['#f4f4f2', '#d8c3a5', '#fbc02d'];

async function rasterDarkest(svg: string): Promise<number> {
  const { data, info } = await sharp(Buffer.from(svg)).resize({ width: 200 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let darkest = 255;
  for (let i = 0; i < data.length; i += info.channels) {
    darkest = Math.min(darkest, 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]);
  }
  return darkest;
}

describe('garmentSvg', () => {
  it('lists sixteen distinct garment types', () => {
    expect(GARMENTS).toHaveLength(16);
    expect(new Set(GARMENTS).size).toBe(16);
  });

  it.each(GARMENTS)('%s renders a standalone portrait SVG in every colour', (garment) => {
    for (const colour of COLOURS) {
      const svg = garmentSvg(garment, colour);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('viewBox="0 0 800 1000"');
      expect(svg.toLowerCase()).toContain(colour.toLowerCase());
      expect(svg).not.toMatch(/undefined|NaN|Infinity|<image|<text|@import|href="http/);
    }
  });

  it('every garment and variant is well-formed enough for the rasteriser', async () => {
    for (const garment of GARMENTS) {
      for (let variant = 0; variant < 4; variant++) {
        const { info } = await sharp(Buffer.from(garmentSvg(garment, '#26a69a', { variant })))
          .resize({ width: 80 })
          .png()
          .toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([80, 100]);
      }
    }
  });

  it.each(GARMENTS)('%s has four different variants', (garment) => {
    const variants = [0, 1, 2, 3].map((variant) => garmentSvg(garment, '#c62828', { variant }));
    expect(new Set(variants).size).toBe(4);
  });

  it('defaults to variant 0 and wraps larger variants', () => {
    expect(garmentSvg('vestido', '#f06292')).toBe(garmentSvg('vestido', '#f06292', { variant: 0 }));
    expect(garmentSvg('vestido', '#f06292', { variant: 5 })).toBe(garmentSvg('vestido', '#f06292', { variant: 1 }));
    expect(() => garmentSvg('vestido', '#f06292', { variant: 1.5 })).toThrow(RangeError);
  });

  it('is deterministic', () => {
    expect(garmentSvg('jean', '#3b5b8c', { variant: 2 })).toBe(garmentSvg('jean', '#3b5b8c', { variant: 2 }));
  });

  it.each(['red', '#fff', '#12345g', 'c62828', '#c628280', ''])('rejects the bad colour %j', (bad) => {
    expect(() => garmentSvg('franela', bad)).toThrow(TypeError);
    expect(() => bannerSvg('a', 'b', bad)).toThrow(TypeError);
    expect(() => shade(bad, 0.2)).toThrow(TypeError);
  });

  it('rejects an unknown garment', () => {
    expect(() => garmentSvg('capa' as Garment, '#c62828')).toThrow(TypeError);
  });

  it.each(LIGHT_COLOURS)('keeps a light garment (%s) visible with a darker outline', async (colour) => {
    for (const garment of ['franela', 'vestido', 'zapatilla'] as const) {
      // The backdrop and the garment itself are light; only the outline and details are this dark.
      expect(await rasterDarkest(garmentSvg(garment, colour))).toBeLessThan(150);
    }
  });
});

describe('shade', () => {
  it('darkens and lightens towards black and white', () => {
    expect(shade('#808080', -0.5)).toBe('#404040');
    expect(shade('#808080', 0.5)).toBe('#c0c0c0');
    expect(shade('#C62828', 0)).toBe('#c62828');
    expect(shade('#123456', -1)).toBe('#000000');
    expect(shade('#123456', 1)).toBe('#ffffff');
  });

  it('rejects amounts outside [-1, 1]', () => {
    expect(() => shade('#808080', 2)).toThrow(RangeError);
    expect(() => shade('#808080', Number.NaN)).toThrow(RangeError);
  });
});

describe('bannerSvg and logoSvg', () => {
  it('escapes XML special characters in the texts', () => {
    const svg = bannerSvg('<b>Rebajas & "más"</b>', "Hasta 50% ¡en todo! 'ya'", '#c2185b');
    expect(svg).toContain('&lt;b&gt;Rebajas &amp; &quot;más&quot;&lt;/b&gt;');
    expect(svg).toContain('Hasta 50% ¡en todo! &apos;ya&apos;');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('font-family="system-ui, sans-serif"');
    expect(svg).toContain('viewBox="0 0 1600 600"');
  });

  it('renders the banner at 1600×600 and the logo at 400×120', async () => {
    const banner = await sharp(Buffer.from(bannerSvg('Nueva colección', 'Ropa & calzado', '#c2185b'))).metadata();
    expect([banner.width, banner.height]).toEqual([1600, 600]);
    const logo = await sharp(Buffer.from(logoSvg('Vitrina & Co <VE>'))).metadata();
    expect([logo.width, logo.height]).toEqual([400, 120]);
    expect(logoSvg('A & B')).toContain('A &amp; B');
  });

  it('shrinks a long title so it stays on the banner', () => {
    const size = (svg: string) => Number(/font-size="(\d+)" font-weight="800"/.exec(svg)?.[1]);
    expect(size(bannerSvg('Rebajas', 'x', '#c2185b'))).toBe(92);
    expect(size(bannerSvg('Gran liquidación de temporada en toda la tienda', 'x', '#c2185b'))).toBeLessThan(40);
  });
});

describe('svgToWebp', () => {
  it('shares its widths with the pages', () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 960]);
    expect(IMAGE_WIDTHS).toBe(PAGE_WIDTHS);
  });

  it.each(IMAGE_WIDTHS)('produces a %ipx WebP keeping the 4:5 aspect ratio', async (width) => {
    const webp = await svgToWebp(garmentSvg('zapatilla', '#f06292', { variant: 1 }), width);
    expect(webp.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const meta = await sharp(webp).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(width);
    expect(meta.height).toBe(width * 1.25);
  });

  it('rejects a nonsensical width', async () => {
    await expect(svgToWebp(logoSvg('Vitrina'), 0)).rejects.toThrow(RangeError);
    await expect(svgToWebp(logoSvg('Vitrina'), 12.5)).rejects.toThrow(RangeError);
  });
});
