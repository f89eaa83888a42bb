// A customer's data typed at checkout are kept in their profile for the next purchase; a staff
// member placing an order for someone else keeps their own profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { orderBody, otroComprador, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 20);
});

afterAll(async () => {
  await t?.close();
});

const profileOf = async (role: string) => (await api.call(role, 'GET', '/api/profile/usuario')).json().data.detail;

describe('los datos del checkout en el perfil', () => {
  it('el cliente con sesión encuentra en su perfil los datos de su última compra', async () => {
    const buyer = { ...otroComprador(7, 'Ana Lucía Torres'), email: 'cliente@vitrina.com.ve', state: 'Lara', city: 'Barquisimeto' };
    await api.registrarOrden(orderBody(stocked, { buyer }), 'perfil-1-xxxx', { token: await api.tokenOf('cliente') });
    expect(await profileOf('cliente')).toMatchObject({
      fullName: 'Ana Lucía Torres',
      phone: buyer.phone,
      dni: buyer.dni,
      state: 'Lara',
      city: 'Barquisimeto',
      address: 'Av. Bolívar Norte, casa 12',
    });
  });

  it('el personal que registra la orden de otra persona conserva su propio perfil', async () => {
    const before = await profileOf('vendedor-admin');
    await api.registrarOrden(orderBody(stocked, { buyer: otroComprador(8, 'Otro Cliente') }), 'perfil-2-xxxx', {
      token: await api.tokenOf('vendedor-admin'),
    });
    expect(await profileOf('vendedor-admin')).toEqual(before);
  });
});
