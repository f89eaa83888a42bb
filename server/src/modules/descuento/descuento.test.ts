// Discounts and coupons through the API: the back office's routes (roles, 422, 400), and what a
// shopper sees and pays with them in the catalogue, the cart, the order, its mail and its pages.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '#domain/contracts/carrito.ts';
import type { Descuento } from '#domain/contracts/descuento.ts';
import type { OrdenDetalle, OrderStatus, OrderView } from '#domain/contracts/orden-compra.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { toCents } from '#domain/money.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, reportadoExacto, type StockedArticle, sinIgtf, stockedArticle } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let model = '';
let sublineaId = 0;
let lineaId = 0;
const today = caracasIsoDate(new Date());

beforeAll(async () => {
  // Many orders from one buyer in this file: the limit of unpaid orders is not what it tests.
  t = await buildTestApp({ ORDENES_IMPAGAS_POR_CONTACTO: '100', ORDENES_IMPAGAS_POR_IP: '100' });
  // Figures without the IGTF of paying in divisas: igtf-en-la-orden.test.ts tests it.
  await sinIgtf(t);
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 500);
  const [row] = await rows<{ model: string; sublineaId: number; lineaId: number }>(
    t,
    sql`SELECT m.code AS model, m.sublinea_id AS "sublineaId", s.linea_id AS "lineaId"
          FROM articulos a JOIN modelos m ON m.code = a.model_code JOIN sublineas s ON s.id = m.sublinea_id WHERE a.code = ${stocked.article}`,
  );
  ({ model, sublineaId, lineaId } = row);
  await t.database.db.execute(sql`UPDATE modelos SET price = '25.00', promotion = '5.00' WHERE code = ${model}`);
});

afterAll(async () => {
  await t?.close();
});

const base = { validFrom: today, validTo: null, active: true };

async function registrar(body: Record<string, unknown>, role = 'admin') {
  return api.call(role, 'POST', '/api/descuento/registrar', { ...base, ...body });
}

async function crear(body: Record<string, unknown>): Promise<Descuento> {
  const response = await registrar(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function asignar(id: number, to: { lineas?: number[]; sublineas?: number[]; modelos?: string[] }) {
  const response = await api.call('admin', 'PATCH', '/api/descuento/asignar', { id, ...to });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A guest's cart with `quantity` units of the stocked article; its cookie. */
async function cartWith(quantity: number): Promise<string> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v2/carrito/agregar-item',
    payload: { articleCode: stocked.article, stores: [{ tiendaId: stocked.storeId, quantity }] },
    remoteAddress: nextIp(),
  });
  expect(added.statusCode, added.body).toBe(200);
  return String(added.headers['set-cookie']).split(';')[0];
}

async function cart(cookie: string): Promise<CartView> {
  return (await t.app.inject({ url: '/api/carrito', headers: { cookie } })).json().data;
}

function applyCoupon(cookie: string, code: unknown, path = '/api/carrito/aplicar-cupon', method: 'POST' | 'PATCH' = 'POST') {
  return t.app.inject({ method, url: path, headers: { cookie }, payload: { code }, remoteAddress: nextIp() });
}

describe('el personal registra y asigna descuentos', () => {
  it('admin y vendedor-admin registran; los demás roles no (403) y sin sesión 401', async () => {
    const body = { name: 'Prueba de roles', aplicacion: 'automatico', kind: 'porcentaje', value: '5' };
    expect((await registrar(body, 'vendedor-admin')).statusCode).toBe(201);
    for (const role of ['administracion', 'inventario', 'despacho', 'cliente']) {
      expect((await registrar(body, role)).statusCode, role).toBe(403);
    }
    expect((await registrar(body, 'anonimo')).statusCode).toBe(401);
    expect((await api.call('inventario', 'GET', '/api/descuento')).statusCode).toBe(403);
    expect((await api.call('vendedor-admin', 'GET', '/api/v2/descuento')).statusCode).toBe(200);
  });

  it('datos inválidos: 422 con el mensaje en español de cada campo', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: 'Demasiado', aplicacion: 'automatico', kind: 'porcentaje', value: '120' }, 'value', /no puede pasar de 100/],
      [{ name: 'Cero', aplicacion: 'automatico', kind: 'monto', value: '0' }, 'value', /mayor que cero/],
      [{ name: 'Texto', aplicacion: 'automatico', kind: 'monto', value: 'diez' }, 'value', /no es válido/],
      [{ name: 'Sin código', aplicacion: 'cupon', kind: 'porcentaje', value: '10' }, 'code', /código del cupón/],
      [{ name: 'Código raro', aplicacion: 'cupon', kind: 'porcentaje', value: '10', code: 'A$' }, 'code', /3 a 30 letras/],
      [{ name: 'Fechas', aplicacion: 'automatico', kind: 'porcentaje', value: '10', validTo: '2020-01-01' }, 'validTo', /anterior/],
      [{ name: 'Fecha', aplicacion: 'automatico', kind: 'porcentaje', value: '10', validFrom: '2026-02-31' }, 'validFrom', /no existe/],
      [{ name: 'Pago', aplicacion: 'metodo-pago', kind: 'monto', value: '1', paymentMethod: 'zelle' }, 'kind', /porcentaje del pedido/],
      [{ name: 'Pago', aplicacion: 'metodo-pago', kind: 'porcentaje', value: '5' }, 'paymentMethod', /método de pago/],
      [
        { name: 'Límites', aplicacion: 'cupon', kind: 'porcentaje', value: '5', code: 'LIM', maxUses: 2, maxUsesPerCustomer: 3 },
        'maxUsesPerCustomer',
        /no puede pasar/,
      ],
      [{ name: 'Límite', aplicacion: 'cupon', kind: 'porcentaje', value: '5', code: 'LIM', maxUses: 0 }, 'maxUses', /al menos 1/],
      [{ name: 'x', aplicacion: 'otro', kind: 'porcentaje', value: '5' }, 'aplicacion', /automático, cupón o método de pago/],
    ];
    for (const [body, field, message] of cases) {
      const response = await registrar(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]?.[0], JSON.stringify(body)).toMatch(message);
    }
  });

  it('un código de cupón repetido es un 400 que lo dice; cambiar cómo se aplica también', async () => {
    const coupon = await crear({ name: 'Único', aplicacion: 'cupon', kind: 'porcentaje', value: '10', code: 'unico-1' });
    expect(coupon).toMatchObject({ code: 'UNICO-1', uses: 0, vigente: true, assigned: { lineas: 0, sublineas: 0, modelos: 0 } });
    const again = await registrar({ name: 'Otro', aplicacion: 'cupon', kind: 'monto', value: '1', code: ' Unico-1 ' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Ya existe un cupón con el código «UNICO-1». Elija otro código.');
    const changed = await api.call('admin', 'PATCH', '/api/descuento/actualizar', {
      ...base,
      id: coupon.id,
      name: 'Único',
      aplicacion: 'automatico',
      kind: 'porcentaje',
      value: '10',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toMatch(/No se puede cambiar cómo se aplica/);
    const missing = await api.call('admin', 'PATCH', '/api/descuento/activar', { id: 999999, active: false });
    expect(missing.statusCode).toBe(404);
  });

  it('asignar a líneas, sub-líneas y modelos; lo que no existe es un 400 y no cambia nada', async () => {
    const d = await crear({ name: 'Asignable', aplicacion: 'automatico', kind: 'porcentaje', value: '1', active: false });
    const detail = await asignar(d.id, { lineas: [lineaId], sublineas: [sublineaId, sublineaId], modelos: [model.toLowerCase()] });
    expect(detail.assigned).toEqual({ lineas: 1, sublineas: 1, modelos: 1 });
    expect(detail.modelos[0].code).toBe(model);
    const bad = await api.call('admin', 'PATCH', '/api/descuento/asignar', { id: d.id, sublineas: [999999], modelos: ['ZZZZZZ0000'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('No existen en el catálogo: sub-línea 999999, modelo ZZZZZZ0000.');
    const after = (await api.call('admin', 'GET', `/api/descuento/detalle/${d.id}`)).json().data;
    expect(after.assigned).toEqual({ lineas: 1, sublineas: 1, modelos: 1 });

    const lines = (await api.call('vendedor-admin', 'GET', `/api/descuento/listado-lineas?descuento=${d.id}`)).json().data;
    expect(lines.find((l: { id: number }) => l.id === lineaId)?.assigned).toBe(true);
    const subs = (await api.call('admin', 'GET', `/api/descuento/listado-sub-lineas?descuento=${d.id}&linea=${lineaId}`)).json();
    expect(subs.data.find((s: { id: number }) => s.id === sublineaId)?.assigned).toBe(true);
    expect(subs.meta.total).toBeGreaterThan(0);
    const models = (await api.call('admin', 'GET', `/api/descuento/listado-modelos?descuento=${d.id}&search=${model}`)).json();
    expect(models.data[0]).toMatchObject({ code: model, assigned: true });
    const onlyAssigned = (await api.call('admin', 'GET', `/api/descuento/listado-modelos?descuento=${d.id}&solo_asignados=true`)).json();
    expect(onlyAssigned.meta.total).toBe(1);

    const pago = await crear({
      name: 'Zelle 1 %',
      aplicacion: 'metodo-pago',
      kind: 'porcentaje',
      value: '1',
      paymentMethod: 'zelle',
      active: false,
    });
    const refused = await api.call('admin', 'PATCH', '/api/descuento/asignar', { id: pago.id, lineas: [lineaId] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/vale para todo el pedido/);
  });

  it('listas: la raíz pagina con meta y v2 responde en data.discounts; filtros por tipo y búsqueda', async () => {
    await crear({ name: 'Buscable único', aplicacion: 'cupon', kind: 'porcentaje', value: '3', code: 'BUSCABLE', active: false });
    const list = (await api.call('admin', 'GET', '/api/descuento?aplicacion=cupon&search=buscable')).json();
    expect(list.data).toHaveLength(1);
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 15, total: 1 });
    const v2 = (await api.call('admin', 'GET', '/api/v2/descuento?search=BUSCABLE')).json();
    expect(v2.success).toBe(true);
    expect(v2.data.discounts[0]).toMatchObject({ code: 'BUSCABLE', active: false, vigente: false });
    expect((await api.call('admin', 'GET', '/api/descuento?page=0')).statusCode).toBe(422);
    expect((await api.call('admin', 'GET', '/api/descuento?aplicacion=otra')).statusCode).toBe(422);
    const options = (await api.call('admin', 'GET', '/api/descuento/listado-descuentos')).json().data as { aplicacion: string }[];
    expect(options.every((o) => o.aplicacion !== 'metodo-pago')).toBe(true);
  });
});

describe('entradas de un cliente cualquiera', () => {
  it('nada de lo que se envíe a las rutas de descuentos y cupones da un 500', async () => {
    const bodies: unknown[] = [
      {},
      [],
      { id: 'x' },
      { id: 1e20 },
      { id: -1, active: 'si' },
      { id: 1, lineas: 'x' },
      { id: 1, lineas: [1.5], sublineas: [null] },
      { id: 1, modelos: [123, { a: 1 }] },
      { name: 123, aplicacion: ['cupon'] },
      { name: 'x'.repeat(1000), aplicacion: 'cupon', kind: 'monto', value: '1e5', code: 'A'.repeat(100) },
      { ...base, name: 'Nulo', aplicacion: 'cupon', kind: 'porcentaje', value: '5', code: 'NULO', maxUses: '12abc', onlyEmail: 'no' },
      { ...base, id: 999999, name: 'Inexistente', aplicacion: 'automatico', kind: 'porcentaje', value: '5' },
    ];
    const failures: string[] = [];
    const check = (what: string, status: number) => {
      if (status >= 500) failures.push(`${what}: ${status}`);
    };
    for (const body of bodies) {
      for (const [method, url] of [
        ['POST', '/api/descuento/registrar'],
        ['PATCH', '/api/descuento/actualizar'],
        ['PATCH', '/api/descuento/activar'],
        ['PATCH', '/api/descuento/asignar'],
      ] as const) {
        check(`${method} ${url} ${JSON.stringify(body).slice(0, 60)}`, (await api.call('admin', method, url, body as object)).statusCode);
      }
      const coupon = await t.app.inject({
        method: 'POST',
        url: '/api/carrito/aplicar-cupon',
        payload: body as object,
        remoteAddress: nextIp(),
      });
      check(`aplicar-cupon ${JSON.stringify(body).slice(0, 60)}`, coupon.statusCode);
    }
    for (const url of [
      '/api/descuento?page=abc&per_page=1000&active=quizas',
      '/api/descuento?search=%00%01',
      '/api/descuento/detalle/abc',
      '/api/descuento/detalle/99999999999',
      '/api/descuento/detalle/999999',
      '/api/descuento/listado-lineas?descuento=0&search=%25_',
      '/api/descuento/listado-sub-lineas?linea=x&per_page=101',
      '/api/descuento/listado-modelos?descuento=999999&solo_asignados=true&search=%27%3B',
      '/api/v2/descuento?aplicacion=x',
    ]) {
      check(`GET ${url}`, (await api.call('admin', 'GET', url)).statusCode);
    }
    for (const coupon of [null, ['A'], 'A'.repeat(100), 12, { code: 'X' }]) {
      check(
        `registrar con cupón ${JSON.stringify(coupon)}`,
        (await api.registrar(orderBody(stocked, { extra: { coupon } }), 'cupon-raro-0001')).statusCode,
      );
    }
    expect(failures).toEqual([]);
  });
});

describe('lo que ve y paga el comprador', () => {
  let sublinea20: Descuento;

  beforeAll(async () => {
    // 20 % on the sub-line and $2 per unit on the line: the larger applies, never both.
    sublinea20 = await crear({ name: 'Franelas 20 %', aplicacion: 'automatico', kind: 'porcentaje', value: '20' });
    await asignar(sublinea20.id, { sublineas: [sublineaId] });
    const line2 = await crear({ name: 'Línea $ 2', aplicacion: 'automatico', kind: 'monto', value: '2' });
    await asignar(line2.id, { lineas: [lineaId] });
    await crear({ name: 'Pago con Zelle', aplicacion: 'metodo-pago', kind: 'porcentaje', value: '5', paymentMethod: 'zelle' });
  });

  it('el catálogo muestra el precio con el mayor descuento automático (la tarjeta y el detalle)', async () => {
    const { data } = (await t.app.inject({ url: `/api/v2/catalogo/article?code=${model}` })).json();
    expect(data).toMatchObject({ price: '25.00', promotion: '5.00', discount: '4.00', finalPrice: '16.00', onPromotion: true });
    const promos = (await t.app.inject({ url: '/api/catalogo/articulos?promocion=true&per_page=100' })).json().data as { model: string }[];
    expect(promos.some((c) => c.model === model)).toBe(true);
  });

  it('las opciones de pago dicen qué descuento da cada método antes de elegirlo', async () => {
    const options = (await t.app.inject({ url: '/api/mayor/cuentas/opciones-de-pagos' })).json().data as {
      id: string;
      discountType: string | null;
      discountValue: string | null;
    }[];
    expect(options.find((o) => o.id === 'zelle')).toMatchObject({
      discountType: 'porcentaje',
      discountValue: '5.00',
      discountName: 'Pago con Zelle',
    });
    expect(options.find((o) => o.id === 'pago-movil')).toMatchObject({ discountType: null, discountValue: null });
    expect(options).toHaveLength(8);
  });

  it('el carrito (v1 y v2) muestra el descuento de la línea, el cupón y lo que costaría con cada método', async () => {
    const coupon = await crear({ name: 'Diez', aplicacion: 'cupon', kind: 'porcentaje', value: '10', code: 'DIEZ-CARRITO', maxUses: 5 });
    const cookie = await cartWith(2);
    const applied = await applyCoupon(cookie, ' diez-carrito ', '/api/v2/carrito/aplicar-cupon', 'PATCH');
    expect(applied.statusCode, applied.body).toBe(200);
    const view = applied.json().data as CartView;
    // 2 × (25 − 5) = 40; 20 % = 8 → 32; cupón 10 % = 3,20 → 28,80; IVA 4,61
    expect(view.items[0]).toMatchObject({ discount: '8.00', discountName: 'Franelas 20 %', couponDiscount: '3.20', net: '28.80' });
    expect(view.coupon).toMatchObject({ code: 'DIEZ-CARRITO', discount: '3.20', applies: true, message: null });
    expect(view.totals).toMatchObject({
      gross: '50.00',
      promotion: '10.00',
      lineDiscount: '8.00',
      coupon: '3.20',
      discount: '21.20',
      subtotal: '28.80',
      iva: '4.61',
      total: '33.41',
    });
    const zelle = view.paymentTotals.find((p) => p.method === 'zelle');
    // 5 % de 28,80 = 1,44 → 27,36; IVA 4,38; total 31,74
    expect(zelle).toMatchObject({
      discountName: 'Pago con Zelle',
      paymentDiscount: '1.44',
      subtotal: '27.36',
      iva: '4.38',
      total: '31.74',
    });
    const paypal = view.paymentTotals.find((p) => p.method === 'paypal');
    expect(paypal).toMatchObject({ paymentDiscount: '0.00', commission: '2.24', total: '35.65' });
    expect(await cart(cookie)).toEqual(view);
    expect(coupon.uses).toBe(0);

    const removed = await t.app.inject({ method: 'POST', url: '/api/carrito/quitar-cupon', headers: { cookie } });
    expect(removed.json().data.coupon).toBeNull();
    expect(removed.json().data.totals.total).toBe('37.12');
  });

  it('un cupón desconocido, vencido, futuro, agotado o que no alcanza al carrito: 400 con el motivo; mal escrito: 422', async () => {
    const cookie = await cartWith(1);
    await crear({
      name: 'Vencido',
      aplicacion: 'cupon',
      kind: 'porcentaje',
      value: '10',
      code: 'VENCIDO',
      validFrom: '2020-01-01',
      validTo: '2020-12-31',
    });
    await crear({ name: 'Futuro', aplicacion: 'cupon', kind: 'porcentaje', value: '10', code: 'FUTURO', validFrom: '2099-01-01' });
    const otherModel = await crear({ name: 'Otro modelo', aplicacion: 'cupon', kind: 'porcentaje', value: '10', code: 'OTRO-MODELO' });
    await crear({ name: 'Agotado', aplicacion: 'cupon', kind: 'porcentaje', value: '10', code: 'AGOTADO', maxUses: 1 });
    await t.database.db.execute(sql`UPDATE descuentos SET uses = 1 WHERE code = 'AGOTADO'`);
    const [other] = await rows<{ code: string }>(
      t,
      sql`SELECT code FROM modelos WHERE code <> ${model} AND sublinea_id <> ${sublineaId} LIMIT 1`,
    );
    await asignar(otherModel.id, { modelos: [other.code] });
    const expectations: [string, string][] = [
      ['NOEXISTE', 'El cupón «NOEXISTE» no existe. Revise que esté bien escrito.'],
      ['vencido', 'El cupón «VENCIDO» venció el 31/12/2020.'],
      ['futuro', 'El cupón «FUTURO» se puede usar desde el 01/01/2099.'],
      ['agotado', 'El cupón «AGOTADO» ya alcanzó su límite de usos.'],
      ['otro-modelo', 'El cupón «OTRO-MODELO» no aplica a ninguno de los artículos de su carrito.'],
    ];
    for (const [code, message] of expectations) {
      const response = await applyCoupon(cookie, code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const malformed = await applyCoupon(cookie, 'a');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code[0]).toMatch(/3 a 30 letras/);
    expect((await applyCoupon(cookie, 42)).statusCode).toBe(422);
    expect((await cart(cookie)).coupon).toBeNull();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/carrito/aplicar-cupon',
      payload: { code: 'DIEZ-CARRITO' },
      remoteAddress: nextIp(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Agregue artículos/);
  });

  it('la orden cobra lo que mostró el carrito con el cupón y Zelle, lo guarda en cada línea y lo muestra en todas partes', async () => {
    await crear({
      name: 'Compra',
      aplicacion: 'cupon',
      kind: 'porcentaje',
      value: '10',
      code: 'COMPRA10',
      maxUses: 10,
      maxUsesPerCustomer: 1,
    });
    const cookie = await cartWith(2);
    expect((await applyCoupon(cookie, 'COMPRA10')).statusCode).toBe(200);
    const shown = (await cart(cookie)).paymentTotals.find((p) => p.method === 'zelle');
    const buyer = otroComprador(901);
    const payment = { method: 'zelle', reference: 'ZEL-0001', amount: '36.74', date: today };
    // The coupon comes from the cart: the body does not name it.
    const response = await api.registrar(orderBody(stocked, { quantity: 2, payment, buyer }), 'cupon-zelle-0001', { cookie });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json().data as OrderView;
    // What the cart showed plus the shipping of the test delivery (MRW to Carabobo, $ 5,00; decision 0027).
    expect(toCents(view.total)).toBe(toCents(shown?.total ?? '0') + 500);
    expect(view).toMatchObject({
      shippingCost: '5.00',
      subtotal: '27.36',
      iva: '4.38',
      discount: '8.00',
      couponCode: 'COMPRA10',
      couponDiscount: '3.20',
      paymentDiscount: '1.44',
      paymentDiscountName: 'Pago con Zelle',
    });
    expect(view.total).toBe('36.74');

    const [line] = await rows<Record<string, string>>(
      t,
      sql`SELECT d.discount::text, d.discount_name AS "discountName", d.coupon_discount::text AS coupon, d.payment_discount::text AS payment, d.net::text
            FROM orden_detalles d JOIN ordenes_compra o ON o.id = d.order_id WHERE o.code = ${view.orderCode}`,
    );
    expect(line).toEqual({ discount: '8.00', discountName: 'Franelas 20 %', coupon: '3.20', payment: '1.44', net: '27.36' });

    const status = (await api.estado(view.orderCode, view.token)).json().data as OrderStatus;
    expect(status).toMatchObject({ couponCode: 'COMPRA10', couponDiscount: '3.20', paymentDiscount: '1.44', total: '36.74' });
    expect(status.items[0]).toMatchObject({ discount: '8.00', discountName: 'Franelas 20 %', couponDiscount: '3.20', net: '27.36' });
    const detail = (await api.detalle(view.orderCode)).json().data as OrdenDetalle;
    expect(detail.order).toMatchObject({ discount: '8.00', couponCode: 'COMPRA10', paymentDiscountName: 'Pago con Zelle' });
    expect(detail.details[0]).toMatchObject({ discount: '8.00', couponDiscount: '3.20', paymentDiscount: '1.44' });
    // The cart is empty and without its coupon; the coupon counted one use.
    expect(await cart(cookie)).toMatchObject({ items: [], coupon: null });
    const [used] = await rows<{ uses: number }>(t, sql`SELECT uses FROM descuentos WHERE code = 'COMPRA10'`);
    expect(used.uses).toBe(1);

    const [mail] = await rows<{ text: string }>(t, sql`SELECT text FROM correos WHERE "to" = ${buyer.email} ORDER BY id DESC LIMIT 1`);
    expect(mail.text).toContain('descuento «Franelas 20 %» −$ 8,00');
    expect(mail.text).toContain('Cupón COMPRA10: −$ 3,20');
    expect(mail.text).toContain('Descuento por el método de pago (Pago con Zelle): −$ 1,44');
    expect(mail.text).toContain('Envío MRW: $ 5,00');
    expect(mail.text).toContain('Total: $ 36,74');
    expect(mail.text).toMatch(/Total: \$ 36,74 \(Bs\. [\d.]+,\d{2} a Bs\. [\d.]+,\d{4} por US\$\)/);

    // A later change of the discounts never changes the order.
    await api.call('admin', 'PATCH', '/api/descuento/activar', { id: sublinea20.id, active: false });
    const again = (await api.estado(view.orderCode, view.token)).json().data as OrderStatus;
    expect(again.total).toBe('36.74');
    await api.call('admin', 'PATCH', '/api/descuento/activar', { id: sublinea20.id, active: true });

    // The same customer (e-mail written another way) cannot use it twice: said at step 2, once the
    // e-mail is known (a guest's cart keeps the coupon until then)…
    const cookie2 = await cartWith(1);
    expect((await applyCoupon(cookie2, 'COMPRA10')).statusCode).toBe(200);
    const forBuyer = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/carrito/cupon-del-comprador',
        headers: { cookie: cookie2 },
        payload: { email },
        remoteAddress: nextIp(),
      });
    const sameBuyer = await forBuyer(buyer.email.toUpperCase().replace('@', '+otra@'));
    expect(sameBuyer.statusCode, sameBuyer.body).toBe(200);
    expect(sameBuyer.json().data.message).toBe('El cupón «COMPRA10» se puede usar una vez por cliente y ya lo usó.');
    expect((await forBuyer(otroComprador(903).email)).json().data.message).toBeNull();
    const badEmail = await forBuyer('no-es-correo');
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors.email).toEqual(['El correo no es válido']);
    // …and still when the order is sent: a clear 400.
    const second = await api.registrar(
      orderBody(stocked, { buyer: { ...buyer, email: buyer.email.toUpperCase().replace('@', '+otra@') }, extra: { coupon: 'compra10' } }),
      'cupon-zelle-0002',
      { cookie: cookie2 },
    );
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(
      'El cupón «COMPRA10» se puede usar una vez por cliente y ya lo usó. Quítelo para continuar con su compra.',
    );
    // Repeating the first order (same key, same body) still answers it.
    const replay = await api.registrar(orderBody(stocked, { quantity: 2, payment, buyer }), 'cupon-zelle-0001', { cookie });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.orderCode).toBe(view.orderCode);

    // Reporting the payment with another method would drop the Zelle discount: refused.
    const reject = await api.confirmarPago(view.orderCode, false);
    expect(reject.statusCode).toBe(200);
    const other = await api.registrarPago(
      view.orderCode,
      { method: 'pago-movil', reference: 'PM-123456', bankCode: '0102', amount: '1000', date: today },
      { token: view.token },
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/descuento por pagar con Zelle/);
  });

  it('el cupón del formulario manda sobre el del carrito; null registra sin cupón', async () => {
    await crear({ name: 'Cinco', aplicacion: 'cupon', kind: 'monto', value: '5', code: 'CINCO-X' });
    const cookie = await cartWith(1);
    expect((await applyCoupon(cookie, 'CINCO-X')).statusCode).toBe(200);
    const none = await api.registrar(orderBody(stocked, { buyer: otroComprador(902), extra: { coupon: null } }), 'cupon-null-0001', {
      cookie,
    });
    expect(none.statusCode, none.body).toBe(201);
    // 25 − 5 = 20; 20 % = 4 → 16; IVA 2,56; shipping (MRW to Carabobo) 5,00
    expect(none.json().data).toMatchObject({ couponCode: null, couponDiscount: '0.00', total: '23.56' });
    const withIt = await api.registrar(orderBody(stocked, { buyer: otroComprador(903), extra: { coupon: 'cinco-x' } }), 'cupon-body-0001');
    expect(withIt.statusCode, withIt.body).toBe(201);
    // $5 por unidad: 16 − 5 = 11; IVA 1,76
    expect(withIt.json().data).toMatchObject({ couponCode: 'CINCO-X', couponDiscount: '5.00', total: '17.76' });
    const bad = await api.registrar(orderBody(stocked, { buyer: otroComprador(904), extra: { coupon: 'x' } }), 'cupon-bad-0001');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.coupon[0]).toMatch(/3 a 30 letras/);
    const unknown = await api.registrar(orderBody(stocked, { buyer: otroComprador(905), extra: { coupon: 'NO-HAY' } }), 'cupon-unk-0001');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('El cupón «NO-HAY» no existe. Revise que esté bien escrito. Quítelo para continuar con su compra.');
  });

  it('un cupón personal solo sirve al correo para el que se emitió', async () => {
    await crear({
      name: 'Cumpleaños',
      aplicacion: 'cupon',
      kind: 'porcentaje',
      value: '15',
      code: 'SOLO-ANA',
      onlyEmail: 'ana.personal@correo.com',
    });
    const other = await api.registrar(orderBody(stocked, { buyer: otroComprador(906), extra: { coupon: 'SOLO-ANA' } }), 'personal-0001');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/es personal y no corresponde a este comprador/);
    const ana = await api.registrar(
      orderBody(stocked, { buyer: { ...otroComprador(907), email: 'Ana.Personal@correo.com' }, extra: { coupon: 'SOLO-ANA' } }),
      'personal-0002',
    );
    expect(ana.statusCode, ana.body).toBe(201);
    expect(ana.json().data.couponCode).toBe('SOLO-ANA');
  });

  it('anular la orden devuelve el uso del cupón', async () => {
    await crear({ name: 'Uno solo', aplicacion: 'cupon', kind: 'porcentaje', value: '10', code: 'UNO-SOLO', maxUses: 1 });
    const first = await api.registrarOrden(
      orderBody(stocked, { buyer: otroComprador(910), extra: { coupon: 'UNO-SOLO' } }),
      'uno-solo-0001',
    );
    const exhausted = await api.registrar(
      orderBody(stocked, { buyer: otroComprador(911), extra: { coupon: 'UNO-SOLO' } }),
      'uno-solo-0002',
    );
    expect(exhausted.statusCode).toBe(400);
    expect(exhausted.json().message).toBe('El cupón «UNO-SOLO» ya alcanzó su límite de usos. Quítelo para continuar con su compra.');
    const annulled = await api.call('administracion', 'PATCH', '/api/orden-compra/anular', { code: first.code, note: 'prueba' });
    expect(annulled.statusCode).toBe(200);
    const [row] = await rows<{ uses: number }>(t, sql`SELECT uses FROM descuentos WHERE code = 'UNO-SOLO'`);
    expect(row.uses).toBe(0);
    const retry = await api.registrar(orderBody(stocked, { buyer: otroComprador(911), extra: { coupon: 'UNO-SOLO' } }), 'uno-solo-0003');
    expect(retry.statusCode, retry.body).toBe(201);
    // Its limit cannot go below the uses it already has.
    const [coupon] = await rows<{ id: number }>(t, sql`SELECT id FROM descuentos WHERE code = 'UNO-SOLO'`);
    const lower = await api.call('admin', 'PATCH', '/api/descuento/actualizar', {
      ...base,
      id: coupon.id,
      name: 'Uno solo',
      aplicacion: 'cupon',
      kind: 'porcentaje',
      value: '10',
      code: 'UNO-SOLO',
      maxUses: 1,
    });
    expect(lower.statusCode, lower.body).toBe(200);
  });

  it('la exportación para Profit lleva el descuento de cada línea: Neto = Precio unitario × Cantidad − Descuento', async () => {
    const { code } = await api.registrarOrden(
      orderBody(stocked, {
        quantity: 3,
        buyer: otroComprador(920),
        payment: { method: 'zelle', reference: 'ZEL-PROFIT-1', amount: '40', date: today },
      }),
      'profit-descuento-1',
    );
    await reportadoExacto(t, code);
    expect((await api.confirmarPago(code, true)).statusCode).toBe(200);
    const csv = (await api.call('administracion', 'GET', `/api/orden-compra/sync-venta-web-profit?date_from=${today}&date_to=${today}`))
      .body;
    const row =
      csv
        .split('\r\n')
        .find((l) => l.startsWith(code))
        ?.split(';') ?? [];
    const n = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
    // 3 × 20 = 60; 20 % = 12; Zelle 5 % de 48 = 2,40 → descuento 14,40, neto 45,60
    expect(row.slice(5, 9)).toEqual(['3', '20,00', '14,40', '45,60']);
    expect(n(row[8])).toBe(n(row[6]) * 3 - n(row[7]));
  });
});
