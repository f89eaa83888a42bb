// The card paid online through Stripe's API, against the local fake of Stripe (docs/decisions/0036):
// the hosted page only authorizes, the server captures on the return, on the signed webhook or in the
// reconciliation while the order still awaits its payment, and cancels the authorization of an order
// that stopped waiting. Declined cards, another amount, a repeated return, signed and unsigned
// webhooks, refunds by staff, and the store without the card configured.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '#domain/money.ts';
import { runJobs } from '#server/jobs/jobs.ts';
import { vencerImpagas } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { PUBLIC_URL, pagosEnLineaDriver } from '#test/pagos-en-linea.ts';
import { type StripeFalso, startStripeFalso } from '#test/stripe-falso.ts';
import * as pagos from './pagos-en-linea.service.ts';
import type { PaymentProvider } from './proveedor.ts';
import { createStripe, sessionExpiry, stripeForm } from './stripe.ts';

const quiet = { info: () => {}, error: (...args: unknown[]) => console.error(...args) } as unknown as Parameters<typeof runJobs>[1];
let fake: StripeFalso;
let t: TestApp;
let stocked: StockedArticle;

beforeAll(async () => {
  fake = await startStripeFalso();
  t = await buildTestApp({ PUBLIC_URL, ...fake.env });
  stocked = await stockedArticle(t, 80);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const {
  otroBuyer,
  orden: ordenTarjeta,
  iniciar,
  iniciado,
  volver,
  webhook,
  estadoDe,
} = pagosEnLineaDriver('tarjeta', () => ({
  t,
  stocked,
}));

/** The buyer types a card on the fake's hosted page and presses «Pagar»: the answer is the redirect, or the page again. */
async function pagarEnLaPagina(approvalUrl: string, card = '4242 4242 4242 4242') {
  const page = await fetch(approvalUrl);
  expect(await page.text()).toContain('Número de tarjeta');
  return fetch(approvalUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, email: 'ana.tarjeta@correo.example' }).toString(),
    redirect: 'manual',
  });
}

async function autorizada(approvalUrl: string): Promise<URL> {
  const answer = await pagarEnLaPagina(approvalUrl);
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

const retornoDe = (sessionId: string) => new URL(`${PUBLIC_URL}/api/pagos/tarjeta/retorno?session_id=${sessionId}`);

const capturas = () => fake.calls.get('POST /v1/payment_intents/{id}/capture') ?? 0;

describe('el cliente de Stripe', () => {
  it('escribe los formularios anidados como Stripe los lee', () => {
    const form = stripeForm({ mode: 'payment', line_items: [{ quantity: 1, price_data: { unit_amount: 7394 } }], skip: undefined });
    expect(form.toString()).toBe('mode=payment&line_items%5B0%5D%5Bquantity%5D=1&line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=7394');
  });

  it('la firma de un aviso: la buena se acepta; otro cuerpo, otro secreto, vieja o sin cabecera, no', async () => {
    const stripe = createStripe({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url });
    const event = { id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_x' } } };
    const check = (d: { headers: Record<string, string>; body: string }) =>
      stripe.verifyWebhook({ headers: d.headers, rawBody: d.body, event: JSON.parse(d.body) });
    const signed = fake.sign(event);
    expect(await check(signed)).toBe(true);
    expect(await check({ ...signed, body: signed.body.replace('cs_x', 'cs_y') })).toBe(false);
    expect(await check(fake.sign(event, { secret: 'whsec_otroSecretoCualquiera' }))).toBe(false);
    expect(await check(fake.sign(event, { at: new Date(Date.now() - 10 * 60_000) }))).toBe(false);
    expect(await check({ headers: {}, body: signed.body })).toBe(false);
    const none = createStripe({ secretKey: fake.secretKey, webhookSecret: null, apiUrl: fake.url });
    expect(await none.verifyWebhook({ headers: signed.headers, rawBody: signed.body, event })).toBe(false);
  });
});

describe('tarjeta en línea', () => {
  it('la tienda dice que la tarjeta se paga en línea', async () => {
    expect((await t.app.inject('/api/pagos/en-linea')).json().data).toEqual({ paypal: false, tarjeta: true });
  });

  it('camino feliz: la página solo autoriza el total con comisión; el servidor cobra al volver y la orden queda pagada', async () => {
    const orden = await ordenTarjeta();
    expect(toCents(orden.commission)).toBeGreaterThan(0);
    const pago = await iniciado(orden);
    expect(pago).toMatchObject({ amount: orden.total, currency: 'USD' });
    const session = fake.sessions.get(pago.providerOrderId);
    expect(session).toMatchObject({ amount: toCents(orden.total), currency: 'usd', reference: orden.code, captureMethod: 'manual' });

    const returnUrl = await autorizada(pago.approvalUrl);
    expect(returnUrl.pathname).toBe('/api/pagos/tarjeta/retorno');
    // Authorized, not charged, until the store decides.
    expect(session?.intent?.status).toBe('requires_capture');
    const back = await volver(returnUrl);
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toBe(`/orden/${orden.code}?t=${orden.token}&pago=confirmado`);
    expect(session?.intent?.status).toBe('succeeded');

    const { order, pagos, enLinea, ventas, historial } = await estadoDe(orden.code);
    expect(order.step).toBe('pago-confirmado');
    expect(pagos).toEqual([{ method: 'tarjeta', reference: session?.intent?.id, amount: orden.total, status: 'aprobado' }]);
    expect(enLinea).toEqual([
      {
        provider: 'stripe',
        status: 'capturado',
        capture_id: session?.intent?.id,
        captured_amount: orden.total,
        payer_email: 'ana.tarjeta@correo.example',
        note: '',
      },
    ]);
    expect(ventas).toHaveLength(1);
    expect(historial.map((h) => h.to_step)).toEqual(['pendiente', 'pago-por-confirmar', 'pago-confirmado']);
    expect(historial[1].note).toBe(`Pago capturado por Stripe (captura ${session?.intent?.id}).`);
  });

  it('la URL de regreso repetida, o a la vez, cobra una sola vez', async () => {
    const orden = await ordenTarjeta();
    const returnUrl = await autorizada((await iniciado(orden)).approvalUrl);
    const before = capturas();
    const answers = await Promise.all([volver(returnUrl), volver(returnUrl), volver(returnUrl)]);
    expect(answers.map((r) => r.headers.location)).toEqual(Array(3).fill(`/orden/${orden.code}?t=${orden.token}&pago=confirmado`));
    expect(await volver(returnUrl).then((r) => r.headers.location)).toContain('pago=confirmado');
    expect(capturas() - before).toBeLessThanOrEqual(3);
    const { pagos, ventas } = await estadoDe(orden.code);
    expect(pagos).toHaveLength(1);
    expect(ventas).toHaveLength(1);
  });

  it('tarjeta rechazada en la página: no hay regreso y la orden sigue pendiente; con otra tarjeta paga', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    const rejected = await pagarEnLaPagina(pago.approvalUrl, '4000 0000 0000 0002');
    expect(rejected.status).toBe(402);
    expect(await rejected.text()).toContain('Su tarjeta fue rechazada');
    // A return forged before paying changes nothing.
    expect((await volver(retornoDe(pago.providerOrderId))).headers.location).toBe(`/orden/${orden.code}?pago=pendiente`);
    expect((await estadoDe(orden.code)).order.step).toBe('pendiente');
    expect((await volver(await autorizada(pago.approvalUrl))).headers.location).toContain('pago=confirmado');
  });

  it('el banco declina el cobro: la orden sigue pendiente sin pago; el comprador inicia otro pago y paga', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    const returnUrl = await autorizada(pago.approvalUrl);
    fake.declineNext(pago.providerOrderId);
    expect((await volver(returnUrl)).headers.location).toBe(`/orden/${orden.code}?t=${orden.token}&pago=rechazado`);
    const declined = await estadoDe(orden.code);
    expect(declined.order.step).toBe('pendiente');
    expect(declined.pagos).toEqual([]);
    expect(declined.enLinea).toMatchObject([{ status: 'rechazado', note: 'La tarjeta no fue aprobada. (insufficient_funds)' }]);
    const otra = await iniciado(orden);
    expect(otra.providerOrderId).not.toBe(pago.providerOrderId);
    expect((await volver(await autorizada(otra.approvalUrl))).headers.location).toContain('pago=confirmado');
    expect((await estadoDe(orden.code)).pagos).toHaveLength(1);
  });

  it('monto alterado en el navegador: se ignora (al iniciar) o se rechaza (al registrar)', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado({ ...orden, total: '1.00' });
    expect(fake.sessions.get(pago.providerOrderId)?.amount).toBe(toCents(orden.total));
    const withAmount = await iniciar(orden, { amount: '1.00' });
    expect(withAmount.statusCode).toBe(200);
    expect(withAmount.json().data.providerOrderId).toBe(pago.providerOrderId);
    const body = orderBody(stocked, {
      buyer: otroBuyer(),
      payment: { method: 'tarjeta', reference: 'ABCD1234', amount: '1.00', date: '2026-11-24' },
    });
    const refused = await ordenesDriver(t).registrar(body, `tarjeta-referencia-${Date.now()}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['payment.method'][0]).toContain('página segura de la tarjeta');
  });

  it('Stripe cobra otro monto: no se aplica, la orden sigue pendiente y el pago queda retenido para el personal', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    const returnUrl = await autorizada(pago.approvalUrl);
    fake.captureAmount(pago.providerOrderId, 100);
    expect((await volver(returnUrl)).headers.location).toContain('pago=retenido');
    const { order, pagos, enLinea, historial } = await estadoDe(orden.code);
    expect(order.step).toBe('pendiente');
    expect(pagos).toEqual([]);
    expect(enLinea[0].status).toBe('retenido');
    expect(enLinea[0].note).toMatch(/^Stripe capturó \$ 1,00 y la orden es de \$ [\d.]+,\d{2}\.$/);
    expect(historial.at(-1)?.note).toContain('Pago de Stripe retenido para revisión');
  });

  it('la orden venció mientras el comprador pagaba: al volver no se cobra y la autorización se anula en Stripe', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    const returnUrl = await autorizada(pago.approvalUrl);
    await t.database.db.execute(sql`UPDATE ordenes_compra SET expires_at = now() - interval '1 minute' WHERE code = ${orden.code}`);
    expect(await vencerImpagas(t.app.orderContext())).toBeGreaterThanOrEqual(1);
    expect((await volver(returnUrl)).headers.location).toContain('pago=anulado');
    expect(fake.sessions.get(pago.providerOrderId)?.intent?.status).toBe('canceled');
    const { order, pagos, ventas, enLinea } = await estadoDe(orden.code);
    expect(order.step).toBe('anulada');
    expect(pagos).toEqual([]);
    expect(ventas).toEqual([]);
    expect(enLinea).toMatchObject([{ status: 'anulado' }]);
  });
});

describe('aviso (webhook) de Stripe', () => {
  it('checkout.session.completed cobra y confirma si el regreso nunca llegó; repetido o a la vez, una sola vez', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    fake.authorize(pago.providerOrderId);
    const event = fake.sessionCompletedEvent(pago.providerOrderId);
    const answers = await Promise.all([webhook(fake.sign(event)), webhook(fake.sign(event)), webhook(fake.sign(event))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().data.duplicado === false).map((a) => a.json().data.resultado)).toEqual(['confirmado']);
    expect((await webhook(fake.sign(event))).json().data).toEqual({ duplicado: true, resultado: 'repetido' });
    // Another event of the same session, and the return, late: nothing more.
    expect((await webhook(fake.sign(fake.sessionCompletedEvent(pago.providerOrderId)))).json().data.duplicado).toBe(false);
    expect((await volver(retornoDe(pago.providerOrderId))).headers.location).toContain('pago=confirmado');
    const { order, pagos, ventas } = await estadoDe(orden.code);
    expect(order.step).toBe('pago-confirmado');
    expect(pagos).toHaveLength(1);
    expect(ventas).toHaveLength(1);
  });

  it('firma inválida, otro secreto, aviso viejo o cuerpo cambiado: 401, nada cambia ni el evento queda anotado', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    fake.authorize(pago.providerOrderId);
    const event = fake.sessionCompletedEvent(pago.providerOrderId) as { id: string };
    const signed = fake.sign(event);
    const deliveries = [
      { ...signed, body: signed.body.replace('"complete"', '"open"') },
      fake.sign(event, { secret: 'whsec_otroSecretoCualquiera' }),
      fake.sign(event, { at: new Date(Date.now() - 60 * 60_000) }),
      { headers: { 'content-type': 'application/json' }, body: signed.body },
    ];
    for (const delivery of deliveries) {
      const response = await webhook(delivery);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().message).toBe('La firma del aviso de Stripe no es válida.');
    }
    expect(fake.sessions.get(pago.providerOrderId)?.intent?.status).toBe('requires_capture');
    expect((await estadoDe(orden.code)).order.step).toBe('pendiente');
    expect(await rows(t, sql`SELECT 1 FROM pagos_en_linea_eventos WHERE event_id = ${event.id}`)).toEqual([]);
    expect((await webhook(signed)).json().data.resultado).toBe('confirmado');
  });

  it('otros tipos de evento se anotan y se ignoran; un cuerpo que no es JSON es 400', async () => {
    const other = { id: 'evt_otro_1', type: 'payment_intent.created', data: { object: { id: 'pi_x', object: 'payment_intent' } } };
    expect((await webhook(fake.sign(other))).json().data).toEqual({ duplicado: false, resultado: 'ignorado' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/pagos/tarjeta/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('El cuerpo de la solicitud no es un JSON válido.');
  });
});

describe('tope de avisos por dirección', () => {
  it('una sola dirección que inunda el webhook recibe 429 pasadas 600 entregas por minuto, sin llegar a verificarlas', async () => {
    const flood = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pagos/tarjeta/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': `t=${n},v1=00` },
        payload: '{"id":"evt_flood","type":"x"}',
        remoteAddress: '203.0.113.77',
      });
    const answers = [];
    for (let n = 0; n < 601; n++) answers.push((await flood(n)).statusCode);
    expect(answers.slice(0, 600).every((s) => s === 401)).toBe(true);
    expect(answers[600]).toBe(429);
    // Another address is not affected.
    const other = await webhook(fake.sign({ id: 'evt_otra_direccion', type: 'payment_intent.created', data: { object: {} } }));
    expect(other.statusCode).toBe(200);
  });
});

describe('conciliación periódica de la tarjeta', () => {
  it('sin regreso ni aviso: lo cobrado se aplica, lo autorizado se cobra, lo abierto espera; una vez', async () => {
    const cobrada = await ordenTarjeta();
    const pagoCobrado = await iniciado(cobrada);
    // Stripe captured and our transaction never committed (a crash between the capture and the commit).
    fake.authorize(pagoCobrado.providerOrderId);
    fake.captureDirectly(pagoCobrado.providerOrderId);
    const autorizadaSinVolver = await ordenTarjeta();
    fake.authorize((await iniciado(autorizadaSinVolver)).providerOrderId);
    const abierta = await ordenTarjeta();
    await iniciado(abierta);

    const later = new Date(Date.now() + 5 * 60_000);
    expect(await runJobs(t.app.orderContext(), quiet, later)).toMatchObject({ reconciledPayments: 2, failed: 0 });
    expect((await runJobs(t.app.orderContext(), quiet, later)).reconciledPayments).toBe(0);
    for (const orden of [cobrada, autorizadaSinVolver]) {
      const { order, pagos, ventas } = await estadoDe(orden.code);
      expect(order.step).toBe('pago-confirmado');
      expect(pagos).toHaveLength(1);
      expect(ventas).toHaveLength(1);
    }
    expect((await estadoDe(abierta.code)).order.step).toBe('pendiente');
  });
});

describe('reembolsos de la tarjeta', () => {
  it('administración reembolsa una parte y luego el resto con anular; los demás roles no pueden', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    await volver(await autorizada(pago.approvalUrl));
    const intent = () => fake.sessions.get(pago.providerOrderId)?.intent;
    const driver = ordenesDriver(t);
    const reembolsar = (role: string, body: object) => driver.reembolsar(role, orden.code, body);
    for (const role of ['cliente', 'vendedor-admin', 'inventario', 'despacho']) {
      expect((await reembolsar(role, { amount: '1.00' })).statusCode, role).toBe(403);
    }
    const parte = await reembolsar('administracion', { amount: '2,50', note: 'Color distinto' });
    expect(parte.statusCode, parte.body).toBe(200);
    expect(intent()?.refunded).toBe(250);
    const resto = await reembolsar('admin', { anular: true });
    expect(resto.json().data).toMatchObject({ remaining: '0.00', step: 'anulada' });
    expect(intent()?.refunded).toBe(toCents(orden.total));
    const { historial } = await estadoDe(orden.code);
    expect(historial.some((h) => h.note.startsWith('Reembolso de Stripe por $ 2,50'))).toBe(true);
  });
});

describe('carreras y fallas', () => {
  const later = () => new Date(Date.now() + 5 * 60_000);
  const stripeOf = () => t.app.orderContext().providers?.tarjeta as PaymentProvider;

  it('el regreso cobra mientras la conciliación espera a Stripe: el pago queda cobrado, no «anulado», y se puede reembolsar', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    fake.authorize(pago.providerOrderId);
    const real = stripeOf();
    const slow: PaymentProvider = {
      ...real,
      async lookup(id) {
        const state = await real.lookup(id);
        // The buyer's return lands while the job waits for Stripe's answer.
        expect(await pagos.retorno(t.app.orderContext(), 'tarjeta', id)).toMatchObject({ resultado: 'confirmado' });
        return state;
      },
    };
    expect(await pagos.conciliar(t.app.orderContext(), slow, later())).toBe(0);
    const { order, enLinea } = await estadoDe(orden.code);
    expect(order.step).toBe('pago-confirmado');
    expect(enLinea).toMatchObject([{ status: 'capturado' }]);
    const refund = await ordenesDriver(t).reembolsar('admin', orden.code, { amount: '1.00' });
    expect(refund.statusCode, refund.body).toBe(200);
  });

  it('un pago que Stripe no puede cobrar no detiene la conciliación de los demás; en la vuelta siguiente se cobra', async () => {
    const a = await ordenTarjeta();
    const pagoA = await iniciado(a);
    fake.authorize(pagoA.providerOrderId);
    const b = await ordenTarjeta();
    fake.authorize((await iniciado(b)).providerOrderId);
    fake.unavailableNext(pagoA.providerOrderId);
    expect(await pagos.conciliar(t.app.orderContext(), stripeOf(), later())).toBe(1);
    expect((await estadoDe(a.code)).order.step).toBe('pendiente');
    expect((await estadoDe(b.code)).order.step).toBe('pago-confirmado');
    // Stripe's passing 500 is not replayed by an idempotency key: the next round charges it.
    expect(await pagos.conciliar(t.app.orderContext(), stripeOf(), later())).toBe(1);
    expect((await estadoDe(a.code)).order.step).toBe('pago-confirmado');
  });

  it('la página de una orden vencida se cierra en Stripe en la conciliación y deja de ocupar la tanda', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    const session = fake.sessions.get(pago.providerOrderId);
    const now = Math.floor(Date.now() / 1000);
    expect(session?.expiresAt).toBeGreaterThanOrEqual(now + 30 * 60);
    expect(session?.expiresAt).toBeLessThanOrEqual(now + 24 * 3600);
    await t.database.db.execute(sql`UPDATE ordenes_compra SET expires_at = now() - interval '1 minute' WHERE code = ${orden.code}`);
    expect(await vencerImpagas(t.app.orderContext())).toBeGreaterThanOrEqual(1);
    await pagos.conciliar(t.app.orderContext(), stripeOf(), later());
    expect(session?.status).toBe('expired');
    expect((await estadoDe(orden.code)).enLinea).toMatchObject([{ status: 'anulado' }]);
  });

  it('si el total de la orden cambió, «pagar» abre otra página por el total nuevo y la vieja se cierra sin cobrar', async () => {
    const orden = await ordenTarjeta();
    const vieja = await iniciado(orden);
    await t.database.db.execute(sql`UPDATE ordenes_compra SET total = total + 1 WHERE code = ${orden.code}`);
    const nueva = await iniciado(orden);
    expect(nueva.providerOrderId).not.toBe(vieja.providerOrderId);
    expect(toCents(nueva.amount)).toBe(toCents(orden.total) + 100);
    expect(fake.sessions.get(vieja.providerOrderId)?.status).toBe('expired');
    const { enLinea } = await estadoDe(orden.code);
    expect(enLinea[0]).toMatchObject({ status: 'anulado' });
    expect(enLinea[0].note).toMatch(/^el total de la orden cambió a \$ [\d.]+,\d{2}; este pago era por \$ [\d.]+,\d{2}: no se cobró\.$/);
  });

  it('una autorización que llega a un pago ya anulado se anula en Stripe al regreso y con el aviso', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    // The order is cancelled and its payment closed, but the page was paid before it expired at Stripe.
    await t.database.db.execute(sql`UPDATE pagos_en_linea SET status = 'anulado' WHERE provider_order_id = ${pago.providerOrderId}`);
    fake.authorize(pago.providerOrderId);
    expect((await volver(retornoDe(pago.providerOrderId))).headers.location).toContain('pago=anulado');
    expect(fake.sessions.get(pago.providerOrderId)?.intent?.status).toBe('canceled');

    const otra = await ordenTarjeta();
    const pagoOtra = await iniciado(otra);
    await t.database.db.execute(sql`UPDATE pagos_en_linea SET status = 'anulado' WHERE provider_order_id = ${pagoOtra.providerOrderId}`);
    fake.authorize(pagoOtra.providerOrderId);
    expect((await webhook(fake.sign(fake.sessionCompletedEvent(pagoOtra.providerOrderId)))).statusCode).toBe(200);
    expect(fake.sessions.get(pagoOtra.providerOrderId)?.intent?.status).toBe('canceled');
    expect((await estadoDe(otra.code)).pagos).toEqual([]);
  });

  it('la sesión vence con la orden, dentro de lo que Stripe acepta (de 30 minutos a 24 horas)', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const s = (ms: number) => Math.floor((now + ms) / 1000);
    expect(sessionExpiry(new Date(now + 2 * 3600_000), now)).toBe(s(2 * 3600_000));
    expect(sessionExpiry(new Date(now + 60_000), now)).toBe(s(31 * 60_000));
    expect(sessionExpiry(new Date(now + 72 * 3600_000), now)).toBe(s((23 * 60 + 55) * 60_000));
    expect(sessionExpiry(null, now)).toBe(s((23 * 60 + 55) * 60_000));
  });

  it('el aviso vacío o con claves que tocarían el prototipo es 400', async () => {
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/pagos/tarjeta/webhook', headers: { 'content-type': 'application/json' }, payload });
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('El cuerpo de la solicitud está vacío.');
    expect((await post('{"id":"evt_1","__proto__":{"x":1}}')).statusCode).toBe(400);
  });
});

describe('un reembolso que Stripe no hace', () => {
  it('502 con el motivo en español, y nada queda anotado (el pago se reembolsó antes desde el panel de Stripe)', async () => {
    const orden = await ordenTarjeta();
    const pago = await iniciado(orden);
    await volver(await autorizada(pago.approvalUrl));
    const intent = fake.sessions.get(pago.providerOrderId)?.intent;
    if (!intent) throw new Error('sin cobro');
    intent.refunded = intent.amountReceived;
    const refund = await ordenesDriver(t).reembolsar('admin', orden.code, { amount: '1.00' });
    expect(refund.statusCode).toBe(502);
    expect(refund.json().message).toBe('Stripe no hizo el reembolso (400: amount_too_large).');
    expect(
      await rows(
        t,
        sql`SELECT 1 FROM pagos_en_linea_reembolsos r JOIN pagos_en_linea p ON p.id = r.pago_id WHERE p.provider_order_id = ${pago.providerOrderId}`,
      ),
    ).toEqual([]);
  });
});

describe('sin tarjeta configurada', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp();
  });
  afterAll(async () => {
    await off?.close();
  });

  it('la tarjeta no se ofrece: registrar con tarjeta es 422 y sus rutas responden 404', async () => {
    const article = await stockedArticle(off, 5);
    const response = await ordenesDriver(off).registrar(orderBody(article, { payment: { method: 'tarjeta' } }), 'sin-tarjeta-1');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['payment.method']).toEqual([
      'El pago con tarjeta no está disponible en esta tienda; elija otro método de pago.',
    ]);
    expect((await off.app.inject('/api/pagos/en-linea')).json().data).toEqual({ paypal: false, tarjeta: false });
    const iniciar = await off.app.inject({ method: 'POST', url: '/api/pagos/tarjeta/iniciar', payload: { code: 'OC-000001' } });
    expect(iniciar.statusCode).toBe(404);
    const hook = await off.app.inject({ method: 'POST', url: '/api/pagos/tarjeta/webhook', payload: { id: 'evt_1', type: 'x' } });
    expect(hook.statusCode).toBe(404);
  });
});
