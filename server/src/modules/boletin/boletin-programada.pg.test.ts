// A scheduled campaign on a real PostgreSQL server (only in `npm run test:pg`): two apps (as two
// processes, each with its own pool and its own job workers) on one database. When both tick at the
// campaign's time it starts once and each subscriber gets exactly one delivered mail, with the
// List-Unsubscribe headers; POSTing the header's URL from the other process unsubscribes, and the
// next scheduled campaign skips the address. Both processes starting due campaigns at the same
// instant start each one once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campana } from '#domain/contracts/boletin.ts';
import { COLAS } from '#server/jobs/cola.ts';
import { queueDueJobs } from '#server/jobs/jobs.ts';
import { boletinSuscriptores } from '#server/modules/boletin/boletin.schema.ts';
import { iniciarProgramadas } from '#server/modules/boletin/boletin.service.ts';
import { type TwoProcesses, twoProcessesOnPostgres } from '#test/dos-procesos.ts';
import { ordenesDriver } from '#test/driver.ts';
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

async function idle() {
  for (const queue of [COLAS.tareas, COLAS.correo]) await a().app.cola.idle(queue.name);
}

beforeAll(async () => {
  store = await twoProcessesOnPostgres();
  await idle();
});

afterAll(async () => {
  await store?.close();
});

async function programada(asunto: string, at: Date): Promise<Campana> {
  const admin = ordenesDriver(a());
  const created = await admin.call('admin', 'POST', '/api/correo/boletin/campanas', { asunto, contenido: `<p>${asunto}</p>` });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id;
  const scheduled = await admin.call('admin', 'PUT', `/api/correo/boletin/campanas/${id}/programacion`, {
    programada_para: at.toISOString(),
  });
  expect(scheduled.statusCode, scheduled.body).toBe(200);
  return scheduled.json().data;
}

const delivered = (asunto: string) => smtp.server.sent.filter((m) => m.subject === asunto);

/** Both processes tick at `at` at once, and the jobs they queued (and the mails) are worked off. */
async function bothTick(at: Date) {
  const options = { seconds: 3600, bcv: false };
  const [fromA, fromB] = await Promise.all([queueDueJobs(a().app.cola, options, at), queueDueJobs(b().app.cola, options, at)]);
  expect([fromA.tareas, fromB.tareas].filter((id) => id !== null)).toHaveLength(1);
  await idle();
}

describe('campaña programada con dos procesos sobre un PostgreSQL', () => {
  it('sale una vez a su hora, con List-Unsubscribe; la baja con un clic desde el otro proceso la saca de la siguiente', async () => {
    const emails = ['pg.uno@correo.com', 'pg.dos@correo.com', 'pg.tres@correo.com'];
    await a()
      .database.db.insert(boletinSuscriptores)
      .values(emails.map((email) => ({ email, estado: 'confirmado' as const })));
    const primera = await programada('Programada en dos procesos', new Date(Date.now() + 2 * HOUR));

    await bothTick(new Date(Date.now() + HOUR));
    expect(delivered('Programada en dos procesos')).toEqual([]);

    await bothTick(new Date(Date.now() + 3 * HOUR));
    const sent = delivered('Programada en dos procesos');
    expect(sent.map((m) => m.to).sort()).toEqual([...emails].sort());
    const state = (await ordenesDriver(b()).call('admin', 'GET', `/api/correo/boletin/campanas/${primera.id}`)).json().data;
    expect(state).toMatchObject({ estado: 'enviada', total: 3, enviados: 3 });

    const toUno = sent.find((m) => m.to === 'pg.uno@correo.com');
    expect(toUno?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<([^>]+)>$/.exec(toUno?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? 'http://x/');
    for (let i = 0; i < 2; i++) {
      const response = await b().app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ email: 'pg.uno@correo.com', estado: 'desuscrito' });
    }

    await programada('La siguiente programada', new Date(Date.now() + 4 * HOUR));
    await bothTick(new Date(Date.now() + 5 * HOUR));
    expect(
      delivered('La siguiente programada')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['pg.dos@correo.com', 'pg.tres@correo.com']);
  });

  it('dos procesos que empiezan las campañas vencidas a la vez empiezan cada una una sola vez', async () => {
    const campana = await programada('Carrera de procesos', new Date(Date.now() + HOUR));
    const at = new Date(Date.now() + 2 * HOUR);
    const [fromA, fromB] = await Promise.all([iniciarProgramadas(a().database.db, at), iniciarProgramadas(b().database.db, at)]);
    expect([...fromA, ...fromB]).toEqual([campana.id]);
  });
});
