import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rows } from '../../test/inject.ts';
import { BUYER, orderBody, registrarOrden, stockedArticle } from '../../test/ordenes.ts';
import { nextIp } from '../../test/sessions.ts';
import type { Db } from '../db/client.ts';
import { ReglaNegocio } from '../errors.ts';
import { cambiarPaso, type OrderContext } from '../modules/orden-compra/orden-compra.service.ts';
import { runJobs } from './jobs.ts';

let t: TestApp;
let article = '';
let storeId = 0;
const HOUR = 3_600_000;

function context(): OrderContext {
  return {
    db: t.database.db,
    mailer: t.app.authContext().mailer,
    unpaidHours: t.app.deps.env.ORDEN_IMPAGA_HORAS,
    publicUrl: t.app.authContext().publicUrl,
  };
}

const logged: { level: string; msg: string }[] = [];
const log = {
  info: (_obj: unknown, msg?: string) => void logged.push({ level: 'info', msg: msg ?? '' }),
  error: (_obj: unknown, msg?: string) => void logged.push({ level: 'error', msg: msg ?? '' }),
} as Parameters<typeof runJobs>[1];

function registrar(quantity: number, key: string): Promise<string> {
  return registrarOrden(t, orderBody({ article, storeId }, { quantity }), key);
}

async function held(): Promise<number> {
  const [row] = await rows<{ held: number }>(
    t,
    sql`SELECT held FROM inventario WHERE article_code = ${article} AND tienda_id = ${storeId}`,
  );
  return row.held;
}

async function stepOf(code: string): Promise<string> {
  const [row] = await rows<{ step: string }>(t, sql`SELECT step FROM ordenes_compra WHERE code = ${code}`);
  return row.step;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ article, storeId } = await stockedArticle(t, 10));
});

afterAll(async () => {
  await t?.close();
});

describe('tareas periódicas', () => {
  it('una orden sin pago vencida se anula con nota en el historial y devuelve su existencia; una reserva vencida del carrito se libera', async () => {
    const code = await registrar(3, 'vence-sin-pago-1');
    const cartHold = await t.app.inject({
      method: 'POST',
      url: '/api/carrito/bloquear/item/tiendas',
      remoteAddress: nextIp(),
      payload: { articleCode: article, stores: [{ tiendaId: storeId, quantity: 2 }] },
    });
    expect(cartHold.statusCode).toBe(200);
    expect(await held()).toBe(5);

    // Before ORDEN_IMPAGA_HORAS (and the cart's 15 minutes) nothing changes.
    expect(await runJobs(context(), log, new Date(Date.now() + 10 * 60_000))).toEqual({
      expiredOrders: 0,
      releasedHolds: 0,
      failed: 0,
    });
    expect(await stepOf(code)).toBe('pendiente');

    const later = new Date(Date.now() + (t.app.deps.env.ORDEN_IMPAGA_HORAS + 1) * HOUR);
    expect(await runJobs(context(), log, later)).toEqual({ expiredOrders: 1, releasedHolds: 1, failed: 0 });
    expect(await stepOf(code)).toBe('anulada');
    expect(await held()).toBe(0);
    const history = await rows<{ from_step: string | null; to_step: string; note: string }>(
      t,
      sql`SELECT h.from_step, h.to_step, h.note FROM orden_historial h JOIN ordenes_compra o ON o.id = h.order_id
          WHERE o.code = ${code} ORDER BY h.id`,
    );
    expect(history).toEqual([
      { from_step: null, to_step: 'pendiente', note: '' },
      { from_step: 'pendiente', to_step: 'anulada', note: 'Vencida sin pago' },
    ]);
    const [{ open }] = await rows<{ open: number }>(
      t,
      sql`SELECT count(*)::int AS open FROM reservas WHERE article_code = ${article} AND released_at IS NULL`,
    );
    expect(open).toBe(0);

    // A second pass (or another process) finds nothing left to do.
    expect(await runJobs(context(), log, later)).toEqual({ expiredOrders: 0, releasedHolds: 0, failed: 0 });
    expect(await held()).toBe(0);
  });

  it('una orden cuyo pago se reportó después de listarla como vencida no se anula', async () => {
    const code = await registrar(1, 'vence-pagada-1');
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/orden-compra/registrar-pago',
      remoteAddress: nextIp(),
      payload: {
        code,
        email: BUYER.email,
        payment: { method: 'zelle', reference: 'ZL-778899', amount: '10.00', date: '2026-11-22' },
      },
    });
    expect(paid.statusCode).toBe(200);
    // What the job does for an order it listed before the payment arrived.
    const later = new Date(Date.now() + (t.app.deps.env.ORDEN_IMPAGA_HORAS + 1) * HOUR);
    await expect(cambiarPaso(context(), code, 'anular', null, { note: 'Vencida sin pago', unpaidExpiredBy: later })).rejects.toThrow(
      ReglaNegocio,
    );
    expect((await runJobs(context(), log, later)).expiredOrders).toBe(0);
    expect(await stepOf(code)).toBe('pago-por-confirmar');
    expect(await held()).toBe(1);
  });

  it('un error de la base de datos se registra en el log y no se lanza', async () => {
    const broken = new Proxy(
      {},
      {
        get() {
          throw new Error('sin conexión');
        },
      },
    ) as Db;
    logged.length = 0;
    const result = await runJobs({ ...context(), db: broken }, log);
    expect(result).toEqual({ expiredOrders: 0, releasedHolds: 0, failed: 2 });
    expect(logged.filter((l) => l.level === 'error')).toHaveLength(2);
  });
});
