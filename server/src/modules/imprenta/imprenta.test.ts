// Facturas through the imprenta digital, with the store's job queue and the local fake printer at the
// HTTP boundary: a counter sale and a paid web order are stored «por emitir», the job brings back
// the control number (with its date and time and the printer's identification) and the PDF prints
// it; a printer that is down, answers too late or loses its answer leaves the sale done and the
// document waiting (listed for staff), and the retries end with exactly one number per document.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLAS } from '#server/jobs/cola.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { articuloDeCien } from '#test/mostrador.ts';
import { orderBody, reportadoExacto, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';
import { IMPRENTA_FALSA_ID, type ImprentaFalsa, startImprentaFalsa } from './imprenta.falsa.ts';
import { createImprentaHttp } from './imprenta.http.ts';
import { emitirDocumento, startImprentaWorker } from './imprenta.service.ts';
import type { ImprentaDigital } from './imprenta.ts';

let fake: ImprentaFalsa;
let t: TestApp;
let api: OrdenesDriver;
let article: string;
let ccs: number;
let stocked: StockedArticle;
let dir: string;
let dni = 40_000_000;

beforeAll(async () => {
  fake = await startImprentaFalsa({ desde: 7001 });
  // The store gives up on an answer after a second and retries a second later (doubling).
  t = await buildTestApp({ ...fake.env, IMPRENTA_ESPERA_SEGUNDOS: '1', IMPRENTA_REINTENTO_SEGUNDOS: '1' });
  api = ordenesDriver(t);
  ({ article, ccs } = await articuloDeCien(t, api, 50));
  stocked = await stockedArticle(t, 20);
  dir = mkdtempSync(path.join(tmpdir(), 'vitrina-imprenta-'));
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Fiscal = { id: number; estado: string; numero_control: string | null; clave: string; intentos: number; ultimo_error: string };

async function fiscalDe(numero: string): Promise<Fiscal | undefined> {
  const [row] = await rows<Fiscal>(
    t,
    sql`SELECT id, estado, numero_control, clave, intentos, ultimo_error FROM documentos_fiscales WHERE numero = ${numero}`,
  );
  return row;
}

async function emitido(numero: string, timeout = 15_000): Promise<Fiscal> {
  await expect.poll(async () => (await fiscalDe(numero))?.estado, { timeout, interval: 100 }).toBe('emitido');
  return (await fiscalDe(numero)) as Fiscal;
}

async function vender() {
  dni += 1;
  const token = await api.tokenOf('vendedor-admin');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ventas/registrar',
    headers: { 'idempotency-key': randomUUID(), authorization: `Bearer ${token}` },
    payload: {
      cliente: { dni: `V-${dni}`, name: 'Cliente de la Imprenta' },
      tiendaId: ccs,
      lines: [{ articleCode: article, quantity: 1 }],
      condition: 'contado',
      payments: [{ method: 'pago-movil', amount: '4640.00', reference: `PM${dni}`, bankCode: '0102' }],
    },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { number: string; controlNumber: string | null; controlStatus: string };
}

function pdfText(body: Buffer): string {
  const file = path.join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function pdfDe(numero: string): Promise<string> {
  const response = await api.call('administracion', 'GET', `/api/ventas/documento/${numero}/pdf`);
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

const porEmitir = async () => {
  const response = await api.call('administracion', 'GET', '/api/imprenta/por-emitir');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    configurada: boolean;
    total: number;
    documentos: { numero: string; intentos: number; ultimoError: string }[];
  };
};

describe('factura de mostrador con imprenta digital', () => {
  it('nace «por emitir» sin número interno; la tarea trae el número, la fecha y hora y la imprenta, y el PDF los imprime', async () => {
    const venta = await vender();
    const [row] = await rows<{ control_number: string | null }>(t, sql`SELECT control_number FROM ventas WHERE number = ${venta.number}`);
    expect(row.control_number).toBeNull();
    const fiscal = await emitido(venta.number);
    expect(fiscal.numero_control).toMatch(/^00-0000\d{4}$/);
    expect(fake.asignados.get(fiscal.clave)?.numeroControl).toBe(fiscal.numero_control);
    // What was sent: the document's data, figures in US$ and Bs. at the sale's rate.
    const sent = JSON.parse(fake.asignados.get(fiscal.clave)?.cuerpo ?? '{}');
    expect(sent).toMatchObject({ tipo: 'factura', numero: venta.number, receptor: { identificacion: `V-${dni}` }, tasa: '40.0000' });
    expect(sent.totales.total).toEqual({ usd: '116.00', ves: '4640.00' });

    const text = await pdfDe(venta.number);
    expect(text).toMatch(new RegExp(`N° de control\\s+${fiscal.numero_control}`));
    expect(text).toMatch(/Número de control asignado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(text).toContain(IMPRENTA_FALSA_ID.razonSocial);
    expect(text).toContain(`RIF ${IMPRENTA_FALSA_ID.rif}`);
    expect(text).not.toContain('interno de la tienda');
    expect(text).not.toContain('POR EMITIR');
  });

  it('con la imprenta caída la venta se completa, queda «por emitir» en la lista del personal y sale cuando vuelve', async () => {
    fake.caer();
    let venta: Awaited<ReturnType<typeof vender>>;
    try {
      venta = await vender();
      expect(venta.controlNumber).toBeNull();
      expect(venta.controlStatus).toBe('por-emitir');
      await expect.poll(async () => (await fiscalDe(venta.number))?.intentos, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      const list = await porEmitir();
      expect(list.configurada).toBe(true);
      const listed = list.documentos.find((d) => d.numero === venta.number);
      expect(listed?.ultimoError).toContain('503');
      expect(list.total).toBeGreaterThanOrEqual(1);
      const text = await pdfDe(venta.number);
      expect(text).toMatch(/N° de control\s+por asignar/);
      expect(text).toContain('FACTURA POR EMITIR');
      expect(text).toMatch(/no es\s+la\s+factura\s+fiscal/);
    } finally {
      fake.levantar();
    }
    const fiscal = await emitido(venta.number, 30_000);
    expect([...fake.asignados.values()].filter((a) => a.numero === venta.number)).toHaveLength(1);
    expect(fiscal.numero_control).toMatch(/^00-\d{8}$/);
    expect((await porEmitir()).documentos.map((d) => d.numero)).not.toContain(venta.number);
  });

  it('una caída de varios reintentos: las facturas esperan en la cola y, al volver, salen en el orden en que se hicieron', async () => {
    fake.caer();
    const hechas: string[] = [];
    try {
      for (let i = 0; i < 3; i++) hechas.push((await vender()).number);
      // Each job tries the oldest waiting document first: that is the one whose tries pile up.
      await expect.poll(async () => (await fiscalDe(hechas[0]))?.intentos, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect((await porEmitir()).documentos.map((d) => d.numero)).toEqual(expect.arrayContaining(hechas));
    } finally {
      fake.levantar();
    }
    const numeros = [];
    for (const numero of hechas) numeros.push(Number((await emitido(numero, 30_000)).numero_control?.slice(3)));
    expect(numeros).toEqual([...numeros].sort((a, b) => a - b));
    expect(new Set(numeros).size).toBe(3);
  });

  it('respuesta perdida y respuesta tardía: el reintento de la tarea con la misma clave deja un solo número', async () => {
    fake.perderRespuesta();
    const lost = await vender();
    const a = await emitido(lost.number, 30_000);
    fake.responderTarde(2_500);
    const late = await vender();
    const b = await emitido(late.number, 30_000);
    for (const [venta, fiscal] of [
      [lost, a],
      [late, b],
    ] as const) {
      const assigned = [...fake.asignados.entries()].filter(([, v]) => v.numero === venta.number);
      expect(assigned).toEqual([[fiscal.clave, expect.objectContaining({ numeroControl: fiscal.numero_control })]]);
      expect(fiscal.intentos).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('factura de una orden web con imprenta digital', () => {
  it('el comprador no recibe la factura hasta que tiene su número; entonces le llega por correo con su PDF', async () => {
    fake.caer();
    let code = '';
    let token = '';
    let numero = '';
    try {
      const payment = { method: 'zelle', reference: 'ZIMPRENTA01', amount: '11.60', date: '2026-11-22' };
      ({ code, token } = await api.registrarOrden(
        orderBody(stocked, { payment, buyer: { email: 'comprador.imprenta@correo.com' } }),
        randomUUID(),
      ));
      await reportadoExacto(t, code);
      expect((await api.confirmarPago(code, true)).statusCode).toBe(200);
      const [factura] = await rows<{ number: string }>(
        t,
        sql`SELECT v.number FROM ventas v JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
      );
      numero = factura.number;
      expect((await fiscalDe(numero))?.estado).toBe('por-emitir');
      // The order page shows no fiscal document yet, and the «Pago confirmado» mail says it will come.
      expect((await api.estado(code, token)).json().data.document).toBeNull();
      const [mail] = await rows<{ text: string }>(
        t,
        sql`SELECT text FROM correos WHERE kind = 'orden-pago-confirmado' AND subject LIKE ${`Orden ${code}%`} ORDER BY id DESC LIMIT 1`,
      );
      expect(mail.text).toContain('esperando su número de control de la imprenta digital');
      expect(mail.text).not.toContain('/pdf?t=');
    } finally {
      fake.levantar();
    }
    const fiscal = await emitido(numero, 30_000);
    const document = (await api.estado(code, token)).json().data.document;
    expect(document).toMatchObject({ kind: 'factura', number: numero });
    await expect
      .poll(
        async () => (await rows(t, sql`SELECT id FROM correos WHERE kind = 'orden-factura' AND subject LIKE ${`Orden ${code}%`}`)).length,
      )
      .toBe(1);
    const [sent] = await rows<{ text: string; to: string }>(
      t,
      sql`SELECT text, "to" FROM correos WHERE kind = 'orden-factura' AND subject LIKE ${`Orden ${code}%`}`,
    );
    expect(sent.to).toBe('comprador.imprenta@correo.com');
    expect(sent.text).toContain(document.pdf);
    const pdf = await t.app.inject({ url: document.pdf, remoteAddress: nextIp() });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toMatch(new RegExp(`N° de control\\s+${fiscal.numero_control}`));
  });
});

// Last: it replaces this process's worker (the buyer's mail of a web order is not wired into it).
describe('un proceso que muere a mitad de la emisión', () => {
  it('el proceso muere entre la respuesta y el guardado: tras reiniciar, la misma clave trae el mismo número', async () => {
    // This process's worker stops (as if the process were gone) before the sale's job runs.
    await t.app.cola.offWork(COLAS.imprenta.name);
    const venta = await vender();
    const row = (await fiscalDe(venta.number)) as Fiscal;
    const real = createImprentaHttp({ url: fake.url, token: fake.token, timeoutMs: 2_000 });
    // The dying process: the printer answers, and it dies before its transaction commits.
    const dying: ImprentaDigital = {
      emitir: async (solicitud) => {
        await real.emitir(solicitud);
        throw new Error('SIGKILL');
      },
    };
    await expect(emitirDocumento(t.database.db, dying, row.id)).rejects.toThrow('SIGKILL');
    expect((await fiscalDe(venta.number))?.estado).toBe('por-emitir');
    const given = fake.asignados.get(row.clave)?.numeroControl;
    expect(given).toMatch(/^00-\d{8}$/);
    // The dead process had taken the sale's job: it stays active (until pg-boss expires it, minutes later).
    const table = (await t.app.cola.boss.getQueue(COLAS.imprenta.name))?.table;
    expect(table).toMatch(/^[a-z_][a-z0-9_]*$/);
    await t.database.db.execute(
      sql`UPDATE ${sql.raw(`pgboss.${table}`)} SET state = 'active', started_on = now() WHERE name = ${COLAS.imprenta.name} AND state IN ('created', 'retry')`,
    );
    // The restarted process's worker queues the newest waiting document on start and stores that same number.
    await startImprentaWorker(t.app.cola, t.database.db, real, { retrySeconds: 1 });
    const fiscal = await emitido(venta.number);
    expect(fiscal.numero_control).toBe(given);
    expect([...fake.asignados.values()].filter((v) => v.numero === venta.number)).toHaveLength(1);
    // Running the job once more (a duplicate delivery) changes nothing.
    expect(await emitirDocumento(t.database.db, real, row.id)).toBe('ya-emitido');
  });
});
