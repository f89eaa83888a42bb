// A crash while the imprenta digital answers, on a real server process and PostgreSQL (only in
// `npm run test:pg`): the printer assigns the factura's control number and the store's process is
// killed (SIGKILL) before its answer arrives. Started again on the same database, the worker asks
// again with the document's key and stores the one number the printer gave: never a second.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPostgresDatabase } from '#test/build-test-app.ts';
import { freePort, type ServerProcess, startServerProcess } from '#test/server-process.ts';
import { type ImprentaFalsa, startImprentaFalsa } from './imprenta.falsa.ts';

let fake: ImprentaFalsa;
let database: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;
let dataDir = '';
let port = 0;
let server: ServerProcess | undefined;

async function startServer(): Promise<string> {
  server = await startServerProcess(port, {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    TAREAS_INTERVALO_SEGUNDOS: '0',
    COLA_SONDEO_SEGUNDOS: '0.5',
    // The store would wait a minute for the printer: it is killed long before.
    IMPRENTA_ESPERA_SEGUNDOS: '60',
    IMPRENTA_REINTENTO_SEGUNDOS: '1',
    ...fake.env,
  });
  return server.url;
}

async function kill() {
  await server?.kill();
}

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('caida.pg.test.ts necesita DATABASE_URL');
  fake = await startImprentaFalsa({ desde: 900 });
  database = await createSeededPostgresDatabase(serverUrl);
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-caida-imprenta-'));
  port = await freePort();
}, 120_000);

afterAll(async () => {
  await kill();
  await pool?.end();
  await database?.drop();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function fiscal(numero: string) {
  const { rows } = await pool.query('SELECT estado, clave, numero_control FROM documentos_fiscales WHERE numero = $1', [numero]);
  return rows[0] as { estado: string; clave: string; numero_control: string | null } | undefined;
}

/** A counter sale of one unit of an article with free stock, now at $ 100.00, paid with $ 200 in cash (the rest is change). */
async function ventaDeMostrador(url: string): Promise<string> {
  const { rows } = await pool.query(
    `SELECT i.article_code, i.tienda_id, m.code AS model FROM inventario i JOIN tiendas t ON t.id = i.tienda_id
       JOIN articulos a ON a.code = i.article_code JOIN modelos m ON m.code = a.model_code
      WHERE m.active AND t.active AND i.quantity - i.held >= 1 ORDER BY i.article_code LIMIT 1`,
  );
  await pool.query(`UPDATE modelos SET price = '100.00', promotion = '0' WHERE code = $1`, [rows[0].model]);
  await pool.query(`UPDATE descuentos SET active = false WHERE aplicacion = 'automatico'`);
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ventas@vitrina.com.ve', password: 'Vitrina.Demo.2026', remember: false, token: true }),
  });
  expect(login.status).toBe(200);
  const token = (await login.json()).data.access_token as string;
  const sold = await fetch(`${url}/api/ventas/registrar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': 'caida-imprenta-1' },
    body: JSON.stringify({
      cliente: { dni: 'V-19777666', name: 'Cliente de la Caída' },
      tiendaId: rows[0].tienda_id,
      lines: [{ articleCode: rows[0].article_code, quantity: 1 }],
      condition: 'contado',
      payments: [{ method: 'efectivo', amount: '200.00' }],
    }),
  });
  const body = await sold.json();
  expect(sold.status, JSON.stringify(body)).toBe(201);
  return body.data.number as string;
}

describe('caída mientras la imprenta digital responde', () => {
  it('el proceso muere esperando el número; al volver, la misma clave deja la factura con ese único número', async () => {
    fake.responderTarde(120_000);
    let url = await startServer();
    const numero = await ventaDeMostrador(url);
    // The printer assigned the number; its answer is still on its way when the process dies.
    await expect.poll(() => [...fake.asignados.values()].some((a) => a.numero === numero), { timeout: 30_000 }).toBe(true);
    await kill();
    const waiting = await fiscal(numero);
    expect(waiting?.estado).toBe('por-emitir');
    const given = fake.asignados.get(waiting?.clave ?? '')?.numeroControl;
    expect(given).toMatch(/^00-\d{8}$/);

    url = await startServer();
    await expect.poll(async () => (await fiscal(numero))?.estado, { timeout: 60_000, interval: 200 }).toBe('emitido');
    expect((await fiscal(numero))?.numero_control).toBe(given);
    expect([...fake.asignados.values()].filter((a) => a.numero === numero)).toHaveLength(1);
    expect(fake.llamadas()).toBeGreaterThanOrEqual(2);
    const { rows } = await pool.query('SELECT control_number FROM ventas WHERE number = $1', [numero]);
    expect(rows[0].control_number).toBeNull();
  }, 180_000);
});
