// Staff settings under /api/general: the tasa del día with its history, and the store's bank accounts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { rows } from '#test/inject.ts';
import { asBearer, demoEmail, loginAs } from '#test/sessions.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['admin', 'administracion', 'vendedor-admin', 'inventario', 'despacho', 'cliente']) {
    tokens[role] = (await loginAs(t.app, demoEmail(role))).token;
  }
});

afterAll(async () => {
  await t?.close();
});

const call = (role: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject(asBearer(tokens[role], { method, url, ...(payload ? { payload } : {}) }));

describe('tasa del día', () => {
  it('administración fija la tasa: queda como tasa vigente y en el historial con quién la fijó', async () => {
    const set = await call('administracion', 'POST', '/api/general/tasa-del-dia', { amount: '45.50', note: 'BCV' });
    expect(set.statusCode).toBe(201);
    expect(set.json().data).toMatchObject({ currency: 'USD', amount: '45.5000', note: 'BCV' });
    const current = await t.app.inject('/api/general/tasa-del-dia');
    expect(current.json().data).toMatchObject({ currency: 'USD', amount: '45.5000' });

    expect((await call('admin', 'POST', '/api/general/tasa-del-dia', { amount: '46.1234' })).statusCode).toBe(201);
    const history = await call('administracion', 'GET', '/api/general/tasa-del-dia/historial');
    expect(history.statusCode).toBe(200);
    const body = history.json();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 15, total: 3, from: 1, to: 3, last_page: 1 });
    expect(body.data.map((r: { amount: string }) => r.amount)).toEqual(['46.1234', '45.5000', '312.4500']);
    expect(body.data[0].user).toMatchObject({ email: 'admin@vitrina.com.ve' });
    expect(body.data[1].user).toMatchObject({ email: 'administracion@vitrina.com.ve' });
    expect(body.data[2].user).toBeNull();
    expect(typeof body.data[0].date).toBe('string');
  });

  it('el historial se pagina de a 15', async () => {
    for (let i = 1; i <= 15; i++) {
      expect((await call('admin', 'POST', '/api/general/tasa-del-dia', { amount: `50.${String(i).padStart(2, '0')}` })).statusCode).toBe(
        201,
      );
    }
    const page2 = await call('admin', 'GET', '/api/general/tasa-del-dia/historial?page=2');
    expect(page2.json().meta).toMatchObject({ current_page: 2, per_page: 15, total: 18, from: 16, to: 18, last_page: 2 });
    expect(page2.json().data).toHaveLength(3);
  });

  it('valida el monto con mensajes en español (422)', async () => {
    for (const amount of ['0', '0.00', '-5', 'abc', '45,50', '45.12345', '12345678901', '']) {
      const response = await call('administracion', 'POST', '/api/general/tasa-del-dia', { amount });
      expect(response.statusCode, amount).toBe(422);
      expect(response.json().message).toBe('Los datos enviados no son válidos.');
      expect(response.json().errors.amount[0]).toMatch(/tasa/i);
    }
    const missing = await call('administracion', 'POST', '/api/general/tasa-del-dia', {});
    expect(missing.json().errors.amount).toEqual(['Escriba la tasa del día']);
    const zero = await call('administracion', 'POST', '/api/general/tasa-del-dia', { amount: '0.0000' });
    expect(zero.json().errors.amount).toEqual(['La tasa debe ser mayor que cero']);
  });

  it('solo admin y administración fijan la tasa o ven el historial', async () => {
    expect((await call('vendedor-admin', 'POST', '/api/general/tasa-del-dia', { amount: '40' })).statusCode).toBe(403);
    expect((await call('despacho', 'GET', '/api/general/tasa-del-dia/historial')).statusCode).toBe(403);
    expect((await call('cliente', 'POST', '/api/general/tasa-del-dia', { amount: '40' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/general/tasa-del-dia', payload: { amount: '40' } })).statusCode).toBe(401);
  });
});

const nueva = {
  method: 'pago-movil',
  bank_code: '0102',
  rif: 'j412345678',
  company_account_name: 'Vitrina Moda C.A.',
  phone: '0412 555 0202',
};

describe('cuentas bancarias de la tienda', () => {
  it('administración registra una cuenta: RIF y teléfono normalizados, nombre del banco por su código', async () => {
    const created = await call('administracion', 'POST', '/api/general/cuentas-bancarias', nueva);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      method: 'pago-movil',
      bank_code: '0102',
      bank_name: 'Banco de Venezuela',
      rif: 'J-41234567-8',
      phone: '0412-555-0202',
      account_number: '',
      status: true,
    });
    const list = await t.app.inject('/api/general/cuentas-bancarias');
    expect(list.json().data.map((c: { id: number }) => c.id)).toContain(created.json().data.id);
  });

  it('desactivar una cuenta la saca de la lista pública y del checkout, pero el personal la sigue viendo', async () => {
    const created = await call('admin', 'POST', '/api/general/cuentas-bancarias', {
      method: 'transferencia',
      bank_code: '0134',
      rif: 'J-41234567-8',
      company_account_name: 'Vitrina Moda C.A.',
      account_number: '01340001112223334445',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.account_number).toBe('0134-0001-11-2223334445');

    const off = await call('administracion', 'PATCH', `/api/general/cuentas-bancarias/${id}`, { status: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe(false);
    const publicList = await t.app.inject('/api/general/cuentas-bancarias?per_page=100');
    expect(publicList.json().data.map((c: { id: number }) => c.id)).not.toContain(id);
    const checkout = await t.app.inject('/api/orden-compra/cuentas-bancarias?method=transferencia');
    expect(checkout.json().data[0].accounts.map((c: { id: number }) => c.id)).not.toContain(id);

    const all = await call('administracion', 'GET', '/api/general/cuentas-bancarias/todas?filter=transferencia');
    expect(all.statusCode).toBe(200);
    const mine = all.json().data.find((c: { id: number }) => c.id === id);
    expect(mine).toMatchObject({ status: false, bank_name: 'Banesco' });
    expect(all.json().meta).toMatchObject({ per_page: 15 });
    const search = await call('admin', 'GET', '/api/general/cuentas-bancarias/todas?search=2223334445');
    expect(search.json().data.map((c: { id: number }) => c.id)).toEqual([id]);

    const on = await call('admin', 'PATCH', `/api/general/cuentas-bancarias/${id}`, {
      status: true,
      company_account_name: 'Vitrina Moda 2 C.A.',
    });
    expect(on.json().data).toMatchObject({ status: true, company_account_name: 'Vitrina Moda 2 C.A.' });
  });

  it('valida RIF, correo, banco y los datos que pide cada método (422 en español)', async () => {
    const bad = await call('administracion', 'POST', '/api/general/cuentas-bancarias', {
      method: 'transferencia',
      bank_code: '9999',
      rif: 'X-123',
      company_account_name: 'AB',
      company_account_email: 'no-es-correo',
      account_number: '123',
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.rif).toEqual(['El RIF o la cédula no es válida (ejemplo: J-50123456-6 o V-18456789)']);
    expect(errors.bank_code).toEqual(['Elija un banco venezolano de la lista']);
    expect(errors.company_account_name).toEqual(['El titular es obligatorio']);
    expect(errors.company_account_email).toEqual(['El correo no es válido']);
    expect(errors.account_number).toEqual(['El número de cuenta debe tener 20 dígitos']);

    const incomplete = await call('administracion', 'POST', '/api/general/cuentas-bancarias', {
      method: 'pago-movil',
      rif: 'V-12345678-9',
      company_account_name: 'Vitrina Moda C.A.',
    });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toEqual({ bank_code: ['Elija el banco'], phone: ['Escriba el teléfono del pago móvil'] });

    const zelle = await call('administracion', 'POST', '/api/general/cuentas-bancarias', {
      method: 'zelle',
      rif: 'J-41234567-8',
      company_account_name: 'Vitrina Moda LLC',
    });
    expect(zelle.json().errors).toEqual({ company_account_email: ['Escriba el correo de la cuenta'] });

    const otherBank = await call('administracion', 'POST', '/api/general/cuentas-bancarias', {
      method: 'transferencia',
      bank_code: '0105',
      rif: 'J-41234567-8',
      company_account_name: 'Vitrina Moda C.A.',
      account_number: '0134-0001-11-2223334445',
    });
    expect(otherBank.json().errors).toEqual({ account_number: ['El número de cuenta no corresponde al banco elegido'] });

    const method = await call('administracion', 'POST', '/api/general/cuentas-bancarias', { ...nueva, method: 'efectivo' });
    expect(method.json().errors.method).toEqual(['Elija el método de pago de la cuenta']);
  });

  it('una edición que deja la cuenta incompleta se rechaza (400); cuenta inexistente 404; cuerpo vacío 422', async () => {
    const [{ id }] = await rows<{ id: number }>(t, sql`SELECT id FROM cuentas_bancarias WHERE method = 'pago-movil' ORDER BY id LIMIT 1`);
    const cleared = await call('admin', 'PATCH', `/api/general/cuentas-bancarias/${id}`, { phone: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe('La cuenta quedaría incompleta: escriba el teléfono del pago móvil.');
    const toZelle = await call('admin', 'PATCH', `/api/general/cuentas-bancarias/${id}`, { method: 'zelle' });
    expect(toZelle.statusCode).toBe(400);
    const badRif = await call('admin', 'PATCH', `/api/general/cuentas-bancarias/${id}`, { rif: '123' });
    expect(badRif.statusCode).toBe(422);
    expect((await call('admin', 'PATCH', '/api/general/cuentas-bancarias/999999', { status: false })).statusCode).toBe(404);
    const empty = await call('admin', 'PATCH', `/api/general/cuentas-bancarias/${id}`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors._).toEqual(['Indique qué desea cambiar de la cuenta']);
  });

  it('solo admin y administración registran o editan cuentas o ven la lista completa (números, RIF y teléfonos)', async () => {
    expect((await call('vendedor-admin', 'POST', '/api/general/cuentas-bancarias', nueva)).statusCode).toBe(403);
    expect((await call('inventario', 'PATCH', '/api/general/cuentas-bancarias/1', { status: false })).statusCode).toBe(403);
    for (const role of ['cliente', 'vendedor-admin', 'inventario', 'despacho']) {
      expect((await call(role, 'GET', '/api/general/cuentas-bancarias/todas')).statusCode).toBe(403);
    }
    expect((await t.app.inject('/api/general/cuentas-bancarias/todas')).statusCode).toBe(401);
  });

  it('el checkout recibe las cuentas activas agrupadas por método, o las de un método', async () => {
    const all = await t.app.inject('/api/orden-compra/cuentas-bancarias');
    expect(all.statusCode).toBe(200);
    const groups = all.json().data as { method: string; label: string; icon: string; accounts: { status: boolean; method: string }[] }[];
    expect(groups.map((g) => g.method)).toEqual(['zelle', 'pago-movil', 'transferencia']);
    expect(groups[1]).toMatchObject({ label: 'Pago móvil', icon: 'device-mobile' });
    expect(groups.every((g) => g.accounts.every((a) => a.status && a.method === g.method))).toBe(true);
    const zelle = await t.app.inject('/api/orden-compra/cuentas-bancarias?method=zelle');
    expect(zelle.json().data.map((g: { method: string }) => g.method)).toEqual(['zelle']);
    expect(zelle.json().data[0].accounts[0]).toMatchObject({ company_account_email: 'pagos@vitrina.com.ve' });
    const bad = await t.app.inject('/api/orden-compra/cuentas-bancarias?method=trueque');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.method).toEqual(['Método de pago desconocido']);
  });
});
