// The receipt of a reported payment: the buyer attaches a picture with the order's link; only a real
// JPEG, PNG or WebP of up to 5 MB is taken, re-encoded without metadata under a random name; staff
// who check payments read it, nobody else.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver, type Registered } from '#test/driver.ts';
import { orderBody, otroComprador, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let dataDir: string;
let stocked: StockedArticle;
let reported: Registered;
let buyer = 60;

const NOT_FOUND = 'No encontramos una orden con ese código y esos datos.';

/** A photo as a phone takes it: JPEG with EXIF (camera and place). */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1600, channels: 3, background: { r: 240, g: 240, b: 235 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Telefono', Model: 'Prueba 1' } })
    .toBuffer();
}

function multipart(bytes: Buffer, filename: string, type: string, field = 'comprobante') {
  const boundary = '----vitrina-prueba';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(code: string, token: string | undefined, bytes: Buffer, filename = 'comprobante.jpg', type = 'image/jpeg') {
  const query = token === undefined ? '' : `?t=${token}`;
  return t.app.inject({
    method: 'POST',
    url: `/api/orden-compra/comprobante/${code}${query}`,
    remoteAddress: nextIp(),
    ...multipart(bytes, filename, type),
  });
}

const stored = async () => (await readdir(path.join(dataDir, 'comprobantes')).catch(() => [])).filter((f) => !f.endsWith('.tmp'));

async function newOrder(payment: Record<string, unknown>): Promise<Registered> {
  return api.registrarOrden(orderBody(stocked, { buyer: otroComprador(buyer++), payment }), `comprobante-${buyer}-xxxx`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-comprobantes-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 30);
  reported = await newOrder({ method: 'zelle', reference: 'ZCOMPROB01', amount: '10.00', date: '2026-11-20' });
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('comprobante del pago reportado', () => {
  it('con el enlace de la orden se adjunta: se guarda como WebP sin metadatos con un nombre aleatorio, y el personal lo ve', async () => {
    const response = await upload(reported.code, reported.token, await phonePhoto(), '../../foto.jpg');
    expect(response.statusCode).toBe(201);
    const { paymentId } = response.json().data;
    expect(response.json().data).toEqual({ code: reported.code, paymentId: expect.any(Number) });

    const files = await stored();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.webp$/);
    const bytes = await readFile(path.join(dataDir, 'comprobantes', files[0]));
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBeLessThanOrEqual(1400);

    const status = await api.estado(reported.code, reported.token);
    expect(status.json().data.receiptSent).toBe(true);
    const detail = await api.detalle(reported.code, 'administracion');
    expect(detail.json().data.payments).toEqual([expect.objectContaining({ id: paymentId, receipt: true })]);

    const url = `/api/orden-compra/pagos/${paymentId}/comprobante`;
    const seen = await api.call('administracion', 'GET', url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.rawPayload.equals(bytes)).toBe(true);
    expect((await api.call('anonimo', 'GET', url)).statusCode).toBe(401);
    expect((await api.call('cliente', 'GET', url)).statusCode).toBe(403);
    expect((await api.call('despacho', 'GET', url)).statusCode).toBe(403);
    // A buyer's bank data is for those who confirm payments (docs/dominio.md §Roles): not for sales.
    expect((await api.call('vendedor-admin', 'GET', url)).statusCode).toBe(403);
    const check = await api.call('vendedor-admin', 'GET', '/api/orden-compra/vrificar-referencia?method=zelle&reference=ZCOMPROB01');
    expect(check.statusCode).toBe(403);
    const none = await api.call('administracion', 'GET', '/api/orden-compra/pagos/999999/comprobante');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Este pago no tiene comprobante.');
  });

  it('sin el enlace o con uno ajeno, la misma respuesta que un código desconocido', async () => {
    const photo = await phonePhoto();
    for (const [code, token] of [
      [reported.code, undefined],
      [reported.code, 'a'.repeat(32)],
      ['OC-999999', reported.token],
    ] as const) {
      const response = await upload(code, token, photo);
      expect(response.statusCode, `${code} ${token}`).toBe(404);
      expect(response.json()).toEqual({ success: false, message: NOT_FOUND });
    }
    expect(await stored()).toHaveLength(1);
  });

  it('un PDF o un SVG con nombre de foto, un archivo vacío o uno de más de 5 MB: 422 bajo «comprobante», nada cambia', async () => {
    const before = await stored();
    const cases: [Buffer, string, string, string][] = [
      [Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj'), 'pago.jpg', 'image/jpeg', 'El comprobante debe ser una imagen JPEG, PNG o WebP'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'pago.png', 'image/png', 'JPEG, PNG o WebP'],
      [Buffer.alloc(0), 'pago.jpg', 'image/jpeg', 'Elija la imagen del comprobante'],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]), 'grande.jpg', 'image/jpeg', 'pesa más de 5 MB'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), 'rota.jpg', 'image/jpeg', 'dañada'],
    ];
    for (const [bytes, name, type, message] of cases) {
      const response = await upload(reported.code, reported.token, bytes, name, type);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors.comprobante[0], name).toContain(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('una orden sin pago reportado no recibe comprobante (400), y no queda archivo', async () => {
    const pending = await newOrder({ method: 'pago-pendiente' });
    const before = await stored();
    const response = await upload(pending.code, pending.token, await phonePhoto());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Esta orden no tiene un pago reportado por confirmar: reporte primero el pago y luego adjunte su comprobante.',
    );
    expect(await stored()).toEqual(before);
  });

  it('una imagen de más de 24 megapíxeles se rechaza sin decodificarla; sin pago reportado, ni se mira', async () => {
    // 6.000 × 5.000: a few KB of PNG that would take 30 million pixels (120 MB) to decode.
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const before = await stored();
    const refused = await upload(reported.code, reported.token, huge, 'enorme.png', 'image/png');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.comprobante[0]).toBe(
      'La imagen del comprobante es demasiado grande (más de 24 megapíxeles): envíe una captura de pantalla o una foto más pequeña.',
    );
    // An order with no payment to attach it to answers that first, before any picture is read.
    const pending = await newOrder({ method: 'pago-pendiente' });
    const unpaid = await upload(pending.code, pending.token, huge, 'enorme.png', 'image/png');
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toContain('no tiene un pago reportado por confirmar');
    expect(await stored()).toEqual(before);
  });

  it('un segundo comprobante reemplaza al primero', async () => {
    const [first] = await stored();
    const response = await upload(reported.code, reported.token, await phonePhoto());
    expect(response.statusCode).toBe(201);
    const files = await stored();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(first);
  });

  it('sin JavaScript (un formulario de la página): 303 de vuelta a la orden con comprobante=enviado o =rechazado', async () => {
    const order = await newOrder({ method: 'zelle', reference: 'ZSINJS0001', amount: '10.00', date: '2026-11-20' });
    const volver = `/orden/${order.code}?t=${order.token}`;
    const post = (bytes: Buffer, filename: string, type: string, back: string, accept = 'text/html,application/xhtml+xml') =>
      t.app.inject({
        method: 'POST',
        url: `/api/orden-compra/comprobante/${order.code}?t=${order.token}&volver=${encodeURIComponent(back)}`,
        remoteAddress: nextIp(),
        ...multipart(bytes, filename, type),
        headers: { ...multipart(bytes, filename, type).headers, accept },
      });
    const before = (await stored()).length;
    const refused = await post(Buffer.from('%PDF-1.7 no es una imagen'), 'pago.jpg', 'image/jpeg', volver);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`${volver}&comprobante=rechazado`);
    expect((await stored()).length).toBe(before);

    const sent = await post(await phonePhoto(), 'pago.jpg', 'image/jpeg', volver);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${volver}&comprobante=enviado`);
    expect((await stored()).length).toBe(before + 1);

    // Only the store's own order pages: anywhere else is refused before anything is read or kept.
    for (const elsewhere of ['https://otro.example/robo', '//otro.example/x', '/dashboard/venta']) {
      const response = await post(await phonePhoto(), 'pago.jpg', 'image/jpeg', elsewhere);
      expect(response.statusCode, elsewhere).toBe(422);
      expect(response.json().errors.volver, elsewhere).toEqual(['La página de regreso no es válida']);
    }
    // A refusal of the order itself (a wrong link) also goes back, without saying which order exists.
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/orden-compra/comprobante/${order.code}?t=errado&volver=${encodeURIComponent(volver)}`,
      remoteAddress: nextIp(),
      ...multipart(await phonePhoto(), 'pago.jpg', 'image/jpeg'),
      headers: { ...multipart(await phonePhoto(), 'pago.jpg', 'image/jpeg').headers, accept: 'text/html' },
    });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe(`${volver}&comprobante=rechazado`);
    // The page's script asks for JSON: the answer is the JSON one even with a return page.
    const json = await post(await phonePhoto(), 'pago.jpg', 'image/jpeg', volver, 'application/json');
    expect(json.statusCode).toBe(201);
    expect(json.json().data.code).toBe(order.code);
  });
});
