// `npm run db:seed [-- --scale [models] [--ordenes N]]`: seeds the configured database (demo data, then the
// large catalogue and N purchase orders over it, 100.000 by default).
import { parseEnv } from '#server/env.ts';
import { openDatabase } from './client.ts';
import { seedScaleOrders } from './seed/escala-ordenes.ts';
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
    const ordersIndex = process.argv.indexOf('--ordenes');
    const orders = ordersIndex === -1 ? 100_000 : Number(process.argv[ordersIndex + 1]);
    if (!Number.isInteger(orders) || orders < 0) throw new Error('--ordenes espera un número entero de órdenes (0 para ninguna).');
    await seedScale(database.db, models);
    console.log(`Catálogo grande cargado (${models} modelos × 5 tallas).`);
    if (orders > 0) {
      const started = performance.now();
      const added = await seedScaleOrders(database.db, orders);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(added ? `${added} órdenes de compra cargadas en ${seconds} s.` : 'Las órdenes de prueba ya estaban cargadas.');
    }
  }
} finally {
  await database.close();
}
