import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { orderBody, otroComprador, registrarOrden, reportadoExacto, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
const codes: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stocked = await stockedArticle(t);
  codes.push(await registrarOrden(t, orderBody(stocked, { buyer: { fullName: 'Luisa Rangel', dni: 'V-20111222' } }), 'lista-1-xxxx'));
  codes.push(await registrarOrden(t, orderBody(stocked, { buyer: { fullName: 'Mario Brito', dni: 'E-8123456' } }), 'lista-2-xxxx'));
  codes.push(
    await registrarOrden(
      t,
      orderBody(stocked, { payment: { method: 'zelle', reference: 'ZLISTA001', amount: '30.00', date: '2026-11-22' } }),
      'lista-3-xxxx',
    ),
  );
});

afterAll(async () => {
  await t?.close();
});

const buscar = (payload: object) => api.call('administracion', 'POST', '/api/orden-compra/buscar-ordenes-compras', payload);

describe('listado y detalle de órdenes para el personal', () => {
  it('busca por cédula y cuenta las órdenes por paso sin importar el filtro de paso', async () => {
    const byDni = await buscar({ search: '20111222' });
    expect(byDni.json().data.map((o: { code: string }) => o.code)).toEqual([codes[0]]);
    const pendientes = await buscar({ filter: 'pendiente' });
    expect(pendientes.json().data.map((o: { code: string }) => o.code)).toEqual([codes[1], codes[0]]);
    expect(pendientes.json().steps).toEqual({ pendiente: 2, 'pago-por-confirmar': 1 });
    expect(pendientes.json().data[0]).toMatchObject({ buyer: 'Mario Brito', paymentMethod: 'pago-pendiente', rate: expect.any(String) });
    const zelle = await buscar({ filter_advance: { payment_method: 'zelle' } });
    expect(zelle.json().steps).toEqual({ 'pago-por-confirmar': 1 });
  });

  it('una cédula entera se busca exacta (con o sin guion); sus dígitos solos, contenidos en otras', async () => {
    const longer = await registrarOrden(
      t,
      orderBody(stocked, { buyer: { ...otroComprador(41, 'Otro Rangel'), dni: 'V-201112223' } }),
      'lista-4-xxxx',
    );
    const found = async (search: string) => (await buscar({ search })).json().data.map((o: { code: string }) => o.code);
    expect(await found('V-20111222')).toEqual([codes[0]]);
    expect(await found('v20111222')).toEqual([codes[0]]);
    expect(await found('V-201112223')).toEqual([longer]);
    expect(await found('20111222')).toEqual([longer, codes[0]]);
    expect((await buscar({ search: 'V-20111222' })).json().steps).toEqual({ pendiente: 1 });
  });

  it('el detalle trae color, talla, tienda de cada línea y quién movió cada paso', async () => {
    await reportadoExacto(t, codes[2]);
    const approved = await api.call('admin', 'PATCH', '/api/orden-compra/confirmar-pago', {
      code: codes[2],
      approve: true,
      note: 'Zelle recibido',
    });
    expect(approved.statusCode).toBe(200);
    const detail = await api.detalle(codes[2]);
    const body = detail.json().data;
    expect(body.details[0]).toMatchObject({ articleCode: stocked.article, color: expect.any(String), size: expect.any(String) });
    expect(body.details[0].store).toBeTruthy();
    expect(body.payments[0]).toMatchObject({ method: 'zelle', reference: 'ZLISTA001', status: 'aprobado' });
    expect(body.payments[0].reportedAt).toBeTruthy();
    const last = body.history.at(-1);
    expect(last).toMatchObject({ from: 'pago-por-confirmar', to: 'pago-confirmado', note: 'Zelle recibido' });
    expect(last.by).toBeTruthy();
  });
});
