// The shipping rates through the API: anyone reads them, admin and administracion change them, a bad
// rate answers a Spanish 422 and changes nothing, and the starting rates come with the migration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShippingRateDto } from '#domain/contracts/envios.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';

let t: TestApp;
let api: OrdenesDriver;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
});

afterAll(async () => {
  await t?.close();
});

async function rates(): Promise<ShippingRateDto[]> {
  const response = await api.call('anonimo', 'GET', '/api/envios/tarifas');
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const find = (list: ShippingRateDto[], agency: string, state: string) => list.find((r) => r.agency === agency && r.state === state);

describe('tarifas de envío', () => {
  it('cualquiera las lee: cada agencia en cada estado, la capital más barata que Amazonas', async () => {
    const list = await rates();
    expect(list).toHaveLength(7 * 25);
    expect(find(list, 'mrw', 'Distrito Capital')).toEqual({
      agency: 'mrw',
      state: 'Distrito Capital',
      costUsd: '3.50',
      daysMin: 1,
      daysMax: 2,
    });
    expect(Number(find(list, 'mrw', 'Amazonas')?.costUsd)).toBeGreaterThan(3.5);
    expect(find(list, 'liberty', 'Zulia')?.costUsd).toBeNull();
  });

  it('administración cambia un costo y otra tarifa pasa a por cobrar; las demás quedan igual', async () => {
    const before = await rates();
    const response = await api.call('administracion', 'PUT', '/api/envios/tarifas', {
      tarifas: [
        { agency: 'zoom', state: 'Lara', costUsd: '6.25', daysMin: 2, daysMax: 4 },
        { agency: 'mrw', state: 'Sucre', costUsd: null, daysMin: 3, daysMax: 6 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const after = await rates();
    expect(find(after, 'zoom', 'Lara')).toMatchObject({ costUsd: '6.25', daysMin: 2, daysMax: 4 });
    expect(find(after, 'mrw', 'Sucre')).toMatchObject({ costUsd: null, daysMin: 3, daysMax: 6 });
    expect(find(after, 'mrw', 'Zulia')).toEqual(find(before, 'mrw', 'Zulia'));
  });

  it('una tarifa mala responde 422 en español y no cambia ninguna', async () => {
    const before = await rates();
    for (const [bad, message] of [
      [{ agency: 'mrw', state: 'Lara', costUsd: '-2', daysMin: 1, daysMax: 2 }, /monto en dólares/],
      [{ agency: 'mrw', state: 'Narnia', costUsd: '2', daysMin: 1, daysMax: 2 }, /no existe/],
      [{ agency: 'mrw', state: 'Lara', costUsd: '2', daysMin: 5, daysMax: 2 }, /días máximos/],
      [{ agency: 'correo', state: 'Lara', costUsd: '2', daysMin: 1, daysMax: 2 }, /agencia/],
    ] as const) {
      const response = await api.call('admin', 'PUT', '/api/envios/tarifas', {
        tarifas: [{ agency: 'tealca', state: 'Lara', costUsd: '1.00', daysMin: 1, daysMax: 1 }, bad],
      });
      expect(response.statusCode).toBe(422);
      expect(response.body).toMatch(message);
    }
    expect(await rates()).toEqual(before);
  });

  it('solo admin y administración las cambian', async () => {
    const body = { tarifas: [{ agency: 'mrw', state: 'Lara', costUsd: '1.00', daysMin: 1, daysMax: 1 }] };
    expect((await api.call('anonimo', 'PUT', '/api/envios/tarifas', body)).statusCode).toBe(401);
    for (const role of ['cliente', 'vendedor-admin', 'inventario', 'despacho']) {
      expect((await api.call(role, 'PUT', '/api/envios/tarifas', body)).statusCode).toBe(403);
    }
    expect(find(await rates(), 'mrw', 'Lara')?.costUsd).not.toBe('1.00');
  });
});
