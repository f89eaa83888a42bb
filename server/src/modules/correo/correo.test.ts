// The outbox (/api/correo/bandeja) as an admin reads it, and what the mailer lets out.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { asBearer, demoEmail, loginAs } from '#test/sessions.ts';
import { correos } from './correo.schema.ts';
import { createMailer } from './mailer.ts';
import { firstName, orderStepMail } from './plantillas.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await loginAs(t.app, demoEmail('admin'))).token;
});

afterAll(async () => {
  await t?.close();
});

describe('bandeja de correos', () => {
  it('un id que no cabe en la base responde 422 y uno inexistente 404', async () => {
    for (const id of ['2147483648', '99999999999999999999']) {
      const response = await t.app.inject(asBearer(admin, { url: `/api/correo/bandeja/${id}` }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.id).toEqual(['El correo no es válido']);
    }
    const missing = await t.app.inject(asBearer(admin, { url: '/api/correo/bandeja/2147483647' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El correo no existe.');
  });
});

describe('límite por destinatario', () => {
  it('el correo 21 de órdenes a una misma dirección en una hora se omite con un aviso (no un error) en el log, sin error para quien compra', async () => {
    // Anyone can cause it by typing an address: a warning, never an error-level line.
    const logged: string[] = [];
    const errors: string[] = [];
    const mailer = createMailer({
      from: 'Vitrina <x@vitrina.test>',
      nodeEnv: 'test',
      log: (msg) => void errors.push(msg),
      warn: (msg) => void logged.push(msg),
    });
    const to = 'cualquiera@correo.com';
    for (let i = 0; i < 21; i++) {
      // As a guest checkout queues it: inside the order's transaction.
      await t.database.db.transaction(async (tx) => {
        const deliver = await mailer.queue(tx, { to, kind: 'orden-pendiente', ...orderStepMail('Ana', `OC-${i}`, 'Pendiente', 'x', '') });
        await deliver(tx);
      });
    }
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(correos)
      .where(and(eq(correos.to, to), eq(correos.kind, 'orden-pendiente')));
    expect(n).toBe(20);
    expect(logged).toEqual(['correo omitido: ya se enviaron 20 de tipo orden-pendiente a cualquiera@correo.com en la última hora']);
    expect(errors).toEqual([]);
    // Another kind, or another address, has its own count.
    await mailer.send(t.database.db, { to, kind: 'orden-anulada', ...orderStepMail('Ana', 'OC-1', 'Anulada', 'x', '') });
    expect(logged).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('límite por destinatario en la aplicación', () => {
  it('el correo omitido queda en el log de la tienda con nivel warn, ninguna línea de nivel error', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test' }), database: t.database, logger: { level: 'info', stream } });
    try {
      const to = 'limite-app@correo.com';
      const { db, mailer } = app.authContext();
      for (let i = 0; i < 6; i++) await mailer.send(db, { to, kind: 'prueba-limite', subject: 'x', html: 'x', text: 'x' });
    } finally {
      await app.close();
    }
    const skipped = lines.filter((l) => l.msg.startsWith('correo omitido'));
    expect(skipped.map((l) => l.level)).toEqual([40]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('plantillas', () => {
  it('el saludo lleva solo el primer nombre: letras, hasta 30', () => {
    expect(firstName('  Pedro Pérez')).toBe('Pedro');
    expect(firstName('José-María')).toBe('JoséMaría');
    expect(firstName('Gana$$$ en https://estafa.example')).toBe('Gana');
    expect(firstName('<a href="https://estafa.example">')).toBe('a');
    expect(firstName('1234 !!')).toBe('');
    expect(firstName('A'.repeat(80))).toHaveLength(30);
    const mail = orderStepMail(
      'Pedro <b>ofertas</b> en estafa.example',
      'OC-000123',
      'Pendiente',
      'http://tienda.test/orden/OC-000123',
      '',
    );
    expect(mail.text.split('\n')[0]).toBe('Hola, Pedro');
    expect(mail.html).not.toContain('estafa');
    const nameless = orderStepMail('¡¡!!', 'OC-000123', 'Pendiente', 'http://tienda.test/orden/OC-000123', '');
    expect(nameless.text.split('\n')[0]).toBe('Hola');
  });
});
