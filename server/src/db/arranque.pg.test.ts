// Two processes starting together on a new, empty PostgreSQL database: both migrate and both would
// load the demo data. Under the start-up lock exactly one loads it, the other finds it loaded, and
// neither fails (before, the second crashed on the first one's rows).
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { isEmpty, seedDemo } from '#server/db/seed/seed.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { createPostgresDatabase, DEMO_NOW } from '#test/build-test-app.ts';

let created: { url: string; drop: () => Promise<void> };
const opened: Database[] = [];

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Esta prueba necesita DATABASE_URL (npm run test:pg).');
  created = await createPostgresDatabase(serverUrl);
});

afterAll(async () => {
  for (const database of opened) await database.close();
  await created?.drop();
});

describe('arranque de varios procesos sobre una base vacía', () => {
  it('uno solo carga la demostración; los dos arrancan', async () => {
    const loads: string[] = [];
    // The same preparation as main.ts: demo data only when the database is empty.
    const start = (name: string) =>
      openDatabase({
        url: created.url,
        dataDir: null,
        prepare: async (db) => {
          if (!(await isEmpty(db))) return;
          await seedDemo(db, DEMO_NOW);
          loads.push(name);
        },
      });
    const results = await Promise.allSettled([start('A'), start('B'), start('C')]);
    for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(loads).toHaveLength(1);
    // Loaded once: one set of stores, not two.
    const [{ n }] = await opened[0].db.select({ n: count() }).from(tiendas);
    const [{ again }] = await opened[1].db.select({ again: count() }).from(tiendas);
    expect(n).toBeGreaterThan(0);
    expect(again).toBe(n);
  });
});
