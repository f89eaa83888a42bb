// Payables through the API: suppliers, documents in USD and Bs., payments refused above the balance
// (also two at once), annulled payments, the list's aging and totals, its exports, and who may call.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#domain/csv.ts';
import { agingBucket } from '#domain/ventas.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { rows } from '#test/inject.ts';
import { demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import { today } from './cuentas-por-pagar.service.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const BASE = '/api/mayor/cuentas/por-pagar';

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['admin', 'administracion', 'vendedor-admin', 'inventario', 'despacho', 'cliente']) {
    tokens[role] = (await loginAs(t.app, demoEmail(role))).token;
  }
});

afterAll(async () => {
  await t?.close();
});

type Call = { method?: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object; role?: string };

function call({ method = 'GET', url, payload, role = 'administracion' }: Call) {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: role === 'anonimo' ? {} : { authorization: `Bearer ${tokens[role]}` },
    ...(payload ? { payload } : {}),
  });
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

let rifSeq = 400000000;
async function supplier(name: string): Promise<number> {
  rifSeq += 1;
  const response = await call({
    method: 'POST',
    url: `${BASE}/registrar-proveedor`,
    payload: { rif: `J-${rifSeq}`, name, contact: 'Ana' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

let docSeq = 0;
async function document(proveedorId: number, fields: Record<string, string> = {}) {
  docSeq += 1;
  const day = today();
  const response = await call({
    method: 'POST',
    url: `${BASE}/registrar-documento`,
    payload: {
      proveedorId,
      number: `F-${docSeq}`,
      kind: 'factura',
      issuedOn: day,
      dueDate: addDays(day, 30),
      currency: 'USD',
      total: '100.00',
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; outstandingBalance: string; paymentStatus: string; totalUsd: string; number: string };
}

function pay(documentoId: number, amount: string, extra: Record<string, string> = {}) {
  return call({
    method: 'POST',
    url: `${BASE}/registrar-pago`,
    payload: { documentoId, method: 'zelle', amount, reference: 'ZL 1', paidOn: today(), ...extra },
  });
}

describe('proveedores y documentos', () => {
  it('registra un proveedor por RIF; el mismo RIF otra vez es un 400 en español; datos malos 422', async () => {
    const id = await supplier('Textiles Ñuñoa, C.A.');
    expect(id).toBeGreaterThan(0);
    const again = await call({ method: 'POST', url: `${BASE}/registrar-proveedor`, payload: { rif: `j${rifSeq}`, name: 'Otro nombre' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(`Ya existe un proveedor con el RIF J-${String(rifSeq).slice(0, 8)}-${String(rifSeq).slice(8)}.`);
    const bad = await call({ method: 'POST', url: `${BASE}/registrar-proveedor`, payload: { rif: 'X1', name: 'A' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'rif']);
    const list = await call({ url: `${BASE}/proveedores?search=%C3%91u%C3%B1oa` });
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Textiles Ñuñoa, C.A.']);
  });

  it('un documento en Bs. guarda su tasa y su equivalente en US$; número repetido por proveedor 400; sin tasa 422', async () => {
    const p = await supplier('Cueros del Llano');
    const ves = await document(p, { currency: 'VES', total: '36500.00', rate: '36.50', number: 'A-100' });
    expect(ves).toMatchObject({ outstandingBalance: '36500.00', totalUsd: '1000.00', paymentStatus: 'pendiente' });
    const dup = await call({
      method: 'POST',
      url: `${BASE}/registrar-documento`,
      payload: { proveedorId: p, number: 'a-100', kind: 'nota', issuedOn: today(), dueDate: today(), currency: 'USD', total: '5' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toContain('ya tiene un documento con el número A-100');
    const noRate = await call({
      method: 'POST',
      url: `${BASE}/registrar-documento`,
      payload: {
        proveedorId: p,
        number: 'B-1',
        kind: 'factura',
        issuedOn: today(),
        dueDate: addDays(today(), -1),
        currency: 'VES',
        total: '10',
      },
    });
    expect(noRate.statusCode).toBe(422);
    expect(noRate.json().errors).toMatchObject({
      rate: ['Un documento en bolívares necesita la tasa del día'],
      dueDate: [expect.any(String)],
    });
    const ghost = await call({
      method: 'POST',
      url: `${BASE}/registrar-documento`,
      payload: { proveedorId: 999999, number: 'Z-1', kind: 'factura', issuedOn: today(), dueDate: today(), currency: 'USD', total: '10' },
    });
    expect(ghost.statusCode).toBe(400);
    // Bolívares at a mistyped tiny rate: refused, and the list's sums never overflow.
    const absurd = await call({
      method: 'POST',
      url: `${BASE}/registrar-documento`,
      payload: {
        proveedorId: p,
        number: 'C-1',
        kind: 'factura',
        issuedOn: today(),
        dueDate: today(),
        currency: 'VES',
        total: '999999999.99',
        rate: '0.0001',
      },
    });
    expect(absurd.statusCode).toBe(400);
    expect(absurd.json().message).toContain('revise el monto y la tasa');
    expect((await call({ method: 'GET', url: BASE })).statusCode).toBe(200);
  });
});

describe('pagos a proveedores', () => {
  it('un pago baja el saldo; pasar del saldo se rechaza sin cambiar nada; anular devuelve el monto una sola vez', async () => {
    const p = await supplier('Calzados Mérida');
    const doc = await document(p, { total: '100.00', discount: '10.00' });
    expect(doc.outstandingBalance).toBe('90.00');
    const first = await pay(doc.id, '40');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ balancePaid: '40.00', outstandingBalance: '50.00', paymentStatus: 'abonada' });
    const pagoId = first.json().data.pagos[0].id;
    expect(first.json().data.pagos[0]).toMatchObject({
      method: 'zelle',
      applied: '40.00',
      reference: 'ZL1',
      registeredBy: 'Carmen González',
    });

    const tooMuch = await pay(doc.id, '50.01');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('El pago ($ 50,01) supera el saldo pendiente ($ 50,00).');
    const future = await pay(doc.id, '1', { paidOn: addDays(today(), 2) });
    expect(future.statusCode).toBe(400);

    const annul = await call({ method: 'PATCH', url: `${BASE}/anular-pago`, payload: { pagoId, note: 'transferencia devuelta' } });
    expect(annul.statusCode, annul.body).toBe(200);
    expect(annul.json().data).toMatchObject({ balancePaid: '0.00', outstandingBalance: '90.00', paymentStatus: 'pendiente' });
    expect(annul.json().data.pagos[0]).toMatchObject({
      annulled: true,
      annulledBy: 'Carmen González',
      note: 'Anulado: transferencia devuelta',
    });
    const twice = await call({ method: 'PATCH', url: `${BASE}/anular-pago`, payload: { pagoId } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('El pago ya estaba anulado.');
    expect((await call({ method: 'PATCH', url: `${BASE}/anular-pago`, payload: { pagoId: 999999 } })).statusCode).toBe(404);
    expect((await pay(999999, '1')).statusCode).toBe(404);
  });

  it('un pago en Bs. a un documento en US$ cuenta a la tasa del pago; en la misma moneda, uno a uno', async () => {
    const p = await supplier('Botones Zulia');
    const usd = await document(p, { total: '100.00' });
    const inVes = await pay(usd.id, '730.00', { method: 'transferencia', rate: '36.50', bankCode: '0134', reference: '123456' });
    expect(inVes.statusCode, inVes.body).toBe(201);
    expect(inVes.json().data).toMatchObject({ balancePaid: '20.00', outstandingBalance: '80.00' });
    expect(inVes.json().data.pagos[0]).toMatchObject({ currency: 'VES', amount: '730.00', applied: '20.00', bankCode: '0134' });
    const ves = await document(p, { currency: 'VES', total: '3650.00', rate: '36.50' });
    const exact = await pay(ves.id, '3650.00', { method: 'pago-movil', rate: '40.00', bankCode: '0102', reference: '998877' });
    expect(exact.json().data).toMatchObject({ outstandingBalance: '0.00', paymentStatus: 'pagada' });
    const bank = await pay(usd.id, '1', { method: 'transferencia', bankCode: '9999' });
    expect(bank.statusCode).toBe(422);
    const open = await document(p, { currency: 'VES', total: '100.00', rate: '36.50' });
    const absurd = await pay(open.id, '999999999.99', { method: 'zelle', rate: '9999999999.9999' });
    expect(absurd.statusCode).toBe(400);
    expect(absurd.json().message).toBe('El monto a esa tasa es demasiado grande: revise el monto y la tasa.');
    const absurdDoc = await call({
      method: 'POST',
      url: `${BASE}/registrar-documento`,
      payload: {
        proveedorId: p,
        number: 'X-9',
        kind: 'factura',
        issuedOn: today(),
        dueDate: today(),
        currency: 'VES',
        total: '0.01',
        rate: '9999999999',
      },
    });
    expect(absurdDoc.statusCode).toBe(400);
  });

  it('un pago en divisas lleva el IGTF de la tienda aparte (guardado y mostrado); en Bs. no; el documento cuenta todo lo pagado', async () => {
    const p = await supplier('Telas Carabobo');
    const doc = await document(p, { total: '100.00' });
    const zelle = await pay(doc.id, '50', { reference: 'ZL 77' });
    expect(zelle.statusCode, zelle.body).toBe(201);
    // 3 % of $ 50,00 = $ 1,50, paid by the store on top: the supplier's balance counts the $ 50,00.
    expect(zelle.json().data).toMatchObject({ balancePaid: '50.00', outstandingBalance: '50.00' });
    expect(zelle.json().data.pagos[0]).toMatchObject({ currency: 'USD', amount: '50.00', applied: '50.00', igtf: '1.50' });
    const [stored] = await rows<{ igtf: string }>(
      t,
      sql`SELECT igtf::text FROM pagos_proveedor WHERE id = ${zelle.json().data.pagos[0].id}`,
    );
    expect(stored.igtf).toBe('1.50');
    const bs = await pay(doc.id, '730.00', { method: 'transferencia', rate: '36.50', bankCode: '0134', reference: '55443322' });
    expect(bs.json().data.pagos.find((x: { currency: string }) => x.currency === 'VES')).toMatchObject({ applied: '20.00', igtf: '0.00' });
    // The document, its list and its sheets say the IGTF the store paid on it.
    expect(bs.json().data.igtfPaid).toBe('1.50');
    const listed = (await call({ url: `${BASE}?filter_advance[proveedor]=${p}` })).json().data as { number: string; igtfPaid: string }[];
    expect(listed.find((d) => d.number === doc.number)?.igtfPaid).toBe('1.50');
    const csv = await call({ url: `${BASE}/exportar?filter_advance[proveedor]=${p}&formato=csv` });
    const [header, row] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(row?.[header?.indexOf('IGTF pagado US$') ?? -1]).toBe('1,50');
  });

  it('dos pagos a la vez que juntos pasan del saldo: uno entra y el otro se rechaza', async () => {
    const p = await supplier('Hilos Lara');
    const doc = await document(p, { total: '100.00' });
    const [a, b] = await Promise.all([pay(doc.id, '60'), pay(doc.id, '60')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const detail = await call({ url: `${BASE}/documento/${doc.id}` });
    expect(detail.json().data).toMatchObject({ balancePaid: '60.00', outstandingBalance: '40.00' });
    expect(detail.json().data.pagos).toHaveLength(1);
  });

  it('el pago y su anulación a la vez no cuentan dos veces', async () => {
    const p = await supplier('Etiquetas Sucre');
    const doc = await document(p, { total: '100.00' });
    const first = await pay(doc.id, '30');
    const pagoId = first.json().data.pagos[0].id;
    const results = await Promise.all([
      call({ method: 'PATCH', url: `${BASE}/anular-pago`, payload: { pagoId } }),
      call({ method: 'PATCH', url: `${BASE}/anular-pago`, payload: { pagoId } }),
      pay(doc.id, '70'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201, 400]);
    const detail = await call({ url: `${BASE}/documento/${doc.id}` });
    expect(detail.json().data).toMatchObject({ balancePaid: '70.00', outstandingBalance: '30.00' });
  });

  it('cualquier serie de pagos y anulaciones deja saldo = total − descuento − pagado en la base', async () => {
    const p = await supplier('Proveedor al azar');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 20_000 }),
        fc.array(fc.oneof(fc.integer({ min: 1, max: 15_000 }), fc.constant(-1)), { minLength: 1, maxLength: 6 }),
        async (totalCents, ops) => {
          const doc = await document(p, { total: (totalCents / 100).toFixed(2) });
          const active: { id: number; cents: number }[] = [];
          for (const op of ops) {
            if (op === -1) {
              const gone = active.shift();
              if (!gone) continue;
              const r = await call({ method: 'PATCH', url: `${BASE}/anular-pago`, payload: { pagoId: gone.id } });
              expect(r.statusCode).toBe(200);
              continue;
            }
            const paid = active.reduce((s, a) => s + a.cents, 0);
            const r = await pay(doc.id, (op / 100).toFixed(2));
            if (op <= totalCents - paid) {
              expect(r.statusCode).toBe(201);
              const pagos = r.json().data.pagos as { id: number; annulled: boolean }[];
              active.push({ id: pagos[pagos.length - 1]?.id ?? 0, cents: op });
            } else {
              expect(r.statusCode).toBe(400);
            }
          }
          const [row] = await rows<{ balance_paid: string; outstanding_balance: string; payment_status: string }>(
            t,
            sql`SELECT balance_paid, outstanding_balance, payment_status FROM documentos_por_pagar WHERE id = ${doc.id}`,
          );
          const cents = (v: string | undefined) => Math.round(Number(v) * 100);
          const paid = active.reduce((s, a) => s + a.cents, 0);
          expect(cents(row?.balance_paid)).toBe(paid);
          expect(cents(row?.outstanding_balance)).toBe(totalCents - paid);
          expect(row?.payment_status).toBe(paid === 0 ? 'pendiente' : paid === totalCents ? 'pagada' : 'abonada');
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('la lista, su antigüedad y sus exportaciones', () => {
  let proveedorId: number;
  beforeAll(async () => {
    proveedorId = await supplier('Antigüedades Textiles');
    const day = today();
    // Due today (al día), 10 days ago (1-30), 45 days ago (31-60), 100 days ago (más de 90), and one paid.
    await document(proveedorId, { number: 'AG-1', total: '10.00', issuedOn: addDays(day, -5), dueDate: day });
    await document(proveedorId, { number: 'AG-2', total: '20.00', issuedOn: addDays(day, -40), dueDate: addDays(day, -10) });
    await document(proveedorId, {
      number: 'AG-3',
      currency: 'VES',
      total: '1825.00',
      rate: '36.50',
      issuedOn: addDays(day, -75),
      dueDate: addDays(day, -45),
    });
    await document(proveedorId, { number: 'AG-4', total: '40.00', issuedOn: addDays(day, -130), dueDate: addDays(day, -100) });
    const paid = await document(proveedorId, { number: 'AG-5', total: '5.00', issuedOn: addDays(day, -130), dueDate: addDays(day, -100) });
    await pay(paid.id, '5');
  });

  it('da la antigüedad de cada documento y por proveedor en US$, y los totales de la lista filtrada', async () => {
    const response = await call({ url: `${BASE}?filter_advance[proveedor]=${proveedorId}&filter=por-pagar&sort_by=number` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.map((d: { number: string }) => d.number)).toEqual(['AG-1', 'AG-2', 'AG-3', 'AG-4']);
    for (const d of body.data) expect(d.aging).toBe(agingBucket(d.dueDate, today()));
    expect(body.data.map((d: { aging: string }) => d.aging)).toEqual(['al-dia', '1-30', '31-60', 'mas-de-90']);
    expect(body.data[2]).toMatchObject({ currency: 'VES', outstandingBalance: '1825.00', outstandingUsd: '50.00', daysOverdue: 45 });
    expect(body.totals).toMatchObject({
      documents: 4,
      outstandingUsd: '120.00',
      outstandingInUsd: '70.00',
      outstandingInVes: '1825.00',
      buckets: { 'al-dia': '10.00', '1-30': '20.00', '31-60': '50.00', '61-90': '0.00', 'mas-de-90': '40.00' },
    });
    expect(body.aging).toEqual([
      {
        proveedorId,
        rif: expect.stringMatching(/^J-/),
        name: 'Antigüedades Textiles',
        buckets: { 'al-dia': '10.00', '1-30': '20.00', '31-60': '50.00', '61-90': '0.00', 'mas-de-90': '40.00' },
        total: '120.00',
      },
    ]);
    expect(body.meta).toMatchObject({ total: 4, per_page: 15, current_page: 1 });

    const old = await call({ url: `${BASE}?filter_advance[proveedor]=${proveedorId}&filter_advance[aging]=mas-de-90` });
    expect(old.json().data.map((d: { number: string }) => d.number)).toEqual(['AG-4']);
    const paid = await call({ url: `${BASE}?search=AG-5&filter=pagada` });
    expect(paid.json().data.map((d: { number: string }) => d.number)).toEqual(['AG-5']);
    const bad = await call({ url: `${BASE}?filter=raro&filter_advance[aging]=mucho&page=0` });
    expect(bad.statusCode).toBe(422);
  });

  it('el CSV y el XLSX traen las mismas filas, en el mismo orden y con las mismas cifras que la lista', async () => {
    const query = `filter_advance[proveedor]=${proveedorId}&sort_by=outstanding&sort_desc=true`;
    const list = (await call({ url: `${BASE}?${query}&per_page=100` })).json().data as {
      number: string;
      outstandingBalance: string;
      outstandingUsd: string;
      currency: string;
    }[];
    expect(list).toHaveLength(5);

    const csv = await call({ url: `${BASE}/exportar?${query}&formato=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="cuentas-por-pagar_${today()}.csv"`);
    const [header, ...csvLines] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(header?.slice(0, 4)).toEqual(['Proveedor', 'RIF', 'Tipo', 'Número']);
    const csvRows = csvLines.filter((r) => r.length > 1);
    const decimal = (v: string | undefined) => (v ?? '').replace(',', '.');
    expect(csvRows.map((r) => [r[3], decimal(r[11]), decimal(r[13]), r[6]])).toEqual(
      list.map((d) => [d.number, d.outstandingBalance, d.outstandingUsd, d.currency]),
    );

    const xlsx = await call({ url: `${BASE}/exportar?${query}` });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const xlsxRows: unknown[][] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) xlsxRows.push([row.getCell(4).value, Number(row.getCell(12).value).toFixed(2), Number(row.getCell(14).value).toFixed(2)]);
    });
    expect(xlsxRows).toEqual(list.map((d) => [d.number, d.outstandingBalance, d.outstandingUsd]));
  });
});

describe('quién puede', () => {
  it('admin y administracion; el resto del personal 403, un cliente 403, sin sesión 401', async () => {
    for (const role of ['admin', 'administracion']) expect((await call({ url: BASE, role })).statusCode).toBe(200);
    for (const role of ['vendedor-admin', 'inventario', 'despacho', 'cliente']) {
      expect((await call({ url: BASE, role })).statusCode).toBe(403);
      expect((await call({ method: 'POST', url: `${BASE}/registrar-pago`, payload: {}, role })).statusCode).toBe(403);
      expect((await call({ url: `${BASE}/exportar`, role })).statusCode).toBe(403);
    }
    expect((await call({ url: BASE, role: 'anonimo' })).statusCode).toBe(401);
  });
});
