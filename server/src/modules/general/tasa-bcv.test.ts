// The automatic tasa del día: a local HTTP server plays the Banco Central de Venezuela's site with a
// copy of its page; the server fetches it for real (no fake of our own code) and keeps the rate.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { rows } from '#test/inject.ts';
import { asBearer, demoEmail, loginAs } from '#test/sessions.ts';
import { actualizarTasaBcv } from './tasa-bcv.service.ts';

const RECORDED = readFileSync(new URL('../../../test/fixtures/bcv-tasas.html', import.meta.url), 'utf8');

// What the fake BCV answers next: a status and a body.
let answer = { status: 200, body: RECORDED };
let bcv: Server;
let bcvUrl = '';
let t: TestApp;
let off: TestApp;
let token = '';

beforeAll(async () => {
  bcv = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => bcv.listen(0, '127.0.0.1', resolve));
  bcvUrl = `http://127.0.0.1:${(bcv.address() as AddressInfo).port}/`;
  t = await buildTestApp({ TASA_BCV_AUTOMATICA: 'true', TASA_BCV_URL: bcvUrl });
  token = (await loginAs(t.app, demoEmail('administracion'))).token;
});

afterAll(async () => {
  await t?.close();
  await off?.close();
  await new Promise((resolve) => bcv?.close(resolve));
});

beforeEach(async () => {
  answer = { status: 200, body: RECORDED };
  await rows(t, sql`DELETE FROM tasas_cambio WHERE source = 'bcv' OR user_id IS NOT NULL`);
});

const current = async () => (await t.app.inject('/api/general/tasa-del-dia')).json().data;
const traer = () => t.app.inject(asBearer(token, { method: 'POST', url: '/api/general/tasa-del-dia/bcv' }));
const rateRows = async () => (await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM tasas_cambio`))[0].n;

describe('tasa del día desde el BCV', () => {
  it('lee la página del BCV y guarda su tasa del dólar como tasa del día, con su fecha valor y su fuente', async () => {
    const response = await traer();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      stored: true,
      amount: '241.5783',
      valueDate: '2026-11-20',
      message: 'Tasa del BCV guardada como tasa del día.',
    });
    expect(await current()).toMatchObject({ amount: '241.5783', source: 'bcv', valueDate: '2026-11-20', automatic: true });
  });

  it('la misma publicación leída otra vez (u otro proceso a la vez) queda una sola vez', async () => {
    const before = await rateRows();
    const [a, b] = await Promise.all([traer(), traer()]);
    expect([a.json().data.stored, b.json().data.stored].sort()).toEqual([false, true]);
    expect((await traer()).json().data.message).toBe('La tasa del BCV de esa fecha valor ya estaba guardada.');
    expect(await rateRows()).toBe(before + 1);
  });

  it('una página rota, en mantenimiento o con error no cambia nada', async () => {
    const before = { rate: await current(), rows: await rateRows() };
    const bad = [
      {
        status: 200,
        body: '<html><body>Sitio en mantenimiento</body></html>',
        message: 'La página del BCV no trae el recuadro del dólar.',
      },
      {
        status: 200,
        body: RECORDED.replace('241,57826940', 'N/D'),
        message: 'La tasa del dólar en la página del BCV no es un número válido.',
      },
      { status: 503, body: 'Service Unavailable', message: 'La página del BCV respondió con el estado 503.' },
    ];
    for (const page of bad) {
      answer = page;
      const response = await traer();
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ stored: false, amount: null, valueDate: null, message: page.message });
    }
    expect(await current()).toEqual(before.rate);
    expect(await rateRows()).toBe(before.rows);
  });

  it('un sitio que no responde tampoco cambia nada', async () => {
    const before = await rateRows();
    const result = await actualizarTasaBcv(t.app.deps.database.db, { url: 'http://127.0.0.1:9/' });
    expect(result).toEqual({ stored: false, amount: null, valueDate: null, message: 'La página del BCV no se pudo conectar.' });
    expect(await rateRows()).toBe(before);
  });

  it('una tasa publicada para mañana se guarda recién cuando llega su fecha valor', async () => {
    const db = t.app.deps.database.db;
    const eve = await actualizarTasaBcv(db, { url: bcvUrl, now: new Date('2026-11-19T20:00:00-04:00') });
    expect(eve).toMatchObject({ stored: false, amount: '241.5783', valueDate: '2026-11-20' });
    expect((await current()).source).toBe('manual');
    const day = await actualizarTasaBcv(db, { url: bcvUrl, now: new Date('2026-11-20T00:30:00-04:00') });
    expect(day.stored).toBe(true);
  });

  it('el personal puede fijar otra tasa: sigue vigente hasta que el BCV publique una fecha valor nueva', async () => {
    await traer();
    const manual = await t.app.inject(
      asBearer(token, { method: 'POST', url: '/api/general/tasa-del-dia', payload: { amount: '250.00', note: 'Ajuste' } }),
    );
    expect(manual.statusCode).toBe(201);
    await traer();
    expect(await current()).toMatchObject({ amount: '250.0000', source: 'manual', valueDate: null });

    const db = t.app.deps.database.db;
    const next = RECORDED.replace('241,57826940', '244,00000000').replace('content="2026-11-20T', 'content="2026-11-23T');
    answer = { status: 200, body: next };
    const result = await actualizarTasaBcv(db, { url: bcvUrl, now: new Date('2026-11-23T09:00:00-04:00') });
    expect(result.stored).toBe(true);
    expect(await current()).toMatchObject({ amount: '244.0000', source: 'bcv', valueDate: '2026-11-23' });
  });

  it('sin TASA_BCV_AUTOMATICA el servidor no consulta al BCV y lo dice en español', async () => {
    off = await buildTestApp({ TASA_BCV_URL: bcvUrl });
    const admin = (await loginAs(off.app, demoEmail('admin'))).token;
    const response = await off.app.inject(asBearer(admin, { method: 'POST', url: '/api/general/tasa-del-dia/bcv' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('La tasa del BCV no está activada en este servidor (TASA_BCV_AUTOMATICA=true).');
    expect((await off.app.inject('/api/general/tasa-del-dia')).json().data.automatic).toBe(false);
  });
});
