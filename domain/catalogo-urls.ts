// Public URLs of the catalogue, shared by the API (sitemap, JSON-LD) and the pages.
export const IMAGE_WIDTHS = [320, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function modelImageUrl(model: string, width: ImageWidth = 640): string {
  return `/imagenes/modelos/${encodeURIComponent(model)}-${width}.webp`;
}

export function modelImageSrcSet(model: string): string {
  return IMAGE_WIDTHS.map((w) => `${modelImageUrl(model, w)} ${w}w`).join(', ');
}

export function linePath(lineCode: string): string {
  return `/linea/${encodeURIComponent(lineCode)}/sub-lineas`;
}

export function subLinePath(lineCode: string, subLineCode?: string): string {
  const sub = subLineCode ? `/${encodeURIComponent(subLineCode)}` : '';
  return `/linea/${encodeURIComponent(lineCode)}/sub-lineas${sub}/articulos`;
}

/** The article page: the model, optionally with a chosen size (article code). */
export function articlePath(lineCode: string, subLineCode: string, code: string): string {
  return `${subLinePath(lineCode, subLineCode)}/${encodeURIComponent(code)}`;
}
