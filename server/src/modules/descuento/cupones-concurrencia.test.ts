// The limits of a coupon hold with many checkouts at once: the total limit and the per-customer
// limit (PGlite queues 20 buyers; PostgreSQL, DATABASE_URL, takes 200 at the same time).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caracasIsoDate } from '#domain/dates.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { BUYERS_AT_ONCE, type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, type StockedArticle, stockedArticle } from '#test/ordenes.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;

beforeAll(async () => {
  // One buyer places many orders here: the limit of unpaid orders per contact is not what this tests.
  t = await buildTestApp({ ORDENES_IMPAGAS_POR_CONTACTO: '1000', ORDENES_IMPAGAS_POR_IP: '1000' });
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, BUYERS_AT_ONCE * 3);
});

afterAll(async () => {
  await t?.close();
});

async function coupon(code: string, limits: { maxUses: number | null; maxUsesPerCustomer: number | null }) {
  const response = await api.call('admin', 'POST', '/api/descuento/registrar', {
    name: `Cupón ${code}`,
    aplicacion: 'cupon',
    kind: 'porcentaje',
    value: '10',
    code,
    validFrom: caracasIsoDate(new Date()),
    ...limits,
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function counts(code: string) {
  const [row] = await rows<{ uses: number; usos: number; orders: number }>(
    t,
    sql`SELECT d.uses,
               (SELECT count(*)::int FROM cupon_usos u WHERE u.descuento_id = d.id) AS usos,
               (SELECT count(*)::int FROM ordenes_compra o WHERE o.coupon_code = d.code) AS orders
          FROM descuentos d WHERE d.code = ${code}`,
  );
  return row;
}

describe('cupones con muchas compras a la vez', () => {
  it(`${BUYERS_AT_ONCE} compradores a la vez con un cupón de 10 usos: exactamente 10 órdenes lo usan y las demás se rechazan diciéndolo`, async () => {
    await coupon('DIEZ-USOS', { maxUses: 10, maxUsesPerCustomer: null });
    const responses = await Promise.all(
      Array.from({ length: BUYERS_AT_ONCE }, (_, i) =>
        api.registrar(orderBody(stocked, { buyer: otroComprador(3000 + i), extra: { coupon: 'DIEZ-USOS' } }), `diez-usos-${i}-xxxx`),
      ),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(BUYERS_AT_ONCE - 10);
    for (const r of refused) {
      expect(r.json().message).toBe('El cupón «DIEZ-USOS» ya alcanzó su límite de usos. Quítelo para continuar con su compra.');
    }
    for (const r of created) expect(r.json().data).toMatchObject({ couponCode: 'DIEZ-USOS' });
    expect(await counts('DIEZ-USOS')).toEqual({ uses: 10, usos: 10, orders: 10 });
    // A refused order left nothing behind: only the 10 orders hold stock.
    const [stock] = await rows<{ held: number }>(
      t,
      sql`SELECT held FROM inventario WHERE article_code = ${stocked.article} AND tienda_id = ${stocked.storeId}`,
    );
    expect(stock.held).toBe(10);
  });

  it('el mismo cliente con varias compras a la vez y un cupón de una vez por cliente: solo una lo usa', async () => {
    await coupon('UNA-VEZ', { maxUses: null, maxUsesPerCustomer: 1 });
    const attempts = Math.min(BUYERS_AT_ONCE, 40);
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, i) => {
        // The same e-mail written different ways: it is the same customer.
        const email = i % 3 === 0 ? 'Marta.Una@Correo.com' : i % 3 === 1 ? 'marta.una+promo@correo.com' : 'marta.una@correo.com';
        const buyer = { ...otroComprador(4000 + i), email };
        return api.registrar(orderBody(stocked, { buyer, extra: { coupon: 'UNA-VEZ' } }), `una-vez-${i}-xxxx`);
      }),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(attempts - 1);
    for (const r of refused) expect(r.json().message).toMatch(/se puede usar una vez por cliente y ya lo usó/);
    expect(await counts('UNA-VEZ')).toEqual({ uses: 1, usos: 1, orders: 1 });
  });
});
