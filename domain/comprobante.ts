// The picture of a payment a buyer attaches to the payment they report: what is accepted, told by
// the file's first bytes (its "magic number"), never by its name or the type the browser claims.

export const RECEIPT_LIMITS = {
  /** A phone's screenshot or photo of a bank receipt fits well within this. */
  maxBytes: 5 * 1024 * 1024,
  /** Pictures larger than this per side are refused before they are decoded. */
  maxSide: 8000,
  /** And larger than this in all (a 24 MP phone photo decodes to ~100 MB): read from the header, before decoding. */
  maxPixels: 24_000_000,
  /** Kept at most this wide: the receipt's text stays readable. */
  storedWidth: 1400,
} as const;

export const RECEIPT_TYPES_TEXT = 'JPEG, PNG o WebP';

export type ReceiptFormat = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The picture format the bytes begin with, or null for anything else (PDF, SVG, HTML, a renamed file…). */
export function receiptFormatOf(bytes: Uint8Array): ReceiptFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** A stored receipt's file name: 32 random hex digits and .webp; nothing the client sends names a file. */
export const RECEIPT_NAME = /^[0-9a-f]{32}\.webp$/;
