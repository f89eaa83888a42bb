// Amounts, cédulas, RIF and phones as Venezuelans write them, through the API: the checkout, a
// supplier, a credit customer's authorisation and an abono accept «15.000,00», «V-18.456.789»,
// «18456789» and «J-50123456-7», keep one stored form, and refuse a 10-digit phone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { registrarVenta } from '#test/cobros.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;

beforeAll(async () => {
  t = await buildTestApp({ ORDENES_IMPAGAS_POR_CONTACTO: '100', ORDENES_IMPAGAS_POR_IP: '100' });
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 100);
});

afterAll(async () => {
  await t?.close();
});

async function dniOfOrder(code: string): Promise<string> {
  const [row] = await rows<{ dni: string }>(t, sql`SELECT buyer->>'dni' AS dni FROM ordenes_compra WHERE code = ${code}`);
  return row.dni;
}

describe('checkout: cédula y teléfono como los escribe el comprador', () => {
  it('V-18.456.789 y 18456789 se aceptan y se guardan como V-18456789', async () => {
    let n = 0;
    for (const dni of ['V-18.456.789', '18456789', 'v 18456789']) {
      const body = orderBody(stocked, { buyer: { dni, email: `cedula${++n}@correo.com` } });
      const { code } = await api.registrarOrden(body, `entradas-dni-${n}-xxxx`);
      expect(await dniOfOrder(code), dni).toBe('V-18456789');
    }
  });

  it('un RIF de empresa se acepta en el checkout; el teléfono se guarda de una forma', async () => {
    const body = orderBody(stocked, { buyer: { dni: 'j501234566', phone: '+58 414 555 0199', email: 'empresa@correo.com' } });
    const { code } = await api.registrarOrden(body, 'entradas-rif-xxxx');
    expect(await dniOfOrder(code)).toBe('J-50123456-6');
    const [row] = await rows<{ phone: string }>(t, sql`SELECT buyer->>'phone' AS phone FROM ordenes_compra WHERE code = ${code}`);
    expect(row.phone).toBe('0414-555-0199');
  });

  it('un teléfono de 10 dígitos se rechaza con un 422 y un mensaje en español', async () => {
    const response = await api.registrar(orderBody(stocked, { buyer: { phone: '0414-555-011' } }), 'entradas-tel-xxxx');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['user.phone']).toEqual([
      'El teléfono no es válido: un número venezolano tiene 11 dígitos (ejemplo: 0414-555-0101)',
    ]);
  });
});

describe('proveedores y clientes: todo prefijo de RIF', () => {
  it('J-50123456-7 se acepta aunque su dígito no cuadre (el aviso es del formulario) y se guarda así', async () => {
    const response = await api.call('administracion', 'POST', '/api/mayor/cuentas/por-pagar/registrar-proveedor', {
      rif: 'J-50123456-7',
      name: 'Textiles del Centro, C.A.',
      phone: '0241 555 0100',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await rows<{ rif: string; phone: string }>(
      t,
      sql`SELECT rif, phone FROM proveedores WHERE name = 'Textiles del Centro, C.A.'`,
    );
    expect(row).toEqual({ rif: 'J-50123456-7', phone: '0241-555-0100' });
  });

  it('un consejo comunal (C-) y un ente del gobierno (G-) se aceptan', async () => {
    for (const rif of ['C-29000001-5', 'G-20000085-6']) {
      const response = await api.call('administracion', 'POST', '/api/mayor/cuentas/por-pagar/registrar-proveedor', {
        rif,
        name: `Ente ${rif}`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('un RIF de empresa sin dígito verificador se rechaza con un ejemplo J-', async () => {
    const response = await api.call('administracion', 'POST', '/api/mayor/cuentas/por-pagar/registrar-proveedor', {
      rif: 'J-50123456',
      name: 'Sin dígito',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.rif).toEqual(['Al RIF le falta el dígito verificador (ejemplo: J-50123456-6)']);
  });

  it('la autorización de crédito de un cliente nuevo con RIF J- y monto es-VE', async () => {
    const response = await api.call('administracion', 'POST', '/api/mayor/cuentas/autorizar', {
      dni: 'J-40123456-7',
      name: 'Mayorista Nuevo, C.A.',
      maxAmount: '1.500,00',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.cliente.dni).toBe('J-40123456-7');
    expect(response.json().data.maxAmount).toBe('1500.00');
  });
});

describe('abono: el monto como lo escribe un venezolano', () => {
  it('«15.000,00» en bolívares se registra como Bs. 15.000,00', async () => {
    const nota = await registrarVenta(t, {
      dni: 'V-19876543',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 50, priceCents: 1_000 }],
    });
    const response = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: 'pago-movil',
      bankCode: '0102',
      amount: '15.000,00',
      reference: 'PM15000',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.abono.amount).toBe('15000.00');
    expect(response.json().data.abono.currency).toBe('VES');
  });

  it('un monto ambiguo o con tres decimales se rechaza con el ejemplo es-VE', async () => {
    const nota = await registrarVenta(t, {
      dni: 'V-19876544',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 5, priceCents: 1_000 }],
    });
    const response = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: 'zelle',
      amount: '25,505',
      reference: 'ZL-ambiguo',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.amount).toEqual(['El monto admite hasta 2 decimales (ejemplo: 1.234,56)']);
  });
});
