// The only file that listens: configuration, database, demo data, app, graceful shutdown.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { parseEnv } from './env.ts';
import { drenaje } from './http/drenaje.ts';
import { missingPublicUrlWarning } from './http/public-url.ts';

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// React picks its development or production build from NODE_ENV when first loaded, so the
// modules that load React are imported only after it is set.
process.env.NODE_ENV = env.NODE_ENV;
const { loadReactRouterProduction, reactBuilds } = await import('./ssr/react-router-produccion.ts');
if (env.NODE_ENV === 'production') loadReactRouterProduction();
const { buildApp } = await import('./app.ts');
const { openDatabase } = await import('./db/client.ts');
const { isEmpty, seedDemo } = await import('./db/seed/seed.ts');
const { startJobs } = await import('./jobs/jobs.ts');

// A demo without a real imprenta digital (IMPRENTA_FALSA=si, refused in production): a local fake
// numbers the facturas, and the store talks to it over HTTP as it would to a real one.
const imprentaFalsa =
  env.IMPRENTA_FALSA === 'si' ? await (await import('./modules/imprenta/imprenta.falsa.ts')).startImprentaFalsa() : null;
if (imprentaFalsa) {
  env = { ...env, ...imprentaFalsa.env };
  console.log(`Imprenta digital falsa (números de control de prueba) en ${imprentaFalsa.url}.`);
}

const root = path.resolve(import.meta.dirname, '../..');
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.dataDir,
  prepare: async (db) => {
    if (env.SEED !== 'demo' || !(await isEmpty(db))) return;
    const seeded = await seedDemo(db, new Date(), { ventas: true });
    console.log(`Base de datos nueva: datos de demostración cargados (${seeded.models} modelos, ${seeded.articles} artículos).`);
  },
});

const buildFile = path.join(root, 'build/server/index.js');
let build: ServerBuild | undefined;
try {
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
} catch {
  // Tests that start this very process (the PostgreSQL durability test) need only the API, and
  // the PostgreSQL suite runs before anything is built.
  if (env.NODE_ENV !== 'test') {
    console.error(`No se encontró la compilación de las páginas (${buildFile}). Ejecute "npm run build" o "npm start".`);
    process.exit(1);
  }
  console.warn('Sin compilación de las páginas: solo la API (NODE_ENV=test).');
}

const app = await buildApp({
  env,
  database,
  secret: env.SESSION_SECRET ?? (await localSecret(env.dataDir)),
  ssr: build ? { build, clientDir: path.join(root, 'build/client') } : undefined,
  logger: { level: env.LOG_LEVEL },
});
app.log.info({ compilaciones: reactBuilds() }, 'React Router y React: compilación de producción o de desarrollo');
app.log.info({ almacen: app.uploadStore.kind, bucket: env.S3_BUCKET }, 'subidas: en DATA_DIR (disco) o en el bucket S3');
const publicUrlWarning = missingPublicUrlWarning(env);
if (publicUrlWarning) app.log.warn(publicUrlWarning);
const jobs = await startJobs(app);
const http = drenaje(app.server);

let closing = false;
const SHUTDOWN_SECONDS = 30;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'cerrando el servidor');
  // The requests already taken finish before the exit: under load (a new process starting on the
  // same two cores) a hundred of them took more than 10 s to drain (docs/decisions/0032).
  const timer = setTimeout(() => {
    app.log.error(
      { signal, segundos: SHUTDOWN_SECONDS, enCurso: http.enCurso() },
      'cierre forzado: quedaban solicitudes o tareas sin terminar',
    );
    process.exit(1);
  }, SHUTDOWN_SECONDS * 1000);
  timer.unref();
  try {
    // A second's grace for requests already on their way, then no new connections, and the requests
    // in flight finish while the app still serves the pages' in-process API calls; then the ticks and
    // the periodic workers, then the app (its mail worker and the queue), then the database.
    await http.cerrar();
    await jobs.stop();
    await app.close();
    await database.close();
    await imprentaFalsa?.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error al cerrar');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.PORT, host: env.HOST });

/** Without SESSION_SECRET, one random secret kept in DATA_DIR (one machine; set it when scaling out). */
async function localSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
