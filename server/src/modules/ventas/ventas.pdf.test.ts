// The PDFs of a factura, a nota de entrega and a customer's statement: rendered by the real route,
// turned into a picture with pdftoppm and read back with pdftotext (poppler-utils; a missing tool
// fails the test). The figures come from documents written with insertDocument.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SaleLineInput, saleLine, saleTotals } from '#domain/ventas.ts';
import { usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { tasasCambio } from '#server/modules/general/general.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import { type DocumentRow, findOrCreateCliente, insertDocument } from './ventas.documentos.repo.ts';
import { abonos, clientes, ventas } from './ventas.schema.ts';

let t: TestApp;
let dir: string;
const tokens: Record<string, string> = {};
let tiendaId: number;
let factura: DocumentRow;
let nota: DocumentRow;
let ajena: DocumentRow;
let larga: DocumentRow;
let clienteId: number;

const RATE = '36.5000';
// 4 × $25,00 − $10,00 of discount + 1 × $19,99: base $109,99, IVA 16 % $17,60, IGTF 3 % of $100 = $3,00.
const LINES: (SaleLineInput & { articleCode: string; name: string })[] = [
  {
    articleCode: 'DBL001NEGR01',
    name: 'Blusa de algodón «Añoranza»',
    priceCents: 2500,
    promotionCents: 0,
    quantity: 4,
    discountCents: 1000,
  },
  { articleCode: 'CZP002MARR02', name: 'Zapato de piel, señora', priceCents: 1999, promotionCents: 0, quantity: 1, discountCents: 0 },
];

function lineRows(lines: typeof LINES, tienda: number) {
  return lines.map((l) => ({ ...l, tiendaId: tienda, netCents: saleLine(l).netCents }));
}

async function write(condition: 'contado' | 'credito', cliente: number, lines = LINES, extra: { vendedorId?: number } = {}) {
  const totals = saleTotals(lines, { igtfCents: condition === 'contado' ? 300 : 0 });
  return t.database.db.transaction((tx) =>
    insertDocument(tx, {
      condition,
      source: 'mostrador',
      clienteId: cliente,
      vendedorId: extra.vendedorId ?? null,
      tiendaId,
      userId: null,
      rate: RATE,
      igtfBasisPoints: condition === 'contado' ? 300 : 0,
      totals,
      paidCents: condition === 'contado' ? totals.totalCents : 0,
      dueDate: condition === 'credito' ? '2026-12-24' : null,
      lines: lineRows(lines, tiendaId),
      payments:
        condition === 'contado'
          ? [
              {
                method: 'zelle',
                currency: 'USD',
                amount: (totals.totalCents / 100).toFixed(2),
                amountUsdCents: totals.totalCents,
                rate: RATE,
                reference: 'ZL-778899',
                igtfCents: 300,
              },
            ]
          : [],
    }),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'vitrina-pdf-'));
  for (const role of ['admin', 'vendedor-admin', 'administracion', 'inventario', 'cliente']) {
    tokens[role] = (await loginAs(t.app, demoEmail(role))).token;
  }
  const db = t.database.db;
  const [tienda] = await db.select({ id: tiendas.id }).from(tiendas).orderBy(tiendas.id).limit(1);
  tiendaId = tienda?.id ?? 0;
  const [vendedor] = await db.select({ id: vendedores.id }).from(vendedores).where(eq(vendedores.code, 'V01'));
  const [buyer] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.email, demoEmail('cliente')));
  const cliente = await findOrCreateCliente(db, {
    dni: 'J-301234567',
    name: 'Distribuidora Ñandú, C.A.',
    address: 'Calle Bolívar, local 4',
    city: 'Valencia',
    state: 'Carabobo',
    phone: '0241-555-0199',
    userId: buyer?.id ?? null,
  });
  clienteId = cliente.id;
  const otro = await findOrCreateCliente(db, { dni: 'V-12345678', name: 'Pedro Pérez' });
  factura = await write('contado', cliente.id, LINES, { vendedorId: vendedor?.id });
  nota = await write('credito', cliente.id);
  ajena = await write('contado', otro.id);
  const many = Array.from({ length: 70 }, (_, i) => ({ ...LINES[1], articleCode: `CZP${String(i).padStart(3, '0')}MARR02` }));
  larga = await write('credito', otro.id, many as typeof LINES);
  // An approved Zelle abono of $51,55: $1,55 of IGTF (3 %) and $50 to the nota; a rejected one adds no IGTF.
  await db.insert(abonos).values([
    {
      ventaId: nota.id,
      step: 'aprobado',
      method: 'zelle',
      amount: '51.55',
      total: '50.00',
      igtf: '1.55',
      rate: RATE,
      reference: 'AB-1234',
      paidOn: '2026-11-20',
    },
    {
      ventaId: nota.id,
      step: 'rechazado',
      method: 'zelle',
      amount: '10.00',
      total: '9.70',
      igtf: '0.30',
      rate: RATE,
      reference: 'AB-9',
      paidOn: '2026-11-21',
    },
  ]);
  await db
    .update(ventas)
    .set({ balancePaid: '50.00', outstandingBalance: '77.59', paymentStatus: 'abonada' })
    .where(eq(ventas.id, nota.id));
});

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function get(url: string, role?: string) {
  return t.app.inject({ url, remoteAddress: nextIp(), headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });
}

/** The PDF as text (pdftotext -layout) and the size of its first page drawn at 50 dpi (pdftoppm). */
function inspect(name: string, body: Buffer): { text: string; pages: number; width: number; height: number } {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, body);
  execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(dir, name)]);
  const pngs = readdirSync(dir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'));
  expect(pngs.length).toBeGreaterThan(0);
  const png = readFileSync(path.join(dir, pngs.sort()[0] ?? ''));
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { text, pages: pngs.length, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('PDF de la factura', () => {
  it('sale como PDF en línea con su nombre, sin caché, con las cifras en US$ y Bs. y los datos fiscales', async () => {
    const response = await get(`/api/ventas/documento/${factura.number}/pdf`, 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${factura.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { text, pages, width, height } = inspect('factura', response.rawPayload);
    // Carta at 50 dpi: 425 × 550 px.
    expect(pages).toBe(1);
    expect(width).toBeGreaterThan(400);
    expect(width).toBeLessThan(450);
    expect(height).toBeGreaterThan(530);
    expect(height).toBeLessThan(570);

    expect(text).toContain('FACTURA');
    expect(text).toContain(factura.number);
    expect(text).toMatch(/N° de control\s+00-\d{8}/);
    expect(text).toContain(factura.controlNumber);
    // Without an imprenta digital (IMPRENTA_*) the number is the store's own: the PDF says it is not the fiscal invoice.
    expect(text).toMatch(
      /El número de control de este documento es interno de la tienda, no asignado por una imprenta\s+digital: no es la\s+factura fiscal\./,
    );
    expect(text).not.toContain('POR EMITIR');
    // The company and the customer.
    expect(text).toContain('Vitrina Moda C.A.');
    expect(text).toContain('RIF: J-41234567-8');
    expect(text).toContain('0212-555-0100');
    expect(text).toContain('Distribuidora Ñandú, C.A.');
    expect(text).toContain('J-30123456-7');
    expect(text).toContain('Calle Bolívar, local 4');
    expect(text).toContain('Luis Rodríguez');
    // Lines: code, description with its accents, quantity, unit price, discount, amount.
    expect(text).toMatch(/DBL001NEGR01\s+Blusa de algodón «Añoranza»\s+4\s+25,00\s+10,00\s+90,00\s+3\.285,00/);
    // Totals: base 109,99, IVA 17,60, IGTF 3,00, total 130,59; in Bs. at 36,50.
    expect(text).toMatch(/Base imponible\s+\$ 109,99\s+Bs\. 4\.014,64/);
    expect(text).toMatch(/IVA 16 %\s+\$ 17,60\s+Bs\. 642,40/);
    expect(text).toMatch(/IGTF 3 %.*\$ 3,00\s+Bs\. 109,50/);
    expect(text).toMatch(/TOTAL\s+\$ 130,59\s+Bs\. 4\.766,54/);
    expect(text).toContain('Bs. 36,5000 por US$ 1');
    expect(text).toContain('Zelle');
    expect(text).toContain('ZL-778899');
    expect(text).toContain('Página 1 de 1');
  });

  it('la nota de entrega lleva el vencimiento, los abonos y el saldo pendiente', async () => {
    const response = await get(`/api/ventas/documento/${nota.number}/pdf`, 'administracion');
    expect(response.statusCode).toBe(200);
    const { text } = inspect('nota', response.rawPayload);
    expect(text).toContain('NOTA DE ENTREGA');
    expect(text).toContain(nota.controlNumber);
    expect(text).toMatch(/interno de la tienda, no asignado por una imprenta\s+digital: no es el\s+documento fiscal\./);
    expect(text).toMatch(/Vence\s+24\/12\/2026/);
    expect(text).toContain('Crédito');
    expect(text).toContain('AB-1234');
    expect(text).toContain('20/11/2026');
    // The IGTF really charged: $1,55 of the approved abono (not the rejected one), in the totals and the
    // abonos' table; the nota's own total 109,99 + 17,60 = 127,59; 50 paid; 77,59 owed (Bs. 2.832,04).
    expect(text).toMatch(/IGTF \(pagos en divisas\)\s+\$ 1,55\s+Bs\. 56,58/);
    expect(text).toMatch(/TOTAL\s+\$ 129,14\s+Bs\. 4\.713,62/);
    expect(text).toMatch(/AB-1234\s+Aprobado\s+\$ 50,00\s+\$ 1,55/);
    expect(text).toMatch(/Total de la nota\s+\$ 127,59/);
    expect(text).toMatch(/IGTF aparte del saldo\s+\$ 1,55/);
    expect(text).toMatch(/Abonado\s+\$ 50,00\s+Bs\. 1\.825,00/);
    expect(text).toMatch(/Saldo pendiente \(Abonada\)\s+\$ 77,59\s+Bs\. 2\.832,04/);
  });

  it('los números de control siguen una sola serie por tienda para facturas y notas', () => {
    const seq = (d: DocumentRow) => Number((d.controlNumber ?? '').slice(3));
    expect(seq(nota)).toBe(seq(factura) + 1);
    expect(seq(ajena)).toBe(seq(nota) + 1);
    expect(factura.number.startsWith('F-')).toBe(true);
    expect(nota.number.startsWith('NE-')).toBe(true);
  });

  it('muchos renglones pasan a otra página con la cabecera de la tabla y "Página n de m"', async () => {
    const response = await get(`/api/ventas/documento/${larga.number}/pdf`, 'vendedor-admin');
    expect(response.statusCode).toBe(200);
    const { text, pages } = inspect('larga', response.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Página 1 de ${pages}`);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text.match(/Precio unit\. \$/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('CZP069MARR02');
  });

  it('el cliente descarga las suyas; las ajenas, otro personal o un número desconocido dan 404; sin sesión 401; un número mal escrito 422', async () => {
    expect((await get(`/api/ventas/documento/${factura.number}/pdf`, 'cliente')).statusCode).toBe(200);
    expect((await get(`/api/ventas/documento/${ajena.number}/pdf`, 'cliente')).statusCode).toBe(404);
    expect((await get(`/api/ventas/documento/${factura.number}/pdf`, 'inventario')).statusCode).toBe(404);
    expect((await get('/api/ventas/documento/F-CCS-999999/pdf', 'admin')).statusCode).toBe(404);
    expect((await get(`/api/ventas/documento/${factura.number}/pdf`)).statusCode).toBe(401);
    const bad = await get('/api/ventas/documento/hola/pdf', 'admin');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.numero[0]).toContain('no es válido');
  });
});

describe('PDF del estado de cuenta', () => {
  it('lista las notas de entrega del cliente con sus saldos en US$ y en Bs. a la tasa de hoy, y la antigüedad', async () => {
    // The nota was made at Bs. 36,50; today the rate is Bs. 318,7425: what is owed in Bs. is at today's rate.
    await t.database.db
      .insert(tasasCambio)
      .values({ amount: '318.7425', note: 'tasa de hoy', createdAt: new Date('2026-11-23T13:00:00Z') });
    const now = await get(`/api/mayor/cuentas/estado-de-cuenta/${clienteId}/pdf`, 'administracion');
    expect(now.statusCode).toBe(200);
    expect(now.headers['content-type']).toBe('application/pdf');
    expect(now.headers['content-disposition']).toMatch(/^inline; filename="estado-de-cuenta_J-30123456-7_\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(now.headers['cache-control']).toBe('no-store');
    const { text, width } = inspect('estado', now.rawPayload);
    expect(width).toBeGreaterThan(400);
    expect(text).toContain('ESTADO DE CUENTA');
    expect(text).toContain('Distribuidora Ñandú, C.A.');
    expect(text).toContain(nota.number);
    expect(text).not.toContain(factura.number);
    expect(text).toMatch(/SALDO PENDIENTE\s+\$ 77,59\s+Bs\. 24\.731,23/);
    expect(text).not.toContain('2.832,04');
    expect(text).toMatch(/Tasa de hoy\s+Bs\. 318,7425 por US\$,/);
    expect(text).toContain('vigente desde el 23/11/2026');
    // The nota's row: its balance in $, its own rate and Bs. total as history, its balance in Bs. today.
    expect(text).toMatch(/77,59\s+4\.657,04 a 36,5000\s+24\.731,23/);
    expect(text).toMatch(/36,5000/);
    expect(text).toContain('Bs. de la nota');
    expect(text).toContain('Antigüedad');
    expect(text).toMatch(/20\/11\/2026\s+NE-[A-Z0-9]+-\d{6}\s+Zelle\s+AB-1234\s+Aprobado\s+\$ 50,00\s+\$ 1,55/);
    expect(text).toContain('Página 1 de 1');

    const byDni = await get('/api/mayor/cuentas/estado-de-cuenta/J-301234567/pdf', 'vendedor-admin');
    expect(byDni.statusCode).toBe(200);
  });

  it('el cliente ve solo el suyo; un cliente desconocido 404; uno mal escrito 422', async () => {
    expect((await get(`/api/mayor/cuentas/estado-de-cuenta/${clienteId}/pdf`, 'cliente')).statusCode).toBe(200);
    expect((await get('/api/mayor/cuentas/estado-de-cuenta/V-12345678/pdf', 'cliente')).statusCode).toBe(404);
    expect((await get('/api/mayor/cuentas/estado-de-cuenta/999999/pdf', 'admin')).statusCode).toBe(404);
    expect((await get('/api/mayor/cuentas/estado-de-cuenta/x/pdf', 'admin')).statusCode).toBe(422);
    // Past the largest id the database holds: refused before the query, never a 500.
    for (const client of ['2147483648', '9999999999']) {
      expect((await get(`/api/mayor/cuentas/estado-de-cuenta/${client}/pdf`, 'cliente')).statusCode).toBe(422);
    }
    const [linked] = await t.database.db.select({ userId: clientes.userId }).from(clientes).where(eq(clientes.id, clienteId));
    expect(linked?.userId).not.toBeNull();
  });
});
