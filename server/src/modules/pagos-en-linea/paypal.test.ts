// The PayPal client (Orders v2 over fetch) against the local fake of PayPal's API: token, create,
// capture (and a repeated capture), refunds, the webhook's signature, and PayPal's configuration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paypalConfig } from '#server/env.ts';
import { type PaypalFalso, startPaypalFalso } from '#test/paypal-falso.ts';
import { createPaypal } from './paypal.ts';
import { type PaymentProvider, ProveedorNoDisponible } from './proveedor.ts';

let fake: PaypalFalso;
let paypal: PaymentProvider;

beforeAll(async () => {
  fake = await startPaypalFalso();
  paypal = createPaypal({ clientId: fake.clientId, secret: fake.secret, apiUrl: fake.url, webhookId: fake.webhookId });
});

afterAll(async () => {
  await fake?.close();
});

const nueva = (requestId: string, value = '74.57') => ({
  amount: { value, currency: 'USD' },
  reference: 'OC-000123',
  returnUrl: 'http://tienda.test/api/pagos/paypal/retorno',
  cancelUrl: 'http://tienda.test/orden/OC-000123?pago=cancelado',
  requestId,
});

describe('cliente de PayPal contra el PayPal falso', () => {
  it('crea la orden por el monto pedido; el mismo Request-Id da la misma orden', async () => {
    const a = await paypal.createOrder(nueva('r-1'));
    const b = await paypal.createOrder(nueva('r-1'));
    expect(b.providerOrderId).toBe(a.providerOrderId);
    expect(a.approvalUrl).toBe(`${fake.url}/checkoutnow?token=${a.providerOrderId}`);
    expect(fake.orders.get(a.providerOrderId)?.amount).toEqual({ currency_code: 'USD', value: '74.57' });
    expect(fake.calls.get('POST /v1/oauth2/token')).toBe(1);
  });

  it('sin aprobar, la captura se rechaza; aprobada, se captura una vez y repetirla da la misma captura', async () => {
    const { providerOrderId } = await paypal.createOrder(nueva('r-2', '10.30'));
    expect(await paypal.capture(providerOrderId, 'c-2')).toEqual({ status: 'rechazada', motivo: 'ORDER_NOT_APPROVED' });
    fake.approve(providerOrderId, 'ana@correo.com');
    const first = await paypal.capture(providerOrderId, 'c-2');
    expect(first).toMatchObject({ status: 'completada', amount: { value: '10.30', currency: 'USD' }, payerEmail: 'ana@correo.com' });
    // Another request id: PayPal says ORDER_ALREADY_CAPTURED and the client reads the capture from the order.
    expect(await paypal.capture(providerOrderId, 'otra')).toEqual(first);
    expect(await paypal.capture(providerOrderId, 'c-2')).toEqual(first);
  });

  it('una captura declinada por el banco es «rechazada» con el motivo de PayPal', async () => {
    const { providerOrderId } = await paypal.createOrder(nueva('r-3'));
    fake.approve(providerOrderId);
    fake.declineNext(providerOrderId);
    expect(await paypal.capture(providerOrderId, 'c-3')).toEqual({ status: 'rechazada', motivo: 'INSTRUMENT_DECLINED' });
  });

  it('reembolsa una parte y luego el resto; más de lo capturado es un error de PayPal', async () => {
    const { providerOrderId } = await paypal.createOrder(nueva('r-4', '20.00'));
    fake.approve(providerOrderId);
    const captura = await paypal.capture(providerOrderId, 'c-4');
    if (captura.status !== 'completada') throw new Error('sin captura');
    const parte = await paypal.refund(captura.captureId, 'd-1', { value: '5.00', currency: 'USD' });
    expect(parte).toMatchObject({ status: 'COMPLETED', amount: { value: '5.00', currency: 'USD' } });
    await expect(paypal.refund(captura.captureId, 'd-2', { value: '15.01', currency: 'USD' })).rejects.toThrow(/REFUND_AMOUNT_EXCEEDED/);
    expect(await paypal.refund(captura.captureId, 'd-3')).toMatchObject({ status: 'COMPLETED', amount: { value: '15.00' } });
    expect(fake.orders.get(providerOrderId)?.capture?.status).toBe('REFUNDED');
  });

  it('el aviso firmado por PayPal se acepta tal como llegó; otro cuerpo, otro webhook o sin cabeceras, no', async () => {
    const event = { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X' } };
    const aviso = (headers: Record<string, string>, rawBody: string) => ({ headers, rawBody, event: JSON.parse(rawBody) });
    const signed = fake.sign(event);
    expect(await paypal.verifyWebhook(aviso(signed.headers, signed.body))).toBe(true);
    expect(await paypal.verifyWebhook(aviso(signed.headers, JSON.stringify({ ...event, resource: { id: 'Y' } })))).toBe(false);
    const other = fake.sign(event, { webhookId: 'OTRO' });
    expect(await paypal.verifyWebhook(aviso(other.headers, other.body))).toBe(false);
    expect(await paypal.verifyWebhook(aviso({}, signed.body))).toBe(false);
  });

  it('la verificación lleva el evento byte a byte: un cuerpo que JSON.stringify escribiría distinto también verifica', async () => {
    // PayPal signed these bytes: «1.10», «\u00e1» and the spaces vanish if the event is re-serialized.
    const rawBody = '{"id": "WH-2", "event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": {"id": "Z", "n": 1.10, "t": "Mar\\u00eda"}}';
    const signed = fake.signRaw(rawBody);
    expect(JSON.stringify(JSON.parse(rawBody))).not.toBe(rawBody);
    expect(await paypal.verifyWebhook({ headers: signed.headers, rawBody, event: JSON.parse(rawBody) })).toBe(true);
  });

  it('con credenciales equivocadas no hay token: ProveedorNoDisponible', async () => {
    const bad = createPaypal({ clientId: fake.clientId, secret: 'otro', apiUrl: fake.url, webhookId: null });
    await expect(bad.createOrder(nueva('r-5'))).rejects.toBeInstanceOf(ProveedorNoDisponible);
  });
});

describe('configuración de PayPal', () => {
  const url = 'https://api-m.sandbox.paypal.com';
  it('sin id ni secreto no hay PayPal en línea; con los dos, sí', () => {
    expect(paypalConfig({ PAYPAL_API_URL: url })).toBeNull();
    expect(paypalConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_SECRET: 's', PAYPAL_API_URL: url })).toEqual({
      clientId: 'id',
      secret: 's',
      apiUrl: url,
      webhookId: null,
    });
  });
  it('el id sin el secreto, el secreto sin el id o el webhook solo detienen el arranque con el motivo', () => {
    expect(() => paypalConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_API_URL: url })).toThrow('PAYPAL_SECRET: falta');
    expect(() => paypalConfig({ PAYPAL_SECRET: 's', PAYPAL_API_URL: url })).toThrow('PAYPAL_CLIENT_ID: falta');
    expect(() => paypalConfig({ PAYPAL_WEBHOOK_ID: 'W1', PAYPAL_API_URL: url })).toThrow('PAYPAL_WEBHOOK_ID: no sirve');
  });
});
