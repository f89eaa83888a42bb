// Receipts of reported payments on disk: checked (first bytes, weight, size in pixels, and sharp must
// read the same format), re-encoded to WebP without metadata, and kept under DATA_DIR/comprobantes
// with a random name. They hold a buyer's bank data: no public URL serves them.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RECEIPT_LIMITS, RECEIPT_NAME, RECEIPT_TYPES_TEXT, receiptFormatOf } from '#domain/comprobante.ts';

export type StoredReceipt = { ok: true; name: string } | { ok: false; motivo: string };

const MB = 1024 * 1024;

function receiptsDir(dataDir: string): string {
  return path.join(dataDir, 'comprobantes');
}

export async function storeReceipt(dataDir: string, bytes: Buffer): Promise<StoredReceipt> {
  if (bytes.length === 0) return { ok: false, motivo: 'El archivo del comprobante está vacío.' };
  if (bytes.length > RECEIPT_LIMITS.maxBytes) {
    return { ok: false, motivo: `El comprobante pesa más de ${RECEIPT_LIMITS.maxBytes / MB} MB.` };
  }
  const format = receiptFormatOf(bytes);
  if (!format)
    return { ok: false, motivo: `El comprobante debe ser una imagen ${RECEIPT_TYPES_TEXT} (se revisa su contenido, no su nombre).` };
  const limitInputPixels = RECEIPT_LIMITS.maxSide * RECEIPT_LIMITS.maxSide;
  let webp: Buffer;
  try {
    // metadata() reads the header only.
    const meta = await sharp(bytes, { limitInputPixels }).metadata();
    // A file that starts like one format and decodes as another is not taken.
    if (meta.format !== format) return { ok: false, motivo: `El comprobante no es una imagen ${RECEIPT_TYPES_TEXT} válida.` };
    if ((meta.width ?? 0) * (meta.height ?? 0) > RECEIPT_LIMITS.maxPixels) {
      return {
        ok: false,
        motivo: `La imagen del comprobante es demasiado grande (más de ${RECEIPT_LIMITS.maxPixels / 1_000_000} megapíxeles): envíe una captura de pantalla o una foto más pequeña.`,
      };
    }
    // rotate() applies the EXIF orientation; no metadata (GPS and the like) is copied.
    webp = await sharp(bytes, { limitInputPixels })
      .rotate()
      .resize({ width: RECEIPT_LIMITS.storedWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return { ok: false, motivo: 'La imagen del comprobante está dañada o es demasiado grande para leerla.' };
  }
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const dir = receiptsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, webp);
  await rename(tmp, file);
  return { ok: true, name };
}

/** The bytes of a stored receipt, or null; a name that is not one of ours never reaches the file system. */
export async function readReceipt(dataDir: string, name: string): Promise<Buffer | null> {
  if (!RECEIPT_NAME.test(name)) return null;
  try {
    return await readFile(path.join(receiptsDir(dataDir), name));
  } catch {
    return null;
  }
}

export async function removeReceipt(dataDir: string, name: string): Promise<void> {
  if (RECEIPT_NAME.test(name)) await rm(path.join(receiptsDir(dataDir), name), { force: true });
}
