// The IGTF of staff sales as a setting: who may read and change it, the Spanish 422s of a bad rate,
// who changed it and when, and a counter sale charging the new rate (or nothing when it is off),
// with that rate named on its PDF.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { articuloDeCien } from '#test/mostrador.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let ccs: number;
/** An article of a model priced 100.00 with no promotion and no automatic discount, stocked at CCS. */
let article: string;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  ({ article, ccs } = await articuloDeCien(t, api, 20));
});

/** The document's PDF as text (pdftotext, poppler-utils). */
async function pdfText(numero: string): Promise<string> {
  const response = await api.call('admin', 'GET', `/api/ventas/documento/${numero}/pdf`);
  expect(response.statusCode).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-igtf-'));
  try {
    const file = path.join(dir, 'documento.pdf');
    writeFileSync(file, response.rawPayload);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

afterAll(async () => {
  await t?.close();
});

const leer = (role = 'admin') => api.call(role, 'GET', '/api/config/igtf');
const fijar = (body: object, role = 'admin') => api.call(role, 'PATCH', '/api/config/igtf', body);

let dniCounter = 31_000_000;
let refCounter = 0;

/** One unit (100.00 + IVA 16.00) paid with Zelle 100.00 and the rest by pago móvil at Bs. 40. */
async function venderConZelle(pagoMovilBs: string) {
  dniCounter += 1;
  refCounter += 1;
  const token = await api.tokenOf('vendedor-admin');
  return t.app.inject(
    asBearer(token, {
      method: 'POST',
      url: '/api/ventas/registrar',
      headers: { 'idempotency-key': randomUUID() },
      remoteAddress: nextIp(),
      payload: {
        cliente: { dni: `V-${dniCounter}`, name: 'Cliente del IGTF' },
        tiendaId: ccs,
        lines: [{ articleCode: article, quantity: 1 }],
        condition: 'contado',
        payments: [
          { method: 'zelle', amount: '100.00', reference: `ZL-IGTF-${refCounter}` },
          { method: 'pago-movil', amount: pagoMovilBs, reference: `PM${900000 + refCounter}`, bankCode: '0134' },
        ],
      },
    }),
  );
}

describe('IGTF de las ventas del personal', () => {
  it('sin guardar nada: se cobra el 3 % y nadie lo ha cambiado', async () => {
    const response = await leer();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ cobrar: true, tasa: '3.00', basisPoints: 300, updatedAt: null, updatedBy: null });
  });

  it('solo el admin lo lee y lo cambia: administración, ventas, despacho, inventario y clientes 403; sin sesión 401', async () => {
    for (const role of ['administracion', 'vendedor-admin', 'despacho', 'inventario', 'cliente']) {
      expect((await leer(role)).statusCode, role).toBe(403);
      expect((await fijar({ cobrar: false, tasa: '5' }, role)).statusCode, role).toBe(403);
    }
    expect((await leer('anonimo')).statusCode).toBe(401);
    expect((await fijar({ cobrar: false, tasa: '5' }, 'anonimo')).statusCode).toBe(401);
    expect((await leer()).json().data).toMatchObject({ cobrar: true, basisPoints: 300 });
  });

  it('una tasa negativa, de más del 10 %, en letras o que no es texto: 422 en español y nada cambia', async () => {
    const cases: [unknown, string][] = [
      ['-1', 'La tasa del IGTF no puede ser negativa'],
      ['10,01', 'La tasa del IGTF no puede pasar del 10 %'],
      ['11', 'La tasa del IGTF no puede pasar del 10 %'],
      ['tres', 'La tasa del IGTF debe ser un porcentaje con hasta 2 decimales (ejemplo: 3 o 3,5)'],
      ['3,555', 'La tasa del IGTF debe ser un porcentaje con hasta 2 decimales (ejemplo: 3 o 3,5)'],
      ['', 'La tasa del IGTF debe ser un porcentaje con hasta 2 decimales (ejemplo: 3 o 3,5)'],
      [3, 'Escriba la tasa del IGTF en porcentaje (ejemplo: 3 o 3,5)'],
    ];
    for (const [tasa, message] of cases) {
      const response = await fijar({ cobrar: true, tasa });
      expect(response.statusCode, String(tasa)).toBe(422);
      expect(response.json().errors, String(tasa)).toEqual({ tasa: [message] });
    }
    const noSwitch = await fijar({ tasa: '3' });
    expect(noSwitch.statusCode).toBe(422);
    expect(noSwitch.json().errors).toEqual({ cobrar: ['Indique si se cobra el IGTF (sí o no)'] });
    expect((await leer()).json().data).toMatchObject({ cobrar: true, basisPoints: 300, updatedAt: null });
  });

  it('acepta coma o punto decimal, 0 y 10 %', async () => {
    for (const [tasa, basisPoints, text] of [
      ['3,25', 325, '3.25'],
      ['3.5', 350, '3.50'],
      ['0', 0, '0.00'],
      ['10', 1000, '10.00'],
      ['4,05 %', 405, '4.05'],
    ] as const) {
      const response = await fijar({ cobrar: true, tasa });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data, tasa).toMatchObject({ cobrar: true, basisPoints, tasa: text });
    }
  });

  it('guarda quién y cuándo, sin tocar al encargado de las ventas web', async () => {
    const admin = await api.call('admin', 'GET', '/api/venta/user-in-charge-of-sales');
    const ventas = (admin.json().data.options as { id: number; email: string }[]).find((u) => u.email === 'ventas@vitrina.com.ve');
    expect(ventas).toBeDefined();
    expect((await api.call('admin', 'POST', '/api/venta/user-in-charge-of-sales', { user_id: ventas?.id })).statusCode).toBe(200);

    const before = Date.now();
    const saved = await fijar({ cobrar: true, tasa: '3,5' });
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json().data;
    expect(data).toMatchObject({ cobrar: true, tasa: '3.50', basisPoints: 350, updatedBy: { email: 'admin@vitrina.com.ve' } });
    expect(Date.parse(data.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await leer()).json().data).toEqual(data);

    const [row] = await rows<{ igtf_charged: boolean; igtf_basis_points: number; updated_by: number; email: string }>(
      t,
      sql`SELECT a.igtf_charged, a.igtf_basis_points, a.updated_by, u.email FROM ajustes_venta a JOIN usuarios u ON u.id = a.updated_by`,
    );
    expect(row).toMatchObject({ igtf_charged: true, igtf_basis_points: 350, email: 'admin@vitrina.com.ve' });
    expect((await api.call('admin', 'GET', '/api/venta/user-in-charge-of-sales')).json().data.user?.email).toBe('ventas@vitrina.com.ve');
  });

  it('una venta de mostrador cobra la tasa nueva, y nada cuando se deja de cobrar', async () => {
    expect((await fijar({ cobrar: true, tasa: '3,5' })).statusCode).toBe(200);
    const datos = await api.call('vendedor-admin', 'GET', '/api/ventas/datos-de-venta');
    expect(datos.json().data.igtf).toEqual({ charged: true, basisPoints: 350 });
    // 100 + IVA 16 = 116; Zelle 100 lleva 3,50 de IGTF: total 119,50; faltan 19,50 = Bs. 780,00.
    const charged = await venderConZelle('780.00');
    expect(charged.statusCode, charged.body).toBe(201);
    expect(charged.json().data).toMatchObject({ iva: '16.00', igtf: '3.50', total: '119.50', paymentStatus: 'pagada' });
    // Its PDF names the rate it was charged at, and keeps it after the setting changes.
    expect(await pdfText(charged.json().data.number)).toMatch(/IGTF 3,5 % \(pagos en divisas\)\s+\$ 3,50/);

    const off = await fijar({ cobrar: false, tasa: '3,5' });
    expect(off.json().data).toMatchObject({ cobrar: false, basisPoints: 350 });
    // Off: 116 with no IGTF; faltan 16 = Bs. 640,00.
    const free = await venderConZelle('640.00');
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().data).toMatchObject({ iva: '16.00', igtf: '0.00', total: '116.00', paymentStatus: 'pagada' });
    const [pago] = await rows<{ igtf: string }>(
      t,
      sql`SELECT p.igtf::text AS igtf FROM venta_pagos p JOIN ventas v ON v.id = p.venta_id WHERE v.number = ${free.json().data.number} AND p.method = 'zelle'`,
    );
    expect(Number(pago.igtf)).toBe(0);
    expect((await fijar({ cobrar: true, tasa: '2' })).statusCode).toBe(200);
    expect(await pdfText(charged.json().data.number)).toContain('IGTF 3,5 %');
    expect(await pdfText(free.json().data.number)).toMatch(/IGTF 0 % \(pagos en divisas\)\s+\$ 0,00/);
  });
});
