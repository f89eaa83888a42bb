import sharp from 'sharp';

export const IMAGE_WIDTHS = [320, 640, 960] as const;

export async function svgToWebp(svg: string, width: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 80 }).toBuffer();
}
