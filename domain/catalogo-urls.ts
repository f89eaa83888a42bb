// Public URLs of the catalogue, shared by the API (sitemap, JSON-LD) and the pages.
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** The catalogue in PDF (the API's /catalogo/archivo.pdf), linked from /linea and the dashboard. */
export const CATALOGO_PDF_URL = '/api/catalogo/archivo.pdf';
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function modelImageUrl(model: string, width: ImageWidth = 640): string {
  return `/imagenes/modelos/${encodeURIComponent(model)}-${width}.webp`;
}

export function modelImageSrcSet(model: string): string {
  return IMAGE_WIDTHS.map((w) => `${modelImageUrl(model, w)} ${w}w`).join(', ');
}

/** A photo uploaded by the staff: its own URL per upload, so it can be cached for good. */
export function photoUrl(key: string, width: ImageWidth = 640): string {
  return `/imagenes/fotos/${encodeURIComponent(key)}-${width}.webp`;
}

export function photoSrcSet(key: string): string {
  return IMAGE_WIDTHS.map((w) => `${photoUrl(key, w)} ${w}w`).join(', ');
}

/** A model's picture: its first photo, or its drawing when it has none. */
export function modelPicture(model: string, photoKey: string | null, width: ImageWidth = 640): string {
  return photoKey ? photoUrl(photoKey, width) : modelImageUrl(model, width);
}

export function modelPictureSrcSet(model: string, photoKey: string | null): string {
  return photoKey ? photoSrcSet(photoKey) : modelImageSrcSet(model);
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

/** The store's own banner (the one the demo starts with) is drawn at these widths. */
export const BANNER_WIDTHS = [640, 960, 1600] as const;
export type BannerWidth = (typeof BANNER_WIDTHS)[number];
export const DEFAULT_BANNER = '/imagenes/banner.webp';

/** The srcset of the home page's banner: the drawn one has narrower copies; an upload is one file. */
export function bannerSrcSet(banner: string): string | undefined {
  if (banner !== DEFAULT_BANNER) return undefined;
  return BANNER_WIDTHS.map((w) => `${w === 1600 ? DEFAULT_BANNER : `/imagenes/banner-${w}.webp`} ${w}w`).join(', ');
}
