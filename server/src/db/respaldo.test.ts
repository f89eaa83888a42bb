// A store on the embedded database (PGlite in DATA_DIR) with orders, payments, sales documents and a
// payment receipt on disk: backed up, wiped, restored, and everything is there again. The store
// must be stopped to back it up or restore it; a non-empty folder is not overwritten by accident.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { TEST_ENV, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, stockedArticle } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';
import { openDatabase } from './client.ts';
import { isEmpty, seedDemo } from './seed/seed.ts';

const run = promisify(execFile);
let dataDir: string;

/** The backup command line in a process of its own, on this store's DATA_DIR. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['server/src/db/respaldo-cli.ts', ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}
let work: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-respaldo-'));
  work = await mkdtemp(path.join(tmpdir(), 'vitrina-respaldo-archivo-'));
});

afterAll(async () => {
  for (const dir of [dataDir, work]) if (dir) await rm(dir, { recursive: true, force: true });
});

async function openStore(): Promise<TestApp> {
  const database = await openDatabase({
    dataDir,
    prepare: async (db) => {
      if (await isEmpty(db)) await seedDemo(db, new Date(), { ventas: true });
    },
  });
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

/** What must survive: counts of the money tables, and every file under DATA_DIR with its hash. */
async function picture(t: TestApp) {
  const [counts] = await rows<Record<string, number>>(
    t,
    sql`SELECT (SELECT count(*) FROM ordenes_compra)::int AS ordenes, (SELECT count(*) FROM orden_pagos)::int AS pagos,
      (SELECT count(*) FROM ventas)::int AS documentos, (SELECT count(*) FROM venta_pagos)::int AS cobros,
      (SELECT coalesce(sum(total), 0)::text FROM ventas) AS total`,
  );
  const files: Record<string, string> = {};
  for (const name of await readdir(dataDir, { recursive: true })) {
    const full = path.join(dataDir, name);
    if (name.startsWith('pglite')) continue;
    const bytes = await readFile(full).catch(() => null);
    if (bytes) files[name] = createHash('sha256').update(bytes).digest('hex');
  }
  return { counts, files };
}

describe('respaldo y restauración de la tienda en la base embebida', () => {
  it('respalda una tienda con órdenes, pagos, documentos y un comprobante; borrada y restaurada, está todo', async () => {
    let store = await openStore();
    const api = ordenesDriver(store);
    const stocked = await stockedArticle(store, 10);
    const order = await api.registrarOrden(
      orderBody(stocked, {
        buyer: otroComprador(3),
        payment: { method: 'zelle', reference: 'ZRESPALDO1', amount: '10.00', date: '2026-11-20' },
      }),
      'respaldo-orden-1',
    );
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ddd' } })
      .jpeg()
      .toBuffer();
    const boundary = '----respaldo';
    const receipt = await store.app.inject({
      method: 'POST',
      url: `/api/orden-compra/comprobante/${order.code}?t=${order.token}`,
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="comprobante"; filename="c.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const before = await picture(store);
    expect(before.counts.documentos).toBeGreaterThan(0);
    expect(Object.keys(before.files).some((name) => name.startsWith('comprobantes/'))).toBe(true);

    // While the store is open its folder is not copied.
    const file = path.join(work, 'tienda.tar.gz');
    const open = openDatabase({ dataDir }).then(
      () => 'abrió',
      (error: Error) => error.message,
    );
    expect(await open).toContain('está abierta por otro proceso');
    await store.close();

    // As a person runs them: npm run db:backup / db:restore, each its own process.
    expect(await cli('respaldar', file)).toMatchObject({
      code: 0,
      out: expect.stringContaining('Respaldo de la tienda (pglite) guardado'),
    });
    // Restoring over a store that has data needs --forzar.
    expect(await cli('restaurar', file)).toMatchObject({ code: 1, err: expect.stringContaining('no está vacío') });
    await rm(dataDir, { recursive: true, force: true });
    expect(await cli('restaurar', file)).toMatchObject({ code: 0, out: expect.stringContaining('Tienda restaurada') });

    store = await openStore();
    const restored = ordenesDriver(store);
    try {
      expect(await picture(store)).toEqual(before);
      // The restored store shows the receipt to staff, from its restored file.
      const [payment] = await rows<{ id: number }>(
        store,
        sql`SELECT id FROM orden_pagos WHERE receipt IS NOT NULL ORDER BY id DESC LIMIT 1`,
      );
      const seen = await restored.call('administracion', 'GET', `/api/orden-compra/pagos/${payment.id}/comprobante`);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['content-type']).toBe('image/webp');
    } finally {
      await store.close();
    }
  }, 300_000);
});
