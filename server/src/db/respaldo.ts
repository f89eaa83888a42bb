// Backups of a whole store: its database and the files under DATA_DIR (product photos, uploads,
// payment receipts, the catalogue PDF, the session secret), in one .tar.gz. On PostgreSQL the
// database goes as a pg_dump (custom format; taken while the store runs, consistent as of its
// start); on PGlite as its data folder, copied as it is, which only one process may hold: the store
// is stopped first. Restoring puts the files back in DATA_DIR and the database back where the configuration
// points (docs/despliegue.md §Respaldos). Files kept in S3 stay in the bucket and are not included.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { PGLITE_HOLDER_FILE, pgliteHolder } from './client.ts';

const run = promisify(execFile);

/** Inside the archive, beside DATA_DIR's files: what describes the backup and its database. */
const STAGING = '.respaldo';
const MANIFEST = 'respaldo.json';

type Manifest = { version: 1; creado: string; motor: 'pglite' | 'postgres' };

export class RespaldoInvalido extends Error {}

export type StoreLocation = { dataDir: string; databaseUrl?: string };

export async function backupStore(store: StoreLocation, file: string): Promise<Manifest> {
  const staging = path.join(store.dataDir, STAGING);
  if (existsSync(staging)) throw new RespaldoInvalido(`Ya hay un respaldo a medias en ${staging}: bórrelo y vuelva a intentarlo.`);
  const manifest: Manifest = { version: 1, creado: new Date().toISOString(), motor: store.databaseUrl ? 'postgres' : 'pglite' };
  await mkdir(staging, { recursive: true });
  try {
    if (store.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(staging, 'base.pgdump'), store.databaseUrl]);
    } else {
      const dir = path.join(store.dataDir, 'pglite');
      if (!existsSync(dir)) throw new RespaldoInvalido(`No hay una base embebida en ${dir}.`);
      const holder = await pgliteHolder(dir);
      if (holder) throw new RespaldoInvalido(`La tienda está abierta sobre esta base (proceso ${holder}): deténgala antes de respaldar.`);
      // A stopped store's folder is a whole PostgreSQL data folder: it goes into the archive as it is.
    }
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const entries = (await readdir(store.dataDir)).filter((name) => manifest.motor === 'pglite' || name !== 'pglite');
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const holderFile = path.join('pglite', PGLITE_HOLDER_FILE);
    await tar.create(
      { gzip: true, file, cwd: store.dataDir, portable: true, filter: (name) => path.normalize(name) !== holderFile },
      entries,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return manifest;
}

/**
 * Puts a backup back: DATA_DIR must be empty (or `force`, which empties it first), and on
 * PostgreSQL the database named by the configuration is replaced by the backup's.
 */
export async function restoreStore(store: StoreLocation, file: string, options: { force?: boolean } = {}): Promise<Manifest> {
  if (!existsSync(file)) throw new RespaldoInvalido(`No existe el archivo ${file}.`);
  await mkdir(store.dataDir, { recursive: true });
  const present = await readdir(store.dataDir);
  if (present.length > 0 && !options.force) {
    throw new RespaldoInvalido(
      `${store.dataDir} no está vacío: restaure en una carpeta vacía, o use --forzar para reemplazar lo que tiene.`,
    );
  }
  if (!store.databaseUrl && (await pgliteHolder(path.join(store.dataDir, 'pglite')))) {
    throw new RespaldoInvalido('La tienda está abierta sobre esta carpeta: deténgala antes de restaurar.');
  }
  for (const name of present) await rm(path.join(store.dataDir, name), { recursive: true, force: true });
  await tar.extract({ file, cwd: store.dataDir, strict: true });
  const staging = path.join(store.dataDir, STAGING);
  try {
    const manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8').catch(() => 'null')) as Manifest | null;
    if (manifest?.version !== 1) throw new RespaldoInvalido('El archivo no es un respaldo de Vitrina.');
    if (manifest.motor === 'postgres') {
      if (!store.databaseUrl)
        throw new RespaldoInvalido('El respaldo es de PostgreSQL: configure DATABASE_URL con la base donde restaurarlo.');
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--dbname',
        store.databaseUrl,
        path.join(staging, 'base.pgdump'),
      ]);
    } else if (store.databaseUrl) {
      throw new RespaldoInvalido('El respaldo es de la base embebida (PGlite): quite DATABASE_URL para restaurarlo.');
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
