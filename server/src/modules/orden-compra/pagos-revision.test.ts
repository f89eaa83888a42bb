// Payments reported, rejected and reported again; what each side may see; bad input as 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { orderBody, reportadoExacto, type StockedArticle, sinIgtf, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let seq = 0;

beforeAll(async () => {
  // Many orders of one demo buyer: the limit of orders awaiting payment is tested in ordenes-impagas.test.ts.
  t = await buildTestApp({ ORDENES_IMPAGAS_POR_CONTACTO: '50' });
  // Figures without the IGTF of paying in divisas: igtf-en-la-orden.test.ts tests it.
  await sinIgtf(t);
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 80);
});

afterAll(async () => {
  await t?.close();
});

const key = (name: string) => `revision-${name}-${++seq}`;
const zelle = (reference: string) => ({ method: 'zelle', reference, amount: '10.00', date: '2026-11-20' });
const pagoMovil = (reference: string) => ({ method: 'pago-movil', reference, bankCode: '0134', amount: '900.00', date: '2026-11-20' });

const reportar = (code: string, payment: object, email = 'pedro@correo.com') => api.registrarPago(code, payment, { email });
const revisar = (code: string, approve: boolean) => api.confirmarPago(code, approve, 'revisado');
const detalle = async (code: string, role = 'administracion') => (await api.detalle(code, role)).json().data;
const registrarOrden = async (body: object, idempotencyKey: string, caller = {}) =>
  (await api.registrarOrden(body, idempotencyKey, caller)).code;

describe('pagos rechazados y reportados de nuevo', () => {
  it('al aprobar el segundo pago, el primero sigue rechazado (y la misma referencia puede volver tras un rechazo)', async () => {
    const code = await registrarOrden(orderBody(stocked, { payment: zelle('ZREPITE01') }), key('repite'));
    expect((await revisar(code, false)).statusCode).toBe(200);
    expect((await reportar(code, zelle('ZREPITE01'))).statusCode).toBe(200);
    const approved = await revisar(code, true);
    expect(approved.statusCode).toBe(200);
    const payments = (await detalle(code)).payments as { reference: string; status: string }[];
    expect(payments.map((p) => p.status).sort()).toEqual(['aprobado', 'rechazado']);
  });

  it('cambiar de método al reportar recalcula la comisión y el total', async () => {
    const code = await registrarOrden(orderBody(stocked, { payment: { method: 'efectivo' } }), key('metodo'));
    const before = (await detalle(code)).order;
    expect(before.commission).toBe('0.00');
    expect((await reportar(code, { method: 'paypal', reference: 'PAYPAL-778899', amount: '30.00', date: '2026-11-20' })).statusCode).toBe(
      200,
    );
    const after = (await detalle(code)).order;
    const base = Math.round(Number(before.total) * 100);
    const commission = Math.round(base * 0.058) + 30;
    expect(after.commission).toBe((commission / 100).toFixed(2));
    expect(after.total).toBe(((base + commission) / 100).toFixed(2));
    // Rejected and paid by Zelle instead: no commission any more.
    await revisar(code, false);
    await reportar(code, zelle('ZSINCOMISION'));
    expect((await detalle(code)).order).toMatchObject({ commission: '0.00', total: before.total });
  });

  it('tras tres pagos rechazados, el cuarto reporte se rechaza con un mensaje claro', async () => {
    const code = await registrarOrden(orderBody(stocked, { payment: zelle('ZTRES0001') }), key('tres'));
    await revisar(code, false);
    await reportar(code, zelle('ZTRES0002'));
    await revisar(code, false);
    await reportar(code, zelle('ZTRES0003'));
    await revisar(code, false);
    const fourth = await reportar(code, zelle('ZTRES0004'));
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().message).toContain('pagos rechazados');
  });

  it('la misma referencia escrita con minúsculas o guiones es la misma referencia', async () => {
    await registrarOrden(orderBody(stocked, { payment: pagoMovil('ab-XYZ-123') }), key('ref1'));
    const again = await api.registrar(orderBody(stocked, { payment: pagoMovil('ABXYZ123') }), key('ref2'));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Esa referencia de pago ya fue registrada para ese banco y método.');
    const check = await api.call(
      'administracion',
      'GET',
      '/api/orden-compra/vrificar-referencia?method=pago-movil&bankCode=0134&reference=abxyz-123',
    );
    expect(check.json().data.used).toBe(true);
  });
});

describe('monto reportado distinto del total', () => {
  it('el detalle del personal marca el pago cuyo monto no coincide con lo que debe la orden (USD o Bs. a la tasa de la orden)', async () => {
    const exact = await registrarOrden(orderBody(stocked, { payment: { method: 'efectivo' } }), key('monto-ok'));
    const order = (await detalle(exact)).order as { total: string; rate: string };
    expect((await reportar(exact, { ...zelle('ZMONTO001'), amount: order.total })).statusCode).toBe(200);
    const [ok] = (await detalle(exact)).payments;
    expect(ok).toMatchObject({ amount: order.total, expectedAmount: order.total, currency: 'USD', amountDiffers: false });

    const short = await registrarOrden(orderBody(stocked, { payment: { method: 'efectivo' } }), key('monto-corto'));
    expect((await reportar(short, { ...zelle('ZMONTO002'), amount: '1.00' })).statusCode).toBe(200);
    expect((await detalle(short)).payments[0]).toMatchObject({ amount: '1.00', amountDiffers: true });

    // Pago móvil is reported in bolívares: the total at the order's frozen rate matches.
    const bs = await registrarOrden(orderBody(stocked, { payment: { method: 'efectivo' } }), key('monto-bs'));
    const bsOrder = (await detalle(bs)).order as { total: string; rate: string };
    const ves = (Math.round(Math.round(Number(bsOrder.total) * 100) * Number(bsOrder.rate)) / 100).toFixed(2);
    expect((await reportar(bs, { ...pagoMovil('PMMONTO01'), amount: ves })).statusCode).toBe(200);
    expect((await detalle(bs)).payments[0]).toMatchObject({ amount: ves, expectedAmount: ves, currency: 'VES', amountDiffers: false });
  });
});

describe('lo que ve cada quien', () => {
  it('el cliente ve su orden sin el encargado ni las notas del personal; el personal sí', async () => {
    const code = await registrarOrden(orderBody(stocked, { payment: zelle('ZNOTAS001') }), key('notas'), {
      token: await api.tokenOf('cliente'),
    });
    await api.confirmarPago(code, false, 'Nota interna: revisar con el banco');
    const own = await detalle(code, 'cliente');
    expect(own.inCharge).toBeNull();
    expect(JSON.stringify(own.history)).not.toContain('Nota interna');
    const staffView = await detalle(code);
    expect(JSON.stringify(staffView.history)).toContain('Nota interna');
  });

  it('el enlace firmado del comprador muestra el número de guía completo; sin el enlace, nada', async () => {
    const { code, token } = await api.registrarOrden(orderBody(stocked, { payment: zelle('ZGUIA0001') }), key('guia'));
    await reportadoExacto(t, code);
    for (const [url, payload] of [
      ['confirmar-pago', { code, approve: true }],
      ['confirmar-inventario', { code }],
      ['despachar', { code, trackingNumber: 'MRW123456789' }],
    ] as const) {
      const response = await api.call('admin', 'PATCH', `/api/orden-compra/${url}`, payload);
      expect(response.statusCode, url).toBe(200);
    }
    const status = (await api.estado(code, token)).json().data;
    expect(status.trackingNumber).toBe('MRW123456789');
    // Without the buyer's link the order is not there for anyone.
    expect((await api.estado(code, 'token-ajeno')).statusCode).toBe(404);
    expect(JSON.stringify((await api.estado(code, 'token-ajeno')).json())).not.toContain('6789');
    expect((await detalle(code, 'admin')).order.trackingNumber).toBe('MRW123456789');
  });
});

describe('datos malos: 4xx en español, nada cambia', () => {
  it('un vendedor que no existe es un 400, no un error del servidor', async () => {
    const response = await api.registrar(orderBody(stocked, { extra: { withSeller: true, salesman: 999_999 } }), key('vendedor'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('El vendedor elegido no existe.');
  });

  it('fechas que no existen en la búsqueda o en el pago son 422', async () => {
    const search = await api.call('administracion', 'POST', '/api/orden-compra/buscar-ordenes-compras', {
      filter_advance: { date_from: '2026-13-45' },
    });
    expect(search.statusCode).toBe(422);
    const code = await registrarOrden(orderBody(stocked), key('fecha'));
    const bad = await reportar(code, { ...zelle('ZFECHA001'), date: '2026-02-31' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toContain('Esa fecha no existe');
    const zero = await reportar(code, { ...zelle('ZFECHA002'), amount: '0' });
    expect(zero.statusCode).toBe(422);
    const bank = await reportar(code, { ...pagoMovil('PMBANCO02'), bankCode: '9999' });
    expect(bank.statusCode).toBe(422);
    expect(JSON.stringify(bank.json().errors)).toContain('Elija un banco venezolano de la lista');
    const longEmail = await reportar(code, zelle('ZLARGO001'), `${'a'.repeat(250)}@correo.com`);
    expect(longEmail.statusCode).toBe(422);
  });
});
