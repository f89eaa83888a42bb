// Payments reported, rejected and reported again; what each side may see; bad input as 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { orderBody, registrarOrden, type StockedArticle, stockedArticle } from '../../../test/ordenes.ts';
import { asBearer, demoEmail, loginAs, nextIp } from '../../../test/sessions.ts';

let t: TestApp;
let stocked: StockedArticle;
let staff = '';
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  stocked = await stockedArticle(t, 80);
  staff = (await loginAs(t.app, demoEmail('administracion'))).token;
});

afterAll(async () => {
  await t?.close();
});

const key = (name: string) => `revision-${name}-${++seq}`;
const zelle = (reference: string) => ({ method: 'zelle', reference, amount: '10.00', date: '2026-11-20' });
const pagoMovil = (reference: string) => ({ method: 'pago-movil', reference, bankCode: '0134', amount: '900.00', date: '2026-11-20' });

function reportar(code: string, payment: object, email = 'pedro@correo.com') {
  return t.app.inject({
    method: 'POST',
    url: '/api/orden-compra/registrar-pago',
    remoteAddress: nextIp(),
    payload: { code, email, payment },
  });
}

function revisar(code: string, approve: boolean) {
  return t.app.inject(
    asBearer(staff, { method: 'PATCH', url: '/api/orden-compra/confirmar-pago', payload: { code, approve, note: 'revisado' } }),
  );
}

async function detalle(code: string, token = staff) {
  return (await t.app.inject(asBearer(token, { url: `/api/orden-compra/buscar-detalles-ordene-compra?code=${code}` }))).json().data;
}

describe('pagos rechazados y reportados de nuevo', () => {
  it('al aprobar el segundo pago, el primero sigue rechazado (y la misma referencia puede volver tras un rechazo)', async () => {
    const code = await registrarOrden(t, orderBody(stocked, { payment: zelle('ZREPITE01') }), key('repite'));
    expect((await revisar(code, false)).statusCode).toBe(200);
    expect((await reportar(code, zelle('ZREPITE01'))).statusCode).toBe(200);
    const approved = await revisar(code, true);
    expect(approved.statusCode).toBe(200);
    const payments = (await detalle(code)).payments as { reference: string; status: string }[];
    expect(payments.map((p) => p.status).sort()).toEqual(['aprobado', 'rechazado']);
  });

  it('cambiar de método al reportar recalcula la comisión y el total', async () => {
    const code = await registrarOrden(t, orderBody(stocked, { payment: { method: 'efectivo' } }), key('metodo'));
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
    const code = await registrarOrden(t, orderBody(stocked, { payment: zelle('ZTRES0001') }), key('tres'));
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
    await registrarOrden(t, orderBody(stocked, { payment: pagoMovil('ab-XYZ-123') }), key('ref1'));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/orden-compra/registrar',
      remoteAddress: nextIp(),
      headers: { 'idempotency-key': key('ref2') },
      payload: orderBody(stocked, { payment: pagoMovil('ABXYZ123') }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Esa referencia de pago ya fue registrada para ese banco y método.');
    const check = await t.app.inject({ url: '/api/orden-compra/vrificar-referencia?method=pago-movil&bankCode=0134&reference=abxyz-123' });
    expect(check.json().data.used).toBe(true);
  });
});

describe('lo que ve cada quien', () => {
  it('el cliente ve su orden sin el encargado ni las notas del personal; el personal sí', async () => {
    const customer = (await loginAs(t.app, demoEmail('cliente'))).token;
    const code = await registrarOrden(t, orderBody(stocked, { payment: zelle('ZNOTAS001') }), key('notas'), customer);
    await t.app.inject(
      asBearer(staff, {
        method: 'PATCH',
        url: '/api/orden-compra/confirmar-pago',
        payload: { code, approve: false, note: 'Nota interna: revisar con el banco' },
      }),
    );
    const own = await detalle(code, customer);
    expect(own.inCharge).toBeNull();
    expect(JSON.stringify(own.history)).not.toContain('Nota interna');
    const staffView = await detalle(code);
    expect(JSON.stringify(staffView.history)).toContain('Nota interna');
  });

  it('la página pública muestra solo el final del número de guía', async () => {
    const code = await registrarOrden(t, orderBody(stocked, { payment: zelle('ZGUIA0001') }), key('guia'));
    const admin = (await loginAs(t.app, demoEmail('admin'))).token;
    for (const [url, payload] of [
      ['confirmar-pago', { code, approve: true }],
      ['confirmar-inventario', { code }],
      ['despachar', { code, trackingNumber: 'MRW123456789' }],
    ] as const) {
      const response = await t.app.inject(asBearer(admin, { method: 'PATCH', url: `/api/orden-compra/${url}`, payload }));
      expect(response.statusCode, url).toBe(200);
    }
    const status = (await t.app.inject({ url: `/api/orden-compra/estado/${code}` })).json().data;
    expect(status.trackingNumber).toBe('••••••••6789');
    expect((await detalle(code, admin)).order.trackingNumber).toBe('MRW123456789');
  });
});

describe('datos malos: 4xx en español, nada cambia', () => {
  it('un vendedor que no existe es un 400, no un error del servidor', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orden-compra/registrar',
      remoteAddress: nextIp(),
      headers: { 'idempotency-key': key('vendedor') },
      payload: orderBody(stocked, { extra: { withSeller: true, salesman: 999_999 } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('El vendedor elegido no existe.');
  });

  it('fechas que no existen en la búsqueda o en el pago son 422', async () => {
    const search = await t.app.inject(
      asBearer(staff, {
        method: 'POST',
        url: '/api/orden-compra/buscar-ordenes-compras',
        payload: { filter_advance: { date_from: '2026-13-45' } },
      }),
    );
    expect(search.statusCode).toBe(422);
    const code = await registrarOrden(t, orderBody(stocked), key('fecha'));
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
