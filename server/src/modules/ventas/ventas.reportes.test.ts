// The sales reports through the API, on 500 random documents written with the real writer: the
// totals equal a plain SQL sum and the pure rules (USD and VES, each document at its own rate), every
// filter is honoured by the list, the totals, the charts and the summary per store alike, «Mis
// ventas» shows only the caller's own, a document's detail equals saleTotals/totalsInVes, and the
// XLSX and CSV exports carry the same rows and totals as the list.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FacturaDetalle,
  PagoFila,
  ResumenMetodo,
  ResumenTienda,
  VentaFila,
  VentasTotales,
} from '#domain/contracts/ventas-reportes.ts';
import { parseCsv } from '#domain/csv.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import { fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { type SaleTotals, saleLine, saleTotals, totalsInVes } from '#domain/ventas.ts';
import { seedDemoVentas } from '#server/db/seed/demo-ventas.ts';
import { buildTestApp, DEMO_NOW, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { type GeneratedDoc, generateSales } from '#test/ventas-aleatorias.ts';

let t: TestApp;
let api: OrdenesDriver;
let docs: GeneratedDoc[];
let luis = 0;

// The random documents live in the first half of 2025 (Caracas days); the demo's sales, before DEMO_NOW.
const FROM = '2025-01-01';
const TO = '2025-06-30';
const WINDOW = { from: new Date(`${FROM}T00:00:00-04:00`), to: new Date(`${TO}T23:59:59-04:00`) };
const COUNT = 500;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  await t.database.db.transaction(async (tx) => {
    await seedDemoVentas(tx, DEMO_NOW);
    docs = await generateSales(tx, COUNT, WINDOW, 20251);
  });
  [{ id: luis }] = await rows<{ id: number }>(t, sql`SELECT id FROM vendedores WHERE code = 'V01'`);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

type Query = Record<string, string | number | undefined>;

function qs(query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const range = (from = FROM, to = TO): Query => ({ 'filter_advance[date_from]': from, 'filter_advance[date_to]': to });

async function get<T>(path: string, query: Query = {}, role = 'admin') {
  const response = await api.call(role, 'GET', `/api${path}${qs(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: T; meta?: { total: number; last_page: number }; resumen?: ResumenMetodo[] };
}

const FIGURES = ['subtotal', 'descuento', 'devoluciones', 'baseImponible', 'iva', 'igtf', 'comision', 'envio', 'total'] as const;

/** What the totals must say for these documents, from the pure rules. */
function expectedTotals(list: GeneratedDoc[]): VentasTotales {
  const out: Record<string, string | number> = {
    documentos: list.length,
    facturas: list.filter((d) => d.condition === 'contado').length,
    notas: list.filter((d) => d.condition === 'credito').length,
  };
  for (const f of FIGURES) {
    const key = `${f}Cents` as keyof SaleTotals;
    out[`${f}Usd`] = fromCents(list.reduce((s, d) => s + d.totals[key], 0));
    out[`${f}Ves`] = fromCents(list.reduce((s, d) => s + totalsInVes(d.totals, d.rate)[key], 0));
  }
  return out as VentasTotales;
}

const inRange = (d: GeneratedDoc, from = FROM, to = TO) => {
  const day = caracasIsoDate(d.createdAt);
  return day >= from && day <= to;
};

/** Every row of a list, page by page (100 a page). */
async function allRows<T>(path: string, query: Query, role = 'admin'): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const body = await get<T[]>(path, { ...query, page, per_page: 100 }, role);
    out.push(...body.data);
    if (page >= (body.meta?.last_page ?? 1)) return out;
  }
}

const newestFirst = (a: GeneratedDoc, b: GeneratedDoc) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

describe('totales', () => {
  it('sin filtros, cada cifra en USD y en Bs. es la suma simple de la tabla (Bs.: cada documento a su tasa, redondeado una vez)', async () => {
    const [plain] = await rows<Record<string, string | number>>(
      t,
      sql.raw(
        `SELECT count(*)::int AS documentos, ${[
          'subtotal',
          'descuento',
          'devoluciones',
          'base_imponible',
          'iva',
          'igtf',
          'comision',
          'envio',
          'total',
        ]
          .map((c) => `sum(${c})::text AS "${c}_usd", sum(round(${c} * rate, 2))::text AS "${c}_ves"`)
          .join(', ')} FROM ventas`,
      ),
    );
    const { data } = await get<VentasTotales>('/ventas/totales');
    expect(data.documentos).toBe(plain.documentos);
    expect(data.documentos).toBeGreaterThan(COUNT);
    const columns = {
      subtotal: 'subtotal',
      descuento: 'descuento',
      devoluciones: 'devoluciones',
      baseImponible: 'base_imponible',
      iva: 'iva',
      igtf: 'igtf',
      comision: 'comision',
      envio: 'envio',
      total: 'total',
    };
    for (const [f, column] of Object.entries(columns)) {
      expect(data[`${f}Usd` as keyof VentasTotales], f).toBe(fromCents(toCents(String(plain[`${column}_usd`]))));
      expect(data[`${f}Ves` as keyof VentasTotales], f).toBe(fromCents(toCents(String(plain[`${column}_ves`]))));
    }
  });

  it('en el rango de los documentos aleatorios, iguala lo que dicen saleTotals y totalsInVes de cada uno', async () => {
    const { data } = await get<VentasTotales>('/ventas/totales', range());
    expect(data).toEqual(expectedTotals(docs));
    expect(toCents(data.devolucionesUsd)).toBeGreaterThan(0);
    expect(toCents(data.igtfUsd)).toBeGreaterThan(0);
  });
});

describe('filtros', () => {
  const cases: { name: string; query: () => Query; keep: (d: GeneratedDoc) => boolean }[] = [
    { name: 'tienda', query: () => ({ 'filter_advance[tienda]': docs[0].tiendaId }), keep: (d) => d.tiendaId === docs[0].tiendaId },
    {
      name: 'vendedor',
      query: () => ({ 'filter_advance[vendedor]': luis }),
      keep: (d) => d.vendedorId === luis,
    },
    { name: 'cliente', query: () => ({ 'filter_advance[cliente]': docs[3].clienteId }), keep: (d) => d.clienteId === docs[3].clienteId },
    { name: 'condición', query: () => ({ 'filter_advance[condicion]': 'credito' }), keep: (d) => d.condition === 'credito' },
    { name: 'método de pago', query: () => ({ 'filter_advance[payment_method]': 'zelle' }), keep: (d) => d.methods.includes('zelle') },
    {
      name: 'número',
      query: () => ({ 'filter_advance[numero]': docs[10].number.toLowerCase() }),
      keep: (d) => d.number === docs[10].number,
    },
    {
      name: 'un mes',
      query: () => range('2025-03-01', '2025-03-31'),
      keep: (d) => inRange(d, '2025-03-01', '2025-03-31'),
    },
    {
      name: 'búsqueda por parte del número',
      query: () => ({ search: docs[7].number.slice(0, -2) }),
      keep: (d) => d.number.includes(docs[7].number.slice(0, -2)),
    },
    {
      name: 'tienda, condición y un mes juntos',
      query: () => ({
        ...range('2025-02-01', '2025-04-30'),
        'filter_advance[tienda]': docs[1].tiendaId,
        'filter_advance[condicion]': 'contado',
      }),
      keep: (d) => inRange(d, '2025-02-01', '2025-04-30') && d.tiendaId === docs[1].tiendaId && d.condition === 'contado',
    },
  ];

  for (const c of cases) {
    it(`${c.name}: la lista, sus totales, el resumen por tienda y los gráficos cuentan los mismos documentos`, async () => {
      const query = { ...range(), ...c.query() };
      const expected = docs.filter((d) => inRange(d) && c.keep(d));
      expect(expected.length, 'el caso debe tener documentos').toBeGreaterThan(0);
      expect(expected.length, 'el caso debe filtrar').toBeLessThan(COUNT);
      const [totales, list, tiendas, graficos] = await Promise.all([
        get<VentasTotales>('/ventas/totales', query),
        get<VentaFila[]>('/ventas', query),
        get<ResumenTienda[]>('/v2/dashboard/venta/tienda', query),
        get<{ porDia: { totalUsd: string; totalVes: string; documentos: number }[]; porTienda: { totalUsd: string }[] }>(
          '/ventas/graficos',
          query,
        ),
      ]);
      expect(totales.data).toEqual(expectedTotals(expected));
      expect(list.meta?.total).toBe(expected.length);
      expect(list.data.map((r) => r.number)).toEqual(
        [...expected]
          .sort(newestFirst)
          .slice(0, 15)
          .map((d) => d.number),
      );
      expect(tiendas.data.reduce((n, s) => n + s.documentos, 0)).toBe(expected.length);
      expect(fromCents(tiendas.data.reduce((n, s) => n + toCents(s.totalVes), 0))).toBe(totales.data.totalVes);
      expect(graficos.data.porDia.reduce((n, s) => n + s.documentos, 0)).toBe(expected.length);
      expect(fromCents(graficos.data.porDia.reduce((n, s) => n + toCents(s.totalUsd), 0))).toBe(totales.data.totalUsd);
    });
  }

  it('un filtro inválido es 422 en español, nunca 500', async () => {
    for (const query of [
      { 'filter_advance[date_from]': '2025-02-30' },
      { 'filter_advance[date_from]': '2025-03-02', 'filter_advance[date_to]': '2025-03-01' },
      { 'filter_advance[tienda]': 'abc' },
      { 'filter_advance[tienda]': '99999999999' },
      { 'filter_advance[numero]': 'X-1' },
      { 'filter_advance[condicion]': 'fiado' },
      { alcance: 'ajenas' },
      { sort_by: 'hora' },
      { filter_advance: 'x' },
    ]) {
      const response = await api.call('admin', 'GET', `/api/ventas${qs(query)}`);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(response.json().message).toMatch(/[áéíóúñ]|debe|no es|inválid/i);
    }
    const empty = await get<VentaFila[]>('/ventas', { 'filter_advance[tienda]': '', 'filter_advance[date_from]': '' });
    expect(empty.meta?.total).toBeGreaterThan(COUNT);
  });
});

describe('quién ve qué', () => {
  it('Mis ventas: el vendedor ve solo las suyas, aunque pida las de otro vendedor', async () => {
    const mine = docs.filter((d) => d.vendedorId === luis);
    const list = await allRows<VentaFila>('/ventas', { ...range(), alcance: 'mias' }, 'vendedor-admin');
    expect(list.length).toBe(mine.length);
    expect(list.every((r) => r.vendedorId === luis)).toBe(true);
    const totales = await get<VentasTotales>('/ventas/totales', { ...range(), alcance: 'mias' }, 'vendedor-admin');
    expect(totales.data).toEqual(expectedTotals(mine));
    const other = docs.find((d) => d.vendedorId !== null && d.vendedorId !== luis)?.vendedorId ?? undefined;
    expect(other).toBeDefined();
    const ajenas = await get<VentasTotales>('/ventas/totales', { alcance: 'mias', 'filter_advance[vendedor]': other }, 'vendedor-admin');
    expect(ajenas.data.documentos).toBe(0);
    const docsOf = await get<{ number: string }[]>('/ventas/buscar-documento', { alcance: 'mias', search: '-' }, 'vendedor-admin');
    const numbers = new Set(mine.map((d) => d.number));
    expect(docsOf.data.length).toBeGreaterThan(0);
    // The newest are the demo's sales (after 2025): only V01's of them may appear.
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM ventas WHERE vendedor_id IS DISTINCT FROM ${luis} AND number IN (${sql.join(
        docsOf.data.map((d) => sql`${d.number}`),
        sql`, `,
      )})`,
    );
    expect(n).toBe(0);
    expect(numbers.size).toBe(mine.length);
  });

  it('Todas: vendedor-admin y administración ven lo mismo que el admin; un usuario sin vendedor no tiene «mis ventas»', async () => {
    const all = await get<VentasTotales>('/ventas/totales', range(), 'admin');
    expect((await get<VentasTotales>('/ventas/totales', range(), 'vendedor-admin')).data).toEqual(all.data);
    expect((await get<VentasTotales>('/ventas/totales', range(), 'administracion')).data).toEqual(all.data);
    expect((await get<VentasTotales>('/ventas/totales', { ...range(), alcance: 'mias' }, 'admin')).data.documentos).toBe(0);
  });

  it('inventario, despacho y un cliente reciben 403; sin sesión, 401', async () => {
    for (const path of [
      '/api/ventas',
      '/api/ventas/totales',
      '/api/ventas/pagos',
      '/api/v2/dashboard/venta/tienda',
      '/api/ventas/exportar?formato=csv',
    ]) {
      for (const role of ['inventario', 'despacho', 'cliente'])
        expect((await api.call(role, 'GET', path)).statusCode, `${path} ${role}`).toBe(403);
      expect((await api.call('anonimo', 'GET', path)).statusCode, path).toBe(401);
    }
  });
});

describe('detalle-factura', () => {
  it('las cifras de cada documento son las de saleTotals y totalsInVes, con sus artículos, pagos y el saldo de la nota', async () => {
    const sample = [
      ...docs.filter((d) => d.lines.some((l) => (l.returnedQuantity ?? 0) > 0)).slice(0, 8),
      ...docs.filter((d) => d.condition === 'credito').slice(0, 8),
      ...docs.filter((d) => d.totals.igtfCents > 0).slice(0, 8),
    ];
    expect(sample.length).toBeGreaterThan(15);
    for (const d of sample) {
      const { data } = await get<FacturaDetalle>('/ventas/detalle-factura', { numero: d.number });
      const totals = saleTotals(d.lines, { igtfCents: d.totals.igtfCents, envioCents: d.totals.envioCents });
      const ves = totalsInVes(totals, d.rate);
      for (const f of FIGURES) {
        const key = `${f}Cents` as keyof SaleTotals;
        expect(data.totals[`${f}Usd` as keyof FacturaDetalle['totals']], `${d.number} ${f}`).toBe(fromCents(totals[key]));
        expect(data.totals[`${f}Ves` as keyof FacturaDetalle['totals']], `${d.number} ${f} Bs.`).toBe(fromCents(ves[key]));
      }
      expect(data.bill).toMatchObject({
        number: d.number,
        kind: d.condition === 'contado' ? 'factura' : 'nota-entrega',
        rate: d.rate,
        taxUsd: fromCents(totals.ivaCents),
        taxVes: fromCents(ves.ivaCents),
        totalUsd: fromCents(totals.totalCents),
        totalVes: fromCents(ves.totalCents),
      });
      expect(data.items.map((i) => i.netUsd)).toEqual(d.lines.map((l) => fromCents(saleLine(l).netCents)));
      expect(data.items.map((i) => i.returnedQuantity)).toEqual(d.lines.map((l) => l.returnedQuantity ?? 0));
      expect(data.items.every((i) => i.netVes === fromCents(usdToVesCents(toCents(i.netUsd), d.rate)))).toBe(true);
      expect(data.payments.filter((p) => p.step === 'aprobado').length).toBe(d.paymentsCount);
      // A USD payment keeps what it counts on the document: handed over less the change (vuelto).
      for (const p of data.payments.filter((x) => x.origen === 'venta' && x.currency === 'USD')) expect(p.amount).toBe(p.amountUsd);
      if (d.condition === 'credito') {
        const b = data.balance;
        expect(b).not.toBeNull();
        expect(toCents(b?.outstandingBalanceUsd ?? '')).toBe(
          toCents(b?.totalUsd ?? '') - toCents(b?.discountUsd ?? '') - toCents(b?.balancePaidUsd ?? ''),
        );
      } else {
        expect(data.balance).toBeNull();
      }
    }
  });

  it('por id da lo mismo que por número; desconocido es 404, sin número 422', async () => {
    const byNumber = await get<FacturaDetalle>('/ventas/detalle-factura', { numero: docs[0].number });
    const byId = await get<FacturaDetalle>('/ventas/detalle-factura', { id: docs[0].id });
    expect(byId.data).toEqual(byNumber.data);
    const missing = await api.call('admin', 'GET', '/api/ventas/detalle-factura?numero=F-CCS-999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('F-CCS-999999');
    const none = await api.call('admin', 'GET', '/api/ventas/detalle-factura');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.numero[0]).toBe('Indique el número del documento');
    expect((await api.call('admin', 'GET', '/api/ventas/detalle-factura?id=0')).statusCode).toBe(422);
  });
});

describe('resumen por tienda y gráficos', () => {
  it('las tiendas suman los totales y las unidades vendidas menos las devueltas; aparecen también las tiendas sin ventas', async () => {
    const [{ data: stores }, { data: totales }, [{ n: tiendas }]] = await Promise.all([
      get<ResumenTienda[]>('/v2/dashboard/venta/tienda', range()),
      get<VentasTotales>('/ventas/totales', range()),
      rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM tiendas`),
    ]);
    expect(stores.length).toBe(tiendas);
    for (const key of ['baseImponibleUsd', 'baseImponibleVes', 'ivaUsd', 'ivaVes', 'igtfUsd', 'igtfVes', 'totalUsd', 'totalVes'] as const) {
      expect(fromCents(stores.reduce((s, r) => s + toCents(r[key]), 0)), key).toBe(totales[key]);
    }
    const units = docs.reduce((s, d) => s + d.lines.reduce((u, l) => u + l.quantity - (l.returnedQuantity ?? 0), 0), 0);
    expect(stores.reduce((s, r) => s + r.unidades, 0)).toBe(units);
  });

  it('por línea: el neto después de descuentos y devoluciones suma la base imponible; por método: lo cobrado', async () => {
    type Serie = { key: string; label: string; documentos: number; totalUsd: string; totalVes: string; unidades?: number };
    const { data } = await get<{
      porLinea: Serie[];
      porVendedor: Serie[];
      porTienda: Serie[];
      porMetodo: { key: string; amountUsd: string; pagos: number }[];
    }>('/ventas/graficos', range());
    const totales = (await get<VentasTotales>('/ventas/totales', range())).data;
    expect(fromCents(data.porLinea.reduce((s, r) => s + toCents(r.totalUsd), 0))).toBe(totales.baseImponibleUsd);
    const byLinea = new Map<string, number>();
    for (const d of docs) {
      for (const l of d.lines) {
        const net = saleLine(l);
        byLinea.set(String(l.lineaId), (byLinea.get(String(l.lineaId)) ?? 0) + net.netCents - net.returnedCents);
      }
    }
    expect(Object.fromEntries(data.porLinea.map((r) => [r.key, toCents(r.totalUsd)]))).toEqual(Object.fromEntries(byLinea));
    expect(data.porLinea.every((r) => r.label !== 'Sin línea')).toBe(true);
    for (const serie of [data.porVendedor, data.porTienda]) {
      expect(fromCents(serie.reduce((s, r) => s + toCents(r.totalVes), 0))).toBe(totales.totalVes);
    }
    const [cobrado] = await rows<{ usd: string; n: number }>(
      t,
      sql`SELECT sum(x.usd)::text AS usd, count(*)::int AS n FROM (
            SELECT p.amount_usd AS usd FROM venta_pagos p JOIN ventas v ON v.id = p.venta_id WHERE v.created_at >= ${WINDOW.from} AND v.created_at <= ${WINDOW.to}
            UNION ALL
            SELECT a.total FROM abonos a JOIN ventas v ON v.id = a.venta_id WHERE a.step = 'aprobado' AND v.created_at >= ${WINDOW.from} AND v.created_at <= ${WINDOW.to}) x`,
    );
    expect(fromCents(data.porMetodo.reduce((s, r) => s + toCents(r.amountUsd), 0))).toBe(fromCents(toCents(cobrado.usd)));
    expect(data.porMetodo.reduce((s, r) => s + r.pagos, 0)).toBe(cobrado.n);
  });
});

async function download(path: string, query: Query, role = 'admin') {
  const response = await api.call(role, 'GET', `/api${path}${qs(query)}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response;
}

async function readXlsx(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('sin hoja');
  return sheet;
}

const cents = (value: unknown) => toCents(String(value));
const csvCents = (value: string) => toCents(value.replace(',', '.'));

describe('exportar', () => {
  const query = (): Query => ({ ...range(), 'filter_advance[condicion]': 'contado', sort_by: 'total' });

  it('XLSX: las mismas filas y en el mismo orden que la lista, cifras como números, fechas como fechas dd/mm/aaaa y una fila de totales igual a /totales', async () => {
    const [list, { data: totales }, response] = await Promise.all([
      allRows<VentaFila>('/ventas', query()),
      get<VentasTotales>('/ventas/totales', query()),
      download('/ventas/exportar', { ...query(), formato: 'xlsx' }),
    ]);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(`ventas_${FROM}_${TO}.xlsx`);
    const sheet = await readXlsx(response.rawPayload);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Número', 'Tipo', 'Fecha']);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(sheet.rowCount).toBe(list.length + 2);
    for (const [i, r] of list.entries()) {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(r.number);
      const date = row.getCell(col('Fecha'));
      expect(date.value).toBeInstanceOf(Date);
      expect((date.value as Date).toISOString().slice(0, 10)).toBe(caracasIsoDate(r.createdAt));
      expect(date.numFmt).toBe('dd/mm/yyyy');
      expect(typeof row.getCell(col('Total $')).value).toBe('number');
      expect(cents(row.getCell(col('Total $')).value)).toBe(toCents(r.total));
      expect(cents(row.getCell(col('Total Bs.')).value)).toBe(toCents(r.totalVes));
    }
    const last = sheet.getRow(list.length + 2);
    expect(last.getCell(1).value).toBe('Totales');
    for (const f of FIGURES) {
      for (const [suffix, currency] of [
        ['$', 'Usd'],
        ['Bs.', 'Ves'],
      ] as const) {
        const column = col(
          `${{ subtotal: 'Subtotal', descuento: 'Descuento', devoluciones: 'Devoluciones', baseImponible: 'Base imponible', iva: 'IVA', igtf: 'IGTF', comision: 'Comisión', envio: 'Envío', total: 'Total' }[f]} ${suffix}`,
        );
        expect(column, `${f} ${suffix}`).toBeGreaterThan(0);
        const expected = toCents(totales[`${f}${currency}` as keyof VentasTotales] as string);
        expect(cents(last.getCell(column).value), `${f} ${suffix}`).toBe(expected);
        let sum = 0;
        for (let i = 0; i < list.length; i++) sum += cents(sheet.getRow(i + 2).getCell(column).value);
        expect(sum, `Σ ${f} ${suffix}`).toBe(expected);
      }
    }
  });

  it('CSV: las mismas filas, coma decimal, fechas dd/mm/aaaa y los mismos totales', async () => {
    const [list, { data: totales }, response] = await Promise.all([
      allRows<VentaFila>('/ventas', query()),
      get<VentasTotales>('/ventas/totales', query()),
      download('/ventas/exportar', { ...query(), formato: 'csv' }),
    ]);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...body] = parseCsv(response.body);
    const last = body.pop() ?? [];
    expect(body.map((r) => r[0])).toEqual(list.map((r) => r.number));
    expect(body.map((r) => r[header.indexOf('Fecha')])).toEqual(list.map((r) => formatDate(r.createdAt)));
    const total = header.indexOf('Total $');
    const totalVes = header.indexOf('Total Bs.');
    expect(body.reduce((s, r) => s + csvCents(r[total]), 0)).toBe(toCents(totales.totalUsd));
    expect(body.reduce((s, r) => s + csvCents(r[totalVes]), 0)).toBe(toCents(totales.totalVes));
    expect(last[0]).toBe('Totales');
    expect(last[total]).toBe(totales.totalUsd.replace('.', ','));
    expect(last[totalVes]).toBe(totales.totalVes.replace('.', ','));
    expect(csvCents(last[header.indexOf('IGTF Bs.')])).toBe(toCents(totales.igtfVes));
  });

  it('sin formato o con uno desconocido es 422', async () => {
    expect((await api.call('admin', 'GET', '/api/ventas/exportar')).statusCode).toBe(422);
    expect((await api.call('admin', 'GET', '/api/ventas/exportar?formato=pdf')).json().errors.formato[0]).toBe(
      'El formato debe ser xlsx o csv',
    );
  });
});

describe('pagos recibidos', () => {
  async function plainSums() {
    return rows<{ method: string; currency: string; pagos: number; usd: string; amount: string }>(
      t,
      sql`SELECT method, currency, count(*)::int AS pagos, sum(usd)::text AS usd, sum(amount)::text AS amount FROM (
            SELECT p.method, p.currency, p.amount_usd AS usd, p.amount - p.change AS amount FROM venta_pagos p WHERE p.created_at >= ${WINDOW.from} AND p.created_at < ${new Date(`2025-07-01T00:00:00-04:00`)}
            UNION ALL
            SELECT a.method, a.currency, a.total, a.amount FROM abonos a WHERE a.step = 'aprobado' AND a.created_at >= ${WINDOW.from} AND a.created_at < ${new Date(`2025-07-01T00:00:00-04:00`)}) x
          GROUP BY method, currency`,
    );
  }

  it('los pagos de las ventas y los abonos aprobados (no los pendientes ni los rechazados), con su resumen por método', async () => {
    const [{ vuelto }] = await rows<{ vuelto: string }>(t, sql`SELECT sum(change)::text AS vuelto FROM venta_pagos`);
    expect(toCents(vuelto)).toBeGreaterThan(0);
    const plain = await plainSums();
    const body = await get<PagoFila[]>('/ventas/pagos', range());
    expect(body.meta?.total).toBe(plain.reduce((n, p) => n + p.pagos, 0));
    const resumen = Object.fromEntries((body.resumen ?? []).map((r) => [`${r.method}/${r.currency}`, [r.pagos, r.amountUsd, r.amount]]));
    expect(resumen).toEqual(
      Object.fromEntries(
        plain.map((p) => [`${p.method}/${p.currency}`, [p.pagos, fromCents(toCents(p.usd)), fromCents(toCents(p.amount))]]),
      ),
    );
    const dates = body.data.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.data.every((p) => p.methodLabel !== p.method || p.method === 'zelle')).toBe(true);
    const abonos = await get<PagoFila[]>('/ventas/pagos', { ...range(), 'filter_advance[origen]': 'abono' });
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM abonos WHERE step = 'aprobado' AND created_at >= ${WINDOW.from} AND created_at < ${new Date('2025-07-01T00:00:00-04:00')}`,
    );
    expect(n).toBeGreaterThan(0);
    expect(abonos.meta?.total).toBe(n);
    expect(abonos.data.every((p) => p.origen === 'abono')).toBe(true);
    const tienda = docs[2].tiendaId;
    const [{ n: enTienda }] = await rows<{ n: number }>(
      t,
      sql`SELECT (SELECT count(*) FROM venta_pagos p JOIN ventas v ON v.id = p.venta_id WHERE v.tienda_id = ${tienda} AND p.created_at >= ${WINDOW.from} AND p.created_at < ${new Date('2025-07-01T00:00:00-04:00')})
               + (SELECT count(*) FROM abonos a JOIN ventas v ON v.id = a.venta_id WHERE a.step = 'aprobado' AND v.tienda_id = ${tienda} AND a.created_at >= ${WINDOW.from} AND a.created_at < ${new Date('2025-07-01T00:00:00-04:00')})
               AS n`,
    );
    const deTienda = await get<PagoFila[]>('/ventas/pagos', { ...range(), 'filter_advance[tienda]': tienda, per_page: 100 });
    expect(deTienda.meta?.total).toBe(Number(enTienda));
    const withPayments = docs.find((d) => d.paymentsCount > 1) ?? docs.find((d) => d.paymentsCount > 0);
    const buscados = await get<PagoFila[]>('/ventas/pagos', { ...range(), search: withPayments?.number });
    expect(buscados.data.map((p) => p.number)).toEqual(Array(withPayments?.paymentsCount).fill(withPayments?.number));
    const zelle = await get<PagoFila[]>('/ventas/pagos', { ...range(), 'filter_advance[payment_method]': 'zelle' });
    expect(zelle.meta?.total).toBe(plain.filter((p) => p.method === 'zelle').reduce((s, p) => s + p.pagos, 0));
  });

  it('la hoja de pagos trae las mismas filas y el total en USD del resumen', async () => {
    const body = await get<PagoFila[]>('/ventas/pagos', range());
    const response = await download('/ventas/pagos/exportar', { ...range(), formato: 'xlsx' });
    const sheet = await readXlsx(response.rawPayload);
    expect(sheet.rowCount).toBe((body.meta?.total ?? 0) + 2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const usd = header.indexOf('Monto $') + 1;
    let sum = 0;
    for (let i = 2; i < sheet.rowCount; i++) sum += cents(sheet.getRow(i).getCell(usd).value);
    const expected = (body.resumen ?? []).reduce((s, r) => s + toCents(r.amountUsd), 0);
    expect(sum).toBe(expected);
    expect(cents(sheet.getRow(sheet.rowCount).getCell(usd).value)).toBe(expected);
    expect(sheet.getRow(2).getCell(3).value).toBe(body.data[0].number);
    const csv = await download('/ventas/pagos/exportar', { ...range(), formato: 'csv' });
    const [, ...lines] = parseCsv(csv.body);
    expect(lines.length).toBe((body.meta?.total ?? 0) + 1);
  });
});

describe('búsquedas de los filtros', () => {
  it('vendedores, clientes y documentos por lo escrito', async () => {
    const sellers = await get<{ code: string }[]>('/ventas/buscar-vendedor', { search: 'v01' });
    expect(sellers.data.map((s) => s.code)).toEqual(['V01']);
    const customers = await get<{ name: string }[]>('/ventas/buscar-cliente', { search: 'prueba 1' });
    expect(customers.data.length).toBeGreaterThan(1);
    expect(customers.data.every((c) => c.name.includes('prueba 1'))).toBe(true);
    const documentos = await get<{ number: string }[]>('/ventas/buscar-documento', { search: docs[4].number });
    expect(documentos.data.map((d) => d.number)).toEqual([docs[4].number]);
    expect((await get<unknown[]>('/ventas/buscar-vendedor', { search: '%' })).data).toEqual([]);
  });
});
