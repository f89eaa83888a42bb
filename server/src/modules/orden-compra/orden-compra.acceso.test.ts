// Order codes are sequential (OC-000123): the public status asks for proof (the signed link of the
// buyer's mails, or the buyer's e-mail or cédula), answers a wrong proof like an unknown code, and
// is limited per address. Checking payment references is for staff only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver, type Registered } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { BUYER, orderBody, otroComprador, stockedArticle } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let order: Registered;
const NOT_FOUND = 'No encontramos una orden con ese código y esos datos.';

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://tienda.example' });
  api = ordenesDriver(t);
  const stocked = await stockedArticle(t, 20);
  order = await api.registrarOrden(orderBody(stocked, { buyer: otroComprador(1, 'Marta Gil') }), 'acceso-1-xxxx');
});

afterAll(async () => {
  await t?.close();
});

const prove = (code: string, prueba: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: `/api/orden-compra/estado/${code}`, payload: { prueba }, remoteAddress: ip });

describe('estado público de una orden', () => {
  it('sin enlace firmado, con uno ajeno o con un código que no existe, la respuesta es la misma: 404', async () => {
    const next = `OC-${String(Number(order.code.slice(3)) + 1).padStart(6, '0')}`;
    const answers = [
      await api.estado(order.code),
      await api.estado(order.code, 'a'.repeat(32)),
      await api.estado(order.code, order.token.slice(0, 31)),
      await api.estado('OC-999999', order.token),
      await api.estado(next, order.token),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ success: false, message: NOT_FOUND });
    }
    const ok = await api.estado(order.code, order.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ code: order.code, step: 'pendiente' });
    // The confirmation and the public page show each article with its picture, colour and size.
    const [item] = ok.json().data.items;
    expect(item.image).toMatch(/^\/imagenes\/modelos\/[A-Z0-9]+-320\.webp$/);
    expect(item.color).toEqual(expect.any(String));
    expect(item.size).toEqual(expect.any(String));
  });

  it('el correo o la cédula del comprador dan el enlace firmado; otros datos, el mismo 404', async () => {
    const buyer = otroComprador(1);
    for (const prueba of [buyer.email.toUpperCase(), buyer.dni, buyer.dni.replace('-', '').toLowerCase()]) {
      const response = await prove(order.code, prueba);
      expect(response.statusCode, prueba).toBe(200);
      expect(response.json().data).toEqual({ code: order.code, token: order.token });
    }
    for (const [code, prueba] of [
      [order.code, BUYER.email],
      [order.code, 'V-1'],
      ['OC-999999', buyer.email],
    ]) {
      const response = await prove(code, prueba);
      expect(response.statusCode, prueba).toBe(404);
      expect(response.json()).toEqual({ success: false, message: NOT_FOUND });
    }
    const empty = await prove(order.code, ' ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.prueba).toEqual(['Escriba el correo o la cédula con que hizo la compra']);
  });

  it('probar correos o cédulas tiene un límite por dirección', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await prove(order.code, `V-${10_000_000 + i}`, ip)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(404), 429]);
    const limited = await prove(order.code, otroComprador(1).email, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Demasiadas solicitudes. Intente de nuevo más tarde.');
    // Reading the status too.
    const reads = [];
    for (let i = 0; i < 61; i++) {
      reads.push(
        (await t.app.inject({ url: `/api/orden-compra/estado/OC-${String(i + 1).padStart(6, '0')}`, remoteAddress: ip })).statusCode,
      );
    }
    expect(reads.at(-1)).toBe(429);
  });

  it('los correos de la orden llevan el enlace firmado, y el comprador reporta el pago con él', async () => {
    const [mail] = await rows<{ text: string }>(
      t,
      sql`SELECT text FROM correos WHERE subject LIKE ${`Orden ${order.code}%`} ORDER BY id LIMIT 1`,
    );
    expect(mail.text).toContain(`https://tienda.example/orden/${order.code}?t=${order.token}`);

    const zelle = { method: 'zelle', reference: 'ZACCESO01', amount: '10.00', date: '2026-11-20' };
    const stranger = await api.registrarPago(order.code, zelle, { token: 'b'.repeat(32) });
    expect(stranger.statusCode).toBe(403);
    const paid = await api.registrarPago(order.code, zelle, { token: order.token });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.step).toBe('pago-por-confirmar');
  });
});

describe('verificar una referencia de pago', () => {
  it('es solo del personal que maneja pagos', async () => {
    const url = '/api/orden-compra/vrificar-referencia?method=zelle&reference=ZACCESO01';
    expect((await api.call('anonimo', 'GET', url)).statusCode).toBe(401);
    expect((await api.call('cliente', 'GET', url)).statusCode).toBe(403);
    expect((await api.call('despacho', 'GET', url)).statusCode).toBe(403);
    const staff = await api.call('administracion', 'GET', url);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data).toEqual({ used: true });
  });
});
