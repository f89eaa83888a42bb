// The same backup on PostgreSQL (only in `npm run test:pg`): the database goes as a pg_dump taken
// while the store runs, with DATA_DIR's files; restored into an empty database and folder, the
// orders, payments, documents and receipts are all there.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { createPostgresDatabase, createSeededPostgresDatabase, TEST_ENV, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, stockedArticle } from '#test/ordenes.ts';
import { openDatabase } from './client.ts';

const run = promisify(execFile);
const cleanup: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function cli(env: { dataDir: string; url: string }, ...args: string[]) {
  const { stdout } = await run(process.execPath, ['server/src/db/respaldo-cli.ts', ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: env.dataDir, DATABASE_URL: env.url },
  });
  return stdout;
}

async function openStore(url: string, dataDir: string): Promise<TestApp> {
  const database = await openDatabase({ url, dataDir: null });
  const app = await buildApp({ env: parseEnv({ ...TEST_ENV, DATA_DIR: dataDir }), database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const counts = async (t: TestApp) =>
  (
    await rows<Record<string, unknown>>(
      t,
      sql`SELECT (SELECT count(*) FROM ordenes_compra)::int AS ordenes, (SELECT count(*) FROM orden_pagos)::int AS pagos,
        (SELECT count(*) FROM ventas)::int AS documentos, (SELECT coalesce(sum(total), 0)::text FROM ventas) AS total,
        (SELECT max(code) FROM ordenes_compra) AS ultima`,
    )
  )[0];

describe('respaldo y restauración sobre PostgreSQL', () => {
  it('pg_dump con la tienda abierta y los archivos; restaurado en una base y carpeta vacías, está todo', async () => {
    const serverUrl = process.env.DATABASE_URL ?? '';
    const source = await createSeededPostgresDatabase(serverUrl);
    cleanup.push(source.drop);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-respaldo-pg-'));
    const restoredDir = await mkdtemp(path.join(tmpdir(), 'vitrina-respaldo-pg-restaurada-'));
    cleanup.push(
      () => rm(dataDir, { recursive: true, force: true }),
      () => rm(restoredDir, { recursive: true, force: true }),
    );

    const store = await openStore(source.url, dataDir);
    const order = await ordenesDriver(store).registrarOrden(
      orderBody(await stockedArticle(store, 5), {
        buyer: otroComprador(4),
        payment: { method: 'zelle', reference: 'ZRESPALDOPG', amount: '10.00', date: '2026-11-20' },
      }),
      'respaldo-pg-1',
    );
    const before = await counts(store);
    expect(before.ultima).toBe(order.code);
    const file = path.join(restoredDir, '..', `respaldo-${path.basename(restoredDir)}.tar.gz`);
    cleanup.push(() => rm(file, { force: true }));
    // Taken while the store is open.
    expect(await cli({ dataDir, url: source.url }, 'respaldar', file)).toContain('Respaldo de la tienda (postgres) guardado');
    await store.close();

    const target = await createPostgresDatabase(serverUrl);
    cleanup.push(target.drop);
    expect(await cli({ dataDir: restoredDir, url: target.url }, 'restaurar', file)).toContain('Tienda restaurada');
    expect((await readdir(restoredDir)).sort()).toEqual((await readdir(dataDir)).sort());
    const restored = await openStore(target.url, restoredDir);
    try {
      expect(await counts(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
