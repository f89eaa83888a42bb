import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { orderBody, otroComprador, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { asBearer, demoEmail, loginAs, signUp } from '#test/sessions.ts';

let t: TestApp;
let stocked: StockedArticle;
let cliente: { token: string };
let otra: { token: string };
let admin: { token: string };
const mine: string[] = [];
let foreign = '';
let guest = '';

beforeAll(async () => {
  t = await buildTestApp();
  stocked = await stockedArticle(t);
  cliente = await loginAs(t.app, demoEmail('cliente'));
  admin = await loginAs(t.app, demoEmail('admin'));
  otra = await signUp(t.app, { nickname: 'Otra', email: 'otra.compradora@correo.com', password: 'clave-de-otra-123' });
  const api = ordenesDriver(t);
  const registrar = async (body: object, key: string, token?: string) => (await api.registrarOrden(body, key, { token })).code;
  // Unpaid orders are limited per buyer contact: each order of the account has its own buyer data.
  for (let i = 0; i < 17; i++) mine.push(await registrar(orderBody(stocked, { buyer: otroComprador(i) }), `mias-${i}-xxxx`, cliente.token));
  foreign = await registrar(orderBody(stocked, { buyer: { fullName: 'Ana Otra' } }), 'ajena-0001', otra.token);
  guest = await registrar(orderBody(stocked), 'invitado-0001');
});

afterAll(async () => {
  await t?.close();
});

const buscar = (token: string, payload: object = {}) =>
  t.app.inject(asBearer(token, { method: 'POST', url: '/api/profile/buscar-ordenes-compras', payload }));
const detalle = (token: string, code: string) =>
  t.app.inject(asBearer(token, { url: `/api/profile/buscar-detalles-ordene-compra?code=${code}` }));

describe('mis compras (profile)', () => {
  it('lista solo las órdenes de la cuenta, 15 por página y las más recientes primero', async () => {
    const first = await buscar(cliente.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toMatchObject({ current_page: 1, per_page: 15, total: 17, last_page: 2 });
    const second = await buscar(cliente.token, { page: 2 });
    const codes = [...first.json().data, ...second.json().data].map((o: { code: string }) => o.code);
    expect(codes).toEqual([...mine].reverse());
    expect(codes).not.toContain(foreign);
    expect(codes).not.toContain(guest);
    expect((await buscar(otra.token)).json().data.map((o: { code: string }) => o.code)).toEqual([foreign]);
  });

  it('busca por código y filtra por paso dentro de las propias', async () => {
    const byCode = await buscar(cliente.token, { search: mine[3] });
    expect(byCode.json().data.map((o: { code: string }) => o.code)).toEqual([mine[3]]);
    expect((await buscar(cliente.token, { search: foreign })).json().data).toEqual([]);
    expect((await buscar(cliente.token, { filter: 'entregada' })).json().meta.total).toBe(0);
    const bad = await buscar(cliente.token, { filter: 'volando' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.filter).toEqual(['Paso desconocido']);
  });

  it('muestra el detalle propio sin nombrar al personal', async () => {
    const own = await detalle(cliente.token, mine[0].toLowerCase());
    expect(own.statusCode).toBe(200);
    const body = own.json().data;
    expect(body.order.code).toBe(mine[0]);
    expect(body.order.idempotencyKey).toBeUndefined();
    expect(body.details).toHaveLength(1);
    expect(body.details[0]).toMatchObject({ articleCode: stocked.article, quantity: 1 });
    // Neither the name nor the id of the staff who moved it.
    expect(body.history.every((h: object) => 'by' in h && h.by === null && !('userId' in h))).toBe(true);
  });

  it('IDOR: el código de otra persona da 404, igual que uno inexistente, incluso para el personal', async () => {
    const other = await detalle(cliente.token, foreign);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('La orden de compra no existe.');
    expect(JSON.stringify(other.json())).not.toContain('Ana Otra');
    expect((await detalle(cliente.token, guest)).statusCode).toBe(404);
    expect((await detalle(cliente.token, 'OC-999999')).statusCode).toBe(404);
    // Staff see every order in the back office, but "mis compras" is only their own.
    expect((await detalle(admin.token, foreign)).statusCode).toBe(404);
    expect((await buscar(admin.token)).json().meta.total).toBe(0);
    expect((await detalle(otra.token, mine[0])).statusCode).toBe(404);
  });

  it('sin sesión da 401 y un código mal formado 422', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/buscar-ordenes-compras', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/profile/buscar-detalles-ordene-compra?code=${mine[0]}` })).statusCode).toBe(401);
    const bad = await detalle(cliente.token, 'nada');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.code[0]).toContain('no es válido');
  });
});
