// The company's legal data (/api/general/empresa/datos): public to read, only an admin edits it,
// and every e-mail of the store carries it in its footer.
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correos } from '#server/modules/correo/correo.schema.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
});

afterAll(async () => {
  await t?.close();
});

const URL = '/api/general/empresa/datos';

describe('datos legales de la empresa', () => {
  it('cualquiera los lee: razón social, RIF, dirección fiscal, teléfonos y correo', async () => {
    const response = await t.app.inject({ url: URL, remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      razonSocial: 'Vitrina Moda C.A.',
      rif: 'J-41234567-8',
      phone1: '0212-555-0100',
      email: 'atencion@vitrina.com.ve',
    });
  });

  it('solo un admin los cambia', async () => {
    for (const role of ['cliente', 'vendedor-admin', 'administracion', 'inventario', 'despacho']) {
      expect((await api.call(role, 'PATCH', URL, { phone2: '' })).statusCode, role).toBe(403);
    }
    expect((await api.call('anonimo', 'PATCH', URL, { phone2: '' })).statusCode).toBe(401);
  });

  it('un admin cambia lo que envía; el RIF se normaliza y el resto queda', async () => {
    const response = await api.call('admin', 'PATCH', URL, { razonSocial: '  Vitrina Moda Venezuela C.A. ', rif: 'j412345678' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      razonSocial: 'Vitrina Moda Venezuela C.A.',
      rif: 'J-41234567-8',
      phone1: '0212-555-0100',
    });
    expect(response.json().data.updatedAt).toEqual(expect.any(String));
    const read = await t.app.inject({ url: URL, remoteAddress: nextIp() });
    expect(read.json().data.razonSocial).toBe('Vitrina Moda Venezuela C.A.');
  });

  it('rechaza datos inválidos con mensajes en español (422)', async () => {
    const response = await api.call('admin', 'PATCH', URL, {
      razonSocial: 'X',
      rif: 'V-123',
      phone1: 'abc',
      email: 'no-es-correo',
      address: 'x'.repeat(301),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      razonSocial: ['La razón social es obligatoria'],
      rif: ['El RIF o la cédula no es válida (ejemplo: J-50123456-6 o V-18456789)'],
      phone1: ['El teléfono no es válido: un número venezolano tiene 11 dígitos (ejemplo: 0414-555-0101)'],
      email: ['El correo no es válido'],
      address: ['La dirección fiscal no puede tener más de 300 caracteres'],
    });
    const empty = await api.call('admin', 'PATCH', URL, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors._).toEqual(['Indique qué desea cambiar de los datos de la empresa']);
  });

  it('el pie de cada correo lleva la razón social, el RIF y cómo contactar a la empresa', async () => {
    await api.call('admin', 'PATCH', URL, { address: 'Av. Principal de Las Mercedes, Caracas', phone2: '' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/email',
      remoteAddress: nextIp(),
      payload: { email: 'cliente@vitrina.com.ve' },
    });
    expect(asked.statusCode).toBeLessThan(300);
    await t.app.authContext().background.idle();
    const [mail] = await t.database.db.select().from(correos).orderBy(desc(correos.id)).limit(1);
    expect(mail.to).toBe('cliente@vitrina.com.ve');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Vitrina Moda Venezuela C.A.');
      expect(part).toContain('RIF J-41234567-8');
      expect(part).toContain('Av. Principal de Las Mercedes, Caracas');
      expect(part).toContain('0212-555-0100');
    }
  });
});
