import sharp from 'sharp';

// Single source of truth shared with the pages' srcset.
export { IMAGE_WIDTHS } from '#domain/catalogo-urls.ts';

/** Rasterises an SVG to WebP at `width` pixels, keeping its aspect ratio. */
export async function svgToWebp(svg: string, width: number): Promise<Buffer> {
  if (!Number.isInteger(width) || width < 1 || width > 4096) throw new RangeError(`Ancho de imagen inválido: ${width}`);
  const input = Buffer.from(svg);
  // Rasterise at the density that yields the target width directly: sharp renders SVGs at 72 dpi by default,
  // so larger widths would otherwise be blurry upscales and smaller ones would waste work.
  const { width: intrinsic } = await sharp(input).metadata();
  const density = intrinsic ? (72 * width) / intrinsic : 72;
  return sharp(input, { density }).resize({ width }).webp({ quality: 80 }).toBuffer();
}
