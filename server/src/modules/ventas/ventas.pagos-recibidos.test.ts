// «Pagos recibidos» counts money received only: a discount granted on a nota de entrega is not a
// payment; it has its own line on the screen and in the sheet (issue 22).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagoFila, ResumenDescuentos, ResumenMetodo } from '#domain/contracts/ventas-reportes.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { registrarVenta } from '#test/cobros.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { type StockedArticle, stockedArticle } from '#test/ordenes.ts';

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

const today = caracasIsoDate(new Date());
const range = `filter_advance[date_from]=${today}&filter_advance[date_to]=${today}`;

describe('los descuentos no son pagos', () => {
  it('un descuento de $ 10 sobre una nota no entra en «Pagos recibidos»: tiene su propia línea', async () => {
    const nota = await registrarVenta(t, {
      dni: 'V-22000001',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 5, priceCents: 1_000 }],
    });
    const abono = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: 'zelle',
      reference: 'ZL22000001',
      amount: '40.94',
    });
    expect(abono.statusCode, abono.body).toBe(201);
    const aprobado = await api.call('administracion', 'PATCH', '/api/mayor/cuentas/aprobar-abono', {
      id: abono.json().data.abono.id,
      step: 'aprobado',
    });
    expect(aprobado.statusCode, aprobado.body).toBe(200);
    const descuento = await api.call('administracion', 'PATCH', '/api/mayor/cuentas/aplicar-descuento', {
      deliveryNote: nota.number,
      amount: '10',
    });
    expect(descuento.statusCode, descuento.body).toBe(200);

    const response = await api.call('admin', 'GET', `/api/ventas/pagos?${range}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: PagoFila[]; meta: { total: number }; resumen: ResumenMetodo[]; descuentos: ResumenDescuentos };
    expect(body.data.map((p) => [p.method, p.amountUsd])).toEqual([['zelle', '40.94']]);
    expect(body.meta.total).toBe(1);
    expect(body.resumen.map((r) => r.method)).toEqual(['zelle']);
    expect(body.descuentos).toEqual({ cantidad: 1, amountUsd: '10.00' });

    const porMetodo = await api.call('admin', 'GET', `/api/ventas/graficos?${range}`);
    expect(porMetodo.statusCode, porMetodo.body).toBe(200);
    expect(porMetodo.json().data.porMetodo.map((m: { key: string }) => m.key)).toEqual(['zelle']);

    const hoja = await api.call('admin', 'GET', `/api/ventas/pagos/exportar?${range}&formato=xlsx`);
    expect(hoja.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(hoja.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const texts = sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.filter((v) => v != null).map(String) : []));
    expect(texts.filter((r) => r.includes('zelle') || r.includes('Zelle'))).toHaveLength(1);
    expect(texts.some((r) => r.some((v) => v.includes('descuento')) && r.includes('10'))).toBe(true);
  });
});
