// The order charges its shipping (docs/decisions/0027): quoted on the server from the rate of its agency
// and state whatever the browser sends, added to the total and to what each method must pay, shown in
// the mail, the public page, the buyer's and the staff's detail, and carried to its sale as «envío»
// so the sales reports add up to what the buyer paid.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCents, fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { cardCommissionCents } from '#domain/vat.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { DELIVERY, orderBody, otroComprador, reportadoExacto, type StockedArticle, sinIgtf, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let buyerNumber = 300;

beforeAll(async () => {
  t = await buildTestApp();
  // Figures without the IGTF of paying in divisas: igtf-en-la-orden.test.ts tests it.
  await sinIgtf(t);
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 40);
});

afterAll(async () => {
  await t?.close();
});

/** An order of one unit to `delivery` (merged over the test delivery) by a fresh buyer. */
function bodyTo(delivery: Record<string, unknown>, payment?: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const body = orderBody(stocked, { buyer: otroComprador(buyerNumber++), payment });
  return { ...body, delivery: { ...DELIVERY, ...delivery }, ...extra };
}

type Amounts = { subtotal: string; iva: string; shippingCost: string; commission: string; total: string; rate: string };

/** What the articles cost with IVA (the order's subtotal and IVA). */
const productsCents = (o: Amounts) => addCents(toCents(o.subtotal), toCents(o.iva));

async function orderCount(): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ordenes_compra`);
  return n;
}

async function held(): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(
    t,
    sql`SELECT held AS n FROM inventario WHERE article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`,
  );
  return n;
}

describe('el envío de la orden', () => {
  it('se calcula en el servidor con la tarifa de la agencia y el estado: lo que mande el navegador no cuenta', async () => {
    const tampered = bodyTo(
      // MRW to Amazonas costs $ 11,00 in 5 to 8 days (migration 0024); the browser says it is free.
      { agency: 'mrw', state: 'Amazonas', city: 'Puerto Ayacucho', payShipping: 'delivery-gratis', shippingCost: '0.00', daysMin: 0 },
      undefined,
      { shippingCost: '0.01', shipping: '0.00', total: '1.00', commission: '0' },
    );
    const { code, token } = await api.registrarOrden(tampered, randomUUID());
    const status = (await api.estado(code, token)).json().data;
    expect(status).toMatchObject({
      shipping: 'envio',
      agency: 'mrw',
      payShipping: 'pagado-por-el-cliente',
      shippingCost: '11.00',
      shippingDays: { min: 5, max: 8 },
      commission: '0.00',
    });
    expect(toCents(status.total)).toBe(productsCents(status) + 1100);

    const detail = (await api.detalle(code, 'despacho')).json().data.order;
    expect(detail).toMatchObject({ shippingCost: '11.00', total: status.total });
    expect(detail.delivery).toMatchObject({
      agency: 'mrw',
      state: 'Amazonas',
      payShipping: 'pagado-por-el-cliente',
      daysMin: 5,
      daysMax: 8,
    });
  });

  it('una agencia sin tarifa para el estado es un 422 en español y no crea nada ni aparta existencia', async () => {
    await t.database.db.execute(sql`DELETE FROM tarifas_envio WHERE agency = 'zoom' AND state = 'Delta Amacuro'`);
    const [orders, before] = [await orderCount(), await held()];
    const key = randomUUID();
    const refused = await api.registrar(bodyTo({ agency: 'zoom', state: 'Delta Amacuro', city: 'Tucupita' }), key);
    expect(refused.statusCode).toBe(422);
    const message = 'Zoom no tiene una tarifa de envío para Delta Amacuro. Elija otra agencia o el retiro en tienda.';
    expect(refused.json()).toEqual({ success: false, message, errors: { 'delivery.agency': [message] } });
    expect([await orderCount(), await held()]).toEqual([orders, before]);

    // With the rate back, the same key places the order (the refusal did not use it up).
    await t.database.db.execute(
      sql`INSERT INTO tarifas_envio (agency, state, cost_usd, days_min, days_max) VALUES ('zoom', 'Delta Amacuro', 12.25, 6, 9)`,
    );
    const placed = await api.registrar(bodyTo({ agency: 'zoom', state: 'Delta Amacuro', city: 'Tucupita' }), key);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.shippingCost).toBe('12.25');
  });

  it('el retiro en tienda no cobra envío ni lleva días', async () => {
    const body = bodyTo({ shipping: 'retiro-en-tienda', pickupTiendaId: stocked.storeId, agency: 'dhl', state: 'Amazonas' });
    const { code, token } = await api.registrarOrden(body, randomUUID());
    const status = (await api.estado(code, token)).json().data;
    expect(status).toMatchObject({ shipping: 'retiro-en-tienda', agency: '', payShipping: '', shippingCost: '0.00', shippingDays: null });
    expect(toCents(status.total)).toBe(productsCents(status));
  });

  it('«por cobrar en destino» suma 0 a la orden pero conserva los días', async () => {
    // Liberty only collects on delivery; Zulia is 3 to 5 days away.
    const { code, token } = await api.registrarOrden(bodyTo({ agency: 'liberty', state: 'Zulia', city: 'Maracaibo' }), randomUUID());
    const status = (await api.estado(code, token)).json().data;
    expect(status).toMatchObject({ payShipping: 'cobro-a-destino', shippingCost: '0.00', shippingDays: { min: 3, max: 5 } });
    expect(toCents(status.total)).toBe(productsCents(status));
  });

  it('el monto de Pago Móvil (Bs. a la tasa de la orden), la transferencia y Zelle incluyen el envío; la comisión de PayPal también lo toma', async () => {
    const { code, token } = await api.registrarOrden(
      bodyTo({ agency: 'mrw', state: 'Apure', city: 'San Fernando de Apure' }),
      randomUUID(),
    );
    const status = (await api.estado(code, token)).json().data as Amounts;
    expect(status.shippingCost).toBe('11.00');
    const owed = addCents(productsCents(status), 1100);
    expect(toCents(status.total)).toBe(owed);

    const ves = fromCents(usdToVesCents(owed, status.rate));
    const reported = await api.registrarPago(
      code,
      { method: 'pago-movil', reference: `PM${buyerNumber}77`, bankCode: '0134', amount: ves, date: '2026-11-20' },
      { token },
    );
    expect(reported.statusCode).toBe(200);
    const [payment] = (await api.detalle(code)).json().data.payments;
    expect(payment).toMatchObject({ amount: ves, expectedAmount: ves, currency: 'VES', amountDiffers: false });

    // Without the shipping the amount would be short, and staff see it.
    const short = await api.registrarOrden(bodyTo({ agency: 'mrw', state: 'Apure', city: 'San Fernando de Apure' }), randomUUID());
    const shortStatus = (await api.estado(short.code, short.token)).json().data as Amounts;
    const withoutShipping = fromCents(usdToVesCents(productsCents(shortStatus), shortStatus.rate));
    await api.registrarPago(
      short.code,
      { method: 'transferencia', reference: `TR${buyerNumber}88`, bankCode: '0102', amount: withoutShipping, date: '2026-11-20' },
      { token: short.token },
    );
    const [shortPayment] = (await api.detalle(short.code)).json().data.payments;
    expect(shortPayment).toMatchObject({
      expectedAmount: fromCents(usdToVesCents(toCents(shortStatus.total), shortStatus.rate)),
      amountDiffers: true,
    });

    const zelle = await api.registrarOrden(
      bodyTo(
        { agency: 'mrw', state: 'Apure', city: 'San Fernando de Apure' },
        { method: 'zelle', reference: `ZL${buyerNumber}99`, amount: fromCents(owed), date: '2026-11-20' },
      ),
      randomUUID(),
    );
    const [zellePayment] = (await api.detalle(zelle.code)).json().data.payments;
    expect(zellePayment).toMatchObject({ expectedAmount: fromCents(owed), currency: 'USD', amountDiffers: false });

    const paypal = await api.registrarOrden(
      bodyTo(
        { agency: 'mrw', state: 'Apure', city: 'San Fernando de Apure' },
        { method: 'paypal', reference: `PP${buyerNumber}11`, amount: '1.00', date: '2026-11-20' },
      ),
      randomUUID(),
    );
    const paypalStatus = (await api.estado(paypal.code, paypal.token)).json().data as Amounts;
    const commission = cardCommissionCents(owed);
    expect(paypalStatus).toMatchObject({ shippingCost: '11.00', commission: fromCents(commission), total: fromCents(owed + commission) });
  });

  it('repetir la misma solicitud no cobra el envío dos veces, aunque la tarifa cambie entre una y otra', async () => {
    const key = randomUUID();
    const body = bodyTo({ agency: 'domesa', state: 'Mérida', city: 'Mérida' });
    const first = await api.registrar(body, key);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.shippingCost).toBe('8.00');
    await t.database.db.execute(sql`UPDATE tarifas_envio SET cost_usd = 20 WHERE agency = 'domesa' AND state = 'Mérida'`);
    const again = await api.registrar(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      orderCode: first.json().data.orderCode,
      shippingCost: '8.00',
      total: first.json().data.total,
    });
    const [{ n }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ordenes_compra WHERE idempotency_key = ${key}`);
    expect(n).toBe(1);
  });

  it('el correo de la orden, la vista de «mis compras» y el detalle del personal muestran el envío', async () => {
    const cliente = await api.tokenOf('cliente');
    const { code } = await api.registrarOrden(bodyTo({ agency: 'mrw', state: 'Amazonas', city: 'Puerto Ayacucho' }), randomUUID(), {
      token: cliente,
    });
    const [mail] = await rows<{ text: string }>(
      t,
      sql`SELECT text FROM correos WHERE subject LIKE ${`Orden ${code}%`} ORDER BY id LIMIT 1`,
    );
    expect(mail.text).toContain('Envío MRW: $ 11,00 (5 a 8 días hábiles)');
    const own = await api.detalle(code, 'cliente');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.order).toMatchObject({ shippingCost: '11.00', delivery: { daysMin: 5, daysMax: 8 } });

    const pickup = await api.registrarOrden(bodyTo({ shipping: 'retiro-en-tienda', pickupTiendaId: stocked.storeId }), randomUUID());
    const [pickupMail] = await rows<{ text: string }>(
      t,
      sql`SELECT text FROM correos WHERE subject LIKE ${`Orden ${pickup.code}%`} ORDER BY id LIMIT 1`,
    );
    expect(pickupMail.text).toContain('Retiro en tienda: Sin costo');
  });
});

describe('el envío en la venta y los reportes', () => {
  it('la factura de la orden lleva el envío aparte y los totales, gráficos y pagos suman lo que pagó el comprador', async () => {
    const buyer = otroComprador(buyerNumber++);
    const body = {
      ...orderBody(stocked, {
        buyer,
        quantity: 2,
        payment: { method: 'zelle', reference: `ZV${buyerNumber}21`, amount: '1.00', date: '2026-11-20' },
      }),
      delivery: { ...DELIVERY, agency: 'mrw', state: 'Amazonas', city: 'Puerto Ayacucho' },
    };
    const { code, token } = await api.registrarOrden(body, randomUUID());
    await reportadoExacto(t, code);
    expect((await api.confirmarPago(code, true)).statusCode).toBe(200);
    const order = (await api.estado(code, token)).json().data as Amounts;

    const [venta] = await rows<{ id: number; envio: string; total: string; base_imponible: string; iva: string; comision: string }>(
      t,
      sql`SELECT v.id, v.envio, v.total, v.base_imponible, v.iva, v.comision FROM ventas v
            JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
    );
    expect(venta).toMatchObject({ envio: '11.00', total: order.total, base_imponible: order.subtotal, iva: order.iva });
    // The IVA is on the articles only: the shipping is outside the base.
    expect(toCents(venta.total)).toBe(addCents(toCents(venta.base_imponible), toCents(venta.iva), toCents(venta.comision), 1100));

    const query = `search=${encodeURIComponent(buyer.dni)}`;
    const totales = (await api.call('administracion', 'GET', `/api/ventas/totales?${query}`)).json().data;
    expect(totales).toMatchObject({ documentos: 1, envioUsd: '11.00', totalUsd: order.total });
    const parts = ['baseImponible', 'iva', 'igtf', 'comision', 'envio'].map((f) => toCents(totales[`${f}Usd`]));
    expect(addCents(...parts)).toBe(toCents(totales.totalUsd));
    expect(toCents(totales.envioVes)).toBe(usdToVesCents(1100, order.rate));

    const graficos = (await api.call('administracion', 'GET', `/api/ventas/graficos?${query}`)).json().data;
    const byDay = graficos.porDia.reduce((sum: number, s: { totalUsd: string }) => sum + toCents(s.totalUsd), 0);
    const byMethod = graficos.porMetodo.reduce((sum: number, s: { amountUsd: string }) => sum + toCents(s.amountUsd), 0);
    expect([byDay, byMethod]).toEqual([toCents(order.total), toCents(order.total)]);

    const documento = await api.call('administracion', 'GET', `/api/ventas/detalle-factura?id=${venta.id}`);
    expect(documento.statusCode).toBe(200);
    expect(documento.json().data.totals).toMatchObject({ envioUsd: '11.00', totalUsd: order.total });
  });

  it('la nota de entrega de una orden a crédito debe el total con el envío', async () => {
    const buyer = otroComprador(buyerNumber++);
    const body = { ...orderBody(stocked, { buyer }), delivery: { ...DELIVERY, agency: 'tealca', state: 'Lara', city: 'Barquisimeto' } };
    const { code, token } = await api.registrarOrden(body, randomUUID());
    expect((await api.call('admin', 'PATCH', '/api/orden-compra/a-credito', { code })).statusCode).toBe(200);
    const order = (await api.estado(code, token)).json().data as Amounts;
    expect(order.shippingCost).toBe('5.00');
    const [nota] = await rows<{ kind: string; envio: string; total: string; outstanding_balance: string }>(
      t,
      sql`SELECT v.kind, v.envio, v.total, v.outstanding_balance FROM ventas v JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
    );
    expect(nota).toEqual({ kind: 'nota-entrega', envio: '5.00', total: order.total, outstanding_balance: order.total });
    const totales = (await api.call('administracion', 'GET', `/api/ventas/totales?search=${encodeURIComponent(buyer.dni)}`)).json().data;
    expect(totales).toMatchObject({ notas: 1, envioUsd: '5.00', totalUsd: order.total });

    // Returning every unit takes the articles and their IVA off the nota; the shipping is still owed.
    const [line] = await rows<{ id: number; number: string }>(
      t,
      sql`SELECT l.id, v.number FROM venta_lineas l JOIN ventas v ON v.id = l.venta_id
            JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
    );
    const returned = await api.call('administracion', 'PATCH', '/api/mayor/cuentas/devoluciones', {
      deliveryNote: line.number,
      lineId: line.id,
      quantity: 1,
      note: 'No le quedó',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data.bill).toMatchObject({
      baseImponible: '0.00',
      iva: '0.00',
      envio: '5.00',
      total: '5.00',
      outstandingBalance: '5.00',
    });
  });
});
