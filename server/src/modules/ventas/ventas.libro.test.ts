// The libro de ventas and the customers' IVA retentions through the API: one row per document of the
// period (anuladas listed with zeros), totals equal to the sales report, its files, bad periods and
// roles; a contribuyente especial's comprobante lowers the balance exactly once (also two at once),
// is refused above IVA × share, and shows in the book and the receivables. Runs on PGlite and PostgreSQL.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#domain/csv.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { findOrCreateCliente } from '#server/modules/ventas/ventas.documentos.repo.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { articuloDeCien } from '#test/mostrador.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let ccs: number;
let article: string;
const today = caracasIsoDate(new Date());
const LIBRO = `/api/ventas/libro-de-ventas?desde=${today}&hasta=${today}`;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  ({ article, ccs } = await articuloDeCien(t, api, 200));
});

afterAll(async () => {
  await t?.close();
});

let dniCounter = 33_000_000;

/** A customer with credit (and, if given, its retention share). */
async function cliente(basisPoints: 7500 | 10000 | null = null) {
  const dni = `V-${++dniCounter}`;
  const c = await findOrCreateCliente(t.database.db, { dni, name: `Cliente ${dniCounter}` });
  const credit = await api.call('administracion', 'PATCH', '/api/ventas/clientes/credito', {
    clienteId: c.id,
    creditLimit: '9000.00',
    creditDays: 30,
  });
  expect(credit.statusCode, credit.body).toBe(200);
  if (basisPoints) {
    const mark = await api.call('administracion', 'PATCH', '/api/mayor/cuentas/cliente-retencion-iva', { clienteId: c.id, basisPoints });
    expect(mark.statusCode, mark.body).toBe(200);
  }
  return { dni, id: c.id };
}

/** A counter sale of `units` at CCS ($ 116,00 each at Bs. 40): contado paid in bolívares, or on credit. */
async function vender(units: number, condition: 'contado' | 'credito', dni: string) {
  const token = await api.tokenOf('vendedor-admin');
  const response = await t.app.inject(
    asBearer(token, {
      method: 'POST',
      url: '/api/ventas/registrar',
      headers: { 'idempotency-key': randomUUID() },
      remoteAddress: nextIp(),
      payload: {
        cliente: { dni, name: 'Cliente del libro' },
        tiendaId: ccs,
        lines: [{ articleCode: article, quantity: units }],
        condition,
        payments: condition === 'contado' ? [{ method: 'efectivo-bs', amount: (units * 116 * 40).toFixed(2) }] : [],
      },
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; number: string; total: string };
}

const retener = (number: string, amount: string, comprobante = `CR${number.replace(/\W/g, '')}`, role = 'administracion') =>
  api.call(role, 'POST', '/api/mayor/cuentas/retencion-iva', { number, comprobante, fecha: today, amount });

type Par = { usd: string; ves: string };
type Fila = {
  number: string;
  anulada: boolean;
  total: Par;
  base: Par;
  iva: Par;
  igtf: Par;
  exento: Par;
  ivaRetenido: Par;
  comprobanteRetencion: string;
  controlNumber: string;
  kind: string;
};

async function libro() {
  const r = await api.call('administracion', 'GET', LIBRO);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { filas: Fila[]; totales: Record<string, Par> & { documentos: number; anulados: number } };
}

describe('retención de IVA de un contribuyente especial', () => {
  it('baja el saldo de la nota una sola vez: de dos comprobantes a la vez gana uno, el otro es un 409', async () => {
    const c = await cliente(7500);
    const nota = await vender(1, 'credito', c.dni);
    const [a, b] = await Promise.all([retener(nota.number, '12.00', 'C-1'), retener(nota.number, '12.00', 'C-2')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const won = a.statusCode === 201 ? a : b;
    const lost = a.statusCode === 201 ? b : a;
    expect(won.json().data).toMatchObject({ amount: '12.00', amountVes: '480.00', basisPoints: 7500, outstandingBalance: '104.00' });
    expect(lost.json().message).toBe('El documento ya tiene su comprobante de retención registrado.');
    // The receivables and the statement show it: total − descuento − abonado − retenido = por cobrar.
    const statement = await api.call('administracion', 'GET', `/api/mayor/cuentas/factura-cliente/${c.id}`);
    expect(statement.statusCode, statement.body).toBe(200);
    const st = statement.json().data;
    expect(st.documents.find((d: { number: string }) => d.number === nota.number)).toMatchObject({
      ivaRetenido: '12.00',
      outstandingBalance: '104.00',
    });
    expect(st.statement.map((e: { kind: string; credit: string }) => [e.kind, e.credit])).toContainEqual(['retencion', '12.00']);
    expect(st.statement.at(-1).balance).toBe('104.00');
    const pending = await api.call('administracion', 'GET', `/api/mayor/cuentas/listado/pendientes?filter_advance[client]=${c.id}`);
    expect(pending.json().totals).toMatchObject({ ivaRetenido: '12.00', outstandingBalance: '104.00', totalAmount: '116.00' });
    // The rest is paid with an abono as always, and the note is settled (the CHECK holds).
    const abono = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: 'efectivo-bs',
      amount: '4160.00',
      reference: 'EFBS-104',
    });
    expect(abono.statusCode, abono.body).toBe(201);
    const more = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: 'efectivo-bs',
      amount: '40.00',
      reference: 'EFBS-105',
    });
    expect(more.statusCode).toBe(400);
  });

  it('más del IVA × porcentaje es un 400; un cliente que no es contribuyente especial, 400; datos malos 422', async () => {
    const c = await cliente(7500);
    const nota = await vender(1, 'credito', c.dni);
    const above = await retener(nota.number, '12.01');
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe('El monto retenido ($ 12,01) supera el 75 % del IVA del documento ($ 12,00).');
    const plain = await cliente(null);
    const other = await vender(1, 'credito', plain.dni);
    const refused = await retener(other.number, '5.00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('no es contribuyente especial');
    const bad = await api.call('administracion', 'POST', '/api/mayor/cuentas/retencion-iva', {
      number: nota.number,
      comprobante: '',
      fecha: '2026-02-30',
      amount: 'doce',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'comprobante', 'fecha']);
    const unknown = await retener('NE-NO-EXISTE', '1.00');
    expect(unknown.statusCode).toBe(404);
  });

  it('en una factura ya pagada, lo retenido queda como saldo a favor del cliente', async () => {
    const c = await cliente(10000);
    const factura = await vender(1, 'contado', c.dni);
    const r = await retener(factura.number, '16.00');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ outstandingBalance: '0.00', creditInFavor: '16.00' });
  });

  it('el PDF de su documento dice el IVA que retiene y, registrado el comprobante, lo retenido', async () => {
    const c = await cliente(7500);
    const nota = await vender(1, 'credito', c.dni);
    const pdfText = async () => {
      const r = await api.call('administracion', 'GET', `/api/ventas/documento/${nota.number}/pdf`);
      expect(r.statusCode).toBe(200);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'libro-')), 'doc.pdf');
      writeFileSync(file, r.rawPayload);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    };
    expect(await pdfText()).toContain('IVA a retener 75 % $ 12,00 Bs. 480,00');
    expect((await retener(nota.number, '12.00', 'PDF-1')).statusCode).toBe(201);
    const after = await pdfText();
    expect(after).toContain('IVA retenido 75 % $ 12,00 Bs. 480,00');
    expect(after).toContain('Retención N° PDF-1');
    expect(after).toMatch(/Saldo pendiente \(Pendiente\) \$ 104,00/);
  });

  it('solo admin y administración registran comprobantes y marcan clientes', async () => {
    for (const role of ['vendedor-admin', 'inventario', 'despacho']) {
      expect((await retener('F-X', '1.00', 'C', role)).statusCode).toBe(403);
      expect(
        (await api.call(role, 'PATCH', '/api/mayor/cuentas/cliente-retencion-iva', { clienteId: 1, basisPoints: 7500 })).statusCode,
      ).toBe(403);
    }
  });
});

describe('libro de ventas', () => {
  it('una fila por documento, anulados en cero, y los totales del reporte de ventas del mismo período', async () => {
    const c = await cliente(7500);
    const factura = await vender(2, 'contado', c.dni);
    const nota = await vender(1, 'credito', c.dni);
    expect((await retener(nota.number, '12.00', 'RET-LIBRO')).statusCode).toBe(201);
    const anulada = await vender(1, 'contado', c.dni);
    const voided = await api.call('vendedor-admin', 'POST', '/api/ventas/anular', {
      numero: anulada.number,
      motivo: 'Prueba del libro de ventas',
    });
    expect(voided.statusCode, voided.body).toBe(200);

    const { filas, totales } = await libro();
    const byNumber = new Map(filas.map((f) => [f.number, f]));
    expect(byNumber.get(factura.number)).toMatchObject({
      kind: 'factura',
      anulada: false,
      total: { usd: '232.00', ves: '9280.00' },
      base: { usd: '200.00', ves: '8000.00' },
      iva: { usd: '32.00', ves: '1280.00' },
      exento: { usd: '0.00', ves: '0.00' },
    });
    expect(byNumber.get(factura.number)?.controlNumber).toMatch(/^\d{2}-\d{8}$/);
    expect(byNumber.get(nota.number)).toMatchObject({
      kind: 'nota-entrega',
      ivaRetenido: { usd: '12.00', ves: '480.00' },
      comprobanteRetencion: 'RET-LIBRO',
    });
    expect(byNumber.get(anulada.number)).toMatchObject({
      anulada: true,
      total: { usd: '0.00', ves: '0.00' },
      iva: { usd: '0.00', ves: '0.00' },
    });
    expect(totales.anulados).toBeGreaterThanOrEqual(1);
    expect(totales.documentos).toBe(filas.length);

    const report = await api.call(
      'admin',
      'GET',
      `/api/ventas/totales?filter_advance[date_from]=${today}&filter_advance[date_to]=${today}`,
    );
    expect(report.statusCode).toBe(200);
    const r = report.json().data;
    expect({
      total: totales.total,
      base: totales.base,
      iva: totales.iva,
      igtf: totales.igtf,
      documentos: totales.documentos - totales.anulados,
    }).toEqual({
      total: { usd: r.totalUsd, ves: r.totalVes },
      base: { usd: r.baseImponibleUsd, ves: r.baseImponibleVes },
      iva: { usd: r.ivaUsd, ves: r.ivaVes },
      igtf: { usd: r.igtfUsd, ves: r.igtfVes },
      documentos: r.documentos,
    });
  });

  it('el CSV y el XLSX traen las mismas filas y la fila de totales', async () => {
    const { filas, totales } = await libro();
    const csv = await api.call('administracion', 'GET', `${LIBRO}&formato=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="libro-de-ventas_${today}_${today}.csv"`);
    const [header, ...lines] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(header.slice(0, 5)).toEqual(['Fecha', 'Tipo', 'Número', 'N° de control', 'Documento afectado']);
    expect(lines.slice(0, -1).map((l) => l[2])).toEqual(filas.map((f) => f.number));
    expect(lines.at(-1)?.[10]).toBe(totales.total.ves.replace('.', ','));
    const xlsx = await api.call('administracion', 'GET', `${LIBRO}&formato=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Libro de ventas');
    expect(sheet?.rowCount).toBe(filas.length + 2);
    expect(sheet?.getRow(filas.length + 2).getCell(19).value).toBe(Number(totales.total.usd));
  });

  it('fechas malas: 422 en español; vendedor, inventario y despacho: 403', async () => {
    const bad = await api.call('administracion', 'GET', '/api/ventas/libro-de-ventas?desde=2026-13-01&hasta=2026-01-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.desde[0]).toBe('La fecha inicial (desde) no existe');
    const long = await api.call('administracion', 'GET', '/api/ventas/libro-de-ventas?desde=2024-01-01&hasta=2026-01-01');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.hasta).toEqual(['Un libro abarca a lo sumo 366 días']);
    for (const role of ['vendedor-admin', 'inventario', 'despacho']) {
      expect((await api.call(role, 'GET', LIBRO)).statusCode).toBe(403);
    }
    expect((await api.call('admin', 'GET', LIBRO)).statusCode).toBe(200);
  });
});
