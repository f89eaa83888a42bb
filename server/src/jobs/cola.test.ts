// The job queue (pg-boss) in one process: on the embedded PGlite in `npm test` (on PostgreSQL in
// `npm run test:pg`). Mail deliveries retried with backoff while the mail server is down, and the
// periodic jobs queued once per slot.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLAS } from '#server/jobs/cola.ts';
import { queueDueJobs, startJobs } from '#server/jobs/jobs.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { fakeSmtp, memoryMailer } from '#test/correos.ts';
import { rows } from '#test/inject.ts';
import { asBearer, demoEmail, loginAs } from '#test/sessions.ts';

const smtp = fakeSmtp();
const mail = memoryMailer(smtp);
let t: TestApp;

type Outbox = { attempts: number; error: string | null; sent_at: Date | null; html: string };

async function outbox(id: number): Promise<Outbox> {
  const [row] = await rows<Outbox>(t, sql`SELECT attempts, error, sent_at, html FROM correos WHERE id = ${id}`);
  return row;
}

async function lastOutboxId(to: string): Promise<number> {
  const [row] = await rows<{ id: number }>(t, sql`SELECT max(id) AS id FROM correos WHERE "to" = ${to}`);
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp({ TAREAS_INTERVALO_SEGUNDOS: '3600' }, { mailer: mail.mailer });
});

afterAll(async () => {
  await t?.close();
});

describe('cola de tareas en un proceso', () => {
  it('corre en el mismo proceso, en la base de la tienda (PGlite sin DATABASE_URL), y el trabajador de correos arrancó con la aplicación', async () => {
    expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(t.app.cola.started()).toBe(true);
    const queues = await t.app.cola.boss.getQueues();
    expect(queues.map((q) => q.name).sort()).toEqual(
      Object.values(COLAS)
        .map((q) => q.name)
        .sort(),
    );
  });

  it('con el servidor de correo caído, el correo queda en la bandeja con cada intento y se entrega una vez al volver', async () => {
    smtp.server.downFor = 2;
    const to = 'caida-smtp@correo.com';
    const { db, mailer } = t.app.authContext();
    await mailer.send(db, { to, kind: 'prueba-cola', subject: 'Prueba de la cola', html: '<p>hola</p>', text: 'hola' });
    const id = await lastOutboxId(to);
    // The first try failed and is on the row, before the retry.
    await vi.waitFor(async () => expect((await outbox(id)).attempts).toBeGreaterThanOrEqual(1), { timeout: 5000 });
    const afterFirst = await outbox(id);
    if (afterFirst.sent_at === null) expect(afterFirst.error).toContain('ECONNREFUSED');
    await vi.waitFor(async () => expect((await outbox(id)).sent_at).not.toBeNull(), { timeout: 20_000, interval: 100 });
    const row = await outbox(id);
    expect(row.attempts).toBe(3);
    expect(row.error).toBeNull();
    expect(smtp.server.sent.filter((m) => m.to === to)).toHaveLength(1);
    // Nothing left to run, and nothing delivered twice.
    await t.app.cola.idle(COLAS.correo.name);
    expect(smtp.server.sent.filter((m) => m.to === to)).toHaveLength(1);

    // The admin reads the attempts in the outbox.
    const admin = (await loginAs(t.app, demoEmail('admin'))).token;
    const list = await t.app.inject(asBearer(admin, { url: `/api/correo/bandeja?to=${to}` }));
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ attempts: 3, error: null });
    expect(list.json().data[0].sentAt).not.toBeNull();
  });

  it('el enlace secreto de un correo viaja sellado en la tarea: ni la bandeja ni la tabla de la cola lo guardan legible', async () => {
    const to = 'enlace-sellado@correo.com';
    const { db, mailer } = t.app.authContext();
    const secret = 'https://tienda.test/auth/password/reset/TOKEN-SECRETO-123';
    await mailer.send(db, {
      to,
      kind: 'restablecer-clave',
      subject: 'Restablecer',
      html: `<a href="${secret}">aquí</a>`,
      text: secret,
      outbox: { html: '[enlace oculto]', text: '[enlace oculto]' },
    });
    await t.app.authContext().background.idle();
    expect(smtp.server.sent.findLast((m) => m.to === to)?.text).toContain(secret);
    expect((await outbox(await lastOutboxId(to))).html).not.toContain('TOKEN-SECRETO');
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${COLAS.correo.name} AND data::text LIKE '%TOKEN-SECRETO%'`,
    );
    expect(n).toBe(0);
  });

  it('las tareas periódicas se encolan una vez por intervalo y corren con el reloj del tic que las encoló', async () => {
    const jobs = await startJobs(t.app);
    const queues = [COLAS.tareas, COLAS.catalogo, COLAS.diarias];
    try {
      // The tick at start queued the slot of now; one job per queue at a time (the next waits for it).
      for (const queue of queues) await t.app.cola.idle(queue.name);
      const at = new Date('2031-03-04T13:00:00Z'); // 09:00 in Caracas: the daily jobs are due too.
      const first = await queueDueJobs(t.app.cola, { seconds: 3600, bcv: false }, at);
      const again = await queueDueJobs(t.app.cola, { seconds: 3600, bcv: false }, new Date(at.getTime() + 60_000));
      expect(first.tareas).toMatch(/^[0-9a-f-]{36}$/);
      expect(first.diarias).toMatch(/^[0-9a-f-]{36}$/);
      expect(again).toEqual({ tareas: null, catalogo: null, diarias: null });
      for (const queue of queues) await t.app.cola.idle(queue.name);
      const [tarea] = await t.app.cola.boss.findJobs(COLAS.tareas.name, { id: first.tareas ?? '' });
      expect(tarea.state).toBe('completed');
      expect(tarea.data).toEqual({ at: at.toISOString() });
      expect(tarea.output).toMatchObject({ failed: 0 });
      const [diaria] = await t.app.cola.boss.findJobs(COLAS.diarias.name, { id: first.diarias ?? '' });
      expect(diaria.state).toBe('completed');
    } finally {
      await jobs.stop();
    }
  });
});
