// Where uploaded files live: DATA_DIR on this machine by default, or an S3-compatible bucket when
// S3_BUCKET is set (docs/decisions/0034). A key is `<folder>/<name>` and is always built by our code
// from a random or fixed name; the check below is a second guard, not the first.
import type { Readable } from 'node:stream';

export type StoredInfo = { bytes: number; modifiedAt: Date };

export interface UploadStore {
  /** Writes the whole file: a reader gets the previous one or this one, never a part. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream (for answers), or null when there is none. */
  stream(key: string): Promise<{ body: Readable; bytes: number } | null>;
  stat(key: string): Promise<StoredInfo | null>;
  /** Removing a file that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** Lets go of connections when the app closes. */
  close(): Promise<void>;
  readonly kind: 'disco' | 's3';
}

const KEY = /^[a-z-]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Clave de archivo no válida: ${key}`);
  return key;
}
