// The libro de compras and the IVA the store retains on a supplier's document, through the API: the
// fiscal breakdown of a document, the retention once (also two at once), the balance it lowers, the
// book's rows and totals in Bs. and US$, its files, bad periods and who may read it.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#domain/csv.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import { today } from './cuentas-por-pagar.service.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const BASE = '/api/mayor/cuentas/por-pagar';
const LIBRO = '/api/cuentas-por-pagar/libro-de-compras';

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['admin', 'administracion', 'vendedor-admin', 'inventario', 'despacho']) {
    tokens[role] = (await loginAs(t.app, demoEmail(role))).token;
  }
});

afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: object, role = 'administracion') {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { authorization: `Bearer ${tokens[role]}` },
    ...(payload ? { payload } : {}),
  });
}

let seq = 500000000;
async function supplier(name: string) {
  seq += 1;
  const r = await call('POST', `${BASE}/registrar-proveedor`, { rif: `J-${seq}`, name });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data as { id: number; rif: string };
}

async function documento(proveedorId: number, fields: Record<string, string>) {
  const r = await call('POST', `${BASE}/registrar-documento`, {
    proveedorId,
    kind: 'factura',
    issuedOn: today(),
    dueDate: today(),
    currency: 'USD',
    ...fields,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data;
}

const day = today();

describe('desglose fiscal y retención de IVA de la tienda', () => {
  it('guarda base, IVA (16 % de la base) y exento; una base que con su IVA pasa del total es un 400', async () => {
    const p = await supplier('Hilos Fiscales, C.A.');
    const doc = await documento(p.id, { number: 'LC-1', controlNumber: '00-000123', total: '126.00', baseImponible: '100.00' });
    expect(doc).toMatchObject({ controlNumber: '00-000123', baseImponible: '100.00', iva: '16.00', exento: '10.00', ivaBasisPoints: 1600 });
    const bad = await call('POST', `${BASE}/registrar-documento`, {
      proveedorId: p.id,
      number: 'LC-2',
      kind: 'factura',
      issuedOn: day,
      dueDate: day,
      currency: 'USD',
      total: '100.00',
      baseImponible: '90.00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('supera el total del documento');
  });

  it('la retención (75 % del IVA) baja el saldo una sola vez; dos a la vez: una gana, la otra 409', async () => {
    const p = await supplier('Botones del Centro');
    const doc = await documento(p.id, { number: 'RT-1', total: '116.00', baseImponible: '100.00' });
    const body = { documentoId: doc.id, basisPoints: 7500, comprobante: '20261200000001', fecha: day };
    const [a, b] = await Promise.all([
      call('POST', `${BASE}/registrar-retencion`, body),
      call('POST', `${BASE}/registrar-retencion`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe('El documento ya tiene su retención de IVA registrada.');
    const detail = await call('GET', `${BASE}/documento/${doc.id}`);
    expect(detail.json().data).toMatchObject({
      ivaRetenido: '12.00',
      retencionBasisPoints: 7500,
      retencionComprobante: '20261200000001',
      outstandingBalance: '104.00',
      paymentStatus: 'pendiente',
    });
    // The rest is paid as usual, and the balance reaches zero (never below).
    const pay = await call('POST', `${BASE}/registrar-pago`, {
      documentoId: doc.id,
      method: 'zelle',
      amount: '104.00',
      reference: 'ZR1',
      paidOn: day,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(pay.json().data).toMatchObject({ outstandingBalance: '0.00', paymentStatus: 'pagada' });
    const more = await call('POST', `${BASE}/registrar-pago`, { documentoId: doc.id, method: 'zelle', amount: '1.00', paidOn: day });
    expect(more.statusCode).toBe(400);
  });

  it('sin IVA no hay retención; una retención que pasa del saldo es un 400; datos malos 422 en español', async () => {
    const p = await supplier('Exentos y Más');
    const exento = await documento(p.id, { number: 'EX-1', total: '50.00' });
    const none = await call('POST', `${BASE}/registrar-retencion`, {
      documentoId: exento.id,
      basisPoints: 10000,
      comprobante: '1',
      fecha: day,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('no tiene IVA que retener');
    const paid = await documento(p.id, { number: 'EX-2', total: '116.00', baseImponible: '100.00' });
    await call('POST', `${BASE}/registrar-pago`, { documentoId: paid.id, method: 'zelle', amount: '116.00', reference: 'ZX', paidOn: day });
    const over = await call('POST', `${BASE}/registrar-retencion`, {
      documentoId: paid.id,
      basisPoints: 10000,
      comprobante: '2',
      fecha: day,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('supera el saldo pendiente');
    const bad = await call('POST', `${BASE}/registrar-retencion`, {
      documentoId: paid.id,
      basisPoints: 5000,
      comprobante: 'a b',
      fecha: '2026-13-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['basisPoints', 'comprobante', 'fecha']);
    expect(bad.json().errors.basisPoints).toEqual(['El porcentaje de retención es 75 % o 100 %']);
  });
});

describe('libro de compras', () => {
  it('una fila por documento del período en Bs. y US$, con la retención y los totales; los archivos dicen lo mismo', async () => {
    const rate = await call('POST', '/api/general/tasa-del-dia', { amount: '40.00', note: '' });
    expect(rate.statusCode, rate.body).toBeLessThan(300);
    const p = await supplier('Telas para el Libro');
    const usd = await documento(p.id, { number: 'LB-1', controlNumber: '00-1', total: '126.00', baseImponible: '100.00' });
    const ves = await documento(p.id, { number: 'LB-2', currency: 'VES', rate: '40.00', total: '4640.00', baseImponible: '4000.00' });
    const ret = await call('POST', `${BASE}/registrar-retencion`, {
      documentoId: ves.id,
      basisPoints: 10000,
      comprobante: 'C-77',
      fecha: day,
    });
    expect(ret.statusCode, ret.body).toBe(201);
    expect(ret.json().data.outstandingBalance).toBe('4000.00');

    const r = await call('GET', `${LIBRO}?desde=${day}&hasta=${day}`);
    expect(r.statusCode, r.body).toBe(200);
    const { filas, totales } = r.json().data;
    const mine = filas.filter((f: { proveedorRif: string }) => f.proveedorRif === p.rif);
    expect(mine.map((f: { number: string }) => f.number)).toEqual(['LB-1', 'LB-2']);
    expect(mine[0]).toMatchObject({
      kindLabel: 'Factura',
      controlNumber: '00-1',
      currency: 'USD',
      rate: '40.0000',
      total: { usd: '126.00', ves: '5040.00' },
      exento: { usd: '10.00', ves: '400.00' },
      base: { usd: '100.00', ves: '4000.00' },
      iva: { usd: '16.00', ves: '640.00' },
      ivaRetenido: { usd: '0.00', ves: '0.00' },
    });
    expect(mine[1]).toMatchObject({
      currency: 'VES',
      total: { usd: '116.00', ves: '4640.00' },
      iva: { usd: '16.00', ves: '640.00' },
      ivaRetenido: { usd: '16.00', ves: '640.00' },
      retencionBasisPoints: 10000,
      comprobanteRetencion: 'C-77',
    });
    // Totals are the sum of every row of the period.
    const sum = (k: 'total' | 'iva' | 'ivaRetenido', c: 'usd' | 'ves') =>
      filas.reduce((acc: number, f: Record<string, { usd: string; ves: string }>) => acc + Math.round(Number(f[k][c]) * 100), 0) / 100;
    expect(Number(totales.total.ves)).toBe(sum('total', 'ves'));
    expect(Number(totales.iva.usd)).toBe(sum('iva', 'usd'));
    expect(Number(totales.ivaRetenido.ves)).toBe(sum('ivaRetenido', 'ves'));
    expect(totales.documentos).toBe(filas.length);

    const csv = await call('GET', `${LIBRO}?desde=${day}&hasta=${day}&formato=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="libro-de-compras_${day}_${day}.csv"`);
    const lines = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(lines[0].slice(0, 4)).toEqual(['Fecha', 'Tipo', 'Número', 'N° de control']);
    const lb2 = lines.find((l) => l[2] === 'LB-2');
    expect(lb2?.[8]).toBe('4640,00');
    expect(lb2?.[15]).toBe('C-77');
    expect(lines.at(-1)?.[1]).toBe(`Totales (${filas.length} documentos)`);

    const xlsx = await call('GET', `${LIBRO}?desde=${day}&hasta=${day}&formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Libro de compras');
    expect(sheet?.rowCount).toBe(filas.length + 2);
    expect(sheet?.getRow(filas.length + 2).getCell(9).value).toBe(Number(totales.total.ves));
    expect(usd.id).toBeGreaterThan(0);
  });

  it('fechas malas o al revés: 422 en español', async () => {
    const bad = await call('GET', `${LIBRO}?desde=2026-02-30&hasta=ayer`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.desde).toEqual(['La fecha inicial (desde) no existe']);
    expect(bad.json().errors.hasta[0]).toContain('aaaa-mm-dd');
    const reversed = await call('GET', `${LIBRO}?desde=2026-03-10&hasta=2026-03-01`);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.hasta).toEqual(['La fecha final no puede ser anterior a la inicial']);
    const missing = await call('GET', LIBRO);
    expect(missing.statusCode).toBe(422);
  });

  it('solo admin y administración: vendedor, inventario y despacho reciben 403', async () => {
    for (const role of ['vendedor-admin', 'inventario', 'despacho']) {
      expect((await call('GET', `${LIBRO}?desde=${day}&hasta=${day}`, undefined, role)).statusCode).toBe(403);
      expect(
        (await call('POST', `${BASE}/registrar-retencion`, { documentoId: 1, basisPoints: 7500, comprobante: '1', fecha: day }, role))
          .statusCode,
      ).toBe(403);
    }
    expect((await call('GET', `${LIBRO}?desde=${day}&hasta=${day}`, undefined, 'admin')).statusCode).toBe(200);
  });
});
