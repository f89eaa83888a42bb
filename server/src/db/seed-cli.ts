// `npm run db:seed [-- --scale [models]]`: seeds the configured database (demo data, then the large catalogue).
import { parseEnv } from '#server/env.ts';
import { openDatabase } from './client.ts';
import { isEmpty, seedDemo, seedScale } from './seed/seed.ts';

const env = parseEnv(process.env);
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
try {
  if (await isEmpty(database.db)) {
    const result = await seedDemo(database.db, new Date(), { ventas: true });
    console.log(`Datos de demostración cargados: ${result.models} modelos, ${result.articles} artículos.`);
  } else {
    console.log('La base de datos ya tiene datos de demostración.');
  }
  const scaleIndex = process.argv.indexOf('--scale');
  if (scaleIndex !== -1) {
    const models = Number(process.argv[scaleIndex + 1] ?? 20000) || 20000;
    await seedScale(database.db, models);
    console.log(`Catálogo grande cargado (${models} modelos × 5 tallas).`);
  }
} finally {
  await database.close();
}
