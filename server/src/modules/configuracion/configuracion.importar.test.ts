// The catalogue sheet through the API: who may import and export, every bad file answered with
// 413 or 422 (never 500), the preview's counts and its report by row and column, nothing applied
// while a row is wrong unless the valid rows are asked for, the history and the stock ledger
// written under one batch, the fingerprint, and the export that reads back unchanged.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportacionAplicada, VistaPreviaImportacion } from '#domain/contracts/configuracion-importar.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { asBearer, demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import { limpiarSubidas } from './configuracion.importar.service.ts';

let t: TestApp;
let dataDir: string;
const tokens = new Map<string, string>();
let driver: ReturnType<typeof ordenesDriver>;
let stores: { id: number; code: string }[] = [];
/** Active models with at least two sizes, and their articles. */
let models: { code: string; price: string; promotion: string; articles: string[]; lineCode: string; subLineCode: string }[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-importar-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  driver = ordenesDriver(t);
  for (const role of ['inventario', 'admin', 'despacho', 'cliente']) tokens.set(role, (await loginAs(t.app, demoEmail(role))).token);
  stores = await rows(t, sql`SELECT id, code FROM tiendas WHERE active ORDER BY id`);
  const found = await rows<{ code: string; price: string; promotion: string; articles: string[]; line_code: string; sub_code: string }>(
    t,
    sql`SELECT m.code, m.price::text AS price, m.promotion::text AS promotion, l.code AS line_code, s.code AS sub_code,
               array_agg(a.code ORDER BY a.code) AS articles
          FROM modelos m JOIN articulos a ON a.model_code = m.code
          JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
         WHERE m.active GROUP BY m.code, l.code, s.code HAVING count(*) >= 2 ORDER BY m.code LIMIT 12`,
  );
  models = found.map((m) => ({ ...m, lineCode: m.line_code, subLineCode: m.sub_code }));
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function multipart(filename: string, bytes: Buffer, field = 'archivo') {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(filename: string, bytes: Buffer, role = 'inventario', headers: Record<string, string> = {}) {
  const { body, contentType } = multipart(filename, bytes);
  const response = await t.app.inject(
    asBearer(tokens.get(role) ?? '', {
      method: 'POST',
      url: '/api/configuracion/importar-productos',
      remoteAddress: nextIp(),
      headers: { 'content-type': contentType, accept: 'application/json', ...headers },
      payload: body,
    }),
  );
  return response;
}

async function preview(filename: string, bytes: Buffer): Promise<VistaPreviaImportacion> {
  const response = await upload(filename, bytes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function apply(body: object, role = 'inventario') {
  return driver.call(role, 'POST', '/api/configuracion/importar-productos/aplicar', body);
}

/** A CSV as a spreadsheet set to Spanish writes it. */
function csv(lines: (string | number)[][], separator = ';', encoding: BufferEncoding = 'utf8', bom = false): Buffer {
  const text = lines.map((l) => l.join(separator)).join('\r\n');
  return Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, encoding)]);
}

async function xlsx(lines: (string | number | null)[][], before: string[][] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Artículos');
  for (const line of before) sheet.addRow(line);
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function stockOf(article: string, tiendaId: number) {
  const [row] = await rows<{ quantity: number; held: number }>(
    t,
    sql`SELECT quantity, held FROM inventario WHERE article_code = ${article} AND tienda_id = ${tiendaId}`,
  );
  return row?.quantity ?? 0;
}

async function modelOf(code: string) {
  const [row] = await rows<{ name: string; price: string; promotion: string }>(
    t,
    sql`SELECT name, price::text AS price, promotion::text AS promotion FROM modelos WHERE code = ${code}`,
  );
  return row;
}

/**
 * The file with the compressed bytes of one of its parts overwritten: the unzipper fails on them. A
 * fixed offset (a third of the file) was flaky: the workbook's timestamps move its parts, and now and
 * then the damage fell where the reader does not look (it reads the workbook, its relations, the
 * shared strings and the first worksheet, nothing else). Damage to the worksheet or to
 * xl/workbook.xml used to stall exceljs's streaming reader.
 */
function damaged(bytes: Buffer, part: string): Buffer {
  const copy = Buffer.from(bytes);
  const name = Buffer.from(part);
  let at = copy.indexOf(name);
  while (at >= 0 && copy.readUInt32LE(at - 30) !== 0x04034b50) at = copy.indexOf(name, at + 1);
  if (at < 0) throw new Error(`el XLSX de prueba no tiene ${part}`);
  const data = at + name.length + copy.readUInt16LE(at - 2);
  copy.fill(0x41, data, data + 60);
  return copy;
}

/** The uploads kept on the server. */
async function kept(): Promise<string[]> {
  return (await readdir(path.join(dataDir, 'importaciones')).catch(() => [])).sort();
}

/**
 * A zip of stored (uncompressed) files; those named in `deflated` are deflated, and `declared` gives
 * the uncompressed size the central directory claims for an entry (a lie, for a zip bomb).
 */
function storedZip(
  files: Record<string, string>,
  { deflated = [], declared = {} }: { deflated?: string[]; declared?: Record<string, number> } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const raw = Buffer.from(text);
    const deflate = deflated.includes(name);
    const data = deflate ? zlib.deflateRawSync(raw) : raw;
    const method = deflate ? 8 : 0;
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(raw);
    const size = declared[name] ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (text: string) => Math.round(Number(text) * 100);

describe('quién importa y exporta', () => {
  it('admin e inventario; un cliente o despacho reciben 403 y sin sesión 401', async () => {
    const bytes = csv([
      ['Código', 'Precio'],
      [models[0].articles[0], '10,00'],
    ]);
    for (const [role, status] of [
      ['inventario', 200],
      ['admin', 200],
      ['despacho', 403],
      ['cliente', 403],
    ] as const) {
      expect((await upload('hoja.csv', bytes, role)).statusCode, role).toBe(status);
      expect((await driver.call(role, 'GET', '/api/configuracion/exportar-productos?formato=csv&lineaId=1')).statusCode, role).toBe(status);
    }
    const { body, contentType } = multipart('hoja.csv', bytes);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/configuracion/importar-productos',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/configuracion/exportar-productos' })).statusCode).toBe(401);
  });
});

describe('archivos que no sirven: 413 o 422 con su motivo, nunca 500', () => {
  it('cada archivo malo recibe su mensaje en español y no queda nada guardado', async () => {
    const before = await kept();
    const realXlsx = await xlsx([
      ['Código', 'Precio'],
      ['X', 1],
    ]);
    const cases: [string, Buffer, number, string][] = [
      ['vacia.csv', Buffer.alloc(0), 422, 'El archivo está vacío.'],
      ['foto.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 422, 'El archivo no es una hoja de cálculo'],
      ['binario.xlsx', Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)), 422, 'no es una hoja de cálculo'],
      ['informe.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 422, 'Este archivo es un PDF.'],
      ['viejo.xls', Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex'), 422, 'Excel 97-2003 (.xls)'],
      ['cortado.xlsx', realXlsx.subarray(0, Math.floor(realXlsx.length / 2)), 422, 'El archivo XLSX está dañado'],
      ['basura.xlsx', Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(500, 7)]), 422, 'El archivo XLSX está dañado'],
      ['notas.zip', storedZip({ 'notas.txt': 'hola' }), 422, 'no contiene un libro de Excel'],
      [
        'xml-roto.xlsx',
        storedZip({
          'xl/workbook.xml': '<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets>',
          'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Código</t></is></c></row><row',
        }),
        422,
        // exceljs reads what it can of a cut XML: the header alone is not enough.
        'Fila 1 (títulos)',
      ],
      ['golpeado.xlsx', damaged(realXlsx, 'xl/sharedStrings.xml'), 422, 'El archivo XLSX'],
      [
        'otras.csv',
        csv([
          ['Nombre', 'Apellido'],
          ['Ana', 'Pérez'],
        ]),
        422,
        'No se encontró la fila de títulos',
      ],
      ['sin-filas.csv', csv([['Código', 'Precio']]), 422, 'La hoja no tiene filas de artículos'],
      [
        'tienda.csv',
        csv([
          ['Código', 'Existencia ZZZ'],
          ['A', 1],
        ]),
        422,
        '«Existencia ZZZ» nombra una tienda que no existe',
      ],
      [
        'doble.csv',
        csv([
          ['Código', 'Precio', 'Precio USD'],
          ['A', 1, 2],
        ]),
        422,
        'La columna Precio está dos veces',
      ],
      ['comillas.csv', Buffer.from('Código;Precio\r\n"DBLU;1\r\n'), 422, 'comillas sin cerrar'],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await upload(name, bytes);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json().message, name).toContain(message);
      expect(response.json().errors.archivo, name).toEqual([response.json().message]);
    }
    // Also a body that is not multipart, or a form without the file.
    const json = await driver.call('inventario', 'POST', '/api/configuracion/importar-productos', {});
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.archivo).toEqual(['Envíe la hoja como multipart/form-data, en el campo «archivo».']);
    const { body, contentType } = multipart('hoja.csv', csv([['Código']]), 'otro');
    const noFile = await t.app.inject(
      asBearer(tokens.get('inventario') ?? '', {
        method: 'POST',
        url: '/api/configuracion/importar-productos',
        headers: { 'content-type': contentType },
        payload: body,
      }),
    );
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().message).toBe('Elija la hoja (XLSX o CSV) que desea importar.');
    expect(await kept()).toEqual(before);
  });

  it('un XLSX con la hoja o el libro (xl/workbook.xml) dañados por dentro recibe un 422 enseguida, y el siguiente se lee', async () => {
    const before = await kept();
    const lines = [['Código', 'Precio'], ...models.slice(0, 6).map((m) => [m.articles[0], 10])];
    const realXlsx = await xlsx(lines);
    for (const part of ['xl/worksheets/sheet1.xml', 'xl/workbook.xml']) {
      const response = await upload('dañado.xlsx', damaged(realXlsx, part));
      expect(response.statusCode, `${part}: ${response.body}`).toBe(422);
      expect(response.json().message, part).toBe(
        'El archivo XLSX está dañado o no se puede leer: ábralo en Excel, guárdelo de nuevo y vuelva a subirlo.',
      );
    }
    expect(await kept()).toEqual(before);
    const good = await preview('sana.xlsx', realXlsx);
    expect(good.file.sheet).toBe('Artículos');
    expect(good.total).toBe(6);
    // Before, exceljs waited for the damaged part for ever and the request never answered.
  }, 10_000);

  it('un XLSX cuyos textos se inflan a más de 64 MB aunque el zip declare 1 KB: 413 al contar lo inflado, y el servidor sigue', async () => {
    const before = await kept();
    const bomb = storedZip(
      {
        'xl/workbook.xml': '<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>',
        'xl/sharedStrings.xml': `<sst><si><t>${'A'.repeat(70 * 1024 * 1024)}</t></si></sst>`,
        'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
      },
      { deflated: ['xl/sharedStrings.xml'], declared: { 'xl/sharedStrings.xml': 1024 } },
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await upload('bomba.xlsx', bomb);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe('Los textos del libro descomprimidos ocupan más de 64 MB: divídalo en varios archivos.');
    expect(await kept()).toEqual(before);
    const lines = [['Código', 'Precio'], ...models.slice(0, 2).map((m) => [m.articles[0], 10])];
    expect((await preview('despues.xlsx', await xlsx(lines))).total).toBe(2);
  });

  it('una hoja de más de 20 MB es un 413; una de más de 100.000 filas también', async () => {
    const before = await kept();
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
    const tooBig = await upload('grande.csv', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('La hoja pesa más de 20 MB: divídala en varios archivos o quite columnas que no se importan.');
    const lines = ['Código;Precio'];
    for (let i = 0; i <= 100_000; i++) lines.push(`A${i};1`);
    const many = await upload('muchas.csv', Buffer.from(lines.join('\n')));
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe('La hoja tiene más de 100.000 filas de artículos: divídala en varios archivos.');
    expect(await kept()).toEqual(before);
  });

  it('sin JavaScript, el formulario vuelve a la página: con la vista previa o con el motivo', async () => {
    const good = await upload(
      'hoja.csv',
      csv([
        ['Código', 'Precio'],
        [models[0].articles[0], '1'],
      ]),
      'inventario',
      { accept: 'text/html' },
    );
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toMatch(/^\/dashboard\/configurar\/productos\/importar\?vista=[0-9a-f-]{36}$/);
    const bad = await upload('hoja.csv', Buffer.alloc(0), 'inventario', { accept: 'text/html' });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe('/dashboard/configurar/productos/importar?subida=422');
  });
});

describe('vista previa', () => {
  it('XLSX con un título encima: cuenta nuevas, que cambian, sin cambios y con errores, y nombra cada error por fila y columna', async () => {
    const [m0, m1] = models;
    const [s0, s1] = stores;
    const before0 = await stockOf(m0.articles[0], s0.id);
    const bytes = await xlsx(
      [
        ['Código', 'Descripción', 'Precio USD', 'Promoción USD', `Existencia ${s0.code}`, `Existencia ${s1.code}`, 'Notas'],
        [m0.articles[0], null, cents(m0.price) / 100 + 1, null, before0 + 3, null, 'sube'],
        [m0.articles[1], null, null, null, null, null, null],
        [m1.articles[0], null, 'doce', null, null, null, null],
        [`${m0.code}ZZ`, null, null, null, 1, null, null],
        [m1.articles[1], null, null, null, -2, null, null],
      ],
      [['Listado de artículos'], []],
    );
    const result = await preview('catalogo.xlsx', bytes);
    expect(result).toMatchObject({
      file: { name: 'catalogo.xlsx', format: 'xlsx', sheet: 'Artículos', encoding: null, separator: null },
      columns: { ignored: ['Notas'], stores: [s0.code, s1.code] },
      total: 5,
      created: 0,
      changed: 1,
      unchanged: 1,
      invalid: 3,
      errorsTotal: 3,
    });
    expect(result.errors).toEqual([
      { row: 6, column: 'Precio USD', message: 'El precio no es un monto válido: «doce» (ejemplo: 19,99 o 19.99).' },
      { row: 7, column: 'Código', message: `El artículo ${m0.code}ZZ no existe y su talla ZZ tampoco.` },
      { row: 8, column: `Existencia ${s0.code}`, message: `La existencia de ${s0.code} no puede ser negativa.` },
    ]);
    expect(result.rows).toEqual([
      {
        row: 4,
        articleCode: m0.articles[0],
        status: 'cambia',
        changes: [
          { field: 'precio', tienda: null, before: m0.price, after: money(cents(m0.price) + 100) },
          { field: 'existencia', tienda: s0.code, before: String(before0), after: String(before0 + 3) },
        ],
      },
    ]);
    expect(result.huella).toMatch(/^[0-9a-f]{64}$/);
    // The preview can be read again by its id (the page after a reload), only by who uploaded it.
    const again = await driver.call('inventario', 'GET', `/api/configuracion/importar-productos/${result.id}`);
    expect(again.json().data).toEqual(result);
    const other = await driver.call('admin', 'GET', `/api/configuracion/importar-productos/${result.id}`);
    expect(other.statusCode).toBe(404);
  });

  it('CSV en Latin-1 con ; y coma decimal, y CSV en UTF-8 con BOM separado por comas, se leen igual', async () => {
    const m = models[2];
    const newPrice = cents(m.price) + 250;
    const latin = await preview(
      'profit.csv',
      csv(
        [
          ['Código', 'Descripción', 'Precio', 'Promoción'],
          [m.articles[0], 'Camisón Mérida', money(newPrice).replace('.', ','), '0,00'],
        ],
        ';',
        'latin1',
      ),
    );
    expect(latin.file).toMatchObject({ format: 'csv', encoding: 'windows-1252', separator: ';' });
    expect(latin.errors).toEqual([]);
    expect(latin.rows[0].changes).toContainEqual({ field: 'nombre', tienda: null, before: expect.any(String), after: 'Camisón Mérida' });
    expect(latin.rows[0].changes).toContainEqual({ field: 'precio', tienda: null, before: m.price, after: money(newPrice) });
    const utf8 = await preview(
      'excel.csv',
      csv(
        [
          ['Código', 'Descripción', 'Precio', 'Promoción'],
          [m.articles[0], 'Camisón Mérida', money(newPrice), '0.00'],
        ],
        ',',
        'utf8',
        true,
      ),
    );
    expect(utf8.file).toMatchObject({ encoding: 'utf-8', separator: ',' });
    expect(utf8.huella).toBe(latin.huella);
  });
});

describe('aplicar', () => {
  it('con una fila mala no se aplica nada; con «solo las válidas» se aplican las buenas en una transacción, con historial y libro del mismo lote', async () => {
    const [, , , m3, m4] = models;
    const store = stores[0];
    const before = { m3: await modelOf(m3.code), m4: await modelOf(m4.code), stock: await stockOf(m3.articles[0], store.id) };
    const newPrice3 = cents(m3.price) + 500;
    const bytes = csv([
      ['Código', 'Precio USD', 'Promoción USD', `Existencia ${store.code}`],
      [m3.articles[0], money(newPrice3).replace('.', ','), '1,00', before.stock + 7],
      [m3.articles[1], '', '', ''],
      [m4.articles[0], '0', '', ''],
    ]);
    const result = await preview('hoja.csv', bytes);
    expect(result).toMatchObject({ total: 3, changed: 1, unchanged: 1, invalid: 1 });
    expect(result.errors).toEqual([{ row: 4, column: 'Precio USD', message: 'El precio debe ser mayor que cero.' }]);

    const refused = await apply({ id: result.id, huella: result.huella });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'La hoja tiene 1 fila con errores y no se aplicó nada: corríjalas y súbala de nuevo, o elija «Aplicar solo las filas válidas».',
    );
    expect(await modelOf(m3.code)).toEqual(before.m3);
    expect(await stockOf(m3.articles[0], store.id)).toBe(before.stock);

    const applied = await apply({ id: result.id, huella: result.huella, soloValidas: true });
    expect(applied.statusCode, applied.body).toBe(200);
    const data = applied.json().data as ImportacionAplicada;
    expect(data).toMatchObject({
      total: 3,
      changed: 1,
      unchanged: 1,
      invalid: 1,
      skipped: 1,
      models: { created: 0, updated: 1 },
      articles: { created: 0 },
      movements: 1,
      history: 2,
    });
    expect(await modelOf(m3.code)).toMatchObject({ price: money(newPrice3), promotion: '1.00' });
    expect(await modelOf(m4.code)).toEqual(before.m4);
    expect(await stockOf(m3.articles[0], store.id)).toBe(before.stock + 7);

    const history = await rows<{ field: string; old_value: string; new_value: string; source: string; batch: string; user_id: number }>(
      t,
      sql`SELECT field, old_value, new_value, source, batch, user_id FROM catalogo_historial WHERE batch = ${data.batch} ORDER BY id`,
    );
    expect(history.map((h) => [h.field, h.old_value, h.new_value, h.source])).toEqual([
      ['precio', before.m3.price, money(newPrice3), 'importacion'],
      ['promocion', before.m3.promotion, '1.00', 'importacion'],
    ]);
    const ledger = await rows<{ kind: string; quantity: number; balance: number; reference: string; note: string }>(
      t,
      sql`SELECT kind, quantity, balance, reference, note FROM movimientos_inventario WHERE reference = ${data.batch}`,
    );
    expect(ledger).toEqual([
      { kind: 'conteo', quantity: 7, balance: before.stock + 7, reference: data.batch, note: 'Importación de «hoja.csv»' },
    ]);
    const [sum] = await rows<{ total: number }>(
      t,
      sql`SELECT coalesce(sum(quantity), 0)::int AS total FROM movimientos_inventario WHERE article_code = ${m3.articles[0]} AND tienda_id = ${store.id}`,
    );
    expect(sum.total).toBe(before.stock + 7);

    // Applied once: the upload is gone.
    const twice = await apply({ id: result.id, huella: result.huella, soloValidas: true });
    expect(twice.statusCode).toBe(404);
  });

  it('crea un modelo con sus tallas desde la hoja, y agrega una talla a un modelo existente', async () => {
    const [line] = await rows<{ line: string; sub: string; sublinea_id: number }>(
      t,
      sql`SELECT l.code AS line, s.code AS sub, s.id AS sublinea_id FROM sublineas s JOIN lineas l ON l.id = s.linea_id ORDER BY s.id LIMIT 1`,
    );
    const [size1, size2] = await rows<{ code: string }>(t, sql`SELECT code FROM tallas ORDER BY position LIMIT 2`);
    const [missing] = await rows<{ model: string; size: string }>(
      t,
      sql`SELECT m.code AS model, ta.code AS size FROM modelos m CROSS JOIN tallas ta
           WHERE NOT EXISTS (SELECT 1 FROM articulos a WHERE a.model_code = m.code AND a.size_code = ta.code)
           ORDER BY m.code, ta.position LIMIT 1`,
    );
    const store = stores[0];
    const code = 'IMPT900NEGR';
    const bytes = csv([
      ['Código', 'Descripción', 'Línea', 'Sub-línea', 'Precio USD', `Existencia ${store.code}`],
      [`${code}${size1.code}`, 'Modelo importado', line.line, line.sub, '33,50', 4],
      [`${code}${size2.code}`, '', '', '', '', ''],
      [`${missing.model}${missing.size}`, '', '', '', '', 2],
    ]);
    const result = await preview('nuevos.csv', bytes);
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ total: 3, created: 3, changed: 0, unchanged: 0, invalid: 0 });
    const applied = await apply({ id: result.id, huella: result.huella });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ models: { created: 1, updated: 0 }, articles: { created: 3 }, movements: 2 });
    const detail = await driver.call('inventario', 'GET', `/api/configuracion/detalles-producto/${code}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ name: 'Modelo importado', price: '33.50', promotion: '0.00', subLineCode: line.sub });
    expect(detail.json().data.articles.map((a: { code: string; onHand: number }) => [a.code, a.onHand])).toEqual([
      [`${code}${size1.code}`, 4],
      [`${code}${size2.code}`, 0],
    ]);
    const history = (await driver.call('inventario', 'GET', `/api/configuracion/historial?modelo=${code}`)).json().data;
    expect(history.map((h: { field: string; source: string }) => [h.field, h.source])).toEqual([
      ['tallas', 'importacion'],
      ['precio', 'importacion'],
      ['creado', 'importacion'],
    ]);
    const search = await t.app.inject({ url: '/api/configuracion/buscar-productos?search=importado' });
    expect(search.statusCode).toBe(401);
    const found = await driver.call('inventario', 'GET', '/api/configuracion/buscar-productos?search=importado');
    expect(found.json().data.map((p: { code: string }) => p.code)).toEqual([code]);
    expect(await stockOf(`${missing.model}${missing.size}`, store.id)).toBe(2);
  });

  it('si el catálogo cambió desde la vista previa, aplicar se rechaza; otra persona no puede aplicar la vista previa ajena', async () => {
    const m = models[5];
    const result = await preview(
      'hoja.csv',
      csv([
        ['Código', 'Precio'],
        [m.articles[0], money(cents(m.price) + 100)],
      ]),
    );
    expect((await apply({ id: result.id, huella: result.huella }, 'admin')).statusCode).toBe(404);
    const edit = await driver.call('admin', 'PATCH', '/api/configuracion/actualizar-producto', {
      code: m.code,
      price: money(cents(m.price) + 50),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await apply({ id: result.id, huella: result.huella });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(
      'El catálogo o la existencia cambiaron desde la vista previa: revise la vista previa de nuevo antes de aplicar.',
    );
    const badHuella = await apply({ id: result.id, huella: 'x' });
    expect(badHuella.statusCode).toBe(422);
    const nothing = await preview(
      'igual.csv',
      csv([
        ['Código', 'Precio'],
        [m.articles[0], money(cents(m.price) + 50)],
      ]),
    );
    expect(nothing).toMatchObject({ total: 1, unchanged: 1 });
    const refused = await apply({ id: nothing.id, huella: nothing.huella });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('La hoja no cambia nada del catálogo ni de la existencia.');
  });
});

describe('exportar', () => {
  it('XLSX y CSV con los filtros de la lista: un artículo por fila, su precio y su existencia por tienda; se vuelve a importar sin cambios', async () => {
    const m = models[6];
    const lineaId = (await rows<{ id: number }>(t, sql`SELECT id FROM lineas WHERE code = ${m.lineCode}`))[0].id;
    const response = await driver.call('inventario', 'GET', `/api/configuracion/exportar-productos?formato=xlsx&lineaId=${lineaId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="catalogo_\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Código',
      'Descripción',
      'Línea',
      'Sub-línea',
      'Color',
      'Talla',
      'Precio USD',
      'Promoción USD',
      ...(await rows<{ code: string }>(t, sql`SELECT code FROM tiendas ORDER BY id`)).map((s) => `Existencia ${s.code}`),
    ]);
    const lines: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) lines.push((row.values as unknown[]).slice(1));
    });
    const [expected] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM articulos a JOIN modelos m ON m.code = a.model_code JOIN sublineas s ON s.id = m.sublinea_id
           WHERE s.linea_id = ${lineaId}`,
    );
    expect(lines).toHaveLength(expected.n);
    expect(lines.every((l) => l[2] === m.lineCode)).toBe(true);
    const mine = lines.find((l) => l[0] === m.articles[0]);
    expect(mine?.[6]).toBe(Number((await modelOf(m.code)).price));
    expect(mine?.[8]).toBe(await stockOf(m.articles[0], stores[0].id));

    const csvResponse = await driver.call('inventario', 'GET', `/api/configuracion/exportar-productos?formato=csv&lineaId=${lineaId}`);
    expect(csvResponse.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvResponse.body.startsWith('\uFEFFCódigo;Descripción;Línea;Sub-línea;Color;Talla;Precio USD;Promoción USD;Existencia')).toBe(
      true,
    );
    for (const [name, bytes] of [
      ['export.xlsx', response.rawPayload],
      ['export.csv', csvResponse.rawPayload],
    ] as const) {
      const back = await preview(name, bytes);
      expect(back, name).toMatchObject({ total: expected.n, created: 0, changed: 0, unchanged: expected.n, invalid: 0 });
      expect(back.columns.ignored).toEqual(['Color', 'Talla']);
    }
  });

  it('la hoja de ejemplo se descarga en XLSX (con instrucciones) y CSV y su vista previa no tiene errores', async () => {
    for (const formato of ['xlsx', 'csv']) {
      const response = await driver.call('inventario', 'GET', `/api/configuracion/importar-productos/ejemplo?formato=${formato}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="ejemplo-importacion.${formato}"`);
      const result = await preview(`ejemplo.${formato}`, response.rawPayload);
      expect(result.errors, formato).toEqual([]);
      expect(result, formato).toMatchObject({ created: 2, invalid: 0 });
      expect(result.total).toBeGreaterThanOrEqual(3);
    }
    const bad = await driver.call('inventario', 'GET', '/api/configuracion/importar-productos/ejemplo?formato=pdf');
    expect(bad.statusCode).toBe(422);
  });

  it('las hojas que nadie aplicó se borran después de una hora', async () => {
    await preview(
      'olvidada.csv',
      csv([
        ['Código', 'Precio'],
        [models[0].articles[0], '9'],
      ]),
    );
    expect((await readdir(path.join(dataDir, 'importaciones'))).length).toBeGreaterThan(0);
    await limpiarSubidas(dataDir, Date.now() + 61 * 60_000);
    expect(await readdir(path.join(dataDir, 'importaciones'))).toEqual([]);
  });
});
