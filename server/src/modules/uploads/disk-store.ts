// The files under DATA_DIR (uploads/, catalogo/), as they always were: written to a temporary name
// and renamed, so a reader never sees half a file.
import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, type StoredInfo, type UploadStore } from './store.ts';

const missing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

export function diskStore(dataDir: string): UploadStore {
  const fileOf = (key: string) => path.join(dataDir, ...checkKey(key).split('/'));

  async function info(key: string): Promise<StoredInfo | null> {
    try {
      const s = await stat(fileOf(key));
      return s.isFile() ? { bytes: s.size, modifiedAt: s.mtime } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'disco',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, data);
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      // Opened first: a file removed meanwhile is still read whole, or is not found at all.
      let handle: FileHandle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), bytes: s.size };
    },
    stat: info,
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async close() {},
  };
}
