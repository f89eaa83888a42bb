// The newsletter's finishing touches through the API: every campaign mail carries List-Unsubscribe
// and List-Unsubscribe-Post (RFC 8058) with the signed one-click URL, which unsubscribes without a
// session from a form POST (urlencoded or multipart) and is idempotent; scheduled campaigns
// (Caracas time, a past time is a Spanish 422) are moved or cancelled until the periodic job starts
// them at their time; and the roles of the new routes.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMACION_INVALIDA, PROGRAMACION_PASADA } from '#domain/boletin-programada.ts';
import { BAJA_UN_CLIC_CUERPO, type Campana } from '#domain/contracts/boletin.ts';
import { caracasParts } from '#domain/dates.ts';
import { runJobs } from '#server/jobs/jobs.ts';
import { boletinSuscriptores } from '#server/modules/boletin/boletin.schema.ts';
import { type BoletinContext, enviarLotesDeBoletin } from '#server/modules/boletin/boletin.service.ts';
import { correos } from '#server/modules/correo/correo.schema.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let ctx: BoletinContext;
const HOUR = 3_600_000;
const quiet = { info: () => {}, error: () => {} } as unknown as Parameters<typeof runJobs>[1];

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  const auth = t.app.authContext();
  ctx = { db: t.database.db, mailer: auth.mailer, secret: auth.secret, publicUrl: auth.publicUrl };
});

afterAll(async () => {
  await t?.close();
});

const idle = () => t.app.authContext().background.idle();

async function confirmados(...emails: string[]) {
  await t.database.db.insert(boletinSuscriptores).values(emails.map((email) => ({ email, estado: 'confirmado' as const })));
}

async function estadoDe(email: string) {
  const [row] = await t.database.db.select().from(boletinSuscriptores).where(eq(boletinSuscriptores.email, email));
  return row?.estado;
}

async function crearCampana(asunto: string): Promise<Campana> {
  const response = await api.call('admin', 'POST', '/api/correo/boletin/campanas', { asunto, contenido: `<p>${asunto}</p>` });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const verCampana = async (id: number): Promise<Campana> =>
  (await api.call('admin', 'GET', `/api/correo/boletin/campanas/${id}`)).json().data;

async function enviarHastaTerminar(id: number): Promise<void> {
  const started = await api.call('admin', 'POST', `/api/correo/boletin/campanas/${id}/enviar`);
  expect(started.statusCode, started.body).toBe(202);
  for (let i = 0; i < 50; i++) {
    await idle();
    if ((await verCampana(id)).estado === 'enviada') return;
    await enviarLotesDeBoletin(ctx);
  }
  throw new Error('la campaña no terminó');
}

/** The campaign's outbox row for `to`, with its headers. */
async function correoDe(campanaId: number, to: string) {
  const [row] = await t.database.db
    .select()
    .from(correos)
    .where(and(eq(correos.kind, `boletin-${campanaId}`), eq(correos.to, to)))
    .orderBy(asc(correos.id));
  return row;
}

async function destinatarios(campanaId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ to: correos.to })
    .from(correos)
    .where(eq(correos.kind, `boletin-${campanaId}`));
  return rows.map((r) => r.to);
}

/** What a mail client does with List-Unsubscribe-Post: POST the form field to the header's URL, no cookie, no login. */
function unClic(url: string, payload = 'List-Unsubscribe=One-Click', contentType = 'application/x-www-form-urlencoded') {
  const { pathname, search } = new URL(url);
  return t.app.inject({
    method: 'POST',
    url: `${pathname}${search}`,
    headers: { 'content-type': contentType },
    payload,
    remoteAddress: nextIp(),
  });
}

const urlDeBaja = (header: string | undefined) => /^<(https?:\/\/[^>]+)>$/.exec(header ?? '')?.[1] ?? '';

/** «aaaa-mm-dd hh:mm» in Caracas time, as the picker sends it. */
function caracas(at: Date): string {
  const p = caracasParts(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

function programar(id: number, programada_para: string, role = 'admin') {
  return api.call(role, 'PUT', `/api/correo/boletin/campanas/${id}/programacion`, { programada_para });
}

describe('List-Unsubscribe con un clic (RFC 8058)', () => {
  it('cada correo de la campaña trae las dos cabeceras; el POST sin sesión da de baja, repetido no cambia nada, y la siguiente campaña lo salta', async () => {
    await confirmados('un.clic@correo.com', 'sigue@correo.com');
    const primera = await crearCampana('Rebajas con cabecera');
    await enviarHastaTerminar(primera.id);
    const mail = await correoDe(primera.id, 'un.clic@correo.com');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = urlDeBaja(mail.headers?.['List-Unsubscribe']);
    expect(url).toMatch(/\/api\/correo\/baja\/\d+\?firma=[0-9a-f]{32}$/);
    expect((await correoDe(primera.id, 'sigue@correo.com')).headers?.['List-Unsubscribe']).not.toBe(mail.headers?.['List-Unsubscribe']);

    const first = await unClic(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ email: 'un.clic@correo.com', estado: 'desuscrito' });
    const again = await unClic(url);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ email: 'un.clic@correo.com', estado: 'desuscrito' });
    expect(await estadoDe('un.clic@correo.com')).toBe('desuscrito');

    const segunda = await crearCampana('Lo que sigue');
    await enviarHastaTerminar(segunda.id);
    const to = await destinatarios(segunda.id);
    expect(to).toContain('sigue@correo.com');
    expect(to).not.toContain('un.clic@correo.com');
  });

  it('también como multipart/form-data; otro cuerpo o una firma alterada: 4xx en español y nada cambia; abrirla en el navegador lleva a la página', async () => {
    await confirmados('multi@correo.com', 'intacto@correo.com');
    const campana = await crearCampana('Para probar la baja');
    await enviarHastaTerminar(campana.id);
    const url = urlDeBaja((await correoDe(campana.id, 'intacto@correo.com')).headers?.['List-Unsubscribe']);

    for (const [payload, type] of [
      ['', 'application/x-www-form-urlencoded'],
      ['List-Unsubscribe=Yes', 'application/x-www-form-urlencoded'],
      ['{}', 'application/json'],
    ]) {
      const response = await unClic(url, payload, type);
      expect(response.statusCode, `${type} ${payload}`).toBe(422);
      expect(Object.values(response.json().errors).flat(), `${type} ${payload}`).toContain(BAJA_UN_CLIC_CUERPO);
    }
    const firma = new URL(url).searchParams.get('firma') ?? '';
    const tampered = url.replace(firma, `${firma.slice(0, -1)}${firma.endsWith('0') ? '1' : '0'}`);
    const bad = await unClic(tampered);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El enlace no es válido o fue alterado: use el enlace de su último correo de la tienda.');
    expect(await estadoDe('intacto@correo.com')).toBe('confirmado');

    const { pathname, search } = new URL(url);
    const opened = await t.app.inject({ method: 'GET', url: `${pathname}${search}`, remoteAddress: nextIp() });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/email/${pathname.split('/').pop()}?firma=${firma}&baja=1`);
    expect(await estadoDe('intacto@correo.com')).toBe('confirmado');

    const multiUrl = urlDeBaja((await correoDe(campana.id, 'multi@correo.com')).headers?.['List-Unsubscribe']);
    const boundary = 'limite-de-prueba';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const multi = await unClic(multiUrl, body, `multipart/form-data; boundary=${boundary}`);
    expect(multi.statusCode, multi.body).toBe(200);
    expect(await estadoDe('multi@correo.com')).toBe('desuscrito');
  });

  it('la prueba a uno mismo no lleva List-Unsubscribe (no hay suscripción que dar de baja)', async () => {
    const campana = await crearCampana('Solo prueba');
    expect((await api.call('admin', 'POST', `/api/correo/boletin/campanas/${campana.id}/prueba`)).statusCode).toBe(200);
    await idle();
    const [row] = await t.database.db.select().from(correos).where(eq(correos.kind, 'boletin-prueba')).orderBy(asc(correos.id));
    expect(row.headers).toBeNull();
  });
});

describe('campañas programadas', () => {
  it('una hora pasada o inválida: 422 en español y sigue en borrador; programada, se mueve, se cancela y se vuelve a programar', async () => {
    const campana = await crearCampana('Programada a mano');
    const past = await programar(campana.id, caracas(new Date(Date.now() - 60_000)));
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ message: PROGRAMACION_PASADA, errors: { programada_para: [PROGRAMACION_PASADA] } });
    for (const bad of ['2026-02-30 10:00', '30/11/2026 10:00', '']) {
      const response = await programar(campana.id, bad);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.programada_para[0], bad).toMatch(bad ? PROGRAMACION_INVALIDA : /obligatori/);
    }
    expect(await verCampana(campana.id)).toMatchObject({ estado: 'borrador', programadaPara: null });

    const at = new Date(Date.now() + 2 * HOUR);
    const scheduled = await programar(campana.id, caracas(at));
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data.estado).toBe('programada');
    expect(Math.abs(new Date(scheduled.json().data.programadaPara).getTime() - at.getTime())).toBeLessThan(60_000);
    const listed = (await api.call('admin', 'GET', '/api/correo/boletin/campanas')).json().data.find((c: Campana) => c.id === campana.id);
    expect(listed).toMatchObject({ estado: 'programada', programadaPara: scheduled.json().data.programadaPara });

    const moved = await programar(campana.id, '2026-12-24T08:00:00-04:00');
    // The demo clock of the tests is real time: only check when that day is still ahead.
    if (Date.now() < Date.parse('2026-12-24T12:00:00Z')) {
      expect(moved.json().data.programadaPara).toBe('2026-12-24T12:00:00.000Z');
    }
    const edited = await api.call('admin', 'PUT', `/api/correo/boletin/campanas/${campana.id}`, {
      asunto: 'Programada y cambiada',
      contenido: '<p>y</p>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.estado).toBe('programada');

    const cancelled = await api.call('admin', 'DELETE', `/api/correo/boletin/campanas/${campana.id}/programacion`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ estado: 'borrador', programadaPara: null });
    const twice = await api.call('admin', 'DELETE', `/api/correo/boletin/campanas/${campana.id}/programacion`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('La campaña no está programada.');
    expect((await api.call('admin', 'DELETE', '/api/correo/boletin/campanas/999999/programacion')).statusCode).toBe(404);
    expect((await programar(999999, caracas(at))).statusCode).toBe(404);
  });

  it('la tarea periódica la empieza a su hora, no antes ni dos veces; ya empezada no se cancela ni se mueve', async () => {
    await confirmados('programado.a@correo.com', 'programado.b@correo.com');
    const campana = await crearCampana('Sale sola');
    const now = new Date();
    const at = new Date(now.getTime() + HOUR);
    expect((await programar(campana.id, caracas(at))).statusCode).toBe(200);
    const due = new Date((await verCampana(campana.id)).programadaPara ?? '');

    expect((await runJobs(api.context(), quiet, new Date(due.getTime() - 60_000))).startedCampaigns).toBe(0);
    expect(await verCampana(campana.id)).toMatchObject({ estado: 'programada', enviados: 0 });
    expect(await destinatarios(campana.id)).toEqual([]);

    const ran = await runJobs(api.context(), quiet, due);
    expect(ran).toMatchObject({ startedCampaigns: 1, failed: 0 });
    expect((await runJobs(api.context(), quiet, new Date(due.getTime() + 60_000))).startedCampaigns).toBe(0);
    const sent = await verCampana(campana.id);
    expect(sent).toMatchObject({ estado: 'enviada', programadaPara: null });
    expect(sent.startedAt).toBe(due.toISOString());
    const to = await destinatarios(campana.id);
    expect(to).toEqual(expect.arrayContaining(['programado.a@correo.com', 'programado.b@correo.com']));
    expect(new Set(to).size).toBe(to.length);
    expect(sent.enviados).toBe(to.length);

    const cancel = await api.call('admin', 'DELETE', `/api/correo/boletin/campanas/${campana.id}/programacion`);
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().message).toBe('La campaña ya empezó a enviarse: no se puede cancelar.');
    const move = await programar(campana.id, caracas(new Date(now.getTime() + 5 * HOUR)));
    expect(move.statusCode).toBe(400);
    expect(move.json().message).toBe('La campaña ya empezó a enviarse: no se puede programar.');
  });

  it('«Enviar» una programada la empieza ya y deja de estar programada', async () => {
    const campana = await crearCampana('Programada y enviada antes');
    expect((await programar(campana.id, caracas(new Date(Date.now() + 3 * HOUR)))).statusCode).toBe(200);
    await enviarHastaTerminar(campana.id);
    expect(await verCampana(campana.id)).toMatchObject({ estado: 'enviada', programadaPara: null });
  });
});

describe('roles', () => {
  it('programar y cancelar solo el admin; la baja con un clic no pide sesión', async () => {
    const campana = await crearCampana('Para los roles');
    const future = caracas(new Date(Date.now() + 4 * HOUR));
    const routes: [string, string, object?][] = [
      ['PUT', `/api/correo/boletin/campanas/${campana.id}/programacion`, { programada_para: future }],
      ['DELETE', `/api/correo/boletin/campanas/${campana.id}/programacion`],
    ];
    for (const [method, url, body] of routes) {
      expect((await api.call('anonimo', method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const role of ['vendedor-admin', 'administracion', 'inventario', 'despacho', 'cliente']) {
        expect((await api.call(role, method as 'GET', url, body)).statusCode, `${method} ${url} ${role}`).toBe(403);
      }
    }
    expect(await verCampana(campana.id)).toMatchObject({ estado: 'borrador' });
    expect((await programar(campana.id, future)).statusCode).toBe(200);
    expect((await api.call('admin', 'DELETE', `/api/correo/boletin/campanas/${campana.id}/programacion`)).statusCode).toBe(200);
    // Any caller (a mail provider's server has no session) reaches the signature check: 400, never 401 or 403.
    for (const role of ['anonimo', 'cliente', 'inventario', 'admin']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/correo/baja/1?firma=${'0'.repeat(32)}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(role === 'anonimo' ? {} : { authorization: `Bearer ${await api.tokenOf(role)}` }),
        },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, role).toBe(400);
    }
  });
});
