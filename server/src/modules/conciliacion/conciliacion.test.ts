// Bank statement reconciliation through the API: a 20-line statement (matches, near misses and
// noise) against web order payments and abonos waiting for confirmation; the bank's columns mapped
// once and remembered; confirmations through the payments' own paths, once under concurrency.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractoDetalle } from '#domain/contracts/conciliacion.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { registrarVenta } from '#test/cobros.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { ordenPorLoReportado, orderBody, otroComprador, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let dataDir: string;
let buyer = 500;
let dni = 31_000_000;

const BASE = '/api/mayor/cuentas/conciliacion';
const day = (offset: number) => caracasIsoDate(new Date(Date.now() + offset * 86_400_000));
/** dd/mm/aaaa, as the bank writes it. */
const bankDay = (offset: number) => day(offset).split('-').reverse().join('/');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-conciliacion-'));
  t = await buildTestApp({ DATA_DIR: dataDir, ORDENES_IMPAGAS_POR_CONTACTO: '100', ORDENES_IMPAGAS_POR_IP: '100' });
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 200);
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Order = { code: string; paymentId: number };

/** A web order paid by pago móvil (or Zelle), reported and waiting for staff to confirm it. */
async function orderPaid(reference: string, amount: string, date: string, method = 'pago-movil'): Promise<Order> {
  const payment = { method, reference, amount, date, ...(method === 'pago-movil' ? { bankCode: '0134' } : {}) };
  const n = ++buyer;
  const code = (await api.registrarOrden(orderBody(stocked, { buyer: otroComprador(n), payment }), `conciliacion-${n}`)).code;
  const [row] = await rows<{ id: number; step: string }>(
    t,
    sql`SELECT p.id, o.step FROM orden_pagos p JOIN ordenes_compra o ON o.id = p.order_id WHERE o.code = ${code}`,
  );
  expect(row.step).toBe('pago-por-confirmar');
  // The order asks for what was reported: the statement's amounts confirm it whole.
  await ordenPorLoReportado(t, code);
  return { code, paymentId: row.id };
}

type Abono = { id: number; note: string };

/** A pending abono by pago móvil in bolívares on a new nota de entrega. */
async function abonoPending(reference: string, amount: string, paidOn: string): Promise<Abono> {
  const note = await registrarVenta(t, {
    dni: `V-${++dni}`,
    lines: [{ articleCode: stocked.article, tiendaId: stocked.storeId, quantity: 10, priceCents: 10_000 }],
  });
  const response = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
    deliveryNote: note.number,
    method: 'pago-movil',
    currency: 'VES',
    bankCode: '0102',
    amount,
    reference,
    paidOn,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.abono.id, note: note.number };
}

function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string }>) {
  const boundary = `----conciliacion${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: Buffer | null, fields: Record<string, string>, role = 'administracion', filename = 'extracto.csv') {
  const parts = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'archivo', value: file, filename }] : []),
  ];
  const { body, contentType } = multipart(parts);
  const token = role === 'anonimo' ? '' : await api.tokenOf(role);
  const request = {
    method: 'POST' as const,
    url: `${BASE}/subir`,
    remoteAddress: nextIp(),
    headers: { 'content-type': contentType },
    payload: body,
  };
  return t.app.inject(token ? asBearer(token, request) : request);
}

async function uploadOk(file: Buffer, fields: Record<string, string> = { banco: '0102' }, filename?: string): Promise<ExtractoDetalle> {
  const response = await upload(file, fields, 'administracion', filename);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const MAPPING = {
  date: 'Fecha',
  reference: 'Referencia',
  description: 'Concepto',
  mode: 'columnas',
  amount: 'Crédito',
  debit: 'Débito',
  decimal: 'coma',
};

const csv = (lines: string[][]) => Buffer.from(`${lines.map((l) => l.join(';')).join('\r\n')}\r\n`, 'latin1');

describe('un extracto de 20 líneas', () => {
  let o1: Order;
  let o2: Order;
  let o3: Order;
  let o4: Order;
  let o5: Order;
  let o6: Order;
  let a1: Abono;
  let a2: Abono;
  let a3: Abono;
  let a4: Abono;
  let statement: Buffer;

  beforeAll(async () => {
    o1 = await orderPaid('11110001', '1500.00', day(0));
    o2 = await orderPaid('22220002', '2345.67', day(-1));
    o3 = await orderPaid('33330003', '999.99', day(0));
    o4 = await orderPaid('44440004', '1200.00', day(0));
    o5 = await orderPaid('Z5555', '10.00', day(0), 'zelle');
    o6 = await orderPaid('66660006', '800.00', day(0));
    a1 = await abonoPending('77770007', '150,00', day(0));
    a2 = await abonoPending('88880008', '250,50', day(-1));
    a3 = await abonoPending('12121212', '175,00', day(0));
    a4 = await abonoPending('13131313', '60,00', day(0));
    statement = csv([
      ['Banco de Venezuela', '', '', '', '', ''],
      ['Cuenta corriente 0102-0000-00-0000000000', '', '', '', '', ''],
      ['Fecha', 'Referencia', 'Concepto', 'Débito', 'Crédito', 'Saldo'],
      [bankDay(0), '00011110001', 'PAGO MOVIL RECIBIDO', '', '1.500,00', '101.500,00'], // 4: o1 by reference
      [bankDay(0), '22220002', 'PAGO MOVIL RECIBIDO', '', '2.345,67', '103.845,67'], // 5: o2 by reference (a day apart)
      [bankDay(0), '33330003', 'PAGO MOVIL RECIBIDO', '', '999,98', '104.845,65'], // 6: o3's reference, a cent short
      [bankDay(-1), '99999999', 'TRANSFERENCIA RECIBIDA', '', '1.200,00', '106.045,65'], // 7: o4 by amount and date only
      [bankDay(0), '77770007', 'PAGO MOVIL RECIBIDO', '', '150,00', '106.195,65'], // 8: a1
      [bankDay(-2), 'REF 8888-0008', 'PAGO MOVIL RECIBIDO', '', '250,50', '106.446,15'], // 9: a2, reference written otherwise
      [bankDay(-10), '12121212', 'PAGO MOVIL RECIBIDO', '', '175,00', '106.621,15'], // 10: a3 by reference, dates far apart
      [bankDay(-5), '55554444', 'PAGO MOVIL RECIBIDO', '', '60,00', '106.681,15'], // 11: a4's amount, other reference, 5 days off
      [bankDay(0), '87878787', 'TRANSFERENCIA RECIBIDA', '', '5.000,00', '111.681,15'], // 12: noise
      [bankDay(0), '', 'INTERESES', '', '33,33', '111.714,48'], // 13: noise
      [bankDay(-9), '10101010', 'TRANSFERENCIA RECIBIDA', '', '1.200,00', '112.914,48'], // 14: o4's amount, too far
      [bankDay(0), '500', 'COMISION PAGO MOVIL', '3,00', '', '112.911,48'], // 15: debit
      [bankDay(0), '501', 'COMISION PAGO MOVIL', '3,00', '', '112.908,48'],
      [bankDay(0), '502', 'PAGO A PROVEEDOR', '12.000,00', '', '100.908,48'],
      [bankDay(0), '503', 'IMPUESTO IGTF', '45,00', '', '100.863,48'],
      [bankDay(0), '504', 'MANTENIMIENTO', '10,00', '', '100.853,48'], // 19: debit
      ['32/13/2026', '11110001', 'FECHA ILEGIBLE', '', '1.500,00', ''], // 20: a problem
      [bankDay(0), '11110001', 'PAGO MOVIL RECIBIDO', '', '1.500,01', '100.853,49'], // 21: o1's reference, a cent more
      [bankDay(0), '505', 'TRANSFERENCIA A TERCEROS', '200,00', '', '100.653,49'],
      [bankDay(0), '66000006', 'PAGO MOVIL RECIBIDO', '', '75,00', '100.728,49'], // 23: noise
      ['', '', 'Totales', '12.261,00', '12.735,49', ''],
    ]);
  });

  it('the first time asks for the columns, then reads the credits and proposes the pairs', async () => {
    const first = await uploadOk(statement);
    expect(first.statement).toMatchObject({ status: 'por-mapear', bankName: 'Banco de Venezuela', currency: 'VES', lines: 0 });
    expect(first.mappingSaved).toBe(false);
    expect(first.header).toEqual(['Fecha', 'Referencia', 'Concepto', 'Débito', 'Crédito', 'Saldo']);
    // The guess from the titles is already right for this bank.
    expect(first.mapping).toMatchObject({
      date: 'Fecha',
      reference: 'Referencia',
      description: 'Concepto',
      amount: 'Crédito',
      debit: 'Débito',
    });

    const mapped = await api.call('administracion', 'POST', `${BASE}/columnas`, { id: first.statement.id, mapping: MAPPING });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const detail: ExtractoDetalle = mapped.json().data;
    expect(detail.statement).toMatchObject({ status: 'leido', lines: 13, reconciled: 0, ignored: 6 });
    expect(detail.statement.problems).toEqual([{ row: 20, message: 'La fecha «32/13/2026» no se entiende.' }]);
    const rowOf = new Map(detail.lines.map((l) => [l.id, l.row]));
    const pairs = detail.matches.map((m) => [rowOf.get(m.lineId), m.kind, m.paymentId, m.strength]);
    expect(pairs).toEqual([
      [4, 'orden', o1.paymentId, 'referencia'],
      [5, 'orden', o2.paymentId, 'referencia'],
      [7, 'orden', o4.paymentId, 'fecha'],
      [8, 'abono', a1.id, 'referencia'],
      [9, 'abono', a2.id, 'referencia'],
      [10, 'abono', a3.id, 'referencia'],
    ]);
    // The Zelle payment is in dollars: not in a statement in bolívares.
    const listed = detail.payments.map((p) => `${p.kind}:${p.id}`);
    expect(listed).not.toContain(`orden:${o5.paymentId}`);
    expect(listed).toEqual(expect.arrayContaining([`orden:${o3.paymentId}`, `orden:${o6.paymentId}`, `abono:${a4.id}`]));
  });

  it('remembers the bank’s columns: the next statement of that bank is read at once', async () => {
    const again = await uploadOk(statement);
    expect(again.mappingSaved).toBe(true);
    expect(again.statement).toMatchObject({ status: 'leido', lines: 13 });
    // Another bank still asks.
    expect((await uploadOk(statement, { banco: '0134' })).statement.status).toBe('por-mapear');
  });

  it('two people confirming the same statement at once confirm each payment once, through its own path', async () => {
    const detail = await uploadOk(statement);
    const pairs = detail.matches.map(({ lineId, kind, paymentId }) => ({ lineId, kind, paymentId }));
    expect(pairs).toHaveLength(6);
    const [one, two] = await Promise.all([
      api.call('administracion', 'POST', `${BASE}/confirmar`, { id: detail.statement.id, pairs }),
      api.call('admin', 'POST', `${BASE}/confirmar`, { id: detail.statement.id, pairs }),
    ]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    const confirmed = [...one.json().data.confirmed, ...two.json().data.confirmed];
    const skipped = [...one.json().data.skipped, ...two.json().data.skipped];
    expect(confirmed).toHaveLength(6);
    expect(skipped).toHaveLength(6);
    expect(new Set(confirmed.map((c: { lineId: number }) => c.lineId)).size).toBe(6);

    const steps = await rows<{ code: string; step: string }>(
      t,
      sql`SELECT code, step FROM ordenes_compra WHERE code IN (${o1.code}, ${o2.code}, ${o3.code}, ${o4.code}, ${o6.code}) ORDER BY code`,
    );
    expect(Object.fromEntries(steps.map((s) => [s.code, s.step]))).toEqual({
      [o1.code]: 'pago-confirmado',
      [o2.code]: 'pago-confirmado',
      [o3.code]: 'pago-por-confirmar',
      [o4.code]: 'pago-confirmado',
      [o6.code]: 'pago-por-confirmar',
    });
    // Each order confirmed once: one step in its history, one sale document.
    const history = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM orden_historial h JOIN ordenes_compra o ON o.id = h.order_id
           WHERE o.code IN (${o1.code}, ${o2.code}, ${o4.code}) AND h.to_step = 'pago-confirmado'`,
    );
    expect(history[0].n).toBe(3);
    const abonoSteps = await rows<{ id: number; step: string }>(
      t,
      sql`SELECT id, step FROM abonos WHERE id IN (${a1.id}, ${a2.id}, ${a3.id}, ${a4.id}) ORDER BY id`,
    );
    expect(abonoSteps.map((a) => a.step)).toEqual(['aprobado', 'aprobado', 'aprobado', 'pendiente']);

    const after = await api.call('administracion', 'GET', `${BASE}/extractos/${detail.statement.id}`);
    const view: ExtractoDetalle = after.json().data;
    expect(view.statement).toMatchObject({ lines: 13, reconciled: 6 });
    // The unmatched lines stay listed, pending, to be revisited.
    expect(view.lines.filter((l) => l.status === 'pendiente').map((l) => l.row)).toEqual([6, 11, 12, 13, 14, 21, 23]);
    expect(view.lines.find((l) => l.row === 4)?.payment).toEqual({ kind: 'orden', id: o1.paymentId, document: o1.code });
    expect(view.matches).toEqual([]);
  });

  it('a payment already confirmed is skipped from any other statement, with its reason', async () => {
    const detail = await uploadOk(statement);
    expect(detail.matches).toEqual([]);
    const line = detail.lines.find((l) => l.row === 4);
    const response = await api.call('administracion', 'POST', `${BASE}/confirmar`, {
      id: detail.statement.id,
      pairs: [
        { lineId: line?.id, kind: 'orden', paymentId: o1.paymentId },
        // A pair that does not match: o3 asked 999,99, the line says 1.500,00.
        { lineId: line?.id, kind: 'orden', paymentId: o3.paymentId },
        { lineId: detail.lines[1].id, kind: 'orden', paymentId: o3.paymentId },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.confirmed).toEqual([]);
    expect(response.json().data.skipped.map((s: { motivo: string }) => s.motivo)).toEqual([
      'El pago ya no está esperando confirmación (fila 4).',
      'La línea se eligió dos veces.',
      `La línea de la fila 5 no coincide con el pago de ${o3.code}.`,
    ]);
  });
});

describe('otros formatos y datos inválidos', () => {
  it('reads an XLSX with one signed amount column and a decimal point', async () => {
    const o = await orderPaid('90909090', '432.10', day(0));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Movimientos');
    sheet.addRow(['Estado de cuenta']);
    sheet.addRow([]);
    sheet.addRow(['FECHA', 'NRO. REFERENCIA', 'DESCRIPCION', 'MONTO']);
    sheet.addRow([new Date(`${day(0)}T12:00:00Z`), 90909090, 'PAGO MOVIL', 432.1]);
    sheet.addRow([bankDay(0), '1', 'COMISION', '-1.50']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const first = await uploadOk(file, { banco: '0105', dias: '1' }, 'extracto.xlsx');
    expect(first.mapping).toMatchObject({
      date: 'FECHA',
      reference: 'NRO. REFERENCIA',
      description: 'DESCRIPCION',
      amount: 'MONTO',
      mode: 'signo',
    });
    const mapped = await api.call('administracion', 'POST', `${BASE}/columnas`, {
      id: first.statement.id,
      mapping: { ...first.mapping, decimal: 'punto' },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const detail: ExtractoDetalle = mapped.json().data;
    expect(detail.lines.map((l) => [l.row, l.date, l.reference, l.amount])).toEqual([[4, day(0), '90909090', '432.10']]);
    expect(detail.matches).toEqual([expect.objectContaining({ kind: 'orden', paymentId: o.paymentId, strength: 'referencia' })]);
  });

  it('only admin and administración reconcile', async () => {
    const file = csv([
      ['Fecha', 'Referencia', 'Crédito'],
      [bankDay(0), '1', '1,00'],
    ]);
    expect((await upload(file, { banco: '0102' }, 'anonimo')).statusCode).toBe(401);
    expect((await upload(file, { banco: '0102' }, 'vendedor-admin')).statusCode).toBe(403);
    expect((await api.call('despacho', 'GET', `${BASE}/extractos`)).statusCode).toBe(403);
    expect((await api.call('vendedor-admin', 'POST', `${BASE}/confirmar`, { id: 1, pairs: [] })).statusCode).toBe(403);
    const list = await api.call('admin', 'GET', `${BASE}/extractos?search=venezuela`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.per_page).toBe(15);
    expect(list.json().data.length).toBeGreaterThan(0);
  });

  it('refuses bad files and fields with the reason, never a 500', async () => {
    const file = csv([
      ['Fecha', 'Referencia', 'Crédito'],
      [bankDay(0), '1', '1,00'],
    ]);
    const noBank = await upload(file, {});
    expect(noBank.statusCode).toBe(422);
    expect(noBank.json().errors.banco).toEqual(['Elija el banco del extracto']);
    expect((await upload(file, { banco: '9999' })).json().errors.banco).toEqual(['Elija un banco de la lista']);
    expect((await upload(file, { banco: '0102', dias: '30' })).json().errors.dias).toEqual(['Los días de diferencia pueden ser hasta 7']);
    expect((await upload(null, { banco: '0102' })).json().errors.archivo).toEqual(['Elija el extracto (XLSX o CSV) que desea conciliar.']);
    const pdf = await upload(Buffer.from('%PDF-1.4 nada'), { banco: '0102' });
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.archivo[0]).toContain('Este archivo es un PDF');
    const notMultipart = await api.call('administracion', 'POST', `${BASE}/subir`, { banco: '0102' });
    expect(notMultipart.statusCode).toBe(422);

    const uploaded = await uploadOk(file, { banco: '0191' });
    const sameColumn = await api.call('administracion', 'POST', `${BASE}/columnas`, {
      id: uploaded.statement.id,
      mapping: { ...MAPPING, reference: 'Fecha', description: null, debit: null },
    });
    expect(sameColumn.statusCode).toBe(422);
    expect(sameColumn.json().errors['mapping.amount']).toEqual(['Cada dato debe venir de una columna distinta']);
    const missing = await api.call('administracion', 'POST', `${BASE}/columnas`, { id: uploaded.statement.id, mapping: MAPPING });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('No se encontró la fila de títulos');
    expect((await api.call('administracion', 'GET', `${BASE}/extractos/999999`)).statusCode).toBe(404);
    expect((await api.call('administracion', 'GET', `${BASE}/extractos/abc`)).statusCode).toBe(422);
    const badPairs = await api.call('administracion', 'POST', `${BASE}/confirmar`, {
      id: uploaded.statement.id,
      pairs: [{ lineId: 1, kind: 'x' }],
    });
    expect(badPairs.statusCode).toBe(422);
    const unknown = await api.call('administracion', 'POST', `${BASE}/confirmar`, {
      id: 999999,
      pairs: [{ lineId: 1, kind: 'orden', paymentId: 1 }],
    });
    expect(unknown.statusCode).toBe(404);
  });
});
