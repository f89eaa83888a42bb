// Photos uploaded by the staff: checked (type, weight, size in pixels), re-encoded with sharp to the
// storefront's WebP widths in its 4:5 frame, and kept as fotos/{key}-{width}.webp in the upload store
// (DATA_DIR or the S3 bucket, modules/uploads/store.ts).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '#domain/catalogo-urls.ts';
import { FOTO_LIMITS } from '#domain/contracts/configuracion.ts';
import type { UploadStore } from '#server/modules/uploads/store.ts';

export type EncodedPhoto = { width: number; height: number; files: Map<ImageWidth, Buffer> };

export type PhotoCheck = { ok: true; photo: EncodedPhoto } | { ok: false; motivo: string };

const TYPE_NAMES = 'JPEG, PNG o WebP';
const MB = 1024 * 1024;

/** The storefront frames every picture at 4:5 (640 × 800). */
const heightFor = (width: number) => (width * 5) / 4;

/** Checks one uploaded file and encodes its widths; `label` names it in the refusal. */
export async function encodePhoto(bytes: Buffer, label: string): Promise<PhotoCheck> {
  if (bytes.length === 0) return { ok: false, motivo: `La foto «${label}» está vacía.` };
  if (bytes.length > FOTO_LIMITS.maxBytes) {
    return { ok: false, motivo: `La foto «${label}» pesa más de ${FOTO_LIMITS.maxBytes / MB} MB.` };
  }
  // sharp refuses pictures of more pixels than this before decoding them (a small file can
  // claim an enormous size).
  const limitInputPixels = FOTO_LIMITS.maxSide * FOTO_LIMITS.maxSide;
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels }).metadata();
  } catch {
    return { ok: false, motivo: `La foto «${label}» no es una imagen ${TYPE_NAMES} que se pueda leer.` };
  }
  if (!meta.format || !(FOTO_LIMITS.types as readonly string[]).includes(meta.format)) {
    return { ok: false, motivo: `La foto «${label}» no es ${TYPE_NAMES} (es ${meta.format ?? 'otro formato'}).` };
  }
  // Phones store portraits sideways with an EXIF orientation: the size that counts is the one shown.
  const sideways = (meta.orientation ?? 1) >= 5;
  const width = (sideways ? meta.height : meta.width) ?? 0;
  const height = (sideways ? meta.width : meta.height) ?? 0;
  if (width > FOTO_LIMITS.maxSide || height > FOTO_LIMITS.maxSide) {
    return { ok: false, motivo: `La foto «${label}» mide ${width} × ${height} px: el máximo es ${FOTO_LIMITS.maxSide} px por lado.` };
  }
  if (width < FOTO_LIMITS.minWidth || height < FOTO_LIMITS.minHeight) {
    return {
      ok: false,
      motivo: `La foto «${label}» mide ${width} × ${height} px: debe tener al menos ${FOTO_LIMITS.minWidth} × ${FOTO_LIMITS.minHeight} px.`,
    };
  }
  try {
    const files = new Map<ImageWidth, Buffer>();
    for (const w of IMAGE_WIDTHS) {
      // rotate() applies the EXIF orientation; the metadata (GPS and the like) is not copied.
      const encoded = await sharp(bytes, { limitInputPixels })
        .rotate()
        .resize({ width: w, height: heightFor(w), fit: 'cover', position: 'centre' })
        .webp({ quality: 82 })
        .toBuffer();
      files.set(w, encoded);
    }
    return { ok: true, photo: { width, height, files } };
  } catch {
    return { ok: false, motivo: `La foto «${label}» está dañada y no se pudo convertir.` };
  }
}

/** A new key for a model's photo: never reused, so its URLs can be cached for good. */
export function newPhotoKey(modelCode: string): string {
  return `${modelCode}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export const PHOTO_KEY = /^[A-Z0-9-]{5,20}-[0-9A-F]{8}$/;

function keyOf(key: string, width: number): string {
  if (!PHOTO_KEY.test(key)) throw new TypeError(`Clave de foto no válida: ${key}`);
  return `fotos/${key}-${width}.webp`;
}

/** Writes every width of a photo (the store writes each whole, so a reader never sees half of one). */
export async function savePhotoFiles(store: UploadStore, key: string, photo: EncodedPhoto): Promise<void> {
  for (const [width, bytes] of photo.files) await store.put(keyOf(key, width), bytes, 'image/webp');
}

export async function removePhotoFiles(store: UploadStore, key: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((w) => store.remove(keyOf(key, w))));
}

/** The bytes of one width, or null when there is no such file. */
export async function readPhotoFile(store: UploadStore, key: string, width: number): Promise<Buffer | null> {
  if (!PHOTO_KEY.test(key)) return null;
  return store.get(keyOf(key, width));
}
