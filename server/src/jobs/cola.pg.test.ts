// The job queue on a real PostgreSQL server (only in `npm run test:pg`): two apps (as two processes,
// each with its own pool and its own workers) on one database. Each periodic job of a slot runs once,
// and a mail whose delivery failed twice is delivered on the third attempt, once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLAS } from '#server/jobs/cola.ts';
import { queueDueJobs } from '#server/jobs/jobs.ts';
import type { TestApp } from '#test/build-test-app.ts';
import { type TwoProcesses, twoProcessesOnPostgres } from '#test/dos-procesos.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, stockedArticle } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';

const HOUR = 3_600_000;
let store: TwoProcesses;
const a = () => store.a;
const b = () => store.b;
const smtp = {
  get server() {
    return store.smtp.server;
  },
};

async function idle(...queues: { name: Parameters<TestApp['app']['cola']['idle']>[0] }[]) {
  for (const queue of queues) await a().app.cola.idle(queue.name);
}

beforeAll(async () => {
  store = await twoProcessesOnPostgres();
  await idle(COLAS.tareas, COLAS.catalogo, COLAS.diarias);
});

afterAll(async () => {
  await store?.close();
});

describe('cola de tareas con dos procesos sobre un PostgreSQL', () => {
  it('cada tarea periódica de un intervalo corre una sola vez aunque los dos procesos la encolen', async () => {
    const t = a();
    const api = ordenesDriver(t);
    const { article, storeId } = await stockedArticle(t, 10);
    const code = (await api.registrarOrden(orderBody({ article, storeId }, { quantity: 3 }), 'dos-procesos-1')).code;
    const hold = await b().app.inject({
      method: 'POST',
      url: '/api/carrito/bloquear/item/tiendas',
      remoteAddress: nextIp(),
      payload: { articleCode: article, stores: [{ tiendaId: storeId, quantity: 2 }] },
    });
    expect(hold.statusCode).toBe(200);
    const [{ id: categoria }] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO blog_categorias (category) VALUES ('Dos procesos') RETURNING id`,
    );
    const postAt = new Date(Date.now() + 3 * HOUR);
    await t.database.db.execute(sql`
      INSERT INTO blog_posts (slug, title, content, status, schedule_post, published_at, category_id)
      VALUES ('dos-procesos', 'Dos procesos', '<p>Hola</p>', 'programado', ${postAt}, ${postAt}, ${categoria})`);

    // A moment when the order and the hold are past due, the post's time came and, at 09:00 in
    // Caracas, the daily jobs are due: both processes tick on it at once.
    const later = new Date(Date.now() + 30 * HOUR);
    later.setUTCHours(13, 0, 0, 0);
    const options = { seconds: 3600, bcv: false };
    const [fromA, fromB] = await Promise.all([queueDueJobs(a().app.cola, options, later), queueDueJobs(b().app.cola, options, later)]);
    for (const queue of ['tareas', 'catalogo', 'diarias'] as const) {
      expect(
        [fromA[queue], fromB[queue]].filter((id) => id !== null),
        queue,
      ).toHaveLength(1);
    }
    await idle(COLAS.tareas, COLAS.catalogo, COLAS.diarias);
    // Their timers do not tick together: B ticks again later in the same interval, after the job ran.
    const sameSlot = new Date(later.getTime() + 20 * 60_000);
    expect(await queueDueJobs(b().app.cola, options, sameSlot)).toEqual({ tareas: null, catalogo: null, diarias: null });
    await idle(COLAS.tareas, COLAS.catalogo, COLAS.diarias);

    const boss = b().app.cola.boss;
    const inSlot = async (queue: (typeof COLAS)[keyof typeof COLAS]) =>
      (await boss.findJobs<{ at: string }>(queue.name)).filter((job) => [later, sameSlot].some((d) => job.data.at === d.toISOString()));
    const [tareas, catalogo, diarias] = await Promise.all([inSlot(COLAS.tareas), inSlot(COLAS.catalogo), inSlot(COLAS.diarias)]);
    for (const ran of [tareas, catalogo, diarias]) {
      expect(ran.map((job) => job.state)).toEqual(['completed']);
    }
    expect(tareas[0].output).toMatchObject({ expiredOrders: 1, releasedHolds: 1, publishedPosts: 1, failed: 0 });
    expect(diarias[0].output).toMatchObject({ failed: 0 });

    const history = await rows<{ to_step: string }>(
      t,
      sql`SELECT h.to_step FROM orden_historial h JOIN ordenes_compra o ON o.id = h.order_id WHERE o.code = ${code} ORDER BY h.id`,
    );
    expect(history.map((h) => h.to_step)).toEqual(['pendiente', 'anulada']);
    const [{ held }] = await rows<{ held: number }>(
      t,
      sql`SELECT held FROM inventario WHERE article_code = ${article} AND tienda_id = ${storeId}`,
    );
    expect(held).toBe(0);
    const [{ status }] = await rows<{ status: string }>(t, sql`SELECT status FROM blog_posts WHERE slug = 'dos-procesos'`);
    expect(status).toBe('publicado');
  });

  it('un correo cuya entrega falló dos veces se entrega en el tercer intento, una sola vez', async () => {
    const to = 'tercer-intento@correo.com';
    const triesBefore = smtp.server.tries;
    smtp.server.downFor = 2;
    const { db, mailer } = a().app.authContext();
    await mailer.send(db, { to, kind: 'prueba-cola', subject: 'Tercer intento', html: '<p>hola</p>', text: 'hola' });
    type Row = { attempts: number; error: string | null; sent_at: Date | null };
    const outbox = async () => (await rows<Row>(a(), sql`SELECT attempts, error, sent_at FROM correos WHERE "to" = ${to}`))[0];
    await vi.waitFor(async () => expect((await outbox()).sent_at).not.toBeNull(), { timeout: 25_000, interval: 100 });
    await idle(COLAS.correo);
    expect(await outbox()).toMatchObject({ attempts: 3, error: null });
    expect(smtp.server.tries - triesBefore).toBe(3);
    expect(smtp.server.sent.filter((m) => m.to === to)).toHaveLength(1);
    const [job] = await b().app.cola.boss.findJobs(COLAS.correo.name, { data: { id: (await idOf(to)) ?? 0 } });
    expect(job).toMatchObject({ state: 'completed', retryCount: 2 });
  });

  it('cerrar la aplicación detiene su cola', async () => {
    const extra = await store.openAnother();
    expect(extra.app.cola.started()).toBe(true);
    await extra.app.close();
    expect(extra.app.cola.started()).toBe(false);
    await extra.database.close();
  });
});

async function idOf(to: string): Promise<number | undefined> {
  return (await rows<{ id: number }>(a(), sql`SELECT id FROM correos WHERE "to" = ${to}`))[0]?.id;
}
