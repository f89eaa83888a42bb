// `npm run db:backup -- <archivo.tar.gz>` and `npm run db:restore -- <archivo.tar.gz> [--forzar]`:
// the store's database and files (server/src/db/respaldo.ts), where the configuration says
// (DATA_DIR, DATABASE_URL).
import { parseEnv } from '#server/env.ts';
import { backupStore, RespaldoInvalido, restoreStore } from './respaldo.ts';

const env = parseEnv(process.env);
const [command, file] = process.argv.slice(2);
const store = { dataDir: env.dataDir, databaseUrl: env.DATABASE_URL };
try {
  if (command === 'respaldar' && file) {
    const manifest = await backupStore(store, file);
    console.log(`Respaldo de la tienda (${manifest.motor}) guardado en ${file}.`);
  } else if (command === 'restaurar' && file) {
    const manifest = await restoreStore(store, file, { force: process.argv.includes('--forzar') });
    console.log(`Tienda restaurada desde ${file} (respaldo del ${manifest.creado}, ${manifest.motor}).`);
  } else {
    console.error('Uso: npm run db:backup -- <archivo.tar.gz>  |  npm run db:restore -- <archivo.tar.gz> [--forzar]');
    process.exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof RespaldoInvalido)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
