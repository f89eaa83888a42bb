import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/seed.ts';
import { parseEnv } from '../src/env.ts';

let t = performance.now();
const lap = (s: string) => {
  const n = performance.now();
  console.log(s, Math.round(n - t));
  t = n;
};
const database = await openDatabase({ dataDir: null });
lap('open+migrate');
await seedDemo(database.db, new Date('2026-11-22T12:00:00Z'));
lap('seed');
const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test' }), database, logger: false });
await app.ready();
lap('app');
await app.close();
await database.close();
lap('close');
