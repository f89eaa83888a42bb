// Voiding a written sale through the API: the units go back through the stock ledger, the document
// stays listed as anulada and leaves the totals, the payments and the receivables; a note with
// abonos is refused; two voids at once give the units back once; a web order cancelled after its
// payment was confirmed voids its factura. Runs on PGlite and on PostgreSQL (vitest.pg.config.ts).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caracasIsoDate } from '#domain/dates.ts';
import { findOrCreateCliente } from '#server/modules/ventas/ventas.documentos.repo.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { articuloDeCien, ledgerMismatches } from '#test/mostrador.ts';
import { orderBody, otroComprador, reportadoExacto } from '#test/ordenes.ts';
import { asBearer, nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let ccs: number;
/** An article priced 100.00 (116.00 with IVA) with no promotion nor automatic discount. */
let article: string;
const today = caracasIsoDate(new Date());

beforeAll(async () => {
  t = await buildTestApp({ ORDENES_IMPAGAS_POR_CONTACTO: '100', ORDENES_IMPAGAS_POR_IP: '100' });
  api = ordenesDriver(t);
  ({ article, ccs } = await articuloDeCien(t, api, 100));
});

afterAll(async () => {
  await t?.close();
});

async function enMano(): Promise<number> {
  const [row] = await rows<{ quantity: number }>(
    t,
    sql`SELECT quantity FROM inventario WHERE article_code = ${article} AND tienda_id = ${ccs}`,
  );
  return row.quantity;
}

let dniCounter = 32_000_000;

/** A counter sale of `units` at CCS: contado paid in bolívares (116.00 × units at Bs. 40), or on credit. */
async function vender(units: number, condition: 'contado' | 'credito' = 'contado', dni = `V-${++dniCounter}`) {
  const token = await api.tokenOf('vendedor-admin');
  const response = await t.app.inject(
    asBearer(token, {
      method: 'POST',
      url: '/api/ventas/registrar',
      headers: { 'idempotency-key': randomUUID() },
      remoteAddress: nextIp(),
      payload: {
        cliente: { dni, name: 'Cliente de la anulación' },
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

/** A customer with credit, for notas de entrega. */
async function clienteConCredito(): Promise<string> {
  const dni = `V-${++dniCounter}`;
  const cliente = await findOrCreateCliente(t.database.db, { dni, name: 'Cliente a crédito' });
  const response = await api.call('administracion', 'PATCH', '/api/ventas/clientes/credito', {
    clienteId: cliente.id,
    creditLimit: '5000.00',
    creditDays: 30,
  });
  expect(response.statusCode, response.body).toBe(200);
  return dni;
}

const anular = (numero: string, motivo = 'El cliente desistió de la compra', role = 'vendedor-admin') =>
  api.call(role, 'POST', '/api/ventas/anular', { numero, motivo });

async function totalesDeHoy() {
  const response = await api.call(
    'admin',
    'GET',
    `/api/ventas/totales?filter_advance[date_from]=${today}&filter_advance[date_to]=${today}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json().data as { documentos: number; totalUsd: string; totalVes: string };
}

describe('anular una venta escrita', () => {
  it('una factura: sus unidades vuelven por el libro, queda en la lista marcada y sale de los totales y de los pagos', async () => {
    const before = await totalesDeHoy();
    const stock = await enMano();
    const factura = await vender(3);
    expect(await enMano()).toBe(stock - 3);
    const after = await totalesDeHoy();
    expect(after.documentos).toBe(before.documentos + 1);

    const response = await anular(factura.number.toLowerCase(), '  Error al cobrar: se repite la venta  ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ number: factura.number, voidReason: 'Error al cobrar: se repite la venta', unidades: 3 });
    expect(await enMano()).toBe(stock);
    const [movement] = await rows<{ kind: string; quantity: number; note: string }>(
      t,
      sql`SELECT kind, quantity, note FROM movimientos_inventario WHERE reference = ${factura.number} ORDER BY id DESC LIMIT 1`,
    );
    expect(movement).toMatchObject({ kind: 'devolucion', quantity: 3 });
    expect(movement.note).toContain('Anulación');
    expect(await ledgerMismatches(t)).toEqual([]);

    expect(await totalesDeHoy()).toEqual(before);
    const list = await api.call('admin', 'GET', `/api/ventas?search=${factura.number}`);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ number: factura.number, anulada: true });
    const detalle = await api.call('admin', 'GET', `/api/ventas/detalle-factura?numero=${factura.number}`);
    expect(detalle.json().data.bill.voided).toMatchObject({ reason: 'Error al cobrar: se repite la venta' });
    expect(detalle.json().data.bill.voided.by).toBeTruthy();
    const pagos = await api.call('admin', 'GET', `/api/ventas/pagos?search=${factura.number}`);
    expect(pagos.statusCode).toBe(200);
    expect(pagos.json().data).toEqual([]);

    // Its PDF says so, or a printed copy could still pass for a valid invoice.
    const pdf = await api.call('admin', 'GET', `/api/ventas/documento/${factura.number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload, encoding: 'utf8' });
    expect(text).toContain('ANULADA');
    expect(text).toContain('DOCUMENTO ANULADO');
    expect(text).toContain('Motivo: Error al cobrar: se repite la venta');

    const twice = await anular(factura.number);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`La factura ${factura.number} ya está anulada.`);
    expect(await enMano()).toBe(stock);
  });

  it('una nota de entrega sin abonos sale de las cuentas por cobrar y de lo que debe el cliente; ya no recibe abonos', async () => {
    const dni = await clienteConCredito();
    const nota = await vender(2, 'credito', dni);
    const owed = async () => {
      const response = await api.call('administracion', 'GET', `/api/mayor/cuentas/listado/todas?search=${dni}`);
      return response.json() as { data: { number: string }[]; totals: { outstandingBalance: string } };
    };
    expect((await owed()).data.map((d) => d.number)).toEqual([nota.number]);
    expect((await owed()).totals.outstandingBalance).toBe('232.00');

    const response = await anular(nota.number, 'Precio equivocado', 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(await owed()).toMatchObject({ data: [], totals: { outstandingBalance: '0.00' } });
    const clientes = await api.call('administracion', 'GET', `/api/ventas/clientes?search=${dni}`);
    expect(clientes.json().data[0]).toMatchObject({ owed: '0.00', overdue: false });

    const abono = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: 'zelle',
      reference: 'ZL-ANULADA-1',
      amount: '10.00',
    });
    expect(abono.statusCode).toBe(409);
    expect(abono.json().message).toBe(`La nota de entrega ${nota.number} está anulada.`);
  });

  it('una nota con abonos aprobados o por aprobar no se anula (409) y nada cambia', async () => {
    const dni = await clienteConCredito();
    const nota = await vender(1, 'credito', dni);
    const stock = await enMano();
    const registered = await api.call('administracion', 'POST', '/api/mayor/cuentas/registrar-abono', {
      deliveryNote: nota.number,
      method: 'zelle',
      reference: 'ZL-ANULAR-2',
      amount: '16.00',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const pending = await anular(nota.number);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(
      `La nota de entrega ${nota.number} tiene abonos por aprobar: apruébelos o rechácelos antes de anularla.`,
    );

    const approved = await api.call('administracion', 'PATCH', '/api/mayor/cuentas/aprobar-abono', {
      id: registered.json().data.abono.id,
      step: 'aprobado',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const refused = await anular(nota.number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `La nota de entrega ${nota.number} tiene un abono aprobado: no se puede anular. Registre una devolución o un descuento.`,
    );
    expect(await enMano()).toBe(stock);
    const [row] = await rows<{ voided_at: Date | null; outstanding_balance: string }>(
      t,
      sql`SELECT voided_at, outstanding_balance::text FROM ventas WHERE number = ${nota.number}`,
    );
    // $ 116,00 − the $ 15,52 the Zelle abono of $ 16,00 put on the note (its $ 0,48 of IGTF apart).
    expect(row).toEqual({ voided_at: null, outstanding_balance: '100.48' });
  });

  it('solo admin y vendedor-admin anulan; un motivo corto, un número mal escrito o inexistente: mensajes claros', async () => {
    const factura = await vender(1);
    for (const role of ['administracion', 'inventario', 'despacho', 'cliente']) {
      expect((await anular(factura.number, 'Motivo suficiente', role)).statusCode, role).toBe(403);
    }
    expect((await anular(factura.number, 'Motivo suficiente', 'anonimo')).statusCode).toBe(401);
    const short = await anular(factura.number, ' no ');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ motivo: ['Escriba el motivo de la anulación (al menos 5 letras)'] });
    const bad = await anular('factura-1');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.numero[0]).toContain('La venta no es válida');
    const missing = await anular('F-CCS-999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La venta F-CCS-999999 no existe.');
    const [row] = await rows<{ voided_at: Date | null }>(t, sql`SELECT voided_at FROM ventas WHERE number = ${factura.number}`);
    expect(row.voided_at).toBeNull();
  });

  it('dos anulaciones a la vez de la misma venta devuelven sus unidades una sola vez', async () => {
    for (let round = 0; round < 3; round++) {
      const factura = await vender(2);
      const stock = await enMano();
      const answers = await Promise.all([
        anular(factura.number, 'Primera anulación'),
        anular(factura.number, 'Segunda anulación', 'admin'),
        anular(factura.number, 'Tercera anulación'),
      ]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      expect(await enMano()).toBe(stock + 2);
      const [{ n }] = await rows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM movimientos_inventario WHERE reference = ${factura.number} AND kind = 'devolucion'`,
      );
      expect(n).toBe(1);
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('una orden web anulada después de confirmado su pago anula su factura; el personal no la anula por su cuenta', async () => {
    const stock = await enMano();
    const { code } = await api.registrarOrden(
      orderBody(
        { article, storeId: ccs },
        {
          buyer: otroComprador(7001),
          quantity: 1,
          payment: { method: 'zelle', reference: 'ZL-WEB-ANULAR', amount: '116.00', date: today },
        },
      ),
      randomUUID(),
    );
    await reportadoExacto(t, code);
    expect((await api.confirmarPago(code, true)).statusCode).toBe(200);
    const [factura] = await rows<{ number: string }>(
      t,
      sql`SELECT v.number FROM ventas v JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
    );
    const refused = await anular(factura.number, 'Desde el panel', 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('es de una orden web: anule la orden de compra');

    const cancelled = await api.call('admin', 'PATCH', '/api/orden-compra/anular', { code, note: 'Sin existencia para despachar' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [voided] = await rows<{ voided_at: Date | null; void_reason: string }>(
      t,
      sql`SELECT voided_at, void_reason FROM ventas WHERE number = ${factura.number}`,
    );
    expect(voided.voided_at).not.toBeNull();
    expect(voided.void_reason).toBe(`Orden web ${code} anulada: Sin existencia para despachar`);
    // The order's hold is released; the document moves no stock of its own.
    expect(await enMano()).toBe(stock);
    const list = await api.call('admin', 'GET', `/api/ventas?search=${factura.number}`);
    expect(list.json().data[0]).toMatchObject({ anulada: true });
  });
});
