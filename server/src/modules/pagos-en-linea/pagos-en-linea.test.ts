// PayPal paid online, against the local fake of PayPal's API: the server creates PayPal's order for
// the total it computed, captures on return and confirms the order in the same transaction; a
// declined capture, another amount, a repeated return, signed and unsigned webhooks.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd, toCents } from '#domain/money.ts';
import { runJobs } from '#server/jobs/jobs.ts';
import { vencerImpagas } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { PUBLIC_URL, pagosEnLineaDriver } from '#test/pagos-en-linea.ts';
import { type PaypalFalso, pagarEnPaypalFalso, startPaypalFalso } from '#test/paypal-falso.ts';

const quiet = { info: () => {}, error: (...args: unknown[]) => console.error(...args) } as unknown as Parameters<typeof runJobs>[1];
let fake: PaypalFalso;
let t: TestApp;
let stocked: StockedArticle;

beforeAll(async () => {
  fake = await startPaypalFalso();
  t = await buildTestApp({
    PUBLIC_URL,
    ...fake.env,
  });
  stocked = await stockedArticle(t, 80);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const {
  otroBuyer,
  orden: ordenPaypal,
  iniciar,
  iniciado,
  volver,
  webhook,
  estadoDe,
} = pagosEnLineaDriver('paypal', () => ({
  t,
  stocked,
}));

/** The buyer presses «Pagar ahora» on the fake's approval page; the answer is PayPal's redirect. */
const aprobarEnPaypal = (approvalUrl: string) => pagarEnPaypalFalso(fake, approvalUrl);

describe('PayPal en línea', () => {
  it('la tienda dice que PayPal se paga en línea', async () => {
    expect((await t.app.inject('/api/pagos/en-linea')).json().data).toEqual({ paypal: true, tarjeta: false });
  });

  it('camino feliz: orden por el total con comisión, aprobación en PayPal, captura al volver y orden con pago confirmado', async () => {
    const orden = await ordenPaypal();
    expect(toCents(orden.commission)).toBeGreaterThan(0);
    const pago = await iniciado(orden);
    expect(pago).toMatchObject({ amount: orden.total, currency: 'USD' });
    expect(fake.orders.get(pago.providerOrderId)?.amount).toEqual({ currency_code: 'USD', value: orden.total });
    expect(fake.orders.get(pago.providerOrderId)?.reference).toBe(orden.code);

    const returnUrl = await aprobarEnPaypal(pago.approvalUrl);
    expect(returnUrl.pathname).toBe('/api/pagos/paypal/retorno');
    const back = await volver(returnUrl);
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toBe(`/orden/${orden.code}?t=${orden.token}&pago=confirmado`);

    const { order, pagos, enLinea, ventas, historial } = await estadoDe(orden.code);
    const capture = fake.orders.get(pago.providerOrderId)?.capture;
    expect(order.step).toBe('pago-confirmado');
    expect(order.expires_at).toBeNull();
    expect(pagos).toEqual([{ method: 'paypal', reference: capture?.id, amount: orden.total, status: 'aprobado' }]);
    expect(enLinea).toEqual([
      {
        provider: 'paypal',
        status: 'capturado',
        capture_id: capture?.id,
        captured_amount: orden.total,
        payer_email: 'comprador@personal.example.com',
        note: '',
      },
    ]);
    expect(ventas).toHaveLength(1);
    expect(historial.map((h) => h.to_step)).toEqual(['pendiente', 'pago-por-confirmar', 'pago-confirmado']);

    // The public page of the order says it is paid.
    const estado = await ordenesDriver(t).estado(orden.code, orden.token);
    expect(estado.json().data.step).toBe('pago-confirmado');
  });

  it('la URL de regreso repetida no captura ni paga otra vez', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    const returnUrl = await aprobarEnPaypal(pago.approvalUrl);
    const captures = () => fake.calls.get('POST /v2/checkout/orders/{id}/capture') ?? 0;
    expect((await volver(returnUrl)).headers.location).toContain('pago=confirmado');
    const after = captures();
    const again = await Promise.all([volver(returnUrl), volver(returnUrl), volver(returnUrl)]);
    expect(again.map((r) => r.headers.location)).toEqual(Array(3).fill(`/orden/${orden.code}?t=${orden.token}&pago=confirmado`));
    expect(captures()).toBe(after);
    const { pagos, ventas } = await estadoDe(orden.code);
    expect(pagos).toHaveLength(1);
    expect(ventas).toHaveLength(1);
  });

  it('PayPal no responde al capturar: el comprador vuelve a su orden «pendiente», y el regreso siguiente la paga', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    const returnUrl = await aprobarEnPaypal(pago.approvalUrl);
    fake.unavailableNext(pago.providerOrderId);
    const down = await volver(returnUrl);
    expect(down.statusCode).toBe(303);
    expect(down.headers.location).toBe(`/orden/${orden.code}?t=${orden.token}&pago=pendiente`);
    expect((await estadoDe(orden.code)).order.step).toBe('pendiente');
    expect((await volver(returnUrl)).headers.location).toContain('pago=confirmado');
    expect((await estadoDe(orden.code)).pagos).toHaveLength(1);
  });

  it('el id de PayPal solo (sin nuestra firma en la URL de regreso) no abre la orden: lleva a la página que pide el correo o la cédula', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    const returnUrl = await aprobarEnPaypal(pago.approvalUrl);
    expect(returnUrl.searchParams.get('firma')).toMatch(/^[0-9a-f]{32}$/);
    const bare = new URL(`${PUBLIC_URL}/api/pagos/paypal/retorno?token=${pago.providerOrderId}`);
    expect((await volver(bare)).headers.location).toBe(`/orden/${orden.code}?pago=confirmado`);
    const forged = new URL(`${bare.href}&firma=${'0'.repeat(32)}`);
    expect((await volver(forged)).headers.location).toBe(`/orden/${orden.code}?pago=confirmado`);
    expect((await volver(returnUrl)).headers.location).toBe(`/orden/${orden.code}?t=${orden.token}&pago=confirmado`);
  });

  it('doble clic en «Pagar con PayPal»: una sola orden en PayPal', async () => {
    const orden = await ordenPaypal();
    const [a, b] = await Promise.all([iniciar(orden), iniciar(orden)]);
    expect(a.json().data.providerOrderId).toBe(b.json().data.providerOrderId);
    expect((await iniciado(orden)).providerOrderId).toBe(a.json().data.providerOrderId);
    expect((await estadoDe(orden.code)).enLinea).toHaveLength(1);
  });

  it('monto alterado en el navegador: se ignora y PayPal cobra el total que calculó el servidor', async () => {
    const orden = await ordenPaypal();
    const response = await iniciar(orden, { amount: '1.00', currency: 'VES', total: '1.00' });
    expect(response.statusCode, response.body).toBe(200);
    const { providerOrderId, amount } = response.json().data;
    expect(amount).toBe(orden.total);
    expect(fake.orders.get(providerOrderId)?.amount.value).toBe(orden.total);
    // An order body with an amount but no reference is a reported payment missing its reference.
    const body = orderBody(stocked, { buyer: otroBuyer(), payment: { method: 'paypal', amount: '1.00' } });
    const refused = await ordenesDriver(t).registrar(body, `alterada-${Date.now()}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['payment.reference']).toEqual(['Escriba la referencia del pago']);
  });

  it('captura declinada: la orden sigue pendiente sin pago; el comprador vuelve a intentar y paga', async () => {
    const orden = await ordenPaypal();
    const primero = await iniciado(orden);
    const returnUrl = await aprobarEnPaypal(primero.approvalUrl);
    fake.declineNext(primero.providerOrderId);
    const back = await volver(returnUrl);
    expect(back.headers.location).toBe(`/orden/${orden.code}?t=${orden.token}&pago=rechazado`);
    let estado = await estadoDe(orden.code);
    expect(estado.order.step).toBe('pendiente');
    expect(estado.pagos).toEqual([]);
    expect(estado.ventas).toEqual([]);
    expect(estado.enLinea).toMatchObject([{ status: 'rechazado', capture_id: null, note: 'INSTRUMENT_DECLINED' }]);

    const segundo = await iniciado(orden);
    expect(segundo.providerOrderId).not.toBe(primero.providerOrderId);
    expect((await volver(await aprobarEnPaypal(segundo.approvalUrl))).headers.location).toContain('pago=confirmado');
    estado = await estadoDe(orden.code);
    expect(estado.order.step).toBe('pago-confirmado');
    expect(estado.pagos).toHaveLength(1);
  });

  it('PayPal captura otro monto: no se aplica, la orden sigue pendiente y queda retenido para el personal', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    const returnUrl = await aprobarEnPaypal(pago.approvalUrl);
    fake.captureAmount(pago.providerOrderId, { currency_code: 'USD', value: '1.00' });
    expect((await volver(returnUrl)).headers.location).toContain('pago=retenido');
    const { order, pagos, enLinea, historial } = await estadoDe(orden.code);
    expect(order.step).toBe('pendiente');
    expect(pagos).toEqual([]);
    expect(enLinea).toMatchObject([{ status: 'retenido', captured_amount: '1.00' }]);
    expect(enLinea[0].note).toBe(`PayPal capturó $ 1,00 y la orden es de ${formatUsd(toCents(orden.total))}.`);
    expect(historial.at(-1)?.note).toContain('Pago de PayPal retenido para revisión');
    // Staff see it in the order's detail, with the reason.
    const detalle = (await ordenesDriver(t).detalle(orden.code)).json().data;
    expect(detalle.onlinePayments).toEqual([
      {
        provider: 'paypal',
        providerOrderId: pago.providerOrderId,
        status: 'retenido',
        amount: orden.total,
        currency: 'USD',
        captureId: fake.orders.get(pago.providerOrderId)?.capture?.id,
        capturedAmount: '1.00',
        capturedCurrency: 'USD',
        payerEmail: 'comprador@personal.example.com',
        note: `PayPal capturó $ 1,00 y la orden es de ${formatUsd(toCents(orden.total))}.`,
        refunded: '0.00',
        refundRequested: '0.00',
        refundToReview: '0.00',
        refundsToReview: [],
      },
    ]);
    // Another return changes nothing.
    expect((await volver(returnUrl)).headers.location).toContain('pago=retenido');
    expect((await estadoDe(orden.code)).historial).toHaveLength(historial.length);
  });
});

describe('captura después del vencimiento', () => {
  it('la orden venció y se anuló mientras el comprador estaba en PayPal: al volver no se cobra nada y la orden no revive', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    const returnUrl = await aprobarEnPaypal(pago.approvalUrl);
    await t.database.db.execute(sql`UPDATE ordenes_compra SET expires_at = now() - interval '1 minute' WHERE code = ${orden.code}`);
    expect(await vencerImpagas(t.app.orderContext())).toBeGreaterThanOrEqual(1);
    expect((await volver(returnUrl)).headers.location).toContain('pago=anulado');
    // Back again (a reload): still nothing captured.
    expect((await volver(returnUrl)).headers.location).toContain('pago=anulado');
    expect(fake.orders.get(pago.providerOrderId)?.capture ?? null).toBeNull();
    expect(fake.orders.get(pago.providerOrderId)?.status).toBe('APPROVED');
    const { order, pagos, ventas, enLinea } = await estadoDe(orden.code);
    expect(order.step).toBe('anulada');
    expect(pagos).toEqual([]);
    expect(ventas).toEqual([]);
    expect(enLinea).toMatchObject([{ status: 'anulado', note: 'la orden ya no esperaba su pago («Anulada»): no se cobró.' }]);
  });

  it('si PayPal ya cobró una orden anulada (el aviso llega después), el pago queda retenido para el personal, sin revivirla', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    fake.approve(pago.providerOrderId);
    await t.database.db.execute(sql`UPDATE ordenes_compra SET expires_at = now() - interval '1 minute' WHERE code = ${orden.code}`);
    expect(await vencerImpagas(t.app.orderContext())).toBeGreaterThanOrEqual(1);
    fake.captureDirectly(pago.providerOrderId);
    const answer = await webhook(fake.sign(fake.captureCompletedEvent(pago.providerOrderId)));
    expect(answer.json().data).toEqual({ duplicado: false, resultado: 'retenido' });
    const { order, pagos, ventas, enLinea, historial } = await estadoDe(orden.code);
    expect(order.step).toBe('anulada');
    expect(pagos).toEqual([]);
    expect(ventas).toEqual([]);
    expect(enLinea).toMatchObject([{ status: 'retenido', note: 'el pago llegó con la orden en «Anulada».' }]);
    expect(historial.at(-1)?.note).toContain(fake.orders.get(pago.providerOrderId)?.capture?.id);
  });
});

describe('conciliación periódica (tarea de la cola)', () => {
  it('sin regreso ni aviso: lo capturado en PayPal se aplica, lo aprobado se captura, lo abierto espera; una vez', async () => {
    const capturada = await ordenPaypal();
    const pagoCapturado = await iniciado(capturada);
    // PayPal captured and our transaction never committed (a crash between the capture and the commit).
    fake.approve(pagoCapturado.providerOrderId);
    fake.captureDirectly(pagoCapturado.providerOrderId);
    const aprobada = await ordenPaypal();
    // The buyer approved and closed the tab before the return.
    fake.approve((await iniciado(aprobada)).providerOrderId);
    const abierta = await ordenPaypal();
    await iniciado(abierta);

    // Too recent: the buyer may still be at PayPal.
    expect((await runJobs(t.app.orderContext(), quiet)).reconciledPayments).toBe(0);
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await runJobs(t.app.orderContext(), quiet, later)).toMatchObject({ reconciledPayments: 2, expiredOrders: 0, failed: 0 });
    expect((await runJobs(t.app.orderContext(), quiet, later)).reconciledPayments).toBe(0);
    for (const orden of [capturada, aprobada]) {
      const { order, pagos, ventas, enLinea } = await estadoDe(orden.code);
      expect(order.step).toBe('pago-confirmado');
      expect(pagos).toHaveLength(1);
      expect(ventas).toHaveLength(1);
      expect(enLinea[0].status).toBe('capturado');
    }
    expect(fake.orders.get(pagoCapturado.providerOrderId)?.capture?.id).toBe((await estadoDe(capturada.code)).pagos[0].reference);
    expect((await estadoDe(abierta.code)).order.step).toBe('pendiente');
  });
});

describe('conciliación de una orden ya anulada', () => {
  it('lo aprobado en PayPal de una orden anulada no se captura: el pago se cierra como anulado', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    fake.approve(pago.providerOrderId);
    await t.database.db.execute(sql`UPDATE ordenes_compra SET expires_at = now() - interval '1 minute' WHERE code = ${orden.code}`);
    expect(await vencerImpagas(t.app.orderContext())).toBeGreaterThanOrEqual(1);
    const later = new Date(Date.now() + 5 * 60_000);
    expect((await runJobs(t.app.orderContext(), quiet, later)).reconciledPayments).toBe(0);
    expect(fake.orders.get(pago.providerOrderId)?.status).toBe('APPROVED');
    expect((await estadoDe(orden.code)).enLinea).toMatchObject([{ status: 'anulado' }]);
  });
});

describe('aviso (webhook) de PayPal', () => {
  /** An order approved and captured at PayPal whose return never reached the store. */
  async function capturadaSinRetorno() {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    fake.approve(pago.providerOrderId);
    fake.captureDirectly(pago.providerOrderId);
    return { orden, pago };
  }

  it('PAYMENT.CAPTURE.COMPLETED confirma la orden si el regreso nunca llegó; repetido, no paga dos veces', async () => {
    const { orden, pago } = await capturadaSinRetorno();
    const event = fake.captureCompletedEvent(pago.providerOrderId);
    const first = await webhook(fake.sign(event));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ duplicado: false, resultado: 'confirmado' });
    // PayPal delivers the same event again (same id, new transmission), and another event of the same capture.
    expect((await webhook(fake.sign(event))).json().data).toEqual({ duplicado: true, resultado: 'repetido' });
    expect((await webhook(fake.sign(fake.captureCompletedEvent(pago.providerOrderId)))).json().data).toEqual({
      duplicado: false,
      resultado: 'confirmado',
    });
    // The return arrives late: nothing more to capture.
    const late = await volver(new URL(`${PUBLIC_URL}/api/pagos/paypal/retorno?token=${pago.providerOrderId}&PayerID=PAGADOR`));
    expect(late.headers.location).toContain('pago=confirmado');
    const { order, pagos, ventas, enLinea } = await estadoDe(orden.code);
    expect(order.step).toBe('pago-confirmado');
    expect(pagos).toHaveLength(1);
    expect(ventas).toHaveLength(1);
    expect(enLinea[0]).toMatchObject({ status: 'capturado', capture_id: fake.orders.get(pago.providerOrderId)?.capture?.id });
  });

  it('firma inválida o aviso viejo: 401 y nada cambia (ni el evento queda anotado)', async () => {
    const { orden, pago } = await capturadaSinRetorno();
    const event = fake.captureCompletedEvent(pago.providerOrderId) as { id: string };
    const signed = fake.sign(event);
    // The body changed after signing (another amount), the signature of another webhook, no signature,
    // and a genuine delivery sent an hour ago (a replay: PayPal signs each attempt anew).
    const tampered = { ...signed, body: signed.body.replace(orden.total, '1.00') };
    const otherHook = fake.sign(event, { webhookId: 'OTROWEBHOOK' });
    const { 'paypal-transmission-sig': _, ...unsigned } = signed.headers;
    const replayed = fake.sign(event, { at: new Date(Date.now() - 60 * 60_000) });
    const verifications = fake.calls.get('POST /v1/notifications/verify-webhook-signature') ?? 0;
    expect((await webhook(replayed)).statusCode).toBe(401);
    // Refused without asking PayPal.
    expect(fake.calls.get('POST /v1/notifications/verify-webhook-signature') ?? 0).toBe(verifications);
    for (const delivery of [tampered, otherHook, { headers: unsigned, body: signed.body }]) {
      const response = await webhook(delivery);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().message).toBe('La firma del aviso de PayPal no es válida.');
    }
    const { order, pagos, enLinea } = await estadoDe(orden.code);
    expect(order.step).toBe('pendiente');
    expect(pagos).toEqual([]);
    expect(enLinea[0].status).toBe('creado');
    expect(await rows(t, sql`SELECT 1 FROM pagos_en_linea_eventos WHERE event_id = ${event.id}`)).toEqual([]);
    // The genuine delivery still works afterwards.
    expect((await webhook(signed)).json().data.resultado).toBe('confirmado');
  });

  it('un aviso firmado con otro monto se retiene para el personal; otros tipos de evento se anotan y se ignoran', async () => {
    const { orden, pago } = await capturadaSinRetorno();
    const forged = fake.captureCompletedEvent(pago.providerOrderId, { amount: { currency_code: 'USD', value: '0.50' } });
    expect((await webhook(fake.sign(forged))).json().data.resultado).toBe('retenido');
    const other = { id: 'WH-OTRO-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: pago.providerOrderId } };
    expect((await webhook(fake.sign(other))).json().data).toEqual({ duplicado: false, resultado: 'ignorado' });
    const { order, pagos } = await estadoDe(orden.code);
    expect(order.step).toBe('pendiente');
    expect(pagos).toEqual([]);
  });

  it('un aviso sin id de evento es 422', async () => {
    const response = await webhook(fake.sign({ event_type: 'PAYMENT.CAPTURE.COMPLETED' }));
    expect(response.statusCode).toBe(422);
  });
});

describe('quién inicia el pago', () => {
  it('con el enlace de la orden o como personal, sí; sin el enlace o un cliente ajeno, 404', async () => {
    const orden = await ordenPaypal();
    const driver = ordenesDriver(t);
    const as = (role: string, payload: object) => driver.call(role, 'POST', '/api/pagos/paypal/iniciar', payload);
    expect((await as('anonimo', { code: orden.code })).statusCode).toBe(404);
    expect((await as('anonimo', { code: orden.code, t: 'x'.repeat(32) })).statusCode).toBe(404);
    expect((await as('cliente', { code: orden.code })).statusCode).toBe(404);
    for (const role of ['admin', 'vendedor-admin', 'administracion', 'inventario', 'despacho']) {
      expect((await as(role, { code: orden.code })).statusCode, role).toBe(200);
    }
    expect((await as('anonimo', { code: orden.code, t: orden.token })).statusCode).toBe(200);
  });

  it('una orden que no es de PayPal o que ya no está pendiente no se paga en línea', async () => {
    const pendiente = orderBody(stocked, {
      buyer: otroBuyer(),
      payment: { method: 'pago-pendiente' },
    });
    const registered = await ordenesDriver(t).registrarOrden(pendiente, `otra-orden-${Date.now()}`);
    const response = await iniciar({ ...registered, total: '0', commission: '0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Esta orden no se paga con PayPal.');

    const pagada = await ordenPaypal();
    await volver(await aprobarEnPaypal((await iniciado(pagada)).approvalUrl));
    const again = await iniciar(pagada);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Esta orden ya no espera su pago: está «Pago confirmado».');
  });
});

describe('reembolsos del personal', () => {
  const held = async () =>
    (
      await rows<{ held: number }>(
        t,
        sql`SELECT held FROM inventario WHERE article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`,
      )
    )[0].held;

  it('solo admin y administración; una parte, luego el resto con anular: la orden se anula y su existencia vuelve', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    await volver(await aprobarEnPaypal(pago.approvalUrl));
    const captura = () => fake.orders.get(pago.providerOrderId)?.capture;
    const driver = ordenesDriver(t);
    const reembolsar = (role: string, body: object) => driver.reembolsar(role, orden.code, body);

    expect((await reembolsar('anonimo', { amount: '1.00' })).statusCode).toBe(401);
    for (const role of ['cliente', 'vendedor-admin', 'inventario', 'despacho']) {
      expect((await reembolsar(role, { amount: '1.00' })).statusCode, role).toBe(403);
    }
    expect(captura()?.refunded).toBe(0);

    const parte = await reembolsar('administracion', { amount: '5,00', note: 'Talla equivocada' });
    expect(parte.statusCode, parte.body).toBe(200);
    const restante = (toCents(orden.total) - 500) / 100;
    expect(parte.json().data).toMatchObject({
      amount: '5.00',
      currency: 'USD',
      refunded: '5.00',
      remaining: restante.toFixed(2),
      step: 'pago-confirmado',
    });
    expect(captura()?.status).toBe('PARTIALLY_REFUNDED');

    const demasiado = await reembolsar('admin', { amount: (restante + 0.01).toFixed(2) });
    expect(demasiado.statusCode).toBe(422);
    expect(demasiado.json().errors.amount[0]).toMatch(
      /^El reembolso debe ser mayor que cero y de hasta \$ \d+,\d{2}, lo que queda del pago\.$/,
    );
    expect(captura()?.refunded).toBe(500);

    const before = await held();
    const resto = await reembolsar('admin', { anular: true, note: 'El cliente desistió' });
    expect(resto.statusCode, resto.body).toBe(200);
    expect(resto.json().data).toMatchObject({ amount: restante.toFixed(2), remaining: '0.00', step: 'anulada' });
    expect(captura()?.status).toBe('REFUNDED');
    expect(await held()).toBe(before - 1);

    const hechos = await rows<{ amount: string; email: string; note: string }>(
      t,
      sql`SELECT r.amount, u.email, r.note FROM pagos_en_linea_reembolsos r JOIN usuarios u ON u.id = r.user_id
          JOIN pagos_en_linea p ON p.id = r.pago_id WHERE p.provider_order_id = ${pago.providerOrderId} ORDER BY r.id`,
    );
    expect(hechos).toEqual([
      { amount: '5.00', email: 'administracion@vitrina.com.ve', note: 'Talla equivocada' },
      { amount: restante.toFixed(2), email: 'admin@vitrina.com.ve', note: 'El cliente desistió' },
    ]);
    const { historial } = await estadoDe(orden.code);
    expect(historial.some((h) => h.note.startsWith('Reembolso de PayPal por $ 5,00'))).toBe(true);
    expect(historial.at(-1)?.to_step).toBe('anulada');

    const otra = await reembolsar('admin', {});
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toBe('Este pago ya se reembolsó completo.');
  });

  it('un reembolso es dinero que sale: su venta lo asienta una vez y «Pagos recibidos» lo muestra aparte, con el neto', async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    await volver(await aprobarEnPaypal(pago.approvalUrl));
    const driver = ordenesDriver(t);
    const venta = async () =>
      (
        await rows<{ id: number; total: string; discount: string; paid: string; outstanding: string; credit: string }>(
          t,
          sql`SELECT v.id, v.total::text, v.discount::text, v.balance_paid::text AS paid, v.outstanding_balance::text AS outstanding,
                     v.credit_in_favor::text AS credit
                FROM ventas v JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${orden.code}`,
        )
      )[0];
    const before = await venta();
    expect(toCents(before.paid)).toBe(toCents(before.total));
    // The report's search matches the document's number, not the order's code: filter by the sale's number.
    const [{ number }] = await rows<{ number: string }>(t, sql`SELECT number FROM ventas WHERE id = ${before.id}`);
    const pagosDe = async () => {
      const r = await driver.call('admin', 'GET', `/api/ventas/pagos?search=${number}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const parte = await driver.reembolsar('administracion', orden.code, { amount: '5,00', note: 'Rebaja por una mancha' });
    expect(parte.statusCode, parte.body).toBe(200);
    // A concession on the price: what was paid drops, the discount grows, nothing is owed.
    expect(await venta()).toMatchObject({
      discount: '5.00',
      paid: (toCents(before.total) / 100 - 5).toFixed(2),
      outstanding: '0.00',
      credit: '0.00',
    });
    const booked = await rows<{ method: string; amount: string; note: string }>(
      t,
      sql`SELECT method, amount::text, note FROM venta_reembolsos WHERE venta_id = ${before.id}`,
    );
    expect(booked).toEqual([{ method: 'paypal', amount: '5.00', note: 'Rebaja por una mancha' }]);
    // Received is what came in; the refund goes out on its own line.
    const listed = await pagosDe();
    expect(listed.resumen.map((r: { method: string; amountUsd: string }) => [r.method, r.amountUsd])).toEqual([['paypal', before.total]]);
    expect(listed.reembolsos).toEqual({ cantidad: 1, amountUsd: '5.00' });
    const sheet = await driver.call('admin', 'GET', `/api/ventas/pagos/exportar?formato=csv&search=${number}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const net = (toCents(before.total) / 100 - 5).toFixed(2).replace('.', ',');
    expect(sheet.body).toContain(';Reembolsos;1 reembolso al comprador;;;;;;;-5,00;;');
    expect(sheet.body).toContain(`;Neto recibido;;;;;;;;${net};;`);

    // The rest with the order cancelled: the sale is voided, and neither its payment nor its refunds count.
    const resto = await driver.reembolsar('admin', orden.code, { anular: true, note: 'El cliente desistió' });
    expect(resto.statusCode, resto.body).toBe(200);
    expect((await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM venta_reembolsos WHERE venta_id = ${before.id}`))[0].n).toBe(2);
    const after = await pagosDe();
    expect(after.resumen).toEqual([]);
    expect(after.reembolsos).toEqual({ cantidad: 0, amountUsd: '0.00' });
  });

  const refundsAt = (captureId: string | undefined) => fake.refunds.filter((r) => r.captureId === captureId);
  /** Refund calls PayPal received, in all (a repeat of one made counts, unlike `refundsAt`). */
  const refundCalls = () => fake.calls.get('POST /v2/payments/captures/{id}/refund') ?? 0;
  const pagada = async () => {
    const orden = await ordenPaypal();
    const pago = await iniciado(orden);
    await volver(await aprobarEnPaypal(pago.approvalUrl));
    const captureId = fake.orders.get(pago.providerOrderId)?.capture?.id;
    return { orden, pago, captureId };
  };
  const guardados = (providerOrderId: string) =>
    rows<{ status: string; amount: string; refund_id: string | null }>(
      t,
      sql`SELECT r.status, r.amount, r.refund_id FROM pagos_en_linea_reembolsos r JOIN pagos_en_linea p ON p.id = r.pago_id
          WHERE p.provider_order_id = ${providerOrderId} ORDER BY r.id`,
    );

  it('la misma Idempotency-Key es un solo reembolso (doble clic, a la vez o después); otra cifra con ella es un conflicto; sin ella, 422', async () => {
    const { orden, pago, captureId } = await pagada();
    const driver = ordenesDriver(t);
    const key = `doble-clic-${Date.now()}`;
    const [a, b] = await Promise.all([
      driver.reembolsar('admin', orden.code, { amount: '2.00' }, key),
      driver.reembolsar('admin', orden.code, { amount: '2.00' }, key),
    ]);
    const ok = [a, b].filter((r) => r.statusCode === 200);
    expect(ok.length, `${a.body} ${b.body}`).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 409], r.body).toContain(r.statusCode);
    const again = await driver.reembolsar('admin', orden.code, { amount: '2.00' }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ amount: '2.00', refunded: '2.00', refundId: ok[0].json().data.refundId });
    expect(refundsAt(captureId)).toHaveLength(1);

    const otraCifra = await driver.reembolsar('admin', orden.code, { amount: '3.00' }, key);
    expect(otraCifra.statusCode).toBe(409);
    expect(otraCifra.json().message).toBe('Esa Idempotency-Key ya se usó para otro reembolso; recargue la orden y pídalo de nuevo.');

    const sinClave = await driver.call('admin', 'POST', '/api/pagos/reembolsar', { code: orden.code, amount: '1.00' });
    expect(sinClave.statusCode).toBe(422);
    expect(sinClave.json().errors['idempotency-key']).toEqual(['Falta la cabecera Idempotency-Key']);
    expect(refundsAt(captureId)).toHaveLength(1);
    expect(await guardados(pago.providerOrderId)).toEqual([{ status: 'hecho', amount: '2.00', refund_id: refundsAt(captureId)[0].id }]);
  });

  it('PayPal reembolsa pero su respuesta se pierde: queda solicitado, reservado, su repetición no vuelve a pedirlo y la conciliación lo termina una vez', async () => {
    const { orden, pago, captureId } = await pagada();
    const driver = ordenesDriver(t);
    fake.loseNextRefundAnswer();
    const key = `perdido-${Date.now()}`;
    const callsBefore = refundCalls();
    const perdido = await driver.reembolsar('administracion', orden.code, { anular: true, note: 'Sin talla' }, key);
    expect(perdido.statusCode).toBe(502);
    expect(perdido.json().message).toMatch(
      /^PayPal no confirmó el reembolso de \$ [\d.]+,\d{2}: quedó solicitado y la tienda lo terminará sola en unos minutos\. No lo pida de nuevo\.$/,
    );
    expect(refundsAt(captureId)).toHaveLength(1);
    expect(await guardados(pago.providerOrderId)).toEqual([{ status: 'solicitado', amount: orden.total, refund_id: null }]);

    // The same key again while it waits: PayPal is not asked a second time.
    const repetido = await driver.reembolsar('administracion', orden.code, { anular: true, note: 'Sin talla' }, key);
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().message).toBe('Este reembolso ya se pidió y se está procesando: recargue la orden en unos minutos.');
    expect(refundCalls()).toBe(callsBefore + 1);
    // What is being refunded is reserved: a second try with a new key does not refund twice.
    const otraVez = await driver.reembolsar('admin', orden.code, {});
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().message).toBe('Lo que queda de este pago ya se está reembolsando.');
    const detalle = (await driver.detalle(orden.code, 'admin')).json().data;
    expect(detalle.onlinePayments[0]).toMatchObject({ refunded: '0.00', refundRequested: orden.total, refundToReview: '0.00' });
    expect(detalle.order.step).toBe('pago-confirmado');

    // Not before its time (the staff's own request may still be waiting for PayPal)…
    expect((await runJobs(t.app.orderContext(), quiet)).reconciledRefunds).toBe(0);
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await runJobs(t.app.orderContext(), quiet, later)).toMatchObject({ reconciledRefunds: 1, failed: 0 });
    expect((await runJobs(t.app.orderContext(), quiet, later)).reconciledRefunds).toBe(0);
    expect(refundsAt(captureId)).toHaveLength(1);
    expect(await guardados(pago.providerOrderId)).toEqual([
      { status: 'hecho', amount: orden.total, refund_id: refundsAt(captureId)[0].id },
    ]);
    const { historial } = await estadoDe(orden.code);
    expect(historial.filter((h) => h.note.startsWith(`Reembolso de PayPal por ${formatUsd(toCents(orden.total))}`))).toHaveLength(1);
    // Staff asked to cancel with it: done with the refund, units back.
    expect(historial.at(-1)?.to_step).toBe('anulada');
    // Now the same key answers with the refund made.
    const hecho = await driver.reembolsar('administracion', orden.code, { anular: true, note: 'Sin talla' }, key);
    expect(hecho.statusCode, hecho.body).toBe(200);
    expect(hecho.json().data).toMatchObject({ refundId: refundsAt(captureId)[0].id, remaining: '0.00', step: 'anulada' });
  });

  it('lo que la conciliación no puede confirmar (PayPal rechaza la repetición, o pasaron 12 horas) queda para el personal, reservado, y el personal lo cierra: hecho o no hecho', async () => {
    const driver = ordenesDriver(t);
    const uno = await pagada();
    fake.loseNextRefundAnswer();
    expect((await driver.reembolsar('admin', uno.orden.code, { amount: '1.00' })).statusCode).toBe(502);
    // PayPal refusing the repeat does not mean the first one failed (it was made): staff check it.
    fake.refuseNextRefund();
    expect(await runJobs(t.app.orderContext(), quiet, new Date(Date.now() + 5 * 60_000))).toMatchObject({
      reconciledRefunds: 0,
      failed: 0,
    });
    expect(await guardados(uno.pago.providerOrderId)).toEqual([{ status: 'revisar', amount: '1.00', refund_id: null }]);
    expect((await estadoDe(uno.orden.code)).historial.at(-1)?.note).toBe(
      'El reembolso de $ 1,00 pedido a PayPal no se pudo confirmar (PayPal no hizo el reembolso (422: REFUND_NOT_ALLOWED).); revíselo en PayPal.',
    );
    const detalle = (await driver.detalle(uno.orden.code, 'admin')).json().data;
    expect(detalle.onlinePayments[0]).toMatchObject({ refunded: '0.00', refundRequested: '0.00', refundToReview: '1.00' });
    const resto = await driver.reembolsar('admin', uno.orden.code, {});
    expect(resto.statusCode, resto.body).toBe(200);
    expect(toCents(resto.json().data.amount)).toBe(toCents(uno.orden.total) - 100);

    const dos = await pagada();
    fake.loseNextRefundAnswer();
    expect((await driver.reembolsar('admin', dos.orden.code, { amount: '1.00' })).statusCode).toBe(502);
    const asked = refundCalls();
    // 13 hours later PayPal may no longer know the key: it is not asked again.
    expect(await runJobs(t.app.orderContext(), quiet, new Date(Date.now() + 13 * 60 * 60_000))).toMatchObject({
      reconciledRefunds: 0,
      failed: 0,
    });
    expect(refundCalls()).toBe(asked);
    expect(await guardados(dos.pago.providerOrderId)).toEqual([{ status: 'revisar', amount: '1.00', refund_id: null }]);
    expect((await estadoDe(dos.orden.code)).historial.at(-1)?.note).toBe(
      'El reembolso de $ 1,00 pedido a PayPal no se pudo confirmar (pasaron más de 12 horas sin respuesta); revíselo en PayPal.',
    );

    // Staff look at PayPal and close them: the first was made (with PayPal's id), the second was not.
    const resolver = (role: string, body: object) => driver.call(role, 'POST', '/api/pagos/reembolsos/resolver', body);
    const porRevisar = async (code: string) =>
      (await driver.detalle(code, 'admin')).json().data.onlinePayments[0].refundsToReview as { id: number; amount: string }[];
    const [primero] = await porRevisar(uno.orden.code);
    expect(primero).toMatchObject({ amount: '1.00' });
    const [segundo] = await porRevisar(dos.orden.code);
    expect((await resolver('inventario', { code: uno.orden.code, refund: primero.id, made: true })).statusCode).toBe(403);
    const ajeno = await resolver('admin', { code: uno.orden.code, refund: segundo.id, made: false });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().message).toBe('Ese reembolso no es de esta orden.');

    const paypalId = refundsAt(uno.captureId)[0].id;
    const hecho = await resolver('administracion', { code: uno.orden.code, refund: primero.id, made: true, providerRefundId: paypalId });
    expect(hecho.statusCode, hecho.body).toBe(200);
    expect(hecho.json().data).toMatchObject({ refunded: uno.orden.total, remaining: '0.00' });
    expect(await guardados(uno.pago.providerOrderId)).toEqual([
      { status: 'hecho', amount: '1.00', refund_id: paypalId },
      expect.objectContaining({ status: 'hecho' }),
    ]);
    expect((await estadoDe(uno.orden.code)).historial.at(-1)?.note).toBe(
      `Reembolso de PayPal por $ 1,00 (${paypalId}) confirmado por el personal en PayPal.`,
    );
    const otraVez = await resolver('administracion', { code: uno.orden.code, refund: primero.id, made: false });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe('Otro usuario ya cerró este reembolso; recargue la orden.');
    // «No se hizo» ignores a stray id; «Se hizo» with an id already recorded is refused and changes nothing.
    const repetido = await resolver('admin', { code: dos.orden.code, refund: segundo.id, made: true, providerRefundId: paypalId });
    expect(repetido.statusCode).toBe(422);
    expect(repetido.json().errors.providerRefundId).toEqual(['Ese id de reembolso ya está anotado en otro reembolso.']);
    expect(await guardados(dos.pago.providerOrderId)).toEqual([{ status: 'revisar', amount: '1.00', refund_id: null }]);

    const noHecho = await resolver('admin', { code: dos.orden.code, refund: segundo.id, made: false, note: 'No aparece en PayPal' });
    expect(noHecho.statusCode, noHecho.body).toBe(200);
    expect(noHecho.json().data).toMatchObject({ refunded: '0.00', remaining: dos.orden.total });
    expect(await guardados(dos.pago.providerOrderId)).toEqual([]);
    expect((await estadoDe(dos.orden.code)).historial.at(-1)?.note).toBe(
      'El reembolso de $ 1,00 por revisar no se hizo en PayPal, según el personal: No aparece en PayPal',
    );

    // Asked with «anular»: closing it as made cancels the order then, and its units go back.
    const tres = await pagada();
    fake.loseNextRefundAnswer();
    expect((await driver.reembolsar('admin', tres.orden.code, { anular: true, note: 'Devuelto' })).statusCode).toBe(502);
    expect((await estadoDe(tres.orden.code)).order.step).toBe('pago-confirmado');
    await runJobs(t.app.orderContext(), quiet, new Date(Date.now() + 13 * 60 * 60_000));
    const before = await held();
    const [tercero] = await porRevisar(tres.orden.code);
    const cerrado = await resolver('admin', { code: tres.orden.code, refund: tercero.id, made: true });
    expect(cerrado.statusCode, cerrado.body).toBe(200);
    expect(cerrado.json().data).toMatchObject({ step: 'anulada', refunded: tres.orden.total, remaining: '0.00' });
    expect(await held()).toBe(before - 1);
    expect(await guardados(tres.pago.providerOrderId)).toEqual([{ status: 'hecho', amount: tres.orden.total, refund_id: null }]);
  });

  it('PayPal rechaza el reembolso: nada queda reservado ni anotado; anular una orden que ya no se puede se rechaza antes de pedirlo', async () => {
    const { orden, pago, captureId } = await pagada();
    const driver = ordenesDriver(t);
    fake.refuseNextRefund();
    const rechazado = await driver.reembolsar('admin', orden.code, { amount: '1.00' });
    expect(rechazado.statusCode).toBe(502);
    expect(rechazado.json().message).toBe('PayPal no hizo el reembolso (422: REFUND_NOT_ALLOWED).');
    expect(await guardados(pago.providerOrderId)).toEqual([]);
    const despues = await driver.reembolsar('admin', orden.code, { amount: '1.00' });
    expect(despues.statusCode, despues.body).toBe(200);
    expect(refundsAt(captureId)).toHaveLength(1);

    await driver.call('admin', 'PATCH', '/api/orden-compra/anular', { code: orden.code, note: 'Anulada aparte' });
    expect((await estadoDe(orden.code)).historial.at(-1)?.to_step).toBe('anulada');
    const anularOtraVez = await driver.reembolsar('admin', orden.code, { amount: '1.00', anular: true });
    expect(anularOtraVez.statusCode).toBe(400);
    expect(anularOtraVez.json().message).toMatch(/^No se puede anular la orden: /);
    expect(refundsAt(captureId)).toHaveLength(1);
  });
});

describe('sin PayPal configurado', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp();
  });
  afterAll(async () => {
    await off?.close();
  });

  it('PayPal sin referencia se rechaza (422) y las rutas de pago en línea responden 404', async () => {
    const article = await stockedArticle(off, 5);
    const response = await ordenesDriver(off).registrar(orderBody(article, { payment: { method: 'paypal' } }), 'sin-paypal-1');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['payment.reference']).toEqual(['Escriba la referencia del pago']);
    const iniciar = await off.app.inject({ method: 'POST', url: '/api/pagos/paypal/iniciar', payload: { code: 'OC-000001' } });
    expect(iniciar.statusCode).toBe(404);
    expect((await off.app.inject('/api/pagos/en-linea')).json().data).toEqual({ paypal: false, tarjeta: false });
    const hook = await off.app.inject({ method: 'POST', url: '/api/pagos/paypal/webhook', payload: { id: 'WH-1', event_type: 'X' } });
    expect(hook.statusCode).toBe(404);
    // PayPal reported with its reference goes on as before: payment to confirm by staff.
    const reported = await ordenesDriver(off).registrar(
      orderBody(article, { payment: { method: 'paypal', reference: 'PAYPAL123456', amount: '10.00', date: '2026-01-10' } }),
      'sin-paypal-2',
    );
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json().data.step).toBe('pago-por-confirmar');
  });
});
