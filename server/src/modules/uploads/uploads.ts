// The one safe path for pictures the staff upload (blog today; the gallery and page settings
// later): the type is read from the bytes (file-type) and must agree with what sharp decodes,
// the size is capped, the picture is re-encoded to WebP (metadata dropped, SVG never accepted)
// and stored with a random name under uploads/ in the upload store (DATA_DIR or an S3 bucket,
// store.ts). Nothing the client sends names a file.
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { UploadStore } from './store.ts';

export const UPLOAD_LIMITS = {
  /** A photo from a phone fits well within this. */
  photoBytes: 8 * 1024 * 1024,
  /** sharp refuses a picture of more pixels than this before decoding it. */
  maxSide: 8000,
  /** Stored at most this wide: enough for a post's cover on a large screen. */
  storedWidth: 1600,
} as const;

const ACCEPTED = new Map([
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

export type StoredImage = { ok: true; name: string; width: number; height: number } | { ok: false; motivo: string };

const MB = 1024 * 1024;

export function uploadUrl(name: string): string {
  return `/uploads/${name}`;
}

type Checked = { ok: true } | { ok: false; motivo: string };

/** The checks every upload passes before it is decoded for good: size, type from the bytes, what sharp reads. */
async function check(bytes: Buffer): Promise<Checked> {
  if (bytes.length === 0) return { ok: false, motivo: 'El archivo está vacío.' };
  if (bytes.length > UPLOAD_LIMITS.photoBytes) {
    return { ok: false, motivo: `La imagen pesa más de ${UPLOAD_LIMITS.photoBytes / MB} MB.` };
  }
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? ACCEPTED.get(detected.mime) : undefined;
  if (!format) {
    return { ok: false, motivo: 'El archivo no es una imagen JPEG, PNG o WebP (se revisa su contenido, no su nombre).' };
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: LIMIT_PIXELS }).metadata();
    // A file that starts like one format and decodes as another is a polyglot: refused.
    if (meta.format !== format) return { ok: false, motivo: 'El archivo no es una imagen JPEG, PNG o WebP válida.' };
  } catch {
    return { ok: false, motivo: 'La imagen está dañada o es demasiado grande para leerla.' };
  }
  return { ok: true };
}

const LIMIT_PIXELS = UPLOAD_LIMITS.maxSide * UPLOAD_LIMITS.maxSide;

/** rotate() applies the EXIF orientation; sharp copies no metadata (GPS and the like) unless asked. */
function encode(bytes: Buffer, width: number) {
  return sharp(bytes, { limitInputPixels: LIMIT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
}

const keyOf = (name: string) => `uploads/${name}`;

function writeStored(store: UploadStore, name: string, data: Buffer): Promise<void> {
  return store.put(keyOf(name), data, 'image/webp');
}

const newKey = () => randomBytes(16).toString('hex');

/** Checks, re-encodes and stores one picture; a refusal says why in Spanish. */
export async function storeImage(store: UploadStore, bytes: Buffer): Promise<StoredImage> {
  const checked = await check(bytes);
  if (!checked.ok) return checked;
  let encoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    encoded = await encode(bytes, UPLOAD_LIMITS.storedWidth);
  } catch {
    return { ok: false, motivo: 'La imagen está dañada o es demasiado grande para leerla.' };
  }
  const name = `${newKey()}.webp`;
  await writeStored(store, name, encoded.data);
  return { ok: true, name, width: encoded.info.width, height: encoded.info.height };
}

/** The widths a gallery photo is kept in: thumbnails, the page, the lightbox. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

export type StoredVariants = { ok: true; key: string; width: number; height: number } | { ok: false; motivo: string };

/** Like storeImage, in every width of VARIANT_WIDTHS (`{key}-{width}.webp`); width and height are the largest's. */
export async function storeImageVariants(store: UploadStore, bytes: Buffer): Promise<StoredVariants> {
  const checked = await check(bytes);
  if (!checked.ok) return checked;
  const key = newKey();
  const encoded: { width: number; data: Buffer; info: sharp.OutputInfo }[] = [];
  try {
    for (const width of VARIANT_WIDTHS) encoded.push({ width, ...(await encode(bytes, width)) });
  } catch {
    return { ok: false, motivo: 'La imagen está dañada o es demasiado grande para leerla.' };
  }
  try {
    for (const variant of encoded) await writeStored(store, `${key}-${variant.width}.webp`, variant.data);
  } catch (error) {
    // The store failed (disk full, bucket unreachable): no half-stored photo stays behind.
    await removeVariants(store, key).catch(() => undefined);
    throw error;
  }
  const largest = encoded[encoded.length - 1].info;
  return { ok: true, key, width: largest.width, height: largest.height };
}

export function variantUrl(key: string, width: (typeof VARIANT_WIDTHS)[number]): string {
  return uploadUrl(`${key}-${width}.webp`);
}

/** A stored file's name: one picture, or one width of a picture with variants. */
const STORED_FILE = /^[0-9a-f]{32}(?:-(?:480|960|1600))?\.webp$/;

export async function removeVariants(store: UploadStore, key: string): Promise<void> {
  if (!/^[0-9a-f]{32}$/.test(key)) return;
  await Promise.all(VARIANT_WIDTHS.map((w) => store.remove(keyOf(`${key}-${w}.webp`))));
}

/** Removes one stored picture by its URL (/uploads/{name}); anything else is left alone. */
export async function removeUpload(store: UploadStore, url: string): Promise<void> {
  const name = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : '';
  if (!STORED_FILE.test(name)) return;
  await store.remove(keyOf(name));
}

/** Whether a stored upload exists; a name that is not one of ours never reaches the store. */
export async function uploadExists(store: UploadStore, name: string): Promise<boolean> {
  return STORED_FILE.test(name) && (await store.stat(keyOf(name))) !== null;
}

/** A stored upload as a stream, or null (the same guard on the name). */
export function streamUpload(store: UploadStore, name: string): ReturnType<UploadStore['stream']> {
  return STORED_FILE.test(name) ? store.stream(keyOf(name)) : Promise.resolve(null);
}
