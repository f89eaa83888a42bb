// A counter sale racing web checkouts for the last unit: whoever comes first gets it, exactly once,
// and the stock ledger still adds up (PGlite queues the statements; PostgreSQL runs them at once).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { BUYERS_AT_ONCE, type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { ledgerMismatches } from '#test/mostrador.ts';
import { BUYER, DELIVERY, otroComprador } from '#test/ordenes.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let ccs: number;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  [{ id: ccs }] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas WHERE code = 'CCS'`);
});

afterAll(async () => {
  await t?.close();
});

async function contar(articleCode: string, counted: number) {
  const response = await api.call('inventario', 'POST', '/api/almacen/movimientos', {
    kind: 'conteo',
    articleCode,
    tiendaId: ccs,
    counted,
  });
  if (response.statusCode !== 201) throw new Error(`conteo ${articleCode}: ${response.statusCode} ${response.body}`);
}

let buyer = 500;

describe('venta de mostrador contra compras web por la última unidad', () => {
  it('la última unidad se vende una sola vez, en cada ronda', async () => {
    const token = await api.tokenOf('vendedor-admin');
    const articles = await rows<{ code: string }>(
      t,
      sql`SELECT DISTINCT ON (m.code) a.code FROM articulos a JOIN modelos m ON m.code = a.model_code WHERE m.active ORDER BY m.code, a.code LIMIT 3`,
    );
    for (const { code } of articles) {
      await contar(code, 1);
      const attempts = Array.from({ length: BUYERS_AT_ONCE }, (_, i) => {
        buyer += 1;
        const who = otroComprador(buyer);
        if (i % 2 === 0) {
          return api.registrar(
            {
              user: { ...BUYER, ...who },
              delivery: DELIVERY,
              items: [{ articleCode: code, stores: [{ tiendaId: ccs, quantity: 1 }] }],
              payment: { method: 'pago-pendiente' },
            },
            randomUUID(),
          );
        }
        return t.app.inject(
          asBearer(token, {
            method: 'POST',
            url: '/api/ventas/registrar',
            headers: { 'idempotency-key': randomUUID() },
            remoteAddress: nextIp(),
            // Cash in bolívares well over the price: the change goes back.
            payload: {
              cliente: { dni: who.dni, name: who.fullName },
              tiendaId: ccs,
              lines: [{ articleCode: code, quantity: 1 }],
              condition: 'contado',
              payments: [{ method: 'efectivo-bs', amount: '900000.00' }],
            },
          }),
        );
      });
      const answers = await Promise.all(attempts);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 201 && s !== 400)).toEqual([]);
      const [stock] = await rows<{ quantity: number; held: number }>(
        t,
        sql`SELECT quantity, held FROM inventario WHERE article_code = ${code} AND tienda_id = ${ccs}`,
      );
      const [{ sold }] = await rows<{ sold: number }>(t, sql`SELECT count(*)::int AS sold FROM venta_lineas WHERE article_code = ${code}`);
      // Either a web order holds it (on hand 1, held 1) or the counter sold it (on hand 0).
      expect(sold === 1 ? stock : { quantity: stock.quantity - stock.held, held: 0 }).toEqual({ quantity: 0, held: 0 });
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
