// Orders nobody pays cannot take the catalogue off sale: units per article and per order are
// capped, orders awaiting payment (unpaid, or with a reported payment not yet confirmed) are limited
// per buyer and per address, unpaid ones are held for a short time, and staff release them in one call.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '#server/jobs/jobs.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { BUYERS_AT_ONCE, type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { BUYER, DELIVERY, otroComprador, reportadoExacto, type StockedArticle, stockedArticles } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let articles: StockedArticle[] = [];
const STOCK = 100;
const HOUR = 3_600_000;
const quiet = { info: () => {}, error: () => {} } as unknown as Parameters<typeof runJobs>[1];

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  articles = await stockedArticles(t, 3, STOCK);
});

afterAll(async () => {
  await t?.close();
});

type Line = [index: number, quantity: number];

/** An order of the given lines of `articles`, by `buyer`, "pago pendiente" unless a payment is given. */
function body(lines: Line[], buyer: Partial<typeof BUYER> = {}, payment: object = { method: 'pago-pendiente' }) {
  return {
    user: { ...BUYER, ...buyer },
    delivery: DELIVERY,
    items: lines.map(([i, quantity]) => ({ articleCode: articles[i].article, stores: [{ tiendaId: articles[i].storeId, quantity }] })),
    payment,
  };
}

async function held(): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(
    t,
    sql`SELECT coalesce(sum(held), 0)::int AS n FROM inventario WHERE article_code IN (${sql.join(
      articles.map((a) => sql`${a.article}`),
      sql`, `,
    )})`,
  );
  return n;
}

let seq = 0;
const key = (name: string) => `impaga-${name}-${++seq}`;

describe('topes de unidades', () => {
  it('más de 10 unidades de un artículo es un 422 que nombra el tope; nada queda apartado', async () => {
    const response = await api.registrar(body([[0, 11]], otroComprador(1)), key('linea'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['items.0.stores']).toEqual([
      `Se pueden pedir hasta 10 unidades de cada artículo por orden; ${articles[0].article} lleva 11.`,
    ]);
    expect(await held()).toBe(0);
  });

  it('más de 20 unidades en una orden es un 400 que nombra el tope, también con una referencia de pago (solo es un reporte)', async () => {
    const lines: Line[] = [
      [0, 10],
      [1, 10],
      [2, 1],
    ];
    const zelle = { method: 'zelle', reference: 'ZTOPE0001', amount: '500.00', date: '2026-11-20' };
    for (const payment of [{ method: 'pago-pendiente' }, { method: 'efectivo' }, zelle]) {
      const response = await api.registrar(body(lines, otroComprador(2), payment), key('orden'));
      expect(response.statusCode, payment.method).toBe(400);
      expect(response.json().message).toContain('Una orden de la tienda en línea lleva hasta 20 unidades y esta lleva 21.');
    }
    expect(await held()).toBe(0);
    const twenty = await api.registrarOrden(body(lines.slice(0, 2), otroComprador(2), zelle), key('orden'));
    expect(await held()).toBe(20);
    expect((await api.call('admin', 'PATCH', '/api/orden-compra/anular', { code: twenty.code })).statusCode).toBe(200);
    expect(await held()).toBe(0);
  });
});

describe('el catálogo sigue a la venta bajo un ataque de órdenes impagas', () => {
  const attackIp = '203.0.113.7';
  const created: string[] = [];
  const attack = (n: number): Line[] =>
    n % 2 === 0
      ? [
          [0, 10],
          [1, 10],
        ]
      : [
          [1, 10],
          [2, 10],
        ];

  it('desde una dirección con correos, cédulas y teléfonos distintos: solo 5 órdenes impagas abiertas', async () => {
    // The biggest order the form allows is refused outright.
    const greedy = await api.registrar(
      body(
        [
          [0, 99],
          [1, 99],
          [2, 99],
        ],
        otroComprador(100),
      ),
      key('codicia'),
      { ip: attackIp },
    );
    expect(greedy.statusCode).toBe(422);
    const outcomes = [];
    for (let n = 0; n < 12; n++) {
      outcomes.push(await api.registrar(body(attack(n), otroComprador(100 + n)), key('una-ip'), { ip: attackIp }));
    }
    expect(outcomes.map((r) => r.statusCode)).toEqual([...Array(5).fill(201), ...Array(7).fill(400)]);
    expect(outcomes[11].json().message).toBe(
      'Ya hay 5 órdenes desde esta conexión esperando la confirmación de su pago, el máximo a la vez. Espere a que la tienda confirme un pago o a que venzan las órdenes sin pagar.',
    );
    created.push(...outcomes.filter((r) => r.statusCode === 201).map((r) => r.json().data.orderCode));
  });

  it('con un mismo correo, cédula o teléfono desde direcciones distintas: solo 3', async () => {
    const attacker = otroComprador(200);
    const outcomes = [];
    for (let n = 0; n < 6; n++) {
      outcomes.push(await api.registrar(body(attack(n), attacker), key('un-correo'), { ip: `198.51.100.${n + 1}` }));
    }
    expect(outcomes.map((r) => r.statusCode)).toEqual([201, 201, 201, 400, 400, 400]);
    expect(outcomes[3].json().message).toContain('Ya hay 3 órdenes con este correo esperando la confirmación de su pago');
    created.push(...outcomes.filter((r) => r.statusCode === 201).map((r) => r.json().data.orderCode));

    // The same person with another e-mail (or written another way) is still the same cédula, or phone.
    const sameDni = { ...otroComprador(201), dni: attacker.dni.replace('-', '').toLowerCase() };
    const byDni = await api.registrar(body([[0, 1]], sameDni), key('cedula'), { ip: '198.51.100.50' });
    expect(byDni.json().message).toContain('con esta cédula');
    const samePhone = { ...otroComprador(202), phone: `+58 ${attacker.phone.slice(1)}` };
    const byPhone = await api.registrar(body([[0, 1]], samePhone), key('telefono'), { ip: '198.51.100.51' });
    expect(byPhone.json().message).toContain('con este teléfono');
    const plusMail = { ...otroComprador(203), email: attacker.email.replace('@', '+otra@') };
    expect((await api.registrar(body([[0, 1]], plusMail), key('correo'), { ip: '198.51.100.52' })).json().message).toContain(
      'con este correo',
    );
  });

  it('lo apartado por el atacante queda acotado por los topes y un comprador honesto aún compra los artículos atacados', async () => {
    // Without the limits, the 18 attacking orders of 20 units would have held the 300 units.
    const honest = await api.registrar(
      body(
        [
          [0, 1],
          [1, 1],
          [2, 1],
        ],
        { fullName: 'Clienta Honesta', email: 'honesta@correo.com', dni: 'V-9876543', phone: '0416-555-0000' },
      ),
      key('honesta'),
    );
    expect(honest.statusCode, honest.body).toBe(201);
    expect(created).toHaveLength(8);
    // Each attacking order holds at most 20 units.
    expect(await held()).toBe(8 * 20 + 3);
  });

  it('pasado el plazo de 2 horas sin pago, las tareas anulan lo del atacante y el comprador puede volver a pedir', async () => {
    expect(await runJobs(api.context(), quiet, new Date(Date.now() + 30 * 60_000))).toMatchObject({ expiredOrders: 0 });
    const result = await runJobs(api.context(), quiet, new Date(Date.now() + 2 * HOUR + 60_000));
    expect(result.expiredOrders).toBe(9);
    expect(await held()).toBe(0);
    const again = await api.registrar(body([[0, 1]], otroComprador(200)), key('de-nuevo'), { ip: attackIp });
    expect(again.statusCode).toBe(201);
    await api.call('admin', 'PATCH', '/api/orden-compra/anular', { code: again.json().data.orderCode });
  });
});

describe('límite de órdenes impagas', () => {
  it(`${BUYERS_AT_ONCE} pedidos a la vez del mismo comprador dejan exactamente 3 órdenes impagas`, async () => {
    const buyer = otroComprador(300);
    const responses = await Promise.all(
      Array.from({ length: BUYERS_AT_ONCE }, (_, n) => api.registrar(body([[0, 1]], buyer), key('a-la-vez'), { ip: `192.0.2.${n + 1}` })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(BUYERS_AT_ONCE - 3);
    expect(await held()).toBe(3);
  });

  it('una orden con una referencia inventada cuenta como las impagas hasta que el personal confirma su pago', async () => {
    // Reported payments are claims: without this, made-up references held stock with no limit.
    const attackIp = '203.0.113.99';
    const fake = (n: number) => ({ method: 'zelle', reference: `ZFALSA${String(n).padStart(4, '0')}`, amount: '1.00', date: '2026-11-20' });
    const outcomes = [];
    for (let n = 0; n < 8; n++) {
      outcomes.push(await api.registrar(body([[2, 2]], otroComprador(600 + n), fake(n)), key('falsa'), { ip: attackIp }));
    }
    expect(outcomes.map((r) => r.statusCode)).toEqual([...Array(5).fill(201), ...Array(3).fill(400)]);
    expect(outcomes[5].json().message).toContain('desde esta conexión esperando la confirmación de su pago');

    // "Pago pendiente" moved to a reported payment with the buyer's e-mail still counts.
    const buyer = otroComprador(700);
    const pending = [];
    for (let n = 0; n < 3; n++) pending.push(await api.registrarOrden(body([[2, 1]], buyer), key('luego'), { ip: `198.18.0.${n + 1}` }));
    const reported = await api.registrarPago(pending[0].code, fake(50), { email: buyer.email });
    expect(reported.statusCode).toBe(200);
    const fourth = await api.registrar(body([[2, 1]], buyer), key('luego'), { ip: '198.18.0.9' });
    expect(fourth.json().message).toContain('con este correo');

    // Once staff confirm a payment, that order no longer counts.
    await reportadoExacto(t, pending[0].code);
    expect((await api.confirmarPago(pending[0].code, true)).statusCode).toBe(200);
    expect((await api.registrar(body([[2, 1]], buyer), key('luego'), { ip: '198.18.0.10' })).statusCode).toBe(201);
  });

  it('el personal no cuenta por dirección', async () => {
    // A salesman places unpaid orders for six customers from the store's one address.
    const vendedor = await api.tokenOf('vendedor-admin');
    for (let n = 0; n < 6; n++) {
      const response = await api.registrar(body([[2, 1]], otroComprador(400 + n)), key('tienda'), { token: vendedor, ip: '192.0.2.200' });
      expect(response.statusCode, String(n)).toBe(201);
    }
  });
});

describe('el personal libera la existencia de órdenes impagas', () => {
  it('anular-impagas anula las que esperan su pago (también con un pago sin confirmar, que queda rechazado) y omite las pagadas', async () => {
    const before = await held();
    const unpaid = await api.registrarOrden(body([[0, 5]], otroComprador(500)), key('liberar'));
    const other = await api.registrarOrden(body([[1, 5]], otroComprador(501)), key('liberar'));
    const zelle = { method: 'zelle', reference: 'ZLIBERAR1', amount: '30.00', date: '2026-11-20' };
    const reported = await api.registrarOrden(body([[2, 2]], otroComprador(502), zelle), key('liberar'));
    const paid = await api.registrarOrden(body([[2, 1]], otroComprador(503), { ...zelle, reference: 'ZLIBERAR2' }), key('liberar'));
    await reportadoExacto(t, paid.code);
    expect((await api.confirmarPago(paid.code, true)).statusCode).toBe(200);
    expect(await held()).toBe(before + 13);

    const forbidden = await api.call('despacho', 'PATCH', '/api/orden-compra/anular-impagas', { codes: [unpaid.code] });
    expect(forbidden.statusCode).toBe(403);
    const response = await api.call('administracion', 'PATCH', '/api/orden-compra/anular-impagas', {
      codes: [unpaid.code, other.code, reported.code, paid.code, 'OC-999999'],
      note: 'Órdenes de un ataque',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      anuladas: [unpaid.code, other.code, reported.code],
      omitidas: [
        { code: paid.code, motivo: `La orden ${paid.code} ya no está esperando su pago.` },
        { code: 'OC-999999', motivo: 'La orden de compra no existe.' },
      ],
    });
    expect(await held()).toBe(before + 1);
    // The made-up reference is rejected with its order, so it does not keep the reference taken.
    const cancelled = (await api.detalle(reported.code)).json().data;
    expect(cancelled.payments.map((p: { status: string }) => p.status)).toEqual(['rechazado']);
    const detail = (await api.detalle(unpaid.code)).json().data;
    expect(detail.order.step).toBe('anulada');
    expect(detail.history.at(-1)).toMatchObject({ to: 'anulada', note: 'Órdenes de un ataque' });

    const empty = await api.call('administracion', 'PATCH', '/api/orden-compra/anular-impagas', { codes: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.codes).toEqual(['Elija al menos una orden']);
  });
});
