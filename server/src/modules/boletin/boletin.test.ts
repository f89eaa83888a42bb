// The newsletter through the API: double opt-in, the signed one-click unsubscribe without login
// (the next campaign skips the address), tampered links refused, campaigns stored sanitized, a
// test send to oneself, a 5,000-subscriber campaign sent in batches into the outbox, and roles.
import { asc, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campana } from '#domain/contracts/boletin.ts';
import { boletinSuscriptores } from '#server/modules/boletin/boletin.schema.ts';
import { type BoletinContext, enviarCampana, enviarLotesDeBoletin, LOTE_BOLETIN } from '#server/modules/boletin/boletin.service.ts';
import { correos } from '#server/modules/correo/correo.schema.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let ctx: BoletinContext;
let producto: string;

beforeAll(async () => {
  // No SMTP: the outbox is the delivery, and the test reads the mails there (links included).
  t = await buildTestApp();
  api = ordenesDriver(t);
  const auth = t.app.authContext();
  ctx = { db: t.database.db, mailer: auth.mailer, secret: auth.secret, publicUrl: auth.publicUrl };
  const articulos = await t.app.inject({ method: 'GET', url: '/api/catalogo/articulos?per_page=1' });
  producto = articulos.json().data[0].model;
});

afterAll(async () => {
  await t?.close();
});

const idle = () => t.app.authContext().background.idle();

function suscribir(body: object, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/correo/newsletter', payload: body, remoteAddress: ip });
}

type Sent = { id: number; to: string; subject: string; html: string; text: string };

/** The outbox after row `after`, oldest first. */
function outbox(after = 0): Promise<Sent[]> {
  const { id, to, subject, html, text } = correos;
  return t.database.db.select({ id, to, subject, html, text }).from(correos).where(gt(correos.id, after)).orderBy(asc(correos.id));
}

async function lastId(): Promise<number> {
  const [row] = await t.database.db.select({ id: sql<number>`coalesce(max(${correos.id}), 0)::int` }).from(correos);
  return row.id;
}

/** The cliente and firma of the last mail to `to` whose subject has `subject` (the link a person clicks). */
async function enlace(to: string, subject: string, which: 'confirmar' | 'baja' = 'confirmar') {
  const found = (await outbox()).findLast((m) => m.to === to && m.subject.includes(subject));
  if (!found) throw new Error(`sin correo «${subject}» para ${to}`);
  const line = which === 'baja' ? found.text.split('\n').find((l) => l.startsWith('Darse de baja:')) : found.text;
  const url = new URL(/https?:\/\/\S+/.exec(line ?? '')?.[0] ?? '');
  return { url, cliente: Number(url.pathname.split('/').pop()), firma: url.searchParams.get('firma') ?? '' };
}

function publico(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
}

async function estadoDe(email: string) {
  const [row] = await t.database.db.select().from(boletinSuscriptores).where(eq(boletinSuscriptores.email, email));
  return row?.estado;
}

async function crearCampana(body: object): Promise<Campana> {
  const response = await api.call('admin', 'POST', '/api/correo/boletin/campanas', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** Starts the campaign and runs batches until it is sent (the route already started some in the background). */
async function enviarHastaTerminar(id: number): Promise<Campana> {
  const started = await api.call('admin', 'POST', `/api/correo/boletin/campanas/${id}/enviar`);
  expect(started.statusCode, started.body).toBe(202);
  for (let i = 0; i < 100; i++) {
    await idle();
    const campana: Campana = (await api.call('admin', 'GET', `/api/correo/boletin/campanas/${id}`)).json().data;
    if (campana.estado === 'enviada') return campana;
    await enviarLotesDeBoletin(ctx);
  }
  throw new Error('la campaña no terminó');
}

async function confirmado(email: string) {
  expect((await suscribir({ email })).statusCode).toBe(201);
  await idle();
  const { cliente, firma } = await enlace(email, 'Confirme su suscripción');
  const response = await publico('POST', '/api/correo/newsletter/confirmar', { cliente, firma });
  expect(response.statusCode, response.body).toBe(200);
}

describe('suscribirse desde el pie de página', () => {
  it('doble confirmación: queda pendiente, el correo trae el enlace firmado y al seguirlo queda confirmado', async () => {
    const email = 'ana.boletin@correo.com';
    const response = await suscribir({ email: ' Ana.Boletin@Correo.com ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.message).toMatch(/^Gracias\. Si el correo es correcto/);
    await idle();
    expect(await estadoDe(email)).toBe('pendiente');
    const { url, cliente, firma } = await enlace(email, 'Confirme su suscripción');
    expect(url.pathname).toBe(`/email/${cliente}`);

    const before = await publico('GET', `/api/correo/preferencias/${cliente}?firma=${firma}`);
    expect(before.json().data).toEqual({ email, estado: 'pendiente' });
    const confirm = await publico('POST', '/api/correo/newsletter/confirmar', { cliente, firma });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data).toEqual({ email, estado: 'confirmado' });
    expect(await estadoDe(email)).toBe('confirmado');
  });

  it('la respuesta es la misma para un correo nuevo y uno ya suscrito, y al suscrito no le llega otro correo', async () => {
    await confirmado('repetido@correo.com');
    const mails = await lastId();
    const again = await suscribir({ email: 'repetido@correo.com' });
    const fresh = await suscribir({ email: 'nuevo.de.verdad@correo.com' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    await idle();
    expect((await outbox(mails)).map((m) => m.to)).toEqual(['nuevo.de.verdad@correo.com']);
    expect(await estadoDe('repetido@correo.com')).toBe('confirmado');
  });

  it('correo inválido: 422 en español; campo trampa lleno: la misma respuesta y nada se guarda ni se envía', async () => {
    const bad = await suscribir({ email: 'no-es-correo' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['El correo no es válido'] });
    const mails = await lastId();
    const bot = await suscribir({ email: 'bot@spam.example', website: 'https://spam.example' });
    expect(bot.statusCode).toBe(201);
    expect(bot.json().data.message).toMatch(/^Gracias/);
    await idle();
    expect(await estadoDe('bot@spam.example')).toBeUndefined();
    expect(await lastId()).toBe(mails);
  });

  it('más de 5 suscripciones en 10 minutos desde una dirección: 429 en español', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await suscribir({ email: `flood${i}@correo.com` }, ip)).statusCode).toBe(201);
    const sixth = await suscribir({ email: 'flood6@correo.com' }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Demasiadas solicitudes. Intente de nuevo más tarde.');
  });
});

describe('el enlace firmado', () => {
  it('una firma alterada o de otro suscriptor se rechaza con 400 en español y no cambia nada', async () => {
    await confirmado('firma@correo.com');
    const { cliente, firma } = await enlace('firma@correo.com', 'Confirme su suscripción');
    const tampered = `${firma.slice(0, -1)}${firma.endsWith('0') ? '1' : '0'}`;
    for (const response of [
      await publico('GET', `/api/correo/preferencias/${cliente}?firma=${tampered}`),
      await publico('PATCH', '/api/correo/desuscribir', { cliente, firma: tampered }),
      await publico('PATCH', '/api/correo/desuscribir', { cliente: cliente + 1, firma }),
      await publico('PATCH', '/api/correo/desuscribir', { cliente: 999999, firma }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('El enlace no es válido o fue alterado: use el enlace de su último correo de la tienda.');
    }
    const short = await publico('PATCH', '/api/correo/desuscribir', { cliente, firma: 'abc' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.firma).toEqual(['El enlace no es válido: su firma está incompleta o alterada']);
    expect(await estadoDe('firma@correo.com')).toBe('confirmado');
  });

  it('confirmar no vuelve a suscribir a quien se dio de baja; volver a suscribirse desde la página sí', async () => {
    await confirmado('vuelve@correo.com');
    const { cliente, firma } = await enlace('vuelve@correo.com', 'Confirme su suscripción');
    expect((await publico('PATCH', '/api/correo/desuscribir', { cliente, firma })).json().data.estado).toBe('desuscrito');
    expect((await publico('POST', '/api/correo/newsletter/confirmar', { cliente, firma })).json().data.estado).toBe('desuscrito');
    expect((await publico('PATCH', '/api/correo/resuscribir', { cliente, firma })).json().data.estado).toBe('confirmado');
  });
});

describe('campañas', () => {
  it('un clic en «Darse de baja» del correo, sin ingresar, y la siguiente campaña ya no le llega', async () => {
    await confirmado('se.va@correo.com');
    await confirmado('se.queda@correo.com');
    const primera = await crearCampana({ asunto: 'Rebajas de diciembre', contenido: '<p>Todo con <strong>20 %</strong>.</p>' });
    await enviarHastaTerminar(primera.id);
    const recibido = (await outbox()).findLast((m) => m.to === 'se.va@correo.com' && m.subject === 'Rebajas de diciembre');
    expect(recibido?.html).toContain('Darse de baja');
    const baja = await enlace('se.va@correo.com', 'Rebajas de diciembre', 'baja');
    expect(baja.url.searchParams.get('baja')).toBe('1');

    const click = await publico('PATCH', '/api/correo/desuscribir', { cliente: baja.cliente, firma: baja.firma });
    expect(click.statusCode).toBe(200);
    expect(click.json().data).toEqual({ email: 'se.va@correo.com', estado: 'desuscrito' });

    const segunda = await crearCampana({ asunto: 'Lo nuevo de enero', contenido: '<p>Llegó la colección escolar.</p>' });
    const sent = await enviarHastaTerminar(segunda.id);
    const destinatarios = (await outbox()).filter((m) => m.subject === 'Lo nuevo de enero').map((m) => m.to);
    expect(destinatarios).toContain('se.queda@correo.com');
    expect(destinatarios).not.toContain('se.va@correo.com');
    // Pending addresses never get campaigns either.
    expect(destinatarios).not.toContain('nuevo.de.verdad@correo.com');
    expect(sent.total).toBe(destinatarios.length);
    expect(sent.enviados).toBe(destinatarios.length);

    const log = (await api.call('admin', 'GET', `/api/correo/boletin/campanas/${segunda.id}/envios?per_page=100`)).json();
    expect(log.meta.total).toBe(destinatarios.length);
    expect(log.data.map((e: { email: string }) => e.email).sort()).toEqual([...destinatarios].sort());
    expect(log.data.every((e: { correoId: number | null }) => typeof e.correoId === 'number')).toBe(true);
  });

  it('XSS: <script>, onerror= y enlaces javascript: se guardan limpios, y el asunto como texto', async () => {
    const campana = await crearCampana({
      asunto: 'Oferta <img src=x onerror="alert(1)">especial',
      contenido:
        '<p>Hola <img src=x onerror="alert(2)"><script>alert(3)</script><a href="javascript:alert(4)">mire</a> <a href="https://vitrina.test/linea">aquí</a></p><svg onload="alert(5)"></svg>',
    });
    expect(campana.asunto).toBe('Oferta especial');
    expect(campana.contenido).not.toMatch(/script|onerror|javascript:|svg|alert/i);
    expect(campana.contenido).toContain('<a href="https://vitrina.test/linea" rel="noopener noreferrer nofollow">aquí</a>');
    const stored = (await api.call('admin', 'GET', `/api/correo/boletin/campanas/${campana.id}`)).json().data;
    expect(stored.contenido).toBe(campana.contenido);
  });

  it('contenido vacío tras limpiar, producto inexistente y campos inválidos: 4xx en español y nada se guarda', async () => {
    const before = (await api.call('admin', 'GET', '/api/correo/boletin/campanas')).json().meta.total;
    const empty = await api.call('admin', 'POST', '/api/correo/boletin/campanas', {
      asunto: 'Vacía',
      contenido: '<script>alert(1)</script>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^El contenido quedó vacío/);
    const missing = await api.call('admin', 'POST', '/api/correo/boletin/campanas', {
      asunto: 'Con producto',
      contenido: '<p>x</p>',
      productos: ['NOEXISTE99'],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('El producto NOEXISTE99 no existe en el catálogo.');
    const invalid = await api.call('admin', 'POST', '/api/correo/boletin/campanas', { asunto: 'a', contenido: '', productos: ['<x>'] });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      asunto: ['El asunto debe tener al menos 3 caracteres'],
      contenido: ['El contenido es obligatorio'],
      'productos.0': ['Un producto elegido no es válido'],
    });
    expect((await api.call('admin', 'GET', '/api/correo/boletin/campanas')).json().meta.total).toBe(before);
  });

  it('la prueba llega solo a quien la envía, con las tarjetas de producto; una campaña enviada ya no se cambia ni se reenvía', async () => {
    const campana = await crearCampana({ asunto: 'Con productos', contenido: '<p>Mire esto:</p>', productos: [producto.toLowerCase()] });
    expect(campana.productos).toEqual([producto]);
    const mails = await lastId();
    const prueba = await api.call('admin', 'POST', `/api/correo/boletin/campanas/${campana.id}/prueba`);
    expect(prueba.statusCode).toBe(200);
    expect(prueba.json().data.message).toBe('Prueba enviada a admin@vitrina.com.ve.');
    await idle();
    const enviados = await outbox(mails);
    expect(enviados.map((m) => [m.to, m.subject])).toEqual([['admin@vitrina.com.ve', '[Prueba] Con productos']]);
    expect(enviados[0].html).toContain('data-productos');
    expect(enviados[0].html).toMatch(/<img src="http[^"]+"/);
    expect(enviados[0].html).toMatch(/\$ \d/);

    await enviarHastaTerminar(campana.id);
    const edit = await api.call('admin', 'PUT', `/api/correo/boletin/campanas/${campana.id}`, { asunto: 'Otro', contenido: '<p>y</p>' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('La campaña ya se envió o se está enviando: no se puede cambiar.');
    const again = await api.call('admin', 'POST', `/api/correo/boletin/campanas/${campana.id}/enviar`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('La campaña ya se envió o se está enviando.');
    expect((await api.call('admin', 'POST', '/api/correo/boletin/campanas/999999/enviar')).statusCode).toBe(404);
  });

  it('una campaña a 5.000 suscriptores termina por lotes con 5.000 filas en la bandeja', async () => {
    const db = t.database.db;
    await db.execute(sql`UPDATE ${boletinSuscriptores} SET estado = 'desuscrito'`);
    const emails = Array.from({ length: 5000 }, (_, i) => ({ email: `masivo${i}@lote.test`, estado: 'confirmado' as const }));
    for (let i = 0; i < emails.length; i += 1000) await db.insert(boletinSuscriptores).values(emails.slice(i, i + 1000));
    const campana = await crearCampana({ asunto: 'Campaña masiva', contenido: '<p>Para todos.</p>' });
    // Started through the service, not the route, so no background run races the job's runs below.
    expect(await enviarCampana(db, campana.id)).toMatchObject({ estado: 'enviando', total: 5000, enviados: 0 });
    // A run of the job with no time budget sends a single batch: the rest waits for the next runs.
    const { campana: done, runs } = await porLotes(campana.id, 0);
    expect(done).toMatchObject({ estado: 'enviada', total: 5000, enviados: 5000 });
    // 5,000 / 250 = 20 batches, and one more run finds nobody left and marks it sent.
    expect(runs).toBe(5000 / LOTE_BOLETIN + 1);
    const [{ total }] = await db
      .select({ total: count() })
      .from(correos)
      .where(eq(correos.kind, `boletin-${campana.id}`));
    expect(total).toBe(5000);
    const log = (await api.call('admin', 'GET', `/api/correo/boletin/campanas/${campana.id}/envios?per_page=1`)).json();
    expect(log.meta.total).toBe(5000);
  }, 120_000);
});

/** Runs the job one batch at a time (a zero time budget still sends one) and checks each run adds at most one batch. */
async function porLotes(id: number, already: number): Promise<{ campana: Campana; runs: number }> {
  let enviados = already;
  for (let i = 0; i < 100; i++) {
    const sent = await enviarLotesDeBoletin(ctx, new Date(), 0);
    const campana: Campana = (await api.call('admin', 'GET', `/api/correo/boletin/campanas/${id}`)).json().data;
    expect(sent === LOTE_BOLETIN || campana.estado === 'enviada').toBe(true);
    expect(campana.enviados - enviados).toBe(sent);
    enviados = campana.enviados;
    if (campana.estado === 'enviada') return { campana, runs: i + 1 };
  }
  throw new Error('la campaña no terminó');
}

describe('roles', () => {
  it('solo el admin ve y maneja el boletín; las rutas del enlace firmado no piden sesión', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/correo/boletin/suscriptores'],
      ['GET', '/api/correo/boletin/campanas'],
      ['POST', '/api/correo/boletin/campanas', { asunto: 'Prueba de rol', contenido: '<p>x</p>' }],
      ['GET', '/api/correo/boletin/campanas/1'],
      ['PUT', '/api/correo/boletin/campanas/1', { asunto: 'Prueba de rol', contenido: '<p>x</p>' }],
      ['POST', '/api/correo/boletin/campanas/1/prueba'],
      ['POST', '/api/correo/boletin/campanas/1/enviar'],
      ['GET', '/api/correo/boletin/campanas/1/envios'],
    ];
    for (const [method, url, body] of routes) {
      expect((await api.call('anonimo', method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const role of ['vendedor-admin', 'administracion', 'inventario', 'despacho', 'cliente']) {
        expect((await api.call(role, method as 'GET', url, body)).statusCode, `${method} ${url} ${role}`).toBe(403);
      }
    }
    const list = await api.call('admin', 'GET', '/api/correo/boletin/suscriptores?filter=confirmado&search=masivo4999');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { email: string }) => s.email)).toEqual(['masivo4999@lote.test']);
    expect((await api.call('admin', 'GET', '/api/correo/boletin/suscriptores?filter=otro')).statusCode).toBe(422);
    for (const role of ['anonimo', 'cliente', 'inventario']) {
      expect((await api.call(role, 'GET', `/api/correo/preferencias/1?firma=${'0'.repeat(32)}`)).statusCode, role).toBe(400);
      expect((await api.call(role, 'PATCH', '/api/correo/desuscribir', { cliente: 1, firma: '0'.repeat(32) })).statusCode, role).toBe(400);
    }
  });
});
