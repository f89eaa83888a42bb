import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { ReglaNegocio } from '#server/errors.ts';
import { cambiarPaso } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { BUYER, type OrderBodyOptions, orderBody, otroComprador, stockedArticle } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';
import { runJobs } from './jobs.ts';

let t: TestApp;
let api: OrdenesDriver;
let article = '';
let storeId = 0;
const HOUR = 3_600_000;

const context = () => api.context();

const logged: { level: string; msg: string }[] = [];
const log = {
  info: (_obj: unknown, msg?: string) => void logged.push({ level: 'info', msg: msg ?? '' }),
  error: (_obj: unknown, msg?: string) => void logged.push({ level: 'error', msg: msg ?? '' }),
} as Parameters<typeof runJobs>[1];

async function registrar(quantity: number, key: string, options: OrderBodyOptions = {}): Promise<string> {
  return (await api.registrarOrden(orderBody({ article, storeId }, { quantity, ...options }), key)).code;
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
  api = ordenesDriver(t);
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
    expect(await runJobs(context(), log, new Date(Date.now() + 10 * 60_000))).toMatchObject({
      expiredOrders: 0,
      releasedHolds: 0,
      failed: 0,
    });
    expect(await stepOf(code)).toBe('pendiente');

    const later = new Date(Date.now() + (t.app.deps.env.ORDEN_IMPAGA_HORAS + 1) * HOUR);
    expect(await runJobs(context(), log, later)).toMatchObject({ expiredOrders: 1, releasedHolds: 1, failed: 0 });
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
    expect(await runJobs(context(), log, later)).toMatchObject({ expiredOrders: 0, releasedHolds: 0, failed: 0 });
    expect(await held()).toBe(0);
  });

  it('una orden cuyo pago se reportó después de listarla como vencida no se anula', async () => {
    const code = await registrar(1, 'vence-pagada-1');
    const paid = await api.registrarPago(
      code,
      { method: 'zelle', reference: 'ZL-778899', amount: '10.00', date: '2026-11-22' },
      { email: BUYER.email },
    );
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

  it('un pago rechazado no renueva el plazo: vuelve a pendiente con el plazo original y, vencido este, la tarea la anula', async () => {
    expect(t.app.deps.env.ORDEN_IMPAGA_HORAS).toBe(2);
    const buyer = otroComprador(1);
    const zelle = { method: 'zelle', reference: 'ZRECHAZO01', amount: '10.00', date: '2026-11-22' };
    const code = await registrar(1, 'rechazo-plazo-1', { payment: zelle, buyer });
    const [{ due }] = await rows<{ due: Date }>(t, sql`SELECT payment_due_at AS due FROM ordenes_compra WHERE code = ${code}`);
    // The registration's deadline is gone by the time staff look at the payment.
    await t.database.db.execute(
      sql`UPDATE ordenes_compra SET payment_due_at = payment_due_at - interval '3 hours', created_at = created_at - interval '3 hours' WHERE code = ${code}`,
    );
    const heldBefore = await held();
    expect((await api.confirmarPago(code, false, 'No llegó')).json().data.step).toBe('pendiente');
    const [order] = await rows<{ expires_at: Date; payment_due_at: Date }>(
      t,
      sql`SELECT expires_at, payment_due_at FROM ordenes_compra WHERE code = ${code}`,
    );
    const time = (value: Date | string) => new Date(value).getTime();
    expect(time(order.expires_at)).toBe(time(order.payment_due_at));
    expect(time(order.expires_at)).toBe(time(due) - 3 * HOUR);
    expect((await runJobs(context(), log)).expiredOrders).toBe(1);
    expect(await stepOf(code)).toBe('anulada');
    expect(await held()).toBe(heldBefore - 1);
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
    // Orders, cart holds and scheduled posts at least (each job that reads the database fails on its own).
    expect(result).toMatchObject({ expiredOrders: 0, releasedHolds: 0, publishedPosts: 0 });
    expect(result.failed).toBeGreaterThanOrEqual(3);
    expect(logged.filter((l) => l.level === 'error')).toHaveLength(result.failed);
  });

  it('una entrada del blog programada pasa a publicada cuando llega su hora, una sola vez', async () => {
    const [{ id: categoria }] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO blog_categorias (category) VALUES ('Tareas programadas') RETURNING id`,
    );
    const at = new Date(Date.now() + 3 * HOUR);
    const [{ id }] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO blog_posts (slug, title, content, status, schedule_post, published_at, category_id)
          VALUES ('programada-por-la-cola', 'Programada', '<p>Hola</p>', 'programado', ${at}, ${at}, ${categoria}) RETURNING id`,
    );
    const status = async () => (await rows<{ status: string }>(t, sql`SELECT status FROM blog_posts WHERE id = ${id}`))[0].status;
    expect((await runJobs(context(), log, new Date(at.getTime() - 60_000))).publishedPosts).toBe(0);
    expect(await status()).toBe('programado');
    expect((await runJobs(context(), log, at)).publishedPosts).toBe(1);
    expect(await status()).toBe('publicado');
    expect((await runJobs(context(), log, new Date(at.getTime() + 60_000))).publishedPosts).toBe(0);
  });
});
