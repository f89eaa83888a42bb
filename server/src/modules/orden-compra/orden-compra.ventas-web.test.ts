// Back-office reads of web orders: the frozen rate, credit sales and the CSV export for Profit.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, UTF8_BOM } from '#domain/csv.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import { fromCents, multiplyCents, toCents, usdToVesCents } from '#domain/money.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { registrarVenta } from '#test/cobros.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, registrarOrden, type StockedArticle, sinIgtf, stockedArticle } from '#test/ordenes.ts';
import { vencerImpagas } from './orden-compra.personal.service.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;

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

const call = (role: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => api.call(role, method, url, payload);

const orderRow = async (code: string) =>
  (
    await rows<{ rate: string; total: string; expires_at: Date | null; step: string }>(
      t,
      sql`SELECT rate::text, total::text, expires_at, step FROM ordenes_compra WHERE code = ${code}`,
    )
  )[0];

let seq = 0;
function zelle(amount: string) {
  seq += 1;
  return { method: 'zelle', reference: `ZADM${String(seq).padStart(5, '0')}`, amount, date: '2026-11-22' };
}

async function reportPayment(code: string) {
  const { total } = await orderRow(code);
  return api.registrarPago(code, zelle(total), { email: 'pedro@correo.com' });
}

const confirmPayment = (code: string, approve = true) => api.confirmarPago(code, approve);

describe('la tasa de una orden queda congelada', () => {
  it('cambiar la tasa del día después no cambia las órdenes ya registradas', async () => {
    const { code: before, token } = await api.registrarOrden(orderBody(stocked), 'tasa-congelada-1');
    expect((await orderRow(before)).rate).toBe('312.4500');
    expect((await call('administracion', 'POST', '/api/general/tasa-del-dia', { amount: '500.25' })).statusCode).toBe(201);
    const after = await registrarOrden(t, orderBody(stocked), 'tasa-congelada-2');
    expect((await orderRow(after)).rate).toBe('500.2500');
    expect((await orderRow(before)).rate).toBe('312.4500');
    const estado = await api.estado(before, token);
    expect(estado.json().data.rate).toBe('312.4500');
  });
});

describe('ventas a crédito', () => {
  it('el personal aprueba a crédito una orden con pago pendiente: no vence y aparece con su saldo', async () => {
    const code = await registrarOrden(t, orderBody(stocked, { quantity: 2 }), 'credito-1');
    expect((await orderRow(code)).expires_at).not.toBeNull();
    const approved = await call('vendedor-admin', 'PATCH', '/api/orden-compra/a-credito', {
      code: code.toLowerCase(),
      note: 'Cliente mayorista',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toEqual({ code, step: 'pendiente', credit: true });
    expect((await orderRow(code)).expires_at).toBeNull();

    // The unpaid-order job leaves it alone, even if someone gave it an expiry again.
    await t.database.db.execute(sql`UPDATE ordenes_compra SET expires_at = now() - interval '1 hour' WHERE code = ${code}`);
    await vencerImpagas(api.context(), new Date(Date.now() + 48 * 3_600_000));
    expect((await orderRow(code)).step).toBe('pendiente');

    const list = await call('administracion', 'GET', '/api/orden-compra/ventas-a-credito');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ current_page: 1, per_page: 15, total: 1 });
    const { total } = await orderRow(code);
    expect(list.json().data[0]).toMatchObject({
      code,
      step: 'pendiente',
      buyer: 'Pedro Pérez',
      dni: 'V-12345678',
      total,
      balancePaid: '0.00',
      outstandingBalance: total,
      paymentStatus: 'pendiente',
      approvedBy: 'Luis',
      note: 'Cliente mayorista',
    });

    const history = await call('admin', 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${code}`);
    expect(history.json().data.history.at(-1)).toMatchObject({
      from: 'pendiente',
      to: 'pendiente',
      note: 'Venta a crédito aprobada: Cliente mayorista',
    });
    expect(history.json().data.credit).toBe(true);
  });

  it('cuando el pago aprobado cubre el total, la venta queda pagada', async () => {
    const list = await call('admin', 'GET', '/api/orden-compra/ventas-a-credito');
    const code = list.json().data[0].code as string;
    expect((await reportPayment(code)).statusCode).toBe(200);
    expect((await confirmPayment(code)).statusCode).toBe(200);
    const paid = (await call('admin', 'GET', `/api/orden-compra/ventas-a-credito?search=${code}`)).json().data[0];
    expect(paid).toMatchObject({ step: 'pago-confirmado', balancePaid: paid.total, outstandingBalance: '0.00', paymentStatus: 'pagada' });
  });

  it('el detalle dice si la orden es a crédito y qué vendedor eligió el comprador', async () => {
    const [v02] = await rows<{ id: number; name: string }>(t, sql`SELECT id, name FROM vendedores WHERE code = 'V02'`);
    const code = await registrarOrden(t, orderBody(stocked, { extra: { withSeller: true, salesman: v02.id } }), 'credito-vendedor');
    const detail = (await call('vendedor-admin', 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${code}`)).json().data;
    expect(detail.credit).toBe(false);
    expect(detail.salesman).toEqual({ id: v02.id, code: 'V02', name: v02.name });
    const plain = await registrarOrden(t, orderBody(stocked), 'credito-sin-vendedor');
    expect((await call('admin', 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${plain}`)).json().data.salesman).toBeNull();
  });

  it('solo órdenes pendientes con pago pendiente, una sola vez; anuladas fuera de la lista', async () => {
    const paidOrder = await registrarOrden(t, orderBody(stocked, { payment: zelle('10.00') }), 'credito-zelle');
    const refused = await call('administracion', 'PATCH', '/api/orden-compra/a-credito', { code: paidOrder });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Solo una orden «Pendiente» con pago pendiente puede venderse a crédito; la orden ${paidOrder} está en «Pago por confirmar».`,
    );

    const code = await registrarOrden(t, orderBody(stocked), 'credito-2');
    expect((await call('admin', 'PATCH', '/api/orden-compra/a-credito', { code })).statusCode).toBe(200);
    const twice = await call('admin', 'PATCH', '/api/orden-compra/a-credito', { code });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`La orden ${code} ya es una venta a crédito.`);
    expect((await call('admin', 'GET', '/api/orden-compra/ventas-a-credito')).json().meta.total).toBe(2);
    expect((await call('admin', 'PATCH', '/api/orden-compra/anular', { code })).statusCode).toBe(200);
    expect((await call('admin', 'GET', '/api/orden-compra/ventas-a-credito')).json().meta.total).toBe(1);

    expect((await call('admin', 'PATCH', '/api/orden-compra/a-credito', { code: 'OC-999999' })).statusCode).toBe(404);
    const bad = await call('admin', 'PATCH', '/api/orden-compra/a-credito', { code: 'orden-1' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.code).toEqual(['El código de la orden no es válido (ejemplo: OC-000123)']);
  });

  it('roles: ventas, administración y admin; nadie más', async () => {
    expect((await call('despacho', 'GET', '/api/orden-compra/ventas-a-credito')).statusCode).toBe(403);
    expect((await call('cliente', 'PATCH', '/api/orden-compra/a-credito', { code: 'OC-000001' })).statusCode).toBe(403);
    expect((await t.app.inject('/api/orden-compra/ventas-a-credito')).statusCode).toBe(401);
    const badPage = await call('admin', 'GET', '/api/orden-compra/ventas-a-credito?page=0');
    expect(badPage.statusCode).toBe(422);
    expect(badPage.json().errors.page).toEqual(['El parámetro page debe ser mayor o igual a 1']);
  });
});

describe('exportación de ventas web para Profit (CSV)', () => {
  it('una fila por línea de cada orden confirmada, sin anuladas ni pendientes, y se vuelve a leer', async () => {
    const buyer = { fullName: '=Pérez; "Juancho"', dni: 'E-8123456' };
    const confirmed = await registrarOrden(t, orderBody(stocked, { quantity: 3, buyer, payment: zelle('90.00') }), 'exporta-csv-1');
    expect((await confirmPayment(confirmed)).statusCode).toBe(200);
    const second = await registrarOrden(t, orderBody(stocked, { payment: zelle('30.00') }), 'exporta-csv-2');
    await confirmPayment(second);
    const cancelled = await registrarOrden(t, orderBody(stocked, { payment: zelle('30.00') }), 'exporta-csv-3');
    await confirmPayment(cancelled);
    await call('admin', 'PATCH', '/api/orden-compra/anular', { code: cancelled });
    const pending = await registrarOrden(t, orderBody(stocked), 'exporta-csv-4');
    const paypal = await registrarOrden(
      t,
      orderBody(stocked, { quantity: 2, payment: { method: 'paypal', reference: 'PP-EXPORTA-1', amount: '60.00', date: '2026-11-20' } }),
      'exporta-csv-5',
    );
    await confirmPayment(paypal);

    const today = caracasIsoDate(new Date());
    const response = await call('administracion', 'GET', `/api/orden-compra/sync-venta-web-profit?date_from=${today}&date_to=${today}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ventas-web_${today}_${today}.csv"`);
    expect(response.body.startsWith(UTF8_BOM)).toBe(true);

    const [header, ...lines] = parseCsv(response.body);
    expect(header).toEqual([
      'Orden',
      'Fecha',
      'Cédula',
      'Nombre',
      'Artículo',
      'Cantidad',
      'Precio unitario',
      'Descuento',
      'Neto',
      'IVA',
      'Total',
      'Tasa',
      'Total Bs.',
    ]);
    const codes = lines.map((l) => l[0]);
    expect(codes).toContain(confirmed);
    expect(codes).toContain(second);
    expect(codes).not.toContain(cancelled);
    expect(codes).not.toContain(pending);
    // Earlier tests confirmed the credit order (pago-confirmado): it is a sale too.
    expect(lines.every((l) => l.length === 13)).toBe(true);

    const line = lines.find((l) => l[0] === confirmed) ?? [];
    const [detail] = await rows<{ price: string; promotion: string; net: string; iva: string; rate: string; created_at: Date }>(
      t,
      sql`SELECT d.price::text, d.promotion::text, d.net::text, d.iva::text, o.rate::text, o.created_at
          FROM orden_detalles d JOIN ordenes_compra o ON o.id = d.order_id WHERE o.code = ${confirmed}`,
    );
    const number = (text: string) => text.replace(',', '.');
    const unit = toCents(detail.price) - toCents(detail.promotion);
    const totalCents = toCents(detail.net) + toCents(detail.iva);
    expect(line).toEqual([
      confirmed,
      formatDate(detail.created_at),
      'E-8123456',
      `'=Pérez; "Juancho"`,
      stocked.article,
      '3',
      fromCents(unit).replace('.', ','),
      '0,00',
      detail.net.replace('.', ','),
      detail.iva.replace('.', ','),
      fromCents(totalCents).replace('.', ','),
      detail.rate.replace('.', ','),
      fromCents(usdToVesCents(totalCents, detail.rate)).replace('.', ','),
    ]);
    expect(line[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(toCents(number(line[8]))).toBe(multiplyCents(toCents(number(line[6])), 3) - toCents(number(line[7])));

    // Each order's rows add up to what it charged, the shipping and the card commission included as rows of their own.
    const orders = await rows<{ code: string; total: string; commission: string; shipping: string }>(
      t,
      sql`SELECT code, total::text, commission::text, shipping::text FROM ordenes_compra WHERE code IN (${confirmed}, ${second}, ${paypal})`,
    );
    for (const order of orders) {
      const own = lines.filter((l) => l[0] === order.code);
      expect(
        own.reduce((sum, l) => sum + toCents(number(l[10])), 0),
        order.code,
      ).toBe(toCents(order.total));
      // MRW to Carabobo (the test delivery) costs $ 5,00: one ENVIO row with no IVA.
      expect(order.shipping).toBe('5.00');
      const envio = own.filter((l) => l[4] === 'ENVIO');
      expect(envio.map((l) => [l[5], l[8], l[9], l[10]])).toEqual([['1', '5,00', '0,00', '5,00']]);
    }
    const paypalRows = lines.filter((l) => l[0] === paypal);
    expect(paypalRows.at(-1)?.[4]).toBe('COMISION-PAGO');
    expect(toCents(number(paypalRows.at(-1)?.[10] ?? '0'))).toBeGreaterThan(0);
  });

  it('fuera del rango de fechas solo trae el encabezado; fechas inválidas dan 422', async () => {
    const future = await call('admin', 'GET', '/api/orden-compra/sync-venta-web-profit?date_from=2099-01-01');
    expect(future.statusCode).toBe(200);
    expect(parseCsv(future.body)).toHaveLength(1);
    const reversed = await call('admin', 'GET', '/api/orden-compra/sync-venta-web-profit?date_from=2026-11-30&date_to=2026-11-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.date_to).toEqual(['La fecha final no puede ser anterior a la inicial']);
    const impossible = await call('admin', 'GET', '/api/orden-compra/sync-venta-web-profit?date_from=2026-02-30');
    expect(impossible.json().errors.date_from).toEqual(['La fecha inicial no existe']);
    const format = await call('admin', 'GET', '/api/orden-compra/sync-venta-web-profit?date_to=30/11/2026');
    expect(format.json().errors.date_to).toContain('La fecha final debe tener el formato aaaa-mm-dd (entre 2000 y 2099)');
  });

  it('fechas fuera de rango (0000-00-00, año 1 o de cinco cifras) son 422 con mensaje en español, nunca 500', async () => {
    for (const query of [
      'date_to=0000-00-00',
      'date_from=0000-00-00',
      'date_from=0001-01-01',
      'date_to=99999-01-01',
      'date_to=1899-12-31',
    ]) {
      const response = await call('administracion', 'GET', `/api/orden-compra/sync-venta-web-profit?${query}`);
      expect(response.statusCode, query).toBe(422);
      const [field] = query.split('=');
      const label = field === 'date_to' ? 'La fecha final' : 'La fecha inicial';
      expect(response.json().errors[field], query).toContain(`${label} debe tener el formato aaaa-mm-dd (entre 2000 y 2099)`);
    }
    for (const date of ['0000-00-00', '0001-01-01', '2026-02-30']) {
      const response = await call('administracion', 'POST', '/api/orden-compra/buscar-ordenes-compras', {
        filter_advance: { date_from: date, date_to: date },
      });
      expect(response.statusCode, date).toBe(422);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('solo admin y administración exportan', async () => {
    expect((await call('vendedor-admin', 'GET', '/api/orden-compra/sync-venta-web-profit')).statusCode).toBe(403);
    expect((await t.app.inject('/api/orden-compra/sync-venta-web-profit')).statusCode).toBe(401);
  });
});

// Last: the other tests count the web credit sales.
describe('«Ventas a crédito» en el panel', () => {
  it('«Ventas a crédito» lista todas las notas de entrega: la de la orden web (con su código) y la del mostrador', async () => {
    const code = await registrarOrden(t, orderBody(stocked, { quantity: 1 }), 'credito-y-mostrador');
    expect((await call('admin', 'PATCH', '/api/orden-compra/a-credito', { code, note: 'Mayorista' })).statusCode).toBe(200);
    const counter = await registrarVenta(t, {
      dni: 'J-40123456-1',
      name: 'Comercial del Mostrador',
      lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 1, priceCents: 1_000 }],
    });
    const list = await call('vendedor-admin', 'GET', '/api/mayor/cuentas/listado/todas?per_page=50');
    expect(list.statusCode, list.body).toBe(200);
    const notas = list.json().data as { number: string; source: string; orderCode: string | null }[];
    expect(notas.find((n) => n.orderCode === code)).toMatchObject({ source: 'web' });
    expect(notas.find((n) => n.number === counter.number)).toMatchObject({ source: 'mostrador', orderCode: null });
  });
});
