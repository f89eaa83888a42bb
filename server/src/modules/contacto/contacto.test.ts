// The contact form and the inbox through the API: Spanish 422s, the honeypot, the limit per
// address, messages stored as plain text, unread count, mark read and a reply by e-mail in the thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Informe } from '#domain/contracts/contacto.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { memoryMailer } from '#test/correos.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
const mail = memoryMailer();

beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail.mailer });
  api = ordenesDriver(t);
});

afterAll(async () => {
  await t?.close();
});

const valid = {
  name: 'María Pérez',
  email: 'Maria.Perez@Correo.com',
  phone: '0414-555-0101',
  subject: '¿Tienen tallas grandes?',
  message: 'Buenas tardes, quisiera saber si tienen la camisa Oxford en talla XL en Valencia.',
};

function informar(body: object, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/contacto/informar', payload: body, remoteAddress: ip });
}

async function bandeja(query = ''): Promise<{ data: Informe[]; meta: { total: number } }> {
  const response = await api.call('admin', 'GET', `/api/contacto/obtener-informes${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const sinLeer = async () => (await api.call('admin', 'GET', '/api/contacto/sin-leer')).json().data.total as number;

describe('el formulario de /contact', () => {
  it('datos inválidos: 422 con el mensaje de cada campo en español, y nada se guarda', async () => {
    const before = (await bandeja()).meta.total;
    const response = await informar({ name: '', email: 'no-es-correo', phone: '12', subject: 'a', message: 'corto' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['El nombre es obligatorio'],
      email: ['El correo no es válido'],
      phone: ['El teléfono no es válido: un número venezolano tiene 11 dígitos (ejemplo: 0414-555-0101)'],
      subject: ['El asunto debe tener al menos 3 caracteres'],
      message: ['El mensaje debe tener al menos 10 caracteres'],
    });
    expect((await bandeja()).meta.total).toBe(before);
  });

  it('el campo trampa lleno: la misma respuesta, pero no se guarda', async () => {
    const before = (await bandeja()).meta.total;
    const response = await informar({ ...valid, website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.message).toMatch(/^Gracias por escribirnos/);
    expect((await bandeja()).meta.total).toBe(before);
  });

  it('más de 5 mensajes en 10 minutos desde una dirección: 429 en español', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await informar({ ...valid, subject: `Consulta ${i}` }, ip)).statusCode).toBe(201);
    const sixth = await informar(valid, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Demasiadas solicitudes. Intente de nuevo más tarde.');
    expect((await informar(valid)).statusCode).toBe(201);
  });

  it('un mensaje con <script>, onerror=, javascript: y SVG se guarda como texto sin etiquetas', async () => {
    const response = await informar({
      ...valid,
      subject: 'Hola <img src=x onerror="alert(1)">equipo',
      message:
        'Mire <a href="javascript:alert(2)">esto</a> <script>alert(3)</script><svg onload="alert(4)"><circle/></svg> &lt;script&gt;alert(5)&lt;/script&gt; y 5 < 6.',
    });
    expect(response.statusCode).toBe(201);
    const [stored] = (await bandeja('?search=equipo')).data;
    expect(stored.attributes.subject).toBe('Hola equipo');
    expect(stored.attributes.message).toBe('Mire esto   y 5 < 6.');
    expect(stored.attributes.email).toBe('maria.perez@correo.com');
  });
});

describe('el mismo formulario en /franchise', () => {
  it('deja el mensaje con el asunto de franquicia y abre una solicitud en prospectos, sin artículos', async () => {
    const response = await informar({
      ...valid,
      name: 'Inversiones Andinas',
      subject: 'lo que sea',
      origen: 'franquicia',
      message: `Queremos abrir una franquicia en Mérida. ${'Detalle. '.repeat(80)}`,
    });
    expect(response.statusCode).toBe(201);
    const [stored] = (await bandeja('?search=Andinas')).data;
    expect(stored.attributes.subject).toBe('Solicitud de franquicia');
    expect(stored.attributes.message).toMatch(/^Queremos abrir una franquicia en Mérida\. Detalle/);
    const prospectos = (await api.call('vendedor-admin', 'GET', '/api/prospecto/buscar/usuarios?search=Andinas')).json();
    expect(prospectos.data).toHaveLength(1);
    const [p] = prospectos.data;
    expect(p).toMatchObject({
      name: 'Inversiones Andinas',
      email: 'maria.perez@correo.com',
      phone: '0414-555-0101',
      status: 'cotizada',
      units: 0,
    });
    expect(p.note).toMatch(/^Solicitud de franquicia desde \/franchise: Queremos abrir/);
    expect(p.note.length).toBeLessThanOrEqual(500);
  });

  it('un mensaje de /contact no abre solicitudes; un origen desconocido es 422 y no guarda nada', async () => {
    await informar({ ...valid, name: 'Cliente Sin Franquicia' });
    expect((await api.call('admin', 'GET', '/api/prospecto/buscar/usuarios?search=Sin%20Franquicia')).json().data).toHaveLength(0);
    const before = (await bandeja()).meta.total;
    const bad = await informar({ ...valid, origen: 'mayorista' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.origen).toEqual(['El origen del mensaje no es válido']);
    expect((await bandeja()).meta.total).toBe(before);
  });
});

describe('la bandeja del personal', () => {
  it('solo el admin la ve', async () => {
    expect((await api.call('anonimo', 'GET', '/api/contacto/obtener-informes')).statusCode).toBe(401);
    for (const role of ['vendedor-admin', 'administracion', 'inventario', 'despacho', 'cliente']) {
      expect((await api.call(role, 'GET', '/api/contacto/obtener-informes')).statusCode, role).toBe(403);
      expect((await api.call(role, 'POST', '/api/contacto/repuesta-informe', { id: 1, message: 'Hola' })).statusCode, role).toBe(403);
    }
  });

  it('cuenta los no leídos, marca leído y la respuesta va por correo y queda en la conversación', async () => {
    await informar({ ...valid, subject: 'Conversación de prueba' });
    const [informe] = (await bandeja('?search=Conversación de prueba')).data;
    expect(informe.attributes.readed).toBe(false);
    const unread = await sinLeer();
    expect((await bandeja('?filter=no-leidos')).meta.total).toBe(unread);

    const read = await api.call('admin', 'PATCH', '/api/contacto/marcar-leido', { id: informe.id, readed: true });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.attributes.readed).toBe(true);
    expect(await sinLeer()).toBe(unread - 1);
    await api.call('admin', 'PATCH', '/api/contacto/marcar-leido', { id: informe.id, readed: false });
    expect(await sinLeer()).toBe(unread);

    const reply = await api.call('admin', 'POST', '/api/contacto/repuesta-informe', {
      id: informe.id,
      message: 'Hola María, sí tenemos la talla XL en Valencia.\n\nLe esperamos.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const thread: Informe = reply.json().data;
    expect(thread.attributes.readed).toBe(true);
    expect(thread.attributes.replies).toHaveLength(1);
    expect(thread.attributes.replies[0].message).toBe('Hola María, sí tenemos la talla XL en Valencia.\n\nLe esperamos.');
    expect(thread.attributes.replies[0].user).toBeTruthy();
    expect(await sinLeer()).toBe(unread - 1);

    // The reply's delivery is a job of the queue, run right after the commit.
    await t.app.authContext().background.idle();
    const sent = mail.sent.findLast((m) => m.to === 'maria.perez@correo.com');
    expect(sent?.subject).toBe('Re: Conversación de prueba');
    expect(sent?.text).toContain('sí tenemos la talla XL en Valencia.');
    expect(sent?.text).toContain('Su mensaje:');
    const again = (await api.call('admin', 'GET', `/api/contacto/informe/${informe.id}`)).json().data as Informe;
    expect(again.attributes.replies.map((r) => r.message)).toEqual([thread.attributes.replies[0].message]);
  });

  it('un mensaje que no existe es 404 y una respuesta vacía 422, en español', async () => {
    const missing = await api.call('admin', 'POST', '/api/contacto/repuesta-informe', { id: 999999, message: 'Hola' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El mensaje no existe.');
    const empty = await api.call('admin', 'POST', '/api/contacto/repuesta-informe', { id: 1, message: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.message).toEqual(['Escriba la respuesta']);
    expect((await api.call('admin', 'GET', '/api/contacto/obtener-informes?filter=todos')).statusCode).toBe(422);
    expect((await api.call('admin', 'PATCH', '/api/contacto/marcar-leido', { id: 999999 })).statusCode).toBe(404);
  });
});
