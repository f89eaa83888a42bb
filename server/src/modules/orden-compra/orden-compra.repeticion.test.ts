// A repeated order (same Idempotency-Key) is answered 200 with the first order, on a route whose
// contract says 201: that answer too is written from the contract and checked against it (the
// check itself is tested in server/src/http/contract.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrar as registrarContract } from '#domain/contracts/orden-compra.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { orderBody, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 50);
});

afterAll(async () => {
  await t?.close();
});

describe('orden repetida con la misma clave de idempotencia', () => {
  it('responde 200 con la misma orden, sus pagos y solo los campos del contrato', async () => {
    const zelle = { method: 'zelle', reference: 'ZREPETIDA1', amount: '30.00', date: '2026-11-20' };
    const body = orderBody(stocked, { quantity: 1, payment: zelle });
    const first = await api.registrar(body, 'repeticion-contrato-1');
    expect(first.statusCode).toBe(201);
    const again = await api.registrar(body, 'repeticion-contrato-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(again.json().data.payments).toHaveLength(1);
    expect(again.json()).toEqual(JSON.parse(JSON.stringify(registrarContract.response.parse(again.json()))));
  });
});
